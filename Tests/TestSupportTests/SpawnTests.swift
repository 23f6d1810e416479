import Foundation
import TestSupport
import XCTest

/// The shared process helpers keep the promises every other test target relies on.
final class SpawnTests: XCTestCase {
    func testRunCollectsTheStatusAndBothOutputs() throws {
        let result = try Spawn.run(["/bin/sh", "-c", "printf out; printf err >&2; exit 3"])
        XCTAssertEqual(result.status, 3)
        XCTAssertNil(result.signal)
        XCTAssertEqual(result.stdout, "out")
        XCTAssertEqual(result.stderr, "err")
    }

    func testStandardInputAndTheEnvironmentAreExactlyWhatIsGiven() throws {
        let echoed = try Spawn.run(["/bin/cat"], stdin: .text("寧靜 héllo\n"))
        XCTAssertEqual(echoed.stdout, "寧靜 héllo\n")
        XCTAssertEqual(try Spawn.run(["/bin/cat"]).stdout, "", "stdin is /dev/null unless told")
        let env = try Spawn.run(["/usr/bin/env"], environment: ["ONLY": "this"])
        XCTAssertEqual(env.stdout, "ONLY=this\n")
    }

    func testASignalIsReportedAs128PlusItsNumber() throws {
        let result = try Spawn.run(["/bin/sh", "-c", "kill -TERM $$"])
        XCTAssertEqual(result.signal, SIGTERM)
        XCTAssertEqual(result.status, 128 + SIGTERM)
    }

    /// A child's peak memory is its own, however large this process is: with 256 MiB held
    /// here, a child that touches 40 MiB reports 40-100 MiB (wait4 of a direct child would
    /// report over 256). Its status, outputs and a signal that ends it pass through unchanged.
    func testAChildsPeakMemoryIsItsOwnNotTheRunners() throws {
        let held = 256 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: held, alignment: 4096)
        defer { block.deallocate() }
        memset(block, 1, held)
        let child = "import sys; b = bytearray(40 << 20); b[::4096] = b'x' * len(b[::4096]); print('ok'); sys.exit(4)"
        let measured = try Spawn.run(["python3", "-c", child], measuringMemory: true)
        XCTAssertEqual(measured.status, 4)
        XCTAssertEqual(measured.stdout, "ok\n")
        let peak = try XCTUnwrap(measured.peakMemoryBytes)
        XCTAssertGreaterThan(peak, 40 << 20, "the child's own 40 MiB")
        XCTAssertLessThan(peak, 100 << 20, "not the runner's 256 MiB: \(peak >> 20) MiB")
        XCTAssertNil(try Spawn.run(["/bin/true"]).peakMemoryBytes, "only measured when asked")

        let killed = try Spawn.run(["/bin/sh", "-c", "kill -TERM $$"], measuringMemory: true)
        XCTAssertEqual(killed.signal, SIGTERM)
        XCTAssertEqual(killed.status, 128 + SIGTERM)
    }

    /// A child that would run for 30 s is killed at the deadline and the call throws.
    func testAStuckChildIsKilledAtTheDeadline() {
        XCTAssertThrowsError(try Spawn.run(["/bin/sleep", "30"], timeout: 0.3)) { error in
            XCTAssertTrue("\(error)".contains("did not finish within 0.3 s"), "\(error)")
        }
    }

    func testOutputThatIsNotUTF8Throws() {
        XCTAssertThrowsError(try Spawn.run(["/bin/sh", "-c", "printf '\\377'"])) { error in
            XCTAssertTrue("\(error)".contains("not UTF-8"), "\(error)")
        }
    }

    func testAProgramThatDoesNotExistIsAnError() {
        XCTAssertThrowsError(try Spawn.run(["/nonexistent/program"]))
    }

    func testStartReadingGivesTheLinesAndTheExitStatus() throws {
        let (pid, fd) = try Spawn.startReading(["/bin/sh", "-c", "echo one; echo two; exit 4"])
        defer { close(fd) }
        var reader = LineReader(fd: fd)
        XCTAssertEqual(reader.next(timeout: 10), "one")
        XCTAssertEqual(reader.next(timeout: 10), "two")
        XCTAssertNil(reader.next(timeout: 10), "end of file")
        XCTAssertEqual(Spawn.wait(pid), 4)
    }

    func testEventuallyReturnsTheValueOrThrowsNamingWhatItWaitedFor() throws {
        var calls = 0
        XCTAssertEqual(
            try eventually("the third call") { () -> Int? in
                calls += 1
                return calls == 3 ? calls : nil
            }, 3)
        XCTAssertThrowsError(try eventually(timeout: 0.1, "a condition that never holds") { () -> Bool? in nil }) {
            XCTAssertTrue("\($0)".contains("a condition that never holds"), "\($0)")
        }
    }

    func testTemporaryDirectoryIsPrivateAndRemoved() throws {
        var directory: TemporaryDirectory? = try TemporaryDirectory(prefix: "support-test")
        let path = try XCTUnwrap(directory?.path)
        XCTAssertEqual(fileMode(path), 0o700)
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory!.file("inside")))
        directory = nil
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}
