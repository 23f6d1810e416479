import Foundation
import PaletteCore
import PaletteEngine
import XCTest

@testable import ProviderKit

/// The parts of ProviderKit that need no network: backoff, server numbers, server text, keys,
/// and the fallback decision.
final class PolicyTests: XCTestCase {
    func testBackoffDoublesWithJitterAndHonoursRetryDelay() {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: 1, maxDelay: 8)
        XCTAssertEqual(policy.delay(afterAttempt: 1, retryAfter: nil, unit: 0), 0.5)
        XCTAssertEqual(policy.delay(afterAttempt: 1, retryAfter: nil, unit: 1), 1)
        XCTAssertEqual(policy.delay(afterAttempt: 2, retryAfter: nil, unit: 1), 2)
        XCTAssertEqual(policy.delay(afterAttempt: 3, retryAfter: nil, unit: 0.5), 3)
        XCTAssertEqual(policy.delay(afterAttempt: 10, retryAfter: nil, unit: 1), 8, "capped")
        XCTAssertEqual(policy.delay(afterAttempt: 1, retryAfter: 26, unit: 0), 26, "retryDelay is a floor")
        XCTAssertEqual(policy.delay(afterAttempt: 1, retryAfter: 26, unit: 1), 26.25)
        XCTAssertEqual(RetryPolicy(maxAttempts: 0).maxAttempts, 1)
    }

    func testServerNumbersAreReadInOnePlace() {
        XCTAssertEqual(ServerNumber.seconds(fromDuration: "53.016342224s") ?? 0, 53.016342224, accuracy: 1e-9)
        XCTAssertEqual(ServerNumber.seconds(fromDuration: "26s"), 26)
        XCTAssertNil(ServerNumber.seconds(fromDuration: "soon"))
        XCTAssertNil(ServerNumber.seconds(fromDuration: "-1s"))
        XCTAssertNil(ServerNumber.seconds(fromDuration: "infs"))
        XCTAssertNil(ServerNumber.seconds(fromDuration: "nans"))
        XCTAssertEqual(ServerNumber.retryAfter("7"), 7)
        XCTAssertEqual(ServerNumber.retryAfter(" 0 "), 0)
        XCTAssertNil(ServerNumber.retryAfter("-3"))
        XCTAssertNil(ServerNumber.retryAfter("1.5"), "delay-seconds is whole seconds")
        XCTAssertNil(ServerNumber.retryAfter("soon"))
        XCTAssertNil(ServerNumber.retryAfter(nil))
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        XCTAssertEqual(ServerNumber.retryAfter("Sun, 06 Nov 1994 08:49:47 GMT", now: now), 10)
        XCTAssertEqual(ServerNumber.retryAfter("Sun, 06 Nov 1994 08:49:00 GMT", now: now), 0, "a past date: no wait")
        // IMF-fixdate read without Foundation's DateFormatter (seconds from Python's calendar.timegm).
        XCTAssertEqual(ServerNumber.httpDate("Sun, 06 Nov 1994 08:49:37 GMT"), 784_111_777)
        XCTAssertEqual(ServerNumber.httpDate("Tue, 29 Feb 2028 00:00:00 GMT"), 1_835_395_200)
        XCTAssertEqual(ServerNumber.httpDate("Thu, 01 Jan 1970 00:00:00 GMT"), 0)
        XCTAssertEqual(ServerNumber.httpDate("Fri, 31 Dec 2100 23:59:59 GMT"), 4_133_980_799)
        for bad in [
            "Sun, 06 Nov 1994 08:49:37 UTC", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
            "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov 94 08:49:37 GMT", "", "Sat, 31 Feb 2026 00:00:00 GMT",
            "Sun, +6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 +8:49:37 GMT",
        ] {
            XCTAssertNil(ServerNumber.httpDate(bad), bad)
        }
        let reply = HTTPReply(status: 503, headers: ["Retry-After": "4"], body: Data())
        XCTAssertEqual(reply.retryAfter, 4, "header names are matched in any case")
    }

    func testDeadlineCountsDown() {
        let start = ContinuousClock.now  // any instant: the deadline is read at given instants
        let deadline = Deadline(seconds: 0.2, now: start)
        XCTAssertEqual(deadline.seconds, 0.2)
        XCTAssertEqual(deadline.remaining(at: start), 0.2, accuracy: 1e-9)
        XCTAssertEqual(deadline.remaining(at: start + .milliseconds(150)), 0.05, accuracy: 1e-9)
        XCTAssertEqual(deadline.remaining(at: start + .milliseconds(250)), -0.05, accuracy: 1e-9)
        XCTAssertEqual(Deadline(seconds: .nan, now: start).remaining(at: start), 0)
        XCTAssertEqual(Deadline(seconds: -3, now: start).remaining(at: start), 0)
        XCTAssertEqual(Deadline(seconds: 1e12, now: start).remaining(at: start), 86_400 * 365, "capped at a year")
    }

    func testKeysNeverShowAndAreTakenOutOfEveryServerText() throws {
        let key = try XCTUnwrap(APIKey("sk-live-9c1e"))
        XCTAssertEqual("\(key)", "<redacted>")
        XCTAssertEqual(String(reflecting: key), "<redacted>")
        var dumped = ""
        dump(key, to: &dumped)
        XCTAssertFalse(dumped.contains("9c1e"), dumped)
        XCTAssertNil(APIKey(" \n"))
        XCTAssertEqual(APIKey.from(environment: ["A": " ", "B": "b-key"], variables: ["A", "B"]), APIKey("b-key"))
        XCTAssertNil(APIKey.from(environment: ["A": ""], variables: ["A", "B"]))

        var request = HTTPRequest(url: URL(string: "http://127.0.0.1:9/")!)
        request.setValue(key, forHTTPHeaderField: "Authorization", prefix: "Bearer ")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Authorization"), "Bearer sk-live-9c1e")

        let text = ServerText(secrets: [key])
        let echo = "key sk-live-9c1e is bad"
        let reasons: [ProviderFailure.Reason] = [
            .invalidAPIKey(serverMessage: echo), .permissionDenied(code: echo, serverMessage: echo),
            .modelNotFound(model: "m", available: [echo]), .badRequest(serverMessage: echo),
            .quotaExhausted(serverMessage: echo), .serverUnavailable(status: 503, serverMessage: echo),
            .notJSON(status: 200, contentType: echo), .promptBlocked(reason: echo), .answerBlocked(reason: echo),
            .noAnswer(reason: echo, message: echo), .unusableAnswer(problem: echo), .transport(echo),
        ]
        for reason in reasons {
            let cleaned = text.clean(reason)
            XCTAssertNotEqual(cleaned, reason)
            XCTAssertFalse(String(describing: cleaned).contains("9c1e"), "\(cleaned)")
            XCTAssertTrue(String(describing: cleaned).contains("key <redacted> is bad"), "\(cleaned)")
        }
        let client = ProviderHTTPClient(provider: "made-up", timeout: 1, secrets: [key])
        XCTAssertEqual(
            client.failure(.badRequest(serverMessage: echo)),
            ProviderFailure(provider: "made-up", .badRequest(serverMessage: "key <redacted> is bad")))
    }

    // MARK: - Fallback

    /// A provider that fails with the error it is given: any provider, not Gemini.
    private struct Failing: PaletteProvider {
        let error: any Error
        var name: String { "elsewhere" }
        var model: String? { "m" }
        var supportedFields: Set<GenerationRequest.Field> { [] }
        func generate(_ request: GenerationRequest) async throws -> GeneratedPalette { throw error }
    }

    /// A provider that honours no optional field.
    private struct Limited: PaletteProvider {
        let inner: OfflineEngine
        var name: String { inner.name }
        var model: String? { inner.model }
        var supportedFields: Set<GenerationRequest.Field> { [] }
        func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
            try checkSupported(request)
            return try await inner.generate(request)
        }
    }

    func testFallbackFollowsTheNeutralKindOnly() async throws {
        let offline = OfflineEngine()
        let request = GenerationRequest(description: "forest", variation: 0)
        let expected = try await offline.generate(request).palette

        let falling: [ProviderFailure.Reason] = [
            .serverUnavailable(status: 503, serverMessage: nil), .rateLimited(retryAfter: 3),
            .quotaExhausted(serverMessage: nil),
            .connectionRefused(host: "h"), .timedOut(seconds: 1), .redirectRefused(status: 302),
            .responseTooLarge(limit: 1), .unusableAnswer(problem: "p"), .answerBlocked(reason: "SAFETY"),
        ]
        for reason in falling {
            let failure = ProviderFailure(provider: "elsewhere", reason)
            let result = try await FallbackProvider(primary: Failing(error: failure), fallback: offline).generate(
                request)
            XCTAssertTrue(result.isFallback, "\(reason)")
            XCTAssertEqual(result.palette, expected)
            XCTAssertEqual(result.provider, "offline")
            XCTAssertEqual(result.fallbackReason, failure)
        }

        let kept: [ProviderFailure.Reason] = [
            .invalidAPIKey(serverMessage: "m"), .permissionDenied(code: nil, serverMessage: "m"),
            .modelNotFound(model: "x", available: []), .missingAPIKey(variables: ["K"]),
            .invalidEndpoint("x", settings: []), .unsupported([.lockedRoles]), .cancelled,
        ]
        for reason in kept {
            do {
                _ = try await FallbackProvider(
                    primary: Failing(error: ProviderFailure(provider: "elsewhere", reason)),
                    fallback: offline
                ).generate(request)
                XCTFail("\(reason) must not fall back")
            } catch {
                XCTAssertEqual(error as? ProviderFailure, ProviderFailure(provider: "elsewhere", reason))
            }
        }
        let outage = ProviderFailure(provider: "elsewhere", .serverUnavailable(status: 503, serverMessage: nil))
        var locked = request
        locked.locked = [.accent: RGB(packed: 0xFF0000)]
        do {
            _ = try await FallbackProvider(primary: Failing(error: outage), fallback: Limited(inner: offline)).generate(
                locked)
            XCTFail("a fallback that cannot keep a locked colour cannot stand in")
        } catch {
            XCTAssertEqual(error as? ProviderFailure, outage, "the primary's failure, not the fallback's limits")
        }
        // The offline engine keeps locks, so it does stand in, lock kept.
        let stood = try await FallbackProvider(primary: Failing(error: outage), fallback: offline).generate(locked)
        XCTAssertEqual(stood.palette.accent, RGB(packed: 0xFF0000))
        XCTAssertEqual(stood.fallbackReason, outage)
        do {
            _ = try await FallbackProvider(primary: Failing(error: CancellationError()), fallback: offline).generate(
                request)
            XCTFail("cancellation must not fall back")
        } catch {
            XCTAssertEqual((error as? ProviderFailure)?.kind, .cancelled, "\(error)")
        }
    }
}
