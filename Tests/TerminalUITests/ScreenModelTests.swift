import CNcurses
import PaletteApp
import PaletteCore
import ScreenCore
import XCTest

@testable import TerminalUI

/// The painter's short cuts (moves over unchanged cells, `hpa`/`vpa`/`cr`, `rep`, a look kept
/// from the last frame) never leave a wrong cell: random frames, each painted over the last, are
/// played into a small model of an ECMA-48 terminal, and after every frame its cells (text and
/// look) must be the model's cells after a full repaint of the same canvas on a fresh painter.
/// (bench/screens.py makes the same check in tmux, on the app's own frames.)
final class ScreenModelTests: XCTestCase {
    /// The terminal the `.ansi` strings speak to: CUP, HPA, VPA, CR, ED 2, REP, the SGR codes the
    /// writer sends, `?25` modes (ignored), UTF-8 text with wcwidth widths and combining marks.
    struct Model: Equatable {
        struct Cell: Equatable {
            var text = " "
            var look = Look.normal
        }
        let width: Int
        let height: Int
        var cells: [Cell]
        var row = 0
        var column = 0
        var look = Look.normal
        var last: Character = " "

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            cells = Array(repeating: Cell(), count: width * height)
        }

        /// The cells (what a terminal shows); the cursor is compared apart.
        static func == (a: Model, b: Model) -> Bool { a.cells == b.cells }

        mutating func play(_ bytes: [UInt8]) {
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5B {
                    var j = i + 2
                    while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                    control(String(decoding: bytes[(i + 2)..<j], as: UTF8.self), final: bytes[j])
                    i = j + 1
                } else if byte == 0x0D {
                    column = 0
                    i += 1
                } else {
                    var length = 1
                    if byte >= 0xF0 {
                        length = 4
                    } else if byte >= 0xE0 {
                        length = 3
                    } else if byte >= 0xC0 {
                        length = 2
                    }
                    let text = String(decoding: bytes[i..<(i + length)], as: UTF8.self)
                    put(text)
                    i += length
                }
            }
        }

        private mutating func put(_ text: String) {
            let scalar = text.unicodeScalars.first!
            let w = Int(pt_wcwidth(scalar.value))
            if w == 0 {
                let x = max(column - 1, 0)
                cells[row * width + x].text += text
                return
            }
            guard column < width else { return }
            cells[row * width + column] = Cell(text: text, look: look)
            if w == 2, column + 1 < width { cells[row * width + column + 1] = Cell(text: "", look: look) }
            column = min(column + w, width)
            last = Character(text)
        }

        private mutating func control(_ parameters: String, final: UInt8) {
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            let first = max(numbers.first ?? 1, 1)
            switch final {
            case UInt8(ascii: "H"):
                row = max((numbers.first ?? 1), 1) - 1
                column = max(numbers.count > 1 ? numbers[1] : 1, 1) - 1
            case UInt8(ascii: "G"): column = first - 1
            case UInt8(ascii: "d"): row = first - 1
            case UInt8(ascii: "J"):
                cells = Array(
                    repeating: Cell(text: " ", look: Look(background: look.background)), count: width * height)
            case UInt8(ascii: "b"):
                for _ in 0..<first { put(String(last)) }
            case UInt8(ascii: "m"):
                var k = 0
                let codes = parameters.isEmpty ? [0] : numbers
                while k < codes.count {
                    switch codes[k] {
                    case 0: look = .normal
                    case 1: look.bold = true
                    case 2: look.dim = true
                    case 4: look.underline = true
                    case 7: look.reverse = true
                    case 39: look.foreground = -1
                    case 49: look.background = -1
                    case 38, 48:
                        let number = Int32(codes[k + 2])
                        if codes[k] == 38 { look.foreground = number } else { look.background = number }
                        k += 2
                    default: XCTFail("SGR \(codes[k]) is not in the model")
                    }
                    k += 1
                }
            case UInt8(ascii: "h"), UInt8(ascii: "l"): break
            default: XCTFail("CSI \(parameters)\(Character(UnicodeScalar(final))) is not in the model")
            }
        }
    }

    private struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    override func setUp() {
        XCTAssertEqual(pt_setlocale_utf8(), 1, "the tests need a UTF-8 LC_CTYPE for wcwidth")
    }

    /// A fresh painter's frame for `canvas`, played on a blank model.
    private func repainted(_ canvas: Canvas, size: (width: Int, height: Int)) -> Model {
        var painter = ScreenPainter(strings: .ansi, colorMode: .indexed256)
        _ = painter.paint(canvas, size: size)
        var model = Model(width: size.width, height: size.height)
        model.play(painter.bytes)
        return model
    }

    func testEveryFramePaintedOverTheLastShowsWhatARepaintShows() {
        let size = (width: 24, height: 5)
        let styles: [Style] = [
            .plain, Style(bold: true), Style(dim: true), Style(underline: true), Style(reverse: true),
            Style(foreground: .rgb(RGB(packed: 0x000000)), background: .rgb(RGB(packed: 0x7FD086))),
            Style(foreground: .rgb(RGB(packed: 0xFFFFFF)), background: .rgb(RGB(packed: 0x6940A6)), bold: true),
            Style(background: .rgb(RGB(packed: 0x63DE6E))),
        ]
        let texts = [" ", " ", " ", "a", "b", "#", "森", "é", "e\u{301}"]
        var random = Random(state: 0x1234_5678_9ABC_DEF1)
        var canvas = Canvas(width: size.width, height: size.height)
        var painter = ScreenPainter(strings: .ansi, colorMode: .indexed256)
        var model = Model(width: size.width, height: size.height)
        func set(_ x: Int, _ y: Int, _ text: String, _ style: Style) {
            // A wide character's halves go together: never half of one left over.
            if canvas[x, y].isContinuation, x > 0 { canvas[x - 1, y] = Cell(text: " ", style: style) }
            if x + 1 < size.width, canvas[x + 1, y].isContinuation { canvas[x + 1, y] = Cell(text: " ", style: style) }
            if DisplayWidth.of(text.unicodeScalars.first!) == 2 {
                guard x + 1 < size.width else { return }
                if x + 2 < size.width, canvas[x + 2, y].isContinuation {
                    canvas[x + 2, y] = Cell(text: " ", style: style)
                }
                canvas[x, y] = Cell(text: text, style: style)
                canvas[x + 1, y] = Cell(text: "", style: style, isContinuation: true)
            } else {
                canvas[x, y] = Cell(text: text, style: style)
            }
        }
        for frame in 0..<2_000 {
            // Runs of one style (panes, rows of a list), then single cells.
            for _ in 0..<random.next(4) {
                let y = random.next(size.height)
                let x0 = random.next(size.width)
                let style = styles[random.next(styles.count)]
                for x in x0..<min(size.width, x0 + 1 + random.next(12)) { set(x, y, " ", style) }
            }
            for _ in 0..<random.next(6) {
                set(
                    random.next(size.width), random.next(size.height), texts[random.next(texts.count)],
                    styles[random.next(styles.count)])
            }
            canvas.cursor = random.next(4) == 0 ? nil : (random.next(size.width), random.next(size.height))
            _ = painter.paint(canvas, size: size)
            model.play(painter.bytes)
            let expected = repainted(canvas, size: size)
            if model != expected {
                let bytes = String(decoding: painter.bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "^")
                for y in 0..<size.height {
                    let got = model.cells[(y * size.width)..<((y + 1) * size.width)]
                    let want = expected.cells[(y * size.width)..<((y + 1) * size.width)]
                    if got != want,
                        let x = (0..<size.width).first(where: { got[got.startIndex + $0] != want[want.startIndex + $0] }
                        )
                    {
                        XCTFail(
                            "frame \(frame), row \(y), column \(x): \(got[got.startIndex + x]) against "
                                + "\(want[want.startIndex + x]); row \(got.map(\.text).joined()) against "
                                + "\(want.map(\.text).joined()) (bytes \(bytes))")
                    }
                }
                return
            }
            if let cursor = canvas.cursor {
                XCTAssertEqual(model.row, cursor.y, "frame \(frame): the cursor's row")
                XCTAssertEqual(model.column, cursor.x, "frame \(frame): the cursor's column")
            }
        }
    }

    /// Frames keep the look of their last cell; what writes next outside a frame starts from
    /// the normal look (`normalLook`), and only when the terminal is not in it.
    func testTheNormalLookComesBackBeforeOtherOutput() {
        let size = (width: 6, height: 1)
        var painter = ScreenPainter(strings: .ansi, colorMode: .indexed256)
        var canvas = Canvas(width: size.width, height: size.height)
        canvas[0, 0] = Cell(text: "a", style: Style(underline: true))
        _ = painter.paint(canvas, size: size)
        XCTAssertEqual(String(decoding: painter.normalLook(), as: UTF8.self), "\u{1B}[m")
        XCTAssertEqual(painter.normalLook(), [], "already normal")
        canvas[1, 0] = Cell(text: "b")
        _ = painter.paint(canvas, size: size)
        XCTAssertEqual(String(decoding: painter.bytes, as: UTF8.self), "b")
        XCTAssertEqual(painter.normalLook(), [])
    }
}
