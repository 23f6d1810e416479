import Foundation
import PaletteCore
import PaletteHistory
import TestSupport
import XCTest

@testable import PaletteHistory

/// The store's promises with real processes on a real file: a writer killed mid-stream loses
/// nothing it reported saved, two writers never interleave, a compaction under a writer loses
/// nothing, and a read-only directory is one clear sentence. The writers are `history-writer`
/// (Tests/HistoryWriter), a test-only executable around `HistoryStore.append`.
final class HistoryDurabilityTests: XCTestCase {
    /// SIGKILL at several moments in a stream of appends: every id the writer reported
    /// saved (after fsync) is in the file, at most the last line is torn, and writing resumes.
    func testKillDuringAppendsLosesNothingReported() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        var reported: [String] = []
        for (round, killAfter) in [1, 37, 120].enumerated() {
            let (pid, fd) = try Spawn.startReading(
                [try HistoryWriter.path, "--history", path, "100000"],
                environment: HistoryWriter.environment())
            var reader = LineReader(fd: fd)
            var seen = 0
            while seen < killAfter, let line = reader.next() {
                XCTAssertTrue(line.hasPrefix("saved "), line)
                reported.append(String(line.dropFirst(6)))
                seen += 1
            }
            if round == 2 { usleep(3_000) }
            kill(pid, SIGKILL)
            XCTAssertEqual(Spawn.wait(pid), 128 + SIGKILL, "the writer was killed, not finished")
            while let line = reader.next() { reported.append(String(line.dropFirst(6))) }
            close(fd)
            XCTAssertGreaterThanOrEqual(seen, killAfter)

            let (entries, warnings) = try HistoryStore(url: URL(fileURLWithPath: path)).load()
            let ids = Set(entries.map(\.id))
            let missing = reported.filter { !ids.contains($0) }
            XCTAssertEqual(missing, [], "round \(round): reported saved but not in the file")
            XCTAssertLessThanOrEqual(warnings.count, 1, "round \(round): \(warnings)")
            XCTAssertTrue(
                warnings.allSatisfy { if case .skippedLine(_, .incompleteLastLine) = $0 { true } else { false } },
                "\(warnings)")
        }
        let after = try HistoryWriter.run(["--history", path, "1"])
        XCTAssertEqual(after.status, 0, after.stderr)
        let newID = String(after.stdout.dropFirst(6).prefix { $0 != "\n" })
        let (entries, _) = try HistoryStore(url: URL(fileURLWithPath: path)).load()
        XCTAssertEqual(entries.last?.id, newID, "an append after a crash is a whole, readable line")
        XCTAssertTrue(Set(reported).isSubset(of: Set(entries.map(\.id))))
    }

    func testTwoConcurrentWritersLoseNothing() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let outA = dir.file("a.out")
        let outB = dir.file("b.out")
        var pids: [pid_t] = []
        for out in [outA, outB] {
            pids.append(
                try Spawn.spawn(
                    [try HistoryWriter.path, "--history", path, "200"],
                    environment: HistoryWriter.environment()
                ) { fa in
                    posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                })
        }
        for pid in pids { XCTAssertEqual(Spawn.wait(pid), 0) }

        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"))
        XCTAssertEqual(text.split(separator: "\n", omittingEmptySubsequences: false).count, 401)
        let (entries, warnings) = try HistoryStore(url: URL(fileURLWithPath: path)).load()
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(entries.count, 400)
        XCTAssertEqual(Set(entries.map(\.id)).count, 400)
        for out in [outA, outB] {
            let ids = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map {
                String($0.dropFirst(6))
            }
            XCTAssertEqual(ids.count, 200)
            XCTAssertTrue(Set(ids).isSubset(of: Set(entries.map(\.id))))
        }
        XCTAssertEqual(Set(entries.map(\.accent)).count, 2, "both writers' entries are there")
    }

    /// Compaction renames a new file into place; a writer waiting on the old file's lock
    /// must notice and append to the new one, or its entry would vanish with the old inode.
    func testCompactionDuringAppendsLosesNothing() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let store = HistoryStore(url: URL(fileURLWithPath: path))
        try store.append(
            HistoryEntry(
                id: "first", created: Date(), description: "before",
                palette: Palette(primary: RGB(packed: 1), secondary: RGB(packed: 2), accent: RGB(packed: 3)),
                provider: "offline", model: nil))
        try store.delete(id: "first")
        let (pid, fd) = try Spawn.startReading(
            [try HistoryWriter.path, "--history", path, "300"],
            environment: HistoryWriter.environment())
        var reader = LineReader(fd: fd)
        var reported: [String] = []
        var compactions = 0
        while let line = reader.next() {
            reported.append(String(line.dropFirst(6)))
            if reported.count % 10 == 0 {
                try store.compact()
                compactions += 1
            }
        }
        close(fd)
        XCTAssertEqual(Spawn.wait(pid), 0)
        XCTAssertEqual(compactions, 30)
        let (entries, warnings) = try store.load()
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(entries.map(\.id), reported, "every append landed, in order, exactly once")
    }

    func testReadOnlyDirectoryGivesAClearMessage() throws {
        let prefix = try withoutPermissionOverride()
        let dir = try TemporaryDirectory()
        let ro = try dir.readOnlyDirectory("ro")
        let path = ro + "/h.jsonl"
        let append = try Spawn.run(
            prefix + [try HistoryWriter.path, "--history", path, "1"],
            environment: HistoryWriter.environment())
        XCTAssertEqual(append.status, 1)
        XCTAssertEqual(append.stdout, "")
        // The writer prints the typed failure as it is (the words are PaletteApp's, tested there):
        // a write refused in the folder itself, with its errno.
        XCTAssertTrue(append.stderr.contains("path: Optional(\"\(path)\")"), append.stderr)
        XCTAssertTrue(append.stderr.contains("write, path: \"\(ro)\", code: \(EACCES)"), append.stderr)
        XCTAssertEqual(append.stderr.split(separator: "\n").count, 1, append.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// The writer finds the file where the product would: XDG_STATE_HOME, created privately.
    func testWriterUsesTheEnvironmentsLocation() throws {
        let dir = try TemporaryDirectory()
        let state = dir.file("state")
        let run = try HistoryWriter.run(["2"], environment: ["XDG_STATE_HOME": state])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(fileMode(state + "/palette-tui"), 0o700)
        XCTAssertEqual(fileMode(state + "/palette-tui/history.jsonl"), 0o600)
        let ids = run.stdout.split(separator: "\n").map { String($0.dropFirst(6)) }
        XCTAssertEqual(
            try HistoryStore(url: URL(fileURLWithPath: state + "/palette-tui/history.jsonl")).load().entries.map(\.id),
            ids)
    }
}

/// Runs `history-writer`, built beside the test bundle, in a small clean environment.
enum HistoryWriter {
    static var path: String {
        get throws { try Repository.product("history-writer") }
    }

    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/nonexistent-home", "LANG": "C.UTF-8",
            "SWIFT_BACKTRACE": "enable=no",
        ].merging(extra) { $1 }
    }

    static func run(_ args: [String], environment extra: [String: String] = [:]) throws -> ChildResult {
        try Spawn.run([try path] + args, environment: environment(extra))
    }
}
