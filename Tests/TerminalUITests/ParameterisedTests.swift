import CNcurses
import XCTest

@testable import TerminalUI

/// Cursor moves are formatted without `tiparm` when the terminfo string is plain (`%i`, `%p1%d`,
/// `%p2%d`, `%%`); every such string must come out byte for byte as `tiparm` makes it, and any
/// other is left to `tiparm`.
final class ParameterisedTests: XCTestCase {
    private func tiparm(_ string: String, _ p: [Int]) -> [UInt8] {
        var p = p
        while p.count < 9 { p.append(0) }
        return string.withCString { s in
            guard let out = pt_tiparm9(s, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]) else { return [] }
            return Array(UnsafeRawBufferPointer(start: out, count: strlen(out)))
        }
    }

    func testPlainStringsAreFormattedAsTiparmDoes() {
        let plain = [
            "\u{1B}[%i%p1%d;%p2%dH",  // xterm, linux, screen, tmux cup
            "\u{1B}[%i%p1%d;%p2%dH$<5>",  // vt100 cup, padding left in as tiparm leaves it
            "\u{1B}[%i%p1%dG", "\u{1B}[%i%p1%dd",  // hpa, vpa
            "\u{1B}[%p1%d;%p2%dH",  // no increment
            "\u{1B}=%p1%d %p2%d%%",  // %% and the parameters in another shape
            "\u{1B}[%i%p2%d;%p1%dH",  // columns first
        ]
        for string in plain {
            let compiled = TerminalStrings.Parameterised(string: Array(string.utf8CString))
            XCTAssertNotNil(compiled.pieces, string.debugDescription)
            for row in [0, 1, 9, 10, 23, 99, 100, 999, 1000, 65535] {
                for column in [0, 1, 8, 79, 80, 255, 10_000] {
                    XCTAssertEqual(
                        compiled.format(row, column), tiparm(string, [row, column]),
                        "\(string.debugDescription) \(row) \(column)")
                }
                XCTAssertEqual(compiled.format(row), tiparm(string, [row]), "\(string.debugDescription) \(row)")
            }
        }
    }

    func testOtherStringsAreLeftToTiparm() {
        let other = [
            "\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m",  // setaf
            "\u{1B}Y%p1%' '%+%c%p2%' '%+%c",  // vt52 cup, characters
            "\u{1B}[%p1%d;%p2%d%i;H", "\u{1B}[%p3%dH", "\u{1B}[%p1%02dH",
        ]
        for string in other {
            let compiled = TerminalStrings.Parameterised(string: Array(string.utf8CString))
            XCTAssertNil(compiled.pieces, string.debugDescription)
            for value in [0, 5, 12, 200] {
                XCTAssertEqual(
                    compiled.format(value, value + 1), tiparm(string, [value, value + 1]), string.debugDescription)
            }
        }
    }
}
