import Foundation
import PaletteCore
import ProviderFaultSuite
import ProviderKit
import TestSupport
import XCTest

@testable import OpenAI

/// A palette from a picture over Chat Completions: the user message's `content` is an array of a
/// `text` part and an `image_url` part whose URL is the picture as a `data:image/png;base64,`
/// URL (the documented image input), re-encoded with nothing but its pixels; a model without
/// vision refuses it, and the user reads that the model cannot read pictures.
final class OpenAIImageTests: XCTestCase {
    static let key = OpenAIFaultTests.key
    private let servers = ServerPool()

    override func tearDown() {
        servers.stopAll()
        super.tearDown()
    }

    private func serve(
        _ persona: String = "openai", steps: [[String: Any]] = [["palette": true]], extra: [String] = []
    )
        throws -> LoopbackServer
    {
        try servers.start(
            "openai_server.py", steps: steps, arguments: ["--persona", persona, "--key", Self.key] + extra)
    }

    private func client(_ server: LoopbackServer, model: String = "gpt-4.1-mini") -> OpenAIClient {
        OpenAIClient(
            configuration: OpenAIConfiguration(
                apiKey: APIKey(Self.key), model: model, baseURL: server.baseURL.appendingPathComponent("v1"),
                timeout: 20, retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2)),
            refused: RefusedParts(), jitter: { 0.5 })
    }

    func testThePictureGoesAsAnImageURLPartWithOnlyItsPixels() async throws {
        let server = try serve()
        let result = try await client(server).generate(TestPictures.request(TestPictures.noise, "a night version"))
        XCTAssertEqual(result.palette.colors.map(\.hex), try server.answeredColours())
        XCTAssertEqual(try server.events().filter { $0.hasPrefix("image") }, ["image 48x32 image/png IHDR,IDAT,IEND"])

        let sent = try XCTUnwrap(try server.requests().first)
        let picture = try XCTUnwrap(try SentImage.read(.openai, body: sent.body).first)
        XCTAssertEqual(picture.field, "messages[1].content[1].image_url.url")
        XCTAssertEqual(picture.mime, "image/png")
        XCTAssertEqual([picture.width, picture.height], [48, 32])
        XCTAssertEqual(picture.chunks, ["IHDR", "IDAT", "IEND"], "no metadata chunk of any kind")
        XCTAssertEqual(picture.info, [])
        XCTAssertFalse(picture.exif)
        XCTAssertEqual(picture.pixels, TestPictures.noise.pixels, "the pixels as sent, exactly")

        let messages = try XCTUnwrap((try sent.json())["messages"] as? [[String: Any]])
        XCTAssertEqual(messages.map { $0["role"] as? String }, ["system", "user"])
        XCTAssertTrue((messages[0]["content"] as? String ?? "").contains("The primary is the dominant field"))
        let content = try XCTUnwrap(messages[1]["content"] as? [[String: Any]])
        XCTAssertEqual(content.map { $0["type"] as? String }, ["text", "image_url"])
        XCTAssertEqual(content[0]["text"] as? String, "a night version")
        let url = try XCTUnwrap((content[1]["image_url"] as? [String: Any])?["url"] as? String)
        XCTAssertTrue(url.hasPrefix("data:image/png;base64,iVBORw0KGgo"), String(url.prefix(40)))

        // The key only in its header.
        XCTAssertEqual(sent.headers["authorization"], "Bearer \(Self.key)")
        XCTAssertFalse(sent.body.contains(Self.key))
        XCTAssertFalse(sent.path.contains(Self.key))
        XCTAssertEqual(sent.headers.filter { $0.value.contains(Self.key) }.map(\.key), ["authorization"])

        let check = try ChatRequestCheck.run(.openai, [sent.body])
        XCTAssertEqual(check.status, 0, check.stderr)
    }

    /// OpenAI's answer to a picture for a model without vision: one request, not retried, and
    /// a failure that says the model cannot read pictures (not "check your region").
    func testAModelWithoutVisionSaysSoOnce() async throws {
        let server = try serve(extra: ["--text-only"])
        let failure = await expectedFailure(client(server), TestPictures.request(TestPictures.noise))
        XCTAssertEqual(
            failure?.reason,
            .imageNotAccepted(
                model: "gpt-4.1-mini",
                serverMessage: "Invalid content type. image_url is only supported by certain models."
            ))
        XCTAssertEqual(
            failure?.kind, .misconfigured, "a model to change, not an outage to hide behind offline palettes")
        XCTAssertEqual(try server.requests().count, 1)
    }

    /// llama.cpp without its projector answers 500: still the model, not a busy server.
    func testLlamaCppWithoutItsProjectorIsNotRetried() async throws {
        let server = try serve("llamacpp", extra: ["--text-only"])
        let failure = await expectedFailure(client(server), TestPictures.request(TestPictures.noise))
        XCTAssertEqual(
            failure?.reason,
            .imageNotAccepted(
                model: "gpt-4.1-mini",
                serverMessage:
                    "image input is not supported - hint: if this is unexpected, you may need to provide the mmproj"))
        XCTAssertEqual(try server.requests().count, 1)
        // Without a picture the same server's 500s are retried as before.
        let busy = try serve(
            "llamacpp", steps: [["status": 500, "json": ["error": ["code": 500, "message": "busy"]]]])
        _ = await expectedFailure(client(busy), GenerationRequest(description: "x"))
        XCTAssertEqual(try busy.requests().count, 3)
    }

    func testTheCheckFailsOnAPictureOpenAIWouldNotRead() throws {
        let request = TestPictures.request(TestPictures.noise)
        let body = chatCompletionsBody(
            model: "m", turns: PaletteConversation.turns(for: request), request: request, without: []
        ).text
        for (old, new) in [
            ("\"image_url\":{\"url\"", "\"image_url\":{\"href\""), ("\"type\":\"image_url\"", "\"type\":\"image\""),
        ] {
            let tampered = body.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(tampered, body, old)
            let result = try ChatRequestCheck.run(.openai, [tampered])
            XCTAssertEqual(result.status, 1, "the check must be able to fail (\(old)): \(result.stdout)")
        }
    }
}
