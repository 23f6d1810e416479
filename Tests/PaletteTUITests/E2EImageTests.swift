import Foundation
import PaletteCore
import TestSupport
import XCTest

/// A picture in the real app (issue 36): a path pasted into the field as a terminal pastes a
/// dragged file, Enter, and the panes show the picture's regions, a half-block thumbnail of it
/// sits beside them, and history keeps the file's path and checksum, not its pixels.
final class E2EImageTests: XCTestCase {
    /// 120 × 80: a blue field on the left 60 %, sand over the right's top 25 %, orange under it
    /// (15 %). Every region is over a tenth of the picture, so the offline engine keeps their
    /// colours as they are: primary the largest, accent the more salient of the other two.
    static let blue = RGB(r: 0x2E, g: 0x5A, b: 0x88)
    static let sand = RGB(r: 0xE8, g: 0xD9, b: 0xB0)
    static let orange = RGB(r: 0xD9, g: 0x4F, b: 0x2B)

    /// Draws the picture with Pillow at `path`; returns the SHA-256 of the file as Python reads it.
    private func makePicture(at path: String) throws -> String {
        let script = """
            import hashlib, sys
            from PIL import Image, ImageDraw
            im = Image.new("RGB", (120, 80), (0x2E, 0x5A, 0x88))
            d = ImageDraw.Draw(im)
            d.rectangle([72, 0, 119, 49], fill=(0xE8, 0xD9, 0xB0))
            d.rectangle([72, 50, 119, 79], fill=(0xD9, 0x4F, 0x2B))
            im.save(sys.argv[1])
            print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())
            """
        let made = try Spawn.run(
            ["python3", "-c", script, path],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        XCTAssertEqual(made.status, 0, made.stderr)
        return made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The foreground colours (`38;2;R;G;B`) of the cells on lines that hold a half block.
    private func halfBlockInks(_ capture: String) -> [String] {
        capture.components(separatedBy: "\n").filter { $0.contains("▀") }.flatMap { line in
            line.components(separatedBy: "38;2;").dropFirst().map { String($0.prefix { $0.isNumber || $0 == ";" }) }
        }
    }

    func testAPastedImagePathMakesThePaletteTheThumbnailAndAHistoryReference() throws {
        let session = try TmuxSession(
            ["--provider", "offline", "--lang", "en", "--history", "h.jsonl"], width: 80, height: 24)
        let folder = session.directory.appendingPathComponent("My Photos").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/sea shore.png"
        let checksum = try makePicture(at: path)
        try session.waitForStart()
        // As a terminal pastes a dragged file: spaces escaped, a space after.
        let pasted = path.replacingOccurrences(of: " ", with: "\\ ") + " "
        try session.tmux(["set-buffer", "-b", "p", pasted])
        try session.tmux(["paste-buffer", "-p", "-b", "p", "-t", session.target])
        try session.waitFor("sea\\ shore.png")
        try session.press("Enter")
        let screen = try session.waitForScreen("the picture's three regions in the panes") {
            E2EAppTests.paneHexCodes($0) == [Self.blue, Self.sand, Self.orange]
        }
        // The path left the field; the thumbnail's column names the file.
        XCTAssertTrue(screen.contains("sea shore.png"), screen)
        XCTAssertFalse(screen.contains("My\\ Photos"), screen)
        XCTAssertTrue(screen.contains("From the image"), screen)
        // Half blocks inked with the picture's regions: blue on the left, sand and orange on the right.
        let capture = try session.screen(escapes: true)
        let inks = Set(halfBlockInks(capture))
        XCTAssertTrue(inks.contains("46;90;136"), "blue half blocks: \(inks)")
        XCTAssertTrue(inks.contains("232;217;176"), "sand half blocks: \(inks)")
        XCTAssertTrue(inks.contains("217;79;43"), "orange half blocks: \(inks)")
        // History: the row marks the picture; the file keeps its path and checksum.
        try session.waitFor("▣ sea shore.png")
        let line = try XCTUnwrap(
            try String(contentsOf: session.directory.appendingPathComponent("h.jsonl"), encoding: .utf8)
                .split(separator: "\n").last)
        let entry = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(entry["image"] as? String, path)
        XCTAssertEqual(entry["imageChecksum"] as? String, "sha256:" + checksum)
        XCTAssertEqual(entry["primary"] as? String, "#2E5A88")
        XCTAssertFalse(line.contains("pixels"), String(line))
        // Reopened from the history: the file is still there and unchanged.
        try session.press("Tab", "Tab", "Tab")
        try session.press("Enter")
        try session.waitFor("sea shore.png is still there and unchanged")
    }

    /// Pastes `path` as a dragged file, generates, and waits for the picture's palette.
    private func generate(from path: String, in session: TmuxSession) throws -> String {
        try session.waitForStart()
        try session.tmux(["set-buffer", "-b", "p", path.replacingOccurrences(of: " ", with: "\\ ") + " "])
        try session.tmux(["paste-buffer", "-p", "-b", "p", "-t", session.target])
        try session.waitFor("shore.png")
        try session.press("Enter")
        return try session.waitForScreen("the picture's three regions in the panes") {
            E2EAppTests.paneHexCodes($0) == [Self.blue, Self.sand, Self.orange]
        }
    }

    /// In 256 colours the half blocks take the nearest xterm colours, as the panes do (blue
    /// #2E5A88 is 25, #005FAF, perceptually nearer than 24's #005F87); with NO_COLOR there are
    /// none, only a heading and the file's name.
    func testTheThumbnailIn256ColoursAndWithoutColour() throws {
        let indexed = try TmuxSession(
            ["--provider", "offline", "--no-history"], width: 80, height: 24, term: "tmux-256color")
        let path = indexed.directory.appendingPathComponent("sea shore.png").path
        _ = try makePicture(at: path)
        _ = try generate(from: path, in: indexed)
        let capture = try indexed.screen(escapes: true)
        let lines = capture.components(separatedBy: "\n").filter { $0.contains("▀") }
        XCTAssertFalse(lines.isEmpty, capture)
        XCTAssertTrue(lines.contains { $0.contains("[38;5;25m") }, "blue half blocks: \(capture)")
        XCTAssertTrue(lines.contains { $0.contains("48;5;25m") }, "the primary pane's own index: \(capture)")
        XCTAssertFalse(capture.contains("38;2;"), "no 24-bit colour in a 256-colour terminal")

        let plain = try TmuxSession(
            ["--provider", "offline", "--no-history"], width: 80, height: 24, environment: ["NO_COLOR": "1"])
        let shown = try generate(from: path, in: plain)
        XCTAssertFalse(shown.contains("▀"), shown)
        XCTAssertTrue(shown.contains("Image:"), shown)
        XCTAssertTrue(shown.contains("sea shore.png"), shown)
    }
}
