import XCTest
@testable import PaletteCore

final class RGBTests: XCTestCase {
    func testCanonicalHex() throws {
        XCTAssertEqual(try RGB(hex: " #2e86ab\n").hex, "#2E86AB")
        XCTAssertEqual(try RGB(hex: "f80").hex, "#FF8800")
    }

    func testRejectsWrongLength() {
        XCTAssertThrowsError(try RGB(hex: "#12345")) { error in
            XCTAssertEqual(error as? ColorParseError, .wrongLength(5, in: "#12345"))
        }
    }
}
