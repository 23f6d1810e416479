import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// What a program the app starts can read of its environment: a stand-in clipboard helper on
/// PATH stays resident as `wl-copy` does, and its `/proc/PID/environ` is read back.
final class ChildEnvironmentTests: XCTestCase {
    func testTheClipboardHelperGetsNoKeyAndOnlyWhatItNeeds() throws {
        let bin = "/tmp/pt-env-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: bin) }
        // Reads the text, leaves a child running (as wl-copy does to keep the selection), and
        // says which process that is.
        let helper = bin + "/wl-copy"
        try """
        #!/bin/sh
        cat > /dev/null
        sleep 120 </dev/null >/dev/null 2>&1 &
        echo $! > \(bin)/pid.tmp && mv \(bin)/pid.tmp \(bin)/pid
        exit 0

        """.write(toFile: helper, atomically: true, encoding: .utf8)
        chmod(helper, 0o755)
        let secrets = [
            "GEMINI_API_KEY": "gm-secret-7Q2v", "OPENAI_API_KEY": "sk-secret-9Zx1",
            "PALETTE_TUI_OLLAMA_KEY": "ol-secret-4Kd8", "AWS_SECRET_ACCESS_KEY": "aws-secret-1Hh3",
        ]
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history", "--clipboard", "wl-copy"],
            environment: secrets.merging([
                "PATH": bin + ":/usr/local/bin:/usr/bin:/bin", "WAYLAND_DISPLAY": "wayland-test-1",
                "XDG_RUNTIME_DIR": bin, "LC_MESSAGES": "C.UTF-8",
            ]) { $1 })
        try session.waitForStart()
        try session.type("a calm forest morning")
        try session.press("Enter")
        try session.waitForScreen("a palette") { $0.components(separatedBy: "#").count > 3 }
        try session.press("Tab")
        try session.type("1")
        try session.waitFor("wl-copy")
        let pid = try eventually("the helper's resident child") {
            (try? String(contentsOfFile: bin + "/pid", encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        defer { kill(pid, SIGKILL) }
        let raw = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
        let variables = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let names = Set(variables.map { String($0.prefix { $0 != "=" }) })
        for (name, value) in secrets {
            XCTAssertFalse(names.contains(name), "\(name) handed to the helper: \(variables)")
            XCTAssertFalse(variables.contains { $0.contains(value) }, "the value of \(name) handed on")
        }
        // What the helper needs to reach the display and speak the language is still there.
        XCTAssertTrue(variables.contains("WAYLAND_DISPLAY=wayland-test-1"), "\(variables)")
        XCTAssertTrue(variables.contains("XDG_RUNTIME_DIR=\(bin)"), "\(variables)")
        XCTAssertTrue(variables.contains("LC_MESSAGES=C.UTF-8"), "\(variables)")
        XCTAssertTrue(variables.contains { $0.hasPrefix("PATH=\(bin):") }, "\(variables)")
        // Nothing of the test harness's own beyond the allowed names (sh adds PWD itself).
        let allowed: Set<String> = [
            "PATH", "HOME", "LANG", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "LC_MESSAGES", "TERM", "TMUX",
            "TMUX_PANE", "PWD", "TERMINFO",
        ]
        XCTAssertEqual(names.subtracting(allowed), [], "\(variables)")
    }
}
