import Foundation
import XCTest

@testable import PaletteCore

/// Issue 11 point 13: one colour in any form people and models write it (`ColorSyntax`).
final class ColorSyntaxTests: XCTestCase {
    private func parse(_ text: String) throws -> RGB { try ColorSyntax.parse(text) }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ColorParseError? {
        do {
            let c = try ColorSyntax.parse(text)
            XCTFail("\(text) read as \(c.hex)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// The issue's forms, and each one spelled as models and people spell it.
    func testIssue11Point13TheIssuesFormsReadAsTheirColour() throws {
        let forest = RGB(r: 47, g: 93, b: 80)
        for text in [
            "rgb(47, 93, 80)", "rgb(47 93 80)", "RGB( 47 ,93,80 )", "rgba(47, 93, 80, 1)", "rgb(47 93 80 / 100%)",
            "#2F5D50", "2f5d50", "#2F5D50FF", "  rgb(47 93 80)\n",
        ] {
            XCTAssertEqual(try parse(text), forest, text)
        }
        XCTAssertEqual(try parse("navy"), RGB(r: 0, g: 0, b: 128))
        XCTAssertEqual(try parse("RebeccaPurple"), RGB(r: 0x66, g: 0x33, b: 0x99))
        XCTAssertEqual(try parse("rebecca purple"), RGB(r: 0x66, g: 0x33, b: 0x99))
        XCTAssertEqual(try parse("dark slate gray"), RGB(r: 0x2F, g: 0x4F, b: 0x4F))
        // XKCD's names, with their spaces or without.
        let slateGreen = try XCTUnwrap(ColorNames.all.first { $0.name == "slate green" }).color
        XCTAssertEqual(try parse("slate green"), slateGreen)
        XCTAssertEqual(try parse("Slate-Green"), slateGreen)
        XCTAssertEqual(try parse("hsl(163, 32.9%, 27.5%)"), forest)
        XCTAssertEqual(try parse("oklch(44.13% 0.0556 173.2)"), forest)
    }

    /// Every form against a reference implementation of CSS Color 4 (coloraide; see
    /// tools/gen_color_syntax_vectors.py): legacy and modern syntax, percentages, angles, none.
    func testIssue11Point13EveryFunctionAgreesWithTheReference() throws {
        let rows = try Fixture.text("color-syntax/in-gamut.tsv").split(separator: "\n").filter { !$0.hasPrefix("#") }
        XCTAssertGreaterThan(rows.count, 3000)
        var functions: Set<String> = []
        var failures: [String] = []
        for row in rows {
            let cells = row.split(separator: "\t").map(String.init)
            let expected = try RGB(hex: cells[1])
            functions.insert(String(cells[0].prefix { $0 != "(" }).lowercased())
            do {
                let got = try parse(cells[0])
                if got != expected { failures.append("\(cells[0]): \(got.hex), expected \(expected.hex)") }
            } catch {
                failures.append("\(cells[0]): \(error)")
            }
        }
        XCTAssertEqual(functions, ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color"])
        XCTAssertEqual(failures, [], "\(failures.count) of \(rows.count) differ")
    }

    /// Colours outside sRGB keep their OKLCH lightness and hue and lose chroma (CSS Color 4's
    /// direction), never clip a channel into another hue.
    func testIssue11Point13OutOfGamutColoursAreMappedKeepingLightnessAndHue() throws {
        for (text, l, h) in [
            ("oklch(0.7 0.4 150)", 0.7, 150.0), ("oklch(50% 0.37 20)", 0.5, 20), ("oklch(0.9 0.3 300)", 0.9, 300),
            ("lch(60 150 250)", -1, -1), ("color(display-p3 0 1 0)", -1, -1), ("color(rec2020 1 0 0)", -1, -1),
        ] {
            let c = try parse(text)
            let got = OKLCH(c)
            if l >= 0 {
                XCTAssertEqual(got.l, l, accuracy: 0.01, text)
                XCTAssertEqual(got.h, h, accuracy: 2, text)
            }
            XCTAssertGreaterThan(got.c, 0.05, "\(text) kept its colour")
        }
        // Display P3 green is greener than sRGB's: it maps towards sRGB green, not to another hue.
        let p3Green = OKLCH(try parse("color(display-p3 0 1 0)"))
        XCTAssertEqual(p3Green.h, OKLCH(RGB(r: 0, g: 255, b: 0)).h, accuracy: 6)
        // rgb() clamps as CSS does.
        XCTAssertEqual(try parse("rgb(300, -20, 128)"), RGB(r: 255, g: 0, b: 128))
        XCTAssertEqual(try parse("hsl(0 150% 50%)"), RGB(r: 255, g: 0, b: 0))
    }

    /// What is wrong is said precisely, and a translucent colour is refused, not flattened.
    func testIssue11Point13ErrorsSayWhatIsWrongAndWhichFormsWork() {
        XCTAssertEqual(error("bluish glorp"), .notAColor("bluish glorp"))
        XCTAssertTrue((error("bluish glorp")?.description ?? "").contains("rgb(47 93 80)"))
        XCTAssertTrue((error("bluish glorp")?.description ?? "").contains("CSS or XKCD colour name"))
        XCTAssertEqual(error("rgb(47 93)"), .badArguments(.count(function: "rgb", found: 2), in: "rgb(47 93)"))
        XCTAssertEqual(
            error("rgb(47 93 80 1)"), .badArguments(.count(function: "rgb", found: 4), in: "rgb(47 93 80 1)"))
        XCTAssertEqual(error("rgb(a b c)"), .badArguments(.notANumber("a"), in: "rgb(a b c)"))
        XCTAssertEqual(error("rgb(47 93 80"), .badArguments(.unclosed(function: "rgb"), in: "rgb(47 93 80"))
        XCTAssertEqual(error("rgb(1 2 3) x"), .badArguments(.trailing(" x"), in: "rgb(1 2 3) x"))
        XCTAssertEqual(error("rgb(10deg 2 3)"), .badArguments(.unexpectedAngle(function: "rgb"), in: "rgb(10deg 2 3)"))
        XCTAssertEqual(error("rgb(1 2 3 /)"), .badArguments(.badAlpha(function: "rgb"), in: "rgb(1 2 3 /)"))
        XCTAssertEqual(error("color(cmyk 1 2 3)"), .badArguments(.unknownSpace("cmyk"), in: "color(cmyk 1 2 3)"))
        XCTAssertEqual(error("cmyk(0, 10, 20, 5)"), .unknownFunction("cmyk", in: "cmyk(0, 10, 20, 5)"))
        XCTAssertEqual(error("rgba(47, 93, 80, 0.5)"), .translucent(alpha: 0.5, in: "rgba(47, 93, 80, 0.5)"))
        XCTAssertEqual(error("#2F5D5080"), .translucent(alpha: 128.0 / 255, in: "#2F5D5080"))
        XCTAssertEqual(error("transparent"), .translucent(alpha: 0, in: "transparent"))
        XCTAssertEqual(error("#GG0000"), .invalidCharacter("G", in: "#GG0000"))
        XCTAssertEqual(error("2E86AG"), .invalidCharacter("G", in: "2E86AG"))
        XCTAssertEqual(error("#12345"), .wrongHexLength(5, in: "#12345"))
        XCTAssertEqual(error("   "), .empty)
        XCTAssertEqual(error(String(repeating: "a", count: 500)), .notAColor(String(repeating: "a", count: 500)))
        for e in [error("rgb(1 2)"), error("cmyk(1)"), error("rgba(1,2,3,.5)")] {
            XCTAssertFalse(e?.description.isEmpty ?? true)
        }
    }

    /// Random and hostile text is answered (a colour or an error) without a trap, and quickly.
    func testIssue11Point13HostileTextIsAnsweredWithoutATrap() {
        var rng = SystemRandomNumberGenerator()
        let pieces = [
            "rgb(", "hsl(", "oklch(", "color(", "display-p3", ")", "(", ",", "/", " ", "%", "deg", "turn", "e", "E9999",
            "-", "+", ".", "1", "255", "1e308", "none", "#", "F", "navy", "\u{0}", "\u{301}", "主色", "\u{1F600}", "\n",
            "nan", "inf", "0x", "1e-400",
        ]
        for _ in 0..<20_000 {
            let n = Int.random(in: 0...12, using: &rng)
            let text = (0..<n).map { _ in pieces.randomElement(using: &rng)! }.joined()
            do {
                _ = try ColorSyntax.parse(text)
            } catch {
                XCTAssertFalse(error.description.isEmpty, text)
            }
        }
        let huge = String(repeating: "rgb(", count: 100_000)
        XCTAssertThrowsError(try ColorSyntax.parse(huge))
    }
}
