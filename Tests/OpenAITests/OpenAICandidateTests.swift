import Foundation
import PaletteCore
import ProviderFaultSuite
import ProviderKit
import TestSupport
import XCTest

@testable import OpenAI

/// The request that asks for several candidates in one Chat Completions request (the candidates
/// themselves are the fault suite's, `ProviderFaultSuite/FaultSuiteCandidates.swift`): `response_format` holding an object with a `palettes`
/// array (no `minItems`/`maxItems`, which OpenAI's strict mode has refused), valid for the
/// `openai` package's request types.
final class OpenAICandidateTests: XCTestCase {
    func testTheRequestAsksForTheArray() async throws {
        let server = try OpenAIFaultTests.serve([["palette": true]])
        defer { server.stop() }
        let client = OpenAIFaultTests.protocolUnderTest.provider(server.baseURL, 20, FaultSuite.quick)
        let request = GenerationRequest(
            description: "海邊的日出", locked: [.accent: RGB(r: 0xE8, g: 0xB0, b: 0x4B)], candidateCount: 6)
        let result = try await client.generate(request)
        XCTAssertEqual(result.candidates.count, 6)
        let sent = try XCTUnwrap(try server.requests().first)
        let body = try sent.json()
        let nested = try XCTUnwrap((body["response_format"] as? [String: Any])?["json_schema"] as? [String: Any])
        XCTAssertEqual(nested["name"] as? String, "palettes")
        let schema = try XCTUnwrap(nested["schema"] as? [String: Any])
        XCTAssertEqual(schema["required"] as? [String], ["palettes"])
        XCTAssertEqual(schema["additionalProperties"] as? Bool, false)
        let list = try XCTUnwrap((schema["properties"] as? [String: Any])?["palettes"] as? [String: Any])
        XCTAssertEqual(list["type"] as? String, "array")
        XCTAssertNil(list["minItems"], "strict mode has refused minItems")
        XCTAssertTrue((list["description"] as? String ?? "").contains("6 palettes"))
        let item = try XCTUnwrap(list["items"] as? [String: Any])
        XCTAssertEqual(item["additionalProperties"] as? Bool, false, "strict: every object closed")
        let accent = try XCTUnwrap((item["properties"] as? [String: Any])?["accent"] as? [String: Any])
        XCTAssertEqual(accent["enum"] as? [String], ["#E8B04B"])
        let system = try XCTUnwrap((body["messages"] as? [[String: Any]])?.first?["content"] as? String)
        XCTAssertTrue(system.contains("an array of exactly 6 palette objects"), system)
        XCTAssertFalse(system.contains("It has exactly three keys"), "the single-palette shape rule is replaced")
        let check = try ChatRequestCheck.run(.openai, [sent.body])
        XCTAssertEqual(check.status, 0, check.stderr)
    }

    /// A server that refuses `response_format`: the array is asked for in the prompt, and the
    /// candidates still come from one answer (the refusal is the only other request).
    func testWithoutStructuredOutputTheSchemaGoesInThePrompt() async throws {
        let server = try OpenAIFaultTests.serve([["palette": true]], arguments: ["--no-structured"])
        defer { server.stop() }
        let client = OpenAIFaultTests.protocolUnderTest.provider(server.baseURL, 20, FaultSuite.quick)
        let result = try await client.generate(GenerationRequest(description: "night market", candidateCount: 4))
        XCTAssertEqual(try server.requests().count, 2, "the refusal, then the one answer")
        XCTAssertEqual(result.candidates.count, 4)
        XCTAssertEqual(result.notes.first, .parametersRefused(["response_format"]))
        XCTAssertEqual(
            result.candidates.map { $0.palette.colors.map(\.hex) }, try FaultSuite.answeredCandidates(server))
        let system = try XCTUnwrap(try server.requests().last?.json()["messages"] as? [[String: Any]])[0]
        XCTAssertTrue((system["content"] as? String ?? "").contains("\"palettes\""))
    }
}
