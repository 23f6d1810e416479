import PaletteCore
import PaletteText
import XCTest

@testable import PaletteApp

/// `inspect`'s text report in each language: the same facts, every label and name worded.
final class InspectTextTests: XCTestCase {
    func testEnglishReport() throws {
        let text = InspectText.text(ColorReport(try RGB(hex: "#777777")), language: .english)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "#777777")
        XCTAssertTrue(lines.contains("  rgb        119 119 119"))
        XCTAssertTrue(lines.contains("  oklch      oklch(56.93% 0.0000 none)"))
        XCTAssertTrue(lines.contains("  contrast   on white 4.47:1 AA large, on black 4.68:1 AA"), text)
        XCTAssertTrue(lines.contains("  xterm-256  243 #767676, ΔE00 0.40"), text)
        XCTAssertTrue(lines.contains("  protan     #777777"))
    }

    /// Issue 11 point 6: under zh-Hant and zh-Hans the report's labels, levels and colour name
    /// are Chinese, in that script.
    func testIssue11Point6InspectReportsInChinese() throws {
        let color = try RGB(hex: "#177CB0")
        for language in [Language.traditionalChinese, .simplifiedChinese] {
            let report = ColorReport(color, language: language)
            let text = InspectText.text(report, language: language)
            XCTAssertEqual(report.name.name, "靛青", "the traditional colour at exactly this hex")
            XCTAssertEqual(report.name.source, .chinese)
            XCTAssertTrue(text.contains(language == .traditionalChinese ? "名稱" : "名称"), text)
            XCTAssertTrue(text.contains("白底 "), text)
            XCTAssertTrue(text.contains(language == .traditionalChinese ? "紅色盲" : "红色盲"), text)
            for word in ["contrast", "ink", "name", "on white", "protan", "fails", "large", "css", "xkcd"] {
                XCTAssertFalse(text.contains(word), "\(language): \(word) in\n\(text)")
            }
        }
        let blue = InspectText.text(
            ColorReport(try RGB(hex: "#00035B"), language: .traditionalChinese), language: .traditionalChinese)
        XCTAssertTrue(blue.contains("深藍"), blue)
    }
}
