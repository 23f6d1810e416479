import Foundation
import TestSupport
import XCTest

/// The real app's status line: a palette's note after "New palette from …" starts a sentence
/// of its own, in English and in both Chinese scripts.
final class E2ENoteSentenceTests: XCTestCase {
    private func statusAfterGenerating(_ description: String, lang: String, waitingFor lead: String) throws -> String {
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history", "--lang", lang], width: 160, height: 30)
        try session.waitForStart()
        try session.waitFor("Enter")
        try session.type(description)
        try session.press("Enter")
        let screen = try session.waitFor(lead)
        return screen.split(separator: "\n").first { $0.contains(lead) }.map(String.init) ?? ""
    }

    func testANoteAfterTheNewPaletteSentenceStartsWithACapital() throws {
        let line = try statusAfterGenerating("qwzx vbnm", lang: "en", waitingFor: "New palette from offline.")
        XCTAssertTrue(line.contains("New palette from offline. No word of the description was recognised"), line)
        XCTAssertFalse(line.contains("offline. no word"), line)
    }

    /// Two notes are two sentences: each ends with its own full stop ("。" in Chinese, with no
    /// space after it), not one run joined by semicolons.
    func testTwoNotesAreTwoSentencesInEveryLanguage() throws {
        let description = "no blue forest qwzx"
        let english = try statusAfterGenerating(description, lang: "en", waitingFor: "New palette from offline.")
        XCTAssertTrue(
            english.contains(
                "New palette from offline. Read: forest; not recognised: qwzx. Left out because negated: blue."),
            english)
        let traditional = try statusAfterGenerating(description, lang: "zh-Hant", waitingFor: "生成新配色。")
        XCTAssertTrue(traditional.contains("已由離線引擎生成新配色。已讀取：forest；未能辨識：qwzx。因否定而排除：blue。"), traditional)
        let simplified = try statusAfterGenerating(description, lang: "zh-Hans", waitingFor: "生成新配色。")
        XCTAssertTrue(simplified.contains("已由离线引擎生成新配色。已读取：forest；未能识别：qwzx。因否定而排除：blue。"), simplified)
    }
}
