import Foundation
import XCTest
import PaletteCore
import TestSupport
@testable import palette_tui

/// The real `palette-tui` binary against real history files: crashes, concurrent writers,
/// permissions, and the `history` command's output.
final class HistoryCLITests: XCTestCase {
    // MARK: - Durability

    /// SIGKILL at several moments in a stream of appends: every id the writer reported
    /// saved (after fsync) is in the file, at most the last line is torn, and writing resumes.
    func testKillDuringAppendsLosesNothingReported() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        var reported: [String] = []
        for (round, killAfter) in [1, 37, 120].enumerated() {
            let (pid, fd) = try HistoryBinary.start(["history", "--history", path, "--append-stream", "100000"])
            var reader = LineReader(fd: fd)
            var seen = 0
            while seen < killAfter, let line = reader.next() {
                XCTAssertTrue(line.hasPrefix("saved "), line)
                reported.append(String(line.dropFirst(6)))
                seen += 1
            }
            if round == 2 { usleep(3_000) }
            kill(pid, SIGKILL)
            XCTAssertEqual(Spawn.wait(pid), 128 + SIGKILL, "the writer was killed, not finished")
            while let line = reader.next() { reported.append(String(line.dropFirst(6))) }
            close(fd)
            XCTAssertGreaterThanOrEqual(seen, killAfter)

            let (entries, warnings) = try HistoryStore(url: URL(fileURLWithPath: path)).load()
            let ids = Set(entries.map(\.id))
            let missing = reported.filter { !ids.contains($0) }
            XCTAssertEqual(missing, [], "round \(round): reported saved but not in the file")
            XCTAssertLessThanOrEqual(warnings.count, 1, "round \(round): \(warnings)")
            XCTAssertTrue(warnings.allSatisfy { $0.contains("incomplete last line") }, "\(warnings)")
        }
        let after = try HistoryBinary.run(["history", "--history", path, "--append-stream", "1"])
        XCTAssertEqual(after.status, 0, after.stderr)
        let newID = String(after.stdout.dropFirst(6).prefix { $0 != "\n" })
        let (entries, _) = try HistoryStore(url: URL(fileURLWithPath: path)).load()
        XCTAssertEqual(entries.last?.id, newID, "an append after a crash is a whole, readable line")
        XCTAssertTrue(Set(reported).isSubset(of: Set(entries.map(\.id))))
    }

    func testTwoConcurrentWritersLoseNothing() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let outA = dir.file("a.out")
        let outB = dir.file("b.out")
        var pids: [pid_t] = []
        for out in [outA, outB] {
            pids.append(try Spawn.spawn(
                [HistoryBinary.path, "history", "--history", path, "--append-stream", "200"],
                environment: HistoryBinary.environment()) { fa in
                    posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                })
        }
        for pid in pids { XCTAssertEqual(Spawn.wait(pid), 0) }

        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"))
        XCTAssertEqual(text.split(separator: "\n", omittingEmptySubsequences: false).count, 401)
        let (entries, warnings) = try HistoryStore(url: URL(fileURLWithPath: path)).load()
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(entries.count, 400)
        XCTAssertEqual(Set(entries.map(\.id)).count, 400)
        for out in [outA, outB] {
            let ids = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map { String($0.dropFirst(6)) }
            XCTAssertEqual(ids.count, 200)
            XCTAssertTrue(Set(ids).isSubset(of: Set(entries.map(\.id))))
        }
        XCTAssertEqual(Set(entries.map(\.accent)).count, 2, "both writers' entries are there")
    }

    /// Compaction renames a new file into place; a writer waiting on the old file's lock
    /// must notice and append to the new one, or its entry would vanish with the old inode.
    func testCompactionDuringAppendsLosesNothing() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let store = HistoryStore(url: URL(fileURLWithPath: path))
        try store.append(HistoryEntry(id: "first", created: Date(), description: "before",
                                      palette: Palette(primary: RGB(packed: 1), secondary: RGB(packed: 2), accent: RGB(packed: 3)),
                                      provider: "offline", model: nil))
        try store.delete(id: "first")
        let (pid, fd) = try HistoryBinary.start(["history", "--history", path, "--append-stream", "300"])
        var reader = LineReader(fd: fd)
        var reported: [String] = []
        var compactions = 0
        while let line = reader.next() {
            reported.append(String(line.dropFirst(6)))
            if reported.count % 10 == 0 {
                try store.compact()
                compactions += 1
            }
        }
        close(fd)
        XCTAssertEqual(Spawn.wait(pid), 0)
        XCTAssertEqual(compactions, 30)
        let (entries, warnings) = try store.load()
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(entries.map(\.id), reported, "every append landed, in order, exactly once")
    }

    // MARK: - Permissions and location

    /// As root, permission bits do not bind, so the binary runs without CAP_DAC_OVERRIDE.
    private func withoutOverride() throws -> [String] {
        guard geteuid() == 0 else { return [] }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("running as root and setpriv (util-linux) is missing: cannot drop CAP_DAC_OVERRIDE")
        }
        return ["/usr/bin/setpriv", "--inh-caps=-dac_override,-dac_read_search",
                "--bounding-set=-dac_override,-dac_read_search"]
    }

    func testReadOnlyDirectoryGivesAClearMessage() throws {
        let prefix = try withoutOverride()
        let dir = try TemporaryDirectory()
        let ro = dir.file("ro")
        XCTAssertEqual(mkdir(ro, 0o500), 0)
        defer { chmod(ro, 0o700) }
        let path = ro + "/h.jsonl"

        let append = try HistoryBinary.run(["history", "--history", path, "--append-stream", "1"], prefix: prefix)
        XCTAssertEqual(append.status, 1)
        XCTAssertEqual(append.stdout, "")
        XCTAssertTrue(append.stderr.contains("cannot save to the history file \(path)"), append.stderr)
        XCTAssertTrue(append.stderr.contains("the directory \(ro) is not writable"), append.stderr)
        XCTAssertEqual(append.stderr.split(separator: "\n").count, 1, append.stderr)

        let list = try HistoryBinary.run(["history", "--history", path], prefix: prefix)
        XCTAssertEqual(list.status, 0, "reading a missing history in a read-only directory is fine: \(list.stderr)")
        XCTAssertEqual(list.stdout, "")
    }

    /// The palette is the point of `generate`: a history that cannot be written costs a warning, not the answer.
    func testGenerateInAReadOnlyDirectoryStillPrintsItsPalette() throws {
        let prefix = try withoutOverride()
        let dir = try TemporaryDirectory()
        let ro = dir.file("ro")
        XCTAssertEqual(mkdir(ro, 0o500), 0)
        defer { chmod(ro, 0o700) }
        let path = ro + "/h.jsonl"
        let result = try HistoryBinary.run(["generate", "--provider", "offline", "--format", "hex",
                                            "--history", path, "misty harbour at dawn"], prefix: prefix)
        XCTAssertEqual(result.status, 0, result.stderr)
        let hexes = result.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { (try? RGB(hex: String($0))) != nil }
        XCTAssertEqual(hexes.count, 3, result.stdout)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("history") }
        XCTAssertEqual(warnings.count, 1, result.stderr)
        XCTAssertTrue(warnings.first?.contains("palette not saved to history: cannot save to the history file \(path)") ?? false,
                      result.stderr)
        XCTAssertTrue(warnings.first?.contains("is not writable") ?? false, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testGenerateSavesEachPaletteUnlessToldNotTo() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let saved = try HistoryBinary.run(["generate", "--provider", "offline", "--format", "hex",
                                           "--history", path, "雨後的森林"])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let skipped = try HistoryBinary.run(["generate", "--provider", "offline", "--no-history",
                                             "--history", path, "desert sunset"])
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        let (entries, warnings) = try HistoryStore(url: URL(fileURLWithPath: path)).load()
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(entries.count, 1)
        let entry = try XCTUnwrap(entries.first)
        XCTAssertEqual(entry.description, "雨後的森林")
        XCTAssertEqual(entry.provider, "offline")
        for color in [entry.primary, entry.secondary, entry.accent] {
            XCTAssertTrue(saved.stdout.uppercased().contains(color.hex), "\(color.hex) in \(saved.stdout)")
        }
        XCTAssertEqual(fileMode(path), 0o600)
    }

    func testUnreadableFileIsReportedNotReplaced() throws {
        let prefix = try withoutOverride()
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        try HistoryStore(url: URL(fileURLWithPath: path)).append(sampleEntries()[0])
        XCTAssertEqual(chmod(path, 0o000), 0)
        defer { chmod(path, 0o600) }
        let result = try HistoryBinary.run(["history", "--history", path], prefix: prefix)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("cannot read the history file \(path): Permission denied"), result.stderr)
        chmod(path, 0o600)
        XCTAssertEqual(try HistoryStore(url: URL(fileURLWithPath: path)).load().entries.count, 1)
    }

    func testForeignFileIsReportedByTheCommand() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("notes.txt")
        let content = Data("my notes\nnot a history\n".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: content))
        for args in [["history", "--history", path], ["history", "--history", path, "--append-stream", "1"]] {
            let result = try HistoryBinary.run(args)
            XCTAssertEqual(result.status, 1)
            XCTAssertTrue(result.stderr.contains("\(path) is not a palette-tui history file"), result.stderr)
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), content)
    }

    func testEnvironmentChoosesTheFileAndCreatesItPrivately() throws {
        let dir = try TemporaryDirectory()
        let state = dir.file("state")
        let run1 = try HistoryBinary.run(["history", "--append-stream", "2"],
                                         env: HistoryBinary.environment(["XDG_STATE_HOME": state]))
        XCTAssertEqual(run1.status, 0, run1.stderr)
        XCTAssertEqual(fileMode(state + "/palette-tui"), 0o700)
        XCTAssertEqual(fileMode(state + "/palette-tui/history.jsonl"), 0o600)

        let custom = dir.file("custom.jsonl")
        let run2 = try HistoryBinary.run(["history", "--append-stream", "1"],
                                         env: HistoryBinary.environment(["XDG_STATE_HOME": state, "PALETTE_TUI_HISTORY": custom]))
        XCTAssertEqual(run2.status, 0, run2.stderr)
        XCTAssertEqual(try HistoryStore(url: URL(fileURLWithPath: custom)).load().entries.count, 1)

        let listed = try HistoryBinary.run(["history", "--format", "jsonl"],
                                           env: HistoryBinary.environment(["XDG_STATE_HOME": state]))
        XCTAssertEqual(listed.stdout.split(separator: "\n").count, 2)
    }

    func testNoHomeIsAClearMessage() throws {
        let result = try HistoryBinary.run(["history"], env: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("HOME is not set"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--history FILE"), result.stderr)
    }

    // MARK: - Listing

    private func sampleEntries() -> [HistoryEntry] {
        let base = 1_764_403_500.0
        func make(_ n: Int, _ text: String, _ colors: (UInt32, UInt32, UInt32), favorite: Bool = false) -> HistoryEntry {
            HistoryEntry(id: "id-\(n)", created: Date(timeIntervalSince1970: base + Double(n) * 3600), description: text,
                         palette: Palette(primary: RGB(packed: colors.0), secondary: RGB(packed: colors.1),
                                          accent: RGB(packed: colors.2)),
                         provider: n == 1 ? "gemini" : "offline", model: n == 1 ? "gemini-2.5-flash" : nil,
                         favorite: favorite)
        }
        return [
            make(0, "Misty harbour at dawn", (0x1A2B3C, 0x8899AA, 0xF0C040)),
            make(1, "霧氣瀰漫的港口", (0x223344, 0x556677, 0xFF8800), favorite: true),
            make(2, "evil \u{1B}[2J\u{1B}]52;c;eA==\u{07} title\nsecond line", (0x000000, 0xFFFFFF, 0x123456)),
            make(3, "Quiet forest after rain", (0x2E5E3A, 0x9BBF85, 0xE3C16F)),
        ]
    }

    private func sampleFile(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.file("h.jsonl")
        let store = HistoryStore(url: URL(fileURLWithPath: path))
        for e in sampleEntries() { try store.append(e) }
        try store.delete(id: "id-3")
        return path
    }

    func testTextListingIsNewestFirstAndSanitised() throws {
        let dir = try TemporaryDirectory()
        let path = try sampleFile(dir)
        let result = try HistoryBinary.run(["history", "--history", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, """
              2025-11-29 10:05  #000000 #FFFFFF #123456  evil [2J]52;c;eA== title second line
            * 2025-11-29 09:05  #223344 #556677 #FF8800  霧氣瀰漫的港口
              2025-11-29 08:05  #1A2B3C #8899AA #F0C040  Misty harbour at dawn

            """)
        XCTAssertFalse(result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    func testJSONFormatsRoundTrip() throws {
        let dir = try TemporaryDirectory()
        let path = try sampleFile(dir)
        let expected = Array(sampleEntries().prefix(3).reversed())

        let jsonl = try HistoryBinary.run(["history", "--history", path, "--format", "jsonl"])
        XCTAssertEqual(jsonl.status, 0, jsonl.stderr)
        let lines = jsonl.stdout.split(separator: "\n")
        XCTAssertEqual(try lines.map { try JSONDecoder().decode(HistoryEntry.self, from: Data($0.utf8)) }, expected)

        let json = try HistoryBinary.run(["history", "--history", path, "--format=json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(try JSONDecoder().decode([HistoryEntry].self, from: Data(json.stdout.utf8)), expected)

        let empty = try HistoryBinary.run(["history", "--history", dir.file("none.jsonl"), "--format", "json"])
        XCTAssertEqual(empty.stdout, "[]\n")
    }

    func testSearchFavoritesAndLimit() throws {
        let dir = try TemporaryDirectory()
        let path = try sampleFile(dir)
        func ids(_ extra: [String]) throws -> [String] {
            let result = try HistoryBinary.run(["history", "--history", path, "--format", "jsonl"] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            return try result.stdout.split(separator: "\n").map {
                try JSONDecoder().decode(HistoryEntry.self, from: Data($0.utf8)).id
            }
        }
        XCTAssertEqual(try ids(["--search", "HARBOUR"]), ["id-0"])
        XCTAssertEqual(try ids(["--search", "港口"]), ["id-1"])
        XCTAssertEqual(try ids(["--search", "#1a2b3c"]), ["id-0"])
        XCTAssertEqual(try ids(["--search", "ff8800"]), ["id-1"])
        XCTAssertEqual(try ids(["--search", "forest"]), [], "deleted entries are not listed")
        XCTAssertEqual(try ids(["--favorites"]), ["id-1"])
        XCTAssertEqual(try ids(["--limit", "2"]), ["id-2", "id-1"])
        XCTAssertEqual(try ids(["-n", "0"]), [])
        XCTAssertEqual(try ids(["--search", "8", "--limit", "1"]), ["id-1"], "the limit applies after the search")
    }

    func testWarningsGoToStandardError() throws {
        let dir = try TemporaryDirectory()
        let path = try sampleFile(dir)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"torn\n".utf8))
        handle.closeFile()
        let result = try HistoryBinary.run(["history", "--history", path, "--format", "jsonl"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 3)
        XCTAssertEqual(result.stderr,
                       "palette-tui: warning: history line 6: not valid JSON; skipped (kept in the file)\n")
    }

    func testBadOptionsAreUsageErrors() throws {
        for args in [["--limit", "many"], ["--format", "xml"], ["--limit", "-1"], ["stray"], ["--bogus"]] {
            let result = try HistoryBinary.run(["history", "--history", "/nonexistent/h.jsonl"] + args)
            XCTAssertEqual(result.status, 2, "\(args): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Try 'palette-tui --help'"), result.stderr)
        }
    }

    func testHelp() throws {
        let result = try HistoryBinary.run(["history", "--help"])
        XCTAssertEqual(result.status, 0)
        for option in ["--format text|jsonl|json", "--search TEXT", "--favorites", "--limit N", "--history FILE", "--compact"] {
            XCTAssertTrue(result.stdout.contains(option), option)
        }
        XCTAssertFalse(result.stdout.contains("append-stream"), "the test aid stays hidden")
    }

    func testCompactCommand() throws {
        let dir = try TemporaryDirectory()
        let path = try sampleFile(dir)
        let result = try HistoryBinary.run(["history", "--history", path, "--compact"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "palette-tui: history compacted: 1 deleted entry removed\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\n").count, 3)
        XCTAssertEqual(try HistoryStore(url: URL(fileURLWithPath: path)).load().entries,
                       Array(sampleEntries().prefix(3)))
    }
}
