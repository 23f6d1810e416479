import Foundation
import PaletteCore
import PaletteHistory
import TestSupport
import XCTest

@testable import PaletteProgram

/// The real `palette-tui` binary against real history files: permissions, location, and the
/// `history` command's output. (Crashes and concurrent writers: PaletteHistoryTests.)
final class HistoryCLITests: XCTestCase {
    // MARK: - Permissions and location

    func testListingInAReadOnlyDirectoryIsFine() throws {
        let prefix = try withoutPermissionOverride()
        let dir = try TemporaryDirectory()
        let ro = try dir.readOnlyDirectory("ro")
        let path = ro + "/h.jsonl"
        let list = try HistoryBinary.run(["history", "--history", path], prefix: prefix)
        XCTAssertEqual(list.status, 0, "reading a missing history in a read-only directory is fine: \(list.stderr)")
        XCTAssertEqual(list.stdout, "")
    }

    /// The palette is the point of `generate`: a history that cannot be written costs a warning, not the answer.
    func testGenerateInAReadOnlyDirectoryStillPrintsItsPalette() throws {
        let prefix = try withoutPermissionOverride()
        let dir = try TemporaryDirectory()
        let ro = try dir.readOnlyDirectory("ro")
        let path = ro + "/h.jsonl"
        let result = try HistoryBinary.run(
            [
                "generate", "--provider", "offline", "--format", "hex",
                "--history", path, "misty harbour at dawn",
            ], prefix: prefix)
        XCTAssertEqual(result.status, 0, result.stderr)
        let hexes = result.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter {
            (try? RGB(hex: String($0))) != nil
        }
        XCTAssertEqual(hexes.count, 3, result.stdout)
        let warnings = result.stderr.split(separator: "\n").filter { $0.lowercased().contains("history") }
        XCTAssertEqual(
            warnings,
            ["palette-tui: warning: History not saved: cannot write in the folder \(ro) (Permission denied)."],
            result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testGenerateSavesEachPaletteUnlessToldNotTo() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let saved = try HistoryBinary.run([
            "generate", "--provider", "offline", "--format", "hex",
            "--history", path, "雨後的森林",
        ])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let skipped = try HistoryBinary.run([
            "generate", "--provider", "offline", "--no-history",
            "--history", path, "desert sunset",
        ])
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
        let prefix = try withoutPermissionOverride()
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        try HistoryStore(url: URL(fileURLWithPath: path)).append(sampleEntries()[0])
        XCTAssertEqual(chmod(path, 0o000), 0)
        defer { chmod(path, 0o600) }
        let result = try HistoryBinary.run(["history", "--history", path], prefix: prefix)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "palette-tui: History not read: \(path): Permission denied.\n")
        chmod(path, 0o600)
        XCTAssertEqual(try HistoryStore(url: URL(fileURLWithPath: path)).load().entries.count, 1)
    }

    func testForeignFileIsReportedByTheCommand() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("notes.txt")
        let content = Data("my notes\nnot a history\n".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: content))
        let listed = try HistoryBinary.run(["history", "--history", path])
        XCTAssertEqual(listed.status, 1)
        XCTAssertTrue(listed.stderr.contains("\(path) is not a palette-tui history file"), listed.stderr)
        let generated = try HistoryBinary.run([
            "generate", "--provider", "offline", "--format", "hex",
            "--history", path, "forest",
        ])
        XCTAssertEqual(generated.status, 0, "the palette is still printed: \(generated.stderr)")
        XCTAssertTrue(
            generated.stderr.contains("warning: History not saved: \(path) is not a palette-tui history file"),
            generated.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: path), content)
    }

    func testEnvironmentChoosesTheFileAndCreatesItPrivately() throws {
        let dir = try TemporaryDirectory()
        let state = dir.file("state")
        for description in ["misty harbour", "quiet forest"] {
            let run = try HistoryBinary.run(
                ["generate", "--provider", "offline", description],
                env: HistoryBinary.environment(["XDG_STATE_HOME": state]))
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        XCTAssertEqual(fileMode(state + "/palette-tui"), 0o700)
        XCTAssertEqual(fileMode(state + "/palette-tui/history.jsonl"), 0o600)

        let custom = dir.file("custom.jsonl")
        let run2 = try HistoryBinary.run(
            ["generate", "--provider", "offline", "desert"],
            env: HistoryBinary.environment(["XDG_STATE_HOME": state, "PALETTE_TUI_HISTORY": custom]))
        XCTAssertEqual(run2.status, 0, run2.stderr)
        XCTAssertEqual(try HistoryStore(url: URL(fileURLWithPath: custom)).load().entries.count, 1)

        let listed = try HistoryBinary.run(
            ["history", "--format", "jsonl"],
            env: HistoryBinary.environment(["XDG_STATE_HOME": state]))
        XCTAssertEqual(listed.stdout.split(separator: "\n").count, 2)
    }

    func testNoHomeIsAClearMessage() throws {
        let result = try HistoryBinary.run(["history"], env: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("nor HOME is set"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--history FILE"), result.stderr)
    }

    // MARK: - Listing

    private func sampleEntries() -> [HistoryEntry] {
        let base = 1_764_403_500.0
        func make(_ n: Int, _ text: String, _ colors: (UInt32, UInt32, UInt32), favorite: Bool = false) -> HistoryEntry
        {
            HistoryEntry(
                id: "id-\(n)", created: Date(timeIntervalSince1970: base + Double(n) * 3600), description: text,
                palette: Palette(
                    primary: RGB(packed: colors.0), secondary: RGB(packed: colors.1),
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
        XCTAssertEqual(
            result.stdout,
            """
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
        XCTAssertEqual(
            result.stderr,
            "palette-tui: warning: history: line 6 is not a record (not valid JSON); skipped and kept in the file\n")
    }

    /// A skipped line's finding is worded in the chosen language: a bad colour or time was an
    /// English clause ("\"primary\": '#ZZZ' is not a colour…") inside the Chinese sentence.
    func testWarningsAreWordedInTheChosenLanguage() throws {
        let dir = try TemporaryDirectory()
        let path = try sampleFile(dir)
        let first = String(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[0])
        let created = try XCTUnwrap(first.range(of: ##""created":"[^"]*""##, options: .regularExpression))
        let primary = try XCTUnwrap(first.range(of: ##""primary":"#[0-9A-F]{6}""##, options: .regularExpression))
        let badColour = first.replacingCharacters(in: primary, with: ##""primary":"#ZZZ""##)
        let badTime = first.replacingCharacters(in: created, with: ##""created":"yesterday""##)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data((badColour + "\n" + badTime + "\n{\"id\":\"x\"}\n").utf8))
        handle.closeFile()
        let expected = [
            "en": [
                "line 6 is not a record (\"primary\": '#ZZZ' is not a colour: 'Z' is not a hex digit)",
                "line 7 is not a record (\"created\" is not an RFC 3339 time)",
                "line 8 is not a record (missing field \"created\")",
            ],
            "zh-Hant": [
                "第 6 行不是紀錄（\"primary\"：「#ZZZ」不是顏色：「Z」不是十六進位數字）", "第 7 行不是紀錄（\"created\" 不是 RFC 3339 時間）",
                "第 8 行不是紀錄（缺少欄位 \"created\"）",
            ],
            "zh-Hans": [
                "第 6 行不是记录（\"primary\"：“#ZZZ”不是颜色：“Z”不是十六进制数字）", "第 7 行不是记录（\"created\" 不是 RFC 3339 时间）",
                "第 8 行不是记录（缺少字段 \"created\"）",
            ],
        ]
        // The language from --lang (which `history` did not take) and from the locale.
        let locales = ["en": "C.UTF-8", "zh-Hant": "zh_TW.UTF-8", "zh-Hans": "zh_CN.UTF-8"]
        for (lang, lines) in expected {
            for (how, args, env) in [
                ("--lang", ["--lang", lang], HistoryBinary.environment()),
                ("LANG", [], HistoryBinary.environment(["LANG": locales[lang] ?? ""])),
            ] {
                let result = try HistoryBinary.run(["history", "--history", path] + args, env: env)
                XCTAssertEqual(result.status, 0, "\(lang) by \(how): \(result.stderr)")
                for line in lines {
                    XCTAssertTrue(result.stderr.contains(line), "\(lang) by \(how): \(result.stderr)")
                }
                if lang != "en" {
                    XCTAssertTrue(
                        result.stderr.hasPrefix(lang == "zh-Hant" ? "palette-tui: 警告：歷史紀錄：" : "palette-tui: 警告：历史记录："))
                    for english in ["is not", "missing", "colour", "record", "warning", "history:"] {
                        XCTAssertFalse(result.stderr.contains(english), "\(lang) by \(how): \(result.stderr)")
                    }
                }
            }
        }
    }

    func testBadOptionsAreUsageErrors() throws {
        for args in [
            ["--limit", "many"], ["--format", "xml"], ["--limit", "-1"], ["stray"], ["--bogus"],
            ["--append-stream", "1"],
        ] {
            let result = try HistoryBinary.run(["history", "--history", "/nonexistent/h.jsonl"] + args)
            XCTAssertEqual(result.status, 2, "\(args): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Try 'palette-tui --help'"), result.stderr)
        }
    }

    func testHelp() throws {
        let result = try HistoryBinary.run(["history", "--help"])
        XCTAssertEqual(result.status, 0)
        for option in [
            "--format text|jsonl|json", "--search TEXT", "--favorites", "--limit N", "--history FILE", "--compact",
        ] {
            XCTAssertTrue(result.stdout.contains(option), option)
        }
        XCTAssertFalse(result.stdout.contains("append-stream"), "the test aid is not in the product")
    }

    func testCompactCommand() throws {
        let dir = try TemporaryDirectory()
        let path = try sampleFile(dir)
        let result = try HistoryBinary.run(["history", "--history", path, "--compact"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "palette-tui: history compacted: 1 deleted entry removed\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\n").count, 3)
        XCTAssertEqual(
            try HistoryStore(url: URL(fileURLWithPath: path)).load().entries,
            Array(sampleEntries().prefix(3)))
    }
}
