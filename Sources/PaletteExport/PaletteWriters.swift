import FoundationEssentials
import Glibc
import PaletteCore

/// The palette formats: three colours, each named by its role label in the chosen language
/// and its nearest colour name. Code formats keep ASCII identifiers (`--color-primary`) so that
/// code can refer to them in any language; the names go in a comment or `$description` beside.
enum PaletteWriters {
    static func render(_ r: ExportRequest) -> [UInt8] {
        switch r.format {
        case .css: return text(css(r))
        case .scss: return text(lines(r, comment: "//") { "$color-\($0.rawValue): \($1.hex);" })
        case .less: return text(lines(r, comment: "//") { "@color-\($0.rawValue): \($1.hex);" })
        case .tailwind: return text(r.tailwindV3 ? tailwindV3(r) : tailwindV4(r))
        case .tokens: return text(tokens(r))
        case .gpl: return text(gpl(r))
        case .ase: return ase(r)
        case .swatches: return swatches(r)
        case .svg: return text(PaletteCard(r).svg)
        case .png: return PaletteCard(r).png
        default: return []
        }
    }

    private static func text(_ s: String) -> [UInt8] { Array((s.hasSuffix("\n") ? s : s + "\n").utf8) }

    private static func name(_ r: ExportRequest, _ role: Role) -> String {
        ExportText.roleName(role, r.palette[role], r.language)
    }

    private static func css(_ r: ExportRequest) -> String {
        customProperties(r, comment: ExportText.comment(r.displayName), block: ":root")
    }

    /// Custom properties `--color-ROLE` in one block, each with its name in a comment.
    private static func customProperties(_ r: ExportRequest, comment: String, block: String) -> String {
        var out = "/* \(comment) */\n\(block) {\n"
        for role in Role.allCases {
            out += "  --color-\(role.rawValue): \(r.palette[role].hex); /* \(ExportText.comment(name(r, role))) */\n"
        }
        return out + "}\n"
    }

    private static func lines(_ r: ExportRequest, comment: String, _ line: (Role, RGB) -> String) -> String {
        var out = "\(comment) \(ExportText.oneLine(r.displayName))\n"
        for role in Role.allCases {
            out += line(role, r.palette[role]) + " \(comment) \(ExportText.oneLine(name(r, role)))\n"
        }
        return out
    }

    private static func tailwindV4(_ r: ExportRequest) -> String {
        let title = ExportText.comment(r.displayName) + ": Tailwind CSS v4 theme variables (bg-primary, text-accent...)"
        return customProperties(r, comment: title, block: "@theme")
    }

    private static func tailwindV3(_ r: ExportRequest) -> String {
        var out = "// \(ExportText.oneLine(r.displayName)): Tailwind CSS v3 config (bg-primary, text-accent...)\n"
        out +=
            "/** @type {import('tailwindcss').Config} */\nmodule.exports = {\n  theme: {\n    extend: {\n      colors: {\n"
        for role in Role.allCases {
            out += "        \(role.rawValue): \"\(r.palette[role].hex)\", // \(ExportText.oneLine(name(r, role)))\n"
        }
        return out + "      },\n    },\n  },\n};\n"
    }

    /// W3C Design Tokens (DTCG format 2025.10): a `color` group of three colour tokens whose
    /// `$value` is an sRGB object with `components` and the `hex` fallback.
    private static func tokens(_ r: ExportRequest) -> String {
        var out = "{\n  \"$description\": \(ExportText.json(r.displayName)),\n  \"color\": {\n    \"$type\": \"color\""
        for role in Role.allCases {
            let c = r.palette[role]
            let components = [c.r, c.g, c.b].map { ExportText.fixed(Double($0) / 255, 6) }.joined(separator: ", ")
            out += ",\n    \"\(role.rawValue)\": {\n"
            out +=
                "      \"$value\": { \"colorSpace\": \"srgb\", \"components\": [\(components)], \"hex\": \"\(c.hex)\" },\n"
            out += "      \"$description\": \(ExportText.json(name(r, role)))\n    }"
        }
        return out + "\n  }\n}\n"
    }

    /// GIMP palette: `R G B<TAB>name` lines after the header.
    private static func gpl(_ r: ExportRequest) -> String {
        var out = "GIMP Palette\nName: \(ExportText.oneLine(r.displayName))\nColumns: 3\n#\n"
        for role in Role.allCases {
            let c = r.palette[role]
            let rgb = [c.r, c.g, c.b].map { String($0).leftPadded(to: 3) }.joined(separator: " ")
            out += "\(rgb)\t\(ExportText.oneLine(name(r, role)))\n"
        }
        return out
    }

    /// Adobe Swatch Exchange 1.0: big-endian; a group named after the palette holding three
    /// global RGB colours (float32 0...1), names in UTF-16BE ending in a zero.
    private static func ase(_ r: ExportRequest) -> [UInt8] {
        var blocks: [[UInt8]] = []
        func utf16(_ s: String) -> [UInt8] {
            var b = BigEndian()
            let units = Array(s.utf16)
            b.u16(UInt16(units.count + 1))
            for u in units { b.u16(u) }
            b.u16(0)
            return b.bytes
        }
        func block(_ type: UInt16, _ body: [UInt8]) -> [UInt8] {
            var b = BigEndian()
            b.u16(type)
            b.u32(UInt32(body.count))
            return b.bytes + body
        }
        blocks.append(block(0xC001, utf16(r.displayName)))
        for role in Role.allCases {
            let c = r.palette[role]
            var body = BigEndian()
            body.bytes += utf16(name(r, role))
            body.bytes += Array("RGB ".utf8)
            for v in [c.r, c.g, c.b] { body.f32(Float(v) / 255) }
            body.u16(0)  // global
            blocks.append(block(0x0001, body.bytes))
        }
        blocks.append(block(0xC002, []))
        var out = BigEndian()
        out.bytes += Array("ASEF".utf8)
        out.u16(1)
        out.u16(0)
        out.u32(UInt32(blocks.count))
        for b in blocks { out.bytes += b }
        return out.bytes
    }

    /// Procreate: a zip holding `Swatches.json`, one palette of HSB swatches in 0...1.
    private static func swatches(_ r: ExportRequest) -> [UInt8] {
        var json = "[{\"name\": \(ExportText.json(r.displayName)), \"swatches\": ["
        json += Role.allCases.map { role -> String in
            let (h, s, v) = hsb(r.palette[role])
            return
                "{\"hue\": \(exact(h)), \"saturation\": \(exact(s)), \"brightness\": \(exact(v)), \"alpha\": 1, \"colorSpace\": 0}"
        }.joined(separator: ", ")
        json += "]}]"
        return Zip.stored([("Swatches.json", Array(json.utf8))])
    }

    /// Shortest decimal that reads back as the same double.
    private static func exact(_ v: Double) -> String { v == 0 ? "0" : "\(v)" }

    /// HSB (HSV) in 0...1 for 8-bit sRGB.
    static func hsb(_ c: RGB) -> (Double, Double, Double) {
        let r = Double(c.r) / 255
        let g = Double(c.g) / 255
        let b = Double(c.b) / 255
        let maxV = max(r, g, b)
        let minV = min(r, g, b)
        let d = maxV - minV
        var h = 0.0
        if d > 0 {
            if maxV == r {
                h = (g - b) / d
                if h < 0 { h += 6 }
            } else if maxV == g {
                h = (b - r) / d + 2
            } else {
                h = (r - g) / d + 4
            }
            h /= 6
        }
        return (h, maxV == 0 ? 0 : d / maxV, maxV)
    }
}

/// Big-endian bytes.
struct BigEndian {
    var bytes: [UInt8] = []
    mutating func u16(_ v: UInt16) { bytes += [UInt8(v >> 8), UInt8(v & 0xFF)] }
    mutating func u32(_ v: UInt32) {
        bytes += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    mutating func f32(_ v: Float) { u32(v.bitPattern) }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
