import Foundation
import TestSupport
import XCTest

/// The real binary's start and every way it ends: refusals, quit keys, signals, the terminal restored.
final class E2ELifecycleTests: XCTestCase {
    private let plainEnvironment = [
        "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
        "HOME": NSTemporaryDirectory(), "SWIFT_BACKTRACE": "interactive=no",
    ]

    func testRefusesWhenOutputIsNotATerminal() throws {
        let result = try Spawn.run(
            [Repository.paletteTUI(), "--no-history"],
            environment: plainEnvironment.merging(["TERM": "xterm-256color"]) { $1 })
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("must be a terminal"), result.stderr)
        XCTAssertTrue(result.stderr.contains("palette-tui generate"), result.stderr)
        XCTAssertEqual(result.stdout, "", "nothing, escape codes included, goes to a non-terminal stdout")
    }

    func testBadOptionIsAUsageErrorBeforeTheTerminalIsTouched() throws {
        let result = try Spawn.run([Repository.paletteTUI(), "--color", "rainbow"], environment: plainEnvironment)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("invalid value 'rainbow' for '--color'"), result.stderr)
    }

    func testCtrlCQuitsAndRestoresTheTerminal() throws {
        let session = try TmuxSession(["--no-history"])
        try session.waitForStart()
        try session.press("C-c")
        XCTAssertEqual(try session.waitForExit(), 0)
        try session.assertTerminalRestored()
    }

    func testSIGTERMEndsCleanly() throws {
        let session = try TmuxSession(["--no-history"])
        try session.waitForStart()
        XCTAssertEqual(kill(try session.appPID(), SIGTERM), 0)
        XCTAssertEqual(try session.waitForExit(), 128 + SIGTERM)
        try session.assertTerminalRestored()
    }

    func testSIGHUPEndsCleanly() throws {
        let session = try TmuxSession(["--no-history"])
        try session.waitForStart()
        XCTAssertEqual(kill(try session.appPID(), SIGHUP), 0)
        XCTAssertEqual(try session.waitForExit(), 128 + SIGHUP)
        try session.assertTerminalRestored()
    }

    func testSIGINTFromOutsideEndsCleanly() throws {
        let session = try TmuxSession(["--no-history"])
        try session.waitForStart()
        XCTAssertEqual(kill(try session.appPID(), SIGINT), 0)
        XCTAssertEqual(try session.waitForExit(), 128 + SIGINT)
        try session.assertTerminalRestored()
    }

    /// `kill -TSTP` suspends with the terminal given back; `kill -CONT` takes it again,
    /// redraws in full, and keys work.
    func testSIGTSTPSuspendsAndSIGCONTRedraws() throws {
        // Under a job-control parent, as under an interactive shell (JobControl).
        let session = try TmuxSession(["--no-history"], launcher: JobControl.launcher)
        try session.waitForStart()
        try session.type("before")
        try session.waitFor("before")
        let pid = try JobControl.suspend(session)
        try JobControl.resume(session, pid)
        try session.waitFor("before", "quit")
        try session.type(" after")
        try session.waitFor("before after")
        try session.press("C-c")
        XCTAssertEqual(try session.waitForExit(), 0)
        try session.assertTerminalRestored()
    }

    func testUnknownAndDumbTerminalsAreRefusedWithAReason() throws {
        let unknown = try TmuxSession(["--no-history"], term: "no-such-terminal-xyz")
        XCTAssertEqual(try unknown.waitForExit(), 1)
        try unknown.waitFor("'no-such-terminal-xyz' is unknown to ncurses")

        let dumb = try TmuxSession(["--no-history"], term: "dumb")
        XCTAssertEqual(try dumb.waitForExit(), 1)
        try dumb.waitFor("cannot move the cursor")
    }
}

/// A crash (here a real SIGSEGV sent from outside) still leaves a usable terminal.
final class E2ECrashTests: XCTestCase {
    func testCrashRestoresTheTerminalAndStillReportsTheCrash() throws {
        let session = try TmuxSession(["--no-history"])
        try session.waitForStart()
        XCTAssertEqual(kill(try session.appPID(), SIGSEGV), 0)
        // The handler restores the terminal, then chains to the Swift runtime's handler,
        // which prints its crash report and dies of the same signal.
        XCTAssertEqual(try session.waitForExit(timeout: 60), 128 + SIGSEGV)
        try session.assertTerminalRestored()
    }
}
