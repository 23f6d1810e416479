import Foundation
import TestSupport
import XCTest

/// The real binary against hostile settings files: huge and deep ones read in bounded memory
/// (under an address-space limit, so a regression fails instead of exhausting the machine), a
/// FIFO refused at once (under a deadline, so a regression fails instead of hanging), secrets
/// in endpoint URLs never shown, and a file with bad lines still used for its good ones.
final class HostileConfigTests: XCTestCase {
    /// The address space each run may use: a few times what a run needs (under 100 MiB of
    /// resident memory for every file here), far below what the quadratic reader took (3 GB
    /// for a 40 KB dotted key).
    static let addressSpace = 1 << 30
    /// The resident peak a run may reach: the debug binary needs about 30 MiB with no file and
    /// under 50 MiB with a 1 MB one.
    static let peakLimit = 120 << 20

    /// A settings directory holding `text` as `palette-tui/config.toml`.
    private func configHome(_ text: String) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory(prefix: "hostile-config")
        try FileManager.default.createDirectory(atPath: dir.file("palette-tui"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir.file("palette-tui/config.toml")))
        return dir
    }

    /// `palette-tui ARGS` with this settings folder, under the address-space limit, its peak measured.
    private func run(
        _ args: [String], home: TemporaryDirectory, environment extra: [String: String] = [:], timeout: Double = 60,
        measuringMemory: Bool = true
    ) throws -> ChildResult {
        var environment = [
            "XDG_CONFIG_HOME": home.path, "HOME": home.path, "LANG": "C.UTF-8",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        environment.merge(extra) { $1 }
        return try Spawn.run(
            ["prlimit", "--as=\(Self.addressSpace)", "--", try Repository.paletteTUI()] + args,
            environment: environment, timeout: timeout, measuringMemory: measuringMemory)
    }

    /// `--version` and `providers` both finish normally in bounded memory; `providers` shows the
    /// file's good first line applied (ollama chosen) and warns with `warning`.
    private func checkReads(
        _ name: String, _ hostile: String, warning: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let home = try configHome("provider = \"ollama\"\n" + hostile)
        let version = try run(["--version"], home: home)
        XCTAssertNil(version.signal, "\(name): --version ended by a signal", file: file, line: line)
        XCTAssertEqual(version.status, 0, "\(name): \(version.stderr.suffix(400))", file: file, line: line)
        XCTAssertTrue(version.stdout.hasPrefix("palette-tui "), name, file: file, line: line)
        let providers = try run(["providers"], home: home)
        XCTAssertNil(providers.signal, "\(name): providers ended by a signal", file: file, line: line)
        XCTAssertEqual(providers.status, 0, "\(name): \(providers.stderr.suffix(400))", file: file, line: line)
        XCTAssertTrue(
            providers.stdout.contains("* ollama"), "\(name): the good line applies\n\(providers.stdout)", file: file,
            line: line)
        XCTAssertTrue(
            providers.stderr.contains(warning), "\(name): \(providers.stderr.prefix(600))", file: file, line: line)
        for result in [version, providers] {
            let peak = try XCTUnwrap(result.peakMemoryBytes, file: file, line: line)
            XCTAssertLessThan(peak, Self.peakLimit, "\(name): peak resident memory", file: file, line: line)
        }
    }

    func testLongDottedKeysAndManyKeysReadInBoundedMemory() throws {
        try checkReads(
            "a 40 KB dotted key", String(repeating: "x.", count: 20_000) + "y = 1\n",
            warning: "line 2: a name of more than 32 dotted parts")
        try checkReads(
            "a 400 KB dotted key", String(repeating: "x.", count: 200_000) + "y = 1\n",
            warning: "line 2: a name of more than 32 dotted parts")
        try checkReads(
            "a table header 100,000 parts deep", "[" + String(repeating: "a.", count: 100_000) + "a]\nb = 1\n",
            warning: "line 2: a name of more than 32 dotted parts")
        let twentyThousand = (0..<20_000).map { "x.k\($0) = 1\n" }.joined()
        try checkReads("20,000 dotted keys", twentyThousand, warning: "line 2: there is no setting 'x'")
        // 1,028,890 bytes: just under the 1 MiB the reader takes.
        let eightyThousand = (0..<80_000).map { "x.k\($0) = 1\n" }.joined()
        XCTAssertLessThan(eightyThousand.utf8.count + 20, 1_048_576)
        try checkReads("80,000 dotted keys (1 MB)", eightyThousand, warning: "line 2: there is no setting 'x'")
    }

    func testDeepNestingIsAWarningNotACrash() throws {
        for (name, opening) in [("arrays", "["), ("inline tables", "{b = "), ("both", "[{b = ")] {
            try checkReads(
                "\(name) nested 100,000 deep", "a = " + String(repeating: opening, count: 100_000) + "\n",
                warning: "line 2: brackets and braces nested more than 32 deep")
        }
        try checkReads(
            "a header of 100,000 brackets", String(repeating: "[", count: 100_000) + "\n",
            warning: "line 2: a name must be letters")
        // Across lines: each line after the limit is a bad line of its own, until the problem limit.
        try checkReads(
            "arrays nested 100,000 deep across lines", "a = " + String(repeating: "[\n", count: 100_000),
            warning: "settings file: 91 more problems, each skipped likewise.")
    }

    /// A FIFO at the settings path: every command used to wait for a writer for ever.
    func testAFIFOAtTheSettingsPathIsRefusedAtOnce() throws {
        let home = try TemporaryDirectory(prefix: "hostile-config")
        try FileManager.default.createDirectory(atPath: home.file("palette-tui"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(home.file("palette-tui/config.toml"), 0o600), 0)
        for (args, language, words) in [
            (["providers"], "en", "is not a regular file (a pipe, a device or a folder), so it is not read"),
            (["providers", "--lang", "zh-Hant"], "zh-Hant", "不是一般檔案（管線、裝置或資料夾），因此不讀取；改用預設值"),
            (["providers", "--lang", "zh-Hans"], "zh-Hans", "不是普通文件（管道、设备或文件夹），因此不读取；改用默认值"),
        ] {
            // A deadline: a regression fails here instead of hanging the suite (and is killed:
            // prlimit runs it in its own process, which the deadline's SIGKILL reaches).
            let result = try run(args, home: home, timeout: 20, measuringMemory: false)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains(words), "\(language): \(result.stderr)")
        }
        let version = try run(["--version"], home: home, timeout: 20, measuringMemory: false)
        XCTAssertEqual(version.status, 0, version.stderr)
    }

    /// Passwords and key parameters in endpoint URLs, and any configured key, are never shown.
    func testSecretsInEndpointURLsAreNeverShown() throws {
        let home = try configHome("")
        let key = "sk-test-a1b2c3d4e5f6"
        let withPassword = try run(
            ["providers"], home: home, environment: ["OPENAI_BASE_URL": "https://bob:hunter2@127.0.0.1:9/v1"])
        XCTAssertEqual(withPassword.status, 0, withPassword.stderr)
        XCTAssertFalse(withPassword.stdout.contains("hunter2"), withPassword.stdout)
        XCTAssertTrue(withPassword.stdout.contains("https://bob:<redacted>@127.0.0.1:9/v1"), withPassword.stdout)
        let json = try run(
            ["providers", "--format", "json", "--provider", "ollama", "--endpoint", "http://bob:hunter2@127.0.0.1:9"],
            home: home)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertFalse(json.stdout.contains("hunter2"), json.stdout)
        XCTAssertTrue(json.stdout.contains(#""endpoint":"http://bob:<redacted>@127.0.0.1:9""#), json.stdout)
        let keyInPath = try run(
            ["providers", "--provider", "openai", "--endpoint", "https://127.0.0.1:9/\(key)/v1"], home: home,
            environment: ["OPENAI_API_KEY": key])
        XCTAssertEqual(keyInPath.status, 0, keyInPath.stderr)
        XCTAssertFalse(keyInPath.stdout.contains(key), keyInPath.stdout)
        XCTAssertTrue(keyInPath.stdout.contains("https://127.0.0.1:9/<redacted>/v1"), keyInPath.stdout)
        for parameter in ["key", "api_key", "apikey", "token", "access_token"] {
            let inQuery = try run(
                [
                    "generate", "--no-history", "--provider", "openai", "--endpoint",
                    "https://e.test/v1?\(parameter)=zz-secret-99", "forest",
                ],
                home: home, environment: ["OPENAI_API_KEY": key])
            XCTAssertEqual(inQuery.status, 2, inQuery.stderr)
            XCTAssertFalse(inQuery.stderr.contains("zz-secret-99"), inQuery.stderr)
            XCTAssertTrue(inQuery.stderr.contains("\(parameter)=<"), inQuery.stderr)
        }
        let refused = try run(
            [
                "generate", "--no-history", "--provider", "openai", "--endpoint", "http://bob:hunter2@127.0.0.1:9/v1",
                "forest",
            ],
            home: home, environment: ["OPENAI_API_KEY": key])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertFalse(refused.stderr.contains("hunter2"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains(key), refused.stderr)
    }

    /// A password or key parameter in config.toml's endpoint is a key in the file: refused with
    /// the reason in the user's language, the endpoint unused, the secret never repeated.
    func testAConfigEndpointWithASecretIsRefusedLikeAKey() throws {
        for (endpoint, fragment) in [
            ("https://bob:hunter2@127.0.0.1:9/v1", ["holds a password", "含有密碼", "含有密码"]),
            ("https://127.0.0.1:9/v1?api_key=hunter2", ["'api_key=' parameter", "「api_key=」參數", "“api_key=”参数"]),
        ] {
            let home = try configHome(
                "provider = \"openai\"\n[providers.openai]\nendpoint = \"\(endpoint)\"\nmodel = \"m1\"\n")
            for (index, language) in ["en", "zh-Hant", "zh-Hans"].enumerated() {
                let result = try run(["providers", "--lang", language], home: home)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(result.stderr.contains(fragment[index]), "\(language): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("providers.openai.endpoint"), result.stderr)
                XCTAssertFalse((result.stdout + result.stderr).contains("hunter2"), result.stdout + result.stderr)
                XCTAssertTrue(
                    result.stdout.contains("https://api.openai.com/v1"), "the endpoint is not used\n" + result.stdout)
                XCTAssertTrue(result.stdout.contains("m1"), "the rest of the section applies\n" + result.stdout)
            }
        }
    }

    /// Several bad lines: each named at its line and skipped, and every good line applies.
    func testSeveralBadLinesAreEachNamedAndTheGoodOnesApply() throws {
        let home = try configHome(
            """
            provider = "ollama"
            language = fr
            colour = "256"
            [providers.ollama]
            model = "qwen3:8b"
            timeout = 30
            [workbench]
            background = "grey"

            """)
        let result = try run(["providers"], home: home)
        XCTAssertEqual(result.status, 0, result.stderr)
        let row = result.stdout.split(separator: "\n").first { $0.hasPrefix("* ollama") }
        XCTAssertTrue(row?.contains("qwen3:8b") == true, "the file's provider and model apply\n" + result.stdout)
        let warnings = result.stderr.split(separator: "\n")
        XCTAssertEqual(warnings.count, 4, result.stderr)
        for (warning, line) in zip(warnings, [2, 3, 6, 8]) {
            XCTAssertTrue(warning.contains("config.toml, line \(line): "), String(warning))
            XCTAssertTrue(warning.hasSuffix("; this line is skipped."), String(warning))
        }
        let hans = try run(["providers", "--lang", "zh-Hans"], home: home)
        XCTAssertTrue(hans.stderr.contains("config.toml 第 2 行："), hans.stderr)
        XCTAssertEqual(hans.stderr.components(separatedBy: "已跳过此行。").count - 1, 4, hans.stderr)
    }
}
