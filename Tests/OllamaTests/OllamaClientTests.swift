import Foundation
import PaletteCore
import ProviderFaultSuite
import ProviderKit
import TestSupport
import XCTest

@testable import Ollama

/// The Ollama client against a loopback server that behaves like Ollama's native API, traps
/// included (`Servers/ollama_server.py`).
final class OllamaClientTests: XCTestCase {
    private let servers = ServerPool()

    override func tearDown() {
        servers.stopAll()
        super.tearDown()
    }

    private func serve(_ steps: [[String: Any]] = [["palette": true]], _ extra: [String] = []) throws -> LoopbackServer
    {
        try servers.start("ollama_server.py", steps: steps, arguments: extra)
    }

    private func client(_ server: LoopbackServer, model: String = "llama3.2") -> OllamaClient {
        OllamaClient(
            configuration: OllamaConfiguration(
                host: server.baseURL, model: model, timeout: 20,
                retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2)),
            jitter: { 0.5 })
    }

    private let request = GenerationRequest(description: "寧靜的森林早晨", variation: 0)

    private func answered(_ server: LoopbackServer) throws -> [String] { try server.answeredColours() }

    private func failure(_ provider: any PaletteProvider, file: StaticString = #filePath, line: UInt = #line) async
        -> ProviderFailure?
    {
        await expectedFailure(provider, request, file: file, line: line)
    }

    /// `/api/chat` with `stream: false` (the server streams otherwise), `format` the schema,
    /// and every option stated, so the same request is the same draw.
    func testTheRequestOnTheWireAndAReproducibleDraw() async throws {
        let server = try serve()
        let first = try await client(server).generate(GenerationRequest(description: "寧靜的森林早晨", variation: 1))
        XCTAssertEqual(first.palette.colors.map(\.hex), try answered(server))
        XCTAssertEqual(first.provider, "ollama")
        XCTAssertEqual(first.model, "llama3.2")
        let second = try await client(server).generate(GenerationRequest(description: "寧靜的森林早晨", variation: 1))
        XCTAssertEqual(first.palette, second.palette)

        let sent = try XCTUnwrap(try server.requests().first)
        XCTAssertEqual(sent.path, "/api/chat")
        XCTAssertNil(sent.headers["authorization"], "a local server gets no key")
        let body = try sent.json()
        XCTAssertEqual(body["model"] as? String, "llama3.2")
        XCTAssertEqual(body["stream"] as? Bool, false)
        XCTAssertNil(body["think"], "think is never sent: turning it off broke format on some models")
        let format = try XCTUnwrap(body["format"] as? [String: Any])
        XCTAssertEqual(format["type"] as? String, "object")
        XCTAssertEqual(format["required"] as? [String], ["primary", "secondary", "accent"])
        XCTAssertEqual(format["additionalProperties"] as? Bool, false)
        let options = try XCTUnwrap(body["options"] as? [String: Any])
        XCTAssertEqual(options["temperature"] as? Double, Sampling.temperature)
        XCTAssertEqual(options["top_p"] as? Double, Sampling.topP)
        XCTAssertEqual(options["seed"] as? Int, 1)
        XCTAssertEqual(options["num_predict"] as? Int, PaletteInstructions.maxOutputTokens)
        let messages = try XCTUnwrap(body["messages"] as? [[String: Any]])
        XCTAssertEqual(messages.map { $0["role"] as? String }, ["system", "user"])
        XCTAssertEqual(messages[1]["content"] as? String, "寧靜的森林早晨")
        XCTAssertEqual(
            try server.events().filter { $0.hasPrefix("effective") },
            Array(repeating: "effective temperature 0.7 seed 1", count: 2))
    }

    func testDoneReasonLengthIsTruncation() async throws {
        let server = try serve([["palette": true, "finish": "length"]])
        let cut = await failure(client(server))
        XCTAssertEqual(cut?.reason, .truncated)
        XCTAssertEqual(try server.requests().count, 1, "not asked again: the same limit would cut it again")
    }

    /// A thinking model's `<think>` block (or `message.thinking`) holds a decoy palette; the
    /// answer is what follows it.
    func testAThinkingModelsReasoningIsNeverTheAnswer() async throws {
        let server = try serve([["palette": true]], ["--thinking"])
        let result = try await client(server).generate(request)
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        XCTAssertNotEqual(result.palette.primary.hex, "#000000")
    }

    func testAModelNotPulledIsNamedWithTheModelsThatAre() async throws {
        let server = try serve()
        let missing = await failure(client(server, model: "mistral"))
        XCTAssertEqual(
            missing?.reason, .modelNotFound(model: "mistral", available: ["llama3.2", "llama3.2:latest", "qwen3:8b"]))
        XCTAssertEqual(try server.requests().map(\.path), ["/api/chat", "/api/tags"])
    }

    func testAnUnusableAnswerIsAskedAgainWithTheExactProblem() async throws {
        let server = try serve([["palette": true, "same": true], ["palette": true]])
        let result = try await client(server).generate(request)
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        let bodies = try server.requests().map { try $0.json() }
        XCTAssertEqual(bodies.count, 2)
        let again = try XCTUnwrap(bodies[1]["messages"] as? [[String: Any]])
        XCTAssertEqual(again.map { $0["role"] as? String }, ["system", "user", "assistant", "user"])
        XCTAssertTrue((again[3]["content"] as? String ?? "").contains("the three colours must differ"))
    }

    func testABadRequestIsFinal() async throws {
        let server = try serve([["status": 400, "json": ["error": "invalid JSON schema in format"]]])
        let bad = await failure(client(server))
        XCTAssertEqual(bad?.reason, .badRequest(serverMessage: "invalid JSON schema in format"))
        XCTAssertEqual(try server.requests().count, 1)
    }

    /// `OLLAMA_HOST` read the way Ollama reads it.
    func testOllamaHostIsReadAsOllamaReadsIt() {
        let cases: [(String, String?)] = [
            ("127.0.0.1", "http://127.0.0.1:11434"),
            ("0.0.0.0", "http://127.0.0.1:11434"),
            ("0.0.0.0:8080", "http://127.0.0.1:8080"),
            (":11500", "http://127.0.0.1:11500"),
            ("gpu-box", "http://gpu-box:11434"),
            ("gpu-box:1234", "http://gpu-box:1234"),
            ("http://gpu-box", "http://gpu-box:80"),
            ("https://ollama.example.com", "https://ollama.example.com:443"),
            ("https://ollama.example.com/", "https://ollama.example.com:443"),
            ("http://10.0.0.5:11434/", "http://10.0.0.5:11434"),
            ("  \"http://host:7/\"  ", "http://host:7"),
            ("[::1]:11434", "http://[::1]:11434"),
            ("http://proxy:80/ollama/", "http://proxy:80/ollama"),
            ("", nil),
            ("ftp://host", nil),
            ("host:notaport", nil),
            ("host:70000", nil),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(OllamaConfiguration.host(fromEnvironment: value)?.absoluteString, expected, value)
        }
    }
}

/// Every body the client sends passes Ollama's own request model (the `ollama` package).
final class OllamaRequestSchemaTests: XCTestCase {
    func testEveryBodyTheClientSendsMatchesTheOllamaPackagesModel() async throws {
        let server = try LoopbackServer(
            script: "ollama_server.py", steps: [["palette": true, "same": true], ["palette": true]])
        defer { server.stop() }
        let client = OllamaClient(configuration: OllamaConfiguration(host: server.baseURL))
        _ = try await client.generate(GenerationRequest(description: "寧靜的森林早晨", variation: 1, seed: 77))
        let bodies = try server.requests().map(\.body)
        XCTAssertEqual(bodies.count, 2)
        let result = try ChatRequestCheck.run(.ollama, bodies)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testTheCheckFailsOnABodyOllamaWouldNotTake() throws {
        let body = OllamaClient.body(
            model: "llama3.2", turns: PaletteConversation.turns(for: GenerationRequest(description: "x")),
            request: GenerationRequest(description: "x")
        ).text
        for (old, new) in [
            ("\"stream\":false", "\"stream\":true"), ("\"num_predict\"", "\"max_tokens\""),
            ("\"options\"", "\"settings\""), ("\"seed\":0", "\"seed\":\"zero\""),
        ] {
            let tampered = body.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(tampered, body, old)
            let result = try ChatRequestCheck.run(.ollama, [tampered])
            XCTAssertEqual(result.status, 1, "the check must be able to fail (\(old)): \(result.stdout)")
        }
    }
}
