import Foundation
import PaletteCore
import XCTest

/// The one calendar and RFC 3339 implementation: history time stamps and the list's dates.
final class TimeTests: XCTestCase {
    func testTimestamps() throws {
        XCTAssertEqual(RFC3339.format(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(RFC3339.format(Date(timeIntervalSince1970: -0.5)), "1969-12-31T23:59:59.500Z")
        let leap = try XCTUnwrap(RFC3339.parse("2024-02-29T23:59:59.999Z"))
        XCTAssertEqual(RFC3339.format(leap), "2024-02-29T23:59:59.999Z")
        XCTAssertEqual(
            RFC3339.parse("2026-11-29T08:05:03.123Z")?.timeIntervalSince1970 ?? 0,
            1_795_939_503.123, accuracy: 0.0005)
        for stamp in ["2026-11-29T08:05:03.250Z", "2000-01-01T00:00:00.000Z", "2099-12-31T12:00:00.001Z"] {
            let date = try XCTUnwrap(RFC3339.parse(stamp), stamp)
            XCTAssertEqual(RFC3339.format(date), stamp)
        }
        for bad in [
            "2026-02-29T00:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T08:05:03", "2026-11-29 08:05",
            "2026-11-29T08:05:03.Z", "2026-13-01T00:00:00Z", "2026-11-29T08:05:03+0800", "",
        ] {
            XCTAssertNil(RFC3339.parse(bad), bad)
        }
    }

    /// Day counts and dates are inverses over ±2,000 years, and agree with Foundation's
    /// Gregorian calendar in UTC.
    func testCivilDatesAgreeWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        for days in stride(from: -730_000, through: 730_000, by: 997) {
            let (y, m, d) = CivilDate.date(days: days)
            XCTAssertEqual(CivilDate.days(year: y, month: m, day: d), days)
            XCTAssertTrue((1...CivilDate.daysInMonth(year: y, month: m)).contains(d), "\(y)-\(m)-\(d)")
            if y >= 1600 && y <= 2400 {
                let parts = calendar.dateComponents(
                    [.year, .month, .day],
                    from: Date(timeIntervalSince1970: Double(days) * 86_400))
                XCTAssertEqual([parts.year, parts.month, parts.day], [y, m, d], "day \(days)")
            }
        }
        XCTAssertEqual(CivilDate.daysInMonth(year: 2000, month: 2), 29)
        XCTAssertEqual(CivilDate.daysInMonth(year: 1900, month: 2), 28)
        XCTAssertEqual(CivilDate.daysInMonth(year: 2024, month: 2), 29)
        XCTAssertEqual(CivilDate.daysInMonth(year: 2026, month: 11), 30)
    }

    /// The hand-written format spells every time as Foundation's ISO 8601 style does (times
    /// whose milliseconds are exact in binary, so neither side has to round), and reads back.
    func testFormatAgreesWithFoundationAndReadsBack() throws {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        var seed: UInt64 = 42
        for _ in 0..<2000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Double(Int64(seed >> 30) % 8_000_000_000 - 2_000_000_000)
            let time = Date(timeIntervalSince1970: seconds + Double(seed & 7) * 0.125)
            let text = RFC3339.format(time)
            XCTAssertEqual(text, style.format(time))
            XCTAssertEqual(RFC3339.parse(text), time, text)
        }
    }

    /// The list's day is the UTC day, rounded down, also before 1970.
    func testUTCDay() throws {
        XCTAssertEqual(CivilDate.utcDay(Date(timeIntervalSince1970: 0)), "1970-01-01")
        XCTAssertEqual(CivilDate.utcDay(Date(timeIntervalSince1970: -0.001)), "1969-12-31")
        XCTAssertEqual(CivilDate.utcDay(Date(timeIntervalSince1970: 86_399.999)), "1970-01-01")
        XCTAssertEqual(CivilDate.utcDay(try XCTUnwrap(RFC3339.parse("2026-11-29T23:59:59.999+00:00"))), "2026-11-29")
        XCTAssertEqual(CivilDate.utcDay(try XCTUnwrap(RFC3339.parse("2026-11-30T07:00:00+08:00"))), "2026-11-29")
    }
}
