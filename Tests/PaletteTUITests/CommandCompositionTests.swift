import Foundation
import TestSupport
import XCTest

/// The command line as a scripter composes it, through the real binary: global options before
/// the command, the newest palette as the default input, pipes that keep the palette's name and
/// lineage, one colour syntax everywhere, locks credited to the lock, and usage words.
final class CommandCompositionTests: XCTestCase {
    private var scratch: TemporaryDirectory!

    override func setUpWithError() throws {
        scratch = try TemporaryDirectory(prefix: "pt-compose")
    }

    /// A bare environment with a scratch HOME (history and config live there), no key.
    private func environment(_ extra: [String: String] = [:]) -> [String: String] {
        HistoryBinary.environment(["HOME": scratch.path, "PATH": scratch.path + ":/usr/bin:/bin"]).merging(extra) { $1 }
    }

    private func run(_ arguments: [String], stdin: String? = nil, _ extra: [String: String] = [:]) throws
        -> ChildResult
    {
        let result = try Spawn.run(
            [try Repository.paletteTUI()] + arguments, environment: environment(extra),
            stdin: stdin.map { .text($0) } ?? .null)
        XCTAssertNil(result.signal, "\(arguments) was killed by signal \(result.signal ?? 0)")
        return result
    }

    /// A shell pipeline with `palette-tui` on PATH (a link to the binary under test).
    private func shell(_ line: String) throws -> ChildResult {
        let link = scratch.file("palette-tui")
        if !FileManager.default.fileExists(atPath: link) {
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: try Repository.paletteTUI())
        }
        return try Spawn.run(["/bin/sh", "-c", "cd '\(scratch.path)' && " + line], environment: environment())
    }

    // MARK: - Global options before the command

    func testGlobalOptionsMayStandBeforeTheCommandName() throws {
        let generated = try run(["--provider", "offline", "--no-history", "generate", "-f", "hex", "calm lake"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertEqual(generated.stdout, "#647F90\n#697E69\n#78C0CE\n")
        let same = try run(["generate", "--provider", "offline", "--no-history", "-f", "hex", "calm lake"])
        XCTAssertEqual(same.stdout, generated.stdout)
        // `--lang` first, then a command that reads the history.
        let saved = try run(["--provider=offline", "generate", "calm lake"])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let history = try run(["--lang", "zh-Hant", "history", "--format", "text"])
        XCTAssertEqual(history.status, 0, history.stderr)
        XCTAssertTrue(history.stdout.contains("#647F90 #697E69 #78C0CE  calm lake"), history.stdout)
        let help = try run(["--lang", "zh-Hant", "inspect", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("用法"), help.stdout)
        // A usage error is still one, in the language given first.
        let bad = try run(["--lang", "zh-Hant", "inspect"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("palette-tui: inspect: 需要至少一個顏色"), bad.stderr)
        // `--version` stays the program's; `--help` first is the command's help.
        let version = try run(["--version", "generate"])
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stdout.hasPrefix("palette-tui "), version.stdout)
        let commandHelp = try run(["--help", "history"])
        XCTAssertTrue(commandHelp.stdout.hasPrefix("usage: palette-tui history"), commandHelp.stdout)
        // An option's value is never taken for a command: `--history history` names a file.
        let file = scratch.file("history")
        let valued = try run(["--history", file, "--provider", "offline", "generate", "forest"])
        XCTAssertEqual(valued.status, 0, valued.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file))
    }

    // MARK: - The newest palette by default

    func testAuditRefineAndRepairTakeTheNewestPaletteWhenStandardInputIsEmpty() throws {
        // Nothing saved yet: the usage problem says what is needed.
        let none = try run(["audit"], stdin: "")
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.hasPrefix("palette-tui: audit: needs a palette"), none.stderr)
        XCTAssertEqual(try run(["generate", "--provider", "offline", "calm lake"]).status, 0)
        let audit = try run(["audit", "--format", "json"], stdin: "")
        XCTAssertEqual(audit.status, 0, audit.stderr)
        XCTAssertTrue(audit.stdout.contains("\"#647F90\""), audit.stdout)
        let repair = try run(
            ["repair", "accent", "--against", "background", "--target", "AA", "-f", "hex"], stdin: "")
        XCTAssertEqual(repair.status, 0, repair.stderr)
        XCTAssertTrue(repair.stdout.hasPrefix("#647F90\n#697E69\n"), repair.stdout)
        let refine = try run(["refine", "--provider", "offline", "--format", "json", "darker accent"], stdin: "\n")
        XCTAssertEqual(refine.status, 0, refine.stderr)
        XCTAssertTrue(refine.stdout.contains("\"description\": \"calm lake\""), refine.stdout)
        XCTAssertTrue(refine.stdout.contains("\"primary\": \"#647F90\""), refine.stdout)
    }

    /// refine, like audit, export and repair, takes the palette as three colours after its
    /// instruction (each in any form, or all in one argument); the newest palette is not used then.
    func testRefineTakesThreeColoursAfterTheInstruction() throws {
        XCTAssertEqual(try run(["generate", "--provider", "offline", "calm lake"]).status, 0)
        for colours in [["#3B5BDB", "rgb(112 72 232)", "green"], ["#3B5BDB #7048E8 #008000"]] {
            let refined = try run(
                ["refine", "--provider", "offline", "--no-history", "-f", "hex", "darker", "accent"] + colours,
                stdin: "")
            XCTAssertEqual(refined.status, 0, refined.stderr)
            let lines = refined.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 3, refined.stdout)
            XCTAssertEqual(Array(lines.prefix(2)), ["#3B5BDB", "#7048E8"], "\(colours): only the accent changes")
            XCTAssertNotEqual(lines.last, "#008000", "\(colours): the accent is darker")
        }
        // Words that are not three colours stay the instruction; the newest palette is refined.
        let worded = try run(["refine", "--provider", "offline", "-f", "hex", "darker", "accent", "please"], stdin: "")
        XCTAssertEqual(worded.status, 0, worded.stderr)
        XCTAssertTrue(worded.stdout.hasPrefix("#647F90\n"), worded.stdout)
    }

    // MARK: - Pipes keep everything

    func testGenerateJSONCarriesTheDescriptionAndLineageAndExportKeepsTheName() throws {
        let json = try run(["generate", "--provider", "offline", "--seed", "7", "--format", "json", "calm lake"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["description"] as? String, "calm lake")
        XCTAssertEqual(object["seed"] as? Int, 7)
        let id = try XCTUnwrap(object["id"] as? String)
        let history = try run(["history", "--format", "json"])
        XCTAssertTrue(history.stdout.contains(id), history.stdout)

        let piped = try shell(
            "palette-tui generate --provider offline --format json 'calm lake' | palette-tui export alacritty")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertTrue(piped.stdout.hasPrefix("# calm lake · dark · palette-tui\n"), piped.stdout)
        let refined = try shell(
            "palette-tui generate --provider offline --format json 'calm lake' | "
                + "palette-tui refine --provider offline --format json 'darker accent' | palette-tui export kitty")
        XCTAssertEqual(refined.status, 0, refined.stderr)
        XCTAssertTrue(refined.stdout.hasPrefix("# calm lake · dark · palette-tui\n"), refined.stdout)
        // The refinement names its parent, the entry the generate saved.
        let chain = try shell(
            "palette-tui generate --provider offline --format json 'quiet harbour' | "
                + "palette-tui refine --provider offline --format json warmer")
        XCTAssertEqual(chain.status, 0, chain.stderr)
        let child = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(chain.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(child["description"] as? String, "quiet harbour")
        XCTAssertEqual(child["refinement"] as? String, "warmer")
        XCTAssertNotNil(child["parent"] as? String)
    }

    // MARK: - One colour syntax

    func testLocksPaletteOptionAndCSSDeclarationsReadEveryColourForm() throws {
        let locked = try run([
            "generate", "--provider", "offline", "--no-history", "-f", "hex", "--lock", "accent=red", "--lock",
            "primary=rgb(0 0 128)", "--lock", "secondary=hsl(120, 100%, 25%)", "forest",
        ])
        XCTAssertEqual(locked.status, 0, locked.stderr)
        XCTAssertEqual(locked.stdout, "#000080\n#008000\n#FF0000\n")
        let palette = try run([
            "refine", "--provider", "offline", "--no-history", "-f", "hex", "--lock",
            "accent=oklch(62.8% 0.2577 29.23)",
            "--palette", "rgb(47, 93, 80), navy, #FF0000", "lighter primary",
        ])
        XCTAssertEqual(palette.status, 0, palette.stderr)
        let lines = palette.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, palette.stdout)
        XCTAssertEqual(lines.last, "#FF0000")
        let css = try run(["parse", "-f", "hex"], stdin: "color: red; background: blue; border-color: rgb(0 128 0);")
        XCTAssertEqual(css.status, 0, css.stderr)
        XCTAssertEqual(css.stdout, "#FF0000\n#0000FF\n#008000\n")
        let rule = try run(
            ["parse", "-f", "hex"],
            stdin: ".card {\n  color: navy;\n  background: #FFF;\n  border-color: coral !important;\n}\n")
        XCTAssertEqual(rule.status, 0, rule.stderr)
        XCTAssertEqual(rule.stdout, "#000080\n#FFFFFF\n#FF7F50\n")
        let audit = try run(["audit", "--format", "json"], stdin: "color: red; background: blue; border-color: green")
        XCTAssertEqual(audit.status, 0, audit.stderr)
        XCTAssertTrue(audit.stdout.contains("\"#0000FF\""), audit.stdout)
        let bad = try run(["generate", "--provider", "offline", "--no-history", "--lock", "accent=rgb(1 2)", "x"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("bad --lock 'accent=rgb(1 2)'"), bad.stderr)
    }

    // MARK: - Locks credited to the lock

    func testALockedColourIsCreditedToTheLockInEveryLanguage() throws {
        let english = try run([
            "generate", "--provider", "offline", "--no-history", "--lock", "accent=#FF0000", "forest",
        ])
        XCTAssertEqual(english.status, 0, english.stderr)
        let accent = try XCTUnwrap(english.stdout.split(separator: "\n").first { $0.hasPrefix("Accent") })
        XCTAssertTrue(accent.hasSuffix("from: your lock"), String(accent))
        let primary = try XCTUnwrap(english.stdout.split(separator: "\n").first { $0.hasPrefix("Primary") })
        XCTAssertTrue(primary.hasSuffix("from: forest"), String(primary))
        let hant = try run([
            "generate", "--provider", "offline", "--no-history", "--lang", "zh-Hant", "--lock", "accent=#FF0000",
            "forest",
        ])
        XCTAssertTrue(hant.stdout.contains("來自：你的鎖定"), hant.stdout)
        let hans = try run([
            "generate", "--provider", "offline", "--no-history", "--lang", "zh-Hans", "--lock", "accent=#FF0000",
            "forest",
        ])
        XCTAssertTrue(hans.stdout.contains("来自：你的锁定"), hans.stdout)
        let json = try run([
            "generate", "--provider", "offline", "--no-history", "-f", "json", "--lock", "accent=#FF0000", "forest",
        ])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["locked"] as? [String], ["accent"])
        XCTAssertNil((object["rationale"] as? [String: Any])?["accent"], json.stdout)
    }

    // MARK: - Words

    func testNoUsageErrorRepeatsTheCommandName() throws {
        let cases: [[String]] = [["inspect"], ["repair"], ["refine"], ["parse", "x"], ["generate"]]
        for arguments in cases {
            for lang in ["en", "zh-Hant"] {
                let result = try run(arguments + ["--lang", lang], stdin: "")
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
                let command = arguments[0]
                XCTAssertFalse(result.stderr.contains("\(command): \(command)"), result.stderr)
                XCTAssertFalse(result.stderr.contains("\(command): \(command) "), result.stderr)
            }
        }
        let inspect = try run(["inspect"])
        XCTAssertTrue(
            inspect.stderr.hasPrefix("palette-tui: inspect: needs at least one colour, e.g. '#2E86AB'"), inspect.stderr)
    }

    func testAnEmptyOutputIsAUsageErrorAndADirectoryGetsTheDefaultName() throws {
        for arguments in [
            ["export", "css", "-o", "", "#000", "#fff", "#f00"], ["export", "css", "--name=", "#000", "#fff", "#f00"],
        ] {
            let empty = try run(arguments)
            XCTAssertEqual(empty.status, 2, "\(arguments): \(empty.stderr)")
            XCTAssertTrue(empty.stderr.contains("needs a value, not an empty one"), empty.stderr)
            XCTAssertEqual(empty.stdout, "")
        }
        let zh = try run(["export", "css", "-o", "", "--lang", "zh-Hant", "#000", "#fff", "#f00"])
        XCTAssertTrue(zh.stderr.contains("--output 需要一個值，不能是空的。"), zh.stderr)
        let system = try run(["system", "-o", "", "#000", "#fff", "#f00"])
        XCTAssertEqual(system.status, 2, system.stderr)
        // An empty file name is never read as "the default file".
        for arguments in [
            ["generate", "--provider", "offline", "--history", "", "x"], ["history", "--history="],
            ["audit", "--history", "", "#000", "#fff", "#f00"],
        ] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("'--history' needs a file name, not an empty one"), result.stderr)
        }

        let directory = scratch.file("themes")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        XCTAssertEqual(try run(["generate", "--provider", "offline", "calm lake"]).status, 0)
        let kitty = try run(["export", "kitty", "-o", directory])
        XCTAssertEqual(kitty.status, 0, kitty.stderr)
        let written = try String(contentsOfFile: directory + "/calm-lake-dark.conf", encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("# calm lake · dark · palette-tui"), written)
        // Written again: refused without --force, as for any file.
        let again = try run(["export", "kitty", "-o", directory])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("calm-lake-dark.conf already exists"), again.stderr)
        // A Chinese description keeps its letters in the file name.
        let chinese = try shell(
            "palette-tui generate --provider offline --no-history --format json '寧靜的湖 夜' | "
                + "palette-tui export css -o themes/")
        XCTAssertEqual(chinese.status, 0, chinese.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/寧靜的湖-夜.css"))
    }

    func testProviderHintsNameOnlyWhatTheUserSet() throws {
        // Nothing listens on port 9 (discard) of the loopback.
        let dead = "http://127.0.0.1:9"
        let variable = try run(["generate", "--provider", "ollama", "--no-history", "x"], ["OLLAMA_HOST": dead])
        XCTAssertEqual(variable.status, 1)
        XCTAssertEqual(
            variable.stderr,
            "palette-tui: Nothing is listening at 127.0.0.1:9: start Ollama with 'ollama serve', or check OLLAMA_HOST.\n"
        )
        let option = try run(["generate", "--provider", "ollama", "--no-history", "--endpoint", dead, "x"])
        XCTAssertTrue(option.stderr.hasSuffix("or check --endpoint.\n"), option.stderr)
        let openai = try run(
            ["generate", "--provider", "openai", "--no-history", "x"],
            ["OPENAI_BASE_URL": dead, "OPENAI_API_KEY": "sk-test-not-a-real-key"])
        XCTAssertEqual(openai.status, 1)
        XCTAssertTrue(openai.stderr.contains("check OPENAI_BASE_URL."), openai.stderr)
        XCTAssertFalse(openai.stderr.contains("--endpoint"), openai.stderr)
        let hant = try run(
            ["generate", "--provider", "ollama", "--no-history", "--lang", "zh-Hant", "x"], ["OLLAMA_HOST": dead])
        XCTAssertTrue(hant.stderr.contains("請用 'ollama serve' 啟動 Ollama，或檢查 OLLAMA_HOST。"), hant.stderr)
    }

    func testChineseColourNamesAgreeWithTheReferenceTable() throws {
        // Vivid reds the XKCD survey calls "pinkish red" are not 粉紅 (#FFB3A7, 浅红色 in the
        // table); a steel blue is not 群青 (described as 深蓝色).
        let result = try run(["inspect", "--lang", "zh-Hant", "--format", "json", "#F10C45", "#FC2647", "#4C8DAE"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.count, 3)
        let light = try run(["inspect", "--lang", "zh-Hant", "#F10C45", "#FC2647", "#4C8DAE", "#FFB3A7"])
        let names = light.stdout.split(separator: "\n").filter { $0.contains("名稱") }.map(String.init)
        XCTAssertEqual(names.count, 4, light.stdout)
        for name in names.prefix(2) { XCTAssertFalse(name.contains("粉紅"), name) }
        XCTAssertFalse(names[2].contains("群青"), names[2])
        XCTAssertTrue(names[3].contains("粉紅（中國傳統色 #FFB3A7"), names[3])
    }
}
