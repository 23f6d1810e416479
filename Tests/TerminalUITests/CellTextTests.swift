import CNcurses
import PaletteApp
import XCTest

@testable import TerminalUI

/// How one canvas cell's text becomes the wide-character string handed to ncurses.
final class CellTextTests: XCTestCase {
    private func fill(_ text: String, room: Int = 10) -> (scalars: [UInt32], columns: Int) {
        XCTAssertEqual(pt_setlocale_utf8(), 1, "the tests need a UTF-8 LC_CTYPE for wcwidth")
        var buffer = [wchar_t](repeating: 0x7F, count: 8)
        let columns = Screen.fill(&buffer, with: text, room: room)
        let end = buffer.firstIndex(of: 0) ?? buffer.count
        return (buffer[..<end].map { UInt32(bitPattern: $0) }, columns)
    }

    func testNarrowAndWideCharacters() {
        XCTAssertEqual(fill("A").scalars, [0x41])
        XCTAssertEqual(fill("A").columns, 1)
        XCTAssertEqual(fill("寧").scalars, [0x5BE7])
        XCTAssertEqual(fill("寧").columns, 2)
    }

    func testWideCharacterWithOneColumnLeftBecomesASpace() {
        XCTAssertEqual(fill("寧", room: 1).scalars, [0x20])
        XCTAssertEqual(fill("寧", room: 1).columns, 1)
    }

    func testControlAndFormatCharactersNeverReachNcurses() {
        XCTAssertEqual(fill("\u{1B}").scalars, [0x20])
        XCTAssertEqual(fill("\u{9B}").scalars, [0x20])
        XCTAssertEqual(fill("").scalars, [0x20])
        XCTAssertEqual(fill("A\u{202E}").scalars, [0x41])
        XCTAssertEqual(fill("A\u{200D}").scalars, [0x41])
    }

    func testCombiningMarksStayWithTheirBase() {
        XCTAssertEqual(fill("e\u{301}").scalars, [0x65, 0x301])
        XCTAssertEqual(fill("e\u{301}").columns, 1)
        XCTAssertEqual(fill("e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}").scalars, [0x65, 0x301, 0x302, 0x303, 0x304])
    }

    func testASCIIFastPathMatchesTheGeneralPath() {
        var buffer = [wchar_t](repeating: 0x7F, count: 8)
        XCTAssertEqual(Screen.fill(&buffer, with: "A", room: 1), 1)
        XCTAssertEqual(Array(buffer[0...1]), [0x41, 0])
        XCTAssertEqual(Screen.fill(&buffer, with: "\u{7F}", room: 1), 1)
        XCTAssertEqual(Array(buffer[0...1]), [0x20, 0])
    }
}
