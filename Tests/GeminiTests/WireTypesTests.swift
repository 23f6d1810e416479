import PaletteCore
import TestSupport
import XCTest

@testable import Gemini

/// Decoding and reading answers, without a network.
final class WireTypesTests: XCTestCase {
    private func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Repository.url("Tests/GeminiTests/Fixtures").appendingPathComponent(name))
    }

    private func response(_ name: String) throws -> GenerateContentResponse {
        try JSONDecoder().decode(GenerateContentResponse.self, from: fixture(name))
    }

    func testAnswerTextSkipsThoughtsAndJoinsParts() throws {
        XCTAssertEqual(
            try response("googleai/unary-success-thinking-reply-thought-summary.json").answerText,
            "Mountain View")
        XCTAssertEqual(
            try response("palette-tui/palette-thought-and-split-parts.json").answerText,
            "{\"primary\":\"#1D3557\",\"secondary\":\"#A8DADC\",\"accent\":\"#E63946\"}")
        XCTAssertEqual(
            try response("googleai/unary-success-thinking-function-call-thought-summary-signature.json").answerText, "")
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
            .filter {
                !$0.contains("unary-failure-api-key") && !$0.contains("unary-failure-unknown-model")
                    && !$0.contains("api-not-enabled")
            }
        XCTAssertGreaterThan(files.count, 20)
        for file in files {
            XCTAssertNoThrow(try response(file), file)
        }
    }

    func testErrorDetailsAreRead() throws {
        let perMinute = try XCTUnwrap(
            ErrorStatus.decode(fixture("from-issues/error-429-resource-exhausted-quota-retryinfo.json")))
        XCTAssertEqual(perMinute.retryDelay, 26)
        XCTAssertFalse(perMinute.isDailyQuota)
        let daily = try XCTUnwrap(
            ErrorStatus.decode(fixture("from-issues/error-429-resource-exhausted-daily-quota.json")))
        XCTAssertTrue(daily.isDailyQuota)
        let key = try XCTUnwrap(ErrorStatus.decode(fixture("googleai/unary-failure-api-key.json")))
        XCTAssertEqual(key.reason, "API_KEY_INVALID")
        XCTAssertEqual(key.code, 400)
        let wrapped = Data(#"[{"error":{"code":503,"message":"busy","status":"UNAVAILABLE"}}]"#.utf8)
        XCTAssertEqual(ErrorStatus.decode(wrapped)?.message, "busy")
        XCTAssertNil(ErrorStatus.decode(Data("<html></html>".utf8)))
    }

    func testAnswerChecksBlocksAndFinishReasonsBeforeParsing() throws {
        XCTAssertThrowsError(try GeminiClient.answer(in: response("palette-tui/prompt-blocked-safety.json"))) {
            XCTAssertEqual(($0 as? ProviderFailure)?.reason, .promptBlocked(reason: "SAFETY"))
        }
        XCTAssertThrowsError(try GeminiClient.answer(in: response("googleai/unary-failure-finish-reason-safety.json")))
        {
            XCTAssertEqual(($0 as? ProviderFailure)?.reason, .answerBlocked(reason: "SAFETY"))
        }
        XCTAssertEqual(
            try GeminiClient.answer(in: response("palette-tui/palette-unknown-finish-reason.json")),
            "{\"primary\":\"#F4A261\",\"secondary\":\"#264653\",\"accent\":\"#E9C46A\"}")
        XCTAssertEqual(GeminiClient.palette(from: " \n"), .problem("the reply was empty"))
    }
}
