import Foundation
import PaletteCore
import PaletteHistory
import TestSupport
import XCTest

@testable import PaletteHistory

/// The history store against real files: format, durability edges, changes, location.
final class HistoryStoreTests: XCTestCase {
    private func entry(
        _ n: Int, _ description: String = "entry", model: String? = "offline-1",
        favorite: Bool = false
    ) -> HistoryEntry {
        HistoryEntry(
            id: "id-\(n)", created: Date(timeIntervalSince1970: 1_764_400_000 + Double(n) + 0.25),
            description: description,
            palette: Palette(
                primary: RGB(packed: UInt32(0x102030 + n)), secondary: RGB(packed: 0xABCDEF),
                accent: RGB(packed: 0xFF0080)),
            provider: "offline", model: model, favorite: favorite)
    }

    private func bytes(_ path: String) -> [UInt8] {
        (FileManager.default.contents(atPath: path)).map { Array($0) } ?? []
    }

    private func write(_ path: String, _ text: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    private func appendRaw(_ path: String, _ data: [UInt8]) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(data))
        handle.closeFile()
    }

    // MARK: - Round trip and format

    func testAppendThenLoadKeepsEveryField() throws {
        let dir = try TemporaryDirectory()
        let store = HistoryStore(url: URL(fileURLWithPath: dir.file("h.jsonl")))
        let tricky = [
            "misty harbour at dawn",
            "霧氣瀰漫的港口，雨後的森林",
            "quote \" backslash \\ slash / tab \t newline \n cr \r bell \u{07} del \u{7F}",
            "emoji 🌅 and combining é and RTL \u{202E}text",
            "",
        ]
        var expected: [HistoryEntry] = []
        for (n, text) in tricky.enumerated() {
            let e = entry(n, text, model: n == 1 ? nil : "gemini-2.5-flash", favorite: n == 2)
            try store.append(e)
            expected.append(e)
        }
        let (loaded, warnings) = try HistoryStore(url: store.url).load()
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(loaded, expected)
        let lines = String(decoding: bytes(dir.file("h.jsonl")), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, tricky.count, "one line per entry: newlines inside descriptions are escaped")
        XCTAssertEqual(
            String(lines[1]),
            ##"{"id":"id-1","created":"2025-11-29T07:06:41.250Z","description":"霧氣瀰漫的港口，雨後的森林","##
                + ##""primary":"#102031","secondary":"#ABCDEF","accent":"#FF0080","provider":"offline","model":null,"##
                + ##""favorite":false}"##)
    }

    func testLinesAreValidJSONForOtherTools() throws {
        let dir = try TemporaryDirectory()
        let store = HistoryStore(url: URL(fileURLWithPath: dir.file("h.jsonl")))
        try store.append(entry(1, "a \"b\" \u{01} 中"))
        try store.setFavorite(id: "id-1", true)
        for line in String(decoding: bytes(dir.file("h.jsonl")), as: UTF8.self).split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            XCTAssertNotNil(object, String(line))
        }
        let decoded = try JSONDecoder().decode(
            HistoryEntry.self, from: Data(bytes(dir.file("h.jsonl")).prefix { $0 != 0x0A }))
        XCTAssertEqual(decoded, entry(1, "a \"b\" \u{01} 中"))
    }

    func testFileIs0600InA0700Directory() throws {
        let dir = try TemporaryDirectory()
        let url = try HistoryStore.resolveURL(option: nil, environment: ["XDG_STATE_HOME": dir.file("state")])
        XCTAssertEqual(url.path, dir.file("state/palette-tui/history.jsonl"))
        try HistoryStore(url: url).append(entry(1))
        XCTAssertEqual(fileMode(dir.file("state")), 0o700)
        XCTAssertEqual(fileMode(dir.file("state/palette-tui")), 0o700)
        XCTAssertEqual(fileMode(url.path), 0o600)
    }

    func testLocationPrecedence() throws {
        let env = ["PALETTE_TUI_HISTORY": "/env/h.jsonl", "XDG_STATE_HOME": "/xdg", "HOME": "/home/u"]
        XCTAssertEqual(try HistoryStore.resolveURL(option: "/opt/h.jsonl", environment: env).path, "/opt/h.jsonl")
        XCTAssertEqual(try HistoryStore.resolveURL(option: nil, environment: env).path, "/env/h.jsonl")
        XCTAssertEqual(
            try HistoryStore.resolveURL(option: nil, environment: ["XDG_STATE_HOME": "/xdg", "HOME": "/home/u"]).path,
            "/xdg/palette-tui/history.jsonl")
        XCTAssertEqual(
            try HistoryStore.resolveURL(option: nil, environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/u"]).path,
            "/home/u/.local/state/palette-tui/history.jsonl", "a relative XDG_STATE_HOME is ignored")
        XCTAssertThrowsError(try HistoryStore.resolveURL(option: nil, environment: [:])) { error in
            XCTAssertEqual(error as? HistoryFailure, HistoryFailure(path: nil, .noLocation))
        }
    }

    // MARK: - Damaged files

    func testTruncatedLastLineIsSkippedKeptAndNotJoinedToTheNextAppend() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let store = HistoryStore(url: URL(fileURLWithPath: path))
        for n in 0..<3 { try store.append(entry(n)) }
        let whole = HistoryLineEncoder.encode(.entry(entry(3)))
        let torn = Array(whole.prefix(whole.count / 2))
        try appendRaw(path, torn)
        let before = bytes(path)

        let (loaded, warnings) = try store.load()
        XCTAssertEqual(loaded.map(\.id), ["id-0", "id-1", "id-2"])
        XCTAssertEqual(warnings, [.skippedLine(number: 4, .incompleteLastLine)])
        XCTAssertEqual(bytes(path), before, "loading never changes the file")

        try store.append(entry(4))
        let after = bytes(path)
        XCTAssertEqual(Array(after.prefix(before.count)), before, "the torn line is kept as it was")
        let (reloaded, again) = try store.load()
        XCTAssertEqual(reloaded.map(\.id), ["id-0", "id-1", "id-2", "id-4"])
        XCTAssertEqual(again.count, 1)
        guard case .skippedLine(number: 4, _)? = again.first else { return XCTFail("\(again)") }
    }

    func testGarbageLinesAreSkippedWithLineNumbersAndKept() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let good = { (n: Int) in String(decoding: HistoryLineEncoder.encode(.entry(self.entry(n))), as: UTF8.self) }
        var text = good(0)
        text += "not json at all\n"
        text += good(1)
        text += "{\"id\":1,\"created\":2}\n"
        text += "\n   \n"
        text += good(2).replacingOccurrences(of: "#ABCDEF", with: "#GGGGGG")
        text += good(3).replacingOccurrences(of: "2025-11-29T07:06:43.250Z", with: "yesterday")
        text += "{\"id\":\"x\"}\n"
        text += good(4)
        write(path, text)
        try appendRaw(path, [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D, 0x0A])
        try appendRaw(path, Array(good(5).utf8))
        let before = bytes(path)

        let (loaded, warnings) = try HistoryStore(url: URL(fileURLWithPath: path)).load()
        XCTAssertEqual(loaded.map(\.id), ["id-0", "id-1", "id-4", "id-5"])
        XCTAssertEqual(warnings.count, 6, "\(warnings)")
        let findings = warnings.map { warning -> (Int, HistoryLineFinding?) in
            guard case .skippedLine(let n, .notARecord(let finding)) = warning else { return (0, nil) }
            return (n, finding)
        }
        XCTAssertEqual(findings.map(\.0), [2, 4, 7, 8, 9, 11])
        // Typed, so the app words them in the user's language (they were English sentences).
        XCTAssertEqual(
            findings.map(\.1),
            [
                .notJSON, .wrongType("id"), .notAColour("secondary", .invalidCharacter("G", in: "#GGGGGG")),
                .notATime("created"), .missingField("created"), .notJSON,
            ])
        XCTAssertEqual(bytes(path), before)
    }

    func testManyBadLinesAreSummarised() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        var text = String(decoding: HistoryLineEncoder.encode(.entry(entry(0))), as: UTF8.self)
        for _ in 0..<50 { text += "{broken\n" }
        write(path, text)
        let (loaded, warnings) = try HistoryStore(url: URL(fileURLWithPath: path)).load()
        XCTAssertEqual(loaded.count, 1)
        XCTAssertEqual(warnings.count, HistoryStore.warningLimit + 1)
        XCTAssertEqual(warnings.last, .moreSkipped(count: 30))
    }

    func testForeignFilesAreReportedAndNeverWritten() throws {
        let dir = try TemporaryDirectory()
        let samples: [(String, [UInt8])] = [
            (
                "png",
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + Array(repeating: 0xEE, count: 64)
            ),
            ("text", Array("shopping list\nmilk\neggs\n".utf8)),
            ("pretty json", Array("{\n  \"name\": \"not history\",\n  \"items\": [1, 2]\n}\n".utf8)),
        ]
        for (name, content) in samples {
            let path = dir.file(name)
            _ = FileManager.default.createFile(atPath: path, contents: Data(content))
            let store = HistoryStore(url: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try store.load(), name) { error in
                let evidence: HistoryFailure.ForeignEvidence =
                    name == "pretty json" ? .noRecords(lines: 4) : .notJSONObject
                XCTAssertEqual(error as? HistoryFailure, HistoryFailure(path: path, .foreign(evidence)), name)
            }
            XCTAssertThrowsError(try store.append(entry(1)), name) { error in
                XCTAssertEqual((error as? HistoryFailure)?.kind, .foreign, "\(name): \(error)")
            }
            XCTAssertThrowsError(try store.compact(), name)
            XCTAssertEqual(bytes(path), content, "\(name) must be left as it was")
        }
        XCTAssertEqual(mkfifo(dir.file("fifo"), 0o600), 0)
        for path in [dir.path, dir.file("fifo")] {
            let store = HistoryStore(url: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try store.load(), path) { error in
                XCTAssertEqual(error as? HistoryFailure, HistoryFailure(path: path, .foreign(.notARegularFile)))
            }
            XCTAssertThrowsError(try store.append(entry(1)), path)
        }
    }

    func testUnwritableLocationIsAClearError() throws {
        let dir = try TemporaryDirectory()
        write(dir.file("plain"), "x")
        let store = HistoryStore(url: URL(fileURLWithPath: dir.file("plain/sub/h.jsonl")))
        // A file where a folder must be: both ways name the file in the way.
        let blocked = HistoryFailure(path: dir.file("plain/sub/h.jsonl"), .notAFolder(blocker: dir.file("plain")))
        XCTAssertThrowsError(try store.append(entry(1))) { error in
            XCTAssertEqual(error as? HistoryFailure, blocked)
            XCTAssertEqual((error as? HistoryFailure)?.kind, .pathProblem)
        }
        XCTAssertThrowsError(try store.load()) { error in
            XCTAssertEqual(error as? HistoryFailure, blocked)
        }
        XCTAssertEqual(
            try HistoryStore(url: URL(fileURLWithPath: dir.file("no/such/h.jsonl"))).load().entries, [],
            "a missing file is an empty history")
    }

    // MARK: - Changes

    func testFavoriteDeleteRestoreAreAppendedAndSurviveReload() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let url = URL(fileURLWithPath: path)
        let store = HistoryStore(url: url)
        for n in 0..<3 { try store.append(entry(n)) }
        var previous = bytes(path)
        func assertOnlyAppended(_ line: UInt = #line) {
            let now = bytes(path)
            XCTAssertEqual(Array(now.prefix(previous.count)), previous, "earlier lines unchanged", line: line)
            XCTAssertGreaterThan(now.count, previous.count, line: line)
            previous = now
        }

        try store.setFavorite(id: "id-1", true)
        assertOnlyAppended()
        try store.delete(id: "id-2")
        assertOnlyAppended()
        var loaded = try HistoryStore(url: url).load().entries
        XCTAssertEqual(loaded.map(\.id), ["id-0", "id-1"])
        XCTAssertEqual(loaded.map(\.favorite), [false, true])

        try store.restore(id: "id-2")
        assertOnlyAppended()
        try store.setFavorite(id: "id-1", false)
        assertOnlyAppended()
        try store.setFavorite(id: "id-0", true)
        assertOnlyAppended()
        loaded = try HistoryStore(url: url).load().entries
        XCTAssertEqual(loaded.map(\.id), ["id-0", "id-1", "id-2"])
        XCTAssertEqual(loaded.map(\.favorite), [true, false, false])

        try store.append(entry(3))
        try store.delete(id: "id-3")
        try store.delete(id: "no-such-id")
        loaded = try HistoryStore(url: url).load().entries
        XCTAssertEqual(loaded.map(\.id), ["id-0", "id-1", "id-2"])
    }

    func testCompactFoldsChangesKeepsBadLinesAndIsAtomic() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let url = URL(fileURLWithPath: path)
        let store = HistoryStore(url: url)
        for n in 0..<4 { try store.append(entry(n)) }
        try appendRaw(path, Array("garbage line\n".utf8))
        try store.setFavorite(id: "id-0", true)
        try store.delete(id: "id-1")
        try store.delete(id: "id-2")
        try store.restore(id: "id-2")
        let before = try store.load()

        XCTAssertEqual(try store.compact(), 1)
        let after = try store.load()
        XCTAssertEqual(after.entries, before.entries)
        XCTAssertEqual(after.warnings.count, 1)
        let text = String(decoding: bytes(path), as: UTF8.self)
        XCTAssertEqual(text.split(separator: "\n").count, 4, text)
        XCTAssertTrue(text.contains("garbage line\n"))
        XCTAssertFalse(text.contains("\"op\""))
        XCTAssertEqual(fileMode(path), 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertEqual(leftovers, ["h.jsonl"], "no temporary file left behind")

        try store.append(entry(9))
        XCTAssertEqual(try store.load().entries.map(\.id), ["id-0", "id-2", "id-3", "id-9"])
    }

    // MARK: - Decoder

    func testDecoderAcceptsOtherShapesThroughTheFallback() throws {
        let lines = [
            ##"{"favorite":true,"model":"m","provider":"gemini","accent":"#abc","secondary":"00ff00","##
                + ##""primary":"#FF0000","description":"caf\u00e9 \ud83c\udf05","created":"2026-11-29T16:05:03+08:00","id":"a"}"##,
            ##"{"id":"b","created":"2026-11-29T08:05:03Z","description":"x","primary":"#000000","##
                + ##""secondary":"#111111","accent":"#222222","provider":"offline","extra":{"n":[1,2]},"count":3}"##,
            ##" { "id" : "c" , "created" : "2026-11-29T08:05:03.5Z" , "description" : "y" , "primary" : "#000000" , "##
                + ##""secondary" : "#111111" , "accent" : "#222222" , "provider" : "offline" , "model" : null } "##,
        ]
        var decoder = HistoryLineDecoder()
        var results: [HistoryEntry] = []
        for line in lines {
            var copy = line
            let record = copy.withUTF8 { decoder.decode(UnsafeRawBufferPointer($0)) }
            guard case .success(.entry(let e)) = record else { return XCTFail("\(record) for \(line)") }
            results.append(e)
            XCTAssertEqual(e, try JSONDecoder().decode(HistoryEntry.self, from: Data(line.utf8)), line)
        }
        XCTAssertEqual(results[0].description, "café 🌅")
        XCTAssertEqual(results[0].accent, RGB(packed: 0xAABBCC))
        XCTAssertEqual(results[0].secondary, RGB(packed: 0x00FF00))
        XCTAssertEqual(results[0].created, RFC3339.parse("2026-11-29T08:05:03Z"))
        XCTAssertTrue(results[0].favorite)
        XCTAssertFalse(results[1].favorite, "a missing favourite reads as false")
        XCTAssertNil(results[1].model)
        XCTAssertEqual(results[2].created.timeIntervalSince1970, results[1].created.timeIntervalSince1970 + 0.5)
    }

    func testDecoderRejectsBrokenStrings() {
        let bad = [
            ##"{"id":"a\ud800","created":"2026-11-29T08:05:03Z","description":"x","primary":"#000000","secondary":"#111111","accent":"#222222","provider":"o"}"##,
            ##"{"op":"explode","id":"a"}"##,
            ##"{"op":"favorite","id":"a"}"##,
            ##"{"id":"","created":"2026-11-29T08:05:03Z","description":"x","primary":"#000000","secondary":"#111111","accent":"#222222","provider":"o"}"##,
        ]
        var decoder = HistoryLineDecoder()
        for line in bad {
            var copy = line
            let record = copy.withUTF8 { decoder.decode(UnsafeRawBufferPointer($0)) }
            if case .success = record { XCTFail("accepted \(line)") }
        }
        var invalidUTF8: [UInt8] = Array(##"{"id":"a","created":"2026-11-29T08:05:03Z","description":""##.utf8)
        invalidUTF8 += [0xC0, 0xAF]
        invalidUTF8 += Array(##"","primary":"#000000","secondary":"#111111","accent":"#222222","provider":"o"}"##.utf8)
        let record = invalidUTF8.withUnsafeBytes { decoder.decode($0) }
        if case .success = record { XCTFail("accepted an overlong UTF-8 sequence") }
    }

    // MARK: - First frame

    func testLoadNewestReadsTheEndExactly() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let store = HistoryStore(url: URL(fileURLWithPath: path))
        var text = ""
        for n in 0..<2000 {
            text += String(
                decoding: HistoryLineEncoder.encode(.entry(entry(n, String(repeating: "word ", count: n % 40)))),
                as: UTF8.self)
        }
        write(path, text)
        try store.setFavorite(id: "id-1990", true)
        try store.delete(id: "id-1995")
        try store.setFavorite(id: "id-3", true)
        let full = try store.load().entries
        let newest = try store.loadNewest(50)
        XCTAssertFalse(newest.complete)
        XCTAssertEqual(newest.entries, Array(full.suffix(50)))
        XCTAssertFalse(newest.entries.contains { $0.id == "id-1995" })
        XCTAssertEqual(newest.entries.first { $0.id == "id-1990" }?.favorite, true)

        let all = try store.loadNewest(5000)
        XCTAssertTrue(all.complete)
        XCTAssertEqual(all.entries, full)
        XCTAssertEqual(try HistoryStore(url: URL(fileURLWithPath: dir.file("none"))).loadNewest(10).entries, [])
    }
}
