import Foundation
import PaletteCore
import TestSupport
import XCTest

/// The app and the command line on the new providers' loopback servers, and the settings file
/// as a user meets it: through the real binary, in tmux where there is a screen.
final class E2EProviderTests: XCTestCase {
    private static let key = "sk-e2e-openai-not-a-secret"

    private func openAIServer(_ steps: String = #"[{"palette": true}]"#) throws -> LoopbackServer {
        try LoopbackServer(script: "openai_server.py", arguments: ["--key", Self.key, "--steps", steps])
    }

    /// The palette the server says it answered with, once it has.
    private func answered(_ server: LoopbackServer) throws -> [RGB]? {
        guard let event = try server.events().last(where: { $0.hasPrefix("answered ") }) else { return nil }
        return try event.split(separator: " ").dropFirst().map { try RGB(hex: String($0)) }
    }

    private func environment(_ extra: [String: String]) -> [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
            "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
        ].merging(extra) { $1 }
    }

    /// A settings directory holding `text` as `palette-tui/config.toml`.
    private func configHome(_ text: String) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory(prefix: "xdg")
        try FileManager.default.createDirectory(atPath: dir.file("palette-tui"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir.file("palette-tui/config.toml")))
        return dir
    }

    // MARK: - The app on the openai server

    func testTheAppDrawsTheOpenAIServersPaletteAndShowsProviderAndModel() throws {
        let server = try openAIServer()
        let session = try TmuxSession(
            [
                "--provider", "openai", "--endpoint", server.endpoint + "/v1", "--model", "loopback-model", "--history",
                "h.jsonl",
            ],
            environment: ["OPENAI_API_KEY": Self.key])
        try session.waitForStart()
        try session.waitFor("palette-tui · openai · loopback-model")
        try session.type("寧靜的森林早晨")
        try session.press("Enter")
        let expected = try eventually("the server's answer") { try self.answered(server) }
        let screen = try session.waitForScreen("the server's palette") { E2EAppTests.paneHexCodes($0) == expected }
        XCTAssertFalse(screen.contains(Self.key))
        let capture = try session.screen(escapes: true)
        for rgb in expected {
            XCTAssertGreaterThanOrEqual(E2EAppTests.rows(with: E2EAppTests.key(rgb), in: capture), 3, "drawn in colour")
        }
        let request = try XCTUnwrap(try server.requests().first)
        XCTAssertEqual(request.path, "/v1/chat/completions")
        XCTAssertEqual(request.headers["authorization"], "Bearer \(Self.key)")
        let saved = try String(contentsOf: session.directory.appendingPathComponent("h.jsonl"), encoding: .utf8)
        XCTAssertTrue(saved.contains(expected[0].hex) && saved.contains("openai"), saved)
        XCTAssertFalse(saved.contains(Self.key), "the key is never stored")
    }

    func testEscCancelsTheOpenAIRequestAndTheServerSeesTheHangUp() throws {
        let server = try openAIServer(#"[{"hang": true}]"#)
        let session = try TmuxSession(
            ["--provider", "openai", "--endpoint", server.endpoint + "/v1", "--history", "h.jsonl"],
            environment: ["OPENAI_API_KEY": Self.key])
        try session.waitForStart()
        try session.type("neon city rain")
        try session.press("Enter")
        try session.waitFor("Generating…")
        _ = try eventually("the request to arrive") { try server.requests().count == 1 ? true : nil }
        try session.press("Escape")
        try session.waitFor("Generation cancelled.")
        _ = try eventually("the server to see the client hang up") {
            try server.events().contains("client-disconnected") ? true : nil
        }
        XCTAssertEqual(E2EAppTests.paneHexCodes(try session.screen()), [])
        XCTAssertEqual(try server.requests().count, 1, "a cancelled request is not retried")
        XCTAssertNil(try? session.waitForExit(timeout: 0.2), "Esc cancels; it does not quit")
    }

    /// A broken settings file: one sentence naming its line in the status line, in the user's
    /// language, and the app runs on the defaults (here the offline engine).
    func testABrokenSettingsFileIsOneLineInTheStatusAndTheAppRunsOnDefaults() throws {
        let home = try configHome("provider = \"ollama\"\n\n[providers.ollama]\nmodel = qwen3\n")
        let session = try TmuxSession(
            ["--history", "h.jsonl"], environment: ["XDG_CONFIG_HOME": home.path, "LANG": "zh_TW.UTF-8"])
        try session.waitForStart()
        let screen = try session.waitFor("第 4 行")
        XCTAssertTrue(screen.contains("設定檔 config.toml 第 4 行：不是有效的值"), "\n" + screen)
        XCTAssertTrue(screen.contains("palette-tui · 離線引擎"), "the defaults, the engine named in Chinese")
        try session.type("forest")
        try session.press("Enter")
        try session.waitForScreen("an offline palette") { E2EAppTests.paneHexCodes($0).count == 3 }
    }

    /// The settings file chooses the provider and its model, and the header says so.
    func testTheSettingsFileChoosesTheProviderAndModel() throws {
        let server = try LoopbackServer(script: "ollama_server.py", arguments: ["--models", "qwen3:8b"])
        let home = try configHome(
            "provider = \"ollama\"\n[providers.ollama]\nmodel = \"qwen3:8b\"\nendpoint = \"\(server.endpoint)\"\n")
        let session = try TmuxSession(["--history", "h.jsonl"], environment: ["XDG_CONFIG_HOME": home.path])
        try session.waitForStart()
        try session.waitFor("palette-tui · ollama · qwen3:8b")
        try session.type("harbour at dusk")
        try session.press("Enter")
        let expected = try eventually("the server's answer") { try self.answered(server) }
        try session.waitForScreen("Ollama's palette") { E2EAppTests.paneHexCodes($0) == expected }
    }

    // MARK: - The command line

    func testGenerateOnEachProviderPrintsItsPalette() throws {
        let openai = try openAIServer()
        let viaOpenAI = try Spawn.run(
            [
                try Repository.paletteTUI(), "generate", "--no-history", "--format", "hex", "--provider", "openai",
                "--endpoint", openai.endpoint + "/v1", "forest",
            ], environment: environment(["OPENAI_API_KEY": Self.key]))
        XCTAssertEqual(viaOpenAI.status, 0, viaOpenAI.stderr)
        XCTAssertEqual(E2EAppTests.hexCodes(viaOpenAI.stdout), try XCTUnwrap(try answered(openai)))

        let ollama = try LoopbackServer(script: "ollama_server.py", arguments: [])
        let viaOllama = try Spawn.run(
            [try Repository.paletteTUI(), "generate", "--no-history", "--format", "hex", "forest"],
            environment: environment(["OLLAMA_HOST": ollama.endpoint]))
        XCTAssertEqual(viaOllama.status, 0, viaOllama.stderr)
        XCTAssertEqual(
            E2EAppTests.hexCodes(viaOllama.stdout), try XCTUnwrap(try answered(ollama)),
            "OLLAMA_HOST set: ollama chosen")
    }

    /// `providers --check` asks each configured provider, at most a second each: a hanging
    /// server is reported as silent within that second, a closed port as nothing listening.
    func testProvidersCheckAnswersWithinASecondPerProvider() throws {
        let hanging = try SilentListener()
        let ollama = try LoopbackServer(script: "ollama_server.py", arguments: [])
        let gone = try LoopbackServer(script: "ollama_server.py", arguments: [])
        let closedPort = gone.port
        gone.stop()
        let listing = try Spawn.run(
            [try Repository.paletteTUI(), "providers", "--check"],
            environment: environment([
                "GEMINI_API_KEY": "g-key-not-a-secret", "GEMINI_BASE_URL": "http://127.0.0.1:\(closedPort)",
                "OPENAI_BASE_URL": hanging.baseURL.absoluteString + "/v1", "OLLAMA_HOST": ollama.endpoint,
            ]))
        XCTAssertEqual(listing.status, 0, listing.stderr)
        let lines = listing.stdout.split(separator: "\n").map(String.init)
        let gemini = try XCTUnwrap(lines.first { $0.contains("gemini") })
        XCTAssertTrue(gemini.hasPrefix("* "), "gemini is in use: \(listing.stdout)")
        XCTAssertTrue(gemini.contains("yes: key in GEMINI_API_KEY") && gemini.contains("nothing listening"), gemini)
        let openai = try XCTUnwrap(lines.first { $0.contains("openai") })
        XCTAssertTrue(openai.contains("no answer within 1 s"), openai)
        let ollamaLine = try XCTUnwrap(lines.first { $0.contains("ollama") })
        XCTAssertTrue(ollamaLine.contains("answers ("), ollamaLine)
        XCTAssertTrue(listing.stdout.contains("the first configured, with the offline engine as fallback"))
        XCTAssertFalse(listing.stdout.contains("g-key-not-a-secret"))
        XCTAssertEqual(try ollama.requests().map(\.path), ["/api/version"], "nothing is generated")

        let json = try Spawn.run(
            [try Repository.paletteTUI(), "providers", "--format", "json"], environment: environment([:]))
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["provider"] as? String }, ["gemini", "openai", "ollama", "offline"])
        XCTAssertEqual(rows.map { $0["chosen"] as? Bool }, [false, false, false, true])
    }

    func testABrokenSettingsFileIsOneWarningAndTheCommandRunsOnDefaults() throws {
        let home = try configHome("color = \"256\"\n[providers.openai]\napi_key = \"sk-pasted-by-mistake\"\n")
        let output = try Spawn.run(
            [try Repository.paletteTUI(), "generate", "--no-history", "--format", "hex", "forest"],
            environment: environment(["XDG_CONFIG_HOME": home.path, "LANG": "zh_CN.UTF-8"]))
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(E2EAppTests.hexCodes(output.stdout).count, 3)
        let lines = output.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, output.stderr)
        XCTAssertTrue(lines[0].contains("第 3 行") && lines[0].contains("api_key_env"), output.stderr)
        XCTAssertFalse(output.stderr.contains("sk-pasted-by-mistake"), "the key is never repeated")
    }
}
