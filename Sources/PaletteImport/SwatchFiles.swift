import CZlib
import FoundationEssentials
import Glibc
import PaletteCore

/// Bounds-checked reading of a byte array: every read past the end is `truncated`.
struct ByteReader {
    let bytes: [UInt8]
    var offset: Int
    let source: ImportSource

    init(_ bytes: [UInt8], at offset: Int = 0, _ source: ImportSource) {
        self.bytes = bytes
        self.offset = offset
        self.source = source
    }

    var remaining: Int { bytes.count - offset }

    mutating func take(_ n: Int) throws(ImportFailure) -> ArraySlice<UInt8> {
        guard n >= 0, n <= remaining else { throw .truncated(source) }
        defer { offset += n }
        return bytes[offset..<(offset + n)]
    }

    mutating func u8() throws(ImportFailure) -> UInt8 { try take(1).first! }

    mutating func u16be() throws(ImportFailure) -> Int {
        let b = try take(2)
        return Int(b[b.startIndex]) << 8 | Int(b[b.startIndex + 1])
    }

    mutating func u32be() throws(ImportFailure) -> Int {
        let b = Array(try take(4))
        return Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
    }

    mutating func u16le() throws(ImportFailure) -> Int {
        let b = Array(try take(2))
        return Int(b[0]) | Int(b[1]) << 8
    }

    mutating func u32le() throws(ImportFailure) -> Int {
        let b = Array(try take(4))
        return Int(b[0]) | Int(b[1]) << 8 | Int(b[2]) << 16 | Int(b[3]) << 24
    }

    mutating func f32be() throws(ImportFailure) -> Double { Double(Float(bitPattern: UInt32(try u32be()))) }
}

/// A component in 0...1 as an 8-bit channel (out-of-range values are clamped, NaN is refused).
func channel(_ v: Double, _ source: ImportSource) throws(ImportFailure) -> UInt8 {
    guard v.isFinite else { throw .malformed(source) }
    return UInt8((min(max(v, 0), 1) * 255).rounded())
}

/// Adobe Swatch Exchange 1.0: big-endian blocks; colour entries (0x0001) hold a UTF-16 name, a
/// model (`RGB `, `CMYK`, `Gray`, `LAB `) and float32 values. Groups are read through.
enum ASEReader {
    static func colors(_ bytes: [UInt8]) throws(ImportFailure) -> [RGB] {
        var r = ByteReader(bytes, at: 4, .ase)
        let major = try r.u16be()
        _ = try r.u16be()
        guard major == 1 else { throw .malformed(.ase) }
        let count = try r.u32be()
        // Each block takes at least six bytes: a count beyond that is a lie, not a big file.
        guard count <= r.remaining / 6 + 1 else { throw .truncated(.ase) }
        var colors: [RGB] = []
        for _ in 0..<count {
            let type = try r.u16be()
            let length = try r.u32be()
            var body = ByteReader(Array(try r.take(length)), .ase)
            guard type == 0x0001 else { continue }
            let nameUnits = try body.u16be()
            _ = try body.take(nameUnits * 2)
            let model = String(decoding: try body.take(4), as: UTF8.self)
            let color: RGB
            switch model {
            case "RGB ":
                color = RGB(
                    r: try channel(try body.f32be(), .ase), g: try channel(try body.f32be(), .ase),
                    b: try channel(try body.f32be(), .ase))
            case "Gray":
                let v = try channel(try body.f32be(), .ase)
                color = RGB(r: v, g: v, b: v)
            case "CMYK":
                let c = try body.f32be()
                let m = try body.f32be()
                let y = try body.f32be()
                let k = try body.f32be()
                color = RGB(
                    r: try channel((1 - c) * (1 - k), .ase), g: try channel((1 - m) * (1 - k), .ase),
                    b: try channel((1 - y) * (1 - k), .ase))
            case "LAB ":
                color = try labD50(l: try body.f32be() * 100, a: try body.f32be(), b: try body.f32be())
            default:
                throw .malformed(.ase)
            }
            colors.append(color)
            if colors.count > ImportLimits.colors { throw .tooLarge(.ase) }
        }
        return colors
    }

    /// CIE L*a*b* under D50 (what ASE's LAB is) to sRGB, through Bradford-adapted XYZ.
    static func labD50(l: Double, a: Double, b: Double) throws(ImportFailure) -> RGB {
        guard l.isFinite, a.isFinite, b.isFinite else { throw .malformed(.ase) }
        let fy = (l + 16) / 116
        let fx = fy + a / 500
        let fz = fy - b / 200
        func inv(_ t: Double) -> Double { t > 6.0 / 29 ? t * t * t : 3 * (6.0 / 29) * (6.0 / 29) * (t - 4.0 / 29) }
        let x = 0.96422 * inv(fx)
        let y = 1.0 * inv(fy)
        let z = 0.82521 * inv(fz)
        let lr = 3.1338561 * x - 1.6168667 * y - 0.4906146 * z
        let lg = -0.9787684 * x + 1.9161415 * y + 0.0334540 * z
        let lb = 0.0719453 * x - 0.2289914 * y + 1.4052427 * z
        return LinearRGB(r: lr, g: lg, b: lb).clampedRGB
    }
}

/// GIMP palette: `GIMP Palette`, optional `Name:` and `Columns:` lines, `#` comments, then one
/// `R G B [name]` line a colour.
enum GPLReader {
    static func colors(_ text: String) throws(ImportFailure) -> [RGB] {
        var colors: [RGB] = []
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let trimmed = line.trimmedSpaces()
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("Name:") || trimmed.hasPrefix("Columns:")
            {
                continue
            }
            let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(3)
            guard fields.count == 3 else { throw .malformed(.gpl) }
            var values: [UInt8] = []
            for field in fields {
                guard let v = Int(field), (0...255).contains(v) else { throw .malformed(.gpl) }
                values.append(UInt8(v))
            }
            colors.append(RGB(r: values[0], g: values[1], b: values[2]))
            if colors.count > ImportLimits.colors { throw .tooLarge(.gpl) }
        }
        return colors
    }
}

/// Procreate `.swatches`: a zip holding `Swatches.json`, an array of palettes (or one palette)
/// whose `swatches` are HSB objects in 0...1 (or null for an empty slot).
enum SwatchesReader {
    static func colors(_ bytes: [UInt8]) throws(ImportFailure) -> [RGB] {
        let json = try ZipReader.entry(named: "Swatches.json", in: bytes)
        guard let object = JSONValue.parse(json) else { throw .malformed(.swatches) }
        let palettes = object.array ?? [object]
        var colors: [RGB] = []
        for palette in palettes {
            guard let palette = palette.object else { continue }
            guard let swatches = palette["swatches"]?.array else { throw .malformed(.swatches) }
            for swatch in swatches {
                guard let swatch = swatch.object else { continue }
                guard let h = number(swatch["hue"]), let s = number(swatch["saturation"]),
                    let v = number(swatch["brightness"])
                else { throw .malformed(.swatches) }
                colors.append(try hsb(h, s, v))
                if colors.count > ImportLimits.colors { throw .tooLarge(.swatches) }
            }
        }
        return colors
    }

    private static func number(_ value: JSONValue?) -> Double? {
        guard let d = value?.double else { return nil }
        return d.isFinite ? d : nil
    }

    /// HSB (HSV) in 0...1 to 8-bit sRGB, rounded.
    static func hsb(_ h: Double, _ s: Double, _ v: Double) throws(ImportFailure) -> RGB {
        let hue = (h - h.rounded(.down)) * 6
        let sat = min(max(s, 0), 1)
        let value = min(max(v, 0), 1)
        let sector = Int(hue.rounded(.down)) % 6
        let f = hue - hue.rounded(.down)
        let p = value * (1 - sat)
        let q = value * (1 - sat * f)
        let t = value * (1 - sat * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (value, t, p)
        case 1: (r, g, b) = (q, value, p)
        case 2: (r, g, b) = (p, value, t)
        case 3: (r, g, b) = (p, q, value)
        case 4: (r, g, b) = (t, p, value)
        default: (r, g, b) = (value, p, q)
        }
        return RGB(
            r: try channel(r, .swatches), g: try channel(g, .swatches), b: try channel(b, .swatches))
    }
}

/// One file out of a zip, through its central directory: stored or deflated, unpacked to at most
/// `ImportLimits.unpacked` bytes and checked against its CRC-32.
enum ZipReader {
    static func entry(named name: String, in bytes: [UInt8]) throws(ImportFailure) -> [UInt8] {
        // The end of central directory record: the last signature in the final 64 KiB + 22 bytes.
        let floor = max(0, bytes.count - 65_557)
        var end = -1
        var i = bytes.count - 22
        while i >= floor {
            if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x05, bytes[i + 3] == 0x06 {
                end = i
                break
            }
            i -= 1
        }
        guard end >= 0 else { throw .truncated(.swatches) }
        var eocd = ByteReader(bytes, at: end + 10, .swatches)
        let entries = try eocd.u16le()
        _ = try eocd.u32le()
        let directory = try eocd.u32le()
        var dir = ByteReader(bytes, at: directory, .swatches)
        guard directory <= bytes.count else { throw .truncated(.swatches) }
        for _ in 0..<entries {
            guard try dir.u32le() == 0x0201_4B50 else { throw .malformed(.swatches) }
            _ = try dir.take(6)
            let method = try dir.u16le()
            _ = try dir.take(4)
            let crc = try dir.u32le()
            let packed = try dir.u32le()
            let size = try dir.u32le()
            let nameLength = try dir.u16le()
            let extra = try dir.u16le()
            let comment = try dir.u16le()
            _ = try dir.take(8)
            let local = try dir.u32le()
            let entryName = String(decoding: try dir.take(nameLength), as: UTF8.self)
            _ = try dir.take(extra + comment)
            // Procreate writes the name bare; other zippers may put it in a folder.
            guard entryName == name || entryName.hasSuffix("/" + name) else { continue }
            guard size <= ImportLimits.unpacked, packed <= bytes.count else { throw .tooLarge(.swatches) }
            var header = ByteReader(bytes, at: local, .swatches)
            guard local <= bytes.count, try header.u32le() == 0x0403_4B50 else { throw .malformed(.swatches) }
            _ = try header.take(22)
            let localName = try header.u16le()
            let localExtra = try header.u16le()
            _ = try header.take(localName + localExtra)
            let data = Array(try header.take(packed))
            let out: [UInt8]
            switch method {
            case 0: out = data
            case 8: out = try inflate(data, expected: size)
            default: throw .unsupportedCompression(method)
            }
            guard out.count == size, crc32Of(out) == UInt32(truncatingIfNeeded: crc) else {
                throw .malformed(.swatches)
            }
            return out
        }
        throw .noSwatchesJSON
    }

    private static func crc32Of(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    }

    /// Raw deflate, stopped as soon as the output would pass the cap (a zip bomb costs 1 MiB).
    static func inflate(_ data: [UInt8], expected: Int) throws(ImportFailure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .malformed(.swatches)
        }
        defer { inflateEnd(&stream) }
        let cap = ImportLimits.unpacked
        var out = [UInt8](repeating: 0, count: min(expected, cap) + 1)
        var input = data
        let status = input.withUnsafeMutableBufferPointer { inBuf in
            out.withUnsafeMutableBufferPointer { outBuf -> Int32 in
                stream.next_in = inBuf.baseAddress
                stream.avail_in = uInt(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = uInt(outBuf.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        if produced > expected { throw .tooLarge(.swatches) }
        guard status == Z_STREAM_END else {
            throw status == Z_BUF_ERROR || status == Z_OK ? .truncated(.swatches) : .malformed(.swatches)
        }
        return Array(out.prefix(produced))
    }
}

/// palette-tui's SVG swatch card: each role is a `<g id="ROLE">` whose first `fill` is its colour.
enum SVGCard {
    static func colors(_ text: String) -> [RGB]? {
        guard text.contains("<svg") else { return nil }
        var colors: [RGB] = []
        for role in Role.allCases {
            guard let group = text.scalarRange(of: "<g id=\"\(role.rawValue)\">"),
                let fill = text[group.upperBound...].scalarRange(of: "fill=\"#"),
                let color = try? RGB(hex: String(text[fill.upperBound...].prefix(6)))
            else { return nil }
            colors.append(color)
        }
        return colors
    }
}

/// palette-tui's PNG swatch card: its iTXt `Description` names each role's colour as `#RRGGBB`.
/// Other PNGs are images, which this reader does not look into.
enum PNGText {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func colors(_ bytes: [UInt8]) throws(ImportFailure) -> [RGB] {
        var r = ByteReader(bytes, at: 8, .png)
        while r.remaining > 0 {
            let length = try r.u32be()
            let type = String(decoding: try r.take(4), as: UTF8.self)
            let data = Array(try r.take(length))
            _ = try r.take(4)
            if type == "IEND" { break }
            guard type == "iTXt", let zero = data.firstIndex(of: 0),
                String(decoding: data[..<zero], as: UTF8.self) == "Description",
                data.count > zero + 2, data[zero + 1] == 0
            else { continue }
            // keyword NUL, flag, method, language NUL, translated keyword NUL, text.
            var k = zero + 3
            for _ in 0..<2 {
                guard let n = data[k...].firstIndex(of: 0) else { throw .malformed(.png) }
                k = n + 1
            }
            let text = String(decoding: data[k...], as: UTF8.self)
            var colors: [RGB] = []
            for line in text.split(separator: "\n") {
                guard let hash = line.scalarRange(of: ": #", backwards: true),
                    let color = try? RGB(hex: String(line[line.index(after: hash.lowerBound)...]))
                else { continue }
                colors.append(color)
            }
            return colors
        }
        throw .imageWithoutPalette
    }
}
