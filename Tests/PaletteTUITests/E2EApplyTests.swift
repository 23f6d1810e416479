import Foundation
import TestSupport
import XCTest

/// "Apply to this terminal" in the app, in a real terminal (tmux): `t` previews, `a` keeps it,
/// which applies to the terminal detected from the environment (tmux here: `TMUX` is set) and
/// sources the theme into the running server; a second `a` adds no second line.
final class E2EApplyTests: XCTestCase {
    func testKeepingThePreviewAppliesToTheDetectedTerminal() throws {
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history", "--lang", "en"], width: 100, height: 32)
        try session.waitForStart()
        let home = session.environment["HOME"]!
        try session.type("calm lake at dawn")
        try session.press("Enter")
        try session.waitForScreen("a palette") { $0.range(of: "#[0-9A-F]{6}", options: .regularExpression) != nil }
        try session.press("Tab", "Tab")
        try session.press("t")
        _ = try session.waitFor("Theme preview (dark)", "a apply")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/.tmux.conf"), "nothing before the key")
        try session.press("a")
        // The status line wraps the report: read it with its line breaks as spaces.
        func flat(_ screen: String) -> String { screen.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let screen = flat(
            try session.waitForScreen(timeout: 15, "the theme applied") { flat($0).contains("sourced the theme") })
        XCTAssertTrue(
            screen.contains(
                "added `source-file '\(home)/.palette-tui.tmux.conf'` to \(home)/.tmux.conf; this tmux server sourced the "
                    + "theme"), screen)
        let config = try String(contentsOfFile: home + "/.tmux.conf", encoding: .utf8)
        XCTAssertEqual(config, "source-file '\(home)/.palette-tui.tmux.conf'\n")
        let theme = try String(contentsOfFile: home + "/.palette-tui.tmux.conf", encoding: .utf8)
        let style = try session.tmux(["show", "-gv", "status-style"])
        XCTAssertTrue(theme.contains("set -g status-style \"\(style.trimmingCharacters(in: .newlines))\"\n"), style)
        XCTAssertTrue(theme.contains(" · dark · palette-tui\n"), theme)

        // Again: the theme file replaced, the config still one line.
        try session.press("t")
        _ = try session.waitFor("Theme preview (dark)")
        try session.press("a")
        _ = try session.waitForScreen("the second apply") {
            flat($0).contains("already includes the theme (unchanged)")
        }
        XCTAssertEqual(try String(contentsOfFile: home + "/.tmux.conf", encoding: .utf8), config)
        try session.press("q")
        try session.waitFor("Press q again to quit")
        try session.press("q")
        XCTAssertEqual(try session.waitForExit(), 0)
    }
}
