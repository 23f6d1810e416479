import Foundation
import PaletteCore
import TestSupport
import XCTest

@testable import PaletteHistory

/// Issue 11 point 7, the history file's side: every grapheme cluster a description holds
/// (ZWJ sequences, variation selectors, skin tones, flags, tag sequences, keycaps, Indic and
/// Persian joiners) is kept whole by the sanitiser, written byte for byte and read back by
/// the store and by Python's json module.
final class GraphemeHistoryTests: XCTestCase {
    /// One description per kind of cluster, and all of them together.
    static let clusters = [
        "👨\u{200D}👩\u{200D}👧 picnic",  // ZWJ family
        "☀\u{FE0F} morning",  // VS16
        "❤\u{FE0F}\u{200D}🔥 heart on fire",  // VS16 inside a ZWJ sequence
        "👩🏽\u{200D}💻 at night",  // skin tone and ZWJ
        "🏳\u{FE0F}\u{200D}🌈 parade",  // VS16, ZWJ
        "🇹🇼 🇯🇵 flags",  // regional indicator pairs
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} highlands",  // tag sequence
        "1\u{FE0F}\u{20E3} keycap",  // keycap
        "क्\u{200D}ष and می\u{200C}خواهم",  // Devanagari ZWJ, Persian ZWNJ
        "e\u{301}te\u{301} ☕\u{FE0E}",  // combining accents, VS15
    ]

    func testIssue11Point7TheSanitiserKeepsEveryClusterWhole() {
        for text in Self.clusters + [Self.clusters.joined(separator: " ")] {
            let cleaned = TextSanitizer.clean(text)
            XCTAssertEqual(Array(cleaned.unicodeScalars), Array(text.unicodeScalars), text)
            XCTAssertEqual(cleaned.count, text.count, "graphemes of \(text)")
        }
        // What steers text is still dropped, joiners alone too.
        XCTAssertEqual(TextSanitizer.clean("a\u{202E}b\u{2066}c\u{FEFF}d\u{200B}e"), "abcde")
        XCTAssertEqual(TextSanitizer.clean("\u{200D}x \u{200C}y \u{E0067}z"), "x y z")
        XCTAssertEqual(TextSanitizer.clean("👨\u{200D}\u{202E}👩"), "👨\u{200D}👩")
    }

    func testIssue11Point7TheHistoryFileKeepsEveryClusterWhole() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("history.jsonl")
        let store = HistoryStore(url: URL(fileURLWithPath: path))
        var written: [HistoryEntry] = []
        for (n, text) in (Self.clusters + [Self.clusters.joined(separator: " ")]).enumerated() {
            let entry = HistoryEntry(
                id: "id-\(n)", created: Date(timeIntervalSince1970: 1_764_400_000 + Double(n)),
                description: TextSanitizer.clean(text),
                palette: Palette(
                    primary: RGB(packed: 0x2F5D50), secondary: RGB(packed: 0x000080), accent: RGB(packed: 0xFF7F50)),
                provider: "offline", model: nil, favorite: false)
            try store.append(entry)
            written.append(entry)
        }
        let (loaded, warnings) = try HistoryStore(url: URL(fileURLWithPath: path)).load()
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(loaded.map(\.description), written.map(\.description))
        for (a, b) in zip(loaded, written) {
            XCTAssertEqual(Array(a.description.unicodeScalars), Array(b.description.unicodeScalars))
        }
        // A real reader: Python's json module sees the same scalars.
        let script = """
            import json, sys
            for line in open(sys.argv[1], encoding="utf-8"):
                print(json.dumps(json.loads(line)["description"], ensure_ascii=True))
            """
        let result = try Spawn.run(["python3", "-c", script, path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let read = result.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed)) as? String
        }
        XCTAssertEqual(read, written.map(\.description))
    }
}
