import CNcurses
import PaletteApp
import ScreenCore
import XCTest

@testable import TerminalUI

final class KeyDecoderTests: XCTestCase {
    private func decode(_ inputs: [RawInput]) -> [InputEvent] {
        var decoder = KeyDecoder()
        return inputs.compactMap { decoder.feed($0) }
    }

    private func chars(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .character($0.value) }
    }

    func testPrintableCharactersIncludingCJKAndEmoji() {
        XCTAssertEqual(decode(chars("a寧🎨")), [.key(.character("a")), .key(.character("寧")), .key(.character("🎨"))])
    }

    func testControlCharactersBecomeNamedKeysNotText() {
        XCTAssertEqual(
            decode([.character(1), .character(5), .character(21), .character(11), .character(23), .character(3)]),
            [
                .key(.control("a")), .key(.control("e")), .key(.control("u")), .key(.control("k")),
                .key(.control("w")), .key(.control("c")),
            ])
        XCTAssertEqual(
            decode([.character(13), .character(10), .character(9), .character(27), .character(127), .character(8)]),
            [.key(.enter), .key(.enter), .key(.tab), .key(.escape), .key(.backspace), .key(.backspace)])
        XCTAssertEqual(
            decode([.character(0x1C), .character(0x9B), .character(0)]),
            [.key(.unknown(0x1C)), .key(.unknown(0x9B)), .key(.unknown(0))])
    }

    func testNcursesKeyCodes() {
        let codes: [(Int32, Key)] = [
            (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
            (KEY_HOME, .home), (KEY_END, .end), (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown),
            (KEY_BACKSPACE, .backspace), (KEY_DC, .delete), (KEY_ENTER, .enter), (KEY_BTAB, .backTab),
            (KEY_F0 + 1, .function(1)), (KEY_F0 + 12, .function(12)), (KEY_IC, .unknown(KEY_IC)),
        ]
        for (code, key) in codes {
            XCTAssertEqual(decode([.keyCode(code)]), [.key(key)], "key code \(code)")
        }
        // Values ncurses really uses, so a changed constant would be noticed.
        XCTAssertEqual(KEY_BTAB, 353)
        XCTAssertEqual(KEY_BACKSPACE, 263)
    }

    /// Issue 11 point 5: Alt keys and Ctrl-arrows are keys of their own, never typed text.
    func testPoint5AltAndCtrlArrowKeys() {
        XCTAssertEqual(
            decode([.alt(0x62), .alt(0x7F), .alt(0x08), .alt(0xE9), .alt(0x01)]),
            [.key(.alt("b")), .key(.altBackspace), .key(.altBackspace), .key(.alt("é")), .key(.unknown(1))])
        XCTAssertEqual(
            decode([.keyCode(KeyBytes.controlLeftCode), .keyCode(KeyBytes.controlRightCode)]),
            [.key(.controlLeft), .key(.controlRight)])
        // Inside a paste an Esc is no text; the character after it is.
        XCTAssertEqual(
            decode([.keyCode(KeyDecoder.pasteStartCode), .alt(0x62), .keyCode(KeyDecoder.pasteEndCode)]),
            [.key(.paste("b"))])
    }

    func testResizeIsAnEventNotAKey() {
        XCTAssertEqual(decode([.keyCode(KEY_RESIZE)]), [.resize])
    }

    func testBracketedPasteBecomesOneKeyWithNewlinesKept() {
        let inputs: [RawInput] =
            [.character(UInt32(UInt8(ascii: "x")))]
            + [.keyCode(KeyDecoder.pasteStartCode)]
            + chars("寧靜的森林\r") + [.keyCode(KEY_UP)] + chars("line2\u{1B}[31m")
            + [.keyCode(KeyDecoder.pasteEndCode)]
            + [.character(1)]
        XCTAssertEqual(
            decode(inputs), [.key(.character("x")), .key(.paste("寧靜的森林\nline2\u{1B}[31m")), .key(.control("a"))])
    }

    func testResizeDuringPasteIsReportedAndPasteContinues() {
        let inputs: [RawInput] =
            [.keyCode(KeyDecoder.pasteStartCode)] + chars("ab") + [.keyCode(KEY_RESIZE)]
            + chars("c") + [.keyCode(KeyDecoder.pasteEndCode)]
        XCTAssertEqual(decode(inputs), [.resize, .key(.paste("abc"))])
    }

    func testPasteIsCappedAndUnterminatedPasteIsFlushed() {
        var decoder = KeyDecoder()
        XCTAssertNil(decoder.feed(.keyCode(KeyDecoder.pasteStartCode)))
        XCTAssertTrue(decoder.isInPaste)
        for _ in 0..<(KeyDecoder.pasteLimit + 10) {
            XCTAssertNil(decoder.feed(.character(0x41)))
        }
        guard case .key(.paste(let text))? = decoder.flushPaste() else {
            return XCTFail("expected a paste")
        }
        XCTAssertEqual(text.unicodeScalars.count, KeyDecoder.pasteLimit)
        XCTAssertFalse(decoder.isInPaste)
        XCTAssertNil(decoder.flushPaste())
    }

    func testStrayPasteEndIsIgnored() {
        XCTAssertEqual(decode([.keyCode(KeyDecoder.pasteEndCode), .character(0x61)]), [.key(.character("a"))])
    }

    /// The decoder owns the paste's deadline: half a second after the last input of a paste
    /// whose end marker has not come, and none outside a paste.
    func testAStalledPasteIsTakenAsItIsAtItsDeadline() {
        var decoder = KeyDecoder()
        let t0 = ContinuousClock.now
        XCTAssertNil(decoder.deadline)
        XCTAssertEqual(decoder.feed(.character(0x61), at: t0), .key(.character("a")))
        XCTAssertNil(decoder.deadline, "no deadline outside a paste")
        XCTAssertNil(decoder.feed(.keyCode(KeyDecoder.pasteStartCode), at: t0))
        XCTAssertEqual(decoder.deadline, t0 + KeyDecoder.pasteTimeout)
        XCTAssertNil(decoder.feed(.character(0x78), at: t0 + .milliseconds(300)))
        XCTAssertEqual(decoder.deadline, t0 + .milliseconds(800), "each input pushes it back")
        XCTAssertNil(decoder.expire(at: t0 + .milliseconds(799)))
        XCTAssertEqual(decoder.expire(at: t0 + .milliseconds(800)), .key(.paste("x")))
        XCTAssertNil(decoder.deadline)
        XCTAssertNil(decoder.expire(at: t0 + .seconds(5)), "nothing left to take")
        XCTAssertEqual(decoder.feed(.character(0x62), at: t0 + .seconds(5)), .key(.character("b")))
    }
}
