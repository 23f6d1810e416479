import Foundation
import PaletteApp
import PaletteCore
import PaletteText
import ProviderKit
import TestSupport
import XCTest

/// How one protocol is scripted for the shared fault suite: its loopback server, its provider,
/// and its own answer and error bodies. The faults themselves (refused connection, reset
/// mid-body, hang, slow body, 429 with a delay, 5xx, invalid JSON, oversized body, redirect,
/// cancellation) are the suite's, the same for every provider; the step machinery that plays
/// them is `Servers/loopback.py`, which every server script in `Servers/` imports.
public struct FaultProtocol {
    /// The provider's id, expected in every failure.
    public var providerID: String
    /// The secret the provider sends, which no failure, line or URL may show; nil for none.
    public var key: String?
    /// Starts the protocol's server on loopback with a script of steps.
    public var serve: @Sendable ([[String: Any]]) throws -> LoopbackServer
    /// A provider for `endpoint` with this deadline and retry policy (jitter pinned).
    public var provider: @Sendable (_ endpoint: URL, _ timeout: Double, _ retry: RetryPolicy) -> any PaletteProvider
    /// The step that answers with the protocol's own palette reply.
    public var palette: [String: Any]
    /// The colours that step answers with, read back from the server (its log, or its fixture).
    public var answered: @Sendable (LoopbackServer) throws -> [String]
    /// `answered` for a server that logs its model's answer (`LoopbackServer.answeredColours`).
    public static let answeredFromLog: @Sendable (LoopbackServer) throws -> [String] = { try $0.answeredColours() }
    /// A 429 that asks the client to wait `seconds`, in the protocol's own way.
    public var rateLimited: @Sendable (_ seconds: Int) -> [String: Any]
    /// A 503 in the protocol's error shape, and the server message the failure should carry.
    public var overloaded: (step: [String: Any], message: String?)
    /// An error step whose message echoes `key`, and the failure expected (the key redacted).
    public var echoingKey: (@Sendable (String) -> (step: [String: Any], expected: ProviderFailure.Reason))?
    /// The step that answers with the model's own answer to the request it gets (one palette,
    /// or the candidates it asks for), with these traps (`Servers/candidates.py`).
    public var answer: @Sendable (_ traps: [String: Any]) -> [String: Any]

    public init(
        providerID: String, key: String?, serve: @escaping @Sendable ([[String: Any]]) throws -> LoopbackServer,
        provider: @escaping @Sendable (URL, Double, RetryPolicy) -> any PaletteProvider, palette: [String: Any],
        answered: @escaping @Sendable (LoopbackServer) throws -> [String],
        rateLimited: @escaping @Sendable (Int) -> [String: Any],
        overloaded: (step: [String: Any], message: String?),
        echoingKey: (@Sendable (String) -> (step: [String: Any], expected: ProviderFailure.Reason))?,
        answer: @escaping @Sendable (_ traps: [String: Any]) -> [String: Any] = { ["palette": true, "traps": $0] }
    ) {
        self.providerID = providerID
        self.key = key
        self.serve = serve
        self.provider = provider
        self.palette = palette
        self.answered = answered
        self.rateLimited = rateLimited
        self.overloaded = overloaded
        self.echoingKey = echoingKey
        self.answer = answer
    }
}

extension FaultProtocol: @unchecked Sendable {}

/// The fault suite, one method per fault; each provider's test case calls every one of them.
///
/// Every failure is also checked the way a user meets it: worded in each language as one line
/// (no line break), and with the key nowhere in the words, the failure's description or the
/// request URL.
public final class FaultSuite: @unchecked Sendable {
    public let p: FaultProtocol
    private let servers = ServerPool()
    /// Quick backoff, so retry tests take milliseconds.
    public static let quick = RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2)
    let request = GenerationRequest(description: "寧靜的森林早晨", variation: 0)

    public init(_ p: FaultProtocol) {
        self.p = p
    }

    /// Stops every server this suite started.
    public func tearDown() {
        servers.stopAll()
    }

    func serve(_ steps: [[String: Any]]) throws -> LoopbackServer {
        servers.keep(try p.serve(steps))
    }

    func provider(_ server: LoopbackServer, timeout: Double = 20, retry: RetryPolicy = quick) -> any PaletteProvider {
        p.provider(server.baseURL, timeout, retry)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let (s, atto) = (ContinuousClock.now - start).components
        return Double(s) + Double(atto) / 1e18
    }

    /// A generation expected to fail: its reason, after the user-facing checks.
    func failure(
        _ provider: any PaletteProvider, file: StaticString, line: UInt
    ) async -> ProviderFailure.Reason? {
        let outcome: Result<GeneratedPalette, any Error>
        do { outcome = .success(try await provider.generate(request)) } catch { outcome = .failure(error) }
        return failure(of: outcome, provider, file: file, line: line)
    }

    /// `failure(_:)` with a guard against a hang (`outcome(of:within:)`): for faults where the
    /// wrong behaviour is a long wait (a retry after minutes, a wait into a far deadline).
    func failure(
        guardedAgainstHang provider: any PaletteProvider, file: StaticString, line: UInt
    ) async throws -> ProviderFailure.Reason? {
        let request = self.request
        let task = Task { try await provider.generate(request) }
        return failure(of: try await outcome(of: task, "the generation"), provider, file: file, line: line)
    }

    func failure(
        of outcome: Result<GeneratedPalette, any Error>, _ provider: any PaletteProvider, file: StaticString,
        line: UInt
    ) -> ProviderFailure.Reason? {
        do {
            let result = try outcome.get()
            XCTFail("expected a failure, got \(result.palette.colors.map(\.hex))", file: file, line: line)
            return nil
        } catch let failure as ProviderFailure {
            XCTAssertEqual(failure.provider, p.providerID, file: file, line: line)
            for language in Language.allCases {
                let words = Messages.failure(failure)(language)
                XCTAssertFalse(words.contains("\n"), "one line: \(words)", file: file, line: line)
                XCTAssertFalse(words.isEmpty, file: file, line: line)
                if let key = p.key { XCTAssertFalse(words.contains(key), "no key in \(words)", file: file, line: line) }
            }
            if let key = p.key {
                XCTAssertFalse(String(describing: failure).contains(key), file: file, line: line)
                XCTAssertFalse(String(reflecting: provider).contains(key), file: file, line: line)
            }
            return failure.reason
        } catch {
            XCTFail("expected a ProviderFailure, got \(error)", file: file, line: line)
            return nil
        }
    }

    func succeeds(
        _ provider: any PaletteProvider, _ server: LoopbackServer, file: StaticString, line: UInt
    ) async throws {
        let result = try await provider.generate(request)
        XCTAssertEqual(result.palette.colors.map(\.hex), try p.answered(server), file: file, line: line)
        XCTAssertEqual(result.provider, p.providerID, file: file, line: line)
        XCTAssertFalse(result.isFallback, file: file, line: line)
    }

    func checkRequests(_ server: LoopbackServer, count: Int, file: StaticString, line: UInt) throws {
        let requests = try server.requests()
        XCTAssertEqual(requests.count, count, "requests the server saw", file: file, line: line)
        if let key = p.key {
            for request in requests {
                XCTAssertFalse(request.path.contains(key), "the key is never in the URL", file: file, line: line)
                XCTAssertFalse(request.body.contains(key), "the key is never in the body", file: file, line: line)
            }
        }
    }

    func waitForHangUp(_ server: LoopbackServer, file: StaticString, line: UInt) throws {
        _ = try eventually(timeout: 5, "the server to see the client hang up") {
            try server.events().contains("client-disconnected") ? true : nil
        }
    }

    // MARK: - The faults

    /// Nothing listens: `connectionRefused` naming the host, at once, never retried (a retry
    /// would wait out a ten-minute backoff, past the hang guard).
    public func refusedConnection(file: StaticString = #filePath, line: UInt = #line) async throws {
        let server = try serve([p.palette])
        let port = server.port
        server.stop()
        let provider = p.provider(server.baseURL, 1_200, RetryPolicy(maxAttempts: 3, baseDelay: 600, maxDelay: 600))
        let reason = try await failure(guardedAgainstHang: provider, file: file, line: line)
        XCTAssertEqual(reason, .connectionRefused(host: "127.0.0.1:\(port)"), file: file, line: line)
    }

    /// The connection is reset in the middle of every body: retried, then `connectionLost`;
    /// reset once, then answered: the palette.
    public func resetMidBody(file: StaticString = #filePath, line: UInt = #line) async throws {
        var reset = p.palette
        reset["reset_after"] = 20
        let always = try serve([reset])
        let reason = await failure(provider(always), file: file, line: line)
        XCTAssertEqual(reason, .connectionLost, file: file, line: line)
        try checkRequests(always, count: 3, file: file, line: line)

        let once = try serve([reset, p.palette])
        try await succeeds(provider(once), once, file: file, line: line)
        try checkRequests(once, count: 2, file: file, line: line)
    }

    /// The server closes without answering: a dropped connection, retried.
    public func closedWithoutAnswer(file: StaticString = #filePath, line: UInt = #line) async throws {
        let server = try serve([["close": true]])
        let reason = await failure(provider(server), file: file, line: line)
        XCTAssertEqual(reason, .connectionLost, file: file, line: line)
        try checkRequests(server, count: 3, file: file, line: line)
    }

    /// A server that never answers: the sub-second deadline, and the server sees the hang-up.
    /// Not rounded up to a whole second: an answer 0.9 s late is past a 0.5 s deadline. Not
    /// rounded down to nothing (libcurl's "no timeout"): the hang ends, and not much before 0.5 s
    /// (a lower bound, which load on the machine can only make longer).
    public func hang(file: StaticString = #filePath, line: UInt = #line) async throws {
        let server = try serve([["hang": true]])
        let start = ContinuousClock.now
        let reason = try await failure(guardedAgainstHang: provider(server, timeout: 0.5), file: file, line: line)
        XCTAssertEqual(reason, .timedOut(seconds: 0.5), file: file, line: line)
        XCTAssertGreaterThanOrEqual(Self.seconds(since: start), 0.45, "not rounded down", file: file, line: line)
        try waitForHangUp(server, file: file, line: line)

        var late = p.palette
        late["delay"] = 0.9
        let lateServer = try serve([late])
        let lateReason = await failure(provider(lateServer, timeout: 0.5), file: file, line: line)
        XCTAssertEqual(lateReason, .timedOut(seconds: 0.5), "not rounded up to a second", file: file, line: line)
    }

    /// Cancelling the task hangs up at once and is not retried (not honoured, it would wait
    /// out a twenty-minute deadline, past the hang guard).
    public func cancel(file: StaticString = #filePath, line: UInt = #line) async throws {
        let server = try serve([["hang": true]])
        let provider = self.provider(server, timeout: 1_200)
        let request = self.request
        let task = Task { try await provider.generate(request) }
        _ = try eventually(timeout: 5, "the request") { try server.requests().count == 1 ? true : nil }
        task.cancel()
        let result = try await outcome(of: task, "the cancelled generation")
        guard case .failure(let error) = result else { return XCTFail("expected cancellation", file: file, line: line) }
        XCTAssertEqual((error as? ProviderFailure)?.kind, .cancelled, "\(error)", file: file, line: line)
        try waitForHangUp(server, file: file, line: line)
        try checkRequests(server, count: 1, file: file, line: line)
    }

    /// A slow body within the deadline is read; one that trickles past it times out.
    public func slowBody(file: StaticString = #filePath, line: UInt = #line) async throws {
        var slow = p.palette
        slow["delay"] = 0.3
        slow["trickle"] = 0.002
        let within = try serve([slow])
        try await succeeds(provider(within, timeout: 10), within, file: file, line: line)

        var past = p.palette
        past["delay"] = 0.3
        past["trickle"] = 0.1
        let server = try serve([past])
        let start = ContinuousClock.now
        let reason = await failure(provider(server, timeout: 1), file: file, line: line)
        XCTAssertEqual(reason, .timedOut(seconds: 1), "a trickling body is bounded too", file: file, line: line)
        XCTAssertGreaterThanOrEqual(Self.seconds(since: start), 0.9, file: file, line: line)
    }

    /// A 429 with the server's delay is waited out, then answered; a delay past the deadline
    /// fails at once with that delay.
    public func rateLimitedWithDelay(file: StaticString = #filePath, line: UInt = #line) async throws {
        let server = try serve([p.rateLimited(1), p.palette])
        let start = ContinuousClock.now
        try await succeeds(provider(server), server, file: file, line: line)
        XCTAssertGreaterThanOrEqual(Self.seconds(since: start), 1, "waited the server's delay", file: file, line: line)
        try checkRequests(server, count: 2, file: file, line: line)

        // A delay past the deadline: no sleep into a ten-minute deadline (past the hang guard).
        let long = try serve([p.rateLimited(3_000)])
        let reason = try await failure(guardedAgainstHang: provider(long, timeout: 600), file: file, line: line)
        XCTAssertEqual(reason, .rateLimited(retryAfter: 3_000), file: file, line: line)
        try checkRequests(long, count: 1, file: file, line: line)
    }

    /// 5xx is retried to the limit, then `serverUnavailable` with the server's words; an HTML
    /// 502 from a proxy, then an answer: the palette.
    public func serverErrors(file: StaticString = #filePath, line: UInt = #line) async throws {
        let server = try serve([p.overloaded.step])
        let reason = await failure(provider(server), file: file, line: line)
        XCTAssertEqual(
            reason, .serverUnavailable(status: 503, serverMessage: p.overloaded.message), file: file, line: line)
        try checkRequests(server, count: 3, file: file, line: line)

        let proxy = try serve([["status": 502, "body": Self.html, "content_type": "text/html"], p.palette])
        try await succeeds(provider(proxy), proxy, file: file, line: line)
        try checkRequests(proxy, count: 2, file: file, line: line)
    }

    static let html = "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>"

    /// A body cut short is `malformedResponse`; an HTML page with 200 is `notJSON`; neither retried.
    public func invalidJSON(file: StaticString = #filePath, line: UInt = #line) async throws {
        var cut = p.palette
        cut["truncate"] = 30
        let server = try serve([cut])
        let reason = await failure(provider(server), file: file, line: line)
        XCTAssertEqual(reason, .malformedResponse, file: file, line: line)
        try checkRequests(server, count: 1, file: file, line: line)

        let page = try serve([["status": 200, "body": Self.html, "content_type": "text/html; charset=UTF-8"]])
        let html = await failure(provider(page), file: file, line: line)
        XCTAssertEqual(html, .notJSON(status: 200, contentType: "text/html; charset=UTF-8"), file: file, line: line)
        try checkRequests(page, count: 1, file: file, line: line)
    }

    /// 50 MiB, announced or chunked, is refused without being buffered.
    public func oversizedBody(file: StaticString = #filePath, line: UInt = #line) async throws {
        for chunked in [false, true] {
            let server = try serve([["huge_mb": 50, "chunked": chunked]])
            let reason = await failure(provider(server), file: file, line: line)
            XCTAssertEqual(
                reason, .responseTooLarge(limit: 4 * 1_048_576), "chunked: \(chunked)", file: file, line: line)
            try checkRequests(server, count: 1, file: file, line: line)
            server.stop()
        }
    }

    /// Redirects are refused, so the key goes nowhere else.
    public func redirect(file: StaticString = #filePath, line: UInt = #line) async throws {
        let elsewhere = try serve([p.palette])
        for status in [301, 302, 307, 308] {
            let server = try serve([["status": status, "body": "", "headers": ["Location": elsewhere.endpoint + "/x"]]])
            let reason = await failure(provider(server), file: file, line: line)
            XCTAssertEqual(reason, .redirectRefused(status: status), file: file, line: line)
            try checkRequests(server, count: 1, file: file, line: line)
            server.stop()
        }
        XCTAssertEqual(try elsewhere.requests().count, 0, "the target never saw the key", file: file, line: line)
    }

    /// Cancelling during a backoff stops at once, without another attempt.
    public func cancelDuringBackoff(file: StaticString = #filePath, line: UInt = #line) async throws {
        let server = try serve([p.overloaded.step])
        // A ten-minute backoff: a cancel that did not end the wait fails the hang guard.
        let provider = p.provider(server.baseURL, 1_200, RetryPolicy(maxAttempts: 3, baseDelay: 600, maxDelay: 600))
        let request = self.request
        let task = Task { try await provider.generate(request) }
        _ = try eventually(timeout: 5, "the first attempt") { try server.requests().count == 1 ? true : nil }
        task.cancel()
        let result = try await outcome(of: task, "the generation cancelled in its backoff")
        guard case .failure(let error) = result else { return XCTFail("expected cancellation", file: file, line: line) }
        XCTAssertEqual((error as? ProviderFailure)?.kind, .cancelled, file: file, line: line)
        try checkRequests(server, count: 1, file: file, line: line)
    }

    /// A server that echoes the key in an error: the failure carries it redacted.
    public func echoedKey(file: StaticString = #filePath, line: UInt = #line) async throws {
        guard let key = p.key, let echoing = p.echoingKey else { return }
        let (step, expected) = echoing(key)
        let server = try serve([step])
        let reason = await failure(provider(server), file: file, line: line)
        XCTAssertEqual(reason, expected, file: file, line: line)
        try checkRequests(server, count: 1, file: file, line: line)
    }
}

/// A generation expected to fail with a `ProviderFailure`: the failure, or nil after a test
/// failure when it succeeded or threw something else.
public func expectedFailure(
    _ provider: any PaletteProvider, _ request: GenerationRequest, file: StaticString = #filePath, line: UInt = #line
) async -> ProviderFailure? {
    do {
        let result = try await provider.generate(request)
        XCTFail("expected a failure, got \(result.palette.colors.map(\.hex))", file: file, line: line)
    } catch let failure as ProviderFailure {
        return failure
    } catch {
        XCTFail("not a ProviderFailure: \(error)", file: file, line: line)
    }
    return nil
}
