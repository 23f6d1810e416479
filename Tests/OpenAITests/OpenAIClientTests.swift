import Foundation
import PaletteCore
import PaletteEngine
import ProviderFaultSuite
import ProviderKit
import TestSupport
import XCTest

@testable import OpenAI

/// The OpenAI client against loopback servers that behave like OpenAI, llama.cpp, Ollama's
/// `/v1`, LM Studio and vLLM, traps included (`Servers/openai_server.py`).
final class OpenAIClientTests: XCTestCase {
    static let key = OpenAIFaultTests.key
    private let servers = ServerPool()

    override func tearDown() {
        servers.stopAll()
        super.tearDown()
    }

    private func serve(
        _ persona: String = "openai", steps: [[String: Any]] = [["palette": true]], key: String? = key,
        _ extra: [String] = []
    ) throws -> LoopbackServer {
        try servers.start(
            "openai_server.py", steps: steps,
            arguments: ["--persona", persona] + extra + (key.map { ["--key", $0] } ?? []))
    }

    private func client(
        _ server: LoopbackServer, key: String? = key, model: String = "gpt-4.1-mini",
        refused: RefusedParts = RefusedParts(), timeout: Double = 20
    ) -> OpenAIClient {
        OpenAIClient(
            configuration: OpenAIConfiguration(
                apiKey: key.flatMap(APIKey.init), model: model, baseURL: server.baseURL.appendingPathComponent("v1"),
                timeout: timeout, retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2)),
            refused: refused, jitter: { 0.5 })
    }

    private let request = GenerationRequest(description: "寧靜的森林早晨", variation: 0)

    private func answered(_ server: LoopbackServer) throws -> [String] { try server.answeredColours() }

    private func failure(_ provider: any PaletteProvider, file: StaticString = #filePath, line: UInt = #line) async
        -> ProviderFailure?
    {
        await expectedFailure(provider, request, file: file, line: line)
    }

    private func bodies(_ server: LoopbackServer) throws -> [[String: Any]] {
        try server.requests().map { try $0.json() }
    }

    // MARK: - The request on the wire

    func testTheRequestOnTheWire() async throws {
        let server = try serve()
        let result = try await client(server).generate(GenerationRequest(description: "寧靜的森林早晨", variation: 2))
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        XCTAssertEqual(result.provider, "openai")
        XCTAssertEqual(result.model, "gpt-4.1-mini")
        XCTAssertEqual(result.notes, [])

        let sent = try XCTUnwrap(try server.requests().first)
        XCTAssertEqual(sent.method, "POST")
        XCTAssertEqual(sent.path, "/v1/chat/completions")
        XCTAssertEqual(sent.headers["authorization"], "Bearer \(Self.key)")
        XCTAssertFalse(sent.path.contains(Self.key) || sent.body.contains(Self.key))
        let body = try sent.json()
        XCTAssertEqual(body["model"] as? String, "gpt-4.1-mini")
        XCTAssertEqual(body["temperature"] as? Double, Sampling.temperature)
        XCTAssertEqual(body["top_p"] as? Double, Sampling.topP)
        XCTAssertEqual(body["seed"] as? Int, 2, "the variation is the seed when none is given")
        XCTAssertEqual(body["max_tokens"] as? Int, PaletteInstructions.maxOutputTokens)
        XCTAssertEqual(body["stream"] as? Bool, false)
        let messages = try XCTUnwrap(body["messages"] as? [[String: Any]])
        XCTAssertEqual(messages.map { $0["role"] as? String }, ["system", "user"])
        XCTAssertEqual(messages[1]["content"] as? String, "寧靜的森林早晨", "the description verbatim")
        XCTAssertTrue((messages[0]["content"] as? String ?? "").contains("alternative number 3"))
        let format = try XCTUnwrap(body["response_format"] as? [String: Any])
        XCTAssertEqual(format["type"] as? String, "json_schema")
        let nested = try XCTUnwrap(format["json_schema"] as? [String: Any])
        XCTAssertEqual(nested["name"] as? String, "palette")
        XCTAssertEqual(nested["strict"] as? Bool, true)
        let schema = try XCTUnwrap(nested["schema"] as? [String: Any])
        XCTAssertEqual(schema["required"] as? [String], PaletteSchema.palette.required)
        XCTAssertEqual(schema["additionalProperties"] as? Bool, false)
        XCTAssertEqual(
            Set((schema["properties"] as? [String: Any] ?? [:]).keys), Set(Role.allCases.map(\.rawValue)))
        XCTAssertNil(format["schema"], "never the flat form llama.cpp's README shows")
        let raw = sent.body
        let order = ["primary", "secondary", "accent"].compactMap { raw.range(of: "\"\($0)\":{")?.lowerBound }
        XCTAssertEqual(order, order.sorted(), "properties in role order, which grammar-based servers follow")
        XCTAssertEqual(order.count, 3)
    }

    func testASeedIsSentAndTheSameRequestIsTheSameDraw() async throws {
        let server = try serve()
        var seeded = request
        seeded.seed = 42
        let first = try await client(server).generate(seeded)
        let second = try await client(server).generate(seeded)
        XCTAssertEqual(first.palette, second.palette)
        XCTAssertEqual(try bodies(server).map { $0["seed"] as? Int }, [42, 42])
    }

    func testNoKeyMeansNoAuthorizationHeaderAndAServerThatWantsOneSaysWhichVariable() async throws {
        let local = try serve("llamacpp", key: nil)
        _ = try await client(local, key: nil).generate(request)
        XCTAssertNil(try local.requests().first?.headers["authorization"])

        let cloud = try serve()
        let none = await failure(client(cloud, key: nil))
        XCTAssertEqual(none?.reason, .missingAPIKey(variables: ["OPENAI_API_KEY"]))
        let wrong = await failure(client(cloud, key: "sk-wrong"))
        XCTAssertEqual(wrong?.reason, .invalidAPIKey(serverMessage: "Incorrect API key provided."))
    }

    // MARK: - The default model

    /// A client for OpenAI's own API (as `api.openai.com` is) that is the loopback server.
    private func openAIsOwn(_ server: LoopbackServer, refused: RefusedParts = RefusedParts()) -> OpenAIClient {
        OpenAIClient(
            configuration: OpenAIConfiguration(
                apiKey: APIKey(Self.key), baseURL: server.baseURL.appendingPathComponent("v1"), timeout: 20,
                retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2), openAIsOwnAPI: true),
            refused: refused, jitter: { 0.5 })
    }

    /// gpt-4.1-mini shuts down on 2027-01-14 and OpenAI names gpt-6-luna in its place
    /// (docs/decisions.md, 2026-12-03); its documented body goes only to OpenAI's own host.
    func testTheDefaultModelIsGPT6LunaAndOnlyOpenAIsOwnHostGetsItsDocumentedBody() throws {
        XCTAssertEqual(OpenAIConfiguration.defaultModel, "gpt-6-luna")
        let cloud = OpenAIConfiguration(apiKey: APIKey(Self.key))
        XCTAssertEqual(cloud.model, "gpt-6-luna")
        XCTAssertTrue(cloud.isOpenAIsOwnAPI)
        XCTAssertEqual(cloud.dialect, .gpt6Luna)
        XCTAssertEqual(cloud.dialect.reasoningEffort, "none")
        XCTAssertEqual(cloud.dialect.leftOut, [.maxTokens])
        let upper = OpenAIConfiguration(apiKey: nil, baseURL: try XCTUnwrap(URL(string: "https://API.OpenAI.com/v1/")))
        XCTAssertEqual(upper.dialect, .gpt6Luna)
        for address in [
            "http://127.0.0.1:8080/v1", "http://localhost:1234/v1", "http://127.0.0.1:11434/v1",
            "https://openrouter.ai/api/v1", "https://api.openai.com.example.net/v1",
        ] {
            let local = OpenAIConfiguration(apiKey: nil, baseURL: try XCTUnwrap(URL(string: address)))
            XCTAssertEqual(local.model, "gpt-6-luna", address)
            XCTAssertFalse(local.isOpenAIsOwnAPI, address)
            XCTAssertEqual(local.dialect, .portable, address)
        }
        XCTAssertEqual(
            OpenAIConfiguration(apiKey: nil, model: "gpt-4.1-mini").dialect, .portable,
            "a model whose parameters are not written down here keeps the portable body, and its downgrades")
        XCTAssertEqual(OpenAIConfiguration(apiKey: nil, model: "gpt-6-luna-fast").dialect, .portable, "exact names")
    }

    /// With only OPENAI_API_KEY set: the default model, on OpenAI's API as the stand-in plays
    /// gpt-6-luna (`--luna`: max_tokens refused, sampling refused unless reasoning_effort is
    /// none), is asked for by name in one request carrying nothing it refuses, and no note.
    func testTheDefaultModelOnOpenAIsAPIIsOneRequestWithNothingItRefuses() async throws {
        let server = try serve("openai", key: Self.key, ["--luna"])
        let result = try await openAIsOwn(server).generate(GenerationRequest(description: "寧靜的森林早晨", variation: 2))
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        XCTAssertEqual(result.model, "gpt-6-luna")
        XCTAssertEqual(result.notes, [], "nothing refused")
        let sent = try server.requests()
        XCTAssertEqual(sent.count, 1, "one request")
        let first = try XCTUnwrap(sent.first)
        XCTAssertEqual(first.headers["authorization"], "Bearer \(Self.key)")
        let body = try first.json()
        XCTAssertEqual(body["model"] as? String, "gpt-6-luna")
        XCTAssertEqual(body["reasoning_effort"] as? String, "none")
        XCTAssertNil(body["max_tokens"])
        XCTAssertEqual(body["max_completion_tokens"] as? Int, PaletteInstructions.maxOutputTokens)
        XCTAssertEqual(body["temperature"] as? Double, Sampling.temperature)
        XCTAssertEqual(body["top_p"] as? Double, Sampling.topP)
        XCTAssertEqual(body["seed"] as? Int, 2)
        XCTAssertEqual((body["response_format"] as? [String: Any])?["type"] as? String, "json_schema")
        XCTAssertEqual(try server.events().filter { $0.hasPrefix("reasoning effort") }, ["reasoning effort none"])

        // The stand-in's traps are live: the portable body, left to the model's default effort,
        // is refused part by part.
        let portable = try await client(server, model: "gpt-6-luna").generate(request)
        XCTAssertEqual(portable.notes, [.parametersRefused(["temperature", "top_p", "max_tokens"])])
        XCTAssertEqual(try server.requests().count, 1 + 4)
    }

    /// A local server reached through --endpoint or OPENAI_BASE_URL (llama.cpp answers to any
    /// name, so the default model may well reach one) gets the portable body, exactly as
    /// before, and a server that refuses parts still has them left out, remembered and noted.
    func testALocalServerAskedForTheDefaultModelGetsThePortableBodyAndStillDowngrades() async throws {
        let server = try serve("openai", key: Self.key, ["--reasoning"])
        let memory = RefusedParts()
        let provider = OpenAIClient(
            configuration: OpenAIConfiguration(
                apiKey: APIKey(Self.key), baseURL: server.baseURL.appendingPathComponent("v1"), timeout: 20,
                retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2)),
            refused: memory, jitter: { 0.5 })
        XCTAssertEqual(provider.configuration.model, "gpt-6-luna")
        XCTAssertFalse(provider.configuration.isOpenAIsOwnAPI)
        let result = try await provider.generate(request)
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        XCTAssertEqual(result.notes, [.parametersRefused(["temperature", "top_p", "max_tokens"])])
        let sent = try bodies(server)
        XCTAssertEqual(sent.count, 4, "one request, then one without each refused part")
        guard sent.count == 4 else { return }
        XCTAssertEqual(
            Set(sent[0].keys),
            ["model", "messages", "response_format", "temperature", "top_p", "seed", "max_tokens", "stream"],
            "the portable body: no reasoning_effort, no max_completion_tokens")
        XCTAssertEqual(sent[0]["model"] as? String, "gpt-6-luna")
        XCTAssertEqual(Set(sent[3].keys), ["model", "messages", "response_format", "seed", "stream"])
        XCTAssertEqual(
            memory.parts(endpoint: server.baseURL.appendingPathComponent("v1"), model: "gpt-6-luna"),
            [.temperature, .topP, .maxTokens])

        let llama = try serve("llamacpp", key: nil)
        let local = OpenAIClient(
            configuration: OpenAIConfiguration(apiKey: nil, baseURL: llama.baseURL.appendingPathComponent("v1")),
            refused: RefusedParts())
        _ = try await local.generate(request)
        let body = try XCTUnwrap(try bodies(llama).first)
        XCTAssertNil(body["reasoning_effort"])
        XCTAssertEqual(body["max_tokens"] as? Int, PaletteInstructions.maxOutputTokens)
        XCTAssertEqual(body["temperature"] as? Double, Sampling.temperature)
    }

    // MARK: - llama.cpp

    /// llama.cpp reads the schema only from the nested `json_schema.schema`: with it, the
    /// answer is constrained JSON; the fake answers prose to anything else.
    func testLlamaCppGetsTheNestedSchemaAndAnswersJSON() async throws {
        let server = try serve("llamacpp", key: nil)
        let result = try await client(server, key: nil, model: "any-name").generate(request)
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        XCTAssertEqual(try server.requests().count, 1)
    }

    /// When its grammar fails, llama.cpp answers 200 with unconstrained prose: the client asks
    /// once more with the exact problem, then fails, and the fallback gives an offline palette
    /// with that reason.
    func testLlamaCppFailingOpenIsAskedAgainThenFallsBack() async throws {
        let server = try serve("llamacpp", key: nil, ["--grammar-fails"])
        let provider = client(server, key: nil)
        let failed = await failure(provider)
        guard case .unusableAnswer(let problem)? = failed?.reason else {
            return XCTFail("expected unusableAnswer, got \(String(describing: failed))")
        }
        let bodies = try bodies(server)
        XCTAssertEqual(bodies.count, 2)
        let again = try XCTUnwrap(bodies[1]["messages"] as? [[String: Any]])
        XCTAssertEqual(again.map { $0["role"] as? String }, ["system", "user", "assistant", "user"])
        XCTAssertTrue((again[2]["content"] as? String ?? "").hasPrefix("What a lovely scene!"), "the reply, quoted")
        XCTAssertTrue((again[3]["content"] as? String ?? "").contains(problem), "the exact validation error")

        let offline = OfflineEngine()
        let result = try await FallbackProvider(primary: client(server, key: nil), fallback: offline).generate(request)
        let expected = try await offline.generate(request).palette
        XCTAssertEqual(result.palette, expected)
        XCTAssertEqual(result.fallbackReason, ProviderFailure(provider: "openai", .unusableAnswer(problem: problem)))
    }

    // MARK: - Ollama's /v1

    /// Ollama's `/v1` forces temperature and top_p to 1.0 when they are left out, and ignores
    /// `strict`: the client always states them, so the same request is the same draw.
    func testOllamaCompatGetsExplicitSamplingSoTheDrawIsReproducible() async throws {
        let server = try serve("ollama-compat", key: nil)
        let first = try await client(server, key: nil, model: "llama3.2").generate(request)
        let second = try await client(server, key: nil, model: "llama3.2").generate(request)
        XCTAssertEqual(first.palette, second.palette)
        let sampling = try server.events().filter { $0.hasPrefix("effective temperature") }
        XCTAssertEqual(sampling, Array(repeating: "effective temperature 0.7 top_p 0.9", count: 2))
        let missing = await failure(client(server, key: nil, model: "llama9"))
        XCTAssertEqual(missing?.reason, .modelNotFound(model: "llama9", available: []))
    }

    // MARK: - LM Studio

    /// LM Studio refuses `json_object` with a 400; the client never sends it.
    func testLMStudioGetsJSONSchemaNeverJSONObject() async throws {
        let server = try serve("lmstudio", key: nil)
        let result = try await client(server, key: nil, model: "qwen3:8b").generate(request)
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        let format = try XCTUnwrap(try bodies(server).first?["response_format"] as? [String: Any])
        XCTAssertEqual(format["type"] as? String, "json_schema")

        // The trap is live: the same server refuses json_object.
        let probe = HTTPRequest(
            url: server.baseURL.appendingPathComponent("v1/chat/completions"), method: "POST",
            body: Data(
                #"{"model":"qwen3:8b","messages":[{"role":"user","content":"json"}],"response_format":{"type":"json_object"}}"#
                    .utf8))
        let http = ProviderHTTPClient(provider: "probe", timeout: 10, retry: RetryPolicy(maxAttempts: 1))
        let reply = try await http.send(probe, by: http.startDeadline()) { .success($0) }
        XCTAssertEqual(reply.status, 400)
        XCTAssertTrue(String(decoding: reply.body, as: UTF8.self).contains("must be 'json_schema' or 'text'"))
    }

    // MARK: - Answers

    func testThinkBlocksFencesAndReasoningFieldsAreNeverTheAnswer() async throws {
        for (persona, step) in [
            ("openai", ["palette": true, "think": true]), ("vllm", ["palette": true, "reasoning": true]),
            ("llamacpp", ["palette": true, "fenced": true, "think": true]),
        ] as [(String, [String: Any])] {
            let server = try serve(persona, steps: [step], key: nil)
            let result = try await client(server, key: nil).generate(request)
            XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server), persona)
            XCTAssertNotEqual(result.palette.primary.hex, "#000000", "\(persona): not the decoy in the reasoning")
            XCTAssertEqual(try server.requests().count, 1, persona)
        }
    }

    func testFinishReasonLengthIsTruncationWithoutAskingAgain() async throws {
        let server = try serve(steps: [["palette": true, "finish": "length"]])
        let cut = await failure(client(server))
        XCTAssertEqual(cut?.reason, .truncated)
        XCTAssertEqual(try server.requests().count, 1)
    }

    func testThreeEqualColoursAreAskedAgainWithTheProblem() async throws {
        let server = try serve(steps: [["palette": true, "same": true], ["palette": true]])
        let result = try await client(server).generate(request)
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        let again = try XCTUnwrap(try bodies(server).last?["messages"] as? [[String: Any]])
        XCTAssertTrue((again.last?["content"] as? String ?? "").contains("the three colours must differ"))
    }

    func testARefusalIsAWithheldAnswer() async throws {
        let reply: [String: Any] = [
            "choices": [
                [
                    "index": 0, "finish_reason": "stop",
                    "message": ["role": "assistant", "content": NSNull(), "refusal": "I can't help with that."],
                ]
            ]
        ]
        let server = try serve(steps: [["json": reply]])
        let refused = await failure(client(server))
        XCTAssertEqual(refused?.reason, .answerBlocked(reason: "I can't help with that."))
    }

    func testQuotaIsFinalAndAnUnknownModelIsNamed() async throws {
        let quota = try serve(steps: [
            [
                "status": 429,
                "json": OpenAIFaultTests.error(
                    "You exceeded your current quota, please check your plan and billing details.",
                    type: "insufficient_quota", code: "insufficient_quota"),
            ]
        ])
        let spent = await failure(client(quota))
        XCTAssertEqual(
            spent?.reason,
            .quotaExhausted(
                serverMessage: "You exceeded your current quota, please check your plan and billing details."))
        XCTAssertEqual(try quota.requests().count, 1, "a quota is not retried")

        let server = try serve()
        let missing = await failure(client(server, model: "gpt-0"))
        XCTAssertEqual(missing?.reason, .modelNotFound(model: "gpt-0", available: []))
        XCTAssertEqual(missing?.kind, .misconfigured)
    }

    // MARK: - Refused parts: once without, remembered, noted

    /// A reasoning model refuses max_tokens, temperature and top_p by name, one at a time: each
    /// is left out once, the palette says so, and the next request to the same endpoint and
    /// model leaves them out at once.
    func testAReasoningModelsRefusalsAreLeftOutRememberedAndNoted() async throws {
        let server = try serve("openai", key: Self.key, ["--reasoning"])
        let memory = RefusedParts()
        let result = try await client(server, refused: memory).generate(request)
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        XCTAssertEqual(result.notes, [.parametersRefused(["temperature", "top_p", "max_tokens"])])
        let sent = try bodies(server)
        XCTAssertEqual(sent.count, 4, "one request, then one without each refused part")
        XCTAssertNotNil(sent[0]["max_tokens"])
        XCTAssertNil(sent[3]["max_tokens"])
        XCTAssertNil(sent[3]["temperature"])
        XCTAssertNil(sent[3]["top_p"])
        XCTAssertNotNil(sent[3]["response_format"], "what was not refused stays")
        XCTAssertNotNil(sent[3]["seed"])

        let again = try await client(server, refused: memory).generate(request)
        XCTAssertEqual(again.notes, [.parametersRefused(["temperature", "top_p", "max_tokens"])])
        XCTAssertEqual(try server.requests().count, 5, "remembered: the next request goes without them at once")
        XCTAssertEqual(
            memory.parts(endpoint: server.baseURL.appendingPathComponent("v1"), model: "gpt-4.1-mini"),
            [.temperature, .topP, .maxTokens])
        XCTAssertEqual(memory.parts(endpoint: server.baseURL.appendingPathComponent("v1"), model: "other"), [])
    }

    /// A server without structured output refuses response_format: the schema then goes in the
    /// system turn only, and the note says the format was asked for in the prompt.
    func testWithoutStructuredOutputTheSchemaGoesInThePrompt() async throws {
        let server = try serve("openai", key: Self.key, ["--no-structured"])
        let result = try await client(server).generate(request)
        XCTAssertEqual(result.notes, [.parametersRefused(["response_format"])])
        let sent = try bodies(server)
        XCTAssertEqual(sent.count, 2)
        XCTAssertNil(sent[1]["response_format"])
        let system = try XCTUnwrap((sent[1]["messages"] as? [[String: Any]])?.first?["content"] as? String)
        XCTAssertTrue(system.contains("JSON Schema: {\"type\":\"object\""), system)
        XCTAssertFalse(
            ((sent[0]["messages"] as? [[String: Any]])?.first?["content"] as? String ?? "").contains("JSON Schema:"))
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server), "the model followed the prompt")
    }

    func testAPartRefusedAgainAfterLeavingItOutIsABadRequest() async throws {
        let refusal: [String: Any] = [
            "status": 400,
            "json": [
                "error": [
                    "message": "Unsupported value: 'temperature' does not support 0.7 with this model.",
                    "type": "invalid_request_error", "param": "temperature", "code": "unsupported_value",
                ]
            ],
        ]
        let server = try serve(steps: [refusal])
        let twice = await failure(client(server))
        XCTAssertEqual(
            twice?.reason,
            .badRequest(serverMessage: "Unsupported value: 'temperature' does not support 0.7 with this model."))
        XCTAssertEqual(try server.requests().count, 2)
    }

    /// A server refusing `reasoning_effort` by name (a proxy in front of OpenAI's API, say) gets
    /// the documented body once more without it, as any refused part.
    func testAReasoningEffortRefusedByNameIsLeftOutLikeAnyPart() async throws {
        let refusal: [String: Any] = [
            "status": 400,
            "json": OpenAIFaultTests.error(
                "Unrecognized request argument supplied: reasoning_effort", type: "invalid_request_error", code: nil),
        ]
        let server = try serve(steps: [refusal, ["palette": true]])
        let result = try await openAIsOwn(server).generate(request)
        XCTAssertEqual(result.notes, [.parametersRefused(["reasoning_effort"])])
        let sent = try bodies(server)
        XCTAssertEqual(sent.map { $0["reasoning_effort"] as? String }, ["none", nil])
        XCTAssertNil(sent.last?["max_tokens"], "left out by the dialect, not put back")
    }

    func testTheRefusedPartIsReadFromParamOrMessage() {
        XCTAssertEqual(RequestPart.named(param: "temperature", message: nil), .temperature)
        XCTAssertEqual(RequestPart.named(param: "response_format.json_schema.schema", message: nil), .responseFormat)
        XCTAssertEqual(
            RequestPart.named(param: nil, message: "'response_format.type' must be 'json_schema' or 'text'"),
            .responseFormat)
        XCTAssertEqual(
            RequestPart.named(
                param: nil,
                message: "Unsupported parameter: 'max_tokens' is not supported. Use 'max_completion_tokens'."),
            .maxTokens)
        XCTAssertEqual(
            RequestPart.named(param: nil, message: "max_completion_tokens is too large"), .maxCompletionTokens,
            "a whole word: never max_tokens")
        XCTAssertNil(RequestPart.named(param: "messages", message: "'messages' must contain the word 'json'"))
        XCTAssertEqual(RequestPart.named(param: nil, message: "top_p and temperature"), .topP, "the first named")
        XCTAssertEqual(
            RequestPart.named(
                param: "max_completion_tokens", message: "'max_completion_tokens' or 'temperature'",
                among: Set(RequestPart.allCases).subtracting(RequestDialect.portable.leftOut)),
            .temperature, "a part the body was not sent with is not the one refused")
    }
}

/// Every body the client sends, first asks, follow-ups and downgrades alike, passes OpenAI's
/// own request types (the `openai` package); the check fails on a body that does not.
final class OpenAIRequestSchemaTests: XCTestCase {
    func testEveryBodyTheClientSendsMatchesTheOpenAIPackagesTypes() async throws {
        var bodies: [String] = []
        for (arguments, steps) in [
            ([], [["palette": true, "same": true], ["palette": true]]),
            (["--reasoning"], [["palette": true]]),
            (["--no-structured"], [["palette": true]]),
            (["--luna"], [["palette": true]]),
        ] as [([String], [[String: Any]])] {
            let server = try OpenAIFaultTests.serve(steps, arguments: arguments)
            let client = OpenAIClient(
                configuration: OpenAIConfiguration(
                    apiKey: APIKey(OpenAIFaultTests.key), baseURL: server.baseURL.appendingPathComponent("v1"),
                    openAIsOwnAPI: arguments == ["--luna"] ? true : nil),
                refused: RefusedParts())
            var request = GenerationRequest(description: "寧靜的森林早晨 \"quoted\"", variation: 3)
            request.seed = 9_000_000_000
            _ = try await client.generate(request)
            bodies += try server.requests().map(\.body)
            server.stop()
        }
        XCTAssertEqual(
            bodies.count, 2 + 4 + 2 + 1, "follow-up, three downgrades, the format downgrade, gpt-6-luna's own body")
        let result = try ChatRequestCheck.run(.openai, bodies)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("9 request bodies valid"), result.stdout)
    }

    func testTheCheckFailsOnABodyOpenAIWouldRefuse() throws {
        let body = chatCompletionsBody(
            model: "m", turns: PaletteConversation.turns(for: GenerationRequest(description: "x")),
            request: GenerationRequest(description: "x"), without: []
        ).text
        for (old, new) in [
            ("\"temperature\"", "\"temprature\""), ("\"name\":\"palette\",", ""), ("\"seed\":0", "\"seed\":\"0\""),
            ("\"role\":\"system\"", "\"role\":\"narrator\""),
        ] {
            let tampered = body.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(tampered, body, old)
            let result = try ChatRequestCheck.run(.openai, [tampered])
            XCTAssertEqual(result.status, 1, "the check must be able to fail (\(old)): \(result.stdout)")
        }
    }
}
