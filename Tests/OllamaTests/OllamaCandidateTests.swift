import Foundation
import PaletteCore
import ProviderFaultSuite
import ProviderKit
import TestSupport
import XCTest

@testable import Ollama

/// The `/api/chat` request that asks for several candidates (the candidates themselves are the
/// fault suite's, `ProviderFaultSuite/FaultSuiteCandidates.swift`): `format` an object whose `palettes` array has exactly the count asked for
/// (`minItems` = `maxItems`, which Ollama's grammar enforces), valid for the `ollama` package.
final class OllamaCandidateTests: XCTestCase {
    func testTheRequestAsksForTheArray() async throws {
        let server = try OllamaFaultTests.protocolUnderTest.serve([["palette": true]])
        defer { server.stop() }
        let client = OllamaFaultTests.protocolUnderTest.provider(server.baseURL, 20, FaultSuite.quick)
        let result = try await client.generate(GenerationRequest(description: "深秋的山", candidateCount: 3))
        XCTAssertEqual(result.candidates.count, 3)
        let sent = try XCTUnwrap(try server.requests().first)
        let format = try XCTUnwrap(try sent.json()["format"] as? [String: Any])
        let list = try XCTUnwrap((format["properties"] as? [String: Any])?["palettes"] as? [String: Any])
        XCTAssertEqual(list["minItems"] as? Int, 3)
        XCTAssertEqual(list["maxItems"] as? Int, 3)
        XCTAssertEqual((list["items"] as? [String: Any])?["required"] as? [String], PaletteSchema.palette.required)
        let check = try ChatRequestCheck.run(.ollama, [sent.body])
        XCTAssertEqual(check.status, 0, check.stderr)
    }
}
