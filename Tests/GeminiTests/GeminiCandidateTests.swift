import Foundation
import PaletteCore
import ProviderFaultSuite
import ProviderKit
import TestSupport
import XCTest

@testable import Gemini

/// The `generateContent` request that asks for several candidates (the candidates themselves are
/// the fault suite's, `ProviderFaultSuite/FaultSuiteCandidates.swift`): `responseSchema` an OBJECT whose `palettes` ARRAY has exactly the count
/// asked for, never `candidateCount` (Gemini 3 models refuse it above 1), valid for Google's
/// strict v1beta parser.
final class GeminiCandidateTests: XCTestCase {
    func testTheRequestAsksForTheArray() async throws {
        let server = try LoopbackServer(steps: [["answer": [String: Any]()]])
        defer { server.stop() }
        let client = GeminiFaultSuiteTests.protocolUnderTest.provider(server.baseURL, 20, FaultSuite.quick)
        let request = GenerationRequest(
            description: "夜晚的霓虹", locked: [.primary: RGB(r: 0x1B, g: 0x26, b: 0x3B)], candidateCount: 4)
        let result = try await client.generate(request)
        XCTAssertEqual(result.candidates.count, 4)
        let sent = try XCTUnwrap(try server.requests().first)
        let config = try XCTUnwrap(try sent.json()["generationConfig"] as? [String: Any])
        XCTAssertNil(config["candidateCount"])
        let schema = try XCTUnwrap(config["responseSchema"] as? [String: Any])
        XCTAssertEqual(schema["type"] as? String, "OBJECT")
        let list = try XCTUnwrap((schema["properties"] as? [String: Any])?["palettes"] as? [String: Any])
        XCTAssertEqual(list["type"] as? String, "ARRAY")
        XCTAssertEqual(list["minItems"] as? Int, 4)
        XCTAssertEqual(list["maxItems"] as? Int, 4)
        let primary = try XCTUnwrap(
            ((list["items"] as? [String: Any])?["properties"] as? [String: Any])?["primary"] as? [String: Any])
        XCTAssertEqual(primary["enum"] as? [String], ["#1B263B"])
        let check = try StrictGeminiCheck.run([sent.body])
        XCTAssertEqual(check.status, 0, check.stderr)
    }
}
