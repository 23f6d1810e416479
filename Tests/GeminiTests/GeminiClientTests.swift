import PaletteCore
import TestSupport
import XCTest

@testable import Gemini
@testable import ProviderKit

/// GeminiClient against the scripted loopback server: every Developer API fixture, every fault.
final class GeminiClientTests: XCTestCase {
    static let key = "test-key-3f9a7c1e"
    static let model = "gemini-2.5-flash-lite"
    /// What `gemini_server.py` lists that can generate content, ranked, without `model`.
    static let listed = [
        "gemini-3.5-flash-lite", "gemini-3.1-flash-lite", "gemini-3.8-flash", "gemini-3.6-flash", "gemini-3.5-flash",
        "gemini-3.1-pro-preview", "gemini-3.6-flash-preview-tts", "gemini-flash-latest", "gemini-flash-lite-latest",
    ]

    private let servers = ServerPool()

    override func tearDown() {
        servers.stopAll()
        super.tearDown()
    }

    private func serve(_ steps: [[String: Any]]) throws -> LoopbackServer {
        try servers.start(steps: steps)
    }

    private func serve(fixture: String, status: Int? = nil) throws -> LoopbackServer {
        var step: [String: Any] = ["fixture": fixture]
        if let status { step["status"] = status }
        return try serve([step])
    }

    /// A client with quick backoff so retry tests take milliseconds, not seconds.
    private func client(
        _ server: LoopbackServer, timeout: Double = 20,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2)
    ) -> GeminiClient {
        GeminiClient(
            configuration: GeminiConfiguration(
                apiKey: APIKey(Self.key)!, model: Self.model,
                baseURL: server.baseURL, timeout: timeout, retry: retry),
            jitter: { 0.5 })
    }

    /// Runs a generation expected to fail and returns the reason of its `ProviderFailure`.
    private func failure(
        _ client: GeminiClient, _ description: String = "寧靜的森林早晨",
        file: StaticString = #filePath, line: UInt = #line
    ) async -> ProviderFailure.Reason? {
        do {
            let result = try await client.generate(GenerationRequest(description: description, variation: 0))
            XCTFail("expected a failure, got \(result.palette.colors.map(\.hex))", file: file, line: line)
            return nil
        } catch let error as ProviderFailure {
            XCTAssertEqual(error.provider, "gemini", file: file, line: line)
            return error.reason
        } catch {
            XCTFail("expected a ProviderFailure, got \(error)", file: file, line: line)
            return nil
        }
    }

    /// Whether an error is the typed cancellation.
    private func isCancellation(_ error: any Error) -> Bool {
        (error as? ProviderFailure)?.kind == .cancelled
    }

    private func hexes(_ result: GeneratedPalette) -> [String] { result.palette.colors.map(\.hex) }

    /// The non-thought text of a fixture's first candidate, read independently of the client.
    private func fixtureAnswer(_ name: String) throws -> String {
        let data = try Data(contentsOf: Repository.url("Tests/GeminiTests/Fixtures").appendingPathComponent(name))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let candidates = json["candidates"] as? [[String: Any]] ?? []
        let parts = (candidates.first?["content"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        return parts.filter { ($0["thought"] as? Bool) != true }.compactMap { $0["text"] as? String }.joined()
    }

    // MARK: - Success and the request on the wire

    func testPaletteFromJSONModeAnswerAndTheRequestOnTheWire() async throws {
        let server = try serve(fixture: "palette-tui/palette-forest-morning.json")
        let result = try await client(server).generate(GenerationRequest(description: "寧靜的森林早晨", variation: 0))
        XCTAssertEqual(hexes(result), ["#4A6B4F", "#DCE5D0", "#E8B86D"])
        XCTAssertEqual(result.provider, "gemini")
        XCTAssertEqual(result.model, Self.model)
        XCTAssertFalse(result.isFallback)

        let requests = try server.requests()
        XCTAssertEqual(requests.count, 1)
        let request = requests[0]
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/v1beta/models/gemini-2.5-flash-lite:generateContent")
        XCTAssertEqual(request.headers["x-goog-api-key"], Self.key)
        XCTAssertTrue(request.headers["content-type"]?.hasPrefix("application/json") ?? false)
        XCTAssertFalse(request.path.contains(Self.key))
        XCTAssertFalse(request.body.contains(Self.key))
        XCTAssertNil(request.headers["authorization"])
        let body = try request.json()
        let contents = try XCTUnwrap(body["contents"] as? [[String: Any]])
        XCTAssertEqual(((contents[0]["parts"] as? [[String: Any]])?[0]["text"]) as? String, "寧靜的森林早晨")
    }

    func testThoughtPartsAreSkippedAndSplitPartsJoined() async throws {
        let server = try serve(fixture: "palette-tui/palette-thought-and-split-parts.json")
        let result = try await client(server).generate(GenerationRequest(description: "dusk", variation: 0))
        XCTAssertEqual(hexes(result), ["#1D3557", "#A8DADC", "#E63946"])
    }

    func testUnknownFinishReasonWithAPaletteIsAccepted() async throws {
        let server = try serve(fixture: "palette-tui/palette-unknown-finish-reason.json")
        let result = try await client(server).generate(GenerationRequest(description: "beach", variation: 0))
        XCTAssertEqual(hexes(result), ["#F4A261", "#264653", "#E9C46A"])
    }

    func testVariationReachesTheSystemInstruction() async throws {
        let server = try serve(fixture: "palette-tui/palette-forest-morning.json")
        _ = try await client(server).generate(GenerationRequest(description: "forest", variation: 1))
        let body = try XCTUnwrap(server.requests().first).json()
        let system = try XCTUnwrap(body["systemInstruction"] as? [String: Any])
        let text = ((system["parts"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        XCTAssertTrue(text.contains("alternative number 2"))
    }

    // MARK: - Unusable answers: ask once more, then fail clearly

    func testProseThenPaletteSucceedsOnTheFollowUp() async throws {
        let server = try serve([
            ["fixture": "googleai/unary-success-basic-reply-short.json"],
            ["fixture": "palette-tui/palette-forest-morning.json"],
        ])
        let result = try await client(server).generate(GenerationRequest(description: "forest", variation: 0))
        XCTAssertEqual(hexes(result), ["#4A6B4F", "#DCE5D0", "#E8B86D"])
        let requests = try server.requests()
        XCTAssertEqual(requests.count, 2)
        let contents = try XCTUnwrap(requests[1].json()["contents"] as? [[String: Any]])
        XCTAssertEqual(contents.map { $0["role"] as? String }, ["user", "model", "user"])
        let replayed = (contents[1]["parts"] as? [[String: Any]])?.first?["text"] as? String
        XCTAssertEqual(replayed, try fixtureAnswer("googleai/unary-success-basic-reply-short.json"))
        let correction = (contents[2]["parts"] as? [[String: Any]])?.first?["text"] as? String ?? ""
        XCTAssertTrue(correction.contains("could not be used"))
    }

    /// Every Developer API success capture holds prose, not a palette: the client asks once
    /// more, replaying exactly the non-thought answer text, then fails with `unusableAnswer`.
    func testProseCapturesAreAskedAgainOnceThenFail() async throws {
        let files = [
            "googleai/unary-success-basic-reply-long.json", "googleai/unary-success-basic-reply-long.txt",
            "googleai/unary-success-basic-reply-short.json", "googleai/unary-success-basic-reply-short.txt",
            "googleai/unary-success-citations.json", "googleai/unary-success-citations.txt",
            "googleai/unary-success-code-execution.json", "googleai/unary-success-google-maps-grounding.json",
            "googleai/unary-success-google-search-grounding-empty-grounding-chunks.json",
            "googleai/unary-success-google-search-grounding.json",
            "googleai/unary-success-url-context-mixed-validity.json", "googleai/unary-success-url-context.json",
            "googleai/unary-success-thinking-reply-thought-summary.json",
            "js-genai/unary-gemini-2.5-flash-responseJsonSchema.response.json",
        ]
        for file in files {
            let server = try serve(fixture: file)
            let error = await failure(client(server))
            let answer = try fixtureAnswer(file)
            guard case .unusableAnswer(let problem)? = error else {
                XCTFail("\(file): expected unusableAnswer, got \(String(describing: error))")
                continue
            }
            XCTAssertEqual(GeminiClient.palette(from: answer), .problem(problem), file)
            let requests = try server.requests()
            XCTAssertEqual(requests.count, 2, file)
            let contents = try XCTUnwrap(requests.last?.json()["contents"] as? [[String: Any]], file)
            XCTAssertEqual((contents[1]["parts"] as? [[String: Any]])?.first?["text"] as? String, answer, file)
            server.stop()
        }
        XCTAssertEqual(try fixtureAnswer("googleai/unary-success-thinking-reply-thought-summary.json"), "Mountain View")
    }

    func testNoTextAtAllIsAskedAgainThenReportedEmpty() async throws {
        for file in [
            "googleai/unary-success-thinking-function-call-thought-summary-signature.json",
            "palette-tui/stop-empty-text.json",
        ] {
            let server = try serve(fixture: file)
            let error = await failure(client(server))
            XCTAssertEqual(error, .unusableAnswer(problem: "the reply was empty"), file)
            XCTAssertEqual(try server.requests().count, 2, file)
            server.stop()
        }
    }

    // MARK: - Blocked, stopped and truncated answers: no retry, no follow-up

    func testAnswersWithoutAPaletteMapToTheirErrors() async throws {
        let cases: [(String, ProviderFailure.Reason)] = [
            ("googleai/unary-failure-finish-reason-safety.json", .answerBlocked(reason: "SAFETY")),
            ("googleai/unary-failure-finish-reason-safety.txt", .answerBlocked(reason: "SAFETY")),
            ("googleai/unary-failure-only-prompt-feedback.json", .promptBlocked(reason: "Message")),
            ("palette-tui/prompt-blocked-safety.json", .promptBlocked(reason: "SAFETY")),
            (
                "googleai/unary-failure-with-message-no-content.json",
                .noAnswer(reason: "OTHER", message: "Model failed to generate content due to internal error.")
            ),
            ("js-genai/unary-gemini-2.5-flash-max-tokens-no-parts.response.json", .truncated),
            ("js-genai/unary-gemini-2.5-flash-thinking-budget-50-max-tokens.response.json", .truncated),
            ("js-genai/unary-thinking-only-thought-part-max-tokens.response.json", .truncated),
            ("from-issues/success-200-max-tokens-no-parts-thinking.json", .truncated),
        ]
        for (file, expected) in cases {
            let server = try serve(fixture: file)
            let error = await failure(client(server))
            XCTAssertEqual(error, expected, file)
            XCTAssertEqual(try server.requests().count, 1, "\(file): neither retried nor asked again")
            server.stop()
        }
    }

    // MARK: - HTTP errors

    func testClientErrorsAreNeverRetried() async throws {
        let cases: [(String, ProviderFailure.Reason)] = [
            (
                "googleai/unary-failure-api-key.json",
                .invalidAPIKey(serverMessage: "API key not valid. Please pass a valid API key.")
            ),
            (
                "googleai/unary-failure-api-key.txt",
                .invalidAPIKey(serverMessage: "API key not valid. Please pass a valid API key.")
            ),
            (
                "from-issues/error-400-api-key-expired.json",
                .invalidAPIKey(serverMessage: "API key expired. Please renew the API key.")
            ),
            // The stand-in's model list, ranked (stable Flash-Lite, then stable Flash, newest first,
            // then the rest), without the model that was not found.
            ("googleai/unary-failure-unknown-model.json", .modelNotFound(model: Self.model, available: Self.listed)),
            ("googleai/unary-failure-unknown-model.txt", .modelNotFound(model: Self.model, available: Self.listed)),
            (
                "googleai/unary-failure-generativelanguage-api-not-enabled.json",
                .permissionDenied(
                    code: "SERVICE_DISABLED",
                    serverMessage:
                        "Generative Language API has not been used in project 12345678 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/generativelanguage.googleapis.com/overview?project=12345678 then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry."
                )
            ),
            (
                "from-issues/error-403-api-key-service-blocked.json",
                .permissionDenied(
                    code: "API_KEY_SERVICE_BLOCKED",
                    serverMessage:
                        "Requests to this API generativelanguage.googleapis.com method google.ai.generativelanguage.v1beta.GenerativeService.StreamGenerateContent are blocked."
                )
            ),
            (
                "from-issues/error-403-consumer-suspended.json",
                .permissionDenied(
                    code: "CONSUMER_SUSPENDED",
                    serverMessage: "Permission denied: Consumer 'api_key:REDACTED' has been suspended.")
            ),
            (
                "from-issues/error-403-unregistered-caller-no-key.json",
                .permissionDenied(
                    code: nil,
                    serverMessage:
                        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API."
                )
            ),
            (
                "from-issues/error-429-resource-exhausted-daily-quota.json",
                .quotaExhausted(
                    serverMessage:
                        "You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits."
                )
            ),
        ]
        for (file, expected) in cases {
            let server = try serve(fixture: file)
            let error = await failure(client(server))
            XCTAssertEqual(error, expected, file)
            XCTAssertEqual(try server.requests().filter { $0.method == "POST" }.count, 1, "\(file) is not retried")
            server.stop()
        }
        let schema = try serve(fixture: "from-issues/error-400-response-schema-unknown-field.json")
        guard case .badRequest(let message?)? = await failure(client(schema)) else { return XCTFail("badRequest") }
        XCTAssertTrue(
            message.hasPrefix("Invalid JSON payload received. Unknown name \"additional_properties\""), message)
        XCTAssertEqual(try schema.requests().count, 1)
    }

    func testServerErrorsAreRetriedThreeTimesThenReported() async throws {
        let cases: [(String, ProviderFailure.Reason)] = [
            (
                "from-issues/error-500-internal.json",
                .serverUnavailable(
                    status: 500,
                    serverMessage:
                        "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting"
                )
            ),
            (
                "from-issues/error-503-unavailable-overloaded.json",
                .serverUnavailable(
                    status: 503, serverMessage: "The model is overloaded. Please try again later.")
            ),
            (
                "from-issues/error-504-deadline-exceeded-representative.json",
                .serverUnavailable(
                    status: 504, serverMessage: "The service is unable to finish processing within the deadline.")
            ),
        ]
        for (file, expected) in cases {
            let server = try serve(fixture: file)
            let error = await failure(client(server))
            XCTAssertEqual(error, expected, file)
            XCTAssertEqual(try server.requests().count, 3, "\(file): three attempts in all")
            server.stop()
        }
    }

    func testOverloadedTwiceThenSuccess() async throws {
        let server = try LoopbackServer(scenario: "overloaded-twice-then-ok")
        servers.keep(server)
        let start = ContinuousClock.now
        let result = try await client(server).generate(GenerationRequest(description: "forest", variation: 0))
        XCTAssertEqual(hexes(result), ["#4A6B4F", "#DCE5D0", "#E8B86D"])
        XCTAssertEqual(try server.requests().count, 3)
        let elapsed = (ContinuousClock.now - start).seconds
        XCTAssertGreaterThanOrEqual(elapsed, 0.0375 + 0.075, "backed off between attempts")
    }

    func testRateLimitThenSuccessWaitsForRetryDelay() async throws {
        let server = try LoopbackServer(scenario: "rate-limit-then-ok")
        servers.keep(server)
        let start = ContinuousClock.now
        let result = try await client(server).generate(GenerationRequest(description: "forest", variation: 0))
        XCTAssertEqual(hexes(result), ["#4A6B4F", "#DCE5D0", "#E8B86D"])
        XCTAssertEqual(try server.requests().count, 2)
        XCTAssertGreaterThanOrEqual((ContinuousClock.now - start).seconds, 0.3, "waited the server's retryDelay")
    }

    func testRateLimitLongerThanTheDeadlineFailsAtOnceWithTheDelay() async throws {
        let server = try serve(fixture: "from-issues/error-429-resource-exhausted-quota-retryinfo.json")
        // 26 s asked, 25 s allowed: sleeping into the deadline would pass the 15 s hang guard.
        let gemini = client(server, timeout: 25)
        let task = Task { try await gemini.generate(GenerationRequest(description: "寧靜的森林早晨", variation: 0)) }
        let ended = try await outcome(of: task, within: 15, "the rate-limited generation")
        XCTAssertEqual((ended.failureValue as? ProviderFailure)?.reason, .rateLimited(retryAfter: 26))
        XCTAssertEqual(try server.requests().count, 1)
    }

    func testBackoffNeverOutlivesTheDeadline() async throws {
        let server = try serve(fixture: "from-issues/error-503-unavailable-overloaded.json")
        // A 20-40 s wait does not fit in 20 s; sleeping into the deadline would pass the hang guard.
        let slowBackoff = RetryPolicy(maxAttempts: 3, baseDelay: 40, maxDelay: 80)
        let gemini = client(server, timeout: 20, retry: slowBackoff)
        let task = Task { try await gemini.generate(GenerationRequest(description: "寧靜的森林早晨", variation: 0)) }
        let ended = try await outcome(of: task, within: 10, "the generation with a long backoff")
        XCTAssertEqual(
            (ended.failureValue as? ProviderFailure)?.reason,
            .serverUnavailable(status: 503, serverMessage: "The model is overloaded. Please try again later."))
        XCTAssertEqual(try server.requests().count, 1, "a 20-40 s wait does not fit in 20 s")
    }

    func testServerMessagesNeverEchoTheKey() async throws {
        let server = try serve([
            [
                "status": 400,
                "json": [
                    "error": [
                        "code": 400, "message": "API key not valid: \(Self.key) is unknown.",
                        "status": "INVALID_ARGUMENT",
                        "details": [
                            ["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"]
                        ],
                    ]
                ],
            ]
        ])
        let error = await failure(client(server))
        XCTAssertEqual(error, .invalidAPIKey(serverMessage: "API key not valid: <redacted> is unknown."))
        XCTAssertFalse(String(describing: error).contains(Self.key))
    }

    func testRedirectsAreRefusedSoTheKeyStaysHome() async throws {
        let elsewhere = try serve(fixture: "palette-tui/palette-forest-morning.json")
        for status in [301, 302, 307, 308] {
            let server = try serve([
                [
                    "status": status, "body": "",
                    "headers": ["Location": "\(elsewhere.baseURL.absoluteString)/v1beta/models/x:generateContent"],
                ]
            ])
            let error = await failure(client(server))
            XCTAssertEqual(error, .redirectRefused(status: status))
            XCTAssertEqual(try server.requests().count, 1)
            server.stop()
        }
        XCTAssertEqual(try elsewhere.requests().count, 0, "the redirect target never saw the key")
    }

    // MARK: - Bodies that are not Gemini JSON

    func testHTMLPageIsNotMistakenForAMissingModel() async throws {
        let server = try LoopbackServer(scenario: "html")
        servers.keep(server)
        let error = await failure(client(server))
        XCTAssertEqual(error, .notJSON(status: 404, contentType: "text/html; charset=UTF-8"))
        XCTAssertEqual(try server.requests().count, 1)
    }

    func testHTMLBadGatewayIsRetriedThenSucceeds() async throws {
        let server = try serve([
            ["fixture": "palette-tui/html-error-page.html", "status": 502],
            ["fixture": "palette-tui/palette-forest-morning.json"],
        ])
        let result = try await client(server).generate(GenerationRequest(description: "forest", variation: 0))
        XCTAssertEqual(hexes(result), ["#4A6B4F", "#DCE5D0", "#E8B86D"])
        XCTAssertEqual(try server.requests().count, 2)
    }

    func testHTMLWithStatus200IsNotJSON() async throws {
        let server = try serve(fixture: "palette-tui/html-error-page.html", status: 200)
        let error = await failure(client(server))
        XCTAssertEqual(error, .notJSON(status: 200, contentType: "text/html; charset=UTF-8"))
    }

    func testTruncatedJSONIsMalformed() async throws {
        let server = try LoopbackServer(scenario: "truncated")
        servers.keep(server)
        let error = await failure(client(server))
        XCTAssertEqual(error, .malformedResponse)
        XCTAssertEqual(try server.requests().count, 1)
    }

    func testFiftyMegabyteBodyIsRefusedWithoutBufferingIt() async throws {
        for chunked in [false, true] {
            let server = try serve([["huge_mb": 50, "chunked": chunked]])
            let error = await failure(client(server))
            XCTAssertEqual(error, .responseTooLarge(limit: 4 * 1_048_576), "chunked: \(chunked)")
            XCTAssertEqual(try server.requests().count, 1)
            server.stop()
        }
    }

    // MARK: - Transport faults

    func testResetMidBodyIsRetriedThenReported() async throws {
        let server = try LoopbackServer(scenario: "reset")
        servers.keep(server)
        let error = await failure(client(server))
        XCTAssertEqual(error, .connectionLost)
        XCTAssertEqual(try server.requests().count, 3)
    }

    func testResetThenSuccess() async throws {
        let server = try serve([
            ["fixture": "palette-tui/palette-forest-morning.json", "reset_after": 40],
            ["fixture": "palette-tui/palette-forest-morning.json"],
        ])
        let result = try await client(server).generate(GenerationRequest(description: "forest", variation: 0))
        XCTAssertEqual(hexes(result), ["#4A6B4F", "#DCE5D0", "#E8B86D"])
        XCTAssertEqual(try server.requests().count, 2)
    }

    func testClosedWithoutAnswerIsAConnectionLoss() async throws {
        let server = try serve([["close": true]])
        let error = await failure(client(server))
        XCTAssertEqual(error, .connectionLost)
        XCTAssertEqual(try server.requests().count, 3)
    }

    func testRefusedConnectionFailsFastWithoutRetry() async throws {
        let server = try serve(fixture: "palette-tui/palette-forest-morning.json")
        let port = server.port
        server.stop()
        let config = GeminiConfiguration(
            apiKey: APIKey(Self.key)!, baseURL: URL(string: "http://127.0.0.1:\(port)")!,
            timeout: 10)
        let error = await failure(GeminiClient(configuration: config))
        XCTAssertEqual(error, .connectionRefused(host: "127.0.0.1:\(port)"))
    }

    func testSlowServerWithinTheDeadlineSucceeds() async throws {
        let server = try serve([["fixture": "palette-tui/palette-forest-morning.json", "delay": 0.5, "trickle": 0.005]])
        let result = try await client(server, timeout: 10).generate(
            GenerationRequest(description: "forest", variation: 0))
        XCTAssertEqual(hexes(result), ["#4A6B4F", "#DCE5D0", "#E8B86D"])
    }

    func testSlowServerPastTheDeadlineTimesOut() async throws {
        let server = try serve([["fixture": "palette-tui/palette-forest-morning.json", "delay": 0.3, "trickle": 0.1]])
        let start = ContinuousClock.now
        let error = await failure(client(server, timeout: 1))
        XCTAssertEqual(
            error, .timedOut(seconds: 1),
            "a body that keeps trickling is still bounded by the overall deadline")
        XCTAssertGreaterThanOrEqual((ContinuousClock.now - start).seconds, 0.9)
    }

    func testHangingServerTimesOutAndIsHungUpOn() async throws {
        let server = try LoopbackServer(scenario: "hang")
        servers.keep(server)
        let start = ContinuousClock.now
        let error = await failure(client(server, timeout: 0.5))
        XCTAssertEqual(error, .timedOut(seconds: 0.5))
        let elapsed = (ContinuousClock.now - start).seconds
        XCTAssertGreaterThanOrEqual(elapsed, 0.45, "a sub-second deadline is honoured, not rounded to zero")
        try await waitFor { try server.events().contains("client-disconnected") }
    }

    func testCancellingTheTaskCancelsTheRequestAtOnce() async throws {
        let server = try LoopbackServer(scenario: "hang")
        servers.keep(server)
        // Not honoured, the cancel would wait out a twenty-minute deadline, past the hang guard.
        let gemini = client(server, timeout: 1_200)
        let task = Task { try await gemini.generate(GenerationRequest(description: "forest", variation: 0)) }
        try await waitFor { try server.requests().count == 1 }
        task.cancel()
        let ended = try await outcome(of: task, "the cancelled generation")
        if case .failure(let error) = ended {
            XCTAssertTrue(isCancellation(error), "got \(error)")
        } else {
            XCTFail("expected cancellation")
        }
        try await waitFor { try server.events().contains("client-disconnected") }
        XCTAssertEqual(try server.requests().count, 1, "a cancelled call is not retried")
    }

    func testCancellationDuringBackoffStopsRetrying() async throws {
        let server = try serve(fixture: "from-issues/error-503-unavailable-overloaded.json")
        // A ten-minute backoff: a cancel that did not end the wait fails the hang guard.
        let gemini = client(server, timeout: 1_200, retry: RetryPolicy(maxAttempts: 3, baseDelay: 600, maxDelay: 600))
        let task = Task { try await gemini.generate(GenerationRequest(description: "forest", variation: 0)) }
        try await waitFor { try server.requests().count == 1 }
        task.cancel()
        let ended = try await outcome(of: task, "the generation cancelled in its backoff")
        if case .failure(let error) = ended {
            XCTAssertTrue(isCancellation(error), "got \(error)")
        } else {
            XCTFail("expected cancellation")
        }
        XCTAssertEqual(try server.requests().count, 1)
    }

    // MARK: - One session for the client's lifetime, warmed up off the caller's path

    func testEveryRequestUsesTheOneMultiHandleAndReusesItsConnection() async throws {
        let server = try serve(fixture: "palette-tui/palette-forest-morning.json")
        let gemini = client(server)
        XCTAssertFalse(gemini.http.transport.isPrepared, "building a client sets nothing up")
        _ = try await gemini.generate(GenerationRequest(description: "forest", variation: 0))
        let driver = try gemini.http.transport.driver
        _ = try await gemini.generate(GenerationRequest(description: "forest", variation: 1))
        XCTAssertTrue(try gemini.http.transport.driver === driver, "the same multi handle for the second request")
        let peers = try server.requests().map(\.peer)
        XCTAssertEqual(peers.count, 2)
        XCTAssertNotNil(peers[0])
        XCTAssertEqual(peers[0], peers[1], "the second request goes over the first one's connection")
    }

    func testWarmUpMakesTheSessionWithoutConnecting() async throws {
        let listener = try SilentListener()
        let gemini = GeminiClient(
            configuration: GeminiConfiguration(
                apiKey: APIKey(Self.key)!, model: Self.model, baseURL: listener.baseURL, timeout: 10))
        await gemini.warmUp().value
        XCTAssertTrue(gemini.http.transport.isPrepared, "the session is ready before the first request")
        let connectedDuringWarmUp = try await listener.sawConnection(within: 0.3)
        XCTAssertFalse(connectedDuringWarmUp, "the warm-up never opens a connection")

        let request = Task { try await gemini.generate(GenerationRequest(description: "forest", variation: 0)) }
        let connectedForRequest = try await listener.sawConnection(within: 5)
        XCTAssertTrue(connectedForRequest, "the listener does see a real request's connection")
        request.cancel()
        _ = await request.result
    }

    func testRequestDuringWarmUpSharesItsSessionAndOnlyTheRequestIsSent() async throws {
        let server = try serve(fixture: "palette-tui/palette-forest-morning.json")
        let gemini = client(server)
        let warmUp = gemini.warmUp()
        let result = try await gemini.generate(GenerationRequest(description: "forest", variation: 0))
        await warmUp.value
        XCTAssertEqual(hexes(result), ["#4A6B4F", "#DCE5D0", "#E8B86D"])
        let driver = try gemini.http.transport.driver
        _ = try await gemini.generate(GenerationRequest(description: "forest", variation: 0))
        XCTAssertTrue(try gemini.http.transport.driver === driver)
        let requests = try server.requests()
        XCTAssertEqual(requests.count, 2, "the rehearsed task was never sent")
        XCTAssertTrue(requests.allSatisfy { $0.headers["x-goog-api-key"] == Self.key })
    }

    func testTheTransportShutsDownWhenTheClientGoesAway() async throws {
        let server = try serve(fixture: "palette-tui/palette-forest-morning.json")
        var gemini: GeminiClient? = client(server)
        _ = try await gemini?.generate(GenerationRequest(description: "forest", variation: 0))
        let driver = try XCTUnwrap(try gemini?.http.transport.driver)
        XCTAssertFalse(driver.hasShutDown)
        gemini = nil
        try await waitFor { driver.hasShutDown }
    }

    func testCancellingOneRequestLeavesTheSessionServingTheNext() async throws {
        let server = try serve([["hang": true], ["fixture": "palette-tui/palette-forest-morning.json"]])
        // Not honoured, the cancel would wait out a twenty-minute deadline, past the hang guard.
        let gemini = client(server, timeout: 1_200)
        let task = Task { try await gemini.generate(GenerationRequest(description: "forest", variation: 0)) }
        try await waitFor { try server.requests().count == 1 }
        task.cancel()
        let ended = try await outcome(of: task, "the cancelled generation")
        if case .failure(let error) = ended {
            XCTAssertTrue(isCancellation(error), "got \(error)")
        } else {
            XCTFail("expected cancellation")
        }
        try await waitFor { try server.events().contains("client-disconnected") }

        let result = try await gemini.generate(GenerationRequest(description: "forest", variation: 0))
        XCTAssertEqual(hexes(result), ["#4A6B4F", "#DCE5D0", "#E8B86D"])
        XCTAssertFalse(try gemini.http.transport.driver.hasShutDown)
        let peers = try server.requests().map(\.peer)
        XCTAssertEqual(peers.count, 2)
        XCTAssertNotEqual(peers[0], peers[1], "the cancelled request's connection was closed, not reused")
    }

    // MARK: - The request body passes Google's strict parser

    func testRecordedRequestsPassTheStrictSchemaCheck() async throws {
        let server = try serve([
            ["fixture": "googleai/unary-success-basic-reply-short.json"],
            ["fixture": "palette-tui/palette-forest-morning.json"],
        ])
        _ = try await client(server).generate(GenerationRequest(description: "寧靜的森林早晨", variation: 2))
        let bodies = try server.requests().map(\.body)
        XCTAssertEqual(bodies.count, 2, "the first request and the follow-up with a model turn")
        let result = try strictCheck(bodies)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("2 request bodies valid"), result.stdout)
    }

    func testStrictSchemaCheckRejectsAnUnknownField() throws {
        let body = String(decoding: try GeminiClient.encode(PalettePrompt.request(description: "x")), as: UTF8.self)
        let tampered = body.replacingOccurrences(of: "\"maxOutputTokens\"", with: "\"maxOutputTokenz\"")
        XCTAssertNotEqual(body, tampered)
        let result = try strictCheck([tampered])
        XCTAssertEqual(result.status, 1, "the checker must be able to fail: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("maxOutputTokenz"), result.stderr)
    }

    /// Google's strict parser over `bodies`; skips only when its package cannot be imported.
    private func strictCheck(_ bodies: [String]) throws -> ChildResult {
        try StrictGeminiCheck.run(bodies)
    }

    /// Polls a condition for up to five seconds.
    private func waitFor(_ condition: () throws -> Bool, file: StaticString = #filePath, line: UInt = #line)
        async throws
    {
        for _ in 0..<100 {
            if try condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTFail("condition not met within 5 s", file: file, line: line)
    }
}
