import Foundation
import TestSupport
import XCTest

/// A history file holding two copies of one id (a backup appended, two files concatenated):
/// the store applies one delete or favourite to every copy, and the app must show the same.
final class E2EDuplicateIdTests: XCTestCase {
    /// A history of "harbour at dawn", "neon city rain", then a second copy of the first entry's
    /// id described "harbour at dusk".
    private func historyWithACopiedID(in directory: URL) throws -> String {
        let history = directory.appendingPathComponent("history.jsonl").path
        for text in ["harbour at dawn", "neon city rain"] {
            let result = try Spawn.run(
                [try Repository.paletteTUI(), "generate", "--provider", "offline", text],
                environment: HistoryBinary.environment(["PALETTE_TUI_HISTORY": history]))
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let lines = try String(contentsOfFile: history, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        let copy = lines[0].replacingOccurrences(of: "harbour at dawn", with: "harbour at dusk")
        try (lines.joined(separator: "\n") + "\n" + copy + "\n").write(
            toFile: history, atomically: false, encoding: .utf8)
        return history
    }

    /// The history list's rows on the screen (each ends with its date).
    static func rows(_ screen: String) -> String {
        // A row ends in its date, or its time when it was made today.
        screen.split(separator: "\n").filter { $0.contains(/(\d{4}-\d{2}-\d{2}|\d{2}:\d{2})\s*$/) }
            .joined(separator: "\n")
    }

    private func listed(_ history: String) throws -> String {
        let result = try Spawn.run(
            [try Repository.paletteTUI(), "history", "--history", history], environment: HistoryBinary.environment())
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testDeletingADuplicatedIDHidesEveryCopyAsTheFileDoes() throws {
        let session = try TmuxSession(["--provider", "offline", "--history", "history.jsonl"])
        let history = try historyWithACopiedID(in: session.directory)
        // The app was started before the file was written: start a second one on it.
        try session.waitForStart()
        try session.press("C-c")
        _ = try session.waitForExit()
        let app = try TmuxSession(
            ["--provider", "offline", "--history", history],
            directory: session.directory.appendingPathComponent("again"))
        try app.waitForStart()
        try app.waitFor("harbour at dawn", "neon city rain", "harbour at dusk")
        // Focus the list (description -> button -> panes -> history): the newest, the copy.
        try app.press("BTab")
        try app.waitForScreen("the copy selected") { E2EAppTests.selectedLine($0)?.contains("harbour at dusk") == true }
        // d asks, d again deletes.
        try app.type("d")
        try app.waitFor("Press d again")
        try app.type("d")
        // Both copies go in one step; a capture can land between two rows' updates, so this waits
        // for the settled list (an app that keeps the other copy times out here).
        try app.waitForScreen("both copies of the deleted id gone, the other entry kept") {
            !Self.rows($0).contains("harbour") && Self.rows($0).contains("neon city rain")
        }
        // Undo brings both back, as the restore record does on disk.
        try app.type("u")
        try app.waitForScreen("both back") {
            Self.rows($0).contains("harbour at dawn") && Self.rows($0).contains("harbour at dusk")
        }
        try app.type("d")
        try app.waitFor("Press d again")
        try app.type("d")
        try app.waitForScreen("both copies gone again") { !Self.rows($0).contains("harbour") }
        try app.press("C-c")
        XCTAssertEqual(try app.waitForExit(), 0)
        // What the file now says: the same as the screen did.
        let stored = try listed(history)
        XCTAssertFalse(stored.contains("harbour"), stored)
        XCTAssertTrue(stored.contains("neon city rain"), stored)
    }

    func testAFavouriteOnADuplicatedIDMarksEveryCopy() throws {
        let scratch = try TemporaryDirectory(prefix: "pt-dup")
        let history = try historyWithACopiedID(in: URL(fileURLWithPath: scratch.path))
        let app = try TmuxSession(["--provider", "offline", "--history", history])
        try app.waitForStart()
        try app.waitFor("harbour at dawn", "neon city rain", "harbour at dusk")
        try app.press("BTab")
        try app.waitForScreen("the copy selected") { E2EAppTests.selectedLine($0)?.contains("harbour at dusk") == true }
        try app.type("f")
        // Favourites only: both copies, as the file will list them.
        try app.type("F")
        let shown = Self.rows(try app.waitForScreen("favourites only") { !Self.rows($0).contains("neon city rain") })
        XCTAssertTrue(shown.contains("harbour at dusk") && shown.contains("harbour at dawn"), shown)
        try app.press("C-c")
        XCTAssertEqual(try app.waitForExit(), 0)
        let stored = try listed(history)
        let marked = stored.split(separator: "\n").filter { $0.hasPrefix("*") }
        XCTAssertEqual(marked.count, 2, stored)
    }
}
