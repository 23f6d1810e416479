import CZlib

/// A zip archive of stored (uncompressed) files: what a `.swatches` file is. Dates are fixed
/// at 1980-01-01 so the same palette always gives the same bytes.
enum Zip {
    static func stored(_ files: [(name: String, data: [UInt8])]) -> [UInt8] {
        var out = LittleEndian()
        var central = LittleEndian()
        for file in files {
            let name = Array(file.name.utf8)
            let crc = CRC32.of(file.data)
            let offset = UInt32(out.bytes.count)
            out.u32(0x0403_4B50)
            out.u16(10)  // version needed: stored
            out.u16(0x0800)  // UTF-8 names
            out.u16(0)  // stored
            out.u16(0)  // time
            out.u16(0x0021)  // 1980-01-01
            out.u32(crc)
            out.u32(UInt32(file.data.count))
            out.u32(UInt32(file.data.count))
            out.u16(UInt16(name.count))
            out.u16(0)
            out.bytes += name + file.data

            central.u32(0x0201_4B50)
            central.u16(0x031E)  // made by: Unix, 3.0
            central.u16(10)
            central.u16(0x0800)
            central.u16(0)
            central.u16(0)
            central.u16(0x0021)
            central.u32(crc)
            central.u32(UInt32(file.data.count))
            central.u32(UInt32(file.data.count))
            central.u16(UInt16(name.count))
            central.u16(0)  // extra
            central.u16(0)  // comment
            central.u16(0)  // disk
            central.u16(0)  // internal attributes
            central.u32(0o100644 << 16)  // a regular file, rw-r--r--
            central.u32(offset)
            central.bytes += name
        }
        let centralOffset = UInt32(out.bytes.count)
        out.bytes += central.bytes
        out.u32(0x0605_4B50)
        out.u16(0)
        out.u16(0)
        out.u16(UInt16(files.count))
        out.u16(UInt16(files.count))
        out.u32(UInt32(central.bytes.count))
        out.u32(centralOffset)
        out.u16(0)
        return out.bytes
    }
}

/// Little-endian bytes.
struct LittleEndian {
    var bytes: [UInt8] = []
    mutating func u16(_ v: UInt16) { bytes += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    mutating func u32(_ v: UInt32) {
        bytes += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
    }
}

/// zlib's CRC-32 (the one zip and PNG use).
enum CRC32 {
    static func of(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(crc32(uLong(crc), buffer.baseAddress, uInt(buffer.count)))
        }
    }
}

/// A PNG encoder for 8-bit RGB images, deflated by zlib.
enum PNG {
    /// `pixels` holds `width * height` RGB triples, row by row; `text` becomes iTXt chunks
    /// (keyword, language tag, UTF-8 text, uncompressed) before the image data.
    static func encode(
        width: Int, height: Int, rgb pixels: [UInt8], text: [(keyword: String, language: String, text: String)] = []
    ) -> [UInt8] {
        precondition(pixels.count == width * height * 3)
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)  // filter: none
            raw += pixels[(y * width * 3)..<((y + 1) * width * 3)]
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = BigEndian()
        header.u32(UInt32(width))
        header.u32(UInt32(height))
        header.bytes += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, adaptive filters, no interlace
        out += chunk("IHDR", header.bytes)
        for t in text {
            // keyword NUL, compression flag and method 0, language tag NUL, translated keyword NUL.
            var data = Array(t.keyword.utf8.prefix(79)) + [0, 0, 0]
            data += Array(t.language.utf8) + [0, 0]
            data += Array(t.text.utf8.filter { $0 != 0 })
            out += chunk("iTXt", data)
        }
        out += chunk("IDAT", deflate(raw))
        out += chunk("IEND", [])
        return out
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var b = BigEndian()
        b.u32(UInt32(data.count))
        let typed = Array(type.utf8) + data
        b.bytes += typed
        b.u32(CRC32.of(typed))
        return b.bytes
    }

    /// A zlib stream of `data` (compress2 at level 9).
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(i.count), 9) }
        }
        precondition(status == Z_OK, "zlib compress2 failed: \(status)")
        return Array(out.prefix(Int(size)))
    }
}
