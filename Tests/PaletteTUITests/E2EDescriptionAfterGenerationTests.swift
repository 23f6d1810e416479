import Foundation
import TestSupport
import XCTest

/// The real binary in tmux: after a palette is made, typing starts a new description (it was
/// appended to the old one); the status line says ↑ brings the old one back, and it does.
final class E2EDescriptionAfterGenerationTests: XCTestCase {
    static let cases: [(lang: String, label: String, old: String, new: String, said: String)] = [
        ("en", "Description", "a quiet forest morning", "sunset", "↑ brings back “a quiet forest morning”"),
        ("zh-Hant", "描述", "寧靜的森林早晨", "夕陽", "按 ↑ 取回「寧靜的森林早晨」"),
        ("zh-Hans", "描述", "宁静的森林早晨", "夕阳", "按 ↑ 取回“宁静的森林早晨”"),
    ]

    func testTypingAfterAGenerationStartsANewDescriptionAndUpBringsTheOldOneBack() throws {
        for c in Self.cases {
            let session = try TmuxSession(
                ["--provider", "offline", "--no-history", "--lang", c.lang], width: 80, height: 24)
            try session.waitForStart()
            try session.type(c.old)
            try session.press("Enter")
            _ = try session.waitForScreen("\(c.lang): the palette") { $0.contains("#") && !$0.contains("Esc") }
            try session.type(c.new)
            var screen = try session.waitFor(c.said)
            let field = { (screen: String) in
                screen.components(separatedBy: "\n").first { $0.contains(c.label) } ?? ""
            }
            XCTAssertEqual(
                field(screen).trimmingCharacters(in: .whitespaces), "\(c.label) \(c.new)", "\(c.lang):\n\(screen)")
            try session.press("Up")
            screen = try session.waitForScreen("\(c.lang): ↑") { field($0).contains(c.old) }
            XCTAssertFalse(field(screen).contains(c.new), screen)
            try session.press("Down")
            screen = try session.waitForScreen("\(c.lang): ↓") { field($0).contains(c.new) }
            XCTAssertFalse(field(screen).contains(c.old), screen)
            try session.press("C-c")
            XCTAssertEqual(try session.waitForExit(), 0)
        }
    }
}
