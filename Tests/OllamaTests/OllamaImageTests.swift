import Foundation
import PaletteCore
import ProviderFaultSuite
import ProviderKit
import TestSupport
import XCTest

@testable import Ollama

/// A palette from a picture over Ollama's `/api/chat`: the user message's `images` holds the
/// picture as base64 (the documented image input), re-encoded with nothing but its pixels; a
/// model without vision refuses it, and the user reads that the model cannot read pictures.
final class OllamaImageTests: XCTestCase {
    static let key = "ollama-cloud-key-0b7d"
    private let servers = ServerPool()

    override func tearDown() {
        servers.stopAll()
        super.tearDown()
    }

    private func serve(_ extra: [String] = []) throws -> LoopbackServer {
        try servers.start("ollama_server.py", steps: [["palette": true]], arguments: ["--key", Self.key] + extra)
    }

    private func client(_ server: LoopbackServer, model: String = "llama3.2") -> OllamaClient {
        OllamaClient(
            configuration: OllamaConfiguration(
                host: server.baseURL, model: model, apiKey: APIKey(Self.key), timeout: 20,
                retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2)),
            jitter: { 0.5 })
    }

    func testThePictureGoesInTheMessagesImagesWithOnlyItsPixels() async throws {
        let server = try serve()
        let result = try await client(server).generate(TestPictures.request(TestPictures.noise, "更柔和"))
        XCTAssertEqual(result.palette.colors.map(\.hex), try server.answeredColours())
        XCTAssertEqual(try server.events().filter { $0.hasPrefix("image") }, ["image 48x32 untyped IHDR,IDAT,IEND"])

        let sent = try XCTUnwrap(try server.requests().first)
        let picture = try XCTUnwrap(try SentImage.read(.ollama, body: sent.body).first)
        XCTAssertEqual(picture.field, "messages[1].images[0]")
        XCTAssertEqual(picture.format, "PNG")
        XCTAssertEqual([picture.width, picture.height], [48, 32])
        XCTAssertEqual(picture.chunks, ["IHDR", "IDAT", "IEND"], "no metadata chunk of any kind")
        XCTAssertEqual(picture.info, [])
        XCTAssertFalse(picture.exif)
        XCTAssertEqual(picture.pixels, TestPictures.noise.pixels, "the pixels as sent, exactly")

        let messages = try XCTUnwrap((try sent.json())["messages"] as? [[String: Any]])
        XCTAssertNil(messages[0]["images"], "the system turn carries no picture")
        XCTAssertEqual(messages[1]["content"] as? String, "更柔和")
        let images = try XCTUnwrap(messages[1]["images"] as? [String])
        XCTAssertEqual(images.count, 1)
        XCTAssertTrue(images[0].hasPrefix("iVBORw0KGgo"), "base64 with no data: prefix")
        XCTAssertTrue((messages[0]["content"] as? String ?? "").contains("The accent is the salient small colour"))

        // The key only in its header.
        XCTAssertEqual(sent.headers["authorization"], "Bearer \(Self.key)")
        XCTAssertFalse(sent.body.contains(Self.key))
        XCTAssertEqual(sent.headers.filter { $0.value.contains(Self.key) }.map(\.key), ["authorization"])

        let check = try ChatRequestCheck.run(.ollama, [sent.body])
        XCTAssertEqual(check.status, 0, check.stderr)
    }

    /// Ollama's answer to a picture for a model without vision, today's (400) and older
    /// servers' (500): one request, not retried, and a failure that names the model.
    func testAModelWithoutVisionSaysSoOnce() async throws {
        for (extra, message) in [
            ([String](), "this model does not support image input"),
            (["--text-only-legacy"], "this model is missing data required for image input"),
        ] {
            let server = try serve(["--text-only", "llama3.2"] + extra)
            let failure = await expectedFailure(client(server), TestPictures.request(TestPictures.noise))
            XCTAssertEqual(failure?.reason, .imageNotAccepted(model: "llama3.2", serverMessage: message), "\(extra)")
            XCTAssertEqual(failure?.kind, .misconfigured)
            XCTAssertEqual(try server.requests().count, 1, "\(extra)")
            // The same model without a picture answers.
            _ = try await client(server).generate(GenerationRequest(description: "x"))
        }
    }

    func testTheCheckFailsOnAPictureOllamaWouldNotRead() throws {
        let request = TestPictures.request(TestPictures.noise)
        let body = OllamaClient.body(
            model: "llama3.2", turns: PaletteConversation.turns(for: request), request: request
        )
        .text
        for (old, new) in [
            ("\"images\":[\"", "\"images\":[\"data:image/png;base64,"), ("\"images\":[\"", "\"images\":\""),
        ] {
            let tampered = body.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(tampered, body, old)
            let result = try ChatRequestCheck.run(.ollama, [tampered])
            XCTAssertEqual(result.status, 1, "the check must be able to fail (\(new)): \(result.stdout)")
        }
    }
}
