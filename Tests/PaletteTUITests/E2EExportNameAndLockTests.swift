import Foundation
import PaletteCore
import TestSupport
import XCTest

/// In a real terminal (tmux): after `r` with a colour locked, its pane credits the lock; the
/// export menu shows a path whole when it fits and cut from the front when it does not; and a
/// name whose extension does not fit the format is asked about before anything is written.
final class E2EExportNameAndLockTests: XCTestCase {
    func testALockedPaneCreditsTheLockAndTheMenuAsksAboutAForeignExtension() throws {
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history", "--lang", "en"], width: 100, height: 32)
        try session.waitForStart()
        try session.type("calm lake at dawn")
        try session.press("Enter")
        let first = try session.waitForScreen("the first palette") {
            E2EAppTests.paneHexCodes($0).count == 3 && $0.contains("from: ")
        }
        XCTAssertFalse(first.contains("from: your lock"), first)
        let original = E2EAppTests.paneHexCodes(first)
        try session.press("Tab", "Tab", "Right", "Right", "Space")
        try session.waitFor("Accent \(original[2].hex) locked")
        try session.type("r")
        let again = try session.waitForScreen("a new palette with the accent kept") {
            let codes = E2EAppTests.paneHexCodes($0)
            return codes.count == 3 && codes[0] != original[0] && $0.contains("from: your lock")
        }
        XCTAssertEqual(E2EAppTests.paneHexCodes(again)[2], original[2], "the lock held")
        XCTAssertEqual(again.components(separatedBy: "from: your lock").count, 2, "only the locked pane:\n\(again)")

        // The export menu: 100 columns leave the name 91; a 91-column path is shown whole.
        try session.press("E")
        try session.waitFor("File: calm-lake-at-dawn.css")
        try session.press("Tab", "C-u")
        try session.type("clients/northwind-trading/brand-refresh-2026/themes/exports/final-rnd/calm-lake-at-dawn.css")
        try session.press("Tab")
        try session.waitFor(
            "File: clients/northwind-trading/brand-refresh-2026/themes/exports/final-rnd/calm-lake-at-dawn.css")
        // A longer one keeps its end: the file name.
        try session.press("Tab", "C-u")
        try session.type(
            "clients/northwind-trading/brand-refresh-2026/themes/exports/final-round/second-pass/calm-lake-at-dawn.css")
        try session.press("Tab")
        try session.waitFor(
            "File: …nd-trading/brand-refresh-2026/themes/exports/final-round/second-pass/calm-lake-at-dawn.css")

        // theme.json for the CSS format: asked; Esc goes back to the name; asked again; Enter writes.
        let target = session.directory.appendingPathComponent("theme.json")
        try session.press("Tab", "C-u")
        try session.type("theme.json")
        try session.press("Enter")
        try session.waitFor("theme.json does not end in .css: Enter again writes it anyway, Esc edits.")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path), "nothing written before the answer")
        try session.press("Escape")
        try session.waitForScreen("back in the name, the question gone") {
            $0.contains("File: theme.json") && !$0.contains("does not end in")
        }
        try session.press("Enter")
        try session.waitFor("theme.json does not end in .css")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
        try session.press("Enter")
        try session.waitFor("Wrote css to \(target.path).")
        let written = try String(contentsOf: target, encoding: .utf8)
        XCTAssertTrue(written.contains(original[2].hex.lowercased()) || written.contains(original[2].hex), written)
        XCTAssertTrue(written.contains("--color-accent"), written)
        try session.press("q")
        try session.waitFor("Press q again to quit")
        try session.press("q")
        XCTAssertEqual(try session.waitForExit(), 0)
    }
}
