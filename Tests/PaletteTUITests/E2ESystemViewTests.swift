import Foundation
import TestSupport
import XCTest

/// The system view (`S`) and the export menu's system formats, driven in a real terminal (tmux)
/// on a history holding one known palette (#2E86AB #A23B72 #F18F01, "sea glass"). The expected
/// hexes and ratios are `palette-tui system`'s output for that palette, written out here; the
/// files the menu writes are compared byte for byte with `palette-tui system --history`.
final class E2ESystemViewTests: XCTestCase {
    private func history(in directory: URL) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("h.jsonl").path
        let line =
            ##"{"id":"sys-1","created":"2026-12-05T07:00:00.000Z","description":"sea glass","primary":"#2E86AB","##
            + ##""secondary":"#A23B72","accent":"#F18F01","provider":"offline","model":"offline-engine-1","##
            + ##""favorite":false}"## + "\n"
        try Data(line.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func started(width: Int, height: Int, language: String) throws -> (TmuxSession, String) {
        let directory = URL(fileURLWithPath: "/tmp/pt-sys-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let path = try history(in: directory)
        let session = try TmuxSession(
            ["--provider", "offline", "--history", path, "--lang", language], width: width, height: height,
            directory: directory)
        try session.waitForStart()
        try session.waitFor("sea glass", "#2E86AB")
        // Out of the description field: letters are commands.
        try session.press("Tab")
        return (session, path)
    }

    func testAt80x24TheViewShowsStepsRolesAndTheSourceHexAndEscGoesBack() throws {
        let (session, _) = try started(width: 80, height: 24, language: "en")
        // Focus on the history, so the screen to come back to is settled: its keys are listed.
        try session.press("Tab", "Tab")
        let before = try session.waitFor("Enter use", "d delete")
        try session.press("S")
        let screen = try session.waitFor(
            "Design system · sea glass", "50    100   200   300   400   500   600   700   800   900   950",
            "primary-600 #2E86AB  secondary-600 #A23B72  accent-400 #F18F01", "Light theme", "Dark theme",
            " primary   secondary   accent ", "✓ success  Saved.", "! warning  Check this.", "✗ error  Failed.",
            "i info  Note.", "Esc back")
        let rows = screen.split(separator: "\n").map(String.init)
        for scale in ["primary", "secondary", "accent", "neutral"] {
            XCTAssertTrue(rows.contains { $0.hasPrefix(" " + scale + " ") || $0 == " " + scale }, scale)
        }
        // The system's pairs, audited in place of the mock.
        try session.press("a")
        try session.waitFor(
            "Light: contrast", "Dark: contrast", "on-primary/primary      5.11 ≥4.5 ✓",
            "text/background        11.35 ≥7   ✓", "border/surface          3.95 ≥3   ✓",
            "All 12 pairs meet their contrast.")
        try session.press("Escape")
        try session.waitForScreen("the screen it came from") { $0 == before }
        try session.press("C-c")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testALargerTerminalShowsEveryHexAndThePairsUnderTheMockInChinese() throws {
        let (session, _) = try started(width: 120, height: 40, language: "zh-Hant")
        try session.press("S")
        try session.waitFor(
            "設計系統 · sea glass", "#EFF8FD", "◆#2E86AB", "#002838", "◆#F18F01", "#202528", "950",
            "◆ 配色本身的顏色：", "淺色主題", "深色主題", "淺色：對比", "深色：對比",
            "on-primary/primary      5.11 ≥4.5 ✓ 通過", "text-muted/surface      4.77 ≥4.5 ✓ 通過",
            "全部 12 組對比都達標。")
        // Help lists the key in the user's language.
        try session.press("Escape")
        try session.press("?")
        try session.waitFor("開啟設計系統")
        try session.press("C-c")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    /// The export menu's system rows write what `palette-tui system --history FILE` writes for the
    /// same palette, byte for byte, in each of the six formats.
    func testTheExportMenuWritesTheSystemFormatsAsTheCommandDoes() throws {
        let (session, path) = try started(width: 100, height: 32, language: "en")
        let dir = session.directory.path
        let files = [
            ("json", "sea-glass.system.json"), ("css", "sea-glass-system.css"), ("scss", "sea-glass-system.scss"),
            ("tailwind", "sea-glass-system.tailwind.css"), ("tokens", "sea-glass-system.resolver.json"),
            ("swatch", "sea-glass-system.png"),
        ]
        for (format, file) in files {
            try session.press("E")
            try session.waitFor("Design system (as palette-tui system)")
            try session.press("j", until: "▸ system-\(format)")
            try session.waitFor("▸ system-\(format)", file)
            try session.press("Enter")
            try session.waitFor("Wrote system-\(format) to \(dir)/\(file).")
            let out = dir + "/cli-" + file
            let cli = try Spawn.run(
                [Repository.paletteTUI(), "system", "--history", path, "--format", format, "-o", out],
                environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()])
            XCTAssertEqual(cli.status, 0, cli.stderr)
            let written = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + file))
            XCTAssertGreaterThan(written.count, 1000)
            XCTAssertEqual(written, try Data(contentsOf: URL(fileURLWithPath: out)), format)
        }
        let css = try String(contentsOfFile: dir + "/sea-glass-system.tailwind.css", encoding: .utf8)
        XCTAssertTrue(css.contains("--color-primary-50: oklch(97.38% 0.0117 231.65);"), css)
        try session.press("C-c")
        XCTAssertEqual(try session.waitForExit(), 0)
    }
}
