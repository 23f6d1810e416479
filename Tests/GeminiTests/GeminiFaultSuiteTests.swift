import Foundation
import PaletteCore
import ProviderFaultSuite
import ProviderKit
import TestSupport
import XCTest

@testable import Gemini

/// The shared fault suite against Gemini, so the suite the new providers run is the one Gemini
/// passes (its detailed tests stay in `GeminiClientTests`).
final class GeminiFaultSuiteTests: FaultSuiteTestCase {
    override class var faultProtocol: FaultProtocol { protocolUnderTest }

    static let key = "test-key-3f9a7c1e"
    static let palette = "palette-tui/palette-forest-morning.json"

    static let protocolUnderTest = FaultProtocol(
        providerID: "gemini", key: key,
        serve: { try LoopbackServer(steps: $0) },
        provider: { endpoint, timeout, retry in
            GeminiClient(
                configuration: GeminiConfiguration(
                    apiKey: APIKey(key)!, baseURL: endpoint, timeout: timeout, retry: retry),
                jitter: { 0.5 })
        },
        palette: ["fixture": palette],
        answered: { _ in ["#4A6B4F", "#DCE5D0", "#E8B86D"] },
        rateLimited: { seconds in
            [
                "fixture": "from-issues/error-429-resource-exhausted-quota-retryinfo.json",
                "replace": ["\"26s\"": "\"\(seconds)s\""],
            ]
        },
        overloaded: (
            ["fixture": "from-issues/error-503-unavailable-overloaded.json"],
            "The model is overloaded. Please try again later."
        ),
        echoingKey: { key in
            (
                [
                    "json": [
                        "error": [
                            "code": 400, "message": "API key not valid: \(key).", "status": "INVALID_ARGUMENT",
                            "details": [
                                ["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"]
                            ],
                        ] as [String: Any]
                    ]
                ],
                .invalidAPIKey(serverMessage: "API key not valid: <redacted>.")
            )
        },
        answer: { ["answer": ["traps": $0]] })

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
