import Foundation
import PaletteCore
import PaletteEngine
import ProviderKit
import TestSupport
import XCTest

/// A second, made-up HTTP provider (`SwatchProvider`, form-encoded POST, plain-text answers)
/// against its own loopback service: the deadline, cancellation, retries, the size limit,
/// refused redirects and the offline fallback all come from ProviderKit, with no Gemini code.
final class SwatchProviderTests: XCTestCase {
    static let key = "sw-key-51d0e2"
    private let servers = ServerPool()

    override func tearDown() {
        servers.stopAll()
        super.tearDown()
    }

    private func serve(_ steps: [[String: Any]] = [["palette": true]]) throws -> LoopbackServer {
        try servers.start("swatch_server.py", steps: steps, arguments: ["--key", Self.key])
    }

    private func provider(
        _ server: LoopbackServer, timeout: Double = 10, key: String = key,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2),
        maxResponseBytes: Int = 4 * 1_048_576
    ) -> SwatchProvider {
        SwatchProvider(
            endpoint: server.baseURL, key: APIKey(key)!, timeout: timeout, retry: retry,
            maxResponseBytes: maxResponseBytes)
    }

    private let request = GenerationRequest(description: "寧靜的森林早晨 & rain", variation: 2)

    /// Runs a generation expected to fail and returns its failure.
    private func failure(
        _ provider: any PaletteProvider, _ request: GenerationRequest? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async -> ProviderFailure? {
        do {
            let result = try await provider.generate(request ?? self.request)
            XCTFail("expected a failure, got \(result.palette.colors.map(\.hex))", file: file, line: line)
            return nil
        } catch {
            guard let failure = error as? ProviderFailure else {
                XCTFail("expected a ProviderFailure, got \(error)", file: file, line: line)
                return nil
            }
            return failure
        }
    }

    /// The palette the service said it answered with, from its log.
    private func answered(_ server: LoopbackServer) throws -> [String] {
        let event = try XCTUnwrap(try server.events().last { $0.hasPrefix("answered ") })
        return event.split(separator: " ").dropFirst().map(String.init)
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let (s, atto) = (ContinuousClock.now - start).components
        return Double(s) + Double(atto) / 1e18
    }

    // MARK: - The protocol

    func testPaletteOverTheFormProtocol() async throws {
        let server = try serve()
        let result = try await provider(server).generate(request)
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        XCTAssertEqual(result.provider, "swatch")
        XCTAssertEqual(result.model, "swatch-1")

        let sent = try XCTUnwrap(try server.requests().first)
        XCTAssertEqual(sent.method, "POST")
        XCTAssertEqual(sent.path, "/v1/swatch")
        XCTAssertEqual(sent.headers["authorization"], "Swatch \(Self.key)")
        XCTAssertEqual(sent.headers["content-type"], "application/x-www-form-urlencoded")
        let form = try XCTUnwrap(URLComponents(string: "http://x/?" + sent.body)?.queryItems)
        XCTAssertEqual(form.first { $0.name == "description" }?.value, "寧靜的森林早晨 & rain")
        XCTAssertEqual(form.first { $0.name == "variation" }?.value, "2")
        XCTAssertFalse(sent.path.contains(Self.key) || sent.body.contains(Self.key), "the key only in its header")
    }

    func testAFieldTheServiceCannotHonourIsATypedAnswerAndNothingIsSent() async throws {
        let server = try serve()
        var locked = request
        locked.locked = [.accent: RGB(packed: 0xFF0000)]
        let failure = await failure(provider(server), locked)
        XCTAssertEqual(failure, ProviderFailure(provider: "swatch", .unsupported([.lockedRoles])))
        XCTAssertEqual(try server.requests().count, 0)
        var seeded = request
        seeded.seed = 7
        _ = try await provider(server).generate(seeded)
        XCTAssertTrue(try server.requests().first?.body.contains("seed=7") ?? false)
    }

    func testAWrongKeyIsFinalAndAnEchoedKeyIsRedacted() async throws {
        let server = try serve([["status": 401, "body": "error key \(Self.key) is unknown"]])
        let echoed = await failure(provider(server))
        XCTAssertEqual(echoed?.reason, .invalidAPIKey(serverMessage: "key <redacted> is unknown"))
        XCTAssertEqual(try server.requests().count, 1, "not retried")
        let wrong = await failure(provider(server, key: "not-the-key"))
        XCTAssertEqual(wrong?.reason, .invalidAPIKey(serverMessage: "bad-key"), "the service's own check")
    }

    // MARK: - The deadline and cancellation

    func testTheDeadlineIsExactAndTheServerSeesTheHangUp() async throws {
        let server = try serve([["hang": true]])
        let start = ContinuousClock.now
        let failure = await failure(provider(server, timeout: 0.6))
        let elapsed = seconds(since: start)
        XCTAssertEqual(failure?.reason, .timedOut(seconds: 0.6))
        XCTAssertGreaterThanOrEqual(elapsed, 0.55, "a sub-second deadline is honoured, not rounded down")
        _ = try eventually(timeout: 5, "the hang-up") {
            try server.events().contains("client-disconnected") ? true : nil
        }
    }

    /// The 64-byte answer goes out in 16-byte pieces 0.3 s apart: 1.5 s in all, past a 1 s deadline.
    func testATricklingBodyIsStillBoundedByTheDeadline() async throws {
        let server = try serve([["palette": true, "delay": 0.3, "trickle": 0.3]])
        let failure = await failure(provider(server, timeout: 1))
        XCTAssertEqual(failure?.reason, .timedOut(seconds: 1), "1.5 s of body past a 1 s deadline")
    }

    /// Not rounded up to a whole second: an answer 0.9 s late is past a 0.6 s deadline.
    func testTheDeadlineIsNotRoundedUp() async throws {
        let server = try serve([["palette": true, "delay": 0.9]])
        let failure = await failure(provider(server, timeout: 0.6))
        XCTAssertEqual(failure?.reason, .timedOut(seconds: 0.6))
    }

    func testCancellingTheTaskHangsUpAtOnce() async throws {
        let server = try serve([["hang": true]])
        // Not honoured, the cancel would wait out a twenty-minute deadline, past the hang guard.
        let swatch = provider(server, timeout: 1_200)
        let request = self.request
        let task = Task { try await swatch.generate(request) }
        _ = try eventually(timeout: 5, "the request") { try server.requests().count == 1 ? true : nil }
        task.cancel()
        let result = try await outcome(of: task, "the cancelled generation")
        guard case .failure(let error) = result else { return XCTFail("expected cancellation") }
        XCTAssertEqual(error as? ProviderFailure, ProviderFailure(provider: "swatch", .cancelled))
        _ = try eventually(timeout: 5, "the hang-up") {
            try server.events().contains("client-disconnected") ? true : nil
        }
        XCTAssertEqual(try server.requests().count, 1, "a cancelled call is not retried")
    }

    // MARK: - Retries

    func testRetriesBackOffAndWaitForTheServersRetryAfter() async throws {
        let server = try serve([
            ["status": 429, "headers": ["Retry-After": "1"], "body": "error slow-down"],
            ["status": 503, "body": "error busy"],
            ["palette": true],
        ])
        let start = ContinuousClock.now
        let result = try await provider(server).generate(request)
        let elapsed = seconds(since: start)
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        XCTAssertEqual(try server.requests().count, 3)
        // jitter 0.5: 1 s + 0.25 * 0.05 * 0.5 after the 429, then 0.05 * 2 * 0.75 after the 503.
        XCTAssertGreaterThanOrEqual(elapsed, 1.0 + 0.075, "waited the server's Retry-After, then backed off")
    }

    func testARetryAfterPastTheDeadlineFailsAtOnceWithTheDelay() async throws {
        // 3,000 s asked, 600 s allowed: sleeping into the deadline would pass the hang guard.
        let server = try serve([["status": 429, "headers": ["Retry-After": "3000"], "body": "error slow-down"]])
        let swatch = provider(server, timeout: 600)
        let request = self.request
        let task = Task { try await swatch.generate(request) }
        let ended = try await outcome(of: task, "the rate-limited generation")
        XCTAssertEqual((ended.failureValue as? ProviderFailure)?.reason, .rateLimited(retryAfter: 3_000))
        XCTAssertEqual(try server.requests().count, 1)
    }

    func testServerErrorsAreRetriedUpToTheLimit() async throws {
        let server = try serve([["status": 503, "body": "error busy"]])
        let failure = await failure(provider(server))
        XCTAssertEqual(failure?.reason, .serverUnavailable(status: 503, serverMessage: "busy"))
        XCTAssertEqual(try server.requests().count, 3, "three attempts in all")
    }

    /// Retried at once, not after the backoff: with a ten-minute backoff the retry still
    /// comes before the hang guard.
    func testADroppedConnectionIsRetriedAtOnce() async throws {
        let server = try serve([["palette": true, "reset_after": 10], ["palette": true]])
        let swatch = provider(server, timeout: 1_200, retry: RetryPolicy(maxAttempts: 3, baseDelay: 600, maxDelay: 600))
        let request = self.request
        let task = Task { try await swatch.generate(request) }
        let result = try await outcome(of: task, "the retried generation").get()
        XCTAssertEqual(result.palette.colors.map(\.hex), try answered(server))
        XCTAssertEqual(try server.requests().count, 2)
    }

    // MARK: - Size limit and redirects

    func testABodyPastTheLimitIsRefusedWithoutBufferingIt() async throws {
        for chunked in [false, true] {
            let server = try serve([["huge_mb": 50, "chunked": chunked]])
            let failure = await failure(provider(server, maxResponseBytes: 65_536))
            XCTAssertEqual(failure?.reason, .responseTooLarge(limit: 65_536), "chunked: \(chunked)")
            XCTAssertEqual(try server.requests().count, 1)
            server.stop()
        }
    }

    func testRedirectsAreRefusedSoTheKeyGoesNowhereElse() async throws {
        let elsewhere = try serve()
        for status in [301, 302, 307, 308] {
            let server = try serve([
                [
                    "status": status, "body": "",
                    "headers": ["Location": "\(elsewhere.endpoint)/v1/swatch"],
                ]
            ])
            let failure = await failure(provider(server))
            XCTAssertEqual(failure?.reason, .redirectRefused(status: status))
            XCTAssertEqual(try server.requests().count, 1)
            server.stop()
        }
        XCTAssertEqual(try elsewhere.requests().count, 0, "the redirect target never saw the key")
    }

    // MARK: - The offline fallback

    func testOutagesFallBackToTheOfflineEngineAndMistakesDoNot() async throws {
        let offline = OfflineEngine()
        let expected = try await offline.generate(request).palette

        let busy = try serve([["status": 503, "body": "error busy"]])
        let result = try await FallbackProvider(primary: provider(busy), fallback: offline).generate(request)
        XCTAssertEqual(result.palette, expected)
        XCTAssertEqual(result.provider, "offline")
        XCTAssertEqual(
            result.fallbackReason,
            ProviderFailure(provider: "swatch", .serverUnavailable(status: 503, serverMessage: "busy")))
        XCTAssertEqual(try busy.requests().count, 3, "the fallback comes after the retries")

        let gone = try serve()
        let port = gone.port
        gone.stop()
        let refused = SwatchProvider(
            endpoint: URL(string: "http://127.0.0.1:\(port)")!, key: APIKey(Self.key)!, timeout: 5)
        let offlineResult = try await FallbackProvider(primary: refused, fallback: offline).generate(request)
        XCTAssertEqual(offlineResult.fallbackReason?.reason, .connectionRefused(host: "127.0.0.1:\(port)"))

        let server = try serve()
        let wrongKey = await failure(FallbackProvider(primary: provider(server, key: "not-the-key"), fallback: offline))
        XCTAssertEqual(wrongKey?.kind, .misconfigured, "a wrong key is shown, never hidden behind offline palettes")

        var locked = request
        locked.locked = [.primary: RGB(packed: 0x000000)]
        let unsupported = await failure(FallbackProvider(primary: provider(server), fallback: offline), locked)
        XCTAssertEqual(unsupported?.kind, .unsupported)
    }
}
