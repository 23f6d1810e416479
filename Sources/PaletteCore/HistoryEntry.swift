import Foundation

/// One palette in the history file: one JSON object a line in `history.jsonl`.
///
/// Coded by hand so the line is the same whatever encoder writes it: `created` is an RFC 3339
/// UTC string with milliseconds (a synthesised `Date` would become a bare number), `model` is
/// written as `null` when absent, and a missing `favorite` reads as `false`.
public struct HistoryEntry: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    /// RFC 3339, UTC.
    public var created: Date
    public var description: String
    public var primary: RGB
    public var secondary: RGB
    public var accent: RGB
    public var provider: String
    public var model: String?
    public var favorite: Bool

    public init(id: String, created: Date, description: String, palette: Palette,
                provider: String, model: String?, favorite: Bool = false) {
        self.id = id
        self.created = created
        self.description = description
        self.primary = palette.primary
        self.secondary = palette.secondary
        self.accent = palette.accent
        self.provider = provider
        self.model = model
        self.favorite = favorite
    }

    public var palette: Palette { Palette(primary: primary, secondary: secondary, accent: accent) }

    // MARK: - Codable

    enum CodingKeys: String, CodingKey {
        case id, created, description, primary, secondary, accent, provider, model, favorite
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        let stamp = try c.decode(String.self, forKey: .created)
        guard let date = HistoryEntry.parseTimestamp(stamp) else {
            throw DecodingError.dataCorruptedError(
                forKey: .created, in: c, debugDescription: "not an RFC 3339 time")
        }
        created = date
        description = try c.decode(String.self, forKey: .description)
        primary = try c.decode(RGB.self, forKey: .primary)
        secondary = try c.decode(RGB.self, forKey: .secondary)
        accent = try c.decode(RGB.self, forKey: .accent)
        provider = try c.decode(String.self, forKey: .provider)
        model = try c.decodeIfPresent(String.self, forKey: .model)
        favorite = try c.decodeIfPresent(Bool.self, forKey: .favorite) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(HistoryEntry.formatTimestamp(created), forKey: .created)
        try c.encode(description, forKey: .description)
        try c.encode(primary, forKey: .primary)
        try c.encode(secondary, forKey: .secondary)
        try c.encode(accent, forKey: .accent)
        try c.encode(provider, forKey: .provider)
        try c.encode(model, forKey: .model)
        try c.encode(favorite, forKey: .favorite)
    }
}

// MARK: - RFC 3339 time stamps

extension HistoryEntry {
    /// Formats a time as RFC 3339 in UTC with milliseconds: `2026-11-29T08:05:03.250Z`.
    ///
    /// Hand-rolled: it is called for every line written and must not depend on a locale or
    /// on a formatter's thread safety.
    public static func formatTimestamp(_ date: Date) -> String {
        let totalMillis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let millis = Int(((totalMillis % 1000) + 1000) % 1000)
        let seconds = (totalMillis - Int64(millis)) / 1000
        let days = Int(floorDiv(seconds, 86_400))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (y, m, d) = civilFromDays(days)
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(millis, 3))Z"
    }

    /// Parses an RFC 3339 time (`Z` or `±hh:mm`, optional fraction of any length).
    public static func parseTimestamp(_ text: String) -> Date? {
        var copy = text
        return copy.withUTF8 { parseTimestamp(UnsafeRawBufferPointer($0)) }
    }

    /// Parses an RFC 3339 time from UTF-8 bytes; the history loader's fast path calls this.
    public static func parseTimestamp(_ b: UnsafeRawBufferPointer) -> Date? {
        let n = b.count
        guard n >= 20 else { return nil }
        func digits(_ at: Int, _ count: Int) -> Int? {
            var v = 0
            for i in at..<(at + count) {
                let c = b[i] &- 0x30
                guard c < 10 else { return nil }
                v = v * 10 + Int(c)
            }
            return v
        }
        guard let y = digits(0, 4), b[4] == 0x2D, let mo = digits(5, 2), b[7] == 0x2D,
              let d = digits(8, 2), b[10] == 0x54 || b[10] == 0x74 || b[10] == 0x20,
              let h = digits(11, 2), b[13] == 0x3A, let mi = digits(14, 2), b[16] == 0x3A,
              let s = digits(17, 2),
              (1...12).contains(mo), d >= 1, d <= daysInMonth(y, mo), h < 24, mi < 60, s < 61
        else { return nil }
        var i = 19
        var fraction = 0.0
        if i < n, b[i] == 0x2E {
            i += 1
            var numerator = 0
            var denominator = 1
            let start = i
            while i < n, b[i] &- 0x30 < 10 {
                if denominator < 1_000_000_000 {
                    numerator = numerator * 10 + Int(b[i] &- 0x30)
                    denominator *= 10
                }
                i += 1
            }
            if i == start { return nil }
            fraction = Double(numerator) / Double(denominator)
        }
        guard i < n else { return nil }
        var offset = 0
        switch b[i] {
        case 0x5A, 0x7A:
            i += 1
        case 0x2B, 0x2D:
            guard n - i == 6, let oh = digits(i + 1, 2), b[i + 3] == 0x3A, let om = digits(i + 4, 2),
                  oh < 24, om < 60 else { return nil }
            offset = (oh * 60 + om) * 60 * (b[i] == 0x2D ? -1 : 1)
            i += 6
        default:
            return nil
        }
        guard i == n else { return nil }
        let days = daysFromCivil(y, mo, d)
        let whole = Int64(days) * 86_400 + Int64(h * 3600 + mi * 60 + s - offset)
        return Date(timeIntervalSince1970: Double(whole) + fraction)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func daysInMonth(_ y: Int, _ m: Int) -> Int {
        switch m {
        case 2: return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The inverse of `daysFromCivil`.
    private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
