import Foundation
import PaletteCore
import TestSupport
import XCTest

/// `S` in the app: the shown palette's share string goes to the clipboard through the usual path
/// (OSC 52 here), the status says so in the app's language, and the real `parse` reads the
/// pasted string back to the palette on screen, its description and its lock.
final class E2EShareKeyTests: XCTestCase {
    private func shareAndReadBack(language: String, description: String, status: String) throws {
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history", "--clipboard", "osc52", "--lang", language])
        try session.waitForStart()
        try session.type(description)
        try session.waitFor(description)
        try session.press("Enter")
        let screen = try session.waitForScreen("three hex codes in the panes") {
            E2EAppTests.paneHexCodes($0).count == 3
        }
        let shown = E2EAppTests.paneHexCodes(screen)
        // Lock the primary from its pane, then share.
        try session.press("Tab", "Tab", "Space")
        // Keys are read in order: the lock is set before `S` copies.
        try session.type("Y")
        try session.waitFor(status)
        let pasted = try session.pasteBuffer()
        XCTAssertTrue(pasted.hasPrefix("ptui1."), pasted)

        let parsed = try Spawn.run(
            [Repository.paletteTUI(), "parse", "-f", "json", "--lang", "en"],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()],
            stdin: .text(pasted))
        XCTAssertEqual(parsed.status, 0, parsed.stderr)
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any], parsed.stdout)
        XCTAssertEqual(
            [object["primary"], object["secondary"], object["accent"]] as? [String], shown.map(\.hex))
        XCTAssertEqual(object["notes"] as? [String], ["description: \(description)", "locked: Primary"])
    }

    func testTheShareKeyCopiesAStringThatParsesBackInEnglish() throws {
        try shareAndReadBack(
            language: "en", description: "misty harbour at dawn",
            status: "Share string copied: paste it to palette-tui parse or generate --from (OSC 52).")
    }

    func testTheShareKeyCopiesAStringThatParsesBackInTraditionalChinese() throws {
        try shareAndReadBack(
            language: "zh-Hant", description: "霧中的竹林",
            status: "已複製分享字串：可貼到 palette-tui parse 或 generate --from（OSC 52）。")
    }
}
