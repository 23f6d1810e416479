import Foundation
import XCTest

/// The pictures a recorded request body carries, read from the API's documented image field by
/// Pillow (`Readers/read_sent_image.py`): where each was, its size, its PNG chunks in order, what
/// Pillow found beyond the pixels, and the pixels themselves (RGB, row by row).
public struct SentImage: Equatable, Sendable {
    public enum API: String, Sendable {
        case gemini, openai, ollama
    }

    public var field: String
    public var mime: String?
    public var width: Int
    public var height: Int
    public var format: String
    public var chunks: [String]
    /// Pillow's `info` keys (text, ICC profile, gamma, dpi...): none for a bare picture.
    public var info: [String]
    public var exif: Bool
    public var pixels: [UInt8]

    /// Every picture in `body`, in order. Skips the test only when Pillow cannot be imported
    /// (`make test-deps` installs it); an unreadable picture fails.
    public static func read(
        _ api: API, body: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [SentImage] {
        let scratch = try TemporaryDirectory(prefix: "sent-image")
        let bodyPath = scratch.file("body.json")
        try Data(body.utf8).write(to: URL(fileURLWithPath: bodyPath))
        let prefix = scratch.file("picture")
        let script = Repository.url("Tests/TestSupport/Readers/read_sent_image.py").path
        let result = try Spawn.run(["python3", script, api.rawValue, bodyPath, prefix])
        if result.status == 3 {
            throw XCTSkip("Pillow is not installed (run `make test-deps`): \(result.stderr)", file: file, line: line)
        }
        guard result.status == 0 else { throw SpawnError("read_sent_image.py: \(result.stderr)") }
        let list = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return try list.enumerated().map { n, item in
            SentImage(
                field: item["field"] as? String ?? "", mime: item["mime"] as? String,
                width: item["width"] as? Int ?? 0, height: item["height"] as? Int ?? 0,
                format: item["format"] as? String ?? "", chunks: item["chunks"] as? [String] ?? [],
                info: item["info"] as? [String] ?? [], exif: item["exif"] as? Bool ?? true,
                pixels: [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(prefix)-\(n).rgb"))))
        }
    }
}
