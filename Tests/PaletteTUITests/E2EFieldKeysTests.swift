import Foundation
import TestSupport
import XCTest

/// Issue 11 point 5: the description field's word keys and Ctrl-Z, sent by tmux as a terminal
/// sends them (Alt as Esc and the key in one write, Ctrl-Left as `ESC[1;5D`).
final class E2EFieldKeysTests: XCTestCase {
    /// The description field's text as the screen shows it (the row after its label).
    static func field(_ screen: String) -> String? {
        let label = " Description "
        guard let row = screen.components(separatedBy: "\n").first(where: { $0.hasPrefix(label) }) else { return nil }
        return String(row.dropFirst(label.count))
    }

    /// Waits until the field shows exactly `text`.
    private func fieldShows(_ session: TmuxSession, _ text: String) throws {
        let screen = try session.waitForScreen("the field showing \(text)") { Self.field($0) == text }
        XCTAssertEqual(Self.field(screen), text)
    }

    /// Alt-b / Alt-f / Ctrl-Left / Ctrl-Right move by word, Alt-Backspace and Ctrl-W delete the
    /// word before the cursor, Alt-d the one after it; an Alt key nothing binds types nothing.
    /// `|` is typed at the cursor to show where it is (it is no word character).
    func testIssue11Point5WordKeysMoveAndDeleteByWordAndAltTypesNothing() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"])
        try session.waitForStart()
        try session.type("calm lake at dawn")
        try fieldShows(session, "calm lake at dawn")
        try session.press("M-b")
        try session.type("|")
        try fieldShows(session, "calm lake at |dawn")
        try session.press("C-Left")
        try session.type("|")
        try fieldShows(session, "calm lake |at |dawn")
        try session.press("M-f")
        try session.type("|")
        try fieldShows(session, "calm lake |at| |dawn")
        try session.press("C-Right")
        try session.type("|")
        try fieldShows(session, "calm lake |at| |dawn|")
        try session.press("M-BSpace")
        try fieldShows(session, "calm lake |at| |")
        try session.press("C-w")
        try fieldShows(session, "calm lake |")
        try session.press("C-a")
        try session.press("M-d")
        try session.type("!")
        try fieldShows(session, "! lake |")
        // Alt with letters no binding lists: nothing typed (they were Escape, then the letter).
        try session.press("M-x", "M-q", "M-z")
        try session.type("?")
        let screen = try session.waitFor("!? lake |")
        XCTAssertFalse(screen.contains("!x") || screen.contains("!q"), screen)
        XCTAssertNil(try? session.waitForExit(timeout: 0.2), "Alt-q did not quit")
    }

    /// The word keys on Chinese, Japanese and emoji: a run of Han (or of kana) is a word, a
    /// change of script a boundary, and an emoji sequence goes whole.
    func testIssue11Point5WordKeysOnChineseJapaneseAndEmojiKeepGraphemesWhole() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"])
        try session.waitForStart()
        try session.type("寧靜的湖面，黎明 東京タワーの夜景")
        try fieldShows(session, "寧靜的湖面，黎明 東京タワーの夜景")
        try session.press("M-b", "M-b")
        try session.type("|")
        try fieldShows(session, "寧靜的湖面，黎明 東京タワー|の夜景")
        try session.press("M-b", "M-b")
        try session.type("|")
        try fieldShows(session, "寧靜的湖面，黎明 |東京タワー|の夜景")
        try session.press("C-Left", "C-Left")
        try session.press("M-d")
        try fieldShows(session, "，黎明 |東京タワー|の夜景")
        try session.press("C-Right", "C-Right", "C-w")
        try fieldShows(session, "，黎明 |タワー|の夜景")
        try session.press("C-e")
        try session.type(" 🌲👨\u{200D}👩\u{200D}👧")
        try session.waitForScreen("the family typed") { $0.contains("👩") }
        try session.press("M-BSpace")
        let screen = try session.waitForScreen("the family gone") { !$0.contains("👩") }
        XCTAssertFalse(screen.contains("👨") || screen.contains("👧"), "no part of the emoji is left: \(screen)")
        try fieldShows(session, "，黎明 |タワー|の夜景 🌲")
    }

    /// Ctrl-Z suspends as in every terminal program: the terminal is given back (no alternate
    /// screen, cursor shown) and the process stops; `fg` (SIGCONT) takes the screen again,
    /// redraws it in full, and the text typed before is still there. Also from help.
    func testIssue11Point5CtrlZSuspendsAndContinuingRedraws() throws {
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history"], launcher: JobControl.launcher)
        try session.waitForStart()
        try session.type("before")
        try fieldShows(session, "before")
        let pid = try JobControl.appPID(session)
        for (round, opening) in [[], ["F1"]].enumerated() {
            if !opening.isEmpty {
                try session.press(opening[0])
                try session.waitFor("Keys ·")
            }
            try session.press("C-z")
            _ = try eventually("the app stopped (\(round))") { JobControl.state(of: pid) == "T" ? true : nil }
            XCTAssertEqual(try session.format("#{alternate_on}"), "0", "the terminal is given back while stopped")
            XCTAssertEqual(try session.format("#{cursor_flag}"), "1", "cursor shown while stopped")
            XCTAssertEqual(kill(pid, SIGCONT), 0)
            _ = try eventually("the alternate screen again") {
                try session.format("#{alternate_on}") == "1" ? true : nil
            }
            if !opening.isEmpty {
                try session.waitFor("Keys ·")
                try session.press("Escape")
            }
            try session.waitFor("before", "quit")
        }
        try session.type(" after")
        try fieldShows(session, "before after")
        try session.press("C-c")
        XCTAssertEqual(try session.waitForExit(), 0)
        try session.assertTerminalRestored()
    }
}
