import PaletteCore
import TestSupport
import XCTest

@testable import PaletteExport

/// The read-back rule: every `.paletteParser` format reads back through `PaletteParser` to the
/// same palette, for any palette, language and name without a colour code in it. (The
/// `.consumer` formats are read back by real readers in `ExportCommandTests`.)
final class ExportFormatTests: XCTestCase {
    /// The PNG card draws every name it can be given: each character of each colour name of
    /// each language, and of the role labels (bold too), has a glyph in that language's script,
    /// so no card shows the "?" stand-in.
    func testTheCardHasAGlyphForEveryNameInEveryLanguage() {
        for language in Language.allCases {
            var missing = Set<Character>()
            var names = 0
            for name in Self.names(language) {
                names += 1
                for u in name.unicodeScalars where CardFont.glyphIfAny(u, bold: false, language) == nil {
                    missing.insert(Character(u))
                }
            }
            for role in Role.allCases {
                for u in role.label(language).unicodeScalars where CardFont.glyphIfAny(u, bold: true, language) == nil {
                    missing.insert(Character(u))
                }
            }
            XCTAssertGreaterThan(names, 100, "\(language)")
            XCTAssertEqual(missing, [], "\(language): no glyph for \(String(missing.sorted()))")
        }
    }

    /// Every colour name a file can hold in `language`.
    static func names(_ language: Language) -> [String] {
        ColorNames.names(language).map(\.name)
    }

    func testParserFormatsReadBackThroughPaletteParser() throws {
        var rng = SplitMix64(seed: 0x9A_25E)
        let parserFormats = ExportFormat.allCases.filter { $0.readBack == .paletteParser }
        XCTAssertEqual(Set(parserFormats), [.css, .scss, .less, .tailwind, .tokens])
        var checked = 0
        for k in 0..<300 {
            let palette = ThemeGuaranteeTests.randomPalette(&rng)
            let language = Language.allCases[k % 3]
            let name = ["", "calm lake", "碧潭 晨霧 \"x\" */", "line\nbreak"][k % 4]
            for format in parserFormats {
                for v3 in format == .tailwind ? [false, true] : [false] {
                    let request = ExportRequest(
                        palette: palette, format: format, name: name, language: language, tailwindV3: v3)
                    let text = String(decoding: Exporter.render(request), as: UTF8.self)
                    XCTAssertEqual(try PaletteParser.parse(text), palette, "\(format) v3=\(v3):\n\(text)")
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 300 * 6)
    }

    func testKindsBinaryAndExtensions() {
        XCTAssertEqual(ExportFormat.allCases.filter(\.isBinary), [.ase, .swatches, .png])
        XCTAssertEqual(ExportFormat.allCases.filter { $0.kind == .palette }.count, 10)
        XCTAssertEqual(ExportFormat.allCases.filter { $0.kind == .theme }.count, 14)
        XCTAssertEqual(ExportFormat(rawValue: "windows-terminal"), .windowsTerminal)
        XCTAssertEqual(ExportFormat(rawValue: "terminal-json"), .terminalJSON)
    }

    /// The binary layouts, byte for byte where the spec fixes them.
    func testBinaryHeaders() {
        let p = Palette(primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01))
        let ase = Exporter.render(ExportRequest(palette: p, format: .ase, name: "x"))
        XCTAssertEqual(Array(ase.prefix(12)), Array("ASEF".utf8) + [0, 1, 0, 0, 0, 0, 0, 5])
        XCTAssertEqual(Array(ase[12..<14]), [0xC0, 0x01])
        XCTAssertEqual(Array(ase.suffix(6)), [0xC0, 0x02, 0, 0, 0, 0])
        let png = Exporter.render(ExportRequest(palette: p, format: .png))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(Array(png.suffix(12)), [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        let zip = Exporter.render(ExportRequest(palette: p, format: .swatches))
        XCTAssertEqual(Array(zip.prefix(4)), [0x50, 0x4B, 0x03, 0x04])
        XCTAssertEqual(CRC32.of(Array("123456789".utf8)), 0xCBF4_3926)
    }

    func testNamesAreMadeSafe() {
        XCTAssertEqual(ExportText.oneLine("  a\nb\u{2028}c\td  "), "a b c d")
        XCTAssertEqual(ExportText.slug("Calm Lake, at 5 AM!"), "calm-lake-at-5-am")
        XCTAssertEqual(ExportText.slug("碧潭"), "palette-tui")
        XCTAssertEqual(ExportText.comment("a */ b"), "a * / b")
        XCTAssertEqual(ExportText.xml("<a & \"b\">\u{1}"), "&lt;a &amp; &quot;b&quot;&gt;")
        XCTAssertEqual(ExportText.lua("a\"b\\c\n"), "\"a\\\"b\\\\c\\10\"")
    }
}

final class ThemeSequencesTests: XCTestCase {
    func testApplySetsEveryColourAndRestoreResetsThem() {
        let p = Palette(primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01))
        let theme = ThemeDerivation.derive(p, variant: .dark)
        let text = ThemeSequences.apply(theme)
        for (k, c) in theme.ansi.enumerated() {
            XCTAssertTrue(text.contains("\u{1B}]4;\(k);\(ThemeSequences.spec(c))\u{1B}\\"), "ANSI \(k)")
        }
        XCTAssertTrue(text.contains("\u{1B}]11;\(ThemeSequences.spec(theme.background))\u{1B}\\"))
        XCTAssertEqual(ThemeSequences.spec(RGB(packed: 0x0A0BFC)), "rgb:0a/0b/fc")
        XCTAssertEqual(
            ThemeSequences.restore, "\u{1B}]104\u{1B}\\\u{1B}]110\u{1B}\\\u{1B}]111\u{1B}\\\u{1B}]112\u{1B}\\")
    }
}

final class ExportPathTests: XCTestCase {
    func testFileNamesAndFreeNames() {
        XCTAssertEqual(
            ExportPath.fileName(description: "Calm lake at dawn", format: .css, variant: .dark), "calm-lake-at-dawn.css"
        )
        XCTAssertEqual(
            ExportPath.fileName(description: "Calm lake", format: .kitty, variant: .light), "calm-lake-light.conf")
        XCTAssertEqual(ExportPath.fileName(description: "碧潭", format: .png, variant: .dark), "碧潭.png")
        XCTAssertEqual(ExportPath.fileName(description: "  ¡!  ", format: .png, variant: .dark), "palette.png")
        XCTAssertEqual(ExportPath.fileName(description: "x", format: .tokens, variant: .dark), "x.tokens.json")
        XCTAssertEqual(ExportPath.fileName(description: "x", format: .ghostty, variant: .dark), "x-dark")
        XCTAssertEqual(
            ExportPath.fileName(description: "x", format: .tailwind, variant: .dark, tailwindV3: true),
            "x.tailwind.config.js")
        let taken: Set<String> = ["/d/x.tokens.json", "/d/x-2.tokens.json"]
        XCTAssertEqual(ExportPath.free("x.tokens.json", in: "/d/", exists: taken.contains), "/d/x-3.tokens.json")
        XCTAssertEqual(ExportPath.free("x-dark", in: "/d", exists: { _ in false }), "/d/x-dark")
        XCTAssertNil(ExportPath.free("x.css", in: "/d", exists: { _ in true }))
    }
}
