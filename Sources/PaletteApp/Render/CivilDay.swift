import Foundation

/// The UTC calendar day of a date as `2026-11-29`, computed without a formatter.
///
/// A copy of the civil-date conversion in PaletteCore's `HistoryEntry` (Howard Hinnant's
/// days-to-civil algorithm), kept apart here until PaletteCore offers it: a `DateFormatter`
/// per row would cost more than the whole rest of the frame.
enum CivilDay {
    static func string(_ date: Date) -> String {
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)-\(two(m))-\(two(d))"
    }
}
