/// Why text from a model is not a palette. Each case says exactly what was wrong.
public enum PaletteParseError: Error, Equatable, Sendable, CustomStringConvertible {
    case noPaletteFound
    case wrongColorCount(Int)
    case invalidColor(String, ColorParseError)

    public var description: String {
        switch self {
        case .noPaletteFound: return "no palette found in the text"
        case .wrongColorCount(let n): return "expected 3 colours, found \(n)"
        case let .invalidColor(role, error): return "invalid \(role) colour: \(error)"
        }
    }
}

/// The one place that turns any model's text into a `Palette` or a precise error.
public enum PaletteParser {
    /// Provisional: finds hex codes in order. The full parser (JSON arrays, role objects, fences,
    /// prose, Chinese role names) replaces this.
    public static func parse(_ text: String) throws(PaletteParseError) -> Palette {
        var found: [RGB] = []
        var current = ""
        func flush() {
            if current.count == 6 || current.count == 3, let c = try? RGB(hex: current) { found.append(c) }
            current = ""
        }
        var inHex = false
        for ch in text {
            if ch == "#" { flush(); inHex = true; continue }
            if inHex, ch.isHexDigit { current.append(ch); continue }
            if inHex { flush(); inHex = false }
        }
        if inHex { flush() }
        if found.isEmpty { throw .noPaletteFound }
        if found.count != 3 { throw .wrongColorCount(found.count) }
        return Palette(primary: found[0], secondary: found[1], accent: found[2])
    }
}
