import Foundation
import PaletteCore
import TestSupport
import XCTest

@testable import PaletteHistory

/// Lineage in the history file: an old file (written by c4608d3, before lineage) loads and
/// re-encodes unchanged; new entries round-trip every lineage part through both decoders and
/// through Python's json; bad lineage values lose the lineage part, never the palette.
final class HistoryLineageTests: XCTestCase {
    private let oldFile = Repository.url("Tests/PaletteHistoryTests/Fixtures/c4608d3-history.jsonl")

    private func entry(_ n: Int, lineage: HistoryEntry.Lineage) -> HistoryEntry {
        HistoryEntry(
            id: "id-\(n)", created: Date(timeIntervalSince1970: 1_764_400_000 + Double(n)),
            description: "entry \(n)",
            palette: Palette(
                primary: RGB(packed: UInt32(0x2F5D50 + n)), secondary: RGB(packed: 0xABCDEF),
                accent: RGB(packed: 0xE8B04B)),
            provider: "gemini", model: "gemini-3.5-flash-lite", lineage: lineage)
    }

    /// Every lineage part, alone and together, with text that needs escaping.
    private var lineages: [HistoryEntry.Lineage] {
        [
            HistoryEntry.Lineage(),
            HistoryEntry.Lineage(parent: "id-0"),
            HistoryEntry.Lineage(seed: 0),
            HistoryEntry.Lineage(seed: UInt64.max),
            HistoryEntry.Lineage(variation: 7),
            HistoryEntry.Lineage(locked: [.accent, .primary]),
            HistoryEntry.Lineage(locked: Role.allCases),
            HistoryEntry.Lineage(refinement: "warmer accent"),
            HistoryEntry.Lineage(refinement: "更柔和 \"quoted\" \\ tab\t newline\n"),
            HistoryEntry.Lineage(
                image: ImageReference(
                    source: "photos/海邊 \"dawn\".png",
                    checksum: "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")),
            HistoryEntry.Lineage(
                refinement: "calmer", image: ImageReference(source: "/tmp/a.jpg", checksum: "sha256:00")),
            HistoryEntry.Lineage(
                parent: "id-1", seed: 9_007_199_254_740_993, variation: 3, locked: [.secondary],
                refinement: "夜晚版本"),
        ]
    }

    func testOldFileLoadsUnchangedAndReencodesByteForByte() throws {
        let original = try Data(contentsOf: oldFile)
        let dir = try TemporaryDirectory()
        let path = dir.file("history.jsonl")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: original))
        let store = HistoryStore(url: URL(fileURLWithPath: path))
        let (entries, warnings) = try store.load()
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(entries.count, 5)
        XCTAssertEqual(entries.map(\.description)[1], "海邊的日出")
        XCTAssertTrue(entries.allSatisfy { $0.lineage.isEmpty && $0.lineage == HistoryEntry.Lineage() })
        // The same values the old version's own reader (JSONDecoder, the slow path) sees.
        let lines = String(decoding: original, as: UTF8.self).split(separator: "\n")
        for (line, e) in zip(lines, entries) {
            XCTAssertEqual(try JSONDecoder().decode(HistoryEntry.self, from: Data(line.utf8)), e)
            XCTAssertEqual(String(decoding: HistoryLineEncoder.encode(.entry(e)), as: UTF8.self), line + "\n")
        }
        // Compaction rewrites every line; an old file comes out byte for byte the same.
        try store.compact()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original)
    }

    func testLineageRoundTripsThroughTheFileBothDecodersAndPython() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("history.jsonl")
        let store = HistoryStore(url: URL(fileURLWithPath: path))
        let expected = lineages.enumerated().map { entry($0, lineage: $1) }
        for e in expected { try store.append(e) }
        let (loaded, warnings) = try HistoryStore(url: store.url).load()
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(loaded, expected)
        XCTAssertEqual(loaded.map(\.lineage), lineages)

        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0].hasSuffix(#""favorite":false}"#), true, "no lineage, no new field: \(lines[0])")
        XCTAssertTrue(lines[3].contains(#""seed":"18446744073709551615""#), lines[3])
        XCTAssertTrue(lines[5].contains(#""locked":["primary","accent"]"#), lines[5])
        var decoder = HistoryLineDecoder()
        for (line, e) in zip(lines, expected) {
            // The fast path and the fallback (Foundation's decoder) agree on every line.
            XCTAssertEqual(try JSONDecoder().decode(HistoryEntry.self, from: Data(line.utf8)), e, line)
            var copy = line
            let fast = copy.withUTF8 { decoder.decode(UnsafeRawBufferPointer($0)) }
            XCTAssertEqual(fast, .success(.entry(e)), line)
            XCTAssertTrue(copy.withUTF8 { decoder.readsWithoutFallback(UnsafeRawBufferPointer($0)) }, line)
        }

        // A reader that is not ours: Python's json sees every part with its type.
        let script = """
            import json, sys
            rows = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
            last = rows[-1]
            assert last["parent"] == "id-1" and last["seed"] == "9007199254740993", last
            assert last["variation"] == 3 and last["locked"] == ["secondary"], last
            assert last["refinement"] == "夜晚版本", last
            assert rows[9]["image"] == 'photos/海邊 "dawn".png', rows[9]
            assert rows[9]["imageChecksum"].startswith("sha256:ba7816bf"), rows[9]
            assert rows[10]["refinement"] == "calmer" and rows[10]["image"] == "/tmp/a.jpg", rows[10]
            assert rows[8]["refinement"] == '更柔和 "quoted" \\\\ tab\\t newline\\n', rows[8]
            assert all(set(r) >= {"id","created","description","primary","secondary","accent","provider","model","favorite"} for r in rows)
            assert set(rows[0]) == {"id","created","description","primary","secondary","accent","provider","model","favorite"}
            print("ok", len(rows))
            """
        let out = try Spawn.run(["python3", "-c", script, path])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stdout, "ok \(expected.count)\n")

        // Compaction keeps lineage.
        try store.compact()
        XCTAssertEqual(try store.load().entries, expected)
    }

    func testBadLineageLosesOnlyTheLineagePart() throws {
        let head =
            ##"{"id":"a","created":"2026-11-29T08:05:03Z","description":"x","primary":"#000000","##
            + ##""secondary":"#111111","accent":"#222222","provider":"offline","model":null,"favorite":false"##
        let cases: [(String, HistoryEntry.Lineage)] = [
            (##","seed":"not a number"}"##, HistoryEntry.Lineage()),
            (##","seed":42}"##, HistoryEntry.Lineage(seed: 42)),
            (##","seed":-1}"##, HistoryEntry.Lineage()),
            (##","variation":"3"}"##, HistoryEntry.Lineage()),
            (##","variation":2.5}"##, HistoryEntry.Lineage()),
            (##","locked":["primary","tertiary",true]}"##, HistoryEntry.Lineage()),
            (##","locked":["accent","tertiary"]}"##, HistoryEntry.Lineage(locked: [.accent])),
            (##","locked":"primary"}"##, HistoryEntry.Lineage()),
            (##","parent":""}"##, HistoryEntry.Lineage()),
            (##","parent":7,"refinement":"darker"}"##, HistoryEntry.Lineage(refinement: "darker")),
            (##","refinement":null,"unknown":[1,{"x":2}]}"##, HistoryEntry.Lineage()),
        ]
        var decoder = HistoryLineDecoder()
        for (tail, lineage) in cases {
            let line = head + tail
            var copy = line
            guard case .success(.entry(let e)) = copy.withUTF8({ decoder.decode(UnsafeRawBufferPointer($0)) }) else {
                XCTFail("the palette was lost: \(line)")
                continue
            }
            XCTAssertEqual(
                e.palette,
                Palette(primary: RGB(packed: 0), secondary: RGB(packed: 0x111111), accent: RGB(packed: 0x222222)))
            XCTAssertEqual(e.lineage, lineage, line)
        }
    }

    func testLineageFromARequestAndTheAncestorChain() {
        let base = Palette(
            primary: RGB(packed: 0x2F5D50), secondary: RGB(packed: 0x88A096), accent: RGB(packed: 0xE8B04B))
        let request = GenerationRequest(
            description: "forest", variation: 2, seed: 11, locked: [.accent: base.accent],
            refinement: Refinement(instruction: "warmer", base: base))
        let result = GeneratedPalette(palette: base, provider: "offline", model: "offline-engine-1")
        let child = HistoryEntry(
            id: "c", created: Date(timeIntervalSince1970: 0), request: request, result: result, parent: "b")
        XCTAssertEqual(
            child.lineage,
            HistoryEntry.Lineage(parent: "b", seed: 11, variation: 2, locked: [.accent], refinement: "warmer"))
        XCTAssertEqual(child.provider, "offline")
        XCTAssertEqual(child.model, "offline-engine-1")
        let a = entry(1, lineage: HistoryEntry.Lineage())
        var b = entry(2, lineage: HistoryEntry.Lineage(parent: a.id))
        b.id = "b"
        // A loop (x -> y -> x) stops; a parent that is gone ends the chain.
        var x = entry(3, lineage: HistoryEntry.Lineage(parent: "y"))
        x.id = "x"
        var y = entry(4, lineage: HistoryEntry.Lineage(parent: "x"))
        y.id = "y"
        let all = [a, b, child, x, y]
        XCTAssertEqual(all.ancestors(of: child).map(\.id), ["b", a.id])
        XCTAssertEqual(all.ancestors(of: x).map(\.id), ["y"])
        XCTAssertEqual([child].ancestors(of: child), [])
    }
}
