import PaletteCore
import ProviderKit
import XCTest

@testable import Gemini

/// The prompt and request builder, without a network.
final class PalettePromptTests: XCTestCase {
    private func encoded(_ request: GenerateContentRequest) throws -> [String: Any] {
        let data = try GeminiClient.encode(request)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testDescriptionIsTheOnlyUserTurnVerbatim() throws {
        let description = "  寧靜的森林早晨\n with \"quotes\" and a URL https://example.org/a?b=c  "
        let request = PalettePrompt.request(description: description)
        XCTAssertEqual(request.contents.count, 1)
        XCTAssertEqual(request.contents[0].role, "user")
        XCTAssertEqual(request.contents[0].parts?.map(\.text), [description])

        let json = try encoded(request)
        let contents = try XCTUnwrap(json["contents"] as? [[String: Any]])
        let parts = try XCTUnwrap(contents[0]["parts"] as? [[String: Any]])
        XCTAssertEqual(parts[0]["text"] as? String, description, "the description survives encoding byte for byte")
        let raw = String(decoding: try GeminiClient.encode(request), as: UTF8.self)
        XCTAssertTrue(raw.contains("寧靜的森林早晨"), "CJK text is sent as UTF-8, not \\u escapes")
        XCTAssertTrue(raw.contains("https://example.org/a?b=c"), "slashes are not escaped")
    }

    func testSystemInstructionIsTheColourAnalyst() throws {
        let text = PalettePrompt.systemInstruction
        for word in [
            "colour analyst", "emotion", "atmosphere", "season", "time of day", "objects",
            "primary", "secondary", "accent", "balanced", "harmonious", "JSON", "#",
        ] {
            XCTAssertTrue(text.contains(word), "system instruction mentions \(word)")
        }
        let request = PalettePrompt.request(description: "zebra crossing")
        XCTAssertNil(request.systemInstruction.role, "systemInstruction carries no role")
        XCTAssertEqual(request.systemInstruction.parts?.map(\.text), [text])
        XCTAssertFalse(text.contains("zebra"), "the description never leaks into the instructions")
    }

    func testExampleInTheInstructionIsAPaletteTheParserAccepts() throws {
        let example = try XCTUnwrap(PalettePrompt.systemInstruction.components(separatedBy: "Example reply: ").last)
        let palette = try PaletteParser.parse(example)
        XCTAssertEqual(palette.colors.map(\.hex), ["#2E86AB", "#A23B72", "#F18F01"])
    }

    func testGenerationConfigAsksForJSONWithTheThreeRoles() throws {
        let json = try encoded(PalettePrompt.request(description: "sea"))
        let config = try XCTUnwrap(json["generationConfig"] as? [String: Any])
        XCTAssertEqual(
            Set(config.keys), ["responseMimeType", "responseSchema", "maxOutputTokens"],
            "nothing model-specific such as thinkingConfig or temperature")
        XCTAssertEqual(config["responseMimeType"] as? String, "application/json")
        XCTAssertGreaterThanOrEqual(
            config["maxOutputTokens"] as? Int ?? 0, 1024,
            "thinking tokens count against the limit: leave room")
        let schema = try XCTUnwrap(config["responseSchema"] as? [String: Any])
        let palette = PaletteSchema.palette
        XCTAssertEqual(schema["type"] as? String, "OBJECT")
        XCTAssertEqual(schema["description"] as? String, palette.description)
        XCTAssertEqual(schema["required"] as? [String], ["primary", "secondary", "accent"])
        XCTAssertEqual(schema["propertyOrdering"] as? [String], ["primary", "secondary", "accent"])
        let properties = try XCTUnwrap(schema["properties"] as? [String: [String: Any]])
        XCTAssertEqual(Set(properties.keys), ["primary", "secondary", "accent"])
        for property in palette.properties {
            let sent = try XCTUnwrap(properties[property.name], property.name)
            XCTAssertEqual(sent["type"] as? String, "STRING", property.name)
            XCTAssertEqual(sent["description"] as? String, property.description, "PaletteCore's words, as they are")
        }
        XCTAssertEqual(Set(json.keys), ["systemInstruction", "contents", "generationConfig"])
    }

    /// The schema's bytes on the wire, pinned: moving its definition must not change the request.
    func testResponseSchemaBytesOnTheWire() throws {
        let body = String(decoding: try GeminiClient.encode(PalettePrompt.request(description: "sea")), as: UTF8.self)
        let expected =
            #""responseSchema":{"description":"A three-colour palette.","properties":{"#
            + #""accent":{"description":"A small, distinct highlight colour, as #RRGGBB.","type":"STRING"},"#
            + #""primary":{"description":"The dominant colour that carries the overall feeling, as #RRGGBB.","type":"STRING"},"#
            + #""secondary":{"description":"A supporting colour that works with the primary, as #RRGGBB.","type":"STRING"}},"#
            + #""propertyOrdering":["primary","secondary","accent"],"required":["primary","secondary","accent"],"type":"OBJECT"}"#
        XCTAssertTrue(body.contains(expected), body)
    }

    func testInstructionsNameEverySchemaKey() {
        for property in PaletteSchema.palette.properties {
            XCTAssertTrue(PalettePrompt.systemInstruction.contains("\"\(property.name)\""), property.name)
            XCTAssertTrue(
                PalettePrompt.correction(for: "x").contains("\"\(property.name)\":\"#RRGGBB\""), property.name)
        }
    }

    func testVariationAddsAnInstructionButKeepsTheDescription() {
        let first = PalettePrompt.request(description: "dusk", variation: 0)
        let third = PalettePrompt.request(description: "dusk", variation: 2)
        XCTAssertEqual(first.contents, third.contents)
        let text = third.systemInstruction.parts?.first?.text ?? ""
        XCTAssertTrue(text.hasPrefix(PalettePrompt.systemInstruction))
        XCTAssertTrue(text.contains("alternative number 3"))
        XCTAssertEqual(first.systemInstruction.parts?.first?.text, PalettePrompt.systemInstruction)
    }

    func testCorrectionReplaysTheReplyAndSaysWhatWasWrong() {
        let request = PalettePrompt.request(
            description: "dusk",
            correction: (reply: "Sure! Here are colours.", problem: "no palette found in the text"))
        XCTAssertEqual(request.contents.map(\.role), ["user", "model", "user"])
        XCTAssertEqual(request.contents[0].parts?.first?.text, "dusk")
        XCTAssertEqual(request.contents[1].parts?.first?.text, "Sure! Here are colours.")
        let follow = request.contents[2].parts?.first?.text ?? ""
        XCTAssertTrue(follow.contains("no palette found in the text"))
        XCTAssertTrue(follow.contains("\"primary\""))
    }

    func testRequestURLNeverCarriesTheKey() throws {
        let key = try XCTUnwrap(APIKey("AIzaSy-SECRET-value"))
        let config = GeminiConfiguration(
            apiKey: key, model: "models/gemini-2.5-flash",
            baseURL: URL(string: "https://proxy.example/gateway/")!)
        let url = try config.generateContentURL()
        XCTAssertEqual(
            url.absoluteString, "https://proxy.example/gateway/v1beta/models/gemini-2.5-flash:generateContent")
        XCTAssertNil(url.query)
        XCTAssertFalse(String(describing: config).contains("SECRET"))
        XCTAssertFalse(String(describing: GeminiClient(configuration: config)).contains("SECRET"))
        XCTAssertFalse(String(reflecting: config).contains("SECRET"))
        var dumped = ""
        dump(config, to: &dumped)
        XCTAssertFalse(dumped.contains("SECRET"), dumped)
        XCTAssertEqual("\(key)", "<redacted>")
    }

    func testUnusableEndpointsAndModelsAreRejectedBeforeSending() throws {
        let key = try XCTUnwrap(APIKey("k"))
        for base in ["ftp://host", "file:///tmp/x", "http://host/?key=1"] {
            let config = GeminiConfiguration(apiKey: key, baseURL: URL(string: base)!)
            XCTAssertThrowsError(try config.generateContentURL(), base) {
                XCTAssertEqual(
                    ($0 as? ProviderFailure)?.reason,
                    .invalidEndpoint(base, settings: ["--endpoint", "GEMINI_BASE_URL"]))
            }
        }
        let bad = GeminiConfiguration(apiKey: key, model: "gemini 2/../x")
        XCTAssertThrowsError(try bad.generateContentURL()) {
            XCTAssertEqual(($0 as? ProviderFailure)?.reason, .modelNotFound(model: "gemini 2/../x", available: []))
        }
        XCTAssertNil(APIKey("  \n"), "an empty variable is no key")
    }
}
