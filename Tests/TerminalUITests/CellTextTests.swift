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
}

/// The row comparison that decides which rows are handed to ncurses: an empty span is an equal row.
final class RowDiffTests: XCTestCase {
    func testEqualRowsAndChangedRows() {
        var a = Canvas(width: 4, height: 2)
        var b = Canvas(width: 4, height: 2)
        a[1, 0] = Cell(text: "寧")
        a[2, 0] = Cell(text: "", isContinuation: true)
        b[1, 0] = Cell(text: "寧")
        b[2, 0] = Cell(text: "", isContinuation: true)
        XCTAssertTrue(Screen.changedSpan(a, b, row: 0).isEmpty)
        b[3, 1] = Cell(text: "x", style: Style(bold: true))
        XCTAssertTrue(Screen.changedSpan(a, b, row: 0).isEmpty)
        XCTAssertEqual(Screen.changedSpan(a, b, row: 1), 3..<4)
        a[3, 1] = Cell(text: "x", style: Style(bold: false))
        XCTAssertEqual(Screen.changedSpan(a, b, row: 1), 3..<4)
        a[3, 1].style.bold = true
        XCTAssertTrue(Screen.changedSpan(a, b, row: 1).isEmpty)
    }

    func testSameTextBuiltDifferentlyIsEqual() {
        var a = Canvas(width: 1, height: 1)
        var b = Canvas(width: 1, height: 1)
        let long = String(repeating: "森", count: 8)   // 24 UTF-8 bytes: more than a cell keeps
        a[0, 0] = Cell(text: long)
        b[0, 0] = Cell(text: String(Array(long)))      // same text, separate storage
        XCTAssertTrue(Screen.changedSpan(a, b, row: 0).isEmpty)
        XCTAssertTrue(Screen.changedSpan(Canvas(width: 0, height: 1), Canvas(width: 0, height: 1), row: 0).isEmpty)
    }

    func testASCIIFastPathMatchesTheGeneralPath() {
        var buffer = [wchar_t](repeating: 0x7F, count: 8)
        XCTAssertEqual(Screen.fill(&buffer, with: "A", room: 1), 1)
        XCTAssertEqual(Array(buffer[0...1]), [0x41, 0])
        XCTAssertEqual(Screen.fill(&buffer, with: "\u{7F}", room: 1), 1)
        XCTAssertEqual(Array(buffer[0...1]), [0x20, 0])
    }
}

/// The span of a changed row handed to ncurses: no wider than the change, never half a wide character.
final class ChangedSpanTests: XCTestCase {
    private func row(_ text: String, width: Int = 8) -> Canvas {
        var canvas = Canvas(width: width, height: 1)
        var x = 0
        for scalar in text.unicodeScalars {
            let wide = scalar.value >= 0x1100
            canvas[x, 0] = Cell(text: String(scalar))
            if wide { canvas[x + 1, 0] = Cell(text: "", isContinuation: true) }
            x += wide ? 2 : 1
        }
        return canvas
    }

    func testEqualRowsHaveNoSpan() {
        XCTAssertTrue(Screen.changedSpan(row("abc"), row("abc"), row: 0).isEmpty)
    }

    func testSpanIsFirstToLastChangedCell() {
        XCTAssertEqual(Screen.changedSpan(row("abcdef"), row("abXdYf"), row: 0), 2..<5)
        XCTAssertEqual(Screen.changedSpan(row("abc"), row("abcd"), row: 0), 3..<4)
    }

    func testStyleChangesCount() {
        var b = row("abc")
        b[1, 0].style.bold = true
        XCTAssertEqual(Screen.changedSpan(row("abc"), b, row: 0), 1..<2)
    }

    func testWideCharactersAreNeverCut() {
        // The right half of 寧 (old) becomes "x": both halves are redrawn.
        XCTAssertEqual(Screen.changedSpan(row("a寧b"), row("a xb"), row: 0), 1..<3)
        // A wide character replaces two narrow ones: both columns.
        XCTAssertEqual(Screen.changedSpan(row("abcd"), row("a森d"), row: 0), 1..<3)
        // Only the left half differs in the cells (a new wide character): its continuation too.
        XCTAssertEqual(Screen.changedSpan(row("a寧b"), row("a森b"), row: 0), 1..<3)
    }

    func testPrintableASCIIIsOnlyForOneByteCells() {
        XCTAssertEqual(Cell(text: "A").printableASCII, 0x41)
        XCTAssertEqual(Cell(text: " ").printableASCII, 0x20)
        XCTAssertNil(Cell(text: "寧").printableASCII)
        XCTAssertNil(Cell(text: "e\u{301}").printableASCII)
        XCTAssertNil(Cell(text: "\u{7F}").printableASCII)
        XCTAssertNil(Cell(text: "", isContinuation: true).printableASCII)
    }
}
