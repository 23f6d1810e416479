import XCTest

@testable import PaletteCore

final class PaletteFormatTests: XCTestCase {
    private let palette = Palette(
        primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0x663399), accent: RGB(packed: 0xF18F01))

    private func name(_ color: RGB) -> String { ColorNames.nearest(to: color).name.name }

    func testTextIsOneLineARoleWithLabelHexAndName() {
        let text = GeneratedPalette(palette: palette, provider: "parsed").formatted(.text)
        XCTAssertEqual(
            text,
            """
            Primary    #2E86AB  \(name(palette.primary))
            Secondary  #663399  rebeccapurple
            Accent     #F18F01  \(name(palette.accent))
            """)
    }

    func testTextLabelsFollowLanguageAndAlignByColumns() {
        let result = GeneratedPalette(palette: palette, provider: "parsed")
        let hant = result.formatted(.text, language: .traditionalChinese).split(separator: "\n")
        XCTAssertEqual(hant[0], "主色    #2E86AB  \(name(palette.primary))")
        XCTAssertEqual(hant[1], "輔助色  #663399  rebeccapurple")
        XCTAssertTrue(hant[2].hasPrefix("強調色  #F18F01  "))
        let hans = result.formatted(.text, language: .simplifiedChinese).split(separator: "\n")
        XCTAssertTrue(hans[1].hasPrefix("辅助色  #663399"))
        XCTAssertTrue(hans[2].hasPrefix("强调色  #F18F01"))
    }

    func testTextShowsRationaleAndNotes() {
        let result = GeneratedPalette(
            palette: palette, provider: "offline", model: "engine-1",
            rationale: [.primary: ["harbour", "evening"], .accent: ["lantern"]],
            fallbackReason: ProviderFailure(provider: "gemini", .timedOut(seconds: 30)))
        let notes = ["offline fallback: Gemini timed out"]
        let lines = result.formatted(.text, notes: notes).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4)
        XCTAssertTrue(lines[0].hasSuffix("  from: harbour, evening"), lines[0])
        XCTAssertFalse(lines[1].contains("from:"))
        XCTAssertTrue(lines[2].hasSuffix("  from: lantern"), lines[2])
        XCTAssertEqual(lines[3], "note: offline fallback: Gemini timed out")
        XCTAssertEqual(
            result.formatted(.text, language: .traditionalChinese, notes: notes).split(separator: "\n").last,
            "備註：offline fallback: Gemini timed out")
    }

    func testJSONHasFixedKeysAndOnlyPresentMetadata() throws {
        let bare = GeneratedPalette(palette: palette, provider: "parsed").formatted(.json)
        XCTAssertEqual(
            bare,
            """
            {
              "primary": "#2E86AB",
              "secondary": "#663399",
              "accent": "#F18F01",
              "provider": "parsed"
            }
            """)
        let full = GeneratedPalette(
            palette: palette, provider: "gemini", model: "gemini-2.5-flash",
            rationale: [.secondary: ["dusk \"violet\""]],
            fallbackReason: ProviderFailure(provider: "gemini", .truncated))
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(full.formatted(.json, notes: ["line\nbreak"]).utf8))
                as? [String: Any])
        XCTAssertEqual(object["primary"] as? String, "#2E86AB")
        XCTAssertEqual(object["model"] as? String, "gemini-2.5-flash")
        XCTAssertEqual(object["rationale"] as? [String: [String]], ["secondary": ["dusk \"violet\""]])
        XCTAssertEqual(object["notes"] as? [String], ["line\nbreak"])
        XCTAssertEqual(object["fallback"] as? Bool, true)
    }

    func testHexAndCSS() {
        let result = GeneratedPalette(palette: palette, provider: "parsed")
        XCTAssertEqual(result.formatted(.hex), "#2E86AB\n#663399\n#F18F01")
        XCTAssertEqual(
            result.formatted(.css),
            ":root { --color-primary: #2E86AB; --color-secondary: #663399; --color-accent: #F18F01; }")
    }

    func testEveryFormatReadsBackToThePalette() throws {
        let result = GeneratedPalette(
            palette: palette, provider: "offline", rationale: [.primary: ["sea"]], notes: [.noColourWords])
        for format in PaletteFormat.allCases {
            for language in Language.allCases {
                XCTAssertEqual(
                    try PaletteParser.parse(result.formatted(format, language: language, notes: ["n"])), palette,
                    "\(format) \(language)")
            }
        }
    }

    func testColumnWidths() {
        XCTAssertEqual(DisplayWidth.of("Accent"), 6)
        XCTAssertEqual(DisplayWidth.of("強調色"), 6)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.padded("主色", to: 6), "主色  ")
    }

    func testColorReportText() throws {
        let report = ColorReport(try RGB(hex: "#777777"))
        let lines = report.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "#777777")
        XCTAssertTrue(lines.contains("  rgb        119 119 119"))
        XCTAssertTrue(lines.contains("  oklch      oklch(56.93% 0.0000 none)"))
        XCTAssertTrue(lines.contains("  contrast   on white 4.47:1 AA large, on black 4.68:1 AA"), report.text)
        XCTAssertTrue(lines.contains("  xterm-256  243 #767676, ΔE00 0.40"), report.text)
        XCTAssertTrue(lines.contains("  protan     #777777"))
    }

    func testNumberFormatting() {
        XCTAssertEqual(ColorReport.fixed(4.4781, 2), "4.48")
        XCTAssertEqual(ColorReport.fixed(-0.0001, 2), "0.00")
        XCTAssertEqual(ColorReport.fixed(0.05, 4), "0.0500")
        XCTAssertEqual(ColorReport.number(21), "21")
        XCTAssertEqual(ColorReport.number(0.1234567), "0.123457")
        XCTAssertEqual(ColorReport.ratioText(4.4999), "4.49:1")
    }
}
