import Foundation
import PaletteApp
import ScreenCore
import TestSupport
import XCTest

@testable import TerminalUI

final class ClipboardTests: XCTestCase {
    private func plan(_ env: [String: String], installed: Set<String> = ["wl-copy", "xclip", "xsel", "tmux"])
        -> ClipboardPlan
    {
        plan(.auto, env, installed: installed)
    }

    private func plan(
        _ option: ClipboardOption, _ env: [String: String],
        installed: Set<String> = ["wl-copy", "xclip", "xsel", "tmux"]
    ) -> ClipboardPlan {
        ClipboardPlan.choose(option: option, environment: env) { installed.contains($0) }
    }

    func testHelperFollowsTheEnvironment() {
        XCTAssertEqual(
            plan(["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0", "TMUX": "/tmp/t,1,0"]),
            ClipboardPlan(osc52: true, program: .wlCopy))
        XCTAssertEqual(plan(["DISPLAY": ":0", "TMUX": "/tmp/t,1,0"]), ClipboardPlan(osc52: true, program: .xclip))
        XCTAssertEqual(plan(["DISPLAY": ":0"], installed: ["xsel"]), ClipboardPlan(osc52: true, program: .xsel))
        XCTAssertEqual(plan(["TMUX": "/tmp/t,1,0"]), ClipboardPlan(osc52: false, program: .tmux))
        XCTAssertEqual(plan(["SSH_TTY": "/dev/pts/1"]), ClipboardPlan(osc52: true, program: nil))
    }

    func testMissingProgramsAndEmptyVariablesAreSkipped() {
        XCTAssertEqual(
            plan(["WAYLAND_DISPLAY": "wayland-0", "TMUX": "/tmp/t,1,0"], installed: ["tmux"]),
            ClipboardPlan(osc52: false, program: .tmux))
        XCTAssertEqual(plan(["DISPLAY": "", "TMUX": "/tmp/t,1,0"]), ClipboardPlan(osc52: false, program: .tmux))
        XCTAssertEqual(plan(["DISPLAY": ":0"], installed: []), ClipboardPlan(osc52: true, program: nil))
    }

    func testOverrides() throws {
        let env = ["WAYLAND_DISPLAY": "wayland-0"]
        XCTAssertEqual(plan(.none, env), ClipboardPlan(osc52: false, program: nil))
        XCTAssertEqual(plan(.osc52, env), ClipboardPlan(osc52: true, program: nil))
        XCTAssertEqual(plan(.tmux, env), ClipboardPlan(osc52: false, program: .tmux))
        XCTAssertEqual(plan(.xsel, [:], installed: []), ClipboardPlan(osc52: true, program: .xsel))
        XCTAssertEqual(try ClipboardOption.from(option: "wl-copy"), .wlCopy)
        XCTAssertEqual(try ClipboardOption.from(option: nil), .auto)
        XCTAssertThrowsError(try ClipboardOption.from(option: "pbcopy")) { error in
            XCTAssertEqual(
                (error as? TerminalSetupError)?.description,
                "invalid value 'pbcopy' for --clipboard; expected one of: auto, osc52, tmux, wl-copy, xclip, xsel, none"
            )
        }
    }

    func testHelperCommandLines() {
        XCTAssertEqual(ClipboardProgram.tmux.arguments, ["tmux", "load-buffer", "-w", "-"])
        XCTAssertEqual(ClipboardProgram.wlCopy.arguments, ["wl-copy", "--type", "text/plain"])
        XCTAssertEqual(ClipboardProgram.xclip.arguments, ["xclip", "-i", "-selection", "clipboard"])
        XCTAssertEqual(ClipboardProgram.xsel.arguments, ["xsel", "-i", "-b"])
    }

    func testPathLookupFindsOnlyExecutables() throws {
        let dir = try TemporaryDirectory(prefix: "clip")
        let tool = dir.file("wl-copy")
        let plain = dir.file("xclip")
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: tool, contents: Data("#!/bin/sh\n".utf8),
                attributes: [.posixPermissions: 0o755]))
        XCTAssertTrue(
            FileManager.default.createFile(atPath: plain, contents: Data(), attributes: [.posixPermissions: 0o644]))
        XCTAssertTrue(ClipboardPlan.isOnPath("wl-copy", path: "/nonexistent:" + dir.path))
        XCTAssertFalse(ClipboardPlan.isOnPath("xclip", path: dir.path))
        XCTAssertFalse(ClipboardPlan.isOnPath("xsel", path: dir.path))
        XCTAssertFalse(ClipboardPlan.isOnPath("wl-copy", path: nil))
    }

    func testOSC52Bytes() {
        XCTAssertEqual(OSC52.sequence(for: "#2E8B57"), Array("\u{1B}]52;c;IzJFOEI1Nw==\u{07}".utf8))
        XCTAssertEqual(OSC52.sequence(for: "主色 #2E8B57"), Array("\u{1B}]52;c;5Li76ImyICMyRThCNTc=\u{07}".utf8))
        XCTAssertEqual(OSC52.sequence(for: ""), Array("\u{1B}]52;c;\u{07}".utf8))
        XCTAssertNotNil(OSC52.sequence(for: String(repeating: "a", count: 74_994)))
        XCTAssertNil(OSC52.sequence(for: String(repeating: "a", count: 74_995)))
    }
}
