import Foundation
import PaletteConfig
import PaletteCore
import TestSupport
import XCTest

/// What `config.toml` may say, and every way it can be wrong, each at its line.
final class ConfigFileTests: XCTestCase {
    private func read(_ text: String) throws(ConfigProblem) -> ConfigFile {
        try ConfigFile.read(Array(text.utf8), path: "/c/config.toml", providers: providerFacts)
    }

    private func problem(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigProblem? {
        do {
            let config = try read(text)
            XCTFail("expected a problem, read \(config)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testEverySettingIsRead() throws {
        let config = try read(
            """
            provider = "openai"
            language = "zh-Hans"
            color = "256"
            timeout = 45.5
            history = "~/p.jsonl"

            [providers.openai]
            model = "qwen2.5:7b"
            endpoint = "http://127.0.0.1:8080/v1"
            api_key_env = "WORK_KEY"

            [providers.ollama]
            model = "llama3.2"

            [workbench]
            accessible = "AAA"
            background = "#101820"

            [export]
            variant = "light"
            """)
        XCTAssertEqual(config.provider, "openai")
        XCTAssertEqual(config.language, .simplifiedChinese)
        XCTAssertEqual(config.color, "256")
        XCTAssertEqual(config.timeout, 45.5)
        XCTAssertEqual(config.history, "~/p.jsonl")
        XCTAssertEqual(
            config.providers["openai"],
            ConfigFile.ProviderSection(
                model: "qwen2.5:7b", endpoint: "http://127.0.0.1:8080/v1", apiKeyVariable: "WORK_KEY"))
        XCTAssertEqual(config.providers["ollama"], ConfigFile.ProviderSection(model: "llama3.2"))
        XCTAssertNil(config.providers["gemini"])
        XCTAssertEqual(config.accessible, "AAA")
        XCTAssertEqual(config.background, "#101820")
        XCTAssertEqual(config.exportVariant, "light")
        XCTAssertEqual(try read(""), ConfigFile(), "an empty file sets nothing")
        XCTAssertEqual(try read("timeout = 30").timeout, 30, "an integer is a number")
    }

    func testEachMistakeIsNamedAtItsLine() {
        let cases: [(String, Int, ConfigProblem.Kind)] = [
            ("provider = \"gemini\"\nlanguage = fr", 2, .syntax(.invalidValue, column: 12)),
            (
                "\n\nprovidr = \"ollama\"", 3,
                .unknownSetting(
                    "providr",
                    known: ["provider", "language", "color", "timeout", "history", "providers", "workbench", "export"])
            ),
            (
                "[providers.ollama]\nmodel = \"x\"\nhost = \"y\"", 3,
                .unknownSetting("providers.ollama.host", known: ["model", "endpoint", "api_key_env"])
            ),
            (
                "[providers.claude]\nmodel = \"x\"", 1,
                .unknownSetting("providers.claude", known: ["gemini", "openai", "ollama"])
            ),
            (
                "provider = \"Gemini\"", 1,
                .invalidChoice("provider", value: "Gemini", choices: ["offline", "gemini", "openai", "ollama"])
            ),
            ("color = 256", 1, .wrongType("color", expected: "text")),
            ("timeout = \"60\"", 1, .wrongType("timeout", expected: "number")),
            ("timeout = -1", 1, .invalidChoice("timeout", value: "-1.0", choices: ["0 < s <= 3600"])),
            ("providers = 1", 1, .wrongType("providers", expected: "table")),
            (
                "[workbench]\nbackground = \"grey\"", 2,
                .invalidChoice("workbench.background", value: "grey", choices: ["light", "dark", "#RRGGBB"])
            ),
            (
                "[export]\nvariant = \"dim\"", 2,
                .invalidChoice("export.variant", value: "dim", choices: ["dark", "light"])
            ),
            ("[workbench]\n[workbench]", 2, .syntax(.tableRedefined("workbench"), column: 1)),
        ]
        for (text, line, kind) in cases {
            let found = problem(text)
            XCTAssertEqual(found?.path, "/c/config.toml", text)
            XCTAssertEqual(found?.line, line, text)
            XCTAssertEqual(found?.kind, kind, text)
            // A bad header leaves out its table; any other problem, its own line.
            XCTAssertEqual(
                found?.skipped,
                text == "[workbench]\n[workbench]" || text.hasPrefix("[providers.claude]") ? .table : .line, text)
        }
    }

    /// A key is never accepted in the file, and the problem never repeats it.
    func testKeysNeverGoInTheFile() {
        for (text, name) in [
            ("[providers.openai]\napi_key = \"sk-live-123\"", "providers.openai.api_key"),
            ("openai_api_key = \"sk-live-123\"", "openai_api_key"),
            ("[providers.gemini]\ntoken = \"sk-live-123\"", "providers.gemini.token"),
            ("[providers.gemini]\nGEMINI_API_KEY = \"sk-live-123\"", "providers.gemini.GEMINI_API_KEY"),
        ] {
            let found = problem(text)
            XCTAssertEqual(found?.kind, .secretInFile(name), text)
            XCTAssertFalse(String(describing: found).contains("sk-live-123"), "the key is not repeated")
        }
        let pasted = problem("[providers.openai]\napi_key_env = \"sk-live-123-abc\"")
        XCTAssertEqual(pasted?.kind, .notAVariableName("providers.openai.api_key_env"))
        XCTAssertFalse(String(describing: pasted).contains("sk-live-123"))
    }

    func testTheFileIsFoundWhereXDGSays() throws {
        XCTAssertEqual(
            ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]), "/x/palette-tui/config.toml")
        XCTAssertEqual(
            ConfigFile.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]),
            "/h/.config/palette-tui/config.toml", "a relative XDG path is ignored")
        XCTAssertEqual(ConfigFile.path(environment: ["HOME": "/h"]), "/h/.config/palette-tui/config.toml")
        XCTAssertNil(ConfigFile.path(environment: [:]))

        let dir = try TemporaryDirectory(prefix: "config")
        let env = ["XDG_CONFIG_HOME": dir.path]
        XCTAssertEqual(
            ConfigFile.load(environment: env, providers: providerFacts), ConfigReading(file: nil, problems: []),
            "no file: no settings, no problem")
        try FileManager.default.createDirectory(atPath: dir.file("palette-tui"), withIntermediateDirectories: true)
        try Data("provider = \"ollama\"\n".utf8).write(to: URL(fileURLWithPath: dir.file("palette-tui/config.toml")))
        XCTAssertEqual(ConfigFile.load(environment: env, providers: providerFacts).file?.provider, "ollama")
        XCTAssertEqual(ConfigFile.load(environment: env, providers: providerFacts).problems, [])
        try Data(repeating: 0x23, count: ConfigFile.maxBytes + 1).write(
            to: URL(fileURLWithPath: dir.file("palette-tui/config.toml")))
        let big = ConfigFile.load(environment: env, providers: providerFacts)
        XCTAssertNil(big.file)
        XCTAssertEqual(big.problems.map(\.kind), [.tooLarge(limit: ConfigFile.maxBytes)])
        XCTAssertEqual(big.problems.map(\.skipped), [.file])
    }

    /// One bad line no longer costs the file: each is named at its line and left out, a bad
    /// table header leaves out its table, and every good setting still applies.
    func testEachBadLineIsNamedAndSkippedAndTheRestApplies() {
        let reading = ConfigFile.reading(
            Array(
                """
                provider = "ollama"
                provider = "openai"
                language = fr
                color = 256
                timeout = 45
                providr = "x"
                [providers.ollam
                model = "under a broken header"
                [providers.ollama]
                model = "qwen3:8b"
                endpoint = "http://me:hunter2@gpu-box:11434"
                host = "y"
                [workbench]
                background = "grey"
                accessible = "AAA"
                [export]
                variant = "light"
                """.utf8), path: "/c/config.toml", providers: providerFacts)
        var expected = ConfigFile()
        expected.provider = "ollama"
        expected.timeout = 45
        expected.providers["ollama"] = ConfigFile.ProviderSection(model: "qwen3:8b")
        expected.accessible = "AAA"
        expected.exportVariant = "light"
        XCTAssertEqual(reading.file, expected)
        XCTAssertEqual(reading.problems.map(\.line), [2, 3, 4, 6, 7, 11, 12, 14])
        XCTAssertEqual(reading.problems.map(\.skipped), [.line, .line, .line, .line, .table, .line, .line, .line])
        XCTAssertEqual(reading.problems[0].kind, .syntax(.duplicateKey("provider"), column: 1))
        XCTAssertEqual(reading.problems[2].kind, .wrongType("color", expected: "text"))
        XCTAssertEqual(reading.problems[4].kind, .syntax(.unclosed, column: 17))
        XCTAssertEqual(
            reading.problems[5].kind, .secretInEndpoint("providers.ollama.endpoint", parameter: nil))
        XCTAssertFalse(String(describing: reading).contains("hunter2"), "the password is not repeated")
    }

    /// A password or a key parameter in a file's endpoint is a key in the file: refused, named.
    func testEndpointsWithSecretsAreRefused() {
        for (endpoint, parameter) in [
            ("https://user:s3cret@example.com/v1", nil),
            ("user:s3cret@gpu-box:11434", nil),
            ("https://example.com/v1?key=s3cret", "key"),
            ("https://example.com/v1?alt=json&API_KEY=s3cret", "API_KEY"),
            ("https://example.com/v1?apikey=s3cret", "apikey"),
            ("https://example.com/v1?access_token=s3cret", "access_token"),
            ("https://example.com/v1?Token=s3cret", "Token"),
            ("https://example.com/v1#access_token=s3cret", "access_token"),
        ] as [(String, String?)] {
            let reading = ConfigFile.reading(
                Array("[providers.openai]\nendpoint = \"\(endpoint)\"\nmodel = \"m\"".utf8), path: "c",
                providers: providerFacts)
            XCTAssertEqual(
                reading.problems.map(\.kind), [.secretInEndpoint("providers.openai.endpoint", parameter: parameter)],
                endpoint)
            XCTAssertEqual(reading.problems.map(\.line), [2], endpoint)
            XCTAssertEqual(reading.file?.providers["openai"], ConfigFile.ProviderSection(model: "m"), endpoint)
        }
        for fine in ["https://user@example.com/v1", "http://gpu-box:11434", "https://example.com/v1?alt=json"] {
            let reading = ConfigFile.reading(
                Array("[providers.openai]\nendpoint = \"\(fine)\"".utf8), path: "c", providers: providerFacts)
            XCTAssertEqual(reading.problems, [], fine)
            XCTAssertEqual(reading.file?.providers["openai"]?.endpoint, fine)
        }
    }

    /// A FIFO, a folder and a device at the settings path are refused at once, never read.
    func testOnlyARegularFileIsRead() throws {
        let dir = try TemporaryDirectory(prefix: "config")
        let folder = dir.file("palette-tui")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/config.toml"
        let env = ["XDG_CONFIG_HOME": dir.path]
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        // A FIFO with no writer: a blocking open would wait here for ever.
        XCTAssertEqual(
            ConfigFile.load(environment: env, providers: providerFacts).problems.map(\.kind), [.notARegularFile])
        unlink(path)
        XCTAssertEqual(mkdir(path, 0o700), 0)
        XCTAssertEqual(
            ConfigFile.load(environment: env, providers: providerFacts).problems.map(\.kind), [.notARegularFile])
        rmdir(path)
        XCTAssertEqual(symlink("/dev/zero", path), 0)
        let device = ConfigFile.load(environment: env, providers: providerFacts)
        XCTAssertEqual(device.problems.map(\.kind), [.notARegularFile])
        XCTAssertEqual(device.problems.map(\.skipped), [.file])
        XCTAssertNil(device.file)
    }

    /// What the TOML fuzzer found (Fuzz/regressions/toml, replayed here): masking a URL's
    /// secrets twice changes nothing, even when a masked value is followed by another URL.
    func testMaskingURLSecretsTwiceChangesNothing() throws {
        let folder = Repository.url("Fuzz/regressions/toml").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertFalse(names.isEmpty)
        var texts = try names.map {
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)), as: UTF8.self)
        }
        texts.append("see https://bob:pw@e.com/v?key=abc&alt=x://eve:pw2@f.com/ for more")
        for text in texts {
            let once = URLSecrets.masked(text)
            XCTAssertEqual(URLSecrets.masked(once), once, text)
            _ = ConfigFile.reading(Array(text.utf8), path: "c", providers: providerFacts)
        }
    }
}

/// The provider list these tests read files for: the program's ids, as `ProviderFacts`
/// (PaletteConfig does not see the providers; the program hands it its list).
let providerFacts = [
    ProviderFacts(id: "offline", label: "offline", configuredBy: []),
    ProviderFacts(id: "gemini", label: "Gemini", configuredBy: [.key]),
    ProviderFacts(id: "openai", label: "openai", configuredBy: [.key, .endpoint]),
    ProviderFacts(id: "ollama", label: "Ollama", configuredBy: [.endpoint, .section]),
]
