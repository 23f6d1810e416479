import PaletteApp
import PaletteCore
import ScreenCore
import XCTest

@testable import TerminalUI

/// The painter's cheap comparisons give the answers of the value comparisons they replace:
/// `ScreenPainter.key(of:)` is equal exactly when the styles are, and `ScreenPainter.changedSpan`
/// (bytes first) is `Canvas.changedSpan` (`Cell.==`) on any rows.
final class PainterComparisonTests: XCTestCase {
    /// A small xorshift generator: the same cases on every run.
    private struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    private static func style(_ random: inout Random) -> Style {
        // Few colours, so equal styles come up often; the default colour among them.
        let colours: [TermColor] = [
            .terminalDefault, .rgb(RGB(packed: 0x000000)), .rgb(RGB(packed: 0x000001)),
            .rgb(RGB(packed: 0x010000)), .rgb(RGB(packed: 0xFFFFFF)),
        ]
        return Style(
            foreground: colours[random.next(colours.count)], background: colours[random.next(colours.count)],
            bold: random.next(2) == 1, reverse: random.next(2) == 1, underline: random.next(2) == 1,
            dim: random.next(2) == 1)
    }

    func testStyleKeysAreEqualExactlyWhenStylesAre() {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<20_000 {
            let a = Self.style(&random)
            let b = Self.style(&random)
            XCTAssertEqual(ScreenPainter.key(of: a) == ScreenPainter.key(of: b), a == b, "\(a) \(b)")
            XCTAssertNotEqual(ScreenPainter.key(of: a), ScreenPainter.noKey)
        }
        // Each field on its own changes the key.
        let plain = ScreenPainter.key(of: .plain)
        for changed in [
            Style(bold: true), Style(reverse: true), Style(underline: true), Style(dim: true),
            Style(foreground: .rgb(RGB(packed: 0))), Style(background: .rgb(RGB(packed: 0))),
        ] {
            XCTAssertNotEqual(ScreenPainter.key(of: changed), plain, "\(changed)")
        }
    }

    func testTheChangedSpanIsCanvasesOnRandomRows() {
        var random = Random(state: 0x2545_F491_4F6C_DD1D)
        let texts = ["a", "b", " ", "寧", "é", "👍"]
        let width = 12
        for round in 0..<3_000 {
            var old = [Cell]()
            var new = [Cell]()
            for x in 0..<width {
                var cell = Cell(text: texts[random.next(texts.count)], style: Self.style(&random))
                if x > 0, random.next(6) == 0 { cell = Cell(text: "", style: cell.style, isContinuation: true) }
                old.append(cell)
                // Most cells unchanged, as in a frame.
                new.append(
                    random.next(4) == 0 ? Cell(text: texts[random.next(texts.count)], style: Self.style(&random)) : cell
                )
            }
            // Equal values built apart (a copy of a cell is not the only way to be equal).
            if round % 3 == 0 { new[random.next(width)] = Cell(text: old[0].text, style: old[0].style) }
            let expected = old.withUnsafeBufferPointer { o in
                new.withUnsafeBufferPointer { n in Canvas.changedSpan(o, n, columns: width) }
            }
            let span = old.withUnsafeBufferPointer { o in
                new.withUnsafeBufferPointer { n in ScreenPainter.changedSpan(o, n, columns: width) }
            }
            XCTAssertEqual(span, expected, "round \(round)")
        }
    }

    /// `same` answers `==` for any two cells, built apart or copied.
    func testSameIsCellEquality() {
        var random = Random(state: 0xD1B5_4A32_D192_ED03)
        let texts = ["a", " ", "寧", "e\u{301}"]
        for _ in 0..<20_000 {
            let a = Cell(text: texts[random.next(texts.count)], style: Self.style(&random))
            let b =
                random.next(3) == 0
                ? a
                : Cell(
                    text: texts[random.next(texts.count)], style: Self.style(&random),
                    isContinuation: random.next(8) == 0)
            let same = withUnsafePointer(to: a) { p in withUnsafePointer(to: b) { q in ScreenPainter.same(p, q) } }
            XCTAssertEqual(same, a == b, "\(a) \(b)")
        }
    }
}

/// The cursor's visibility is written inside the frame: hidden before its cells, shown after.
final class PainterCursorTests: XCTestCase {
    func testVisibilityChangesAreInTheFramesBytes() {
        var strings = TerminalStrings.ansi
        strings.hideCursor = Array("\u{1B}[?25l".utf8)
        strings.showCursor = Array("\u{1B}[?25h".utf8)
        var painter = ScreenPainter(strings: strings, colorMode: .none)
        let size = (width: 4, height: 1)
        var canvas = Canvas(width: 4, height: 1)
        canvas[0, 0] = Cell(text: "a")
        canvas.cursor = (1, 0)
        func paint() -> String {
            _ = painter.paint(canvas, size: size)
            return String(decoding: painter.bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "^")
        }
        // Not known at first: shown with the first frame that has a cursor, after its cells.
        XCTAssertEqual(paint(), "^[m^[H^[2Ja^[?25h")
        XCTAssertEqual(painter.cursorShown, true)
        canvas.cursor = nil
        canvas[1, 0] = Cell(text: "b")
        XCTAssertEqual(paint(), "^[?25lb", "hidden before the cells")
        XCTAssertEqual(painter.cursorShown, false)
        canvas[2, 0] = Cell(text: "c")
        XCTAssertEqual(paint(), "c", "hidden already")
        canvas.cursor = (3, 0)
        XCTAssertEqual(paint(), "^[?25h", "shown where the cursor already is")
    }
}
