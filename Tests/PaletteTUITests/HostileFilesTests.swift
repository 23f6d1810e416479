import Foundation
import PaletteCore
import PaletteHistory
import TestSupport
import XCTest

/// Issue 12, points 4 and 7: the real binary against history paths that cannot be opened and
/// against merged or copied history files.
final class HostileFilesTests: XCTestCase {
    /// A history path that cannot work, made for real in a temporary directory.
    private struct Hostile {
        var name: String
        var path: String
        /// Whether listing still works (the file can be read, or there is nothing to read).
        var readable: Bool
        /// Whether `--compact` has nothing to do and says so (there is no file at all).
        var nothingToCompact: Bool = false
        /// A word the message must carry, to show it names the real cause.
        var cause: String
        /// Whether the run needs the capabilities that let root ignore permissions dropped.
        var needsPermissions: Bool = false
    }

    private func entry(_ n: Int) -> HistoryEntry {
        HistoryEntry(
            id: "id-\(n)", created: Date(timeIntervalSince1970: 1_764_400_000 + Double(n)),
            description: "entry \(n)",
            palette: Palette(
                primary: RGB(packed: UInt32(0x102030 + n)), secondary: RGB(packed: 0xABCDEF),
                accent: RGB(packed: 0xFF0080)),
            provider: "offline", model: nil)
    }

    /// Every kind of path whose open cannot succeed, each in its own folder of `dir`.
    private func hostilePaths(_ dir: TemporaryDirectory) throws -> [Hostile] {
        var cases: [Hostile] = []
        func folder(_ name: String) -> String {
            let path = dir.file(name)
            mkdir(path, 0o700)
            return path
        }

        var f = folder("dangling")
        XCTAssertEqual(symlink(f + "/gone.jsonl", f + "/h.jsonl"), 0)
        cases.append(Hostile(name: "dangling symlink", path: f + "/h.jsonl", readable: false, cause: "gone.jsonl"))

        f = folder("dangling-far")
        XCTAssertEqual(symlink("/nonexistent-palette-dir/h.jsonl", f + "/h.jsonl"), 0)
        cases.append(
            Hostile(
                name: "dangling symlink into a missing folder", path: f + "/h.jsonl", readable: false,
                cause: "/nonexistent-palette-dir/h.jsonl"))

        f = folder("dangling-folder")
        XCTAssertEqual(symlink(f + "/missing", f + "/state"), 0)
        cases.append(
            Hostile(
                name: "dangling symlink as the folder", path: f + "/state/h.jsonl", readable: false,
                cause: f + "/missing"))

        f = folder("loop")
        XCTAssertEqual(symlink(f + "/b", f + "/a"), 0)
        XCTAssertEqual(symlink(f + "/a", f + "/b"), 0)
        cases.append(
            Hostile(name: "symlink loop", path: f + "/a", readable: false, cause: "Too many levels of symbolic links"))

        f = folder("directory")
        mkdir(f + "/h.jsonl", 0o700)
        cases.append(Hostile(name: "a directory", path: f + "/h.jsonl", readable: false, cause: "not a regular file"))

        f = folder("fifo")
        XCTAssertEqual(mkfifo(f + "/h.jsonl", 0o600), 0)
        cases.append(Hostile(name: "a FIFO", path: f + "/h.jsonl", readable: false, cause: "not a regular file"))

        f = folder("socket")
        try makeSocket(f + "/h.jsonl")
        cases.append(Hostile(name: "a socket", path: f + "/h.jsonl", readable: false, cause: "not a regular file"))

        cases.append(Hostile(name: "a device", path: "/dev/null", readable: false, cause: "not a regular file"))

        f = folder("file-as-folder")
        XCTAssertTrue(FileManager.default.createFile(atPath: f + "/notes", contents: Data("x".utf8)))
        cases.append(
            Hostile(
                name: "a path component that is a file", path: f + "/notes/h.jsonl", readable: false,
                cause: f + "/notes is a file, not a folder"))

        f = folder("unreadable")
        try HistoryStore(url: URL(fileURLWithPath: f + "/h.jsonl")).append(entry(1))
        XCTAssertEqual(chmod(f + "/h.jsonl", 0), 0)
        cases.append(
            Hostile(
                name: "EACCES", path: f + "/h.jsonl", readable: false, cause: "Permission denied",
                needsPermissions: true))

        f = folder("read-only-file")
        try HistoryStore(url: URL(fileURLWithPath: f + "/h.jsonl")).append(entry(1))
        XCTAssertEqual(chmod(f + "/h.jsonl", 0o400), 0)
        cases.append(
            Hostile(
                name: "a read-only file", path: f + "/h.jsonl", readable: true, cause: "Permission denied",
                needsPermissions: true))

        let ro = try dir.readOnlyDirectory("read-only-folder")
        cases.append(
            Hostile(
                name: "a read-only folder (as on a read-only mount)", path: ro + "/h.jsonl", readable: true,
                nothingToCompact: true, cause: "cannot write in the folder \(ro)", needsPermissions: true))
        return cases
    }

    /// A UNIX socket bound at `path` (and left there when the descriptor closes).
    private func makeSocket(_ path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw XCTSkip("cannot bind a UNIX socket here: errno \(errno)") }
    }

    /// What is at `path` without following links: type, target, size and bytes, to show nothing changed.
    private func snapshot(_ path: String) -> String {
        var st = stat()
        guard lstat(path, &st) == 0 else { return "missing" }
        switch st.st_mode & S_IFMT {
        case S_IFLNK:
            var buffer = [CChar](repeating: 0, count: 4096)
            let n = readlink(path, &buffer, buffer.count - 1)
            return "link to " + String(decoding: buffer.prefix(max(n, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        case S_IFREG:
            chmod(path, st.st_mode & 0o7777 | 0o400)
            defer { chmod(path, st.st_mode & 0o7777) }
            let bytes = FileManager.default.contents(atPath: path) ?? Data()
            return "file of \(bytes.count) bytes: \(bytes.base64EncodedString())"
        default:
            return "mode \(String(st.st_mode, radix: 8))"
        }
    }

    private func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    /// Issue 12, point 4: `generate`, `history` and `history --compact` each end, at once, with
    /// one message naming the cause, whatever the history path is (a dangling symlink hung
    /// `generate` and `--compact` for ever), and leave what is at the path as it was.
    func testIssue12Point4HistoryPathsThatCannotBeOpenedEndWithOneMessage() throws {
        let dir = try TemporaryDirectory()
        let unprivileged = try? withoutPermissionOverride()
        for hostile in try hostilePaths(dir) {
            guard !hostile.needsPermissions || unprivileged != nil else { continue }
            let prefix = hostile.needsPermissions ? unprivileged ?? [] : []
            let before = snapshot(hostile.path)
            let gone = dir.file("dangling/gone.jsonl")
            func run(_ args: [String]) throws -> ChildResult {
                try Spawn.run(
                    prefix + [Repository.paletteTUI()] + args + ["--history", hostile.path],
                    environment: HistoryBinary.environment(), timeout: 20)
            }

            let generated = try run(["generate", "--provider", "offline", "--format", "hex", "harbour at dawn"])
            XCTAssertEqual(generated.status, 0, "\(hostile.name): the palette is still the answer: \(generated.stderr)")
            let hexes = generated.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" })
            XCTAssertEqual(
                hexes.filter { (try? RGB(hex: String($0))) != nil }.count, 3, "\(hostile.name): \(generated.stdout)")
            XCTAssertEqual(lines(generated.stderr).count, 1, "\(hostile.name): one line: \(generated.stderr)")
            XCTAssertTrue(
                generated.stderr.hasPrefix("palette-tui: warning: History not saved: "),
                "\(hostile.name): \(generated.stderr)")
            XCTAssertTrue(generated.stderr.contains(hostile.cause), "\(hostile.name): \(generated.stderr)")

            let listed = try run(["history"])
            if hostile.readable {
                XCTAssertEqual(listed.status, 0, "\(hostile.name): \(listed.stderr)")
                XCTAssertEqual(listed.stderr, "", hostile.name)
            } else {
                XCTAssertEqual(listed.status, 1, "\(hostile.name): \(listed.stderr)")
                XCTAssertEqual(listed.stdout, "", hostile.name)
                XCTAssertEqual(lines(listed.stderr).count, 1, "\(hostile.name): one line: \(listed.stderr)")
                XCTAssertTrue(
                    listed.stderr.hasPrefix("palette-tui: History not read: "), "\(hostile.name): \(listed.stderr)")
                XCTAssertTrue(listed.stderr.contains(hostile.cause), "\(hostile.name): \(listed.stderr)")
            }

            let compacted = try run(["history", "--compact"])
            XCTAssertEqual(lines(compacted.stderr).count, 1, "\(hostile.name): one line: \(compacted.stderr)")
            if hostile.nothingToCompact {
                XCTAssertEqual(compacted.status, 0, "\(hostile.name): \(compacted.stderr)")
            } else {
                XCTAssertEqual(compacted.status, 1, "\(hostile.name): \(compacted.stderr)")
                XCTAssertTrue(compacted.stderr.contains(hostile.cause), "\(hostile.name): \(compacted.stderr)")
            }

            XCTAssertEqual(snapshot(hostile.path), before, "\(hostile.name): left as it was")
            XCTAssertEqual(snapshot(gone), "missing", "\(hostile.name): nothing created through a link")
        }
    }

    /// Issue 12, point 4, in the user's language: the dangling link's sentence under
    /// `--lang` for `generate` and under the locale for `history` and `--compact`.
    func testIssue12Point4TheMessageFollowsTheUsersLanguage() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        XCTAssertEqual(symlink(dir.file("gone.jsonl"), path), 0)
        let expected: [(lang: String, locale: String, saved: String, read: String, compacted: String)] = [
            ("en", "C.UTF-8", "History not saved: ", "History not read: ", "History not compacted: "),
            ("zh-Hant", "zh_TW.UTF-8", "未能儲存歷史紀錄：", "未能讀取歷史紀錄：", "未能整理歷史紀錄："),
            ("zh-Hans", "zh_CN.UTF-8", "未能保存历史记录：", "未能读取历史记录：", "未能整理历史记录："),
        ]
        for language in expected {
            let generated = try Spawn.run(
                [
                    Repository.paletteTUI(), "generate", "--provider", "offline", "--lang", language.lang,
                    "--history", path, "forest",
                ], environment: HistoryBinary.environment(), timeout: 20)
            XCTAssertEqual(generated.status, 0, generated.stderr)
            XCTAssertEqual(lines(generated.stderr).count, 1, generated.stderr)
            XCTAssertTrue(generated.stderr.contains(language.saved), generated.stderr)
            XCTAssertTrue(generated.stderr.contains(dir.file("gone.jsonl")), generated.stderr)

            for args in [["history"], ["history", "--compact"]] {
                let run = try Spawn.run(
                    [Repository.paletteTUI()] + args + ["--history", path],
                    environment: HistoryBinary.environment(["LANG": language.locale]), timeout: 20)
                XCTAssertEqual(run.status, 1, run.stderr)
                XCTAssertEqual(lines(run.stderr).count, 1, run.stderr)
                XCTAssertTrue(
                    run.stderr.contains(args.count == 1 ? language.read : language.compacted), "\(args): \(run.stderr)")
                if language.lang != "en" {
                    XCTAssertFalse(
                        run.stderr.contains("History"), "\(language.lang) \(args): no English: \(run.stderr)")
                }
            }
        }
    }

    // MARK: - Point 7

    /// The listing `history --format jsonl` prints for `path`.
    private func listing(_ path: String) throws -> String {
        let listed = try Spawn.run(
            [Repository.paletteTUI(), "history", "--format", "jsonl", "--history", path],
            environment: HistoryBinary.environment(), timeout: 20)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stderr, "")
        return listed.stdout
    }

    /// Issue 12, point 7: histories merged from two machines, a backup appended to the live
    /// file, a file appended to itself: `history --compact` keeps exactly what `history` listed,
    /// and a delete that hid every copy of an id still hides every copy afterwards (compaction
    /// used to drop one copy and the delete, so the other copies came back).
    func testIssue12Point7MergedAndCopiedHistoriesCompactToWhatTheUserSaw() throws {
        let dir = try TemporaryDirectory()
        let live = dir.file("live.jsonl")
        let store = HistoryStore(url: URL(fileURLWithPath: live))
        for n in 1...4 { try store.append(entry(n)) }
        try store.setFavorite(id: "id-2", true)
        let backup = try XCTUnwrap(FileManager.default.contents(atPath: live))
        try store.delete(id: "id-1")
        try store.setFavorite(id: "id-3", true)
        try store.delete(id: "id-4")
        try store.restore(id: "id-4")
        try store.setFavorite(id: "id-2", false)
        let current = try XCTUnwrap(FileManager.default.contents(atPath: live))

        let merges: [(name: String, bytes: Data, hidden: [String])] = [
            ("the backup, then the live file", backup + current, ["id-1"]),
            ("the live file, then the backup", current + backup, []),
            ("the live file twice", current + current, ["id-1"]),
            ("the backup twice, then deletes of every copy", backup + backup, ["id-1", "id-3"]),
        ]
        for merge in merges {
            let path = dir.file("merged.jsonl")
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: merge.bytes))
            if merge.name.hasSuffix("deletes of every copy") {
                let merged = HistoryStore(url: URL(fileURLWithPath: path))
                for id in merge.hidden { try merged.delete(id: id) }
                try merged.setFavorite(id: "id-4", true)
            }
            let seen = try listing(path)
            for id in merge.hidden {
                XCTAssertFalse(seen.contains("\"\(id)\""), "\(merge.name): \(id) is hidden before compaction")
            }

            let compacted = try Spawn.run(
                [Repository.paletteTUI(), "history", "--compact", "--history", path],
                environment: HistoryBinary.environment(), timeout: 20)
            XCTAssertEqual(compacted.status, 0, compacted.stderr)
            XCTAssertEqual(try listing(path), seen, "\(merge.name): compaction keeps what the user saw")

            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertFalse(text.contains("\"op\""), "\(merge.name): no change record is left:\n\(text)")
            for id in merge.hidden {
                XCTAssertFalse(text.contains("\"\(id)\""), "\(merge.name): every copy of \(id) is gone")
            }
            let again = try Spawn.run(
                [Repository.paletteTUI(), "history", "--compact", "--history", path],
                environment: HistoryBinary.environment(), timeout: 20)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text, "\(merge.name): a fixed point")
        }
    }
}
