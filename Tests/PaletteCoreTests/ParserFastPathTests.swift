import PaletteCore
import XCTest

/// The parser's fast paths (bytes instead of scalars, errors built only for what is kept, names
/// looked up only where they can count) give the answers and the messages of the full readers.
final class ParserFastPathTests: XCTestCase {
    private func parse(_ text: String) -> Result<Palette, PaletteParseError> {
        Result { () throws(PaletteParseError) in try PaletteParser.parse(text) }
    }

    private func palette(_ p: UInt32, _ s: UInt32, _ a: UInt32) -> Palette {
        Palette(primary: RGB(packed: p), secondary: RGB(packed: s), accent: RGB(packed: a))
    }

    /// Only the first three bad `#` words get their error built, but every one of them still
    /// ends the label of the code after it: here `accent` labels #112233, not `primary`.
    func testLabelsStillEndAtBadWordsWhoseErrorIsNotBuilt() {
        XCTAssertEqual(
            parse("#zz #zz #zz primary #zz accent #112233 secondary #445566 primary #778899"),
            .success(palette(0x778899, 0x445566, 0x112233)))
        // A thousand bad words: the one named is the first, with its quote and its role.
        XCTAssertEqual(
            parse("#112233 " + String(repeating: "#ABCDE ", count: 1000) + "#445566 accent: #GGHHII"),
            .failure(.invalidColor("secondary", .cutShort(5, alpha: nil, in: "#ABCDE"))))
        XCTAssertEqual(
            parse(String(repeating: "#GGGGGG ", count: 500) + "#112233 #445566"),
            .failure(.invalidColor("primary", .invalidCharacter("G", in: "#GGGGGG"))))
        // Codes past the third are counted, never read.
        XCTAssertEqual(parse(String(repeating: "#ABC ", count: 10)), .failure(.wrongColorCount(10)))
    }

    func testHexFromBytesMatchesTheScalarReader() throws {
        XCTAssertEqual(try RGB(hex: " #2e86ab\n"), RGB(packed: 0x2E86AB))
        XCTAssertEqual(try RGB(hex: "\t#AbC "), RGB(packed: 0xAABBCC))
        XCTAssertEqual(try RGB(hex: "f18F01"), RGB(packed: 0xF18F01))
        // Unicode white space is trimmed by the scalar reader.
        XCTAssertEqual(try RGB(hex: "\u{3000}#2E86AB\u{00A0}"), RGB(packed: 0x2E86AB))
        XCTAssertThrowsError(try RGB(hex: "#ABCD")) {
            XCTAssertEqual($0 as? ColorParseError, .wrongLength(4, in: "#ABCD"))
        }
        XCTAssertThrowsError(try RGB(hex: "#2E86AB\u{301}")) {
            XCTAssertEqual($0 as? ColorParseError, .invalidCharacter("\u{301}", in: "#2E86AB\u{301}"))
        }
        XCTAssertEqual(try ColorSyntax.parse(" #abc "), RGB(packed: 0xAABBCC))
        XCTAssertEqual(try ColorSyntax.parse("#2E86ABFF"), RGB(packed: 0x2E86AB))
        XCTAssertEqual(try ColorSyntax.parse("abc"), RGB(packed: 0xAABBCC))
    }

    func testNameKeysFromBytesMatchTheScalarReader() {
        XCTAssertEqual(ColorNames.named("  Slate--Green ")?.name, "slate green")
        XCTAssertEqual(ColorNames.named("DARK_SLATE_GRAY")?.color, RGB(packed: 0x2F4F4F))
        XCTAssertEqual(ColorNames.named("NAVY")?.color, RGB(packed: 0x000080))
        XCTAssertEqual(ColorNames.named("靛藍")?.color, ColorNames.named("靛蓝")?.color)
        XCTAssertNil(ColorNames.named("Navy\u{301}"))
        XCTAssertNil(ColorNames.named("a"))
    }

    /// An array's names count among its first three values only: past them the array is no
    /// palette, and one without codes is not reported; a weak role key takes a name.
    func testNamesCountWhereTheyCanChangeTheAnswer() {
        XCTAssertEqual(parse(##"["navy", "teal", "coral"]"##), .success(palette(0x000080, 0x008080, 0xFF7F50)))
        XCTAssertEqual(
            parse(##"[{"hex": "navy"}, {"hex": "teal"}, {"hex": "coral"}]"##),
            .success(palette(0x000080, 0x008080, 0xFF7F50)))
        XCTAssertEqual(parse(##"["x", "y", "z", "navy"]"##), .failure(.noPaletteFound))
        XCTAssertEqual(parse(##"["#112233", "navy", "teal", "coral"]"##), .failure(.wrongColorCount(4)))
        XCTAssertEqual(
            parse(##"{"main": "navy", "secondary": "#445566", "accent": "#778899"}"##),
            .success(palette(0x000080, 0x445566, 0x778899)))
        XCTAssertEqual(
            parse(##"{"main": "calm", "secondary": "#445566", "accent": "#778899"}"##), .failure(.wrongColorCount(2)))
        XCTAssertEqual(
            parse(
                ##"{"primary": "#112233", "secondary": "#445566", "accent": "#778899", "notes": ["a", "b", "c", "navy"]}"##
            ), .success(palette(0x112233, 0x445566, 0x778899)))
    }

    /// Role words and separators found from the bytes first: Chinese labels, a compatibility
    /// ideograph (U+FAB9 is 調 under canonical equivalence), separators of every kind.
    func testLabelledLinesReadAsBefore() {
        XCTAssertEqual(
            parse("Accent: #112233\nPrimary: #445566\nSecondary: #778899"),
            .success(palette(0x445566, 0x778899, 0x112233)))
        XCTAssertEqual(
            parse("強調色：#112233\n主色：#445566\n輔助色：#778899"), .success(palette(0x445566, 0x778899, 0x112233)))
        XCTAssertEqual(
            parse("強\u{FAB9}色：#112233\n主色：#445566\n輔助色：#778899"), .success(palette(0x445566, 0x778899, 0x112233)))
        XCTAssertEqual(
            parse("Primary => navy; Secondary -> teal; Accent | coral"), .success(palette(0x000080, 0x008080, 0xFF7F50))
        )
        XCTAssertEqual(
            parse("```json\nprimary — navy\n```\nsecondary – teal\naccent:\tcoral"),
            .success(palette(0x000080, 0x008080, 0xFF7F50)))
    }
}
