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
        // Issue 11 point 6: the names are Chinese too, in the script asked for.
        func zh(_ c: RGB, _ l: Language) -> String { ColorNames.nearest(to: c, language: l).name.name }
        XCTAssertEqual(hant[0], "主色    #2E86AB  \(zh(palette.primary, .traditionalChinese))")
        XCTAssertEqual(hant[1], "輔助色  #663399  \(zh(palette.secondary, .traditionalChinese))")
        XCTAssertFalse(hant.joined().contains { $0.isASCII && $0.isLetter && !"ABCDEF".contains($0) })
        XCTAssertTrue(hant[2].hasPrefix("強調色  #F18F01  "))
        let hans = result.formatted(.text, language: .simplifiedChinese).split(separator: "\n")
        XCTAssertEqual(hans[1], "辅助色  #663399  \(zh(palette.secondary, .simplifiedChinese))")
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

    func testNumberFormatting() {
        XCTAssertEqual(ColorReport.fixed(4.4781, 2), "4.48")
        XCTAssertEqual(ColorReport.fixed(-0.0001, 2), "0.00")
        XCTAssertEqual(ColorReport.fixed(0.05, 4), "0.0500")
        XCTAssertEqual(ColorReport.number(21), "21")
        XCTAssertEqual(ColorReport.number(0.1234567), "0.123457")
        XCTAssertEqual(ColorReport.ratioText(4.4999), "4.49:1")
    }
}
