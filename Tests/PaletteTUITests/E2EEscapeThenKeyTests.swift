import Foundation
import TestSupport
import XCTest

/// Esc and a key that reach the app in one read, as they do when it is busy or the link is
/// slow: where no Alt binding takes them they are Esc then the key (docs/decisions.md). Each
/// pair is sent by one `send-keys -H`, so tmux writes both bytes to the pane at once.
final class E2EEscapeThenKeyTests: XCTestCase {
    private func showingPalette() throws -> TmuxSession {
        let session = try TmuxSession(["--provider", "offline", "--no-history"])
        try session.waitForScreen("the first frame") { $0.contains("offline") }
        try session.type("calm lake at dawn")
        try session.press("Enter")
        try session.waitForScreen("a palette") { $0.range(of: "#[0-9A-F]{6}", options: .regularExpression) != nil }
        return session
    }

    /// The flaky test's keys (E2EExportTests): the preview, then Esc and q together. The preview
    /// closes and the quit question shows; a second q quits.
    func testEscAndQTogetherLeaveThePreviewAndAskToQuit() throws {
        let session = try showingPalette()
        try session.press("Tab", "Tab", "t")
        try session.waitFor("Theme preview (dark)")
        try session.tmux(["send-keys", "-t", session.target, "-H", "1b", "71"])
        try session.waitFor("Press q again to quit")
        try session.press("q")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    /// In the description field Alt-b is bound: Esc and b together move to the word's start
    /// and type nothing.
    func testEscAndBTogetherInTheFieldAreAltB() throws {
        let session = try showingPalette()
        try session.tmux(["send-keys", "-t", session.target, "-H", "1b", "62"])
        try session.type("X")
        try session.waitFor("calm lake at Xdawn")
    }
}
