import Foundation
import PaletteCore
import ProviderFaultSuite
import ProviderKit
import TestSupport
import XCTest

@testable import Ollama

/// The Gemini client's whole fault suite (`ProviderFaultSuite`), against the Ollama client and
/// its loopback server (here as Ollama's cloud, which takes a key, so the key's redaction is
/// part of the suite).
final class OllamaFaultTests: FaultSuiteTestCase {
    override class var faultProtocol: FaultProtocol { protocolUnderTest }

    static let key = "ollama-test-key-5e2b9a"

    static let protocolUnderTest = FaultProtocol(
        providerID: "ollama", key: key,
        serve: { try LoopbackServer(script: "ollama_server.py", steps: $0, arguments: ["--key", key]) },
        provider: { endpoint, timeout, retry in
            OllamaClient(
                configuration: OllamaConfiguration(
                    host: endpoint, model: "llama3.2", apiKey: APIKey(key), timeout: timeout, retry: retry),
                jitter: { 0.5 })
        },
        palette: ["palette": true],
        answered: FaultProtocol.answeredFromLog,
        rateLimited: { seconds in
            ["status": 429, "headers": ["Retry-After": String(seconds)], "json": ["error": "too many requests"]]
        },
        overloaded: (
            ["status": 503, "json": ["error": "server busy, please try again.  maximum pending requests exceeded"]],
            "server busy, please try again.  maximum pending requests exceeded"
        ),
        echoingKey: { key in
            (
                ["status": 401, "json": ["error": "unauthorized: key \(key) is not valid"]],
                .invalidAPIKey(serverMessage: "unauthorized: key <redacted> is not valid")
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
