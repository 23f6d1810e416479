import Foundation
import TestSupport
import XCTest

/// The cursor's visibility, which the frames write themselves (`civis`, `cnorm`) rather than
/// ncurses: shown in the field, hidden elsewhere, shown to the shell while the app is stopped
/// and after it quits, hidden again when it comes back where it was hidden. tmux's own idea of
/// the cursor (`cursor_flag`) is read.
final class E2ECursorTests: XCTestCase {
    private func cursorShown(_ session: TmuxSession, _ shown: Bool, _ what: String) throws {
        _ = try eventually(what) { try session.format("#{cursor_flag}") == (shown ? "1" : "0") ? true : nil }
    }

    func testHiddenOutsideTheFieldShownToTheShellWhileStoppedAndAfterQuitting() throws {
        let session = try TmuxSession(["--no-history"], launcher: JobControl.launcher)
        try session.waitForStart()
        try session.waitFor("quit")
        try cursorShown(session, true, "shown in the description field")
        try session.press("Tab")
        try cursorShown(session, false, "hidden on the button")
        let pid = try JobControl.suspend(session)
        try JobControl.resume(session, pid)
        try cursorShown(session, false, "hidden again on the button")
        try session.press("BTab")
        try cursorShown(session, true, "shown in the field again")
        try session.press("Tab")
        try cursorShown(session, false, "hidden on the button before quitting")
        try session.press("C-c")
        XCTAssertEqual(try session.waitForExit(), 0)
        try session.assertTerminalRestored()
    }
}
