import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A finished child process: exit status and everything it wrote.
struct ChildResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a program to completion with posix_spawn, output captured in temporary files.
///
/// Killed with SIGKILL after `timeout` seconds so a stuck child fails the test instead of hanging it.
func runChild(_ argv: [String], environment: [String: String]? = nil, timeout: Double = 60) throws -> ChildResult {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let outPath = dir.appendingPathComponent("stdout").path
    let errPath = dir.appendingPathComponent("stderr").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var cArgs = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
    var cEnv = env.map { strdup($0) } + [nil]
    defer { cEnv.forEach { free($0) } }
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, &cEnv)
    guard rc == 0 else { throw SpawnError("posix_spawnp \(argv[0]) failed: \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    let end = Date().addingTimeInterval(timeout)
    while waitpid(pid, &status, WNOHANG) == 0 {
        if Date() > end {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            throw SpawnError("\(argv[0]) did not finish within \(timeout) s")
        }
        usleep(10_000)
    }
    let exit: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return ChildResult(status: exit,
                       stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                       stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}
