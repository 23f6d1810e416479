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
            ("[a]\n[a]", 2, .syntax(.tableRedefined("a"), column: 1)),
        ]
        for (text, line, kind) in cases {
            XCTAssertEqual(problem(text), ConfigProblem(path: "/c/config.toml", line: line, kind), text)
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
            try ConfigFile.load(environment: env, providers: providerFacts).get(), nil,
            "no file: no settings, no problem")
        try FileManager.default.createDirectory(atPath: dir.file("palette-tui"), withIntermediateDirectories: true)
        try Data("provider = \"ollama\"\n".utf8).write(to: URL(fileURLWithPath: dir.file("palette-tui/config.toml")))
        XCTAssertEqual(try ConfigFile.load(environment: env, providers: providerFacts).get()?.provider, "ollama")
        try Data(repeating: 0x23, count: ConfigFile.maxBytes + 1).write(
            to: URL(fileURLWithPath: dir.file("palette-tui/config.toml")))
        guard case .failure(let big) = ConfigFile.load(environment: env, providers: providerFacts) else {
            return XCTFail("too large")
        }
        XCTAssertEqual(big.kind, .tooLarge(limit: ConfigFile.maxBytes))
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
