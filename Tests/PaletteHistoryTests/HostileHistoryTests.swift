import Foundation
import PaletteCore
import TestSupport
import XCTest

@testable import PaletteHistory

/// One value handed from a worker thread to the test, written before a semaphore is signalled.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// Issue 12, points 4 and 7, at the store: paths that cannot be opened, and files that hold
/// several copies of an id (merged from two machines, a backup appended, a file copied onto itself).
final class HostileHistoryTests: XCTestCase {
    private func entry(_ id: String, _ n: Int, favorite: Bool = false) -> HistoryEntry {
        HistoryEntry(
            id: id, created: Date(timeIntervalSince1970: 1_764_400_000 + Double(n)), description: "copy \(n) of \(id)",
            palette: Palette(
                primary: RGB(packed: UInt32(n & 0xFFFFFF)), secondary: RGB(packed: 0xABCDEF),
                accent: RGB(packed: 0xFF0080)),
            provider: "offline", model: nil, favorite: favorite)
    }

    /// Runs `body` on its own thread and fails if it has not returned within `seconds`: a hang
    /// fails the test instead of stopping the suite.
    private func withinSeconds<T: Sendable>(
        _ seconds: Double, _ what: String, _ body: @escaping @Sendable () -> T
    ) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.value = body()
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success, let value = box.value else {
            XCTFail("\(what) did not return within \(seconds) s")
            throw XCTSkip("\(what) is stuck")
        }
        return value
    }

    /// Issue 12, point 4: a dangling symlink as the history file (or as its folder) is refused
    /// at once by every operation, naming the link and where it points; nothing is created
    /// through it. It used to loop for ever between ENOENT and EEXIST.
    func testIssue12Point4DanglingLinksAreRefusedAtOnce() throws {
        let dir = try TemporaryDirectory()
        mkdir(dir.file("real"), 0o700)
        XCTAssertEqual(symlink(dir.file("real/gone.jsonl"), dir.file("h.jsonl")), 0)
        XCTAssertEqual(symlink(dir.file("missing"), dir.file("state")), 0)
        let cases: [(path: String, link: String, target: String)] = [
            (dir.file("h.jsonl"), dir.file("h.jsonl"), dir.file("real/gone.jsonl")),
            (dir.file("state/palette-tui/h.jsonl"), dir.file("state"), dir.file("missing")),
        ]
        for item in cases {
            let store = HistoryStore(url: URL(fileURLWithPath: item.path))
            let expected = HistoryFailure(path: item.path, .danglingLink(link: item.link, target: item.target))
            let sample = entry("a", 1)
            let operations: [(String, @Sendable () throws -> Void)] = [
                ("append", { try store.append(sample) }),
                ("setFavorite", { try store.setFavorite(id: "a", true) }),
                ("delete", { try store.delete(id: "a") }),
                ("compact", { _ = try store.compact() }),
                ("load", { _ = try store.load() }),
                ("loadNewest", { _ = try store.loadNewest(10) }),
            ]
            for (name, operation) in operations {
                let thrown = try withinSeconds(10, "\(name) on \(item.path)") { () -> HistoryFailure? in
                    do {
                        try operation()
                        return nil
                    } catch {
                        return error as? HistoryFailure
                    }
                }
                XCTAssertEqual(thrown, expected, "\(name) on \(item.path)")
                XCTAssertEqual(thrown?.kind, .pathProblem, name)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("real/gone.jsonl")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("missing")))
    }

    /// Issue 12, point 4: compacting a history that does not exist yet has nothing to do and
    /// creates nothing (it used to create an empty file, or fail in a read-only folder).
    func testIssue12Point4CompactingNothingCreatesNothing() throws {
        let dir = try TemporaryDirectory()
        let store = HistoryStore(url: URL(fileURLWithPath: dir.file("sub/h.jsonl")))
        XCTAssertEqual(try store.compact(), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("sub")))
    }

    /// Issue 12, point 7: for any mix of copies of the same ids, favourite changes, deletes,
    /// restores and bad lines, compaction keeps exactly the entries a load showed, in order,
    /// with their favourites, and a second compaction changes nothing.
    func testIssue12Point7CompactionKeepsWhatLoadShowsForAnyMixOfCopies() throws {
        let dir = try TemporaryDirectory()
        var random = SplitMix64(seed: 12_007)
        for trial in 0..<300 {
            let path = dir.file("trial-\(trial).jsonl")
            let store = HistoryStore(url: URL(fileURLWithPath: path))
            let ids = (0..<Int.random(in: 1...5, using: &random)).map { "id-\($0)" }
            var written = 0
            for step in 0..<Int.random(in: 1...40, using: &random) {
                let id = ids.randomElement(using: &random)!
                // A bad line only after a record: a file that starts with one is someone else's.
                switch Int.random(in: 0..<(step == 0 ? 9 : 10), using: &random) {
                case 0..<4:
                    try store.append(entry(id, step, favorite: Bool.random(using: &random)))
                    written += 1
                case 4..<6: try store.setFavorite(id: id, Bool.random(using: &random))
                case 6..<8: try store.delete(id: id)
                case 8: try store.restore(id: id)
                default:
                    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
                    handle.seekToEndOfFile()
                    handle.write(Data("{\"not a record\": \(step)}\n".utf8))
                    handle.closeFile()
                }
            }
            if Bool.random(using: &random) {
                // A copy of the file appended to itself, as `cat h.jsonl >> h.jsonl` would.
                let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
                let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
                handle.seekToEndOfFile()
                handle.write(bytes)
                handle.closeFile()
                written *= 2
                if let id = ids.randomElement(using: &random) { try store.delete(id: id) }
            }
            let seen = try store.load()
            let removed = try store.compact()
            let after = try store.load()
            XCTAssertEqual(after.entries, seen.entries, "trial \(trial)")
            XCTAssertEqual(after.warnings.count, seen.warnings.count, "trial \(trial): bad lines are kept")
            XCTAssertEqual(removed, written - seen.entries.count, "trial \(trial): what was removed")
            let once = FileManager.default.contents(atPath: path)
            XCTAssertEqual(try store.compact(), 0, "trial \(trial)")
            XCTAssertEqual(FileManager.default.contents(atPath: path), once, "trial \(trial): a fixed point")
        }
    }

    // MARK: - What the history fuzzer found (Fuzz/regressions/history, replayed here)

    /// The regression inputs `make fuzz` keeps, each through the fuzzer's own file checks:
    /// what `load()` refuses, `compact()` refuses and leaves as it was; what it loads,
    /// compaction keeps (entries and bad lines) at a fixed point; `loadNewest` agrees.
    func testHistoryFuzzFindingsStayFixed() throws {
        let folder = Repository.url("Fuzz/regressions/history").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 3)
        let dir = try TemporaryDirectory()
        for name in names {
            let input = try XCTUnwrap(FileManager.default.contents(atPath: folder + "/" + name))
            let path = dir.file(name)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: input))
            let store = HistoryStore(url: URL(fileURLWithPath: path))
            let seen: (entries: [HistoryEntry], warnings: [HistoryWarning])
            do throws(HistoryFailure) {
                seen = try store.load()
            } catch {
                XCTAssertEqual(error.kind, .foreign, name)
                XCTAssertThrowsError(try store.compact(), name)
                XCTAssertThrowsError(try store.append(entry("x", 1)), name)
                XCTAssertEqual(FileManager.default.contents(atPath: path), input, "\(name): left as it was")
                continue
            }
            XCTAssertEqual(try store.loadNewest(3).entries, Array(seen.entries.suffix(3)), name)
            try store.compact()
            let after = try store.load()
            XCTAssertEqual(after.entries, seen.entries, name)
            XCTAssertEqual(after.warnings.count, seen.warnings.count, name)
            let once = FileManager.default.contents(atPath: path)
            XCTAssertEqual(try store.compact(), 0, name)
            XCTAssertEqual(FileManager.default.contents(atPath: path), once, "\(name): a fixed point")
        }
    }

    /// Fuzz finding: a line whose unknown key is not UTF-8 is not JSON; the fast path took it
    /// for a record, which `JSONDecoder` (and every other reader) refuses.
    func testHistoryFuzzFindingAnUnknownKeyIsJudgedByTheDecoder() throws {
        let line = try XCTUnwrap(
            FileManager.default.contents(
                atPath: Repository.url("Fuzz/regressions/history/invalid-utf8-in-an-unknown-key").path)
        ).prefix { $0 != 0x0A }
        var decoder = HistoryLineDecoder()
        let result = Data(line).withUnsafeBytes { decoder.decode($0) }
        XCTAssertEqual(result, .failure(HistoryLineError(finding: .notJSON)))
        // Keys we never write, with values of any type, still read through the decoder.
        let other = Array(
            (##"{"id":"a","created":"2025-11-29T07:06:41.250Z","description":"x","primary":"#102231","##
                + ##""secondary":"#ABCDEF","accent":"#FF0080","provider":"offline","tags":"warm","pinned":true}"##).utf8
        )
        let read = other.withUnsafeBytes { decoder.decode($0) }
        guard case .success(.entry(let entry)) = read else { return XCTFail("\(read)") }
        XCTAssertEqual(entry.id, "a")
    }

    /// Fuzz finding: a change whose "favorite" is neither true, false nor null (a restore or a
    /// delete, where the key means nothing) was read by the fast path and refused by
    /// `JSONDecoder`, which reads "favorite" on every change. Both refuse it now, and both read
    /// the forms that are fine.
    func testHistoryFuzzFindingAChangeWithAFavoriteOfTheWrongTypeIsJudgedAlike() throws {
        let kept = try XCTUnwrap(
            FileManager.default.contents(
                atPath: Repository.url("Fuzz/regressions/history/a-change-with-a-favorite-of-the-wrong-type").path))
        let found = try XCTUnwrap(kept.split(separator: 0x0A).first { $0.starts(with: Data(#"{"op":"restore""#.utf8)) })
        var cases: [(line: [UInt8], refused: Bool)] = [(Array(found), true)]
        for op in ["restore", "delete", "favorite"] {
            for value in [#""b""#, "1", "[]", "{}"] {
                cases.append((Array(#"{"op":"\#(op)","id":"a","favorite":\#(value)}"#.utf8), true))
            }
            for value in ["true", "false", "null"] where !(op == "favorite" && value == "null") {
                cases.append((Array(#"{"op":"\#(op)","id":"a","favorite":\#(value)}"#.utf8), false))
            }
        }
        for (line, refused) in cases {
            let text = String(decoding: line, as: UTF8.self)
            var decoder = HistoryLineDecoder()
            let fast = line.withUnsafeBytes { decoder.decode($0) }
            let slow = line.withUnsafeBytes { HistoryLineDecoder.slowDecode($0) }
            XCTAssertEqual(fast, slow, text)
            if case .success = fast {
                XCTAssertFalse(refused, "\(text) should be refused")
            } else {
                XCTAssertTrue(refused, text)
            }
        }
    }

    /// Fuzz finding: the file-type test is one rule for every operation. A file of two bad
    /// lines was refused by `load()` but rewritten by `compact()` (which judged whole lines
    /// only); a bad head followed by a record without its newline was loaded but refused by
    /// `compact()` and `append`.
    func testHistoryFuzzFindingEveryOperationJudgesAFileAlike() throws {
        let dir = try TemporaryDirectory()
        let cases: [(name: String, text: String, foreign: Bool)] = [
            ("two bad lines, the last without its newline", "{\"a\":1}\n{\"b\":2", true),
            (
                "bad lines, then a record without its newline",
                "{\"a\":1}\n{\"b\":2}\n{\"op\":\"delete\",\"id\":\"a\"}", false
            ),
            ("one bad line", "{\"a\":1}\n", false),
            ("torn zero bytes, then a bad line", "\0\0\0\n{\"a\":1}\n", false),
        ]
        for item in cases {
            let path = dir.file("h")
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(item.text.utf8)))
            let store = HistoryStore(url: URL(fileURLWithPath: path))
            let outcomes = [
                Result { _ = try store.load() }, Result { _ = try store.loadNewest(5) },
                Result { _ = try store.compact() }, Result { try store.append(entry("z", 9)) },
            ]
            for (i, outcome) in outcomes.enumerated() {
                switch outcome {
                case .success: XCTAssertFalse(item.foreign, "\(item.name): operation \(i) took a foreign file")
                case .failure(let error):
                    XCTAssertTrue(item.foreign, "\(item.name): operation \(i) refused: \(error)")
                    XCTAssertEqual((error as? HistoryFailure)?.kind, .foreign, item.name)
                }
            }
        }
    }

    /// Fuzz finding: a time with more than three fraction digits (written by another tool)
    /// read as a finer time than the encoder writes back, so a re-encoded entry was another
    /// entry. Both decoders now read it to the millisecond the file keeps.
    func testHistoryFuzzFindingAFinerTimeReadsAsTheMillisecondItIsWrittenAs() throws {
        for stamp in ["2025-11-29T07:06:41.2031250Z", "2025-11-29T07:06:41.2035Z", "2025-11-29T09:06:41.999999+02:00"] {
            let line = Array(
                (##"{"id":"a","created":"\##(stamp)","description":"x","primary":"#102031","##
                    + ##""secondary":"#ABCDEF","accent":"#FF0080","provider":"offline","model":null,"favorite":false}"##)
                    .utf8)
            var decoder = HistoryLineDecoder()
            let fast = line.withUnsafeBytes { decoder.decode($0) }
            let slow = line.withUnsafeBytes { HistoryLineDecoder.slowDecode($0) }
            guard case .success(let record) = fast else { return XCTFail("\(stamp): \(fast)") }
            XCTAssertEqual(slow, fast, stamp)
            let again = HistoryLineEncoder.encode(record)
            var reader = HistoryLineDecoder()
            XCTAssertEqual(again.dropLast().withUnsafeBytes { reader.decode($0) }, fast, stamp)
            guard case .entry(let entry) = record else { return XCTFail(stamp) }
            let millis = entry.created.timeIntervalSince1970 * 1000
            XCTAssertEqual(millis, millis.rounded(), "\(stamp): kept to the millisecond")
        }
    }
}
