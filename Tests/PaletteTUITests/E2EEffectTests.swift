import Foundation
import TestSupport
import XCTest

/// Effect results as the user reads them in a real terminal, and the terminal after a crash
/// with standard error sent elsewhere.
final class E2EEffectTests: XCTestCase {
    /// The status line's message: the last row up to the gap before its key hints.
    private func statusLine(_ screen: String) -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let last = rows.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? ""
        let message = last.trimmingCharacters(in: .whitespaces).components(separatedBy: "   ").first ?? ""
        return message.trimmingCharacters(in: .whitespaces)
    }

    /// The house review's bug 3.1: a history path under a regular file. Reading and saving
    /// each read as one clean sentence, with one prefix (once "History: History could not be
    /// read: ..." and "History not saved: History not saved: ...").
    func testHistoryUnderARegularFileReadsAsOneSentence() throws {
        for (language, read, saved, word) in [
            (
                "en", "History not read: %@ is a file, not a folder; move it or use --history FILE.",
                "History not saved: %@ is a file, not a folder; move it or use --history FILE.", "History"
            ),
            (
                "zh-Hans", "未能读取历史记录：%@ 是文件而不是文件夹；请移走它，或使用 --history FILE。",
                "未能保存历史记录：%@ 是文件而不是文件夹；请移走它，或使用 --history FILE。", "历史记录"
            ),
        ] {
            let directory = URL(fileURLWithPath: "/tmp/pt-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let blocker = directory.appendingPathComponent("blocker").path
            XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data("not a folder\n".utf8)))
            let session = try TmuxSession(
                ["--provider", "offline", "--lang", language, "--history", "blocker/h.jsonl"],
                width: 150, height: 30, directory: directory)
            let readLine = read.replacingOccurrences(of: "%@", with: blocker)
            let first = try session.waitFor(readLine)
            XCTAssertEqual(statusLine(first).components(separatedBy: word).count - 1, 1, statusLine(first))
            XCTAssertEqual(statusLine(first), readLine, "one sentence, nothing after it (\(language))")

            try session.type("calm sea")
            try session.press("Enter")
            let savedLine = saved.replacingOccurrences(of: "%@", with: blocker)
            let second = try session.waitFor(savedLine)
            XCTAssertEqual(statusLine(second), savedLine, "one sentence, nothing after it (\(language))")
            XCTAssertEqual(statusLine(second).components(separatedBy: word).count - 1, 1, statusLine(second))
            if language != "en" {
                XCTAssertFalse(second.contains("History"), "no English in the \(language) screen:\n\(second)")
            }
            XCTAssertEqual(try String(contentsOfFile: blocker, encoding: .utf8), "not a folder\n", "left as it was")
            try session.press("C-c")
            XCTAssertEqual(try session.waitForExit(), 0)
        }
    }

    /// Issue 12, point 9: `palette-tui 2>log`, then a crash: the reset goes to the terminal the
    /// screen was on, not into the log, so the terminal is usable again.
    func testIssue12Point9ACrashWithStandardErrorInAFileStillRestoresTheTerminal() throws {
        let directory = URL(fileURLWithPath: "/tmp/pt-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = directory.appendingPathComponent("stderr.log").path
        let session = try TmuxSession(
            ["--no-history"], directory: directory,
            launcher: ["sh", "-c", "exec \"$@\" 2>\"$0\"", log])
        try session.waitForStart()
        XCTAssertEqual(kill(try session.appPID(), SIGSEGV), 0)
        XCTAssertEqual(try session.waitForExit(timeout: 60), 128 + SIGSEGV)
        try session.assertTerminalRestored()
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertFalse(logged.contains("\u{1B}[?1049l"), "the reset went into the log instead of the terminal")
    }

    /// The app's own refusals follow `--lang` too (they were English only).
    func testLaunchProblemsAreWordedInTheUsersLanguage() throws {
        let environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory(),
            "TERM": "xterm-256color",
        ]
        let app = try Repository.paletteTUI()
        let notATerminal = try Spawn.run([app, "--no-history", "--lang", "zh-Hant"], environment: environment)
        XCTAssertEqual(notATerminal.status, 1)
        XCTAssertEqual(
            notATerminal.stderr,
            "palette-tui: 互動式程式的標準輸入與輸出都必須是終端機；若只要印出配色，請用 'palette-tui generate 描述'\n")
        let extra = try Spawn.run([app, "--lang", "zh-Hans", "forest"], environment: environment)
        XCTAssertEqual(extra.status, 2)
        XCTAssertTrue(extra.stderr.hasPrefix("palette-tui: 交互式程序不接受参数（收到“forest”）"), extra.stderr)
        let choice = try Spawn.run([app, "--lang", "zh-Hans", "--color", "rainbow"], environment: environment)
        XCTAssertEqual(choice.status, 2)
        XCTAssertTrue(
            choice.stderr.hasPrefix("palette-tui: --color 的值“rainbow”无效：请选择 auto、truecolor、256"), choice.stderr)
    }
}
