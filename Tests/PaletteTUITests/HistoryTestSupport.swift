import Foundation
import TestSupport

/// How the history tests run the real `palette-tui`: through TestSupport's `Spawn`, in a small
/// clean environment (no inherited PALETTE_TUI_HISTORY, XDG directory or API key).
enum HistoryBinary {
    /// The binary built for this test run.
    static var path: String {
        get throws { try Repository.paletteTUI() }
    }

    /// A small clean environment, plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/nonexistent-home", "LANG": "C.UTF-8",
            "TZ": "UTC", "SWIFT_BACKTRACE": "enable=no",
        ].merging(extra) { $1 }
    }

    /// Runs the binary with `args` to completion (behind `prefix`, such as a `setpriv` command).
    static func run(_ args: [String], env: [String: String] = environment(), prefix: [String] = []) throws
        -> ChildResult
    {
        try Spawn.run(prefix + [path] + args, environment: env)
    }

    /// Starts the binary with its standard output on a pipe; returns the pid and the read end.
    static func start(_ args: [String], env: [String: String] = environment()) throws -> (pid: pid_t, stdout: Int32) {
        try Spawn.startReading([path] + args, environment: env)
    }
}
