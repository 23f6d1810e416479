import CNcurses
import PaletteApp
import ScreenCore
import XCTest

@testable import TerminalUI

/// How one canvas cell's text becomes the bytes written to the terminal.
final class CellTextTests: XCTestCase {
    private func text(_ text: String, room: Int = 10) -> (scalars: [UInt32], columns: Int) {
        XCTAssertEqual(pt_setlocale_utf8(), 1, "the tests need a UTF-8 LC_CTYPE for wcwidth")
        var writer = TerminalWriter(strings: .ansi)
        let columns = writer.cellText(Cell(text: text), room: room, width: 80)
        return (String(decoding: writer.bytes, as: UTF8.self).unicodeScalars.map(\.value), columns)
    }

    func testNarrowAndWideCharacters() {
        XCTAssertEqual(text("é").scalars, [0xE9])
        XCTAssertEqual(text("é").columns, 1)
        XCTAssertEqual(text("寧").scalars, [0x5BE7])
        XCTAssertEqual(text("寧").columns, 2)
        XCTAssertEqual(text("🌅").scalars, [0x1F305])
        XCTAssertEqual(text("🌅").columns, 2)
    }

    func testWideCharacterWithOneColumnLeftBecomesASpace() {
        XCTAssertEqual(text("寧", room: 1).scalars, [0x20])
        XCTAssertEqual(text("寧", room: 1).columns, 1)
    }

    func testControlAndFormatCharactersNeverReachTheTerminal() {
        XCTAssertEqual(text("\u{1B}").scalars, [0x20])
        XCTAssertEqual(text("\u{9B}").scalars, [0x20])
        XCTAssertEqual(text("\u{7F}").scalars, [0x20])
        XCTAssertEqual(text("").scalars, [0x20])
        XCTAssertEqual(text("A\u{202E}").scalars, [0x41])
        XCTAssertEqual(text("A\u{200D}").scalars, [0x41])
        XCTAssertEqual(text("A\u{1B}[2J").scalars, [0x41])
    }

    func testCombiningMarksStayWithTheirBase() {
        XCTAssertEqual(text("e\u{301}").scalars, [0x65, 0x301])
        XCTAssertEqual(text("e\u{301}").columns, 1)
        XCTAssertEqual(text("e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}").scalars, [0x65, 0x301, 0x302, 0x303, 0x304])
    }

    func testACombiningMarkOnItsOwnIsASpace() {
        XCTAssertEqual(text("\u{301}").scalars, [0x20])
        XCTAssertEqual(text("\u{301}").columns, 1)
        XCTAssertEqual(text("█").scalars, [0x2588])
    }

    /// The painter's fast path reads a cell's one scalar straight from its bytes.
    func testSingleScalarOfACell() {
        XCTAssertEqual(Cell(text: "A").singleScalar, "A")
        XCTAssertEqual(Cell(text: "é").singleScalar, "\u{E9}")
        XCTAssertEqual(Cell(text: "█").singleScalar, "\u{2588}")
        XCTAssertEqual(Cell(text: "寧").singleScalar, "\u{5BE7}")
        XCTAssertEqual(Cell(text: "🌅").singleScalar, "\u{1F305}")
        XCTAssertEqual(Cell(scalar: "\u{10FFFF}", style: .plain).singleScalar, "\u{10FFFF}")
        XCTAssertNil(Cell(text: "e\u{301}").singleScalar)
        XCTAssertNil(Cell(text: "ab").singleScalar)
        XCTAssertNil(Cell(text: "").singleScalar)
        XCTAssertNil(Cell(text: "寧a").singleScalar)
    }

    func testAContinuationCellOnItsOwnIsASpace() {
        var writer = TerminalWriter(strings: .ansi)
        XCTAssertEqual(writer.cellText(Cell(text: "", isContinuation: true), room: 5, width: 80), 1)
        XCTAssertEqual(writer.bytes, [0x20])
    }
}
