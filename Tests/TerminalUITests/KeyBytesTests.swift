import CNcurses
import PaletteApp
import PaletteCore
import ScreenCore
import XCTest

@testable import TerminalUI

/// Bytes from the terminal to `RawInput`s: what ncurses' `wget_wch` did, from one read(2).
final class KeyBytesTests: XCTestCase {
    /// xterm-256color's keys as ncurses binds them (a subset), and the paste markers.
    private static let xterm: [(String, Int32)] = [
        ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
        ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END), ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE),
        ("\u{1B}[3~", KEY_DC), ("\u{7F}", KEY_BACKSPACE), ("\u{1B}[Z", KEY_BTAB), ("\u{1B}OP", KEY_F0 + 1),
        ("\u{1B}[1;5A", KEY_MAX + 40), ("\u{1B}[24;2~", KEY_F0 + 24),
        // The Linux console's F1, which is not a CSI sequence of the usual shape.
        ("\u{1B}[[A", KEY_F0 + 1),
    ]

    private let start = ContinuousClock.now
    private let delay = Duration.milliseconds(25)

    private func decoder(tableBuilt: UnsafeMutablePointer<Int>? = nil) -> KeyBytes {
        KeyBytes(escapeDelay: delay) {
            tableBuilt?.pointee += 1
            return KeySequenceTable(
                KeySequenceTable.pasteMarkers + Self.xterm.map { (Array($0.0.utf8), $0.1) })
        }
    }

    private func feed(_ keys: inout KeyBytes, _ text: String, after ms: Int = 0) -> [RawInput] {
        feed(&keys, Array(text.utf8), after: ms)
    }

    private func feed(_ keys: inout KeyBytes, _ bytes: [UInt8], after ms: Int = 0) -> [RawInput] {
        var out: [RawInput] = []
        keys.feed(bytes, at: start + .milliseconds(ms), into: &out)
        return out
    }

    private func expire(_ keys: inout KeyBytes, after ms: Int) -> [RawInput] {
        var out: [RawInput] = []
        keys.expire(at: start + .milliseconds(ms), into: &out)
        return out
    }

    private func chars(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .character($0.value) }
    }

    func testTextInOneReadIncludingCJKAndEmoji() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, "a 寧靜，é🌅"), chars("a 寧靜，é🌅"))
        XCTAssertNil(keys.deadline)
    }

    func testACharacterSplitAcrossReadsWaitsForItsOtherBytes() {
        var keys = decoder()
        let bytes = Array("寧🌅".utf8)
        XCTAssertEqual(feed(&keys, Array(bytes[0..<2])), [])
        XCTAssertEqual(keys.deadline, start + delay)
        XCTAssertEqual(feed(&keys, Array(bytes[2..<5]), after: 1), chars("寧"))
        XCTAssertEqual(feed(&keys, Array(bytes[5...]), after: 2), chars("🌅"))
        XCTAssertNil(keys.deadline)
    }

    func testKeysFromTheTable() {
        var keys = decoder()
        XCTAssertEqual(
            feed(&keys, "\u{1B}OA\u{1B}OBx\u{1B}[5~\u{1B}[3~\u{7F}\u{1B}[Z\u{1B}OP\u{1B}[1;5A\u{1B}[24;2~"),
            [
                .keyCode(KEY_UP), .keyCode(KEY_DOWN), .character(0x78), .keyCode(KEY_PPAGE), .keyCode(KEY_DC),
                .keyCode(KEY_BACKSPACE), .keyCode(KEY_BTAB), .keyCode(KEY_F0 + 1), .keyCode(KEY_MAX + 40),
                .keyCode(KEY_F0 + 24),
            ])
        XCTAssertNil(keys.deadline, "nothing waits after complete sequences")
    }

    func testTheOtherCursorFormsAreUnderstoodAndUnknownSequencesStayOneKey() {
        var keys = decoder()
        // Normal cursor mode (a terminal that left keypad mode) sends CSI forms.
        XCTAssertEqual(
            feed(&keys, "\u{1B}[A\u{1B}[D\u{1B}[H\u{1B}[4~\u{1B}[2~"),
            [.keyCode(KEY_UP), .keyCode(KEY_LEFT), .keyCode(KEY_HOME), .keyCode(KEY_END), .keyCode(KEY_IC)])
        // A modified key the table lacks is not the plain key, and not letters in the field.
        XCTAssertEqual(
            feed(&keys, "\u{1B}[1;3Cz\u{1B}[99~\u{1B}Ox"),
            [
                .keyCode(KeyBytes.unknownSequenceCode), .character(0x7A), .keyCode(KeyBytes.unknownSequenceCode),
                .keyCode(KeyBytes.unknownSequenceCode),
            ])
    }

    /// With no terminfo table at all, both cursor forms (SS3 `ESC O x`, CSI `ESC [ x`) give the
    /// same key for every letter they share, and each form keeps its own extra keys.
    func testBothCursorFormsNameTheSameKeysWithoutATable() {
        var keys = KeyBytes(escapeDelay: delay) { KeySequenceTable([]) }
        let shared: [(String, Int32)] = [
            ("A", KEY_UP), ("B", KEY_DOWN), ("C", KEY_RIGHT), ("D", KEY_LEFT), ("H", KEY_HOME), ("F", KEY_END),
        ]
        for (letter, code) in shared {
            XCTAssertEqual(feed(&keys, "\u{1B}O\(letter)"), [.keyCode(code)], "SS3 \(letter)")
            XCTAssertEqual(feed(&keys, "\u{1B}[\(letter)"), [.keyCode(code)], "CSI \(letter)")
        }
        XCTAssertEqual(
            feed(&keys, "\u{1B}OM\u{1B}Od\u{1B}Oc\u{1B}OP\u{1B}OS"),
            [
                .keyCode(KEY_ENTER), .keyCode(KeyBytes.controlLeftCode), .keyCode(KeyBytes.controlRightCode),
                .keyCode(KEY_F0 + 1), .keyCode(KEY_F0 + 4),
            ])
        XCTAssertEqual(
            feed(&keys, "\u{1B}[Z\u{1B}[1~\u{1B}[7~\u{1B}[8~\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1;5D\u{1B}[1;5C"),
            [
                .keyCode(KEY_BTAB), .keyCode(KEY_HOME), .keyCode(KEY_HOME), .keyCode(KEY_END), .keyCode(KEY_DC),
                .keyCode(KEY_PPAGE), .keyCode(KEY_NPAGE), .keyCode(KeyBytes.controlLeftCode),
                .keyCode(KeyBytes.controlRightCode),
            ])
        // The SS3 form has no Back-Tab or `~` keys, the CSI form no Enter or F-keys by letter.
        XCTAssertEqual(
            feed(&keys, "\u{1B}OZ\u{1B}[M\u{1B}[P\u{1B}[1;2A"),
            Array(repeating: .keyCode(KeyBytes.unknownSequenceCode), count: 4))
    }

    // MARK: - Answers to the background query

    private static let grey = RGB(r: 0xF0, g: 0xF0, b: 0xF0)

    func testTheBackgroundAnswerAndDA1AreReadAsAnswersNeverAsKeys() {
        var keys = decoder()
        XCTAssertEqual(
            feed(&keys, "\u{1B}]11;rgb:f0f0/f0f0/f0f0\u{1B}\\\u{1B}[?62;22cab"),
            [.background(Self.grey), .deviceAttributes] + chars("ab"))
        XCTAssertEqual(
            feed(&keys, "\u{1B}]11;rgb:1e/1e/2e\u{07}x"), [.background(RGB(r: 0x1E, g: 0x1E, b: 0x2E))] + chars("x"))
        // tmux's own DA1 answer.
        XCTAssertEqual(feed(&keys, "\u{1B}[?1;2c"), [.deviceAttributes])
        XCTAssertNil(keys.deadline)
    }

    func testAnAnswerThatIsNoColourIsDroppedNotTyped() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, "\u{1B}]11;?\u{1B}\\q"), chars("q"))
        XCTAssertEqual(feed(&keys, "\u{1B}]11;cmyk:1/2/3/4\u{07}q"), chars("q"))
        // A control byte inside the body ends it there: the body is dropped, the byte is itself.
        XCTAssertEqual(feed(&keys, "\u{1B}]11;rgb:ff\u{01}"), [.character(1)])
        // Too long: dropped at 64 bytes (from the Esc), what follows is read as usual.
        let long = "\u{1B}]11;" + String(repeating: "f", count: 59) + "zz"
        XCTAssertEqual(feed(&keys, long), chars("zz"))
    }

    func testAnAnswerSplitAcrossReadsWaitsForItsRest() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, "\u{1B}]11;rgb:f0f0/f0"), [])
        XCTAssertEqual(keys.deadline, start + .milliseconds(100), "an answer waits 100 ms, not ESCDELAY")
        XCTAssertEqual(expire(&keys, after: 30), [], "not at ESCDELAY")
        XCTAssertEqual(feed(&keys, "f0/f0f0\u{1B}\\", after: 60), [.background(Self.grey)])
        // Cut after `ESC ] 1`: waits as any sequence does.
        XCTAssertEqual(feed(&keys, "\u{1B}]1"), [])
        XCTAssertEqual(feed(&keys, "1;rgb:f0/f0/f0\u{07}", after: 10), [.background(Self.grey)])
    }

    func testAnAnswerCutShortIsDroppedAndSoIsItsRestWhenItComes() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, "\u{1B}]11;rgb:f0f0/f0"), [])
        XCTAssertEqual(expire(&keys, after: 100), [], "dropped at its deadline, not typed")
        XCTAssertEqual(feed(&keys, "f0/f0f0\u{1B}\\zq", after: 400), chars("zq"), "its rest dropped too")
        // After a cut answer, text that is not its rest is typing.
        XCTAssertEqual(feed(&keys, "\u{1B}]11;rgb:f0"), [])
        XCTAssertEqual(expire(&keys, after: 600), [])
        XCTAssertEqual(feed(&keys, "f0 cafe", after: 700), chars("f0 cafe"))
    }

    func testAltBracketStaysAltBracket() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, "\u{1B}]"), [.alt(UInt32(UInt8(ascii: "]")))])
        XCTAssertEqual(feed(&keys, "\u{1B}]a"), [.alt(UInt32(UInt8(ascii: "]")))] + chars("a"))
        XCTAssertEqual(feed(&keys, "\u{1B}]12;x"), [.alt(UInt32(UInt8(ascii: "]")))] + chars("12;x"))
        XCTAssertEqual(feed(&keys, "\u{1B}]1"), [])
        XCTAssertEqual(expire(&keys, after: 25), [.alt(UInt32(UInt8(ascii: "]")))] + chars("1"))
    }

    func testALoneEscIsTheEscapeKeyOnceTheDelayHasPassed() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, "\u{1B}"), [])
        XCTAssertEqual(keys.deadline, start + delay)
        XCTAssertEqual(expire(&keys, after: 24), [], "not before ESCDELAY")
        XCTAssertEqual(expire(&keys, after: 25), [.character(0x1B)])
        XCTAssertNil(keys.deadline)
        XCTAssertEqual(expire(&keys, after: 60), [], "taken once")
    }

    /// Issue 11 point 5: a terminal sends Alt-x as Esc and x in one write; that is one key
    /// (it was Escape, then the x typed into the field). Alt-Backspace and Alt with a non-ASCII
    /// character too.
    func testPoint5EscAndACharacterInOneReadIsThatKeyWithAlt() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, "\u{1B}b\u{1B}f\u{1B}x"), [.alt(0x62), .alt(0x66), .alt(0x78)])
        XCTAssertEqual(feed(&keys, "\u{1B}\u{7F}\u{1B}\u{08}"), [.alt(0x7F), .alt(0x08)])
        XCTAssertEqual(feed(&keys, "\u{1B}é"), [.alt(0xE9)])
        XCTAssertNil(keys.deadline)
        // Esc and half a character: the rest may come.
        XCTAssertEqual(feed(&keys, [0x1B, 0xC3]), [])
        XCTAssertEqual(feed(&keys, [0xA9], after: 3), [.alt(0xE9)])
    }

    /// An Esc that ended a read, then a letter in the next: two keys, Escape then the letter
    /// (a person who presses Esc and types quickly), however soon the letter comes.
    func testPoint5AnEscThatEndedAReadThenALetterIsEscapeThenTheLetter() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, "ab\u{1B}"), chars("ab"))
        XCTAssertEqual(feed(&keys, "q", after: 2), [.character(0x1B), .character(0x71)])
        XCTAssertNil(keys.deadline)
        // But a sequence split after its Esc is still one key.
        XCTAssertEqual(feed(&keys, "\u{1B}", after: 4), [])
        XCTAssertEqual(feed(&keys, "[A", after: 6), [.keyCode(KEY_UP)])
    }

    /// Ctrl-Left and Ctrl-Right in xterm's form (`ESC[1;5D`, whatever the table says) and
    /// rxvt's (`ESC Od`); other modifiers stay unknown keys.
    func testPoint5CtrlArrowsInEveryForm() {
        var keys = decoder()
        XCTAssertEqual(
            feed(&keys, "\u{1B}[1;5D\u{1B}[1;5C\u{1B}Od\u{1B}Oc"),
            [
                .keyCode(KeyBytes.controlLeftCode), .keyCode(KeyBytes.controlRightCode),
                .keyCode(KeyBytes.controlLeftCode), .keyCode(KeyBytes.controlRightCode),
            ])
        XCTAssertEqual(
            feed(&keys, "\u{1B}[1;2D\u{1B}[1;5;1D\u{1B}[>1;5D"),
            Array(repeating: .keyCode(KeyBytes.unknownSequenceCode), count: 3))
    }

    func testASequenceSplitAcrossReadsIsOneKey() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, "ab\u{1B}"), chars("ab"))
        XCTAssertEqual(feed(&keys, "O", after: 3), [])
        XCTAssertEqual(keys.deadline, start + .milliseconds(3) + delay, "the delay runs from the last bytes")
        XCTAssertEqual(feed(&keys, "A", after: 5), [.keyCode(KEY_UP)])
        XCTAssertEqual(feed(&keys, "\u{1B}[1;", after: 6), [])
        XCTAssertEqual(feed(&keys, "5Ac", after: 7), [.keyCode(KEY_MAX + 40), .character(0x63)])
        XCTAssertEqual(feed(&keys, "\u{1B}[[", after: 8), [])
        XCTAssertEqual(feed(&keys, "A", after: 9), [.keyCode(KEY_F0 + 1)])
    }

    func testAnUnfinishedSequenceAtItsDeadlineIsTakenByteByByte() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, "\u{1B}["), [])
        XCTAssertEqual(expire(&keys, after: 30), [.character(0x1B), .character(0x5B)])
        XCTAssertEqual(feed(&keys, "\u{1B}[1;5", after: 40), [])
        XCTAssertEqual(
            expire(&keys, after: 70),
            [.character(0x1B), .character(0x5B), .character(0x31), .character(0x3B), .character(0x35)])
    }

    func testAnUnfinishedCharacterAtItsDeadlineIsDroppedAndInvalidUTF8Too() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, [0xE5, 0xAF]), [])
        XCTAssertEqual(expire(&keys, after: 30), [])
        XCTAssertNil(keys.deadline)
        // A stray continuation byte, an overlong form, a surrogate, a lead byte cut short.
        XCTAssertEqual(
            feed(&keys, [0x61, 0x80, 0x62, 0xC0, 0xAF, 0x63, 0xED, 0xA0, 0x80, 0x64, 0xE5, 0x41]),
            chars("abcdA"))
    }

    func testBracketedPasteThroughTheKeyDecoder() {
        var keys = decoder()
        var decoder = KeyDecoder()
        let bytes = Array("x\u{1B}[200~寧靜\r\u{1B}OAline2\u{1B}[201~y".utf8)
        var events: [InputEvent] = []
        // Cut into reads of 5 bytes: inside the marker, the arrow and the Chinese characters.
        for (index, chunk) in stride(from: 0, to: bytes.count, by: 5).enumerated() {
            for input in feed(&keys, Array(bytes[chunk..<min(chunk + 5, bytes.count)]), after: index) {
                if let event = decoder.feed(input) { events.append(event) }
            }
        }
        XCTAssertEqual(events, [.key(.character("x")), .key(.paste("寧靜\nline2")), .key(.character("y"))])
    }

    func testControlBytesAreCharactersForTheKeyDecoder() {
        var keys = decoder()
        XCTAssertEqual(feed(&keys, [0x01, 0x0D, 0x09, 0x00, 0x17]), [1, 13, 9, 0, 23].map { .character($0) })
    }

    func testTypingOnlyPrintableASCIINeverBuildsTheTable() {
        var built = 0
        withUnsafeMutablePointer(to: &built) { counter in
            var keys = decoder(tableBuilt: counter)
            _ = feed(&keys, "a calm forest morning")
            XCTAssertEqual(counter.pointee, 0)
            _ = feed(&keys, "\u{1B}OA寧\u{1B}OB")
            XCTAssertEqual(counter.pointee, 1, "built once, when first needed")
        }
    }

    /// The quit key Ctrl-C was the first control byte of most sessions, and it built the whole
    /// table (about 1 ms of `keybound` calls) on the way out. A control byte the table cannot
    /// begin with, and UTF-8, now leave it unbuilt; one that may begin a sequence builds it.
    func testAControlByteThatBeginsNoSequenceLeavesTheTableUnbuilt() {
        var built = 0
        withUnsafeMutablePointer(to: &built) { counter in
            var keys = KeyBytes(escapeDelay: delay, mayStartSequence: { $0 == 0x7F }) {
                counter.pointee += 1
                return KeySequenceTable(
                    KeySequenceTable.pasteMarkers + Self.xterm.map { (Array($0.0.utf8), $0.1) })
            }
            XCTAssertEqual(feed(&keys, [0x03, 0x01, 0x0D]), [3, 1, 13].map { .character($0) })
            XCTAssertEqual(feed(&keys, "寧靜"), [0x5BE7, 0x975C].map { .character($0) })
            XCTAssertEqual(counter.pointee, 0, "Ctrl-C, Ctrl-A, Enter and UTF-8 need no table")
            XCTAssertEqual(feed(&keys, [0x7F]), [.keyCode(KEY_BACKSPACE)])
            XCTAssertEqual(counter.pointee, 1, "a byte a key begins with builds it")
            XCTAssertEqual(feed(&keys, [0x03]), [.character(3)])
            XCTAssertEqual(counter.pointee, 1)
        }
    }

    /// ncurses' own answer (`key_defined`) agrees with the table ncurses' keys build: every
    /// control byte a sequence of `fromNcurses()` begins with is one `ncursesMayStart` says may.
    func testNcursesMayStartCoversEveryByteTheNcursesTableBeginsWith() throws {
        let found = try withNcursesTerminal("xterm-256color") {
            let table = KeySequenceTable.fromNcurses()
            let controls = Array(UInt8(0)..<0x20) + [0x7F]
            for byte in controls where table.startsSequence(byte) {
                XCTAssertTrue(KeySequenceTable.ncursesMayStart(with: byte), "byte \(byte) begins a key")
            }
            XCTAssertTrue(table.startsSequence(0x7F), "xterm's Backspace is DEL")
            XCTAssertTrue(KeySequenceTable.ncursesMayStart(with: 0x7F))
            XCTAssertFalse(KeySequenceTable.ncursesMayStart(with: 0x03), "no xterm key begins with Ctrl-C")
            XCTAssertFalse(table.startsSequence(0x03))
        }
        if !found { throw XCTSkip("no xterm-256color terminfo entry here") }
    }

    /// Asking `keybound` only up to KEY_MAX + the extended strings' count misses nothing: for
    /// each terminal here, the same sequences with the same codes in the same order as asking
    /// up to KEY_MAX + 512, as `fromNcurses` did before.
    func testTheNcursesTableStopsAtTheLastCodeAKeyCanHave() throws {
        let terminals = [
            "xterm-256color", "xterm", "tmux-256color", "screen-256color", "screen", "linux", "vt100", "vt220",
            "rxvt-unicode-256color", "alacritty", "st-256color", "putty-256color", "konsole-256color",
            "gnome-256color", "iterm2", "xterm-kitty", "foot", "wezterm", "mintty", "dumb",
        ]
        var compared = 0
        var extended = 0
        for name in terminals {
            let found = try withNcursesTerminal(name) {
                let limit = KeySequenceTable.ncursesCodeLimit()
                let before = KeySequenceTable.ncursesSequences(codeLimit: KEY_MAX + 512)
                let now = KeySequenceTable.ncursesSequences(codeLimit: limit)
                XCTAssertLessThanOrEqual(limit, KEY_MAX + 512, name)
                XCTAssertEqual(now.map(\.0), before.map(\.0), "\(name): the same sequences")
                XCTAssertEqual(now.map(\.1), before.map(\.1), "\(name): the same codes")
                if before.contains(where: { $0.1 == KeyBytes.unknownSequenceCode }) { extended += 1 }
            }
            if found { compared += 1 }
        }
        // xterm-256color, tmux-256color and linux come with ncurses-base (make test-deps);
        // the others when ncurses-term is there. Some must have extended key strings.
        XCTAssertGreaterThanOrEqual(compared, 3)
        XCTAssertGreaterThanOrEqual(extended, 2)
    }

    /// Runs `body` with ncurses set up for the terminfo entry `name` (on /dev/null, in keypad
    /// mode as the app's screen is) and closed after it; false when there is no such entry.
    private func withNcursesTerminal(_ name: String, _ body: () throws -> Void) throws -> Bool {
        guard let output = fopen("/dev/null", "w"), let input = fopen("/dev/null", "r") else {
            throw XCTSkip("no /dev/null")
        }
        defer {
            fclose(output)
            fclose(input)
        }
        guard let screen = newterm(name, output, input) else { return false }
        defer {
            endwin()
            delscreen(screen)
        }
        keypad(pt_stdscr(), true)
        try body()
        return true
    }

    func testTheTableKeepsTheFirstBindingAndSkipsPrintableAndLongSequences() {
        let table = KeySequenceTable([
            (Array("\u{1B}OA".utf8), KEY_UP), (Array("\u{1B}OA".utf8), KEY_DOWN), (Array("q".utf8), KEY_UP),
            (Array("\u{1B}[12345678~".utf8), KEY_F0 + 5),
        ])
        var keys = KeyBytes(escapeDelay: delay) { table }
        XCTAssertEqual(feed(&keys, "\u{1B}OAq"), [.keyCode(KEY_UP), .character(0x71)])
        XCTAssertEqual(feed(&keys, "\u{1B}[12345678~"), [.keyCode(KeyBytes.unknownSequenceCode)])
    }
}
