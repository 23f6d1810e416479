import FoundationEssentials
import Glibc
import PaletteCore

/// The swatch card: three swatches, each with its role label, hex code and colour name, as
/// SVG text or as a PNG drawn here with the embedded glyphs (`CardFont`). Both draw the same
/// layout, and the text is cut to the same width in both.
struct PaletteCard {
    static let width = 660, height = 290
    static let swatchWidth = 200, swatchHeight = 170, margin = 20, gap = 10
    static let baselines = [218, 242, 266]
    static let card = RGB(r: 255, g: 255, b: 255)
    static let ink = RGB(r: 0x1F, g: 0x1F, b: 0x1F)
    static let quiet = RGB(r: 0x5A, g: 0x5A, b: 0x5A)
    static let border = RGB(r: 0xD9, g: 0xD9, b: 0xD9)

    struct Swatch {
        var role: Role
        var color: RGB
        /// The whole name ("role label · colour name"), kept for the SVG's and PNG's text.
        var name: String
        var lines: [(text: String, bold: Bool, color: RGB)]
        var x: Int
    }

    let title: String
    let language: Language
    let swatches: [Swatch]

    init(_ r: ExportRequest) {
        title = r.displayName
        self.language = r.language
        let language = r.language
        swatches = Role.allCases.enumerated().map { k, role in
            let c = r.palette[role]
            let width = PaletteCard.swatchWidth
            let lines = [
                (CardFont.fit(role.label(language), width: width, bold: true, language), true, PaletteCard.ink),
                (c.hex, false, PaletteCard.ink),
                (
                    CardFont.fit(ExportText.colourName(c, language), width: width, bold: false, language), false,
                    PaletteCard.quiet
                ),
            ]
            return Swatch(
                role: role, color: c, name: ExportText.oneLine(ExportText.roleName(role, c, language)), lines: lines,
                x: PaletteCard.margin + k * (width + PaletteCard.gap))
        }
    }

    var svg: String {
        let w = Self.width
        let h = Self.height
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xml:lang=\"\(language.rawValue)\" width=\"\(w)\" "
        out += "height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
        out += "  <title>\(ExportText.xml(title))</title>\n"
        out += "  <rect width=\"\(w)\" height=\"\(h)\" fill=\"\(Self.card.hex)\"/>\n"
        out += "  <g font-family=\"\(Self.fontFamily(language))\" font-size=\"\(CardFont.size)\">\n"
        for s in swatches {
            out += "    <g id=\"\(s.role.rawValue)\">\n      <title>\(ExportText.xml(s.name))</title>\n"
            out +=
                "      <rect x=\"\(s.x)\" y=\"\(Self.margin)\" width=\"\(Self.swatchWidth)\" height=\"\(Self.swatchHeight)\" "
            out += "fill=\"\(s.color.hex)\" stroke=\"\(Self.border.hex)\" stroke-width=\"1\"/>\n"
            for (k, line) in s.lines.enumerated() {
                let weight = line.bold ? " font-weight=\"bold\"" : ""
                out += "      <text x=\"\(s.x)\" y=\"\(Self.baselines[k])\"\(weight) fill=\"\(line.color.hex)\">"
                out += ExportText.xml(line.text) + "</text>\n"
            }
            out += "    </g>\n"
        }
        return out + "  </g>\n</svg>\n"
    }

    /// The SVG's fonts: the glyphs the PNG draws (DejaVu Sans, Noto Sans CJK in the language's
    /// script), then what each system has for that script.
    static func fontFamily(_ language: Language) -> String {
        switch language {
        case .english: return "DejaVu Sans, Verdana, sans-serif"
        case .traditionalChinese:
            return "DejaVu Sans, 'Noto Sans CJK TC', 'PingFang TC', 'Microsoft JhengHei', sans-serif"
        case .simplifiedChinese:
            return "DejaVu Sans, 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif"
        }
    }

    var png: [UInt8] {
        var canvas = Raster(width: Self.width, height: Self.height, fill: Self.card)
        for s in swatches {
            canvas.fill(x: s.x, y: Self.margin, width: Self.swatchWidth, height: Self.swatchHeight, Self.border)
            canvas.fill(
                x: s.x + 1, y: Self.margin + 1, width: Self.swatchWidth - 2, height: Self.swatchHeight - 2, s.color)
            for (k, line) in s.lines.enumerated() {
                CardFont.draw(
                    line.text, bold: line.bold, language, x: s.x, baseline: Self.baselines[k], color: line.color,
                    on: &canvas)
            }
        }
        // The names as text too (iTXt, UTF-8, tagged with the language): what the glyphs show,
        // whole and readable by any PNG reader.
        let description = swatches.map { $0.name + ": " + $0.color.hex }.joined(separator: "\n")
        return PNG.encode(
            width: canvas.width, height: canvas.height, rgb: canvas.pixels,
            text: [
                ("Title", language.rawValue, ExportText.oneLine(title)),
                ("Description", language.rawValue, description),
            ])
    }
}

/// An RGB pixel buffer.
struct Raster {
    let width: Int, height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: RGB) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
        self.fill(x: 0, y: 0, width: width, height: height, fill)
    }

    mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ c: RGB) {
        for row in max(0, y)..<min(height, y + h) {
            for col in max(0, x)..<min(width, x + w) {
                let i = (row * width + col) * 3
                pixels[i] = c.r
                pixels[i + 1] = c.g
                pixels[i + 2] = c.b
            }
        }
    }

    /// Blends `c` over the pixel with coverage `alpha` (0...255).
    mutating func blend(x: Int, y: Int, _ c: RGB, alpha: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
        let i = (y * width + x) * 3
        let a = Int(alpha)
        func mix(_ under: UInt8, _ over: UInt8) -> UInt8 { UInt8((Int(under) * (255 - a) + Int(over) * a + 127) / 255) }
        pixels[i] = mix(pixels[i], c.r)
        pixels[i + 1] = mix(pixels[i + 1], c.g)
        pixels[i + 2] = mix(pixels[i + 2], c.b)
    }
}

/// The card's glyphs (`CardFontData.swift`), parsed on first use.
enum CardFont {
    static let size = 16

    struct Glyph {
        var advance: Int, width: Int, height: Int, x: Int, y: Int
        var coverage: [UInt8]
    }

    static let regular = parse(regularData)
    static let bold = parse(boldData)
    /// Han characters in their Traditional forms (Noto Sans CJK TC), for zh-Hant text; the
    /// faces above hold the Simplified (SC) forms.
    static let regularTraditional = parse(regularTraditionalData)
    static let boldTraditional = parse(boldTraditionalData)

    static func parse(_ text: String) -> [Unicode.Scalar: Glyph] {
        var out: [Unicode.Scalar: Glyph] = [:]
        for line in text.split(separator: "\n") {
            let f = line.split(separator: " ")
            guard f.count == 7, let v = UInt32(f[0]), let scalar = Unicode.Scalar(v),
                let adv = Int(f[1]), let w = Int(f[2]), let h = Int(f[3]), let x = Int(f[4]), let y = Int(f[5])
            else { continue }
            let data = f[6] == "-" ? [] : [UInt8](Data(base64Encoded: String(f[6])) ?? Data())
            guard data.count == w * h else { continue }
            out[scalar] = Glyph(advance: adv, width: w, height: h, x: x, y: y, coverage: data)
        }
        return out
    }

    /// The glyph for `u` in `language`'s script, if the card has one.
    static func glyphIfAny(_ u: Unicode.Scalar, bold: Bool, _ language: Language = .english) -> Glyph? {
        if language == .traditionalChinese, let g = (bold ? boldTraditional : regularTraditional)[u] { return g }
        return (bold ? Self.bold : regular)[u]
    }

    /// The glyph for `u`, or `?` for a character the card has no glyph for.
    static func glyph(_ u: Unicode.Scalar, bold: Bool, _ language: Language = .english) -> Glyph {
        glyphIfAny(u, bold: bold, language) ?? (bold ? Self.bold : regular)["?"]!
    }

    static func width(_ text: String, bold: Bool, _ language: Language = .english) -> Int {
        text.unicodeScalars.reduce(0) { $0 + glyph($1, bold: bold, language).advance }
    }

    /// `text` cut with "..." to fit `width` pixels.
    static func fit(_ text: String, width: Int, bold: Bool, _ language: Language = .english) -> String {
        if Self.width(text, bold: bold, language) <= width { return text }
        var scalars = Array(text.unicodeScalars)
        while !scalars.isEmpty {
            scalars.removeLast()
            var s = ""
            s.unicodeScalars.append(contentsOf: scalars)
            s += "..."
            if Self.width(s, bold: bold, language) <= width { return s }
        }
        return "..."
    }

    static func draw(
        _ text: String, bold: Bool, _ language: Language = .english, x: Int, baseline: Int, color: RGB,
        on canvas: inout Raster
    ) {
        var pen = x
        for u in text.unicodeScalars {
            let g = glyph(u, bold: bold, language)
            for row in 0..<g.height {
                for col in 0..<g.width {
                    canvas.blend(
                        x: pen + g.x + col, y: baseline + g.y + row, color, alpha: g.coverage[row * g.width + col])
                }
            }
            pen += g.advance
        }
    }
}
