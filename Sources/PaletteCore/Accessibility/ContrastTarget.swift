/// What one colour must reach against another: a WCAG 2 contrast ratio, or an APCA |Lc|.
///
/// For APCA the colour being measured is the text and the other colour its background; the
/// magnitude is compared, so either polarity counts.
public enum ContrastTarget: Hashable, Sendable, CustomStringConvertible {
    /// A WCAG 2.2 contrast ratio, 1...21.
    case ratio(Double)
    /// An APCA lightness contrast magnitude, 0...108 (advisory).
    case lc(Double)

    /// WCAG AA for normal text: 4.5:1.
    public static let aa = ContrastTarget.ratio(4.5)
    /// WCAG AAA for normal text: 7:1.
    public static let aaa = ContrastTarget.ratio(7)

    /// The figure this target is judged on for `color` against `other`: the ratio, or |Lc|.
    public func measure(_ color: RGB, against other: RGB) -> Double {
        switch self {
        case .ratio: return WCAG.contrast(color, other)
        case .lc: return abs(APCA.lc(text: color, background: other))
        }
    }

    /// The least figure that passes.
    public var threshold: Double {
        switch self {
        case .ratio(let r): return r
        case .lc(let l): return l
        }
    }

    /// True when `color` reaches the target against `other`, judged on the unrounded figure.
    public func isMet(_ color: RGB, against other: RGB) -> Bool {
        measure(color, against: other) >= threshold
    }

    /// The more readable of black and white for this target against `other`.
    public func ink(against other: RGB) -> RGB {
        switch self {
        case .ratio: return WCAG.readableInk(on: other)
        case .lc:
            let onBlack = measure(WCAG.black, against: other)
            let onWhite = measure(WCAG.white, against: other)
            return onWhite > onBlack ? WCAG.white : WCAG.black
        }
    }

    /// `4.5:1` or `Lc 60`, for messages (the number as given, never rounded up).
    public var description: String {
        switch self {
        case .ratio(let r): return Self.trimmed(r) + ":1"
        case .lc(let l): return "Lc " + Self.trimmed(l)
        }
    }

    static func trimmed(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e6 ? String(Int(v)) : String(v)
    }

    /// Parses `4.5`, `4.5:1`, `AA` (4.5:1), `AAA` (7:1), `Lc60` or `Lc 60` (any case).
    public init(parsing text: String) throws(ContrastTargetError) {
        let trimmed = text.trimmingSpaces
        let upper = trimmed.uppercased()
        if upper == "AA" {
            self = .aa
            return
        }
        if upper == "AAA" {
            self = .aaa
            return
        }
        if upper.hasPrefix("LC") {
            let number = String(trimmed.dropFirst(2)).trimmingSpaces
            guard let value = Double(number), value.isFinite else { throw .notATarget(text) }
            guard value > 0, value <= 108 else { throw .lcOutOfRange(text) }
            self = .lc(value)
            return
        }
        var number = trimmed
        if number.hasSuffix(":1") { number = String(number.dropLast(2)).trimmingSpaces }
        guard let value = Double(number), value.isFinite else { throw .notATarget(text) }
        guard value >= 1, value <= 21 else { throw .ratioOutOfRange(text) }
        self = .ratio(value)
    }
}

/// Why a piece of text is not a contrast target; PaletteApp words it.
public enum ContrastTargetError: Error, Hashable, Sendable {
    /// Neither a number, a level (AA, AAA) nor an APCA figure (Lc60).
    case notATarget(String)
    /// A ratio outside 1...21, the range WCAG ratios take.
    case ratioOutOfRange(String)
    /// An Lc outside (0, 108], the range APCA figures take.
    case lcOutOfRange(String)
}

extension String {
    /// The text without leading and trailing spaces and tabs (no Foundation needed).
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
