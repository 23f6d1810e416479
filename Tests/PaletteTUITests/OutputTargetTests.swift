import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Where `palette-tui export -o` and every command's standard output may land: devices, FIFOs,
/// links, long names, a full device, and signals in the middle of a write. Device nodes and
/// FIFOs are private ones made in a scratch directory, never the system's.
final class OutputTargetTests: XCTestCase {
    static let colours = ["#2E86AB", "#A23B72", "#F18F01"]
    /// The first line `export css` writes for the colours above.
    static let cssHead = "/* palette 2E86AB-A23B72-F18F01 */"

    private func export(_ extra: [String], env: [String: String] = [:]) throws -> ChildResult {
        try Spawn.run(
            [try Repository.paletteTUI(), "export", "css"] + Self.colours + extra,
            environment: HistoryBinary.environment(env), timeout: 30)
    }

    /// glibc's `makedev` (a macro Swift cannot import), for numbers below 256.
    static func device(_ major: UInt32, _ minor: UInt32) -> dev_t {
        dev_t(major) << 8 | dev_t(minor)
    }

    private func kind(_ path: String) -> mode_t? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return st.st_mode & S_IFMT
    }

    private func makeNode(_ path: String, _ mode: mode_t, major: UInt32, minor: UInt32) throws {
        guard mknod(path, mode | 0o666, Self.device(major, minor)) == 0 else {
            throw XCTSkip(
                "mknod is not permitted here (\(String(cString: strerror(errno)))); run as root to test device nodes")
        }
    }

    private func hiddenFiles(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
    }

    // MARK: - Devices, FIFOs, links

    func testForceWritesThroughACharacterDeviceInsteadOfReplacingIt() throws {
        let dir = try TemporaryDirectory(prefix: "pt-dev")
        let null = dir.file("null")
        try makeNode(null, S_IFCHR, major: 1, minor: 3)
        let result = try export(["-o", null, "--force"])
        XCTAssertEqual(result.status, 0, result.stderr)
        var st = stat()
        XCTAssertEqual(lstat(null, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFCHR, "the device node was replaced by a regular file")
        XCTAssertEqual(st.st_rdev, Self.device(1, 3))
        XCTAssertEqual(try hiddenFiles(dir.path), [], "a temporary file was left")
    }

    func testABlockDeviceIsRefusedWithItsReason() throws {
        let dir = try TemporaryDirectory(prefix: "pt-dev")
        let block = dir.file("disk")
        try makeNode(block, S_IFBLK, major: 7, minor: 0)
        let result = try export(["-o", block, "--force"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "palette-tui: could not write \(block) (it is a block device, which is never written); nothing was changed.\n"
        )
        XCTAssertEqual(kind(block), S_IFBLK)
        let chinese = try export(["-o", block, "--force", "--lang", "zh-Hans"])
        XCTAssertEqual(chinese.stderr, "palette-tui: 无法写入 \(block)（它是块设备，不会写入）；没有任何文件被改动。\n")
    }

    func testAFIFOIsWrittenThroughToItsReader() throws {
        let dir = try TemporaryDirectory(prefix: "pt-fifo")
        let fifo = dir.file("pipe")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let received = dir.file("received")
        let reader = try Spawn.spawn(["sh", "-c", "exec cat \"$0\" > \"$1\"", fifo, received])
        // A reader left waiting on a FIFO that was replaced would never end by itself.
        defer {
            kill(reader, SIGKILL)
            var raw: Int32 = 0
            _ = waitpid(reader, &raw, 0)
        }
        // The reader must be there before the export opens the FIFO (it never waits for one):
        // cat blocked in openat(2) (257 on x86-64, 56 on arm64) on the FIFO counts as one.
        _ = try eventually("the reader to wait in open") { () -> Bool? in
            let comm = try? String(contentsOfFile: "/proc/\(reader)/comm", encoding: .utf8)
            let call = try? String(contentsOfFile: "/proc/\(reader)/syscall", encoding: .utf8)
            guard comm == "cat\n", let call, call.hasPrefix("257 ") || call.hasPrefix("56 ") else { return nil }
            return true
        }
        let result = try export(["-o", fifo, "--force"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // The reader sees the end of the data when the export closes the FIFO.
        _ = try eventually("the reader to finish") { () -> Bool? in
            (try? String(contentsOfFile: "/proc/\(reader)/stat", encoding: .utf8)).map { $0.contains(") Z ") } ?? nil
        }
        let text = try String(contentsOfFile: received, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix(Self.cssHead + "\n"), text)
        XCTAssertEqual(kind(fifo), S_IFIFO, "the FIFO was replaced by a regular file")
    }

    func testAFIFONobodyReadsIsRefusedAtOnce() throws {
        let dir = try TemporaryDirectory(prefix: "pt-fifo")
        let fifo = dir.file("pipe")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let result = try export(["-o", fifo, "--force"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "palette-tui: could not write \(fifo) (it is a named pipe that nothing reads); nothing was changed.\n")
        XCTAssertEqual(kind(fifo), S_IFIFO)
    }

    func testStandardOutputByNameIsWrittenThrough() throws {
        for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
            let result = try export(["-o", name])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stdout.hasPrefix(Self.cssHead + "\n"), "\(name): \(result.stdout)")
        }
    }

    func testALinkToAFileIsFollowedAndKept() throws {
        let dir = try TemporaryDirectory(prefix: "pt-link")
        try FileManager.default.createDirectory(atPath: dir.file("real"), withIntermediateDirectories: true)
        let target = dir.file("real/theme.css")
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o640)
        XCTAssertEqual(symlink("real/theme.css", dir.file("link.css")), 0)
        let result = try export(["-o", dir.file("link.css"), "--force"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(kind(dir.file("link.css")), S_IFLNK, "the link was replaced by a file")
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).hasPrefix(Self.cssHead))
        XCTAssertEqual(fileMode(target), 0o640)
        XCTAssertEqual(try hiddenFiles(dir.path) + hiddenFiles(dir.file("real")), [])
    }

    func testALinkToNothingIsRefused() throws {
        let dir = try TemporaryDirectory(prefix: "pt-link")
        XCTAssertEqual(symlink(dir.file("missing/elsewhere.css"), dir.file("dangling.css")), 0)
        for extra in [[], ["--force"]] {
            let result = try export(["-o", dir.file("dangling.css")] + extra)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("symbolic link to nothing"), result.stderr)
            XCTAssertEqual(kind(dir.file("dangling.css")), S_IFLNK)
        }
    }

    func testTheLongestLegalFileNameCanBeExported() throws {
        let dir = try TemporaryDirectory(prefix: "pt-long")
        for length in [250, 255] {
            let name = String(repeating: "p", count: length - 4) + ".css"
            let result = try export(["-o", dir.file(name)])
            XCTAssertEqual(result.status, 0, "\(length): \(result.stderr)")
            XCTAssertTrue(try String(contentsOfFile: dir.file(name), encoding: .utf8).hasPrefix(Self.cssHead))
        }
        XCTAssertEqual(try hiddenFiles(dir.path), [])
    }

    // MARK: - Standard output that cannot be written

    /// Runs the binary with standard output on `/dev/full`: status and standard error.
    private func runOnFullDevice(_ args: [String]) throws -> (status: Int32, stderr: String) {
        let dir = try TemporaryDirectory(prefix: "pt-full")
        let errPath = dir.file("stderr")
        let history = dir.file("history.jsonl")
        // A history to list and export from.
        let seed = try Spawn.run(
            [try Repository.paletteTUI(), "generate", "--provider", "offline", "a calm forest morning"],
            environment: HistoryBinary.environment(["PALETTE_TUI_HISTORY": history]))
        XCTAssertEqual(seed.status, 0, seed.stderr)
        let pid = try Spawn.spawn(
            [try Repository.paletteTUI()] + args,
            environment: HistoryBinary.environment(["PALETTE_TUI_HISTORY": history])
        ) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/full", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        let status = Spawn.wait(pid)
        // The same command with somewhere to write succeeds: the failure is the full device's.
        let normal = try Spawn.run(
            [try Repository.paletteTUI()] + args,
            environment: HistoryBinary.environment(["PALETTE_TUI_HISTORY": history]))
        XCTAssertEqual(normal.status, 0, "\(args) fails anyway: \(normal.stderr)")
        XCTAssertFalse(normal.stdout.isEmpty, "\(args) prints nothing")
        return (status, try String(contentsOfFile: errPath, encoding: .utf8))
    }

    func testEveryCommandReportsAFullStandardOutput() throws {
        let commands: [[String]] = [
            ["generate", "--provider", "offline", "--no-history", "a calm forest morning"],
            ["inspect"] + Self.colours,
            ["audit"] + Self.colours,
            ["providers"],
            ["export", "css"] + Self.colours,
            ["export", "css"],
            ["export", "--list"],
            ["history"],
            ["history", "--format", "json"],
            ["--version"],
            ["--help"],
            ["generate", "--help"],
        ]
        for args in commands {
            let (status, stderr) = try runOnFullDevice(args)
            XCTAssertEqual(status, 1, "\(args): \(stderr)")
            XCTAssertEqual(
                stderr.split(separator: "\n").last.map(String.init),
                "palette-tui: cannot write standard output: No space left on device", "\(args)")
            XCTAssertFalse(stderr.contains("Fatal error"), "\(args): \(stderr)")
        }
        let chinese = try runOnFullDevice(["history", "--lang", "zh-Hant"])
        XCTAssertEqual(chinese.status, 1)
        XCTAssertEqual(chinese.stderr, "palette-tui: 無法寫入標準輸出：磁碟空間已滿\n")
    }

    // MARK: - Signals during a write

    /// SIGTERM and Ctrl-C's SIGINT while the export's fsync is held up (by strace's syscall
    /// delay, so nothing in the program itself is slowed): the temporary file beside the
    /// target must go with the process.
    func testATerminatingSignalDuringTheWriteRemovesTheTemporaryFile() throws {
        let probe = try Spawn.run(["strace", "-o", "/dev/null", "true"], environment: HistoryBinary.environment())
        guard probe.status == 0 else {
            throw XCTSkip("strace cannot trace here (ptrace not permitted?): \(probe.stderr)")
        }
        for signal in [SIGTERM, SIGINT] {
            let dir = try TemporaryDirectory(prefix: "pt-sig")
            let target = dir.file("theme.css")
            let tracer = try Spawn.spawn(
                [
                    "strace", "-f", "-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:delay_enter=6000000",
                    try Repository.paletteTUI(), "export", "css",
                ] + Self.colours + ["-o", target],
                environment: HistoryBinary.environment()
            ) { actions in
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
            // The temporary file exists from before the write until the rename, and the held
            // fsync keeps it there for six seconds (room for a loaded machine to find it first).
            let temporary = try eventually("the temporary file") { try self.hiddenFiles(dir.path).first }
            let app = try eventually("the traced app's pid") { () -> pid_t? in
                let children = try? String(
                    contentsOfFile: "/proc/\(tracer)/task/\(tracer)/children", encoding: .utf8)
                return children?.split(separator: " ").first.flatMap { pid_t($0) }
            }
            XCTAssertEqual(kill(app, signal), 0)
            _ = Spawn.wait(tracer)
            XCTAssertEqual(try hiddenFiles(dir.path), [], "\(temporary) left after signal \(signal)")
            XCTAssertNil(kind(target), "the export finished despite signal \(signal)")
        }
    }
}
