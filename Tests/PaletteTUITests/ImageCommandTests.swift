import Foundation
import PaletteCore
import TestSupport
import XCTest

/// `palette-tui generate --image FILE [DESCRIPTION]`, the real binary on pictures written by
/// Pillow (Tests/TestSupport/Tools/make_image.py) with known regions, colours and noise.
final class ImageCommandTests: XCTestCase {
    /// The pictures, written once for the class and removed after it.
    nonisolated(unsafe) static var scratch: TemporaryDirectory?
    static var directory: TemporaryDirectory {
        if scratch == nil { scratch = try! TemporaryDirectory(prefix: "image-command") }
        return scratch!
    }

    override class func tearDown() {
        scratch = nil
        super.tearDown()
    }

    /// A picture from `spec`, written once per name for the whole class.
    static func picture(_ name: String, _ spec: [String: Any]) throws -> String {
        let path = directory.file(name)
        if FileManager.default.fileExists(atPath: path) { return path }
        let specPath = directory.file(name + ".json")
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let made = try Spawn.run(
            ["python3", Repository.url("Tests/TestSupport/Tools/make_image.py").path, specPath, path])
        XCTAssertEqual(made.status, 0, made.stderr)
        return path
    }

    static let field = RGB(r: 118, g: 128, b: 122)
    static let band = RGB(r: 30, g: 60, b: 110)
    static let spot = RGB(r: 230, g: 40, b: 30)

    /// 600 × 400: a grey-green field (about 68 %), a blue band over the top 120 rows (30 %), a red
    /// disc of 40 px across (about 0.5 %), noise ±8 on every pixel.
    nonisolated(unsafe) static let scene: [String: Any] = [
        "width": 600, "height": 400, "background": [118, 128, 122], "noise": 8, "seed": 3,
        "regions": [
            ["box": [0, 0, 599, 119], "colour": [30, 60, 110]],
            ["box": [450, 250, 489, 289], "colour": [230, 40, 30], "shape": "ellipse"],
        ],
    ]

    func environment() -> [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
            "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
        ]
    }

    func run(_ args: [String], history: String? = nil) throws -> ChildResult {
        let saving = history.map { ["--history", $0] } ?? ["--no-history"]
        return try Spawn.run(
            [try Repository.paletteTUI(), "generate", "--provider", "offline"] + saving + args,
            environment: environment())
    }

    func palette(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try XCTUnwrap(object, json, file: file, line: line)
    }

    func colour(_ object: [String: Any], _ role: String) throws -> RGB {
        try RGB(hex: try XCTUnwrap(object[role] as? String))
    }

    func testRegionsRolesAndTheReferenceInJSON() throws {
        for (name, extra) in [
            ("scene.png", [:]), ("scene.jpg", ["format": "JPEG", "quality": 92]),
            ("scene.webp", ["format": "WEBP", "quality": 92]),
        ] as [(String, [String: Any])] {
            let path = try Self.picture(name, Self.scene.merging(extra) { $1 })
            let out = try run(["--format", "json", "--image", path])
            XCTAssertEqual(out.status, 0, out.stderr)
            let json = try palette(out.stdout)
            XCTAssertLessThanOrEqual(CIEDE2000.difference(try colour(json, "primary"), Self.field), 5, name)
            XCTAssertLessThanOrEqual(CIEDE2000.difference(try colour(json, "secondary"), Self.band), 5, name)
            XCTAssertLessThanOrEqual(CIEDE2000.difference(try colour(json, "accent"), Self.spot), 5, name)
            let image = try XCTUnwrap(json["image"] as? [String: String], out.stdout)
            XCTAssertEqual(image["source"], path)
            let sum = try Spawn.run(["sha256sum", path]).stdout.prefix(64)
            XCTAssertEqual(image["checksum"], "sha256:\(sum)")
            let notes = try XCTUnwrap(json["notes"] as? [String])
            XCTAssertTrue(notes.first?.hasPrefix("from the image: primary #") == true, "\(notes)")
        }
    }

    func testTheSameFileGivesTheSamePaletteOnEveryRun() throws {
        let path = try Self.picture("scene.png", Self.scene)
        let first = try run(["--image", path])
        XCTAssertEqual(first.status, 0, first.stderr)
        for _ in 0..<2 { XCTAssertEqual(try run(["--image", path]).stdout, first.stdout) }
    }

    func testWordsSteerAndLocksHold() throws {
        let path = try Self.picture("scene.png", Self.scene)
        let plain = try palette(try run(["--format", "json", "--image", path]).stdout)
        let night = try palette(try run(["--format", "json", "--image", path, "a night version of this photo"]).stdout)
        for role in ["primary", "secondary", "accent"] {
            XCTAssertLessThan(OKLCH(try colour(night, role)).l, OKLCH(try colour(plain, role)).l, role)
        }
        let warm = try palette(try run(["--format", "json", "--image", path, "只要暖色"]).stdout)
        XCTAssertLessThanOrEqual(CIEDE2000.difference(try colour(warm, "primary"), Self.spot), 5)
        let locked = try palette(try run(["--format", "json", "--image", path, "--lock", "accent=#00C85A"]).stdout)
        XCTAssertEqual(locked["accent"] as? String, "#00C85A")
    }

    /// The history keeps the file as named and its checksum, never the picture.
    func testHistoryKeepsTheReferenceAndChecksum() throws {
        let path = try Self.picture("scene.png", Self.scene)
        let history = Self.directory.file("history-\(UUID().uuidString).jsonl")
        let out = try run(["--image", path, "calmer"], history: history)
        XCTAssertEqual(out.status, 0, out.stderr)
        let line = try String(contentsOfFile: history, encoding: .utf8)
        let entry = try palette(line)
        let sum = try Spawn.run(["sha256sum", path]).stdout.prefix(64)
        XCTAssertEqual(entry["image"] as? String, path)
        XCTAssertEqual(entry["imageChecksum"] as? String, "sha256:\(sum)")
        XCTAssertEqual(entry["description"] as? String, "calmer")
        XCTAssertLessThan(line.utf8.count, 600, line)
        // Read back by the program itself.
        let listed = try Spawn.run(
            [try Repository.paletteTUI(), "history", "--history", history, "--format", "json"],
            environment: environment())
        XCTAssertEqual(listed.status, 0, listed.stderr)
    }

    /// Each bad file: exit 1, nothing on standard output, one sentence on standard error.
    func testBadFilesAreOneSentence() throws {
        let good = try Self.picture("scene.png", Self.scene)
        let jpeg = try Self.picture("scene.jpg", Self.scene.merging(["format": "JPEG", "quality": 92]) { $1 })
        let dir = Self.directory.path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: good)))
        let jpegBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: jpeg)))
        func write(_ name: String, _ content: [UInt8]) throws -> String {
            let path = dir + "/" + name
            try Data(content).write(to: URL(fileURLWithPath: path))
            return path
        }
        var corrupt = bytes
        corrupt[bytes.count / 2] ^= 0xFF
        var corruptJPEG = jpegBytes
        for i in 2000..<2400 { corruptJPEG[i] = 0x55 }
        // A PNG whose header says 100000 × 100000 (valid CRC, written by Python's zlib).
        let huge = dir + "/huge.png"
        let made = try Spawn.run([
            "python3", "-c",
            """
            import struct, zlib, sys
            def chunk(k, d):
                b = k + d
                return struct.pack('>I', len(d)) + b + struct.pack('>I', zlib.crc32(b) & 0xffffffff)
            open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 100000, 100000, 8, 2, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(b'\\0' * 100)) + chunk(b'IEND', b''))
            """, huge,
        ])
        XCTAssertEqual(made.status, 0, made.stderr)
        let fifo = dir + "/pipe.png"
        unlink(fifo)
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let cases: [(String, String)] = [
            (try write("empty.png", []), "the file is empty"),
            (try write("half.png", Array(bytes.prefix(bytes.count / 2))), "the PNG file ends before its picture does"),
            (try write("half.jpg", Array(jpegBytes.prefix(jpegBytes.count / 2))), "the JPEG file ends before"),
            (try write("corrupt.png", corrupt), "it starts as a PNG file but its data is damaged"),
            (try write("corrupt.jpg", corruptJPEG), "it starts as a JPEG file but its data is damaged"),
            (try write("text.png", Array("not a picture\n".utf8)), "it is not a PNG, JPEG or WebP image"),
            (huge, "its header declares 100000 × 100000 pixels"),
            (dir, "it is a directory"),
            (fifo, "it is not a regular file"),
            (dir + "/nothing-here.png", "there is no such file"),
        ]
        for (path, reason) in cases {
            let out = try run(["--image", path])
            XCTAssertEqual(out.status, 1, "\(path): \(out.stdout) \(out.stderr)")
            XCTAssertEqual(out.stdout, "", path)
            XCTAssertEqual(
                out.stderr,
                "palette-tui: generate: could not read the image \(path): \(reason)"
                    + out.stderr.dropFirst("palette-tui: generate: could not read the image \(path): \(reason)".count),
                path)
            XCTAssertTrue(
                out.stderr.hasPrefix("palette-tui: generate: could not read the image \(path): \(reason)"),
                out.stderr)
            XCTAssertEqual(out.stderr.filter { $0 == "\n" }.count, 1, out.stderr)
        }
        // The same sentence in Chinese, both scripts.
        let empty = dir + "/empty.png"
        XCTAssertEqual(
            try run(["--lang", "zh-Hant", "--image", empty]).stderr,
            "palette-tui: generate: 無法讀取圖片 \(empty)：檔案是空的\n")
        XCTAssertEqual(
            try run(["--lang", "zh-Hans", "--image", empty]).stderr,
            "palette-tui: generate: 无法读取图片 \(empty)：文件是空的\n")
    }
}

/// An 8000 × 6000 JPEG and a 50-megapixel PNG (8660 × 5774), written once: decoded within the
/// memory bound (peak resident set under 100 MB), the regions still read. Time is measured by
/// `make bench` on the release build; here only a generous ceiling (the test binary is a debug build).
final class ImageBoundsTests: XCTestCase {
    /// The pictures, written once for the class and removed after it.
    nonisolated(unsafe) static var scratch: TemporaryDirectory?
    static var directory: TemporaryDirectory {
        if scratch == nil { scratch = try! TemporaryDirectory(prefix: "image-bounds") }
        return scratch!
    }

    override class func tearDown() {
        scratch = nil
        super.tearDown()
    }

    nonisolated(unsafe) static let spec: [String: Any] = [
        "background": [118, 128, 122], "compress_level": 1,
        "regions": [["box": [0, 0, 8999, 1799], "colour": [30, 60, 110]]],
    ]

    func bounded(_ name: String, _ extra: [String: Any]) throws {
        let path = try ImageCommandTests.pictureIn(Self.directory, name, Self.spec.merging(extra) { $1 })
        let started = Date()
        let out = try Spawn.run(
            [
                try Repository.paletteTUI(), "generate", "--provider", "offline", "--no-history", "--format", "hex",
                "--image", path,
            ],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent-home", "LANG": "C.UTF-8"],
            measuringMemory: true)
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(out.status, 0, out.stderr)
        let peak = try XCTUnwrap(out.peakMemoryBytes)
        XCTAssertLessThan(peak, 100_000_000, "\(name): peak \(peak / 1_000_000) MB")
        XCTAssertLessThan(seconds, 30, name)
        let colours = out.stdout.split(separator: "\n").compactMap { try? RGB(hex: String($0)) }
        guard colours.count == 3 else { return XCTFail("\(name): \(out.stdout) \(out.stderr)") }
        XCTAssertLessThanOrEqual(CIEDE2000.difference(colours[0], RGB(r: 118, g: 128, b: 122)), 5, out.stdout)
        XCTAssertTrue(colours.contains { CIEDE2000.difference($0, RGB(r: 30, g: 60, b: 110)) <= 5 }, out.stdout)
    }

    func testAn8000By6000JPEG() throws {
        try bounded("large.jpg", ["width": 8000, "height": 6000, "format": "JPEG", "quality": 90])
    }

    func testA50MegapixelPNG() throws {
        try bounded("large.png", ["width": 8660, "height": 5774, "format": "PNG"])
    }
}

extension ImageCommandTests {
    static func pictureIn(_ directory: TemporaryDirectory, _ name: String, _ spec: [String: Any]) throws -> String {
        let path = directory.file(name)
        if FileManager.default.fileExists(atPath: path) { return path }
        let specPath = directory.file(name + ".json")
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let made = try Spawn.run(
            ["python3", Repository.url("Tests/TestSupport/Tools/make_image.py").path, specPath, path], timeout: 120)
        XCTAssertEqual(made.status, 0, made.stderr)
        return path
    }
}
