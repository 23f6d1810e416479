import PaletteCore
import ScreenCore
import XCTest

@testable import PaletteApp

/// `Canvas.changedSpan`: which columns of a row the screen hands to ncurses. No wider than the
/// change, never half a wide character, and empty for an equal row.
final class CanvasDiffTests: XCTestCase {
    /// A one-row canvas drawn the way the renderer draws (`put`: 寧 is a cell and its continuation).
    private func row(_ text: String, width: Int = 8) -> Canvas {
        var canvas = Canvas(width: width, height: 1)
        canvas.put(text, x: 0, y: 0, style: .plain)
        return canvas
    }

    func testTheRowHelperMakesWideCells() {
        let canvas = row("a寧b")
        XCTAssertEqual(canvas[1, 0].text, "寧")
        XCTAssertTrue(canvas[2, 0].isContinuation)
        XCTAssertEqual(canvas[3, 0].text, "b")
    }

    func testEqualRowsHaveNoSpan() {
        XCTAssertTrue(row("abc").changedSpan(from: row("abc"), row: 0).isEmpty)
        XCTAssertTrue(row("a寧b").changedSpan(from: row("a寧b"), row: 0).isEmpty)
        XCTAssertTrue(Canvas(width: 0, height: 1).changedSpan(from: Canvas(width: 0, height: 1), row: 0).isEmpty)
    }

    func testSpanIsFirstToLastChangedCell() {
        XCTAssertEqual(row("abXdYf").changedSpan(from: row("abcdef"), row: 0), 2..<5)
        XCTAssertEqual(row("abcd").changedSpan(from: row("abc"), row: 0), 3..<4)
        XCTAssertEqual(row("Xbc").changedSpan(from: row("abc"), row: 0), 0..<1)
        XCTAssertEqual(row("abcdefgX").changedSpan(from: row("abcdefgh"), row: 0), 7..<8)
    }

    func testStyleChangesCount() {
        var bold = row("abc")
        bold[1, 0].style.bold = true
        XCTAssertEqual(bold.changedSpan(from: row("abc"), row: 0), 1..<2)
        var coloured = row("abc")
        coloured[2, 0].style.background = .rgb(RGB(packed: 0x2E86AB))
        XCTAssertEqual(coloured.changedSpan(from: row("abc"), row: 0), 2..<3)
    }

    func testOnlyTheRowAskedForIsCompared() {
        var a = Canvas(width: 4, height: 2)
        var b = Canvas(width: 4, height: 2)
        a.put("寧", x: 1, y: 0, style: .plain)
        b.put("寧", x: 1, y: 0, style: .plain)
        b[3, 1] = Cell(text: "x", style: Style(bold: true))
        XCTAssertTrue(b.changedSpan(from: a, row: 0).isEmpty)
        XCTAssertEqual(b.changedSpan(from: a, row: 1), 3..<4)
        a[3, 1] = Cell(text: "x", style: Style(bold: true))
        XCTAssertTrue(b.changedSpan(from: a, row: 1).isEmpty)
    }

    func testSameTextBuiltDifferentlyIsEqual() {
        var a = Canvas(width: 1, height: 1)
        var b = Canvas(width: 1, height: 1)
        let long = String(repeating: "森", count: 8)  // 24 UTF-8 bytes: more than a cell keeps
        a[0, 0] = Cell(text: long)
        b[0, 0] = Cell(text: String(Array(long)))  // same text, separate storage
        XCTAssertTrue(b.changedSpan(from: a, row: 0).isEmpty)
    }

    // MARK: - Wide characters

    func testChangedRightHalfRedrawsTheLeftHalf() {
        // Only the continuation of 寧 changes (to "x"); its left half is the same cell in both
        // rows, so the first differing column is 2 and only widening to the left reaches 1.
        let old = row("a寧b")
        var new = old
        new[2, 0] = Cell(text: "x")
        XCTAssertEqual(new[1, 0], old[1, 0])
        XCTAssertEqual(new.changedSpan(from: old, row: 0), 1..<3)
        // The same when the continuation only changes style.
        var restyled = old
        restyled[2, 0].style.underline = true
        XCTAssertEqual(restyled.changedSpan(from: old, row: 0), 1..<3)
    }

    func testChangedLeftHalfRedrawsTheRightHalf() {
        // A different wide character: only the first cell differs (continuations are equal),
        // so only widening to the right reaches column 2.
        XCTAssertEqual(row("a森b").changedSpan(from: row("a寧b"), row: 0), 1..<3)
        XCTAssertEqual(row("森寧").changedSpan(from: row("寧寧"), row: 0), 0..<2)
    }

    func testWideCharacterOverNarrowOnesCoversBoth() {
        XCTAssertEqual(row("a森d").changedSpan(from: row("abcd"), row: 0), 1..<3)
        XCTAssertEqual(row("abcd").changedSpan(from: row("a森d"), row: 0), 1..<3)
    }

    func testWideCharacterMovedRight() {
        // 寧 at 1 moves to 2: columns 1 to 3 change, nothing wider.
        XCTAssertEqual(row("a 寧").changedSpan(from: row("a寧 "), row: 0), 1..<4)
    }

    func testRowsInMemoryOverFewerColumns() {
        // The screen compares only the columns the terminal has.
        let old = row("abcdefgh")
        let new = row("abcdefXY")
        let span = old.cells.withUnsafeBufferPointer { o in
            new.cells.withUnsafeBufferPointer { n in Canvas.changedSpan(o, n, columns: 6) }
        }
        XCTAssertTrue(span.isEmpty)
    }

    // MARK: - Cells

    func testPrintableASCIIIsOnlyForOneByteCells() {
        XCTAssertEqual(Cell(text: "A").printableASCII, 0x41)
        XCTAssertEqual(Cell(text: " ").printableASCII, 0x20)
        XCTAssertNil(Cell(text: "寧").printableASCII)
        XCTAssertNil(Cell(text: "e\u{301}").printableASCII)
        XCTAssertNil(Cell(text: "\u{7F}").printableASCII)
        XCTAssertNil(Cell(text: "", isContinuation: true).printableASCII)
    }
}
