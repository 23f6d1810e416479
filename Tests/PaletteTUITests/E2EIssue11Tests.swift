import Foundation
import PaletteCore
import TestSupport
import XCTest

/// Issue 11's screen points, with the built binary in its own tmux server.
final class E2EIssue11Tests: XCTestCase {
    /// Types `text`, presses Enter and returns the three hex codes once the panes show them.
    private func generate(_ session: TmuxSession, _ text: String) throws -> [RGB] {
        try session.type(text)
        try session.waitFor(text)
        try session.press("Enter")
        let screen = try session.waitForScreen("three hex codes in the panes") {
            E2EAppTests.paneHexCodes($0).count == 3
        }
        return E2EAppTests.paneHexCodes(screen)
    }

    /// tmux's paste buffers, newest first, as `name<TAB>contents`.
    private func buffers(_ session: TmuxSession) throws -> [String] {
        try session.tmux(["list-buffers", "-F", "#{buffer_name}\t#{buffer_sample}"])
            .split(separator: "\n").map(String.init)
    }

    /// Point 8: inside tmux one copy is one buffer, whatever tmux's set-clipboard says and
    /// whichever way the app copies.
    func testIssue11Point8InsideTmuxOneCopyIsOneBuffer() throws {
        let cases: [(args: [String], clipboardOn: Bool, route: String)] = [
            ([], true, "tmux"),  // the default plan; set-clipboard on made OSC 52 a second buffer
            ([], false, "tmux"),  // tmux's default, set-clipboard external
            (["--clipboard", "tmux"], true, "tmux"),
            (["--clipboard", "osc52"], true, "OSC 52"),
        ]
        for (args, clipboardOn, route) in cases {
            let session = try TmuxSession(["--provider", "offline", "--no-history"] + args, clipboardOn: clipboardOn)
            try session.waitForStart()
            let shown = try generate(session, "quiet harbour at dawn")
            try session.press("Tab")
            for (k, key) in ["1", "2", "3"].enumerated() {
                try session.type(key)
                let screen = try session.waitFor("Copied \(shown[k].hex) (")
                // Let a second writer (an OSC 52 beside load-buffer) land before counting.
                Thread.sleep(forTimeInterval: 0.3)
                let list = try buffers(session)
                XCTAssertEqual(list.count, k + 1, "\(args) set-clipboard \(clipboardOn ? "on" : "external"): \(list)")
                XCTAssertEqual(list.first.map { $0.split(separator: "\t").last.map(String.init) ?? "" }, shown[k].hex)
                XCTAssertTrue(screen.contains("Copied \(shown[k].hex) (\(route))"), screen)
            }
        }
    }
}
