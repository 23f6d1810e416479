import Foundation
import Gemini
import Ollama
import OpenAI
import PaletteApp
import PaletteCommands
import PaletteConfig
import PaletteCore
import PaletteEngine
import PaletteExport
import PaletteHistory
import PaletteProviders
import PaletteText
import ProviderKit
import TerminalUI
import XCTest

@testable import PaletteProgram

/// Every setting: its option beats its environment variable, which beats the settings file,
/// which beats the default. Each row below is resolved by the code the commands run, at four
/// levels: everything given, no option, only the file, nothing.
final class SettingsPrecedenceTests: XCTestCase {
    /// A setting, its value at each level, and how the program resolves it.
    struct Setting {
        var name: String
        var flag: [String]
        var environment: [String: String]
        var file: String
        var expected: (flag: String, environment: String, file: String, none: String)
        /// The resolved value for these options, environment and file.
        var resolve: (_ arguments: Arguments, _ environment: [String: String], _ file: ConfigFile?) throws -> String
    }

    /// Every option a setting has, as the commands' table declares it (the app's, and
    /// export's `--variant`), so the values are checked as the commands check them.
    static let command: CommandSpec = {
        var seen: Set<String> = []
        let options = (Commands.app.options + CommandTable.export.options).filter {
            $0.name != "help" && seen.insert($0.name).inserted
        }
        return CommandSpec(
            "settings", summary: Localized("", chinese: ""), about: Localized("", chinese: ""), options: options,
            exitStatuses: [])
    }()

    /// The base environment every case starts from: a Traditional Chinese locale, nothing else.
    static let base = ["LANG": "zh_TW.UTF-8", "HOME": "/home/u", "XDG_STATE_HOME": "/state"]

    static func plan(_ a: Arguments, _ e: [String: String], _ f: ConfigFile?) throws -> ProviderPlan {
        try providerPlan(ProviderOptions(a), environment: e, config: f)
    }

    nonisolated(unsafe) static let settings: [Setting] = [
        Setting(
            name: "provider", flag: ["--provider", "ollama"], environment: ["PALETTE_TUI_PROVIDER": "openai"],
            file: "provider = \"gemini\"", expected: ("ollama", "openai", "gemini", "offline"),
            resolve: { a, e, f in try plan(a, e, f).provider }),
        Setting(
            name: "model", flag: ["--provider", "ollama", "--model", "m-flag"],
            environment: ["PALETTE_TUI_MODEL": "m-env"],
            file: "[providers.ollama]\nmodel = \"m-file\"", expected: ("m-flag", "m-env", "m-file", "llama3.2"),
            resolve: { a, e, f in
                var options = ProviderOptions(a)
                options.provider = "ollama"
                return try providerPlan(options, environment: e, config: f).model ?? "-"
            }),
        Setting(
            name: "gemini endpoint", flag: ["--endpoint", "http://flag:1"],
            environment: ["GEMINI_BASE_URL": "http://env:2"],
            file: "[providers.gemini]\nendpoint = \"http://file:3\"",
            expected: ("http://flag:1", "http://env:2", "http://file:3", "https://generativelanguage.googleapis.com"),
            resolve: { a, e, f in
                var options = ProviderOptions(a)
                options.provider = "gemini"
                let key = e.merging(["GEMINI_API_KEY": "k"]) { $1 }
                let gemini = try XCTUnwrap(
                    (try makeProvider(options, environment: key, config: f, warmUp: false) as? AccessibleProvider)?
                        .base as? GeminiClient)
                return gemini.configuration.baseURL.absoluteString
            }),
        Setting(
            name: "openai endpoint", flag: ["--endpoint", "http://flag:1/v1"],
            environment: ["OPENAI_BASE_URL": "http://env:2/v1"],
            file: "[providers.openai]\nendpoint = \"http://file:3/v1\"",
            expected: ("http://flag:1/v1", "http://env:2/v1", "http://file:3/v1", "https://api.openai.com/v1"),
            resolve: { a, e, f in
                var options = ProviderOptions(a)
                options.provider = "openai"
                let key = e.merging(["OPENAI_API_KEY": "k"]) { $1 }
                let openai = try XCTUnwrap(
                    (try makeProvider(options, environment: key, config: f, warmUp: false) as? AccessibleProvider)?
                        .base as? OpenAIClient)
                return openai.configuration.baseURL.absoluteString
            }),
        Setting(
            name: "ollama endpoint", flag: ["--endpoint", "http://flag:1"], environment: ["OLLAMA_HOST": "env:2"],
            file: "[providers.ollama]\nendpoint = \"http://file:3\"",
            expected: ("http://flag:1", "http://env:2", "http://file:3", "http://127.0.0.1:11434"),
            resolve: { a, e, f in
                var options = ProviderOptions(a)
                options.provider = "ollama"
                let ollama = try XCTUnwrap(
                    (try makeProvider(options, environment: e, config: f, warmUp: false) as? AccessibleProvider)?
                        .base as? OllamaClient)
                return ollama.configuration.host.absoluteString
            }),
        Setting(
            name: "timeout", flag: ["--timeout", "5"], environment: ["PALETTE_TUI_TIMEOUT": "6"], file: "timeout = 7",
            expected: ("5.0", "6.0", "7.0", "120.0"),
            resolve: { a, e, f in
                var options = ProviderOptions(a)
                options.provider = "ollama"
                let ollama = try XCTUnwrap(
                    (try makeProvider(options, environment: e, config: f, warmUp: false) as? AccessibleProvider)?
                        .base as? OllamaClient)
                return String(ollama.configuration.timeout)
            }),
        Setting(
            name: "language", flag: ["--lang", "zh-Hant"], environment: ["PALETTE_TUI_LANG": "zh-Hans"],
            file: "language = \"en\"", expected: ("zh-Hant", "zh-Hans", "en", "zh-Hant"),
            resolve: { a, e, f in try a.language(environment: e, file: f).rawValue }),
        Setting(
            name: "colour mode", flag: ["--color", "truecolor"], environment: ["PALETTE_TUI_COLOR": "256"],
            file: "color = \"none\"", expected: ("truecolor", "256", "none", "auto"),
            resolve: { a, e, f in try TUIOptions.colorRequest(a, environment: e, file: f).rawValue }),
        Setting(
            name: "history", flag: ["--history", "/f.jsonl"], environment: ["PALETTE_TUI_HISTORY": "/e.jsonl"],
            file: "history = \"~/c.jsonl\"",
            expected: ("/f.jsonl", "/e.jsonl", "/home/u/c.jsonl", "/state/palette-tui/history.jsonl"),
            resolve: { a, e, f in try XCTUnwrap(try historyStore(a, environment: e, file: f)).url.path }),
        Setting(
            name: "workbench accessible", flag: ["--accessible", "AA"], environment: ["PALETTE_TUI_ACCESSIBLE": "AAA"],
            file: "[workbench]\naccessible = \"AA\"", expected: ("AA", "AAA", "AA", "none"),
            resolve: { a, e, f in
                try generationConstraints(a, language: .english, environment: e, file: f).accessibility?.level
                    .rawValue ?? "none"
            }),
        Setting(
            name: "workbench background", flag: ["--accessible", "AA", "--background", "dark"],
            environment: ["PALETTE_TUI_BACKGROUND": "#102030"], file: "[workbench]\nbackground = \"#FAFAFA\"",
            expected: ("#000000", "#102030", "#FAFAFA", "#FFFFFF"),
            resolve: { a, e, f in
                var args = ["--accessible", "AA"]
                if let bg = a["background"] { args += ["--background", bg] }
                let arguments = try Arguments(args, command: command)
                return try generationConstraints(arguments, language: .english, environment: e, file: f).accessibility?
                    .background.hex ?? "none"
            }),
        Setting(
            name: "export variant", flag: ["--variant", "light"], environment: ["PALETTE_TUI_VARIANT": "dark"],
            file: "[export]\nvariant = \"light\"", expected: ("light", "dark", "light", "dark"),
            resolve: { a, e, f in try themeVariant(a["variant"], environment: e, file: f).rawValue }),
    ]

    func testEverySettingTakesItsOptionThenEnvironmentThenFileThenDefault() throws {
        for setting in Self.settings {
            let file = try ConfigFile.read(
                Array(setting.file.utf8), path: "config.toml", providers: providerCatalog.facts)
            // The file is handed to each reader as the program hands it, apart from the environment.
            func resolved(flag: Bool, environment: Bool, withFile: Bool) throws -> String {
                let arguments = try Arguments(flag ? setting.flag : [], command: Self.command)
                var env = Self.base
                if environment { env.merge(setting.environment) { $1 } }
                let config = withFile ? file : nil
                return try setting.resolve(arguments, env, config)
            }
            XCTAssertEqual(
                try resolved(flag: true, environment: true, withFile: true), setting.expected.flag, setting.name)
            XCTAssertEqual(
                try resolved(flag: false, environment: true, withFile: true), setting.expected.environment, setting.name
            )
            XCTAssertEqual(
                try resolved(flag: false, environment: false, withFile: true), setting.expected.file, setting.name)
            XCTAssertEqual(
                try resolved(flag: false, environment: false, withFile: false), setting.expected.none, setting.name)
        }
    }

    /// The key's variable: the provider's own, or the one the file names, and never the file itself.
    func testTheKeyComesFromTheVariableTheFileNames() throws {
        let file = try ConfigFile.read(
            Array("[providers.openai]\napi_key_env = \"WORK_KEY\"".utf8), path: "c", providers: providerCatalog.facts)
        let environment = ["OPENAI_API_KEY": "sk-default", "WORK_KEY": "sk-work"]
        var options = ProviderOptions(try Arguments([], command: Self.command))
        options.provider = "openai"
        let named = try XCTUnwrap(
            (try makeProvider(options, environment: environment, config: file, warmUp: false) as? AccessibleProvider)?
                .base as? OpenAIClient)
        XCTAssertEqual(named.configuration.apiKey, APIKey("sk-work"))
        XCTAssertEqual(named.configuration.keyVariables, ["WORK_KEY"])
        let own = try XCTUnwrap(
            (try makeProvider(options, environment: environment, warmUp: false) as? AccessibleProvider)?.base
                as? OpenAIClient)
        XCTAssertEqual(own.configuration.apiKey, APIKey("sk-default"))
    }

    /// Without a choice, the first configured of gemini, openai, ollama, with the offline
    /// fallback; a provider named anywhere is used alone.
    func testTheAutomaticChoiceAndTheOneFallbackRule() throws {
        func provider(_ environment: [String: String], _ file: String = "") throws -> any PaletteProvider {
            let config = try ConfigFile.read(Array(file.utf8), path: "c", providers: providerCatalog.facts)
            return try makeProvider(
                ProviderOptions(try Arguments([], command: Self.command)),
                environment: environment, config: config, warmUp: false)
        }
        func primary(_ p: any PaletteProvider) -> String? {
            ((p as? FallbackProvider)?.primary as? AccessibleProvider)?.base.name
        }
        XCTAssertTrue(try provider([:]) is OfflineEngine)
        XCTAssertEqual(
            primary(try provider(["GEMINI_API_KEY": "g", "OPENAI_API_KEY": "o", "OLLAMA_HOST": "h"])), "gemini")
        XCTAssertEqual(primary(try provider(["OPENAI_API_KEY": "o", "OLLAMA_HOST": "h"])), "openai")
        XCTAssertEqual(primary(try provider(["OPENAI_BASE_URL": "http://127.0.0.1:8080/v1"])), "openai")
        XCTAssertEqual(primary(try provider(["OLLAMA_HOST": "0.0.0.0"])), "ollama")
        XCTAssertEqual(primary(try provider([:], "[providers.ollama]\nmodel = \"qwen3:8b\"")), "ollama")
        XCTAssertTrue(try provider(["OLLAMA_HOST": " "]) is OfflineEngine, "a blank variable is unset")
        // Named: alone, no fallback, whichever layer named it.
        XCTAssertEqual((try provider(["PALETTE_TUI_PROVIDER": "ollama"]) as? AccessibleProvider)?.name, "ollama")
        XCTAssertEqual((try provider([:], "provider = \"ollama\"") as? AccessibleProvider)?.name, "ollama")
        XCTAssertThrowsError(try provider(["PALETTE_TUI_PROVIDER": "openai"])) {
            guard case .failure(let failure)? = $0 as? ProviderProblem else { return XCTFail("\($0)") }
            XCTAssertEqual(failure.reason, .missingAPIKey(variables: ["OPENAI_API_KEY"]))
        }
        XCTAssertThrowsError(try provider(["PALETTE_TUI_PROVIDER": "Ollama"])) {
            guard case .usage? = $0 as? ProviderProblem else { return XCTFail("\($0)") }
        }
    }
}
