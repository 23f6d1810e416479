import Foundation
import TestSupport
import XCTest

/// `palette-tui generate --image` with each model provider, end to end: the real binary reads a
/// 2000×1500 JPEG that carries EXIF with GPS, an XMP packet and an ICC profile, and each loopback
/// server must see the picture in its API's documented field as a bare PNG of 1000×750 (at most 1024 px) (nothing
/// but IHDR, IDAT and IEND), the key only in its header.
final class ImageProviderCommandTests: XCTestCase {
    static let key = "test-key-91c4e7a2"
    nonisolated(unsafe) private static let scratch = try? TemporaryDirectory(prefix: "image-providers")
    private let servers = ServerPool()

    override func tearDown() {
        servers.stopAll()
        super.tearDown()
    }

    /// The photo, made once: three regions, and every kind of metadata a camera or editor adds.
    private static let photo: Result<String, Error> = Result {
        guard let scratch else { throw SpawnError("no scratch directory") }
        let path = scratch.file("holiday.jpg")
        let script = """
            import sys
            from PIL import Image, ImageCms, ImageDraw
            image = Image.new("RGB", (2000, 1500), (46, 90, 136))
            draw = ImageDraw.Draw(image)
            draw.rectangle([0, 900, 1999, 1499], fill=(232, 217, 176))
            draw.ellipse([1500, 200, 1700, 400], fill=(217, 79, 43))
            exif = Image.Exif()
            exif[0x010F] = "Camera Maker"
            exif[0x8825] = {1: "N", 2: (52.0, 22.0, 12.5), 3: "E", 4: (4.0, 53.0, 30.0)}
            xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>'
            icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
            image.save(sys.argv[1], "JPEG", quality=92, exif=exif, xmp=xmp, icc_profile=icc)
            check = Image.open(sys.argv[1])
            assert check.getexif().get_ifd(0x8825), "the photo carries GPS"
            assert "xmp" in check.info, "the photo carries XMP"
            assert check.info.get("icc_profile"), "the photo carries an ICC profile"
            """
        let made = try Spawn.run(["python3", "-c", script, path])
        guard made.status == 0 else { throw SpawnError("making the photo: \(made.stderr)") }
        return path
    }

    private func environment(_ extra: [String: String]) -> [String: String] {
        [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/nonexistent-home", "LANG": "C.UTF-8",
            "SWIFT_BACKTRACE": "enable=no",
        ].merging(extra) { $1 }
    }

    private func generate(_ provider: [String], _ extra: [String: String]) throws -> ChildResult {
        try Spawn.run(
            [
                try Repository.paletteTUI(), "generate", "--no-history", "--format", "json", "--image",
                try Self.photo.get(),
            ]
                + provider + ["only the warm colours"],
            environment: environment(extra))
    }

    private func assertBarePicture(
        _ api: SentImage.API, _ server: LoopbackServer, field: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let requests = try server.requests()
        XCTAssertEqual(requests.count, 1, file: file, line: line)
        let sent = try XCTUnwrap(requests.first, file: file, line: line)
        XCTAssertFalse(sent.body.contains(Self.key), "the key is not in the body", file: file, line: line)
        XCTAssertFalse(sent.path.contains(Self.key), "the key is not in the URL", file: file, line: line)
        let pictures = try SentImage.read(api, body: sent.body, file: file, line: line)
        XCTAssertEqual(pictures.count, 1, file: file, line: line)
        let picture = try XCTUnwrap(pictures.first, file: file, line: line)
        XCTAssertEqual(picture.field, field, file: file, line: line)
        XCTAssertEqual(picture.format, "PNG", file: file, line: line)
        // JPEG is scaled in the DCT by the largest of its eighths that fits 1024 px: 2000 × 1/2.
        XCTAssertEqual([picture.width, picture.height], [1000, 750], file: file, line: line)
        XCTAssertEqual(picture.chunks, ["IHDR", "IDAT", "IEND"], "no metadata chunk", file: file, line: line)
        XCTAssertEqual(picture.info, [], "Pillow finds nothing beyond the pixels", file: file, line: line)
        XCTAssertFalse(picture.exif, file: file, line: line)
        for marker in ["GPS", "Camera Maker", "xmpmeta", "Exif"] {
            XCTAssertFalse(sent.body.contains(marker), "\(marker) left the machine", file: file, line: line)
        }
        // The sky's blue at the picture's top left, the sand's at its bottom left (JPEG's
        // rounding and the box filter allow a little either way).
        func near(_ x: Int, _ y: Int, _ rgb: [Int]) -> Bool {
            let i = (y * picture.width + x) * 3
            return (0..<3).allSatisfy { abs(Int(picture.pixels[i + $0]) - rgb[$0]) <= 3 }
        }
        XCTAssertTrue(near(10, 10, [46, 90, 136]), "sky", file: file, line: line)
        XCTAssertTrue(near(10, 700, [232, 217, 176]), "sand", file: file, line: line)
    }

    func testGeminiIsSentTheBarePictureAsInlineData() throws {
        let server = try servers.keep(LoopbackServer(scenario: "palette"))
        let result = try generate([], ["GEMINI_BASE_URL": server.endpoint, "GEMINI_API_KEY": Self.key])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(json?["provider"] as? String, "gemini", result.stdout)
        try assertBarePicture(.gemini, server, field: "contents[0].parts[0].inlineData")
    }

    func testOpenAIIsSentTheBarePictureAsADataURL() throws {
        let server = try servers.keep(
            LoopbackServer(
                script: "openai_server.py", arguments: ["--key", Self.key, "--steps", #"[{"palette": true}]"#]))
        let result = try generate(
            ["--provider", "openai", "--endpoint", server.endpoint + "/v1", "--model", "loopback-model"],
            ["OPENAI_API_KEY": Self.key])
        XCTAssertEqual(result.status, 0, result.stderr)
        try assertBarePicture(.openai, server, field: "messages[1].content[1].image_url.url")
    }

    func testOllamaIsSentTheBarePictureInImages() throws {
        let server = try servers.keep(LoopbackServer(script: "ollama_server.py", arguments: []))
        let result = try generate(["--provider", "ollama"], ["OLLAMA_HOST": server.endpoint])
        XCTAssertEqual(result.status, 0, result.stderr)
        try assertBarePicture(.ollama, server, field: "messages[1].images[0]")
    }
}
