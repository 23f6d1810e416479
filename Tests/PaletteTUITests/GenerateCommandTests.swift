import PaletteApp
import PaletteCommands
import PaletteCore
import PaletteEngine
import PaletteProviders
import PaletteText
import TestSupport
import XCTest

@testable import Gemini
@testable import PaletteProgram
@testable import ProviderKit

/// `palette-tui generate`: the real binary against the loopback Gemini stand-in.
final class GenerateCommandTests: XCTestCase {
    static let key = "test-key-5e1d0c9b"

    private var standIns: [LoopbackServer] = []

    override func tearDown() {
        standIns.forEach { $0.stop() }
        standIns = []
        super.tearDown()
    }

    private func standIn(_ scenario: String) throws -> LoopbackServer {
        let server = try LoopbackServer(scenario: scenario)
        standIns.append(server)
        return server
    }

    /// A clean environment: nothing inherited but PATH, so no stray key or model leaks in.
    private func environment(_ extra: [String: String]) -> [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
            "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
        ].merging(extra) { $1 }
    }

    private func generate(_ args: [String], _ extra: [String: String]) throws -> ChildResult {
        try Spawn.run([Repository.paletteTUI(), "generate", "--no-history"] + args, environment: environment(extra))
    }

    private func assertKeyNeverShown(_ output: ChildResult, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(output.stdout.contains(Self.key), "key on stdout", file: file, line: line)
        XCTAssertFalse(output.stderr.contains(Self.key), "key on stderr", file: file, line: line)
    }

    /// Asserts the failure contract: exit 1, nothing on stdout, exactly one line on stderr.
    private func assertOneLineFailure(
        _ output: ChildResult, containing text: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(output.status, 1, output.stderr, file: file, line: line)
        XCTAssertEqual(output.stdout, "", file: file, line: line)
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 1, "one line on stderr: \(output.stderr)", file: file, line: line)
        XCTAssertTrue(output.stderr.hasPrefix("palette-tui: "), output.stderr, file: file, line: line)
        XCTAssertTrue(output.stderr.contains(text), "\(output.stderr) should contain \(text)", file: file, line: line)
        assertKeyNeverShown(output, file: file, line: line)
    }

    // MARK: - The real binary and the stand-in

    func testGeneratePrintsThePaletteAsJSONAndSendsAStrictRequest() throws {
        let server = try standIn("palette")
        let output = try Spawn.run(
            [Repository.paletteTUI(), "generate", "寧靜的森林早晨", "--format", "json", "--no-history"],
            environment: environment(["GEMINI_BASE_URL": server.endpoint, "GEMINI_API_KEY": Self.key]))
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stderr, "")
        assertKeyNeverShown(output)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any],
            "stdout is one JSON object: \(output.stdout)")
        XCTAssertEqual(json["primary"] as? String, "#4A6B4F")
        XCTAssertEqual(json["secondary"] as? String, "#DCE5D0")
        XCTAssertEqual(json["accent"] as? String, "#E8B86D")
        XCTAssertEqual(json["provider"] as? String, "gemini")
        XCTAssertEqual(json["model"] as? String, GeminiConfiguration.defaultModel)
        XCTAssertNil(json["fallback"])

        let requests = try server.requests()
        XCTAssertEqual(requests.count, 1)
        let request = requests[0]
        XCTAssertEqual(request.path, "/v1beta/models/\(GeminiConfiguration.defaultModel):generateContent")
        XCTAssertEqual(request.headers["x-goog-api-key"], Self.key)
        let body = request.body
        XCTAssertFalse(body.isEmpty, "the request has a body")
        XCTAssertTrue(body.contains("寧靜的森林早晨"))
        try assertStrictlyValid(body)
    }

    func testEveryFormatPrintsTheSamePalette() throws {
        let server = try standIn("palette")
        for format in ["text", "hex", "css"] {
            let output = try generate(
                ["--format", format, "forest"],
                ["GEMINI_BASE_URL": server.endpoint, "GEMINI_API_KEY": Self.key])
            XCTAssertEqual(output.status, 0, output.stderr)
            XCTAssertEqual(
                try PaletteParser.parse(output.stdout).colors.map(\.hex), ["#4A6B4F", "#DCE5D0", "#E8B86D"],
                format)
        }
    }

    func testModelAndKeyPrecedence() throws {
        let server = try standIn("palette")
        let base = ["GEMINI_BASE_URL": server.endpoint]
        var output = try generate(
            ["forest"], base.merging(["GOOGLE_API_KEY": "google-key", "PALETTE_TUI_MODEL": "gemini-env-model"]) { $1 })
        XCTAssertEqual(output.status, 0, output.stderr)
        output = try generate(
            ["--model", "gemini-flag-model", "forest"],
            base.merging([
                "GEMINI_API_KEY": Self.key, "GOOGLE_API_KEY": "google-key",
                "PALETTE_TUI_MODEL": "gemini-env-model",
            ]) { $1 })
        XCTAssertEqual(output.status, 0, output.stderr)
        let requests = try server.requests()
        XCTAssertEqual(requests.count, 2)
        XCTAssertEqual(requests[0].headers["x-goog-api-key"], "google-key")
        XCTAssertEqual(requests[0].path, "/v1beta/models/gemini-env-model:generateContent")
        XCTAssertEqual(
            requests[1].headers["x-goog-api-key"], Self.key,
            "GEMINI_API_KEY wins over GOOGLE_API_KEY")
        XCTAssertEqual(
            requests[1].path, "/v1beta/models/gemini-flag-model:generateContent",
            "--model wins over PALETTE_TUI_MODEL")
    }

    func testEndpointOptionWinsOverTheEnvironment() throws {
        let server = try standIn("palette")
        let output = try generate(
            ["--endpoint", server.endpoint, "forest"],
            ["GEMINI_BASE_URL": "http://127.0.0.1:9", "GEMINI_API_KEY": Self.key])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try server.requests().count, 1)
    }

    // MARK: - Errors: one line, exit 1, no key

    func testConfigurationErrorsFailWithOneLineAndNoFallback() throws {
        let cases: [(String, [String], String)] = [
            ("invalid-key", [], "Gemini rejected the API key (API key not valid. Please pass a valid API key)"),
            ("invalid-key", ["--provider", "gemini"], "create a new key"),
            ("unknown-model", ["--model", "gemini-9-ultra"], "Gemini has no model 'gemini-9-ultra'"),
        ]
        for (scenario, args, expected) in cases {
            let server = try standIn(scenario)
            let output = try generate(
                args + ["forest"], ["GEMINI_BASE_URL": server.endpoint, "GEMINI_API_KEY": Self.key])
            assertOneLineFailure(output, containing: expected)
            XCTAssertEqual(try server.requests().filter { $0.method == "POST" }.count, 1, "\(scenario): not retried")
        }
    }

    func testFailuresAreWordedInTheChosenLanguage() throws {
        let server = try standIn("unknown-model")
        let environment = ["GEMINI_BASE_URL": server.endpoint, "GEMINI_API_KEY": Self.key]
        let hant = try generate(["--lang", "zh-Hant", "--model", "gemini-9-ultra", "forest"], environment)
        assertOneLineFailure(
            hant,
            containing:
                "Gemini 沒有模型「gemini-9-ultra」（可能已停用）：請用 --model 選擇 gemini-3.5-flash-lite, gemini-3.1-flash-lite, ")
        let hans = try generate(
            ["--model", "gemini-9-ultra", "forest"], environment.merging(["LANG": "zh_CN.UTF-8"]) { $1 })
        assertOneLineFailure(
            hans,
            containing:
                "Gemini 没有模型“gemini-9-ultra”（可能已停用）：请用 --model 选择 gemini-3.5-flash-lite, gemini-3.1-flash-lite, ")
        let noKey = try generate(["--provider", "gemini", "--lang", "zh-Hans", "forest"], [:])
        assertOneLineFailure(noKey, containing: "Gemini 需要 API 密钥：请设置 GEMINI_API_KEY / GOOGLE_API_KEY")
    }

    func testGeminiByNameWithoutAKeyIsAClearError() throws {
        let output = try generate(["--provider", "gemini", "forest"], [:])
        assertOneLineFailure(output, containing: "Gemini needs an API key: set GEMINI_API_KEY")
        let blank = try generate(["--provider", "gemini", "forest"], ["GEMINI_API_KEY": "  "])
        assertOneLineFailure(blank, containing: "GEMINI_API_KEY")
    }

    func testGeminiByNameReportsOutagesAfterRetries() throws {
        let server = try standIn("overloaded")
        let output = try generate(
            ["--provider", "gemini", "forest"],
            ["GEMINI_BASE_URL": server.endpoint, "GEMINI_API_KEY": Self.key])
        assertOneLineFailure(output, containing: "Gemini is overloaded or failing, HTTP 503")
        XCTAssertEqual(try server.requests().count, 3)
    }

    func testHangingServerIsBoundedByTimeout() throws {
        let server = try standIn("hang")
        let start = Date()
        let output = try generate(
            ["--provider", "gemini", "--timeout", "1", "forest"],
            ["GEMINI_BASE_URL": server.endpoint, "GEMINI_API_KEY": Self.key])
        assertOneLineFailure(output, containing: "Gemini did not answer within 1 s")
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testRefusedEndpointIsOneLine() throws {
        let server = try standIn("palette")
        let dead = server.endpoint
        server.stop()
        let output = try generate(
            ["--provider", "gemini", "forest"], ["GEMINI_BASE_URL": dead, "GEMINI_API_KEY": Self.key])
        assertOneLineFailure(output, containing: "Nothing is listening at 127.0.0.1:")
    }

    // MARK: - Fallback and offline

    func testOutageFallsBackToTheOfflineEngineWithTheReason() throws {
        let server = try standIn("overloaded")
        let output = try generate(
            ["--format", "json", "forest"], ["GEMINI_BASE_URL": server.endpoint, "GEMINI_API_KEY": Self.key])
        XCTAssertEqual(output.status, 0, output.stderr)
        assertKeyNeverShown(output)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["provider"] as? String, "offline")
        XCTAssertEqual(json["fallback"] as? Bool, true)
        let notes = json["notes"] as? [String] ?? []
        XCTAssertTrue(
            notes.contains { $0.hasPrefix("offline fallback: Gemini is overloaded or failing, HTTP 503") }, "\(notes)")
        XCTAssertEqual(try server.requests().count, 3, "Gemini's retries ran before falling back")
    }

    func testHexFallbackExplainsItselfOnStandardError() throws {
        let server = try standIn("overloaded")
        let output = try generate(
            ["--format", "hex", "forest"], ["GEMINI_BASE_URL": server.endpoint, "GEMINI_API_KEY": Self.key])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try PaletteParser.parse(output.stdout).colors.count, 3)
        XCTAssertTrue(
            output.stderr.contains("palette-tui: note: offline fallback: Gemini is overloaded"), output.stderr)
    }

    func testNoKeyMeansOfflineWithoutAnyRequest() throws {
        let server = try standIn("palette")
        let output = try generate(["--format", "json", "forest"], ["GEMINI_BASE_URL": server.endpoint])
        XCTAssertEqual(output.status, 0, output.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["provider"] as? String, "offline")
        XCTAssertNil(json["fallback"])
        XCTAssertEqual(try server.requests().count, 0)
    }

    /// Without `--lang` the labels follow the locale (LC_ALL, then LC_MESSAGES, then LANG), as the app's do.
    func testLabelsFollowTheLocaleWithoutLang() throws {
        let cases: [([String: String], [String], String)] = [
            (["LANG": "zh_TW.UTF-8"], [], "輔助色"),
            (["LANG": "zh_HK.UTF-8"], [], "輔助色"),
            (["LANG": "zh_CN.UTF-8"], [], "辅助色"),
            (["LC_ALL": "zh_SG.UTF-8", "LANG": "zh_TW.UTF-8"], [], "辅助色"),
            (["LC_MESSAGES": "zh_Hant", "LANG": "en_US.UTF-8"], [], "輔助色"),
            (["LANG": "zh_TW.UTF-8"], ["--lang", "en"], "Secondary"),
            (["LANG": "C.UTF-8"], [], "Secondary"),
        ]
        for (locale, args, label) in cases {
            let output = try generate(["--provider", "offline"] + args + ["forest"], locale)
            XCTAssertEqual(output.status, 0, output.stderr)
            XCTAssertTrue(output.stdout.contains(label), "\(locale) \(args): \(output.stdout)")
        }
    }

    // MARK: - The offline engine's notes in every language

    /// For each language the engine reads: a description with no word it knows, and one with
    /// a known word beside an unknown one. (Greetings and made-up words, not lexicon terms.)
    static let noteCases: [(language: String, nothing: String, partly: String, used: String, unknown: String)] = [
        ("en", "hello, how are you today", "forest zorblaxing", "forest", "zorblaxing"),
        ("zh-Hant", "你好，請問今天幾點", "森林量子", "森林", "量子"),
        ("zh-Hans", "你好，请问今天几点", "森林量子", "森林", "量子"),
        ("ja", "よろしくお願いします", "森のクオンタム", "森", "クオンタム"),
        ("ko", "안녕하세요, 잘 지내세요", "숲 퀀텀", "숲", "퀀텀"),
        ("fr", "bonjour, comment allez-vous", "forêt quantique", "forêt", "quantique"),
        ("es", "¿cómo estás?", "bosque cuántico", "bosque", "cuántico"),
        ("pt", "olá, tudo bem com você", "floresta quântica", "floresta", "quântica"),
        ("de", "wie geht es Ihnen", "Wald Quantenzorblax", "Wald", "Quantenzorblax"),
        ("it", "ciao, come stai oggi", "foresta quantistica", "foresta", "quantistica"),
        ("ru", "Здравствуйте, как дела", "лес квазироток", "лес", "квазироток"),
        ("ar", "مرحبا، كيف حالك", "غابة كوانتية", "غابة", "كوانتية"),
        ("hi", "नमस्ते, आप कैसे हैं", "जंगल क्वांटम", "जंगल", "क्वांटम"),
        ("vi", "cảm ơn bạn rất nhiều", "rừng quantum", "rừng", "quantum"),
        ("tr", "merhaba, nasılsın", "orman kuantum", "orman", "kuantum"),
    ]

    /// The engine's note says, in the user's language (English, Traditional or Simplified
    /// Chinese, whichever is chosen), that nothing was understood, or which of the user's
    /// words were used and which were not, whatever language the description is in.
    func testOfflineNotesAreWordedInTheChosenLanguageForEveryDescriptionLanguage() throws {
        let engine = OfflineEngine()
        let nothing: [Language: String] = [
            .english: "no word of the description was recognised", .traditionalChinese: "描述中沒有可辨識的詞",
            .simplifiedChinese: "描述中没有可识别的词",
        ]
        let partly: [Language: (String, String)] = [
            .english: ("read: ", "; not recognised: "), .traditionalChinese: ("已讀取：", "；未能辨識："),
            .simplifiedChinese: ("已读取：", "；未能识别："),
        ]
        for c in Self.noteCases {
            let none = engine.palette(for: c.nothing).notes
            XCTAssertEqual(none, [.noColourWords], "\(c.language) '\(c.nothing)'")
            let some = engine.palette(for: c.partly).notes
            XCTAssertEqual(
                some, [.partlyUnderstood(used: [c.used], unknown: [c.unknown])], "\(c.language) '\(c.partly)'")
            for language in Language.allCases {
                for note in none {
                    let text = Messages.note(note)(language)
                    XCTAssertTrue(text.hasPrefix(nothing[language]!), "\(c.language) in \(language): \(text)")
                }
                for note in some {
                    let (read, not) = partly[language]!
                    XCTAssertEqual(
                        Messages.note(note)(language), read + c.used + not + c.unknown, "\(c.language) in \(language)")
                }
            }
        }
        // The real binary, one description language for each interface language.
        let runs: [(String, Int, String)] = [("zh-Hant", 4, "備註："), ("zh-Hans", 11, "备注："), ("en", 12, "note: ")]
        for (lang, k, prefix) in runs {
            let c = Self.noteCases[k]
            let language = Language(rawValue: lang)!
            let output = try generate(["--provider", "offline", "--lang", lang, "--", c.partly], [:])
            XCTAssertEqual(output.status, 0, output.stderr)
            let expected = prefix + partly[language]!.0 + c.used + partly[language]!.1 + c.unknown
            XCTAssertTrue(output.stdout.contains(expected), "\(lang) '\(c.partly)': \(output.stdout)")
            let empty = try generate(
                ["--provider", "offline", "--lang", lang, "--", Self.noteCases[k + 1].nothing], [:])
            XCTAssertTrue(empty.stdout.contains(prefix + nothing[language]!), "\(lang): \(empty.stdout)")
        }
    }

    // MARK: - Usage

    func testUsageErrorsExitTwo() throws {
        let cases: [([String], String)] = [
            (["--provider", "claude", "x"], "invalid value 'claude' for '--provider'"),
            ([], "generate needs a description"),
            (["--timeout", "0", "x"], "invalid value '0' for '--timeout'"),
            (["--timeout", "soon", "x"], "invalid value 'soon' for '--timeout'"),
            (["--endpoint", "ftp://example", "x"], "invalid value 'ftp://example' for '--endpoint'"),
            (["--format", "yaml", "x"], "invalid value 'yaml' for '--format'"),
            (["--lang", "fr", "x"], "invalid value 'fr' for '--lang': choose en, zh-Hant or zh-Hans"),
            (["--bogus", "x"], "unknown option '--bogus'"),
        ]
        for (args, expected) in cases {
            let output = try generate(args, ["GEMINI_API_KEY": Self.key])
            XCTAssertEqual(output.status, 2, "\(args): \(output.stderr)")
            XCTAssertTrue(output.stderr.contains(expected), "\(args): \(output.stderr)")
            assertKeyNeverShown(output)
        }
    }

    func testHelpNeverShowsTheKey() throws {
        let output = try generate(["--help"], ["GEMINI_API_KEY": Self.key, "GOOGLE_API_KEY": Self.key])
        XCTAssertEqual(output.status, 0)
        XCTAssertTrue(output.stdout.contains("--provider offline|gemini|openai|ollama"))
        XCTAssertTrue(output.stdout.contains("GEMINI_API_KEY, else GOOGLE_API_KEY"))
        assertKeyNeverShown(output)
    }

    // MARK: - makeProvider and the fallback, in process

    func testMakeProviderChoosesByOptionAndKey() throws {
        func provider(_ args: [String], _ env: [String: String]) throws -> any PaletteProvider {
            let arguments = try Arguments(args, command: Commands.generate)
            return try makeProvider(ProviderOptions(arguments), environment: env)
        }
        XCTAssertEqual(try provider([], [:]).name, "offline")
        XCTAssertEqual(try provider(["--provider", "offline"], ["GEMINI_API_KEY": "k"]).name, "offline")
        XCTAssertTrue(try provider([], ["GEMINI_API_KEY": "k"]) is FallbackProvider)
        XCTAssertTrue(try provider([], ["GEMINI_API_KEY": ""]) is OfflineEngine)
        let gemini = try XCTUnwrap(
            (try provider(
                ["--provider", "gemini", "--model", "models/gemini-x", "--timeout", "2.5"],
                ["GOOGLE_API_KEY": "k"]) as? AccessibleProvider)?.base as? GeminiClient)
        XCTAssertEqual(gemini.configuration.model, "gemini-x")
        XCTAssertEqual(gemini.configuration.timeout, 2.5)
        XCTAssertThrowsError(try provider(["--provider", "gemini"], [:])) {
            guard case .failure(let failure)? = $0 as? ProviderProblem else { return XCTFail("\($0)") }
            XCTAssertEqual(failure.reason, .missingAPIKey(variables: ["GEMINI_API_KEY", "GOOGLE_API_KEY"]))
        }
        XCTAssertThrowsError(try provider(["--provider", "Gemini"], ["GEMINI_API_KEY": "k"])) {
            XCTAssertTrue($0 is UsageError)
        }
    }

    func testTheAppsProviderWarmsUpAndGenerateDoesNot() async throws {
        let arguments = try Arguments(["--provider", "gemini"], command: Commands.generate)
        let environment = ["GEMINI_API_KEY": "k", "GEMINI_BASE_URL": "http://127.0.0.1:9"]
        let app = try XCTUnwrap(
            (try makeProvider(ProviderOptions(arguments), environment: environment) as? AccessibleProvider)?.base
                as? GeminiClient)
        let command = try XCTUnwrap(
            (try makeProvider(
                ProviderOptions(arguments), environment: environment,
                warmUp: false) as? AccessibleProvider)?.base as? GeminiClient)
        var warmed = false
        for _ in 0..<100 where !warmed {
            warmed = app.http.transport.isPrepared
            if !warmed { try await Task.sleep(for: .milliseconds(50)) }
        }
        XCTAssertTrue(warmed, "the TUI's client sets its session up in the background, unasked")
        XCTAssertFalse(command.http.transport.isPrepared, "generate's client makes its session with its one request")

        let fallback = try XCTUnwrap(
            try makeProvider(
                ProviderOptions(try Arguments([], command: Commands.generate)),
                environment: environment) as? FallbackProvider)
        let wrapped = try XCTUnwrap((fallback.primary as? AccessibleProvider)?.base as? GeminiClient)
        for _ in 0..<100 where !wrapped.http.transport.isPrepared { try await Task.sleep(for: .milliseconds(50)) }
        XCTAssertTrue(wrapped.http.transport.isPrepared, "the default provider's Gemini client warms up too")
    }

    // MARK: - Helpers

    /// Google's strict v1beta parser over one request body (TestSupport's `StrictGeminiCheck`).
    private func assertStrictlyValid(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try StrictGeminiCheck.run([body], file: file, line: line)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    }
}
