import Foundation
import PaletteCore
import TestSupport
import XCTest

/// Issue 11's screen points, with the built binary in its own tmux server.
final class E2EIssue11Tests: XCTestCase {
    /// Types `text`, presses Enter and returns the three hex codes once the panes show them.
    private func generate(_ session: TmuxSession, _ text: String) throws -> [RGB] {
        try session.type(text)
        try session.waitFor(text)
        try session.press("Enter")
        let screen = try session.waitForScreen("three hex codes in the panes") {
            E2EAppTests.paneHexCodes($0).count == 3
        }
        return E2EAppTests.paneHexCodes(screen)
    }

    /// tmux's paste buffers, newest first, as `name<TAB>contents`.
    private func buffers(_ session: TmuxSession) throws -> [String] {
        try session.tmux(["list-buffers", "-F", "#{buffer_name}\t#{buffer_sample}"])
            .split(separator: "\n").map(String.init)
    }

    /// Point 8: inside tmux one copy is one buffer, whatever tmux's set-clipboard says and
    /// whichever way the app copies.
    func testIssue11Point8InsideTmuxOneCopyIsOneBuffer() throws {
        let cases: [(args: [String], clipboardOn: Bool, route: String)] = [
            ([], true, "tmux"),  // the default plan; set-clipboard on made OSC 52 a second buffer
            ([], false, "tmux"),  // tmux's default, set-clipboard external
            (["--clipboard", "tmux"], true, "tmux"),
            (["--clipboard", "osc52"], true, "OSC 52"),
        ]
        for (args, clipboardOn, route) in cases {
            let session = try TmuxSession(["--provider", "offline", "--no-history"] + args, clipboardOn: clipboardOn)
            try session.waitForStart()
            let shown = try generate(session, "quiet harbour at dawn")
            try session.press("Tab")
            for (k, key) in ["1", "2", "3"].enumerated() {
                try session.type(key)
                let screen = try session.waitFor("Copied \(shown[k].hex) (")
                // A barrier before counting: the app writes an OSC 52 right after the frame that
                // says "Copied", so once a later frame (help opened, then closed) is on the
                // screen, tmux has read any second writer's bytes.
                try session.press("F1")
                try session.waitFor("Keys ·")
                try session.press("Escape")
                try session.waitForScreen("help closed") { !$0.contains("Keys ·") }
                let list = try buffers(session)
                XCTAssertEqual(list.count, k + 1, "\(args) set-clipboard \(clipboardOn ? "on" : "external"): \(list)")
                XCTAssertEqual(list.first.map { $0.split(separator: "\t").last.map(String.init) ?? "" }, shown[k].hex)
                XCTAssertTrue(screen.contains("Copied \(shown[k].hex) (\(route))"), screen)
            }
        }
    }

    // MARK: - A history of two palettes

    private static let palettes: [[RGB]] = [
        [RGB(packed: 0x2E86AB), RGB(packed: 0xA23B72), RGB(packed: 0xF18F01)],
        [RGB(packed: 0x1B1B3A), RGB(packed: 0x693668), RGB(packed: 0xE1D29E)],
    ]

    /// The app on a history file of `palettes` ("entry 0" older, "entry 1" newest).
    private func withHistory(width: Int = 100, height: Int = 30, _ extra: [String] = []) throws -> TmuxSession {
        let directory = URL(fileURLWithPath: "/tmp/pt-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let lines = Self.palettes.enumerated().map { n, p in
            "{\"id\":\"e\(n)\",\"created\":\"2026-11-2\(n)T08:00:00.000Z\",\"description\":\"entry \(n)\","
                + "\"primary\":\"\(p[0].hex)\",\"secondary\":\"\(p[1].hex)\",\"accent\":\"\(p[2].hex)\","
                + "\"provider\":\"offline\",\"model\":null,\"favorite\":false}\n"
        }
        try lines.joined().write(to: directory.appendingPathComponent("h.jsonl"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            ["--provider", "offline", "--history", "h.jsonl"] + extra, width: width, height: height,
            directory: directory)
        try session.waitForStart()
        try session.waitFor("entry 0", "entry 1")
        return session
    }

    private func historyFile(_ session: TmuxSession) throws -> String {
        try String(contentsOf: session.directory.appendingPathComponent("h.jsonl"), encoding: .utf8)
    }

    /// The screen's last row.
    private func statusRow(_ screen: String) -> String {
        screen.components(separatedBy: "\n").filter { !$0.isEmpty }.last ?? ""
    }

    // MARK: - Point 2: typing with the focus outside the field

    /// Words typed with the focus on the history arrive in the description field whole: no
    /// palette is deleted, marked or rolled, and the app does not quit. `q` and `d` ask first,
    /// and the same key again does what it says.
    func testIssue11Point2WordsTypedOutsideTheFieldAreWordsAndNothingIsLost() throws {
        let session = try withHistory()
        try session.press("BTab")  // the history
        try session.waitFor("↑/↓ move")
        try session.type("dark forest")
        var screen = try session.waitFor("dark forest")
        XCTAssertTrue(screen.contains("entry 0") && screen.contains("entry 1"), screen)
        XCTAssertFalse(screen.contains("Deleted"), screen)
        XCTAssertFalse(screen.contains("★"), "no favourite was marked: \(screen)")
        try session.press("C-u")
        try session.press("BTab")
        try session.waitFor("↑/↓ move")
        try session.type("quiet lake")
        screen = try session.waitFor("quiet lake")
        XCTAssertNil(try? session.waitForExit(timeout: 0.3), "typing q did not quit: \(screen)")
        // No palette was generated (r) and the history is as it was.
        XCTAssertEqual(try historyFile(session).components(separatedBy: "\n").filter { !$0.isEmpty }.count, 2)
        // q and d ask; the same key again does it.
        try session.press("C-u")
        try session.press("BTab")
        try session.type("d")
        try session.waitFor("Press d again to delete “entry 1”;")
        try session.type("d")
        try session.waitFor("Deleted “entry 1”")
        try session.type("q")
        try session.waitFor("Press q again to quit")
        try session.press("Escape")
        screen = try session.waitForScreen("the question gone") { !$0.contains("Press q again") }
        XCTAssertNil(try? session.waitForExit(timeout: 0.3), "Esc kept the app: \(screen)")
        try session.type("q")
        try session.waitFor("Press q again to quit")
        try session.type("q")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    // MARK: - Point 3: help from the first screen

    /// The help key the first screen's title names opens help there (the field has the focus).
    func testIssue11Point3TheHelpKeyTheFirstScreenShowsOpensHelp() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"])
        try session.waitForStart()
        let screen = try session.waitFor("help")
        let title = screen.components(separatedBy: "\n").first ?? ""
        let words = title.split(separator: " ").map(String.init)
        let index = try XCTUnwrap(words.firstIndex(of: "help"), title)
        let key = words[index - 1]
        XCTAssertEqual(key, "F1", "the field types ?, so the title must name F1: \(title)")
        XCTAssertTrue(statusRow(screen).contains("F1 help"), "the field's footer names F1: \(statusRow(screen))")
        try session.press(key)
        try session.waitFor("Keys ·")
        try session.press("Escape")
        try session.waitForScreen("help closed") { !$0.contains("Keys ·") }
        // Outside the field the title names ?, and ? opens help.
        try session.press("Tab")
        let outside = try session.waitFor("? help")
        XCTAssertTrue((outside.components(separatedBy: "\n").first ?? "").contains("? help"), outside)
        try session.type("?")
        try session.waitFor("Keys ·")
    }

    // MARK: - Point 4: a relaunch shows the selected palette

    func testIssue11Point4ARelaunchShowsTheNewestPalette() throws {
        let session = try withHistory()
        let screen = try session.waitForScreen("the newest palette in the panes") {
            E2EAppTests.paneHexCodes($0) == Self.palettes[1]
        }
        XCTAssertTrue(E2EAppTests.selectedLine(screen)?.contains("entry 1") == true, screen)
        let capture = try session.screen(escapes: true)
        for rgb in Self.palettes[1] {
            XCTAssertGreaterThanOrEqual(E2EAppTests.rows(with: E2EAppTests.key(rgb), in: capture), 3, capture)
        }
    }

    // MARK: - Point 9: the status line

    /// Long messages leave the key hints their space; a message about one palette goes when
    /// another is shown; d and f on an empty history say so; the minimum size is read whole.
    func testIssue11Point9TheStatusLineKeepsItsHintsAndSaysWhatIsTrue() throws {
        let session = try withHistory(width: 60)
        try session.press("BTab")
        try session.type("d")
        // The question is longer than the row: it is cut, the first hints stay.
        var screen = try session.waitFor("Press d again")
        XCTAssertTrue(statusRow(screen).contains("↑/↓ move"), statusRow(screen))
        try session.press("Escape")
        try session.type("1")
        screen = try session.waitFor("Copied \(Self.palettes[1][0].hex)")
        try session.press("Down")
        screen = try session.waitForScreen("entry 0 shown") { E2EAppTests.paneHexCodes($0) == Self.palettes[0] }
        XCTAssertFalse(screen.contains("Copied"), "the message about the other palette went: \(screen)")

        let empty = try TmuxSession(["--provider", "offline", "--no-history"])
        try empty.waitForStart()
        try empty.press("BTab")
        for key in ["f", "d"] {
            try empty.type(key)
            try empty.waitFor("The history is empty")
            try empty.type("1")  // another message ("no palette yet") in between
            try empty.waitForScreen("the message replaced") { !$0.contains("The history is empty") }
        }

        let small = try TmuxSession(["--provider", "offline", "--no-history"], width: 20, height: 6)
        try small.waitForStart()
        screen = try small.waitFor("40x12")
        let words = screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        XCTAssertTrue(words.contains("Needs at least 40x12."), screen)
        XCTAssertFalse(screen.contains("…"), "nothing is cut: \(screen)")
    }

    /// While a palette is being made the status line does not offer Enter to generate another.
    func testIssue11Point9TheBusyStateOffersNoGenerate() throws {
        let server = try LoopbackServer(arguments: ["--scenario", "hang"])
        let session = try TmuxSession(
            ["--provider", "gemini", "--endpoint", server.endpoint, "--no-history"],
            environment: ["GEMINI_API_KEY": "e2e-test-key-not-a-secret"])
        try session.waitForStart()
        var screen = try session.waitFor("Enter generate")
        try session.type("neon city rain")
        try session.press("Enter")
        screen = try session.waitFor("Generating…", "Esc cancel")
        XCTAssertFalse(statusRow(screen).contains("Enter generate"), statusRow(screen))
        try session.press("Escape")
        try session.waitFor("Enter generate")
        withExtendedLifetime(server) {}
    }

    // MARK: - Point 10: the help overlay

    /// Scrolled to every position, each column starts under a heading (the history's keys too),
    /// the title says the arrows scroll, and a mark shows there is more above.
    func testIssue11Point10HelpKeepsHeadingsAndSaysHowItScrolls() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"], width: 60, height: 14)
        try session.waitForStart()
        try session.press("F1")
        var screen = try session.waitFor("Keys ·")
        var lines = screen.components(separatedBy: "\n")
        XCTAssertTrue(lines[0].contains("scroll") && !lines[0].contains("any key closes"), lines[0])
        XCTAssertFalse(lines[0].contains("↑ …"), "at the top nothing is above: \(lines[0])")
        var seenFavourite = false
        for step in 0..<300 {
            lines = screen.components(separatedBy: "\n")
            // A heading starts at column 1, a key row at column 2.
            let first = lines[1]
            XCTAssertTrue(
                first.hasPrefix(" ") && !first.hasPrefix("  ") && first.count > 1,
                "step \(step): the column starts under a heading: \(screen)")
            if let row = lines.firstIndex(where: { $0.contains("Mark / unmark favourite") }) {
                seenFavourite = true
                let heading = lines[1...row].last { $0.hasPrefix(" ") && !$0.hasPrefix("  ") } ?? ""
                XCTAssertTrue(heading.contains("History list"), "f is under the history's heading: \(screen)")
            }
            if step > 0 { XCTAssertTrue(lines[0].contains("↑ …"), "scrolled: a mark above: \(lines[0])") }
            guard screen.contains("… ↓") else { break }
            let before = screen
            try session.press("Down")
            screen = try session.waitForScreen("help scrolled") { $0 != before }
        }
        XCTAssertTrue(seenFavourite, "the history's keys are listed")
        XCTAssertFalse(screen.contains("… ↓"), "scrolled to the end: \(screen)")
    }

    // MARK: - Point 1: every cell has exactly its own style

    /// Cells with their SGR state: reverse and underline (tmux's capture re-creates them).
    static func styledCells(_ line: String) -> [(character: Character, reverse: Bool, underline: Bool)] {
        var cells: [(character: Character, reverse: Bool, underline: Bool)] = []
        var reverse = false
        var underline = false
        var rest = Substring(line)
        while let first = rest.first {
            if first == "\u{1B}", rest.dropFirst().first == "[", let end = rest.firstIndex(of: "m") {
                let params = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(
                    separator: ";", omittingEmptySubsequences: false)
                var i = 0
                while i < params.count {
                    switch params[i] {
                    case "", "0":
                        reverse = false
                        underline = false
                    case "7": reverse = true
                    case "27": reverse = false
                    case "4": underline = true
                    case "24": underline = false
                    case "38", "48": i += (i + 1 < params.count && params[i + 1] == "2") ? 4 : 2
                    default: break
                    }
                    i += 1
                }
                rest = rest[rest.index(after: end)...]
                continue
            }
            cells.append((first, reverse, underline))
            rest = rest.dropFirst()
        }
        return cells
    }

    /// `/` on the button leaves no reverse blanks in the status bar; filtering underlines no
    /// swatch; the help headings' underline ends with their text.
    func testIssue11Point1NoStyleLeaksIntoTheCellsAfterIt() throws {
        let session = try withHistory()
        try session.press("Tab")  // the button
        try session.type("/")
        try session.waitFor("done")
        var capture = try session.screen(escapes: true)
        let status = Self.styledCells(statusRow(capture))
        XCTAssertFalse(status.contains { $0.reverse }, "no reverse cell in the status bar: \(status)")
        try session.type("entry")
        capture = try session.waitForScreen(escapes: true, "the filter typed") { $0.contains("entry") }
        for line in capture.components(separatedBy: "\n") where line.contains("entry ") {
            let cells = Self.styledCells(line)
            let text = cells.firstIndex { $0.character == "e" } ?? cells.count
            for x in 0..<min(text, cells.count) where cells[x].character == " " {
                XCTAssertFalse(cells[x].underline, "the swatches before the text are not underlined: \(line)")
            }
        }
        try session.press("Escape")
        try session.press("F1")
        capture = try session.waitForScreen(escapes: true, "help") { $0.contains("Keys") }
        for line in capture.components(separatedBy: "\n").dropFirst() {
            let cells = Self.styledCells(line)
            guard let last = cells.lastIndex(where: { $0.underline && $0.character != " " }) else { continue }
            for x in (last + 1)..<cells.count where cells[x].character == " " {
                XCTAssertFalse(cells[x].underline, "the heading's underline ends with it: \(line)")
            }
        }
    }

    // MARK: - Point 6: the Chinese screen

    /// The Chinese name `palette-tui inspect` gives `color` in `language` (the ΔE00-nearest
    /// of that script's names): the name the pane must show.
    private func chineseName(_ color: RGB, _ language: String) throws -> String {
        let out = try Spawn.run(
            [Repository.paletteTUI(), "inspect", color.hex, "--lang", language],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()])
        XCTAssertEqual(out.status, 0, out.stderr)
        let label = language == "zh-Hant" ? "名稱" : "名称"
        let line = try XCTUnwrap(out.stdout.split(separator: "\n").first { $0.contains(label) }, out.stdout)
        let name = line.split(separator: " ").dropFirst().joined(separator: " ")
        return String(name.prefix { $0 != "（" })
    }

    /// Under zh-Hant (from the locale) and zh-Hans (from --lang) the panes name their colours in
    /// Chinese, the ΔE00-nearest of that script's names (they were English: "slate green");
    /// the provider is 離線引擎 in the title, the caption and the status sentence (it was the
    /// id "offline" inside a Chinese sentence); the engine's note is Chinese and the key hints
    /// keep their place on the status line beside it.
    func testIssue11Point6TheChineseScreenIsChineseColourNamesIncluded() throws {
        let cases: [(language: String, how: [String], env: [String: String], engine: String, hints: String)] = [
            ("zh-Hant", [], ["LANG": "zh_TW.UTF-8"], "離線引擎", "F1 說明"),
            ("zh-Hans", ["--lang", "zh-Hans"], [:], "离线引擎", "F1 说明"),
        ]
        for c in cases {
            let session = try TmuxSession(
                ["--provider", "offline", "--no-history"] + c.how, width: 80, height: 24, environment: c.env)
            try session.waitForStart()
            // English colour words, so the panes could only be Chinese by naming them so; and
            // words the engine does not know, so it adds a note.
            let colours = try generate(session, "slate green forest at dusk with xyzzy plugh")
            let screen = try session.waitFor(c.engine + "生成新配色")
            let rows = screen.components(separatedBy: "\n")
            let hexRow = try XCTUnwrap(rows.firstIndex { E2EAppTests.hexCodes($0).count == 3 }, screen)
            let nameRow = rows[hexRow + 1]
            for color in colours {
                let name = try chineseName(color, c.language)
                XCTAssertFalse(
                    name.isEmpty || name.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic })
                XCTAssertTrue(nameRow.contains(name), "\(c.language): \(color.hex) is \(name) in the pane: \(nameRow)")
            }
            XCTAssertFalse(
                nameRow.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic },
                "no English colour name: \(nameRow)")
            XCTAssertTrue(rows[0].contains(c.engine), "the title names the engine in Chinese: \(rows[0])")
            XCTAssertFalse(rows[0].contains("offline ·"), rows[0])
            let status = statusRow(screen)
            // The message with its note wraps onto the rows above the status row.
            let first = try XCTUnwrap(rows.lastIndex { $0.contains(c.engine + "生成新配色") }, screen)
            let message = rows[first...].joined(separator: "\n")
            XCTAssertFalse(message.contains("offline"), "no provider id in the Chinese sentence: \(message)")
            XCTAssertTrue(
                message.contains(c.language == "zh-Hant" ? "已讀取：" : "已读取："), "the note, in Chinese: \(message)")
            XCTAssertTrue(message.contains("plugh。"), "the note is whole: \(message)")
            XCTAssertTrue(status.contains("· " + c.hints), "the key hints stay on the status line: \(status)")
            // The description is quoted with each script's marks: 「…」 in Traditional Chinese.
            let quote = c.language == "zh-Hant" ? "「slate green" : "“slate green"
            let caption = try XCTUnwrap(rows.first { $0.contains(quote) }, screen)
            XCTAssertTrue(caption.contains(c.engine) && !caption.contains("offline"), caption)
        }
    }
}
