import FoundationEssentials
import Glibc

/// Proleptic Gregorian calendar dates as day counts since 1970-01-01 (Howard Hinnant's
/// algorithms), without a calendar object, a formatter or a locale.
///
/// The one calendar computation in the project: RFC 3339 time stamps in the history file and
/// the day shown beside each history row both come from here.
public enum CivilDate {
    /// Days since 1970-01-01 of a date (negative before it).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01: the inverse of `days(year:month:day:)`.
    public static func date(days: Int) -> (year: Int, month: Int, day: Int) {
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

    /// How many days month `month` (1...12) of `year` has.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The UTC calendar day of `time` as `2026-11-29`.
    public static func utcDay(_ time: Date) -> String {
        let (y, m, d) = date(days: Int((time.timeIntervalSince1970 / 86_400).rounded(.down)))
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
    }

    static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}

/// RFC 3339 time stamps: written in UTC with milliseconds, read in any offset.
///
/// By hand rather than `Date.ISO8601FormatStyle`: the history loader parses one stamp a line
/// straight from the file's bytes (100,000 lines before the first frame), and the format
/// written must stay exactly `2026-11-29T08:05:03.250Z` whatever Foundation version runs.
public enum RFC3339 {
    /// Formats a time as RFC 3339 in UTC with milliseconds: `2026-11-29T08:05:03.250Z`.
    public static func format(_ time: Date) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(24)
        append(time, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `format(time)`'s bytes: the history encoder writes them straight into its line.
    public static func append(_ time: Date, to out: inout [UInt8]) {
        let totalMillis = Int64((time.timeIntervalSince1970 * 1000).rounded())
        let millis = Int(((totalMillis % 1000) + 1000) % 1000)
        let seconds = (totalMillis - Int64(millis)) / 1000
        let days = Int(floorDiv(seconds, 86_400))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (y, m, d) = CivilDate.date(days: days)
        @inline(__always) func digits(_ v: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            var v = v
            if v < 0 || v >= divisor * 10 {
                // Outside four digits (before year 0 or after 9999): written as it is.
                out.append(contentsOf: String(v).utf8)
                return
            }
            while divisor > 0 {
                out.append(0x30 + UInt8(v / divisor))
                v %= divisor
                divisor /= 10
            }
        }
        digits(y, 4)
        out.append(0x2D)
        digits(m, 2)
        out.append(0x2D)
        digits(d, 2)
        out.append(0x54)
        digits(secondOfDay / 3600, 2)
        out.append(0x3A)
        digits(secondOfDay / 60 % 60, 2)
        out.append(0x3A)
        digits(secondOfDay % 60, 2)
        out.append(0x2E)
        digits(millis, 3)
        out.append(0x5A)
    }

    /// Parses an RFC 3339 time (`Z` or `±hh:mm`, optional fraction of any length).
    public static func parse(_ text: String) -> Date? {
        var copy = text
        return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Parses an RFC 3339 time from UTF-8 bytes; the history loader's fast path calls this.
    public static func parse(_ b: UnsafeRawBufferPointer) -> Date? {
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
            (1...12).contains(mo), d >= 1, d <= CivilDate.daysInMonth(year: y, month: mo), h < 24, mi < 60, s < 61
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
                oh < 24, om < 60
            else { return nil }
            offset = (oh * 60 + om) * 60 * (b[i] == 0x2D ? -1 : 1)
            i += 6
        default:
            return nil
        }
        guard i == n else { return nil }
        let days = CivilDate.days(year: y, month: mo, day: d)
        let whole = Int64(days) * 86_400 + Int64(h * 3600 + mi * 60 + s - offset)
        return Date(timeIntervalSince1970: Double(whole) + fraction)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
