import PaletteApp
import PaletteCore
import ScreenCore
import XCTest

@testable import TerminalUI

/// The painter's cheap comparisons give the answers of the value comparisons they replace:
/// `Style.bits` is equal exactly when the styles are and gives the style back, and a cell's
/// words keep its text and equality.
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
            XCTAssertEqual(a.bits == b.bits, a == b, "\(a) \(b)")
            XCTAssertNotEqual(a.bits, ScreenPainter.noKey)
            XCTAssertEqual(Style(bits: a.bits), a)
            XCTAssertEqual(Cell(text: "x", style: a).style, a)
            XCTAssertEqual(Cell(continuationWith: a).style, a)
        }
        // Each field on its own changes the key.
        let plain = Style.plain.bits
        for changed in [
            Style(bold: true), Style(reverse: true), Style(underline: true), Style(dim: true),
            Style(foreground: .rgb(RGB(packed: 0))), Style(background: .rgb(RGB(packed: 0))),
        ] {
            XCTAssertNotEqual(changed.bits, plain, "\(changed)")
        }
    }

    /// Texts past the 7 bytes a cell's word holds (a consonant cluster with its vowel sign, a
    /// flag, a skin tone, a letter with marks) keep every byte up to 15; cells with equal texts
    /// are equal however they were built, so the painter's compare of words stays `==`; a
    /// longer text is cut after its last whole scalar.
    func testLongTextsKeepTheirBytesAndEquality() {
        let style = Style(foreground: .rgb(RGB(packed: 0x123456)), bold: true)
        for text in ["क्षि", "🇹🇼", "👍🏽", "e\u{301}\u{302}\u{303}", "ệ\u{300}\u{301}"] {
            let cell = Cell(text: text, style: style)
            XCTAssertEqual(cell.text, text)
            XCTAssertEqual(cell.style, style)
            XCTAssertNil(cell.printableASCII)
            XCTAssertNil(cell.singleScalar)
            XCTAssertEqual(cell, Cell(text: text, style: style))
            XCTAssertEqual(cell.hashValue, Cell(text: text, style: style).hashValue)
            XCTAssertNotEqual(cell, Cell(text: text))
            XCTAssertEqual(cell.withUTF8 { Array($0) }, Array(text.utf8))
        }
        XCTAssertNotEqual(Cell(text: "🇹🇼"), Cell(text: "🇯🇵"))
        // Built mark by mark, as `put` attaches them: out of the word and into the store.
        var built = Cell(text: "e")
        for mark: Unicode.Scalar in ["\u{301}", "\u{302}", "\u{303}", "\u{304}"] { built.append(mark) }
        XCTAssertEqual(built, Cell(text: "e\u{301}\u{302}\u{303}\u{304}"))
        XCTAssertEqual(built.text, "e\u{301}\u{302}\u{303}\u{304}")
        // Past 15 bytes: cut after the last whole scalar, and an append that does not fit is dropped.
        XCTAssertEqual(
            Cell(text: "e" + String(repeating: "\u{301}", count: 8)).text,
            "e\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}")
        XCTAssertEqual(Cell(text: "🇹🇼🇹🇼").text, "\u{1F1F9}\u{1F1FC}\u{1F1F9}")
        var full = Cell(text: "\u{1F1F9}\u{1F1FC}\u{1F1F9}")
        full.append("\u{1F1FC}")
        XCTAssertEqual(full.text, "\u{1F1F9}\u{1F1FC}\u{1F1F9}")
        XCTAssertEqual(MemoryLayout<Cell>.size, 16)
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
