import PaletteCore
import TestSupport
import XCTest

@testable import Gemini
@testable import ProviderKit

/// Issue 11 point 0: the default model outlives its retirement. The stand-in lists models
/// (`GET /v1beta/models`, paginated) and answers a retired ID as Google does (404 NOT_FOUND) or
/// as some proxies do (429, 503).
final class RetiredModelTests: XCTestCase {
    static let key = "retired-model-key-1b4d"
    static let palette = "palette-tui/palette-forest-morning.json"

    /// A service a year on: the current default retired, newer Flash-Lite models (one a
    /// preview, one an alias), newer Flash models, and models that cannot generate content.
    static let future: [String: [String]] = [
        "gemini-3.5-flash-lite": ["generateContent"],
        "gemini-4.0-flash-lite": ["generateContent", "countTokens"],
        "gemini-4.0-flash-lite-001": ["generateContent"],
        "gemini-4.1-flash-lite-preview": ["generateContent"],
        "gemini-flash-lite-latest": ["generateContent"],
        "gemini-4.2-flash": ["generateContent"],
        "gemini-3.8-flash": ["generateContent"],
        "gemini-5.0-flash-lite-embedding": ["embedContent"],
        "gemini-4.0-flash-lite-tts-unlisted": ["predict"],
    ]

    private let servers = ServerPool()

    override func tearDown() {
        servers.stopAll()
        super.tearDown()
    }

    private func serve(
        _ steps: [[String: Any]] = [["fixture": palette]], models: [String: [String]] = future,
        retired: [String] = [GeminiConfiguration.defaultModel], status: Int = 404, pageSize: Int = 1000
    ) throws -> LoopbackServer {
        let modelData = try JSONSerialization.data(withJSONObject: models)
        return try servers.start(
            steps: steps,
            arguments: [
                "--models", String(decoding: modelData, as: UTF8.self),
                "--retired", retired.joined(separator: ","), "--retired-status", String(status),
                "--page-size", String(pageSize),
            ])
    }

    /// `model` nil: the user chose none, so the default may move on.
    private func client(_ server: LoopbackServer, model: String? = nil) -> GeminiClient {
        GeminiClient(
            configuration: GeminiConfiguration(
                apiKey: APIKey(Self.key)!, model: model, baseURL: server.baseURL, timeout: 20,
                retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2)),
            jitter: { 0.5 })
    }

    private let request = GenerationRequest(description: "寧靜的森林早晨", variation: 0)

    /// Method and path of every request the stand-in saw, in order.
    private func trail(_ server: LoopbackServer) throws -> [String] {
        try server.requests().map { "\($0.method) \($0.path.split(separator: "?").first ?? "")" }
    }

    private func post(_ model: String) -> String { "POST /v1beta/models/\(model):generateContent" }

    func testIssue11Point0ARetiredDefaultMovesToTheNewestFlashLiteAndSaysSo() async throws {
        for status in [404, 429, 503] {
            let server = try serve(status: status)
            let gemini = client(server)
            let first = try await gemini.generate(request)
            XCTAssertEqual(first.palette.colors.map(\.hex), ["#4A6B4F", "#DCE5D0", "#E8B86D"], "HTTP \(status)")
            XCTAssertEqual(first.model, "gemini-4.0-flash-lite", "the newest stable Flash-Lite, not a preview or alias")
            XCTAssertEqual(
                first.notes,
                [.modelReplaced(retired: GeminiConfiguration.defaultModel, replacement: "gemini-4.0-flash-lite")])
            XCTAssertEqual(
                try trail(server),
                [post(GeminiConfiguration.defaultModel), "GET /v1beta/models", post("gemini-4.0-flash-lite")],
                "HTTP \(status)")
            XCTAssertTrue(
                try server.requests().allSatisfy {
                    $0.headers["x-goog-api-key"] == Self.key && !$0.path.contains(Self.key)
                })

            // The move is kept: the next palette goes straight to the new model and says nothing.
            let second = try await gemini.generate(request)
            XCTAssertEqual(second.model, "gemini-4.0-flash-lite")
            XCTAssertEqual(second.notes, [])
            XCTAssertEqual(try trail(server).last, post("gemini-4.0-flash-lite"))
            XCTAssertEqual(try server.requests().count, 4)
            XCTAssertEqual(gemini.model, "gemini-4.0-flash-lite")
            server.stop()
        }
    }

    func testIssue11Point0AChosenModelIsNeverReplacedAndTheFailureNamesTheModelsThatCanBeUsed() async throws {
        for status in [404, 429, 503] {
            let server = try serve(retired: ["gemini-3.8-flash"], status: status)
            do {
                let result = try await client(server, model: "gemini-3.8-flash").generate(request)
                XCTFail("expected modelNotFound, got \(result)")
            } catch let failure as ProviderFailure {
                XCTAssertEqual(
                    failure.reason,
                    .modelNotFound(
                        model: "gemini-3.8-flash",
                        available: [
                            "gemini-4.0-flash-lite", "gemini-4.0-flash-lite-001", "gemini-3.5-flash-lite",
                            "gemini-4.2-flash", "gemini-4.1-flash-lite-preview", "gemini-flash-lite-latest",
                        ]), "HTTP \(status)")
            }
            XCTAssertEqual(try trail(server), [post("gemini-3.8-flash"), "GET /v1beta/models"], "HTTP \(status)")
            server.stop()
        }
    }

    func testIssue11Point0EveryPageOfTheListIsRead() async throws {
        let server = try serve(pageSize: 2)
        let result = try await client(server).generate(request)
        XCTAssertEqual(result.model, "gemini-4.0-flash-lite")
        let lists = try server.requests().filter { $0.method == "GET" }
        XCTAssertEqual(lists.count, 4, "eight models listed (one retired), two a page")
        XCTAssertTrue(lists.dropFirst().allSatisfy { $0.path.contains("pageToken=") })
    }

    /// A 429 that names the model is about the model only when the list does not have it: a
    /// listed model's rate limit is waited out and retried on the same model.
    func testIssue11Point0ARateLimitNamingAListedModelIsARateLimit() async throws {
        let quota = "from-issues/error-429-resource-exhausted-quota-retryinfo.json"
        let server = try serve(
            [
                [
                    "fixture": quota,
                    "replace": ["\"26s\"": "\"0.2s\"", "You exceeded": "models/gemini-4.2-flash: You exceeded"],
                ],
                ["fixture": Self.palette],
            ], retired: [])
        let result = try await client(server, model: "gemini-4.2-flash").generate(request)
        XCTAssertEqual(result.model, "gemini-4.2-flash")
        XCTAssertEqual(result.notes, [])
        XCTAssertEqual(try trail(server), [post("gemini-4.2-flash"), "GET /v1beta/models", post("gemini-4.2-flash")])
    }

    /// No Flash-Lite left, the list unreadable, or the replacement missing too: one failure, no loop.
    func testIssue11Point0WithoutAReplacementTheFailureSaysWhatIsThere() async throws {
        let noLite = try serve(models: ["gemini-4.2-flash": ["generateContent"]])
        do {
            _ = try await client(noLite).generate(request)
            XCTFail("expected modelNotFound")
        } catch let failure as ProviderFailure {
            XCTAssertEqual(
                failure.reason, .modelNotFound(model: GeminiConfiguration.defaultModel, available: ["gemini-4.2-flash"])
            )
        }

        // Every generateContent 404s (a wrong path through a proxy, say): one replacement tried, then the list.
        let everything = try serve([["fixture": "googleai/unary-failure-unknown-model.json"]], retired: [])
        do {
            _ = try await client(everything).generate(request)
            XCTFail("expected modelNotFound")
        } catch let failure as ProviderFailure {
            guard case .modelNotFound(let model, let available) = failure.reason else {
                return XCTFail("\(failure)")
            }
            XCTAssertEqual(model, "gemini-4.0-flash-lite")
            XCTAssertFalse(available.contains(GeminiConfiguration.defaultModel))
            XCTAssertFalse(available.contains("gemini-4.0-flash-lite"))
        }
        XCTAssertEqual(
            try trail(everything),
            [
                post(GeminiConfiguration.defaultModel), "GET /v1beta/models", post("gemini-4.0-flash-lite"),
                "GET /v1beta/models",
            ])
    }

    func testIssue11Point0TheNewestFlashLiteIsChosenByVersion() {
        XCTAssertEqual(
            GeminiClient.newestFlashLite(in: [
                "gemini-3.5-flash-lite", "gemini-10.0-flash-lite", "gemini-9.9-flash-lite",
                "gemini-11-flash-lite-preview",
                "gemini-flash-lite-latest", "gemini-12.0-flash",
            ]), "gemini-10.0-flash-lite")
        XCTAssertEqual(
            GeminiClient.newestFlashLite(in: ["gemini-3.5-flash", "gemini-flash-lite-latest"]),
            "gemini-flash-lite-latest")
        XCTAssertNil(GeminiClient.newestFlashLite(in: ["gemini-3.5-flash", "gemini-4-flash-lite-exp"]))
        XCTAssertEqual(GeminiClient.stableVersion("gemini-3.5-flash-lite-001", family: "flash-lite"), [3, 5])
        XCTAssertNil(GeminiClient.stableVersion("gemini-3.5-flash-lite", family: "flash"))
    }
}
