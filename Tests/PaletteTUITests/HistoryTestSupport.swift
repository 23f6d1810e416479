import Foundation
import XCTest

/// Runs the real `palette-tui` binary for the history tests, with posix_spawn.
///
/// Not Foundation.Process: its waitUntilExit can hang on Linux when children inherit
/// descriptors, and the durability test needs the raw pid to SIGKILL.
enum HistoryBinary {
    /// The executable SwiftPM builds next to the test bundle.
    static var path: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("palette-tui").path
    }

    /// A small clean environment: no inherited PALETTE_TUI_HISTORY, XDG or API key.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/nonexistent-home", "LANG": "C.UTF-8",
         "TZ": "UTC", "SWIFT_BACKTRACE": "enable=no"].merging(extra) { $1 }
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs to completion; stdout and stderr go through temporary files.
    static func run(_ args: [String], env: [String: String] = environment(), prefix: [String] = []) throws -> Output {
        let dir = try HistoryTempDir()
        let out = dir.path + "/stdout"
        let err = dir.path + "/stderr"
        let pid = try spawn(prefix + [path] + args, env: env) { fa in
            posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&fa, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        let status = wait(pid)
        return Output(status: status,
                      stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Starts the binary with stdout on a pipe; returns the pid and the pipe's read end.
    static func start(_ args: [String], env: [String: String] = environment()) throws -> (pid: pid_t, stdout: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        let pid = try spawn([path] + args, env: env) { fa in
            posix_spawn_file_actions_adddup2(&fa, fds[1], 1)
            posix_spawn_file_actions_addclose(&fa, fds[0])
            posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0)
        }
        close(fds[1])
        return (pid, fds[0])
    }

    /// Spawns `argv` (argv[0] is a path, or a name looked up in PATH) with stdin from /dev/null.
    static func spawn(_ argv: [String], env: [String: String],
                      actions: (inout posix_spawn_file_actions_t) -> Void) throws -> pid_t {
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0)
        actions(&fa)
        var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        var cenv: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cenv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &fa, nil, &cargs, &cenv)
        guard rc == 0 else {
            throw NSError(domain: "spawn", code: Int(rc),
                          userInfo: [NSLocalizedDescriptionKey: "cannot start \(argv[0]): \(String(cString: strerror(rc)))"])
        }
        return pid
    }

    /// Waits for a child; returns its exit status, or 128 + signal if a signal ended it.
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

/// Reads newline-separated text from a pipe, a line at a time.
struct HistoryPipeReader {
    let fd: Int32
    private var pending: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    /// The next line without its newline, or nil at end of file.
    mutating func next() -> String? {
        while true {
            if let nl = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<nl], as: UTF8.self)
                pending.removeSubrange(...nl)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            pending += chunk[..<n]
        }
    }
}

/// A private directory (mode 0700) removed when the value goes away.
final class HistoryTempDir {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/palette-history-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw POSIXError(.EACCES)
        }
        path = String(cString: made)
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit {
        _ = try? FileManager.default.removeItem(atPath: path)
    }
}

/// The permission bits of a path.
func historyTestMode(_ path: String) -> Int {
    var st = stat()
    guard stat(path, &st) == 0 else { return -1 }
    return Int(st.st_mode & 0o7777)
}
