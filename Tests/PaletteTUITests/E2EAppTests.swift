import Foundation
import PaletteCore
import TestSupport
import XCTest

/// The whole app in a real terminal: typing, generating, exact colours, copying, history,
/// resizing, quitting. Each test runs the built binary in its own tmux server.
final class E2EAppTests: XCTestCase {
    private let description = "寧靜的森林早晨"

    // MARK: - Reading colours back

    /// Background colours tmux reports for each screen row, from `capture-pane -e`
    /// (tmux re-creates SGR as `48;2;R;G;B` for RGB cells and `48;5;N` for indexed ones).
    static func backgrounds(_ capture: String) -> [[String]] {
        capture.components(separatedBy: "\n").map { line in
            var found: [String] = []
            var rest = Substring(line)
            while let start = rest.range(of: "\u{1B}[") {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "m") else { break }
                let params = rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                var i = 0
                while i < params.count {
                    if params[i] == "48", i + 1 < params.count {
                        if params[i + 1] == "2", i + 4 < params.count {
                            found.append("rgb:" + params[(i + 2)...(i + 4)].joined(separator: ","))
                            i += 5
                            continue
                        }
                        if params[i + 1] == "5", i + 2 < params.count {
                            found.append("idx:" + params[i + 2])
                            i += 3
                            continue
                        }
                    }
                    i += 1
                }
                rest = rest[end...]
            }
            return found
        }
    }

    static func key(_ rgb: RGB) -> String { "rgb:\(rgb.r),\(rgb.g),\(rgb.b)" }

    /// How many screen rows show `background` somewhere.
    static func rows(with background: String, in capture: String) -> Int {
        backgrounds(capture).filter { $0.contains(background) }.count
    }

    /// Every `#RRGGBB` on the screen, in reading order.
    static func hexCodes(_ text: String) -> [RGB] {
        var codes: [RGB] = []
        var rest = Substring(text)
        while let hash = rest.firstIndex(of: "#") {
            let candidate = rest[hash...].prefix(7)
            if candidate.count == 7, let rgb = try? RGB(hex: String(candidate)) {
                codes.append(rgb)
                rest = rest[candidate.endIndex...]
            } else {
                rest = rest[rest.index(after: hash)...]
            }
        }
        return codes
    }

    /// The palette `palette-tui generate --format hex` prints for `text`, or nil when that
    /// command is not available in this build.
    static func generated(_ text: String) throws -> [RGB]? {
        let result = try Spawn.run(
            [
                Repository.paletteTUI(), "generate", "--provider", "offline", "--format", "hex",
                "--no-history", text,
            ],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()])
        guard result.status == 0 else { return nil }
        let codes = hexCodes(result.stdout)
        return codes.count == 3 ? codes : nil
    }

    /// Types the description, generates, and returns the screen once the palette is shown.
    private func generate(_ session: TmuxSession, _ text: String) throws -> [RGB] {
        try session.type(text)
        try session.waitFor(text)
        try session.press("Enter")
        let screen = try session.waitForScreen("three hex codes in the panes") { screen in
            Self.paneHexCodes(screen).count == 3
        }
        return Self.paneHexCodes(screen)
    }

    /// The hex labels of the three panes: the first line with three codes on it.
    static func paneHexCodes(_ screen: String) -> [RGB] {
        for line in screen.components(separatedBy: "\n") {
            let codes = hexCodes(line)
            if codes.count == 3 { return codes }
        }
        return []
    }

    // MARK: - Tests

    func testChineseDescriptionGeneratesAndPanesShowExactColours() throws {
        let session = try TmuxSession(["--provider", "offline", "--history", "h.jsonl"])
        try session.waitForStart()
        let shown = try generate(session, description)
        let capture = try session.screen(escapes: true)
        for rgb in shown {
            // Each pane is several rows tall and filled edge to edge with its exact colour.
            XCTAssertGreaterThanOrEqual(
                Self.rows(with: Self.key(rgb), in: capture), 3,
                "\(rgb.hex) does not fill a pane:\n\(capture)")
        }
        XCTAssertTrue(try session.screen().contains(description), "the typed Chinese text is shown")
    }

    func testPanesMatchTheGenerateCommand() throws {
        guard let expected = try Self.generated(description) else {
            throw XCTSkip("'palette-tui generate --format hex' is not available in this build")
        }
        let session = try TmuxSession(["--provider", "offline", "--no-history"])
        try session.waitForStart()
        XCTAssertEqual(try generate(session, description), expected)
        let capture = try session.screen(escapes: true)
        for rgb in expected {
            XCTAssertGreaterThanOrEqual(
                Self.rows(with: Self.key(rgb), in: capture), 3, "\(rgb.hex) not filled:\n\(capture)")
        }
    }

    func testIndexedTerminalShowsTheNearestFixedColour() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"], term: "tmux-256color")
        try session.waitForStart()
        try session.waitFor("≈")
        let shown = try generate(session, description)
        let capture = try session.screen(escapes: true)
        for rgb in shown {
            let index = Xterm256.nearest(to: rgb).index
            XCTAssertGreaterThanOrEqual(
                Self.rows(with: "idx:\(index)", in: capture), 3,
                "\(rgb.hex) should be drawn as colour \(index):\n\(capture)")
        }
        XCTAssertFalse(capture.contains("48;2;"), "no RGB sequences through a 256-colour entry")
    }

    func testNoColorDrawsNoFills() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"], environment: ["NO_COLOR": "1"])
        try session.waitForStart()
        let shown = try generate(session, description)
        XCTAssertEqual(shown.count, 3)
        let capture = try session.screen(escapes: true)
        XCTAssertEqual(Self.backgrounds(capture).flatMap { $0 }, [], "NO_COLOR: hex and names only, no fills")
        let screen = try session.screen()
        for (role, rgb) in zip(["Primary", "Secondary", "Accent"], shown) {
            let name = ColorNames.nearest(to: rgb).name.name
            XCTAssertTrue(screen.contains(role) && screen.contains(name), "\(role) \(rgb.hex) \(name):\n\(screen)")
        }
    }

    func testColortermUpgradesToTheDirectEntry() throws {
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history"], term: "tmux-256color",
            environment: ["COLORTERM": "truecolor"])
        try session.waitForStart()
        let shown = try generate(session, description)
        let capture = try session.screen(escapes: true)
        XCTAssertGreaterThanOrEqual(Self.rows(with: Self.key(shown[0]), in: capture), 3, capture)
    }

    func testChineseLabels() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history", "--lang", "zh-Hant"])
        try session.waitForStart()
        _ = try generate(session, description)
        try session.waitFor("主色", "輔助色", "強調色")
    }

    func testCopyKeyPutsTheHexOnTheClipboardThroughOSC52() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history", "--clipboard", "osc52"])
        try session.waitForStart()
        let shown = try generate(session, description)
        try session.press("Tab")
        try session.type("2")
        try session.waitFor("Copied \(shown[1].hex) (OSC 52)")
        XCTAssertEqual(try session.pasteBuffer(), shown[1].hex)
    }

    func testCopyUsesTheTmuxHelperWhenOSC52IsDropped() throws {
        // tmux's default set-clipboard=external ignores OSC 52 from the pane; the helper still copies.
        let session = try TmuxSession(["--provider", "offline", "--no-history"], clipboardOn: false)
        try session.waitForStart()
        let shown = try generate(session, description)
        try session.press("Tab")
        try session.type("3")
        try session.waitFor("Copied \(shown[2].hex) (tmux)")
        XCTAssertEqual(try session.pasteBuffer(), shown[2].hex)
    }

    func testHistoryPersistsAcrossRestartAndCanBeBrowsed() throws {
        let first = try TmuxSession(["--provider", "offline", "--history", "h.jsonl"])
        let historyFile = first.directory.appendingPathComponent("h.jsonl")
        try first.waitForStart()
        let descriptions = ["sunset over the harbour", "霧中的竹林", "neon city rain"]
        for text in descriptions {
            _ = try generate(first, text)
            try first.press("C-u")
            try first.waitForScreen("the field cleared") { !$0.contains("Description " + text) }
        }
        try first.press("C-c")
        XCTAssertEqual(try first.waitForExit(), 0)
        let saved = try String(contentsOf: historyFile, encoding: .utf8)
        XCTAssertEqual(saved.split(separator: "\n").count, 3, saved)

        let second = try TmuxSession(
            ["--provider", "offline", "--history", historyFile.path],
            directory: first.directory.appendingPathComponent("again"))
        try second.waitForStart()
        let listed = try second.waitFor(descriptions[0], descriptions[1], descriptions[2])
        // Newest first.
        let order = descriptions.map { listed.range(of: $0)!.lowerBound }
        XCTAssertTrue(order[2] < order[1] && order[1] < order[0], listed)
        // Focus the list (description -> button -> panes -> history) and walk it.
        try second.press("BTab")
        let selectedNewest = try second.waitForScreen("the newest entry selected") {
            Self.selectedLine($0)?.contains(descriptions[2]) == true
        }
        XCTAssertFalse(selectedNewest.isEmpty)
        try second.press("Down")
        try second.waitForScreen("the second entry selected") {
            Self.selectedLine($0)?.contains(descriptions[1]) == true
        }
        try second.type("j")
        try second.waitForScreen("the oldest entry selected") {
            Self.selectedLine($0)?.contains(descriptions[0]) == true
        }
        try second.press("Up")
        try second.waitForScreen("back to the second") { Self.selectedLine($0)?.contains(descriptions[1]) == true }
        try second.press("Enter")
        try second.waitFor("Description " + descriptions[1])
    }

    /// The `/` filter folds Traditional and Simplified Chinese as `history --search` does:
    /// typing 霧 finds an entry saved as 雾, and hides the entries that do not match.
    func testHistoryFilterFoldsTraditionalAndSimplifiedChinese() throws {
        let directory = URL(fileURLWithPath: "/tmp/pt-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let lines = ["雾中的竹林", "sunny beach", "热情的夏日"].enumerated().map { n, text in
            "{\"id\":\"f\(n)\",\"created\":\"2026-11-2\(n)T08:00:00.000Z\",\"description\":\"\(text)\","
                + "\"primary\":\"#2E86AB\",\"secondary\":\"#A23B72\",\"accent\":\"#F18F01\","
                + "\"provider\":\"offline\",\"model\":null,\"favorite\":false}\n"
        }
        try lines.joined().write(to: directory.appendingPathComponent("h.jsonl"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(["--provider", "offline", "--history", "h.jsonl"], directory: directory)
        try session.waitForStart()
        try session.waitFor("雾中的竹林", "sunny beach", "热情的夏日")
        try session.press("BTab")
        try session.type("/")
        try session.type("霧")
        let filtered = try session.waitForScreen("only the fogged entry listed") { screen in
            screen.contains("雾中的竹林") && !screen.contains("sunny beach") && !screen.contains("热情的夏日")
        }
        XCTAssertTrue(filtered.contains("霧"), filtered)
    }

    /// Each key redraws only the cells it changed; the terminal must still end up showing
    /// exactly the frame: edits in the middle of mixed-width text, and pane colours that
    /// follow the history selection and leave no cell of the previous palette behind.
    func testIncrementalRedrawKeepsTheScreenExact() throws {
        let palettes: [[RGB]] = [
            [RGB(packed: 0x2E86AB), RGB(packed: 0xA23B72), RGB(packed: 0xF18F01)],
            [RGB(packed: 0x1B1B3A), RGB(packed: 0x693668), RGB(packed: 0xF2F2F2)],
            [RGB(packed: 0x2F4F4F), RGB(packed: 0x8FBC8F), RGB(packed: 0xF5DEB3)],
        ]
        let directory = URL(fileURLWithPath: "/tmp/pt-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let lines = palettes.enumerated().map { n, p in
            "{\"id\":\"e\(n)\",\"created\":\"2026-11-2\(n)T08:00:00.000Z\",\"description\":\"entry \(n)\","
                + "\"primary\":\"\(p[0].hex)\",\"secondary\":\"\(p[1].hex)\",\"accent\":\"\(p[2].hex)\","
                + "\"provider\":\"offline\",\"model\":null,\"favorite\":false}\n"
        }
        try lines.joined().write(to: directory.appendingPathComponent("h.jsonl"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(["--provider", "offline", "--history", "h.jsonl"], directory: directory)
        try session.waitForStart()
        try session.waitFor("entry 0")

        try session.type("ab寧靜🌅cd")
        try session.waitFor("ab寧靜🌅cd")
        try session.press("Left", "Left", "Left")
        try session.type("X")
        try session.waitFor("ab寧靜X🌅cd")
        try session.press("BSpace", "BSpace", "Home")
        try session.type("Z")
        let edited = try session.waitFor("Zab寧🌅cd")
        let field = edited.components(separatedBy: "\n").first { $0.contains("Description") } ?? ""
        XCTAssertEqual(field.trimmingCharacters(in: .whitespaces), "Description Zab寧🌅cd", edited)

        try session.press("BTab")
        for (selected, press) in [(2, ""), (1, "Down"), (0, "Down"), (1, "Up")] {
            if !press.isEmpty { try session.press(press) }
            let capture = try session.waitForScreen(escapes: true, "entry \(selected)'s panes") { capture in
                palettes[selected].allSatisfy { Self.rows(with: Self.key($0), in: capture) >= 4 }
            }
            for (n, palette) in palettes.enumerated() where n != selected {
                // A palette not shown keeps only its swatches on its own history row.
                XCTAssertLessThanOrEqual(Self.rows(with: Self.key(palette[0]), in: capture), 1, capture)
            }
        }
    }

    /// Each cell of one captured line: its character, and whether it shows reversed and on
    /// which background (`rgb:R,G,B` or `idx:N`), following the SGR sequences tmux re-creates.
    static func cells(_ line: String) -> [(character: Character, reverse: Bool, background: String?)] {
        var cells: [(character: Character, reverse: Bool, background: String?)] = []
        var reverse = false
        var background: String?
        var rest = Substring(line)
        while let first = rest.first {
            if first == "\u{1B}", rest.dropFirst().first == "[", let end = rest.firstIndex(of: "m") {
                let params = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(
                    separator: ";", omittingEmptySubsequences: false
                ).map(String.init)
                var i = 0
                while i < params.count {
                    switch params[i] {
                    case "", "0":
                        reverse = false
                        background = nil
                    case "7": reverse = true
                    case "27": reverse = false
                    case "49": background = nil
                    case "48" where i + 4 < params.count && params[i + 1] == "2":
                        background = "rgb:" + params[(i + 2)...(i + 4)].joined(separator: ",")
                        i += 4
                    case "48" where i + 2 < params.count && params[i + 1] == "5":
                        background = "idx:" + params[i + 2]
                        i += 2
                    case "38" where i + 1 < params.count:
                        i += params[i + 1] == "2" ? 4 : 2
                    default: break
                    }
                    i += 1
                }
                rest = rest[rest.index(after: end)...]
                continue
            }
            cells.append((first, reverse, background))
            rest = rest.dropFirst()
        }
        return cells
    }

    /// The highlighted history row keeps its swatches in their own colours: the row is drawn
    /// reversed, the swatches are not (blanks drawn after reversed text once inherited it).
    func testTheHighlightedHistoryRowShowsItsSwatchColours() throws {
        let palettes: [[RGB]] = [
            [RGB(packed: 0x2E86AB), RGB(packed: 0xA23B72), RGB(packed: 0xF18F01)],
            [RGB(packed: 0x1B1B3A), RGB(packed: 0x693668), RGB(packed: 0xF2F2F2)],
        ]
        let directory = URL(fileURLWithPath: "/tmp/pt-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = palettes.enumerated().map { n, p in
            "{\"id\":\"e\(n)\",\"created\":\"2026-11-2\(n)T08:00:00.000Z\",\"description\":\"entry \(n)\","
                + "\"primary\":\"\(p[0].hex)\",\"secondary\":\"\(p[1].hex)\",\"accent\":\"\(p[2].hex)\","
                + "\"provider\":\"offline\",\"model\":null,\"favorite\":false}\n"
        }
        try lines.joined().write(to: directory.appendingPathComponent("h.jsonl"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(["--provider", "offline", "--history", "h.jsonl"], directory: directory)
        try session.waitForStart()
        try session.waitFor("entry 0")
        try session.press("BTab")
        // The newest row is marked before the history has the focus: wait for the focus.
        try session.waitFor("↑/↓ move")
        for (selected, press) in [(1, ""), (0, "Down")] {
            if !press.isEmpty { try session.press(press) }
            let capture = try session.waitForScreen(escapes: true, "entry \(selected) highlighted") { capture in
                Self.selectedLine(capture)?.contains("entry \(selected)") == true
                    && Self.rows(with: Self.key(palettes[selected][0]), in: capture) >= 4
            }
            let row = Self.cells(Self.selectedLine(capture) ?? "")
            let text = row.firstIndex { $0.character == "e" } ?? 0
            XCTAssertTrue(row[text].reverse, "the entry's text is highlighted: \(row)")
            for (n, color) in palettes[selected].enumerated() {
                for x in (4 + 2 * n)...(5 + 2 * n) where x < row.count {
                    XCTAssertEqual(row[x].background, Self.key(color), "swatch \(n), column \(x)")
                    XCTAssertFalse(row[x].reverse, "swatch \(n), column \(x) is not reversed")
                }
            }
        }
    }

    /// The history row marked as selected (`›`).
    static func selectedLine(_ screen: String) -> String? {
        screen.components(separatedBy: "\n").first { $0.contains("›") }
    }

    func testResizeRedrawsAndShowsANoticeBelowTheMinimum() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"], width: 100, height: 30)
        try session.waitForStart()
        let shown = try generate(session, description)
        try session.tmux(["resize-window", "-t", session.target, "-x", "30", "-y", "8"])
        try session.waitFor("30x8")
        try session.tmux(["resize-window", "-t", session.target, "-x", "60", "-y", "16"])
        let narrow = try session.waitForScreen("the panes again at 60x16") {
            !$0.contains("30x8") && $0.contains(shown[0].hex)
        }
        XCTAssertFalse(narrow.contains("too small"))
        try session.tmux(["resize-window", "-t", session.target, "-x", "140", "-y", "40"])
        try session.waitForScreen("the panes at 140x40") { screen in
            screen.components(separatedBy: "\n").count >= 40 && Self.paneHexCodes(screen) == shown
        }
        let capture = try session.screen(escapes: true)
        XCTAssertGreaterThanOrEqual(Self.rows(with: Self.key(shown[0]), in: capture), 3)
    }

    func testBracketedPasteArrivesAsTextNotKeys() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"])
        try session.waitForStart()
        try session.tmux(["set-buffer", "-b", "p", "秋天的楓葉\nq"])
        try session.tmux(["paste-buffer", "-p", "-b", "p", "-t", session.target])
        // The newline did not act as Enter (no palette) and `q` did not quit: all of it is text.
        let screen = try session.waitFor("秋天的楓葉")
        XCTAssertTrue(screen.contains("q"), screen)
        XCTAssertEqual(Self.paneHexCodes(screen), [])
        XCTAssertNil(try? session.waitForExit(timeout: 0.3))
    }

    func testPasteWithoutEndMarkerIsKeptAndKeysWorkAfterIt() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"])
        try session.waitForStart()
        try session.type("\u{1B}[200~stalled paste")
        try session.waitFor("Description stalled paste")
        // Keys are keys again: Enter generates from the pasted text.
        try session.press("Enter")
        let screen = try session.waitForScreen("a palette") { Self.paneHexCodes($0).count == 3 }
        XCTAssertTrue(screen.contains("stalled paste"), screen)
    }

    /// Keys come from one read(2) a wake (`KeyBytes`): a lone Esc acts once ESCDELAY has
    /// passed, with no other key or timer to wake the loop; the other form of an arrow moves
    /// the cursor, and a sequence no table knows types nothing.
    func testEscAloneAndEscapeSequencesActAsKeys() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"])
        try session.waitForStart()
        try session.press("F1")
        try session.waitFor("Keys ·")
        try session.press("Escape")
        try session.waitForScreen(timeout: 3, "help closed by Esc alone") { !$0.contains("Keys ·") }
        try session.type("abc")
        try session.type("\u{1B}[D")
        try session.type("X")
        try session.type("\u{1B}[1;9C")
        try session.type("寧")
        try session.waitFor("Description abX寧c")
        // Esc followed at once by a letter is that letter with Alt (issue 11 point 5): Alt-z is
        // bound to nothing, so nothing is typed; Esc then a letter in another write is two keys.
        try session.press("End")
        try session.type("\u{1B}z")
        try session.type("y")
        try session.waitFor("Description abX寧cy")
        // Esc alone in a read of its own (the app has read it before the w is sent), then w.
        try session.pressAndWaitForRead("Escape")
        try session.type("w")
        try session.waitFor("Description abX寧cyw")
    }

    func testQOutsideTheFieldQuitsAndRestoresTheTerminal() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"])
        try session.waitForStart()
        try session.type("q")
        try session.waitFor("Description q")
        try session.press("Tab")
        try session.type("q")
        // Outside the field q asks first (issue 11 point 2); q again quits.
        try session.waitFor("Press q again to quit")
        try session.type("q")
        XCTAssertEqual(try session.waitForExit(), 0)
        try session.assertTerminalRestored()
    }

    func testIdleAppUsesNoCPU() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"])
        try session.waitForStart()
        _ = try generate(session, description)
        let pid = try session.appPID()
        func cpuTicks() throws -> Int {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
            return Int(fields[11])! + Int(fields[12])!  // utime, stime (fields 14 and 15)
        }
        let before = try cpuTicks()
        let start = Date()
        // A measurement window, not a synchronisation wait: a spinning loop would burn
        // about 100 ticks a second; an idle one burns none.
        usleep(1_000_000)
        let used = try cpuTicks() - before
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 1)
        XCTAssertLessThanOrEqual(used, 3, "the idle app used \(used) clock ticks in a second")
    }
}
