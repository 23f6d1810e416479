import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A job-control parent for the app, as an interactive shell is: the app runs in its own
/// process group in the terminal's foreground, so SIGTSTP stops it (an orphaned group's stop is
/// discarded by POSIX) and the parent takes the terminal back while it is stopped.
public enum JobControl {
    /// The `launcher` for `TmuxSession`: writes the app's pid to `app.pid` in the session's
    /// directory, waits through stops, and exits with the app's status.
    public static let launcher = ["python3", "-c", script]

    static let script = """
        import os, signal, sys
        pid = os.fork()
        if pid == 0:
            os.setpgid(0, 0)
            signal.signal(signal.SIGTTOU, signal.SIG_IGN)
            os.tcsetpgrp(0, os.getpid())
            signal.signal(signal.SIGTTOU, signal.SIG_DFL)
            os.execv(sys.argv[1], sys.argv[1:])
        with open("app.pid.tmp", "w") as f:
            f.write(str(pid))
        os.rename("app.pid.tmp", "app.pid")
        while True:
            _, status = os.waitpid(pid, os.WUNTRACED)
            if not os.WIFSTOPPED(status):
                signal.signal(signal.SIGTTOU, signal.SIG_IGN)
                os.tcsetpgrp(0, os.getpgrp())
                sys.exit(os.waitstatus_to_exitcode(status))
        """

    /// The app's pid under the launcher (the session's own pid file names the launcher).
    public static func appPID(_ session: TmuxSession) throws -> pid_t {
        try eventually("the app's pid") { () -> pid_t? in
            (try? String(contentsOf: session.directory.appendingPathComponent("app.pid"), encoding: .utf8)).flatMap {
                pid_t($0)
            }
        }
    }

    /// Stops the app with SIGTSTP, as Ctrl-Z in a shell does, waits until it is stopped and checks
    /// that the shell has its terminal back: the main screen, the cursor shown. Returns its pid.
    @discardableResult
    public static func suspend(_ session: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws
        -> pid_t
    {
        let pid = try appPID(session)
        XCTAssertEqual(kill(pid, SIGTSTP), 0, file: file, line: line)
        _ = try eventually("the app stopped") { state(of: pid) == "T" ? true : nil }
        XCTAssertEqual(
            try session.format("#{alternate_on}"), "0", "the terminal is given back while stopped", file: file,
            line: line)
        XCTAssertEqual(try session.format("#{cursor_flag}"), "1", "cursor shown while stopped", file: file, line: line)
        return pid
    }

    /// Continues a stopped app with SIGCONT and waits until it has its alternate screen again.
    public static func resume(_ session: TmuxSession, _ pid: pid_t, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        XCTAssertEqual(kill(pid, SIGCONT), 0, file: file, line: line)
        _ = try eventually("the alternate screen again") { try session.format("#{alternate_on}") == "1" ? true : nil }
    }

    /// The state letter of `/proc/PID/stat` (R, S, T, ...).
    public static func state(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }
}
