import CNcurses
import PaletteApp
import XCTest

@testable import TerminalUI

extension TerminalStrings {
    /// ECMA-48 strings as xterm's terminfo entry has them (`rep`, `hpa`, `vpa` and `cr`
    /// included), written out by hand.
    static let ansi: TerminalStrings = {
        var strings = ansiWithoutLineMoves
        strings.columnAddress = { Array("\u{1B}[\($0 + 1)G".utf8) }
        strings.rowAddress = { Array("\u{1B}[\($0 + 1)d".utf8) }
        strings.carriageReturn = [0x0D]
        return strings
    }()

    /// `ansi` with `cup` the only move.
    static let ansiWithoutLineMoves = TerminalStrings(
        cursorAddress: { row, column in Array("\u{1B}[\(row + 1);\(column + 1)H".utf8) },
        exitAttributes: Array("\u{1B}[m".utf8),
        setAttributes: { look in
            var codes = "\u{1B}[0"
            if look.bold { codes += ";1" }
            if look.dim { codes += ";2" }
            if look.underline { codes += ";4" }
            if look.reverse { codes += ";7" }
            return Array((codes + "m").utf8)
        },
        enterBold: Array("\u{1B}[1m".utf8), enterDim: Array("\u{1B}[2m".utf8), enterReverse: Array("\u{1B}[7m".utf8),
        enterUnderline: Array("\u{1B}[4m".utf8),
        setForeground: { Array("\u{1B}[38;5;\($0)m".utf8) }, setBackground: { Array("\u{1B}[48;5;\($0)m".utf8) },
        originalPair: Array("\u{1B}[39;49m".utf8),
        repeatCharacter: { byte, count in [byte] + Array("\u{1B}[\(count - 1)b".utf8) },
        clearScreen: Array("\u{1B}[H\u{1B}[2J".utf8), bottomRightScrolls: false)
}

/// The bytes `TerminalWriter` sends: only the moves, attribute and colour changes a frame needs.
final class TerminalWriterTests: XCTestCase {
    private func written(_ writer: TerminalWriter) -> String {
        String(decoding: writer.bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "^")
    }

    func testMovesOnlyWhereTheCursorIsNot() {
        var writer = TerminalWriter(strings: .ansi)
        writer.move(row: 2, column: 14)
        writer.character(0x61, width: 80)
        writer.move(row: 2, column: 15)  // already there after the character
        writer.character(0x62, width: 80)
        writer.move(row: 4, column: 0)
        XCTAssertEqual(written(writer), "^[3;15Hab^[5;1H")
    }

    func testTheLastColumnLeavesTheCursorUnknown() {
        var writer = TerminalWriter(strings: .ansi)
        writer.move(row: 0, column: 79)
        writer.character(0x78, width: 80)
        writer.move(row: 0, column: 80)  // pending wrap: a terminal may be at 79 or 80, so move again
        XCTAssertEqual(written(writer), "^[1;80Hx^[1;81H")
    }

    func testAddingAnAttributeDoesNotResetTheOthers() {
        var writer = TerminalWriter(strings: .ansi)
        writer.setLook(.normal)
        writer.begin()
        writer.setLook(Look(foreground: 16, background: 131))
        writer.setLook(Look(bold: true, foreground: 16, background: 131))
        XCTAssertEqual(written(writer), "^[38;5;16m^[48;5;131m^[1m")
    }

    func testTurningAnAttributeOffSetsThemAllAndTheColoursAgain() {
        var writer = TerminalWriter(strings: .ansi)
        writer.setLook(Look(bold: true, foreground: 16, background: 131))
        writer.begin()
        writer.setLook(Look(foreground: 16, background: 131))
        XCTAssertEqual(written(writer), "^[m^[38;5;16m^[48;5;131m")
    }

    func testAColourBackToTheDefaultIsOriginalPair() {
        var writer = TerminalWriter(strings: .ansi)
        writer.setLook(Look(foreground: 16, background: 131))
        writer.begin()
        writer.setLook(.normal)
        writer.setLook(Look(background: 157))
        writer.setLook(Look(foreground: 231, background: 157))
        XCTAssertEqual(written(writer), "^[39;49m^[48;5;157m^[38;5;231m")
    }

    func testAnUnknownLookIsSetInFull() {
        var writer = TerminalWriter(strings: .ansi)
        writer.setLook(Look(underline: true))
        XCTAssertEqual(written(writer), "^[0;4m")
        writer.forget()
        writer.begin()
        writer.setLook(Look(underline: true))
        XCTAssertEqual(written(writer), "^[0;4m")
        writer.begin()
        writer.setLook(Look(underline: true))
        XCTAssertEqual(written(writer), "")
    }

    func testWithoutSgrTheSingleAttributesFollowSgr0() {
        var strings = TerminalStrings.ansi
        strings.setAttributes = nil
        var writer = TerminalWriter(strings: strings)
        writer.setLook(Look(bold: true, reverse: true))
        XCTAssertEqual(written(writer), "^[m^[1m^[7m")
    }

    func testWithoutColoursOnlyAttributesAreSent() {
        var strings = TerminalStrings.ansi
        strings.setForeground = nil
        strings.setBackground = nil
        var writer = TerminalWriter(strings: strings)
        writer.setLook(Look(bold: true, foreground: 16, background: 131))
        XCTAssertEqual(written(writer), "^[0;1m")
    }

    func testRunsOfBlanksAreRepeatedWhereThatIsShorter() {
        var writer = TerminalWriter(strings: .ansi)
        writer.blanks(5, width: 80)  // " ^[4b" is five bytes too
        writer.blanks(6, width: 80)
        writer.blanks(24, width: 80)
        XCTAssertEqual(written(writer), "     " + " ^[5b" + " ^[23b")
        var plain = TerminalStrings.ansi
        plain.repeatCharacter = nil
        var spaces = TerminalWriter(strings: plain)
        spaces.blanks(24, width: 80)
        XCTAssertEqual(written(spaces), String(repeating: " ", count: 24))
    }

    func testMovesTakeTheShortestString() {
        var writer = TerminalWriter(strings: .ansi)
        writer.move(row: 2, column: 14)  // unknown: cup
        writer.move(row: 2, column: 40)  // same row: hpa
        writer.move(row: 2, column: 0)  // column 0: cr
        writer.move(row: 9, column: 0)  // same column: vpa
        writer.move(row: 3, column: 5)  // both: cup
        XCTAssertEqual(written(writer), "^[3;15H^[41G\r^[10d^[4;6H")
        var cupOnly = TerminalWriter(strings: .ansiWithoutLineMoves)
        cupOnly.move(row: 2, column: 14)
        cupOnly.move(row: 2, column: 40)
        cupOnly.move(row: 2, column: 0)
        XCTAssertEqual(written(cupOnly), "^[3;15H^[3;41H^[3;1H", "a terminal without them gets cup")
    }

    func testAFrameKeepsItsLastLookWithTheCursorPlaced() {
        var writer = TerminalWriter(strings: .ansi)
        writer.setLook(.normal)
        writer.begin()
        writer.move(row: 5, column: 1)
        writer.setLook(Look(bold: true))
        writer.character(0x78, width: 80)
        writer.end(cursor: (2, 14))
        XCTAssertEqual(written(writer), "^[6;2H^[1mx^[3;15H")
        writer.begin()
        writer.end(cursor: (2, 14))
        XCTAssertEqual(written(writer), "", "nothing changed, nothing to write")
        writer.begin()
        writer.move(row: 2, column: 20)
        writer.setLook(Look(bold: true))
        writer.character(0x79, width: 80)
        XCTAssertEqual(written(writer), "^[21Gy", "still bold from the last frame")
        writer.normal()
        XCTAssertEqual(written(writer), "^[m", "the normal look for what writes next")
    }

    func testClearStartsFromTheNormalLookAtHome() {
        var writer = TerminalWriter(strings: .ansi)
        writer.setLook(Look(reverse: true, background: 131))
        writer.begin()
        writer.clear()
        writer.move(row: 0, column: 0)
        XCTAssertEqual(written(writer), "^[m^[H^[2J")
    }

    /// The strings come from the terminal's own terminfo entry: xterm-256color's, here.
    func testStringsFromTerminfo() throws {
        var error: Int32 = 0
        guard setupterm("xterm-256color", -1, &error) == OK else {
            throw XCTSkip("no xterm-256color terminfo entry here (setupterm: \(error))")
        }
        var writer = TerminalWriter(strings: .fromTerminfo())
        writer.move(row: 2, column: 14)
        writer.setLook(Look(foreground: 16, background: 131))
        writer.setLook(Look(bold: true, foreground: 16, background: 131))
        writer.blanks(24, width: 80)
        writer.setLook(.normal)
        XCTAssertEqual(
            written(writer), "^[3;15H^(B^[m^[38;5;16m^[48;5;131m^[1m ^[23b^(B^[m")
        XCTAssertFalse(writer.skipsBottomRight, "xterm has xenl")
    }
}
