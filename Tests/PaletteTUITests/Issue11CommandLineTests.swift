import Foundation
import TestSupport
import XCTest

/// Issue 11, the command line as a scripter meets it, through the real built binary: colour
/// forms (point 13), usage errors that say what works (point 14) and Chinese words (point 6).
final class Issue11CommandLineTests: XCTestCase {
    /// The binary in a bare environment (PATH, a HOME that does not exist, no key), plus `extra`.
    private func run(_ arguments: [String], stdin: String = "", _ extra: [String: String] = [:]) throws -> ChildResult {
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home"]
        for (k, v) in extra { env[k] = v }
        let result = try Spawn.run([Repository.paletteTUI()] + arguments, environment: env, stdin: .text(stdin))
        XCTAssertNil(result.signal, "palette-tui was killed by signal \(result.signal ?? 0)")
        return result
    }

    private func hex(_ arguments: [String], stdin: String = "") throws -> [String] {
        let result = try run(arguments, stdin: stdin)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    // MARK: - Point 13

    func testIssue11Point13InspectReadsEveryFormPeopleWrite() throws {
        let forms = [
            "rgb(47, 93, 80)", "rgb(47 93 80)", "rgba(47,93,80,1)", "hsl(163 32.9% 27.5%)",
            "hsla(163, 32.9%, 27.5%, 1)",
            "hwb(163 18.4% 63.5%)", "oklch(44.13% 0.0556 173.2)", "oklab(0.4413 -0.0552 0.0066)",
            "lab(35.92 -19.23 2.35)",
            "lch(35.92 19.37 173.04)", "color(srgb 0.1843 0.3647 0.3137)", "#2F5D50", "2f5d50", "#2F5D50FF",
        ]
        let result = try run(["inspect", "--format", "json"] + forms)
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.map { $0["input"] as? String }, forms)
        for object in objects {
            XCTAssertEqual(object["hex"] as? String, "#2F5D50", "\(object["input"] ?? "")")
        }
        let names = try run(["inspect", "--format", "json", "navy", "rebeccapurple", "Slate Green", "靛青", "靛藍"])
        XCTAssertEqual(names.status, 0, names.stderr)
        let named = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(names.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(named.map { $0["hex"] as? String }, ["#000080", "#663399", "#658D6D", "#177CB0", "#065279"])
    }

    func testIssue11Point13ParseAuditRepairAndExportReadEveryForm() throws {
        let answer = """
            Here is the palette:
            - Primary: rgb(47 93 80)
            - Secondary: navy
            - Accent: oklch(73.5% 0.168 40.2)
            """
        XCTAssertEqual(try hex(["parse", "--format", "hex"], stdin: answer), ["#2F5D50", "#000080", "#FF7F50"])
        XCTAssertEqual(
            try hex(
                ["parse", "--format", "hex"],
                stdin: #"{"primary": "hsl(163, 33%, 27%)", "secondary": "rebeccapurple", "accent": "coral"}"#),
            ["#2E5C4F", "#663399", "#FF7F50"])
        XCTAssertEqual(
            try hex(["parse", "--format", "hex"], stdin: "navy, teal, coral\n"), ["#000080", "#008080", "#FF7F50"])
        let audit = try run([
            "audit", "--format", "json", "rgb(47 93 80)", "navy", "coral", "--background", "hsl(0 0% 100%)",
        ])
        XCTAssertEqual(audit.status, 0, audit.stderr)
        XCTAssertTrue(audit.stdout.contains("#2F5D50") && audit.stdout.contains("#000080"), audit.stdout)
        let export = try run(["export", "css", "rgb(47 93 80)", "navy", "coral"])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(export.stdout.contains("#2F5D50") && export.stdout.contains("#FF7F50"), export.stdout)
    }

    // MARK: - Point 14

    func testIssue11Point14ABadFormatListsTheValidFormats() throws {
        let cases: [([String], String)] = [
            (
                ["generate", "--provider", "offline", "--no-history", "--format", "yaml", "x"],
                "choose text, json, hex or css"
            ),
            (["parse", "--format", "yaml"], "choose text, json, hex or css"),
            (["inspect", "--format", "yaml", "#fff"], "choose text or json"),
            (["history", "--format", "yaml"], "choose text, jsonl or json"),
            (["audit", "--format", "yaml", "#fff", "#000", "#f00"], "choose text or json"),
            (
                [
                    "repair", "accent", "--against", "primary", "--target", "AA", "--format", "yaml", "#fff", "#000",
                    "#f00",
                ],
                "choose text, json, hex or css"
            ),
        ]
        for (args, expected) in cases {
            let result = try run(args, stdin: "[]")
            XCTAssertEqual(result.status, 2, "\(args): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("invalid value 'yaml' for '--format': \(expected)"), "\(args): \(result.stderr)")
        }
        let chinese = try run(["parse", "--format", "yaml"], stdin: "[]", ["LANG": "zh_TW.UTF-8"])
        XCTAssertTrue(chinese.stderr.contains("--format 的值「yaml」無效：請選擇 text、json、hex、css"), chinese.stderr)
    }

    func testIssue11Point14ABadTimeoutIsAUsageErrorOnEveryProvider() throws {
        let providers: [([String], [String: String])] = [
            (["--provider", "offline"], [:]),
            ([], [:]),  // no key: the offline engine
            (["--provider", "gemini"], ["GEMINI_API_KEY": "k-test"]),
            ([], ["GEMINI_API_KEY": "k-test"]),  // Gemini with the offline fallback
        ]
        for (provider, env) in providers {
            for bad in ["abc", "-1", "0", "nan", "1e9", ""] {
                let result = try run(["generate", "--no-history"] + provider + ["--timeout", bad, "forest"], env)
                XCTAssertEqual(
                    result.status, 2, "\(provider) \(env.keys) --timeout \(bad): \(result.stdout)\(result.stderr)")
                XCTAssertTrue(result.stderr.contains("invalid value '\(bad)' for '--timeout'"), result.stderr)
                XCTAssertEqual(result.stdout, "")
            }
        }
        let ok = try run(["generate", "--no-history", "--provider", "offline", "--timeout", "2.5", "forest"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let zh = try run(["generate", "--no-history", "--timeout", "abc", "forest"], ["LANG": "zh_CN.UTF-8"])
        XCTAssertTrue(zh.stderr.contains("--timeout 的值“abc”无效"), zh.stderr)
        XCTAssertTrue(zh.stderr.contains("用法请见"), zh.stderr)
    }

    func testIssue11Point14ColourErrorsSayWhichFormsAreAccepted() throws {
        for (args, lang) in [(["inspect", "glorp"], "C.UTF-8"), (["audit", "glorp", "navy", "coral"], "C.UTF-8")] {
            let result = try run(args, ["LANG": lang])
            XCTAssertNotEqual(result.status, 0)
            XCTAssertTrue(
                result.stderr.contains("'glorp' is not a colour: use a hex code (#2E86AB), rgb(47 93 80), hsl()"),
                result.stderr)
            XCTAssertTrue(
                result.stderr.contains("oklch()") && result.stderr.contains("CSS or XKCD colour name"), result.stderr)
        }
        let zh = try run(["inspect", "glorp"], ["LANG": "zh_TW.UTF-8"])
        XCTAssertEqual(zh.status, 1)
        XCTAssertTrue(zh.stderr.contains("「glorp」不是顏色：請用十六進位色碼"), zh.stderr)
        let function = try run(["inspect", "rgb(47 93)"])
        XCTAssertTrue(
            function.stderr.contains("rgb() takes three values and an optional alpha, found 2"), function.stderr)
        let translucent = try run(["inspect", "rgba(47, 93, 80, 0.5)"])
        XCTAssertTrue(translucent.stderr.contains("is not opaque (alpha 0.500)"), translucent.stderr)
        let none = try run(["inspect"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(
            none.stderr.contains("inspect: needs at least one colour, e.g. '#2E86AB', 'rgb(47 93 80)' or navy"),
            none.stderr)
        let help = try run(["inspect", "--help"])
        for form in ["'rgb(47 93 80)'", "hsl(", "oklch(", "color()", "XKCD"] {
            XCTAssertTrue(help.stdout.contains(form), "inspect --help names \(form): \(help.stdout)")
        }
    }

    // MARK: - Point 6, the command line

    func testIssue11Point6GenerateParseAndInspectNameColoursInChinese() throws {
        for (lang, primary) in [("zh_TW.UTF-8", "主色"), ("zh_CN.UTF-8", "主色")] {
            let text = try run(["parse"], stdin: "[\"#177CB0\", \"#00035B\", \"#FF4C00\"]", ["LANG": lang])
            XCTAssertEqual(text.status, 0, text.stderr)
            let lines = text.stdout.split(separator: "\n").map(String.init)
            XCTAssertTrue(lines[0].hasPrefix(primary) && lines[0].hasSuffix("靛青"), lines[0])
            XCTAssertTrue(lines[1].hasSuffix(lang == "zh_TW.UTF-8" ? "深藍" : "深蓝"), lines[1])
            XCTAssertTrue(lines[2].hasSuffix(lang == "zh_TW.UTF-8" ? "朱紅" : "朱红"), lines[2])
            let generated = try run(["generate", "--no-history", "--provider", "offline", "forest"], ["LANG": lang])
            XCTAssertEqual(generated.status, 0, generated.stderr)
            let latin = generated.stdout.unicodeScalars.filter { ("a"..."z").contains($0) }
            // Only the user's own word ("forest", after 來自/来自) stays Latin.
            XCTAssertEqual(String(String.UnicodeScalarView(latin)), "forestforestforest", generated.stdout)
            let inspect = try run(["inspect", "#177CB0"], ["LANG": lang])
            XCTAssertTrue(inspect.stdout.contains("靛青"), inspect.stdout)
        }
    }

    // MARK: - Point 7, the history file

    func testIssue11Point7GenerateSavesAndHistoryListsEveryClusterWhole() throws {
        let dir = try TemporaryDirectory()
        let file = dir.file("history.jsonl")
        let description = "👨\u{200D}👩\u{200D}👧 ☀\u{FE0F} 🏳\u{FE0F}\u{200D}🌈 👩🏽\u{200D}💻 1\u{FE0F}\u{20E3} picnic"
        let generated = try run(["generate", "--provider", "offline", "--history", file, description])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let script = "import json,sys; print(json.dumps(json.loads(open(sys.argv[1]).readline())['description']))"
        let stored = try Spawn.run(["python3", "-c", script, file])
        XCTAssertEqual(stored.status, 0, stored.stderr)
        let decoded =
            try JSONSerialization.jsonObject(with: Data(stored.stdout.utf8), options: .fragmentsAllowed) as? String
        XCTAssertEqual(decoded.map { Array($0.unicodeScalars) }, Array(description.unicodeScalars))
        let listed = try run(["history", "--history", file])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains(description), listed.stdout)
        // JSON may escape the joiners (\u200d): read it as JSON.
        let json = try run(["history", "--history", file, "--format", "jsonl"])
        let line = try XCTUnwrap(json.stdout.split(separator: "\n").first, json.stdout)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        XCTAssertEqual(
            (object?["description"] as? String).map { Array($0.unicodeScalars) }, Array(description.unicodeScalars),
            json.stdout)
    }

    // MARK: - Point 15, the README

    /// The README says where `make run` leaves the binary (the path the Makefile's `run` target
    /// starts) and its PATH lines work as written: run from a copy of the layout in a fresh
    /// HOME, `palette-tui` is then found by name.
    func testIssue11Point15TheReadmeSaysWhereTheBinaryIsAndHowToPutItOnThePath() throws {
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        let makefile = try String(contentsOf: Repository.url("Makefile"), encoding: .utf8)
        let run = try XCTUnwrap(makefile.range(of: "\nrun:")).upperBound
        let recipe = makefile[run...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("\t") }
        XCTAssertTrue(recipe.contains { $0.contains(".build/release/palette-tui") }, "make run starts \(recipe)")
        XCTAssertTrue(readme.contains("`make run` leaves the binary in `.build/release/palette-tui`"), readme)
        // The fenced block that puts it on the PATH.
        let blocks = readme.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let snippet = try XCTUnwrap(blocks.first { $0.contains("PATH") && $0.contains(".build/release/palette-tui") })
        let dir = try TemporaryDirectory()
        let repo = dir.file("repo")
        let home = dir.file("home")
        try FileManager.default.createDirectory(atPath: repo + "/.build/release", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repo + "/.build/release/palette-tui", withDestinationPath: try Repository.paletteTUI())
        let script = "set -e\ncd \"$1\"\n" + snippet + "\ncd /\ncommand -v palette-tui\npalette-tui --version\n"
        let result = try Spawn.run(
            ["bash", "-c", script, "bash", repo], environment: ["PATH": "/usr/bin:/bin", "HOME": home])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains(home + "/.local/bin/palette-tui"), result.stdout)
        XCTAssertTrue(result.stdout.contains("palette-tui 0."), result.stdout)
    }
}
