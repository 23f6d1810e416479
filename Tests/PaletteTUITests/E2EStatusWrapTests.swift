import Foundation
import TestSupport
import XCTest

/// A long warning in the real binary, in tmux: at 80x24 and 60x20 it is read whole on the rows
/// above the status row, at the smallest size its start and its remedy stay, in each language;
/// the key hints stay on the bottom row.
final class E2EStatusWrapTests: XCTestCase {
    static let cases: [(lang: String, start: String, remedy: String, hint: String)] = [
        ("en", "History not read:", "move it aside or use --history FILE.", "Enter generate"),
        ("zh-Hant", "未能讀取歷史紀錄：", "請移開它，或使用 --history FILE。", "Enter 生成"),
        ("zh-Hans", "未能读取历史记录：", "请移开它，或使用 --history FILE。", "Enter 生成"),
    ]

    /// The screen's text with every space removed, so a wrapped message reads as one string.
    private func squeezed(_ text: String) -> String { text.filter { $0 != " " && $0 != "\n" } }

    func testALongWarningIsReadWholeOrKeepsItsRemedyAtEverySizeAndLanguage() throws {
        let dir = try TemporaryDirectory()
        let folder = dir.file("home/someone/.local/state/palette-tui")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/history.jsonl"
        try ("{\"not\": \"a history\"}\n" + String(repeating: "{\"x\": 1}\n", count: 80))
            .write(toFile: path, atomically: true, encoding: .utf8)
        for c in Self.cases {
            for (width, height) in [(80, 24), (60, 20), (40, 12)] {
                let session = try TmuxSession(
                    ["--provider", "offline", "--lang", c.lang, "--history", path], width: width, height: height)
                try session.waitForStart()
                let screen = try session.waitForScreen("\(c.lang) \(width)x\(height): the remedy") {
                    self.squeezed($0).contains(self.squeezed(c.remedy))
                }
                let rows = screen.components(separatedBy: "\n")
                XCTAssertTrue(squeezed(screen).contains(squeezed(c.start)), "\(c.lang) \(width)x\(height):\n\(screen)")
                if width >= 60 {
                    XCTAssertTrue(
                        squeezed(screen).contains(squeezed(path)),
                        "the whole path, \(c.lang) \(width)x\(height):\n\(screen)")
                }
                let bottom = rows.prefix(height).last ?? ""
                XCTAssertTrue(
                    bottom.contains(c.hint), "\(c.hint) on the bottom row, \(c.lang) \(width)x\(height):\n\(screen)")
                XCTAssertFalse(screen.contains("FILE…"), screen)
                try session.press("C-c")
                XCTAssertEqual(try session.waitForExit(), 0)
            }
        }
    }

    /// At 40x12, the smallest size, "New palette from offline." (and its Chinese) fits on the
    /// status row beside a hint: it stays on that one row, the hint beside it, the history list
    /// keeps its rows. It took two rows, the hint under it, when the row kept a third for hints.
    func testAShortMessageStaysOnTheBottomRowBesideAHintAt40x12() throws {
        let cases = [
            ("en", "a quiet forest morning", "New palette from offline.", "F1 help"),
            ("zh-Hant", "寧靜的森林早晨", "已由離線引擎生成新配色。", "Enter 生成"),
            ("zh-Hans", "宁静的森林早晨", "已由离线引擎生成新配色。", "Enter 生成"),
        ]
        for (lang, description, message, hint) in cases {
            let session = try TmuxSession(
                ["--provider", "offline", "--no-history", "--lang", lang], width: 40, height: 12)
            try session.waitForStart()
            try session.type(description)
            try session.press("Enter")
            let screen = try session.waitFor(message)
            let rows = screen.components(separatedBy: "\n").prefix(12)
            let bottom = rows.last ?? ""
            XCTAssertTrue(bottom.contains(message) && bottom.contains(hint), "\(lang): the bottom row:\n\(screen)")
            XCTAssertEqual(rows.filter { $0.contains(message) }.count, 1, screen)
            // The row above is the history list's (blank: one entry), not the message's.
            XCTAssertEqual(rows.dropLast().last?.trimmingCharacters(in: .whitespaces), "", "\(lang):\n\(screen)")
            try session.press("C-c")
            XCTAssertEqual(try session.waitForExit(), 0)
        }
    }
}

/// The description set aside, quoted on the status line, in the real binary at 40x12: in
/// Traditional Chinese (「」 are wide) it cannot stay whole on the last row beside the keys and
/// breaks after its phrase "寧靜的", not inside "森林"; with “” it is whole on the last row.
final class E2EStatusQuoteTests: XCTestCase {
    func testTheDescriptionSetAsideBreaksOnlyBetweenItsPhrasesAt40x12() throws {
        let cases = [
            ("zh-Hant", "已由離線引擎", "取回「寧靜的", "森林早晨」。"), ("zh-Hans", "已由离线引擎", "取回", "“寧靜的森林早晨”。"),
            ("en", "New palette from offline", "brings back", "“寧靜的森林早晨”."),
        ]
        for (lang, made, upper, lower) in cases {
            let session = try TmuxSession(
                ["--provider", "offline", "--no-history", "--lang", lang], width: 40, height: 12)
            try session.waitForStart()
            try session.type("寧靜的森林早晨")
            try session.press("Enter")
            _ = try session.waitFor(made)
            try session.type("m")
            // The status line's own words ("brings back"), not the quoted description, which the
            // button row's caption shows too.
            let screen = try session.waitForScreen("\(lang): the description set aside") {
                $0.contains(upper) && ($0.contains("早晨」") || $0.contains("早晨”"))
            }
            let rows = screen.components(separatedBy: "\n").prefix(12).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            XCTAssertTrue(rows[10].hasSuffix(upper), "\(lang): the row above:\n\(screen)")
            XCTAssertTrue(rows[11].hasPrefix(lower), "\(lang): the bottom row:\n\(screen)")
            try session.press("C-c")
            XCTAssertEqual(try session.waitForExit(), 0)
        }
    }
}
