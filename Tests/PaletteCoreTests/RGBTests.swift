import XCTest

@testable import PaletteCore

final class RGBTests: XCTestCase {
    func testCanonicalHex() throws {
        XCTAssertEqual(try RGB(hex: " #2e86ab\n").hex, "#2E86AB")
        XCTAssertEqual(try RGB(hex: "f80").hex, "#FF8800")
    }

    func testAcceptedForms() throws {
        let table: [(String, UInt32)] = [
            ("#2E86AB", 0x2E86AB), ("#2e86ab", 0x2E86AB), ("2E86AB", 0x2E86AB), ("  #2E86AB\t", 0x2E86AB),
            ("#FFF", 0xFFFFFF), ("fff", 0xFFFFFF), ("#a1B", 0xAA11BB), ("000", 0x000000), ("\u{3000}#123456", 0x123456),
        ]
        for (text, packed) in table {
            XCTAssertEqual(try RGB(hex: text), RGB(packed: packed), text)
        }
    }

    func testRejectedFormsSayWhy() {
        let table: [(String, ColorParseError)] = [
            ("", .empty),
            ("   ", .empty),
            ("#", .wrongLength(0, in: "#")),
            ("#12345", .wrongLength(5, in: "#12345")),
            ("#1234567", .wrongLength(7, in: "#1234567")),
            ("##123", .invalidCharacter("#", in: "##123")),
            ("#12G456", .invalidCharacter("G", in: "#12G456")),
            ("rgb(1,2,3)", .invalidCharacter("r", in: "rgb(1,2,3)")),
            ("#１２３", .invalidCharacter("１", in: "#１２３")),
        ]
        for (text, error) in table {
            XCTAssertThrowsError(try RGB(hex: text), text) { XCTAssertEqual($0 as? ColorParseError, error, text) }
        }
        XCTAssertEqual(
            ColorParseError.wrongLength(7, in: "#1234567").description,
            ##""#1234567" is not a colour: expected 3 or 6 hex digits, found more than 6"##)
    }

    func testCodableUsesCanonicalHex() throws {
        let data = try JSONEncoder().encode(
            Palette(primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01)))
        XCTAssertEqual(String(decoding: data, as: UTF8.self).contains("\"#2E86AB\""), true)
        XCTAssertThrowsError(try JSONDecoder().decode(RGB.self, from: Data("\"#12\"".utf8)))
    }
}
