/// An 8-bit sRGB colour, the unit every palette is made of.
///
/// Parsing is strict and explains itself: the model's text is never echoed as a hex code,
/// it is parsed into channels and re-formatted by `hex`.
public struct RGB: Hashable, Sendable, Codable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Builds a colour from `0xRRGGBB`.
    public init(packed value: UInt32) {
        self.init(r: UInt8((value >> 16) & 0xFF), g: UInt8((value >> 8) & 0xFF), b: UInt8(value & 0xFF))
    }

    /// `0xRRGGBB`, the form ncurses direct-colour entries take as a colour number.
    public var packed: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    /// Canonical `#RRGGBB`, upper case.
    public var hex: String {
        // Seven ASCII bytes written in place: a small string, no array or Character in between.
        String(
            unsafeUninitializedCapacity: 7,
            initializingUTF8With: { out in
                func digit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x37 + v }
                out[0] = 0x23
                out[1] = digit(r >> 4)
                out[2] = digit(r & 0xF)
                out[3] = digit(g >> 4)
                out[4] = digit(g & 0xF)
                out[5] = digit(b >> 4)
                out[6] = digit(b & 0xF)
                return 7
            })
    }

    public var description: String { hex }

    /// Parses `#RGB` or `#RRGGBB`, with or without `#`, any case, surrounding white space trimmed.
    public init(hex text: String) throws(ColorParseError) {
        // Almost every code is ASCII and well formed: read its bytes. Anything else (Unicode
        // white space around it, a wrong digit or length) takes the scalar reader below, which
        // says what is wrong.
        if let color = RGB(asciiHex: text.utf8) {
            self = color
            return
        }
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        if scalars.isEmpty { throw .empty }
        if scalars.first == "#" { scalars.removeFirst() }
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(6)
        for s in scalars {
            guard let n = RGB.nibble(s) else { throw .invalidCharacter(Character(s), in: text) }
            nibbles.append(n)
            if nibbles.count > 6 { break }
        }
        switch nibbles.count {
        case 3:
            self.init(r: nibbles[0] * 17, g: nibbles[1] * 17, b: nibbles[2] * 17)
        case 6:
            self.init(r: nibbles[0] << 4 | nibbles[1], g: nibbles[2] << 4 | nibbles[3], b: nibbles[4] << 4 | nibbles[5])
        default:
            throw .wrongLength(nibbles.count, in: text)
        }
    }

    /// `RRGGBB` or `RGB` (exactly 6 or 3 hex digits, nothing else), or nil.
    init?<C: Collection<UInt8>>(hexDigits digits: C) {
        let count = digits.count
        guard count == 3 || count == 6 else { return nil }
        var v: UInt32 = 0
        for b in digits {
            guard let n = RGB.hexDigitValue(b) else { return nil }
            v = v << 4 | UInt32(n)
        }
        if count == 6 {
            self.init(packed: v)
        } else {
            self.init(r: UInt8(v >> 8) * 17, g: UInt8(v >> 4 & 0xF) * 17, b: UInt8(v & 0xF) * 17)
        }
    }

    /// What `init(hex:)` reads, for text that is ASCII white space, an optional `#` and 3 or 6
    /// hex digits; nil for any other text (which may still read, or fail, in `init(hex:)`).
    /// With `requiringHash`, only text written with its `#` (what `ColorSyntax.parse` reads as
    /// hex before it looks for names).
    init?(asciiHex utf8: String.UTF8View, requiringHash: Bool = false) {
        var bytes = utf8[...]
        while let f = bytes.first, RGB.isASCIISpace(f) { bytes.removeFirst() }
        while let l = bytes.last, RGB.isASCIISpace(l) { bytes.removeLast() }
        if bytes.first == UInt8(ascii: "#") {
            bytes.removeFirst()
        } else if requiringHash {
            return nil
        }
        self.init(hexDigits: bytes)
    }

    /// The ASCII characters with Unicode's White_Space property (tab to carriage return, space).
    static func isASCIISpace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }

    static func nibble(_ s: Unicode.Scalar) -> UInt8? {
        s.isASCII ? hexDigitValue(UInt8(s.value)) : nil
    }

    /// The value of one ASCII hex digit (`0-9`, `A-F`, `a-f`), or nil.
    ///
    /// The one digit table every hex reader in the project uses; inlinable because the
    /// history loader calls it for every colour of every line.
    @inlinable
    public static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(hex: text)
        } catch {
            // The typed error travels with it, for readers that word it themselves (history).
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

/// Why a piece of text is not a colour.
public enum ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case invalidCharacter(Character, in: String)
    /// Not 3 or 6 hex digits, where only those are read (`RGB(hex:)`: what the user types).
    case wrongLength(Int, in: String)
    /// A `#` code of a length no form has, where the alpha forms are read too (`ColorSyntax`,
    /// a model's reply): 3 or 6 digits, or 4 or 8 with an opaque alpha.
    case wrongHexLength(Int, in: String)
    /// In prose, a `#` code that reads best as a `#RRGGBB` cut short: 5 digits, or 4 whose
    /// alpha digit is not `F` (`alpha` is what `#RGBA` would mean; see docs/decisions.md).
    case cutShort(Int, alpha: Double?, in: String)
    /// Neither a hex code, nor a colour function, nor a name we know (`ColorSyntax`).
    case notAColor(String)
    /// `name(…)` where `name` is not a CSS colour function.
    case unknownFunction(String, in: String)
    /// A colour function whose arguments do not fit it.
    case badArguments(ColorArgumentProblem, in: String)
    /// A colour with an alpha below 1: a palette colour is opaque, so it is refused, not flattened.
    case translucent(alpha: Double, in: String)

    /// The forms `ColorSyntax` reads, for messages that say what would have worked.
    public static let acceptedForms =
        "a hex code (#2E86AB), rgb(47 93 80), hsl(), hwb(), lab(), lch(), oklab(), oklch(), color(), "
        + "or a CSS or XKCD colour name (navy, slate green)"

    public var description: String {
        switch self {
        case .empty:
            return "empty colour: expected #RGB or #RRGGBB"
        case .invalidCharacter(let c, let text):
            return "\(RGB.quoted(text)) is not a colour: \(RGB.quoted(String(c))) is not a hex digit"
        case .wrongLength(let n, let text):
            return
                "\(RGB.quoted(text)) is not a colour: expected 3 or 6 hex digits, found \(n > 6 ? "more than 6" : String(n))"
        case .wrongHexLength(let n, let text):
            return "\(RGB.quoted(text)) is not a colour: expected 3 or 6 hex digits (4 or 8 with an opaque alpha), "
                + "found \(n > 8 ? "more than 8" : String(n))"
        case .cutShort(let n, let alpha, let text):
            let asAlpha = alpha.map { "; as #RGBA its alpha \(ColorArgumentProblem.number($0)) is not opaque" } ?? ""
            return "\(RGB.quoted(text)) may be cut short: \(n) hex digits, where a colour has 6\(asAlpha)"
        case .notAColor(let text):
            return "\(RGB.quoted(text)) is not a colour: use \(Self.acceptedForms)"
        case .unknownFunction(let name, let text):
            let list = ColorSyntax.functionNames.map { $0 + "()" }.joined(separator: ", ")
            return
                "\(RGB.quoted(text)) is not a colour: \(RGB.quoted(name + "()")) is not a colour function (use \(list))"
        case .badArguments(let problem, let text):
            return "\(RGB.quoted(text)) is not a colour: \(problem)"
        case .translucent(let alpha, let text):
            return "\(RGB.quoted(text)) is not opaque (alpha \(ColorArgumentProblem.number(alpha))): "
                + "a palette colour has no transparency"
        }
    }
}

extension ColorArgumentProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .count(let function, let found):
            return "\(function)() takes three values and an optional alpha, found \(found)"
        case .badAlpha(let function):
            return "\(function)() takes one alpha value after '/'"
        case .notANumber(let item):
            return "\(RGB.quoted(item)) is not a number, a percentage or an angle"
        case .unexpectedAngle(let function):
            return "only the hue of \(function)() is an angle"
        case .unclosed(let function):
            return "\(function)( has no closing ')'"
        case .trailing(let rest):
            return "unexpected \(RGB.quoted(rest)) after ')'"
        case .unknownSpace(let space):
            let spaces = ColorSyntax.colorSpaces.joined(separator: ", ")
            return space.isEmpty
                ? "color() needs a colour space first (\(spaces))"
                : "\(RGB.quoted(space)) is not a colour space of color() (use \(spaces))"
        }
    }

    /// A number for a message: up to three decimals, no trailing zeros.
    static func number(_ v: Double) -> String {
        var s = String((v * 1000).rounded() / 1000)
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}

extension RGB {
    /// Quotes user text for an error message, cut short so a huge paste stays one line.
    static func quoted(_ text: String, limit: Int = 24) -> String {
        var cleaned = ""
        for s in text.unicodeScalars {
            if cleaned.unicodeScalars.count >= limit {
                cleaned += "…"
                break
            }
            cleaned.unicodeScalars.append(s.properties.generalCategory == .control ? "?" : s)
        }
        return "\"" + cleaned + "\""
    }
}
