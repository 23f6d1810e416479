import CNcurses
import PaletteApp
import PaletteCore
import ScreenCore
import XCTest

@testable import TerminalUI

/// The bytes a frame costs: the whole screen once, then only what changed.
final class ScreenPainterTests: XCTestCase {
    private let size = (width: 10, height: 3)

    private func canvas(_ rows: [String], cursor: (x: Int, y: Int)? = nil) -> Canvas {
        var canvas = Canvas(width: size.width, height: size.height)
        for (y, row) in rows.enumerated() {
            var x = 0
            for scalar in row.unicodeScalars {
                let wide = DisplayWidth.of(scalar) == 2
                canvas[x, y] = Cell(text: String(scalar))
                if wide { canvas[x + 1, y] = Cell(text: "", isContinuation: true) }
                x += wide ? 2 : 1
            }
        }
        canvas.cursor = cursor
        return canvas
    }

    private func paint(_ painter: inout ScreenPainter, _ canvas: Canvas) -> String {
        _ = painter.paint(canvas, size: size)
        return String(decoding: painter.bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "^")
    }

    override func setUp() {
        XCTAssertEqual(pt_setlocale_utf8(), 1, "the tests need a UTF-8 LC_CTYPE for wcwidth")
    }

    func testTheFirstFrameClearsAndWritesOnlyWhatIsNotBlank() {
        var painter = ScreenPainter(strings: .ansi, colorMode: .indexed256)
        XCTAssertEqual(paint(&painter, canvas(["ab", "", "   x"])), "^[m^[H^[2Jab^[3;4Hx")
    }

    func testAnUnchangedFrameWritesNothing() {
        var painter = ScreenPainter(strings: .ansi, colorMode: .indexed256)
        _ = paint(&painter, canvas(["ab", "", "   x"], cursor: (2, 0)))
        let (changed, cursor) = painter.paint(canvas(["ab", "", "   x"], cursor: (2, 0)), size: size)
        XCTAssertFalse(changed)
        XCTAssertTrue(painter.bytes.isEmpty)
        XCTAssertEqual(cursor?.row, 0)
        XCTAssertEqual(cursor?.column, 2)
    }

    func testTypingOneCharacterWritesThatCharacter() {
        var painter = ScreenPainter(strings: .ansi, colorMode: .indexed256)
        _ = paint(&painter, canvas(["ab"], cursor: (2, 0)))
        XCTAssertEqual(paint(&painter, canvas(["abc"], cursor: (3, 0))), "c")
        XCTAssertEqual(paint(&painter, canvas(["abcd"], cursor: (4, 1))), "d^[2d")
    }

    func testStylesAndColoursOfAChangedRun() {
        var painter = ScreenPainter(strings: .ansi, colorMode: .indexed256)
        _ = paint(&painter, canvas(["ab"]))
        var next = canvas(["ab"])
        for x in 3..<8 { next[x, 1] = Cell(text: " ", style: Style(background: .rgb(RGB(packed: 0x2E86AB)))) }
        next[4, 1] = Cell(
            text: "1",
            style: Style(
                foreground: .rgb(RGB(packed: 0xFFFFFF)),
                background: .rgb(RGB(packed: 0x2E86AB)), bold: true))
        // xterm-256 index 31 is the nearest to #2E86AB, 231 to white.
        XCTAssertEqual(paint(&painter, next), "^[2;4H^[48;5;31m ^[1m^[38;5;231m1^[m^[48;5;31m   ")
    }

    /// More styles in one frame than the painter keeps looks for by slot: every cell still gets
    /// its own colour (a slot that answered for another style would repeat the wrong one).
    func testEveryStyleOfAFrameOfManyStylesGetsItsOwnColour() {
        let wide = (width: 40, height: 10)
        var painter = ScreenPainter(strings: .ansi, colorMode: .direct)
        var next = Canvas(width: wide.width, height: wide.height)
        var expected: [Int] = []
        for y in 0..<wide.height {
            for x in 0..<wide.width {
                let packed = 0x10_0000 + (y * wide.width + x) * 0x0101
                expected.append(packed)
                next[x, y] = Cell(
                    text: "x", style: Style(background: .rgb(RGB(packed: UInt32(packed))), bold: x % 3 == 0))
            }
        }
        _ = painter.paint(next, size: wide)
        let text = String(decoding: painter.bytes, as: UTF8.self)
        // Each cell's background is set right before it (no two cells share one).
        let numbers = text.components(separatedBy: "\u{1B}[48;5;").dropFirst().map { Int($0.prefix { $0.isNumber }) }
        XCTAssertEqual(numbers, expected)
        XCTAssertEqual(text.filter { $0 == "x" }.count, wide.width * wide.height)
    }

    func testNoColourModeSendsOnlyAttributes() {
        var painter = ScreenPainter(strings: .ansi, colorMode: .none)
        var next = canvas([])
        next[0, 0] = Cell(text: "x", style: Style(foreground: .rgb(RGB(packed: 0x2E86AB)), underline: true))
        XCTAssertEqual(paint(&painter, next), "^[m^[H^[2J^[4mx")
    }

    func testAChangedHalfOfAWideCharacterRewritesIt() {
        var painter = ScreenPainter(strings: .ansi, colorMode: .indexed256)
        _ = paint(&painter, canvas(["a寧b"]))
        XCTAssertEqual(paint(&painter, canvas(["a森b"])), "^[2G森")
        XCTAssertEqual(paint(&painter, canvas(["a xb"])), "^[2G x")
    }

    func testInvalidateRepaintsEverything() {
        var painter = ScreenPainter(strings: .ansi, colorMode: .indexed256)
        _ = paint(&painter, canvas(["ab"]))
        painter.invalidate()
        XCTAssertEqual(paint(&painter, canvas(["ab"])), "^[m^[H^[2Jab")
    }

    func testTheBottomRightCellIsLeftAloneWhereWritingItScrolls() {
        var strings = TerminalStrings.ansi
        strings.bottomRightScrolls = true
        var painter = ScreenPainter(strings: strings, colorMode: .indexed256)
        XCTAssertEqual(paint(&painter, canvas(["", "", "0123456789"])), "^[m^[H^[2J^[3d012345678")
        var scrolls = ScreenPainter(strings: .ansi, colorMode: .indexed256)
        XCTAssertEqual(paint(&scrolls, canvas(["", "", "0123456789"])), "^[m^[H^[2J^[3d0123456789")
    }

    func testACanvasLargerThanTheTerminalIsCut() {
        var painter = ScreenPainter(strings: .ansi, colorMode: .indexed256)
        var wide = Canvas(width: 12, height: 4)
        wide[11, 0] = Cell(text: "x")
        wide[0, 3] = Cell(text: "y")
        wide[9, 0] = Cell(text: "z")
        _ = painter.paint(wide, size: size)
        XCTAssertEqual(String(decoding: painter.bytes, as: UTF8.self), "\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}[10Gz")
    }
}
