import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Every signal whose default action ends the process, sent to the running app in tmux: the
/// terminal must come back (normal screen, modes, cursor), whatever the signal.
final class E2EFatalSignalTests: XCTestCase {
    func testEveryDefaultFatalSignalLeavesTheAlternateScreen() throws {
        let signals: [(String, Int32)] = [
            ("SIGQUIT", SIGQUIT), ("SIGUSR1", SIGUSR1), ("SIGUSR2", SIGUSR2), ("SIGALRM", SIGALRM),
            ("SIGVTALRM", SIGVTALRM), ("SIGPROF", SIGPROF), ("SIGXCPU", SIGXCPU), ("SIGSTKFLT", SIGSTKFLT),
            ("SIGIO", SIGIO), ("SIGPWR", SIGPWR), ("SIGSYS", SIGSYS), ("SIGRTMIN", __libc_current_sigrtmin()),
            ("SIGRTMAX", __libc_current_sigrtmax()),
        ]
        for (name, signal) in signals {
            let session = try TmuxSession(["--no-history"])
            try session.waitForStart()
            XCTAssertEqual(try session.format("#{alternate_on}"), "1", name)
            XCTAssertEqual(kill(try session.appPID(), signal), 0, name)
            XCTAssertEqual(try session.waitForExit(timeout: 30), 128 + signal, name)
            XCTAssertEqual(try session.format("#{alternate_on}"), "0", "\(name) left the alternate screen on")
            try session.assertTerminalRestored()
        }
    }

    /// A crash with the runtime's defaults (its backtracer would draw on the terminal and wait
    /// 30 s for a key when standard input and output are terminals): the terminal comes back at
    /// once and the report goes to the user's `2>file`.
    func testACrashReportsToStandardErrorWithoutWaitingForAKey() throws {
        // A binary linked with the shared runtime has its backtracer; the static release build's
        // runtime starts none (install-check crashes that one).
        let dynamicRuntime = try Spawn.run(["ldd", try Repository.paletteTUI()]).stdout.contains("libswiftCore.so")
        try assertCrashReport(
            backtrace: "",
            dynamicRuntime
                ? "palette-tui: stopped by signal 11; the terminal was restored. For a backtrace, run it again with SWIFT_BACKTRACE=interactive=no and report what it prints.\n"
                : "palette-tui: stopped by signal 11; the terminal was restored. This build prints no backtrace: please report the signal and what you were doing.\n"
        )
    }

    /// With no backtracer (the runtime's is switched off here, as the static build has none), a
    /// crash still leaves one sentence on standard error, in the user's language.
    func testACrashWithoutABacktracerStillReportsToStandardError() throws {
        try assertCrashReport(
            backtrace: "enable=no",
            "palette-tui: stopped by signal 11; the terminal was restored. This build prints no backtrace: please report the signal and what you were doing.\n"
        )
        try assertCrashReport(
            backtrace: "enable=no", language: "zh-Hant",
            "palette-tui: 因訊號 11 而停止；終端機已還原。此版本不會印出回溯資訊：請回報這個訊號編號與當時的操作。\n")
    }

    private func assertCrashReport(
        backtrace: String, language: String? = nil, _ expected: String, line: UInt = #line
    ) throws {
        let scratch = try TemporaryDirectory(prefix: "pt-crash")
        let log = scratch.file("stderr.log")
        let session = try TmuxSession(
            ["--no-history"] + (language.map { ["--lang", $0] } ?? []), environment: ["SWIFT_BACKTRACE": backtrace],
            launcher: ["sh", "-c", "exec \"$@\" 2>\"$0\"", log])
        try session.waitForStart()
        XCTAssertEqual(kill(try session.appPID(), SIGSEGV), 0, line: line)
        // Well under the backtracer's 30 s prompt.
        XCTAssertEqual(try session.waitForExit(timeout: 15), 128 + SIGSEGV, line: line)
        XCTAssertEqual(try session.format("#{alternate_on}"), "0", line: line)
        let report = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertEqual(report, expected, line: line)
        XCTAssertFalse(try session.screen().contains("Press space to interact"), line: line)
        try session.assertTerminalRestored()
    }

    /// A real `ulimit -f` while the history is appended to: the write fails (SIGXFSZ does not end
    /// the app), the app says so and keeps running, and the part of the line that fitted under
    /// the limit is cut off again.
    func testAFileSizeLimitDuringAHistoryAppendIsAnErrorNotADeath() throws {
        let scratch = try TemporaryDirectory(prefix: "pt-fsize")
        let history = scratch.file("history.jsonl")
        let seed = try Spawn.run(
            [try Repository.paletteTUI(), "generate", "--provider", "offline", "x"],
            environment: HistoryBinary.environment(["PALETTE_TUI_HISTORY": history]))
        XCTAssertEqual(seed.status, 0, seed.stderr)
        // Copies of that short line under new ids, up to just under the 4096-byte limit, so the
        // app's longer line straddles it.
        let line = try String(contentsOfFile: history, encoding: .utf8)
        let id = try XCTUnwrap(line.firstRange(of: /"id":"[0-9a-f-]{36}"/))
        let copies = 4095 / line.utf8.count
        let text = (0..<copies).map { n in
            line.replacingCharacters(in: id, with: "\"id\":\"00000000-0000-4000-8000-\(String(format: "%012d", n))\"")
        }.joined()
        try text.write(toFile: history, atomically: false, encoding: .utf8)
        XCTAssertGreaterThan(text.utf8.count, 4096 - line.utf8.count)
        let before = try Data(contentsOf: URL(fileURLWithPath: history))
        // dash's ulimit -f counts 512-byte blocks: 8 is 4096 bytes.
        let session = try TmuxSession(
            ["--provider", "offline", "--history", history],
            launcher: ["sh", "-c", "ulimit -f 8 && exec \"$@\"", "sh"])
        try session.waitForStart()
        try session.type("a calm forest morning")
        try session.press("Enter")
        try session.waitFor("File too large")
        XCTAssertEqual(try session.format("#{alternate_on}"), "1", "the app ended")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: history)), before, "a torn line was left")
        try session.press("C-c")
        XCTAssertEqual(try session.waitForExit(), 0)
        try session.assertTerminalRestored()
    }
}
