import Foundation
import PaletteExport
import TerminalUI
import TestSupport
import XCTest

/// The app's export menu and live theme preview, driven in a real terminal (tmux): what the
/// terminal receives is read from the pane's own output (`pipe-pane -O`, every byte the app
/// wrote), and the files the menu writes are compared with `palette-tui export`'s.
final class E2EExportTests: XCTestCase {
    /// A theme change the app sent: OSC number, and for OSC 4 the slot, with the colour.
    struct Sent: Equatable {
        var osc: Int
        var slot: Int?
        var hex: String?
    }

    /// Every OSC 4/10/11/12/104/110/111/112 in `bytes`, in order.
    static func oscs(_ bytes: Data) -> [Sent] {
        let text = String(decoding: bytes, as: UTF8.self)
        let pattern = try! NSRegularExpression(
            pattern: "\u{1B}\\]([0-9]+)(?:;([0-9]+))?(?:;rgb:([0-9a-f]{2})/([0-9a-f]{2})/([0-9a-f]{2}))?\u{1B}\\\\")
        let ns = text as NSString
        return pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).compactMap { m in
            func group(_ i: Int) -> String? {
                m.range(at: i).location == NSNotFound ? nil : ns.substring(with: m.range(at: i))
            }
            guard let osc = group(1).flatMap(Int.init), [4, 10, 11, 12, 104, 110, 111, 112].contains(osc) else {
                return nil
            }
            var hex: String?
            if let r = group(3), let g = group(4), let b = group(5) { hex = "#" + (r + g + b).uppercased() }
            return Sent(osc: osc, slot: group(2).flatMap(Int.init), hex: hex)
        }
    }

    static let restore = [104, 110, 111, 112].map { Sent(osc: $0, slot: nil, hex: nil) }

    /// The theme the CLI derives for the palette, as the 19 sequences the preview must send.
    static func expectedSequences(primary: String, secondary: String, accent: String, variant: String) throws -> [Sent]
    {
        let out = try Spawn.run(
            [Repository.paletteTUI(), "export", "terminal-json", primary, secondary, accent, "--variant", variant],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()])
        XCTAssertEqual(out.status, 0, out.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let ansi = try XCTUnwrap(json["ansi"] as? [String])
        XCTAssertEqual(ansi.count, 16)
        var sent = ansi.enumerated().map { Sent(osc: 4, slot: $0.offset, hex: $0.element.uppercased()) }
        for (osc, key) in [(10, "foreground"), (11, "background"), (12, "cursor")] {
            sent.append(Sent(osc: osc, slot: nil, hex: try XCTUnwrap(json[key] as? String).uppercased()))
        }
        return sent
    }

    /// The app with a palette shown (offline engine, so no network), focus on the panes, and the
    /// pane's output recorded from before any preview.
    private func started(
        _ extra: [String] = [], language: String = "en", directory: URL? = nil, launcher: [String] = []
    ) throws -> (TmuxSession, URL) {
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history", "--lang", language] + extra, width: 100, height: 32,
            directory: directory, launcher: launcher)
        try session.waitForStart()
        let output = session.directory.appendingPathComponent("pane-output.bin")
        try session.tmux(["pipe-pane", "-O", "-t", session.target, "cat > '\(output.path)'"])
        try session.type("calm lake at dawn")
        try session.press("Enter")
        try session.waitForScreen("a palette") { $0.range(of: "#[0-9A-F]{6}", options: .regularExpression) != nil }
        try session.press("Tab", "Tab")
        return (session, output)
    }

    /// The palette the preview lists ("Primary #6289A2 → ..."), in role order.
    private func previewedPalette(_ screen: String) throws -> [String] {
        let hexes = screen.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("→"), let r = line.range(of: "#[0-9A-F]{6}", options: .regularExpression) else {
                return nil
            }
            return String(line[r])
        }
        XCTAssertEqual(hexes.count, 3, screen)
        return hexes
    }

    private func recorded(_ output: URL, _ what: String, _ predicate: ([Sent]) -> Bool) throws -> [Sent] {
        var last: [Sent] = []
        do {
            return try eventually(what) { () -> [Sent]? in
                last = Self.oscs((try? Data(contentsOf: output)) ?? Data())
                return predicate(last) ? last : nil
            }
        } catch {
            XCTFail("\(what): the pane received \(last)")
            throw error
        }
    }

    /// `t` sends the CLI's derived theme (OSC 4 for 0-15, 10, 11, 12) and the sample; `v` the
    /// light one; Esc sends OSC 104/110/111/112 and the app comes back.
    func testPreviewSendsTheDerivedThemeAndLeavingRestoresIt() throws {
        let (session, output) = try started()
        try session.press("t")
        let screen = try session.waitFor("Theme preview (dark)", "15 bright white", "Esc back")
        let palette = try previewedPalette(screen)
        let dark = try Self.expectedSequences(
            primary: palette[0], secondary: palette[1], accent: palette[2], variant: "dark")
        var sent = try recorded(output, "the dark theme") { $0.count >= 19 }
        XCTAssertEqual(Array(sent.prefix(19)), dark, "exactly the derived theme, nothing before it")

        try session.press("v")
        try session.waitFor("Theme preview (light)")
        let light = try Self.expectedSequences(
            primary: palette[0], secondary: palette[1], accent: palette[2], variant: "light")
        sent = try recorded(output, "the light theme") { $0.count >= 38 }
        XCTAssertEqual(Array(sent[19..<38]), light)

        try session.press("Escape")
        try session.waitFor("The terminal has its own colours back.")
        sent = try recorded(output, "the restore") { $0.count >= 42 }
        XCTAssertEqual(Array(sent[38...]), Self.restore, "the restore follows, once, and nothing after it")
        XCTAssertFalse(try session.screen().contains("Theme preview"), "the app is drawn again")
        // Outside the preview q asks first (issue 11 point 2); the question sends nothing.
        try session.press("q")
        try session.waitFor("Press q again to quit")
        XCTAssertEqual(Array(Self.oscs(try Data(contentsOf: output))[38...]), Self.restore, "nothing sent on asking")
        try session.press("q")
        XCTAssertEqual(try session.waitForExit(), 0)
        XCTAssertEqual(Array(Self.oscs(try Data(contentsOf: output))[38...]), Self.restore, "no second restore at exit")
    }

    /// Quitting from the preview (`q`), SIGTERM, SIGHUP and SIGINT during it, and a crash with
    /// standard error in a file: each time the restore reaches the terminal after the theme.
    func testEveryWayOutOfThePreviewRestoresTheColours() throws {
        let ways = [("q", Int32(0)), ("SIGTERM", 128 + SIGTERM), ("SIGHUP", 128 + SIGHUP), ("SIGINT", 128 + SIGINT)]
        for (way, exitStatus) in ways {
            let (session, output) = try started()
            try session.press("t")
            try session.waitFor("15 bright white")
            _ = try recorded(output, "the theme (\(way))") { $0.count >= 19 }
            switch way {
            case "q": try session.press("q")
            case "SIGTERM": XCTAssertEqual(kill(try session.appPID(), SIGTERM), 0)
            case "SIGHUP": XCTAssertEqual(kill(try session.appPID(), SIGHUP), 0)
            default: XCTAssertEqual(kill(try session.appPID(), SIGINT), 0)
            }
            XCTAssertEqual(try session.waitForExit(), exitStatus, way)
            let sent = try recorded(output, "the restore (\(way))") { $0.count >= 23 }
            XCTAssertEqual(Array(sent[19...]), Self.restore, way)
            try session.assertTerminalRestored()
        }
    }

    /// Suspended during the preview (SIGTSTP, under a job-control parent as under a shell), the
    /// terminal gets its own colours back while the app is stopped; continued, the app sends the
    /// theme again and shows the preview; leaving then restores once more.
    func testSuspendingThePreviewRestoresTheColoursAndContinuingSendsThemAgain() throws {
        let (session, output) = try started(launcher: JobControl.launcher)
        try session.press("t")
        try session.waitFor("15 bright white")
        let theme = Array(try recorded(output, "the theme") { $0.count >= 19 }.prefix(19))
        let pid = try JobControl.appPID(session)
        XCTAssertEqual(kill(pid, SIGTSTP), 0)
        _ = try eventually("the app stopped") { JobControl.state(of: pid) == "T" ? true : nil }
        var sent = try recorded(output, "the restore on suspending") { $0.count >= 23 }
        XCTAssertEqual(Array(sent[19...]), Self.restore, "restored while stopped, nothing else")
        XCTAssertEqual(try session.format("#{alternate_on}"), "0", "the terminal is given back")
        XCTAssertEqual(kill(pid, SIGCONT), 0)
        sent = try recorded(output, "the theme sent again") { $0.count >= 42 }
        XCTAssertEqual(Array(sent[23..<42]), theme, "the same theme, whole")
        try session.waitFor("Theme preview (dark)", "15 bright white")
        try session.press("Escape")
        try session.waitFor("The terminal has its own colours back.")
        sent = try recorded(output, "the restore on leaving") { $0.count >= 46 }
        XCTAssertEqual(Array(sent[42...]), Self.restore)
        try session.press("C-c")
        XCTAssertEqual(try session.waitForExit(), 0)
        XCTAssertEqual(Self.oscs(try Data(contentsOf: output)).count, 46, "nothing more at exit")
    }

    func testACrashDuringThePreviewRestoresTheColoursOnTheTerminalNotInTheLog() throws {
        let directory = URL(fileURLWithPath: "/tmp/pt-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = directory.appendingPathComponent("stderr.log").path
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history"], width: 100, height: 32, directory: directory,
            launcher: ["sh", "-c", "exec \"$@\" 2>\"$0\"", log])
        try session.waitForStart()
        let output = directory.appendingPathComponent("pane-output.bin")
        try session.tmux(["pipe-pane", "-O", "-t", session.target, "cat > '\(output.path)'"])
        try session.type("calm lake at dawn")
        try session.press("Enter")
        try session.waitForScreen("a palette") { $0.range(of: "#[0-9A-F]{6}", options: .regularExpression) != nil }
        try session.press("Tab", "Tab", "t")
        try session.waitFor("15 bright white")
        _ = try recorded(output, "the theme") { $0.count >= 19 }
        XCTAssertEqual(kill(try session.appPID(), SIGSEGV), 0)
        XCTAssertEqual(try session.waitForExit(timeout: 60), 128 + SIGSEGV)
        let sent = try recorded(output, "the restore after the crash") { $0.count >= 23 }
        XCTAssertEqual(Array(sent[19...]), Self.restore)
        try session.assertTerminalRestored()
        XCTAssertFalse(try String(contentsOfFile: log, encoding: .utf8).contains("\u{1B}]104"), "not in the log")
    }

    /// A terminal known not to take colours (TERM=linux here) is sent none, and told so.
    func testATerminalThatCannotIsSentNothingAndSaysSo() throws {
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history"], width: 100, height: 32, term: "linux",
            launcher: ["env", "-u", "TMUX"])
        // The Linux console's entry has no alternate screen: wait for the first frame instead.
        _ = try session.appPID()
        try session.waitForScreen("the first frame") { $0.contains("offline") }
        let output = session.directory.appendingPathComponent("pane-output.bin")
        try session.tmux(["pipe-pane", "-O", "-t", session.target, "cat > '\(output.path)'"])
        try session.type("calm lake at dawn")
        try session.press("Enter")
        try session.waitForScreen("a palette") { $0.range(of: "#[0-9A-F]{6}", options: .regularExpression) != nil }
        try session.press("Tab", "Tab", "t")
        try session.waitFor("TERM=linux", "cannot set its colours")
        try session.press("Escape")
        try session.press("q")
        try session.waitFor("Press q again to quit")
        try session.press("q")
        XCTAssertEqual(try session.waitForExit(), 0)
        XCTAssertEqual(Self.oscs(try Data(contentsOf: output)), [], "no colour sequence at all")
    }

    /// The restore the screen sends is the one the library documents.
    func testTheRestoreBytesAreThemeSequencesRestore() {
        XCTAssertEqual(TerminalReset.colourReset, Array(ThemeSequences.restore.utf8))
    }

    /// `e`, a theme format, Enter: the file is written where the status line says, equal to
    /// `palette-tui export`'s; again: a numbered name, the first file untouched; a typed name
    /// that exists (and does not end in the format's extension) is replaced only after it is
    /// confirmed. In Traditional Chinese.
    func testTheExportMenuWritesTheFileWhereTheStatusLineSays() throws {
        let (session, _) = try started(language: "zh-Hant")
        try session.press("t")
        let palette = try previewedPalette(try session.waitFor("亮白"))
        try session.press("Escape")
        try session.press("E")
        try session.waitFor("匯出 · calm lake at dawn", "檔案：calm-lake-at-dawn.css")
        try session.press("j", until: "檔案：calm-lake-at-dawn-dark.conf", limit: 30)
        try session.press("v")
        try session.waitFor("檔案：calm-lake-at-dawn-light.conf", "▸ kitty")
        try session.press("Enter")
        let dir = session.directory.path
        let first = dir + "/calm-lake-at-dawn-light.conf"
        try session.waitFor("已將 kitty (light) 寫入 \(first)。")
        let expected = try Spawn.run(
            [
                Repository.paletteTUI(), "export", "kitty", palette[0], palette[1], palette[2], "--variant", "light",
                "--name", "calm lake at dawn", "--lang", "zh-Hant",
            ], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()])
        XCTAssertEqual(expected.status, 0, expected.stderr)
        XCTAssertEqual(try String(contentsOfFile: first, encoding: .utf8), expected.stdout)

        // Again: the default name is taken, so the next free one; the first file is untouched.
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: first))
        try session.press("E")
        try session.waitFor("匯出")
        try session.press("j", until: "檔案：calm-lake-at-dawn-dark.conf", limit: 30)
        try session.press("v", "Enter")
        try session.waitFor("寫入 \(dir)/calm-lake-at-dawn-light-2.conf。")
        XCTAssertEqual(try String(contentsOfFile: first, encoding: .utf8), "mine\n")

        // A typed name that exists: asked, kept on Esc, replaced on a second Enter.
        try session.press("E", "Tab", "C-u")
        try session.type("calm-lake-at-dawn-light.conf")
        try session.press("Enter")
        // The menu opened on css: a .conf name is asked about first.
        try session.waitFor("calm-lake-at-dawn-light.conf 的副檔名不是 .css")
        try session.press("Enter")
        try session.waitFor("已存在：按 Enter 取代它")
        XCTAssertEqual(try String(contentsOfFile: first, encoding: .utf8), "mine\n", "asked, not replaced")
        try session.press("Enter")
        try session.waitFor("寫入 \(first)。")
        XCTAssertNotEqual(try String(contentsOfFile: first, encoding: .utf8), "mine\n")
        try session.press("q")
        try session.waitFor("再按一次 q 離開")
        try session.press("q")
        XCTAssertEqual(try session.waitForExit(), 0)
    }
}
