import Foundation
import PaletteCore
import TestSupport
import XCTest

@testable import PaletteImage

/// The decoders on pictures written by Pillow (Tests/TestSupport/Tools/make_image.py): the size a
/// picture is decoded to, its colours whatever the PNG's pixel kind, and each bad file's problem.
final class ImageDecoderTests: XCTestCase {
    /// The pictures, written once for the class and removed after it.
    nonisolated(unsafe) static var scratch: TemporaryDirectory?
    static var directory: TemporaryDirectory {
        if scratch == nil { scratch = try! TemporaryDirectory(prefix: "image-decoder") }
        return scratch!
    }

    override class func tearDown() {
        scratch = nil
        super.tearDown()
    }

    /// A picture from `spec` (make_image.py's keys), written once per name.
    static func picture(_ name: String, _ spec: [String: Any]) throws -> String {
        let path = directory.file(name)
        if FileManager.default.fileExists(atPath: path) { return path }
        let specPath = directory.file(name + ".json")
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let tool = Repository.url("Tests/TestSupport/Tools/make_image.py").path
        let made = try Spawn.run(["python3", tool, specPath, path])
        XCTAssertEqual(made.status, 0, made.stderr)
        return path
    }

    /// 300 × 200: the top 60 rows blue, the rest grey-green, a red square at (200, 120) to (239, 159).
    nonisolated(unsafe) static let scene: [String: Any] = [
        "width": 300, "height": 200, "background": [118, 128, 122],
        "regions": [
            ["box": [0, 0, 299, 59], "colour": [30, 60, 110]],
            ["box": [200, 120, 239, 159], "colour": [230, 40, 30]],
        ],
    ]

    func assertClose(_ a: RGB, _ b: RGB, within: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(abs(Int(a.r) - Int(b.r)), within, "\(a.hex) vs \(b.hex)", file: file, line: line)
        XCTAssertLessThanOrEqual(abs(Int(a.g) - Int(b.g)), within, "\(a.hex) vs \(b.hex)", file: file, line: line)
        XCTAssertLessThanOrEqual(abs(Int(a.b) - Int(b.b)), within, "\(a.hex) vs \(b.hex)", file: file, line: line)
    }

    func testEveryKindOfPNGGivesTheSameColours() throws {
        let kinds: [(String, [String: Any])] = [
            ("rgb.png", [:]), ("palette.png", ["mode": "P"]), ("interlaced.png", ["interlace": true]),
            ("rgba.png", ["mode": "RGBA"]),
        ]
        for (name, extra) in kinds {
            let path = try Self.picture(name, Self.scene.merging(extra) { $1 })
            let input = try ImageDecoder.decode(path: path)
            XCTAssertEqual(input.picture.width, 300, name)
            XCTAssertEqual(input.picture.height, 200, name)
            XCTAssertEqual(input.picture.color(x: 10, y: 10), RGB(r: 30, g: 60, b: 110), name)
            XCTAssertEqual(input.picture.color(x: 100, y: 150), RGB(r: 118, g: 128, b: 122), name)
            XCTAssertEqual(input.picture.color(x: 220, y: 140), RGB(r: 230, g: 40, b: 30), name)
            XCTAssertEqual(input.source, path)
        }
    }

    /// Grey PNGs, 8 and 16 bits: Pillow's L of (118, 128, 122) is 124 (ITU-R 601-2 luma).
    func testGreyPNGs() throws {
        for (name, mode) in [("grey8.png", "L"), ("grey16.png", "I;16")] {
            let path = try Self.picture(name, Self.scene.merging(["mode": mode]) { $1 })
            let input = try ImageDecoder.decode(path: path)
            XCTAssertEqual(input.picture.color(x: 100, y: 150), RGB(r: 124, g: 124, b: 124), name)
        }
    }

    /// Half-transparent red over nothing is composed over white: (230+255)/2, (40+255)/2 ...
    func testTransparencyIsComposedOverWhite() throws {
        let path = try Self.picture(
            "alpha.png",
            [
                "width": 40, "height": 40, "mode": "RGBA", "background": [0, 0, 0], "background_alpha": 0,
                "regions": [["box": [0, 0, 19, 39], "colour": [230, 40, 30], "alpha": 128]],
            ])
        let picture = try ImageDecoder.decode(path: path).picture
        XCTAssertEqual(picture.color(x: 30, y: 5), RGB(r: 255, g: 255, b: 255))
        assertClose(picture.color(x: 5, y: 5), RGB(r: 243, g: 148, b: 143), within: 1)
    }

    func testJPEGAndWebPAreNearTheirColours() throws {
        for (name, extra) in [
            ("scene.jpg", ["format": "JPEG", "quality": 95]), ("scene.webp", ["format": "WEBP", "quality": 95]),
            ("scene-lossless.webp", ["format": "WEBP", "lossless": true]),
        ] as [(String, [String: Any])] {
            let path = try Self.picture(name, Self.scene.merging(extra) { $1 })
            let picture = try ImageDecoder.decode(path: path).picture
            XCTAssertEqual(picture.width, 300, name)
            assertClose(picture.color(x: 10, y: 10), RGB(r: 30, g: 60, b: 110), within: 6)
            assertClose(picture.color(x: 100, y: 150), RGB(r: 118, g: 128, b: 122), within: 6)
            assertClose(picture.color(x: 220, y: 140), RGB(r: 230, g: 40, b: 30), within: 12)
        }
    }

    /// Larger than 1024 on a side: downscaled while decoding, proportions kept, the regions' colours kept.
    func testLargePicturesAreDownscaled() throws {
        let spec: [String: Any] = [
            "width": 3000, "height": 1000, "background": [118, 128, 122],
            "regions": [["box": [0, 0, 2999, 299], "colour": [30, 60, 110]]], "compress_level": 1,
        ]
        for (name, extra) in [
            ("wide.png", [:]), ("wide-interlaced.png", ["interlace": true]), ("wide.jpg", ["format": "JPEG"]),
            ("wide.webp", ["format": "WEBP"]),
        ] as [(String, [String: Any])] {
            let picture = try ImageDecoder.decode(path: try Self.picture(name, spec.merging(extra) { $1 })).picture
            // JPEG: the DCT scale 3/8 (1125 wide) is over 1024, so 2/8: 750 × 250.
            let expected = name.hasSuffix(".jpg") ? (750, 250) : (1024, 341)
            XCTAssertEqual(picture.width, expected.0, name)
            XCTAssertEqual(picture.height, expected.1, name)
            assertClose(picture.color(x: 20, y: 20), RGB(r: 30, g: 60, b: 110), within: 4)
            assertClose(picture.color(x: 20, y: picture.height - 20), RGB(r: 118, g: 128, b: 122), within: 4)
        }
    }

    func testTheChecksumIsTheFilesSHA256() throws {
        let path = try Self.picture("rgb.png", Self.scene)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // Read back by coreutils, a separate implementation.
        let sum = try Spawn.run(["sha256sum", path])
        let expected = String(sum.stdout.prefix(64))
        XCTAssertEqual(try ImageDecoder.decode(path: path).checksum, "sha256:" + expected)
        XCTAssertEqual(SHA256.hex(bytes), expected)
    }

    func testTargetSizes() {
        XCTAssertTrue(ImageDecoder.targetSize(width: 8000, height: 6000) == (1024, 768))
        XCTAssertTrue(ImageDecoder.targetSize(width: 1024, height: 10) == (1024, 10))
        XCTAssertTrue(ImageDecoder.targetSize(width: 30000, height: 2) == (1024, 1))
        XCTAssertTrue(JPEGDecoder.scaledSize(width: 8000, height: 6000) == (1000, 750))
        XCTAssertTrue(JPEGDecoder.scaledSize(width: 1200, height: 900) == (900, 675))
    }

    func testBadBytes() {
        func problem(_ bytes: [UInt8]) -> ImageProblem? {
            do {
                _ = try ImageDecoder.decode(bytes: bytes)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(problem([]), .empty)
        XCTAssertEqual(problem(Array("GIF89a".utf8)), .notAnImage)
        XCTAssertEqual(problem([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), .truncated(.png))
        XCTAssertEqual(problem([0xFF, 0xD8, 0xFF, 0xE0]), .truncated(.jpeg))
        XCTAssertEqual(problem(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)), .damaged(.webp))
    }

    /// Headers that declare more than is read are refused before the picture is allocated: a
    /// JPEG's SOF and a WebP's VP8 frame header patched to 60000 × 60000 and 16383 × 16383, and a
    /// progressive JPEG patched to 8000 × 6000 (its coefficients would take 144 MB).
    func testHeadersDeclaringTooMuch() throws {
        func problem(_ bytes: [UInt8]) -> ImageProblem? {
            do {
                _ = try ImageDecoder.decode(bytes: bytes)
                return nil
            } catch {
                return error
            }
        }
        /// `bytes` with the big-endian height and width of its first SOF0/SOF2 set.
        func sof(_ bytes: [UInt8], width: Int, height: Int) -> [UInt8] {
            var b = bytes
            var i = 2
            while i + 9 < b.count {
                let marker = b[i + 1]
                if marker == 0xC0 || marker == 0xC2 {
                    b[i + 5] = UInt8(height >> 8)
                    b[i + 6] = UInt8(height & 0xFF)
                    b[i + 7] = UInt8(width >> 8)
                    b[i + 8] = UInt8(width & 0xFF)
                    return b
                }
                i += 2 + (Int(b[i + 2]) << 8 | Int(b[i + 3]))
            }
            XCTFail("no SOF")
            return b
        }
        let baseline = try [UInt8](
            Data(
                contentsOf: URL(
                    fileURLWithPath: try Self.picture(
                        "scene.jpg", Self.scene.merging(["format": "JPEG", "quality": 95]) { $1 }))))
        XCTAssertEqual(problem(sof(baseline, width: 60000, height: 60000)), .tooManyPixels(width: 60000, height: 60000))
        let progressive = try [UInt8](
            Data(
                contentsOf: URL(
                    fileURLWithPath: try Self.picture(
                        "progressive.jpg", Self.scene.merging(["format": "JPEG", "progressive": true]) { $1 }))))
        XCTAssertEqual(
            problem(sof(progressive, width: 8000, height: 6000)), .progressiveTooLarge(width: 8000, height: 6000))
        // The same file at its own size is read.
        XCTAssertNil(problem(progressive))
        // A lossy WebP: "RIFF" size "WEBP" "VP8 " size, then the frame tag (3 bytes), the start
        // code (3 bytes) and 14-bit width and height, little-endian, at bytes 26 to 29.
        var webp = try [UInt8](
            Data(
                contentsOf: URL(
                    fileURLWithPath: try Self.picture(
                        "scene.webp", Self.scene.merging(["format": "WEBP", "quality": 95]) { $1 }))))
        XCTAssertEqual(Array(webp[12..<16]), Array("VP8 ".utf8))
        webp[26] = 0xFF
        webp[27] = 0x3F
        webp[28] = 0xFF
        webp[29] = 0x3F
        XCTAssertEqual(problem(webp), .tooManyPixels(width: 16383, height: 16383))
    }

    /// The fuzzer's seeds (Fuzz/seeds/image: every PNG pixel kind, interlaced, baseline and
    /// progressive JPEG, lossy and lossless WebP, 24 × 16 with the top 6 rows blue) all decode.
    func testTheFuzzSeedsDecode() throws {
        let folder = Repository.url("Fuzz/seeds/image").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertEqual(names.count, 10)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let picture = try ImageDecoder.decode(bytes: bytes)
            XCTAssertEqual(picture.width, 24, name)
            XCTAssertEqual(picture.height, 16, name)
            let top = picture.color(x: 2, y: 1)
            if name.hasPrefix("grey") {
                XCTAssertEqual(Int(top.r), 56, accuracy: 6, name)
            } else {
                XCTAssertLessThan(top.r, 60, name)
                XCTAssertGreaterThan(top.b, 90, name)
            }
        }
    }

    /// The first half of each kind of file: cut short, said so.
    func testHalfFiles() throws {
        for (name, extra) in [
            ("rgb.png", [:]), ("scene.jpg", ["format": "JPEG", "quality": 95]),
            ("scene.webp", ["format": "WEBP", "quality": 95]),
        ] as [(String, [String: Any])] {
            let bytes = try [UInt8](
                Data(contentsOf: URL(fileURLWithPath: try Self.picture(name, Self.scene.merging(extra) { $1 }))))
            let format = ImageDecoder.format(of: bytes)!
            XCTAssertThrowsError(try ImageDecoder.decode(bytes: Array(bytes.prefix(bytes.count / 2)))) {
                XCTAssertEqual($0 as? ImageProblem, .truncated(format), name)
            }
        }
    }
}
