import Foundation
import PaletteCore
import ProviderFaultSuite
import ProviderKit
import TestSupport
import XCTest

@testable import OpenAI

/// The Gemini client's whole fault suite (`ProviderFaultSuite`), against the OpenAI client and
/// its loopback server.
final class OpenAIFaultTests: FaultSuiteTestCase {
    override class var faultProtocol: FaultProtocol { protocolUnderTest }

    static let key = "sk-test-7d41c0ffee"

    static func serve(_ steps: [[String: Any]], arguments: [String] = []) throws -> LoopbackServer {
        try LoopbackServer(script: "openai_server.py", steps: steps, arguments: ["--key", key] + arguments)
    }

    static func error(_ message: String, type: String, code: String?) -> [String: Any] {
        ["error": ["message": message, "type": type, "param": NSNull(), "code": code ?? NSNull()] as [String: Any]]
    }

    static let protocolUnderTest = FaultProtocol(
        providerID: "openai", key: key,
        serve: { try OpenAIFaultTests.serve($0) },
        provider: { endpoint, timeout, retry in
            OpenAIClient(
                configuration: OpenAIConfiguration(
                    apiKey: APIKey(key), model: "gpt-4.1-mini", baseURL: endpoint.appendingPathComponent("v1"),
                    timeout: timeout, retry: retry),
                refused: RefusedParts(), jitter: { 0.5 })
        },
        palette: ["palette": true],
        answered: FaultProtocol.answeredFromLog,
        rateLimited: { seconds in
            [
                "status": 429, "headers": ["Retry-After": String(seconds)],
                "json": error(
                    "Rate limit reached for gpt-4.1-mini on requests per min (RPM): Limit 3, Used 3, Requested 1.",
                    type: "requests", code: "rate_limit_exceeded"),
            ]
        },
        overloaded: (
            [
                "status": 503,
                "json": error("The server is overloaded or not ready yet.", type: "server_error", code: nil),
            ],
            "The server is overloaded or not ready yet."
        ),
        echoingKey: { key in
            (
                [
                    "status": 401,
                    "json": error(
                        "Incorrect API key provided: \(key).", type: "invalid_request_error", code: "invalid_api_key"),
                ],
                .invalidAPIKey(serverMessage: "Incorrect API key provided: <redacted>.")
            )
        })

    func testRefusedConnection() async throws { try await suite.refusedConnection() }
    func testResetMidBody() async throws { try await suite.resetMidBody() }
    func testClosedWithoutAnswer() async throws { try await suite.closedWithoutAnswer() }
    func testHang() async throws { try await suite.hang() }
    func testCancel() async throws { try await suite.cancel() }
    func testSlowBody() async throws { try await suite.slowBody() }
    func testRateLimitedWithDelay() async throws { try await suite.rateLimitedWithDelay() }
    func testServerErrors() async throws { try await suite.serverErrors() }
    func testInvalidJSON() async throws { try await suite.invalidJSON() }
    func testOversizedBody() async throws { try await suite.oversizedBody() }
    func testRedirect() async throws { try await suite.redirect() }
    func testCancelDuringBackoff() async throws { try await suite.cancelDuringBackoff() }
    func testEchoedKey() async throws { try await suite.echoedKey() }
    func testCandidatesFromOneRequest() async throws { try await suite.candidatesFromOneRequest() }
    func testCandidateTraps() async throws { try await suite.candidateTraps() }
    func testCandidatesNoneUsable() async throws { try await suite.candidatesNoneUsable() }
}
