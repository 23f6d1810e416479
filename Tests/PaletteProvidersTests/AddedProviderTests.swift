import Foundation
import MadeUpProvider
import PaletteCommands
import PaletteConfig
import PaletteCore
import PaletteProviders
import ProviderKit
import TestSupport
import XCTest

/// A provider is added as the program adds one: a module exporting a `ProviderDescriptor`
/// (MadeUpProvider's "loopchat") and one line in the list. Everything that reads the list then
/// knows it, with nothing else edited: the automatic choice and the plan, the names the command
/// line and the settings file take, the help's choices, default model and variables; and it
/// answers a real request on loopback. The program's own list does not know it (the control).
final class AddedProviderTests: XCTestCase {
    /// The program's list plus the one line.
    let catalog = ProviderCatalog(providerList + [LoopChatClient.descriptor])
    private let servers = ServerPool()

    override func tearDown() {
        servers.stopAll()
        super.tearDown()
    }

    func testItIsInTheNamesTheCommandLineAndTheFileTake() throws {
        XCTAssertEqual(catalog.ids, ["offline", "gemini", "openai", "ollama", "loopchat"])
        XCTAssertFalse(ProviderCatalog.standard.ids.contains("loopchat"), "the control: the program's own list")

        let text = "provider = \"loopchat\"\n[providers.loopchat]\nmodel = \"loop-2\"\n"
        let file = try ConfigFile.read(Array(text.utf8), path: "config.toml", providers: catalog.facts)
        XCTAssertEqual(file.provider, "loopchat")
        XCTAssertEqual(file.providers["loopchat"]?.model, "loop-2")
        XCTAssertThrowsError(
            try ConfigFile.read(Array(text.utf8), path: "config.toml", providers: ProviderCatalog.standard.facts),
            "the program's own list does not take the name")
    }

    func testItIsInThePlanAndTheAutomaticChoice() throws {
        let environment = ["LOOPCHAT_URL": "http://127.0.0.1:8/v1"]
        let automatic = try catalog.plan(ProviderOptions(), environment: environment, config: nil)
        XCTAssertEqual(automatic.provider, "loopchat", "configured by its endpoint variable, nothing else is")
        XCTAssertFalse(automatic.named)
        XCTAssertEqual(automatic.model, "loop-1")
        XCTAssertEqual(automatic.endpoint, "http://127.0.0.1:8/v1")
        XCTAssertEqual(automatic.endpointSource, "LOOPCHAT_URL")
        XCTAssertEqual(automatic.keyVariables, ["LOOPCHAT_KEY"])
        XCTAssertEqual(
            try ProviderCatalog.standard.plan(ProviderOptions(), environment: environment, config: nil).provider,
            "offline", "the control: without the line, the variable means nothing")

        let named = try catalog.plan(
            ProviderOptions(provider: "loopchat", model: "loop-3"), environment: [:], config: nil)
        XCTAssertEqual(named.provider, "loopchat")
        XCTAssertTrue(named.named)
        XCTAssertEqual(named.model, "loop-3")
        XCTAssertEqual(named.endpoint, "http://127.0.0.1:9/v1", "its default endpoint")
        XCTAssertThrowsError(
            try ProviderCatalog.standard.plan(ProviderOptions(provider: "loopchat"), environment: [:], config: nil)
        ) {
            XCTAssertEqual(
                $0 as? ProviderPlanError,
                .unknownProvider(
                    "loopchat", source: "--provider", choices: ["offline", "gemini", "openai", "ollama"]))
        }
    }

    func testItIsInTheHelp() throws {
        let help = CommandHelp.text(CommandTable.generate.with(providers: catalog.facts), .english)
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(flat.contains("--provider offline|gemini|openai|ollama|loopchat"), flat)
        XCTAssertTrue(flat.contains("gemini-3.5-flash-lite for Gemini"), flat)
        XCTAssertTrue(flat.contains("loop-1 for loopchat)"), flat)
        XCTAssertTrue(flat.contains("and loopchat (LOOPCHAT_URL)"), flat)
        XCTAssertTrue(flat.contains("or LOOPCHAT_URL, else"), flat)
        let chinese = CommandHelp.text(CommandTable.generate.with(providers: catalog.facts), .traditionalChinese)
        XCTAssertTrue(chinese.contains("loopchat 用 loop-1"), chinese)
        let standard = CommandHelp.text(CommandTable.generate.with(providers: ProviderCatalog.standard.facts), .english)
        XCTAssertFalse(standard.contains("loopchat"), "the control: the program's own help")
    }

    /// Made from the plan, it answers on loopback: chosen automatically it is the primary, with
    /// the offline engine behind it; named, it is used alone.
    func testItAnswersThroughTheCatalogue() async throws {
        let server = try servers.start(
            "openai_server.py", steps: [["palette": true]], arguments: ["--persona", "llamacpp"])
        let environment = ["LOOPCHAT_URL": server.baseURL.appendingPathComponent("v1").absoluteString]
        let provider = try catalog.make(ProviderOptions(), environment: environment, config: nil, warmUp: nil)
        let fallback = try XCTUnwrap(provider as? FallbackProvider)
        XCTAssertEqual(fallback.primary.name, "loopchat")
        XCTAssertEqual(fallback.fallback.name, "offline")
        let result = try await provider.generate(GenerationRequest(description: "a calm forest morning"))
        XCTAssertEqual(result.provider, "loopchat")
        XCTAssertEqual(result.model, "loop-1")
        XCTAssertNil(result.fallbackReason)
        XCTAssertEqual(result.palette.colors.map(\.hex), try server.answeredColours())
        let body = try XCTUnwrap(try server.requests().last).json()
        XCTAssertEqual(body["model"] as? String, "loop-1")

        let named = try catalog.make(
            ProviderOptions(provider: "loopchat", model: "loop-9"), environment: environment, config: nil, warmUp: nil)
        XCTAssertEqual((named as? AccessibleProvider)?.base.name, "loopchat", "named: alone, no fallback")
        XCTAssertEqual(named.model, "loop-9")
    }
}
