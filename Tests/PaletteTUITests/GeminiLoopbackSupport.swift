import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The scripted Gemini stand-in (`Tests/Support/gemini_server.py`) and the real binary, for
/// command-line tests. Both are started with posix_spawn, never Foundation.Process.
enum GeminiLoopback {
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable SwiftPM builds next to the test bundle.
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("palette-tui").path
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `argv` to completion with exactly `environment`; SIGKILL after `timeout` seconds.
    static func run(_ argv: [String], environment: [String: String], timeout: Double = 60) throws -> Output {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("stdout").path
        let err = dir.appendingPathComponent("stderr").path
        let pid = try spawn(argv, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        var status: Int32 = 0
        let end = Date().addingTimeInterval(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > end {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw LoopbackError("\(argv[0]) did not finish within \(timeout) s")
            }
            usleep(10_000)
        }
        let exit: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Output(status: exit, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    static func spawn(_ argv: [String], environment: [String: String],
                      actions configure: (inout posix_spawn_file_actions_t) -> Void) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        configure(&actions)
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, &cEnv)
        guard rc == 0 else { throw LoopbackError("cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
        return pid
    }
}

/// One running `gemini_server.py`, stopped by `stop()` or deinit.
final class GeminiStandIn {
    let port: Int
    let recordFile: URL
    private let pid: pid_t
    private let stdinWrite: Int32
    private var stopped = false

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `arguments`: `--scenario NAME` or `--steps JSON`.
    init(_ arguments: [String]) throws {
        recordFile = FileManager.default.temporaryDirectory.appendingPathComponent("gen-req-\(UUID().uuidString).jsonl")
        var inPipe: [Int32] = [0, 0]
        var outPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else { throw LoopbackError("pipe failed") }
        let script = GeminiLoopback.sourceRoot.appendingPathComponent("Tests/Support/gemini_server.py").path
        let argv = ["python3", script, "--watch-stdin", "--max-seconds", "300", "--record", recordFile.path] + arguments
        let child: pid_t
        do {
            child = try GeminiLoopback.spawn(argv, environment: ProcessInfo.processInfo.environment) { actions in
                posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
                posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
                for fd in [inPipe[0], inPipe[1], outPipe[0], outPipe[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
            }
        } catch {
            [inPipe[0], inPipe[1], outPipe[0], outPipe[1]].forEach { close($0) }
            throw error
        }
        close(inPipe[0])
        close(outPipe[1])
        pid = child
        stdinWrite = inPipe[1]
        var line: [UInt8] = []
        var pfd = pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0)
        let end = Date().addingTimeInterval(10)
        while Date() < end, line.last != UInt8(ascii: "\n") {
            guard poll(&pfd, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(outPipe[0], &byte, 1) == 1 else { break }
            line.append(byte)
        }
        close(outPipe[0])
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            close(inPipe[1])
            throw LoopbackError("the Gemini stand-in did not print its port")
        }
        self.port = port
    }

    convenience init(scenario: String) throws { try self.init(["--scenario", scenario]) }

    deinit { stop() }

    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        close(stdinWrite)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: recordFile)
    }

    /// The received requests as JSON objects (`method`, `path`, `headers`, `body`).
    func requests() throws -> [[String: Any]] {
        guard let text = try? String(contentsOf: recordFile, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").compactMap {
            let object = try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            return object?["method"] == nil ? nil : object
        }
    }
}

struct LoopbackError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
