import PaletteCore
import ProviderFaultSuite
import ProviderKit
import TestSupport
import XCTest

@testable import Gemini

/// A palette from a picture with Gemini: the picture goes as a `parts` entry
/// `{"inlineData": {"mimeType": "image/png", "data": …}}` beside the text (Gemini's documented
/// image input), re-encoded with nothing but its pixels, at most 1024 px on a side, read back
/// by the loopback server and by Pillow.
final class GeminiImageTests: XCTestCase {
    static let key = "test-key-5d2e8b41"
    private let servers = ServerPool()

    override func tearDown() {
        servers.stopAll()
        super.tearDown()
    }

    private func client(_ server: LoopbackServer) -> GeminiClient {
        GeminiClient(
            configuration: GeminiConfiguration(
                apiKey: APIKey(Self.key)!, model: "gemini-3.5-flash-lite", baseURL: server.baseURL, timeout: 20,
                retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2)),
            jitter: { 0.5 })
    }

    func testThePictureGoesAsInlineDataWithOnlyItsPixels() async throws {
        let server = try servers.start(steps: [["answer": [String: Any]()]])
        let result = try await client(server).generate(
            TestPictures.request(TestPictures.noise, "only the warm colours"))
        XCTAssertEqual(result.provider, "gemini")
        XCTAssertEqual(
            try server.events().filter { $0.hasPrefix("image") }, ["image 48x32 image/png IHDR,IDAT,IEND"],
            "the server read the picture from inlineData")

        let sent = try XCTUnwrap(try server.requests().first)
        let pictures = try SentImage.read(.gemini, body: sent.body)
        XCTAssertEqual(pictures.count, 1)
        let picture = try XCTUnwrap(pictures.first)
        XCTAssertEqual(picture.field, "contents[0].parts[0].inlineData")
        XCTAssertEqual(picture.mime, "image/png")
        XCTAssertEqual(picture.format, "PNG")
        XCTAssertEqual([picture.width, picture.height], [48, 32])
        XCTAssertEqual(picture.chunks, ["IHDR", "IDAT", "IEND"], "no metadata chunk of any kind")
        XCTAssertEqual(picture.info, [])
        XCTAssertFalse(picture.exif)
        XCTAssertEqual(picture.pixels, TestPictures.noise.pixels, "the pixels as sent, exactly")

        // The words beside it, and the roles asked for from the picture.
        let body = try sent.json()
        let parts = try XCTUnwrap((body["contents"] as? [[String: Any]])?.first?["parts"] as? [[String: Any]])
        XCTAssertEqual(parts.count, 2)
        XCTAssertEqual(parts[1]["text"] as? String, "only the warm colours")
        let system = try XCTUnwrap(
            ((body["systemInstruction"] as? [String: Any])?["parts"] as? [[String: Any]])?.first?["text"] as? String)
        XCTAssertTrue(system.contains("The primary is the dominant field"), system)
        XCTAssertTrue(system.contains("The accent is the salient small colour"), system)
        XCTAssertTrue(system.contains("The secondary is the support"), system)
        XCTAssertTrue(system.contains("Keep a clear role structure"), "the role structure rules stay")
        XCTAssertFalse(system.contains("read the user's description"), system)

        // The key only in its header.
        XCTAssertEqual(sent.headers["x-goog-api-key"], Self.key)
        XCTAssertFalse(sent.path.contains(Self.key))
        XCTAssertFalse(sent.body.contains(Self.key))
        XCTAssertEqual(sent.headers.filter { $0.value.contains(Self.key) }.map(\.key), ["x-goog-api-key"])

        let check = try StrictGeminiCheck.run([sent.body])
        XCTAssertEqual(check.status, 0, check.stderr)
    }

    /// A picture larger than 1024 px on a side is reduced with a box filter before it leaves.
    func testAPictureLargerThan1024IsReducedBeforeItLeaves() async throws {
        let server = try servers.start(steps: [["answer": [String: Any]()]])
        _ = try await client(server).generate(TestPictures.request(TestPictures.oversized, ""))
        XCTAssertEqual(
            try server.events().filter { $0.hasPrefix("image") }, ["image 1024x256 image/png IHDR,IDAT,IEND"])
        let sent = try XCTUnwrap(try server.requests().first)
        let picture = try XCTUnwrap(try SentImage.read(.gemini, body: sent.body).first)
        XCTAssertEqual([picture.width, picture.height], [1024, 256])
        XCTAssertEqual(picture.chunks, ["IHDR", "IDAT", "IEND"])
        XCTAssertEqual(TestPictures.oversizedMismatches(picture.pixels, width: 1024), 0)
        // No words: the user turn still says what to do.
        let parts = try XCTUnwrap(
            ((try sent.json())["contents"] as? [[String: Any]])?.first?["parts"] as? [[String: Any]])
        XCTAssertEqual(parts.last?["text"] as? String, "Design the palette from this picture as it is.")
    }

    /// The follow-up after an unusable answer sends the same picture again, and a request with
    /// no picture has no image part.
    func testTheCorrectionKeepsThePictureAndAPlainRequestHasNone() async throws {
        let server = try servers.start(steps: [
            [
                "json": [
                    "candidates": [
                        ["content": ["parts": [["text": "a lovely scene"]], "role": "model"], "finishReason": "STOP"]
                    ]
                ]
            ],
            ["answer": [String: Any]()],
        ])
        _ = try await client(server).generate(TestPictures.request(TestPictures.noise))
        let bodies = try server.requests().map(\.body)
        XCTAssertEqual(bodies.count, 2)
        XCTAssertEqual(try SentImage.read(.gemini, body: bodies[1]).map(\.pixels), [TestPictures.noise.pixels])
        let check = try StrictGeminiCheck.run(bodies)
        XCTAssertEqual(check.status, 0, check.stderr)

        let plain = String(decoding: try GeminiClient.encode(PalettePrompt.request(description: "x")), as: UTF8.self)
        XCTAssertFalse(plain.contains("inlineData"), plain)
        XCTAssertEqual(try SentImage.read(.gemini, body: plain), [])
    }
}
