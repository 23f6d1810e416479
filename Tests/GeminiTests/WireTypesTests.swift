import XCTest
import PaletteCore
import TestSupport
@testable import Gemini

/// Decoding, error classification and the retry schedule, without a network.
final class WireTypesTests: XCTestCase {
    private func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Repository.url("Tests/GeminiTests/Fixtures").appendingPathComponent(name))
    }

    private func response(_ name: String) throws -> GenerateContentResponse {
        try JSONDecoder().decode(GenerateContentResponse.self, from: fixture(name))
    }

    func testAnswerTextSkipsThoughtsAndJoinsParts() throws {
        XCTAssertEqual(try response("googleai/unary-success-thinking-reply-thought-summary.json").answerText,
                       "Mountain View")
        XCTAssertEqual(try response("palette-tui/palette-thought-and-split-parts.json").answerText,
                       "{\"primary\":\"#1D3557\",\"secondary\":\"#A8DADC\",\"accent\":\"#E63946\"}")
        XCTAssertEqual(try response("googleai/unary-success-thinking-function-call-thought-summary-signature.json").answerText, "")
        XCTAssertEqual(try response("js-genai/unary-gemini-2.5-flash-max-tokens-no-parts.response.json").answerText, "")
    }

    func testUnknownEnumValuesAndFieldsDecode() throws {
        let decoded = try response("palette-tui/palette-unknown-finish-reason.json")
        XCTAssertEqual(decoded.candidates?.first?.finishReason?.rawValue, "FAKE_NEW_FINISH_REASON")
        let extra = try response("palette-tui/palette-thought-and-split-parts.json")
        XCTAssertEqual(extra.modelVersion, "gemini-2.5-flash")
    }

    func testEveryCopiedResponseFixtureDecodes() throws {
        let root = Repository.url("Tests/GeminiTests/Fixtures")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path)
            .filter { ($0.hasSuffix(".json") || $0.hasSuffix(".txt")) && !$0.hasPrefix("from-issues/error") }
            .filter { !$0.contains("unary-failure-api-key") && !$0.contains("unary-failure-unknown-model")
                && !$0.contains("api-not-enabled") }
        XCTAssertGreaterThan(files.count, 20)
        for file in files {
            XCTAssertNoThrow(try response(file), file)
        }
    }

    func testErrorDetailsAreRead() throws {
        let perMinute = try XCTUnwrap(ErrorStatus.decode(fixture("from-issues/error-429-resource-exhausted-quota-retryinfo.json")))
        XCTAssertEqual(perMinute.retryDelay, 26)
        XCTAssertFalse(perMinute.isDailyQuota)
        let daily = try XCTUnwrap(ErrorStatus.decode(fixture("from-issues/error-429-resource-exhausted-daily-quota.json")))
        XCTAssertTrue(daily.isDailyQuota)
        let key = try XCTUnwrap(ErrorStatus.decode(fixture("googleai/unary-failure-api-key.json")))
        XCTAssertEqual(key.reason, "API_KEY_INVALID")
        XCTAssertEqual(key.code, 400)
        let wrapped = Data(#"[{"error":{"code":503,"message":"busy","status":"UNAVAILABLE"}}]"#.utf8)
        XCTAssertEqual(ErrorStatus.decode(wrapped)?.message, "busy")
        XCTAssertNil(ErrorStatus.decode(Data("<html></html>".utf8)))
        XCTAssertEqual(ErrorStatus.seconds(fromDuration: "53.016342224s") ?? 0, 53.016342224, accuracy: 1e-9)
        XCTAssertNil(ErrorStatus.seconds(fromDuration: "soon"))
        XCTAssertNil(ErrorStatus.seconds(fromDuration: "-1s"))
    }

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

    func testAnswerChecksBlocksAndFinishReasonsBeforeParsing() throws {
        XCTAssertThrowsError(try GeminiClient.answer(in: response("palette-tui/prompt-blocked-safety.json"))) {
            XCTAssertEqual($0 as? GeminiError, .promptBlocked(reason: "SAFETY"))
        }
        XCTAssertThrowsError(try GeminiClient.answer(in: response("googleai/unary-failure-finish-reason-safety.json"))) {
            XCTAssertEqual($0 as? GeminiError, .answerBlocked(reason: "SAFETY"))
        }
        XCTAssertEqual(try GeminiClient.answer(in: response("palette-tui/palette-unknown-finish-reason.json")),
                       "{\"primary\":\"#F4A261\",\"secondary\":\"#264653\",\"accent\":\"#E9C46A\"}")
        XCTAssertEqual(GeminiClient.palette(from: " \n"), .problem("the reply was empty"))
    }

    func testEveryErrorHasOneActionableLine() {
        let all: [GeminiError] = [
            .missingAPIKey, .invalidEndpoint("x"), .invalidAPIKey(message: "m."), .permissionDenied(reason: nil, message: "m"),
            .permissionDenied(reason: "SERVICE_DISABLED", message: "m"), .modelNotFound(model: "x"),
            .badRequest(message: "m"), .rateLimited(retryAfter: 2.2), .rateLimited(retryAfter: nil),
            .quotaExhausted(message: "m"), .serverUnavailable(status: 503, message: nil), .unexpectedStatus(418), .unexpectedStatus(302),
            .notJSON(status: 200, contentType: "text/html"), .malformedResponse, .responseTooLarge(limit: 4_194_304),
            .promptBlocked(reason: "SAFETY"), .answerBlocked(reason: "RECITATION"), .truncated,
            .noAnswer(reason: "OTHER", message: "m"), .unusableAnswer("p"), .noNetwork(host: "h"),
            .connectionRefused(host: "h"), .connectionLost, .tlsFailure(host: "h"), .timedOut(seconds: 1.5),
            .transport("t"),
        ]
        for error in all {
            let line = error.userMessage
            XCTAssertFalse(line.contains("\n"), line)
            XCTAssertTrue(line.contains(":"), "says what happened, then what to do: \(line)")
            XCTAssertTrue(line.hasSuffix("."), line)
            XCTAssertFalse(line.contains(".."), line)
        }
        XCTAssertTrue(GeminiError.modelNotFound(model: "gemini-9").userMessage.contains("'gemini-9'"))
        XCTAssertTrue(GeminiError.modelNotFound(model: "gemini-9").userMessage.contains("--model"))
        XCTAssertTrue(GeminiError.rateLimited(retryAfter: 2.2).userMessage.contains("wait 3 s"))
        XCTAssertTrue(GeminiError.timedOut(seconds: 1.5).userMessage.contains("1.5 s"))
    }
}
