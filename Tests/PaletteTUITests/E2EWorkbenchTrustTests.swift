import Foundation
import PaletteCore
import TestSupport
import XCTest

/// In the real binary, in a real terminal (tmux): the audit panel agrees with itself after
/// repairs, variations are one history row that opens and names its steps, a stray key never
/// replaces the description, Esc from refining goes back, and NO_COLOR keeps the terminal's
/// colours and the panes' "from:" line.
final class E2EWorkbenchTrustTests: XCTestCase {
    private func generated(_ session: TmuxSession, _ description: String) throws {
        try session.waitForStart()
        try session.type(description)
        try session.press("Enter")
        try session.waitForScreen("a palette") { E2EAppTests.paneHexCodes($0).count == 3 }
    }

    func testAfterRepairsTheAuditSummaryNeverClearsARoleARowMarksFailing() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"], width: 120, height: 40)
        try generated(session, "a calm lake at dawn")
        try session.press("Tab", "Tab")
        try session.type("a")
        try session.waitFor("Contrast on light")
        let names = ["Primary", "Secondary", "Accent"]
        var checked = 0
        for round in 0..<2 {
            for name in names {
                // The offer line speaks of the selected pane: waiting on it waits for the frame.
                let offer = { (screen: String) in
                    screen.contains("x repairs \(name):") || screen.contains("Nothing involving \(name) fails")
                        || screen.contains("No lightness of \(name)")
                }
                if round == 0 {
                    try session.type("x")
                    try session.waitForScreen("the repair's answer for \(name)") { screen in
                        offer(screen)
                            && ["Repaired \(name)", "No change: the nearest \(name)", "No lightness of \(name)"]
                                .contains { screen.contains($0) }
                            || screen.contains("Nothing involving \(name) fails")
                    }
                }
                let screen = try session.waitForScreen("the offer for \(name)", offer)
                let lines = screen.components(separatedBy: "\n")
                if let summary = lines.first(where: { $0.contains("Nothing involving \(name) fails") }) {
                    checked += 1
                    let failing = lines.filter {
                        $0.trimmingCharacters(in: .whitespaces).hasPrefix("✗ ") && $0.prefix(40).contains(name)
                    }
                    XCTAssertEqual(failing, [], "\(summary)\n\(screen)")
                    let ink = lines.first { $0.contains("Ink 4.5:1") } ?? ""
                    XCTAssertFalse(ink.contains("\(name) ✗"), "\(summary)\n\(screen)")
                }
                // A repair names what it fixed (the status line may wrap over several rows).
                if round == 0, screen.contains("Repaired \(name)") { XCTAssertTrue(screen.contains("fixed"), screen) }
                try session.press("Right")
            }
        }
        XCTAssertGreaterThan(checked, 0, "some role was cleared, so the panel's agreement was checked")
    }

    func testVariationsAreOneHistoryRowThatOpensAndNamesItsSteps() throws {
        let session = try TmuxSession(["--provider", "offline"], width: 110, height: 36)
        try generated(session, "calm lake")
        try session.press("Tab", "Tab")
        for _ in 0..<2 {
            let before = E2EAppTests.paneHexCodes(try session.screen())
            try session.type("r")
            try session.waitForScreen("a variation") {
                let now = E2EAppTests.paneHexCodes($0)
                return now.count == 3 && now != before
            }
        }
        try session.type("s")
        try session.waitFor("Swapped Primary and Secondary")
        try session.press("Tab")
        // Four palettes of one description: one row with its count and today's time.
        var screen = try session.waitFor("▸4 calm lake")
        let row = screen.components(separatedBy: "\n").first { $0.contains("▸4 calm lake") } ?? ""
        XCTAssertNotNil(row.range(of: " [0-2][0-9]:[0-5][0-9]", options: .regularExpression), row)
        XCTAssertTrue(screen.contains("History 1/1"), "one row: \(screen)")
        // → opens it: each member says how it was made.
        try session.press("Right")
        screen = try session.waitFor("▾4 calm lake", "↳ variation 2", "↳ variation 1", "↳ from the description")
        // The lineage of the newest names the swap.
        try session.type("i")
        try session.waitFor("calm lake · swapped 1↔2")
        try session.type("i")
        try session.press("Left")
        try session.waitFor("▸4 calm lake")
    }

    func testAStrayKeyKeepsTheDescriptionAndEscFromRefiningGoesBack() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"], width: 100, height: 30)
        try generated(session, "calm lake at dawn")
        try session.press("Tab", "Tab")
        try session.waitFor("←/→ select")
        try session.type("i")
        let screen = try session.waitFor("“i” does nothing in the colour panes")
        XCTAssertTrue(screen.contains("calm lake at dawn"), screen)
        XCTAssertFalse(
            screen.components(separatedBy: "\n").contains { $0.contains("Description") && $0.contains(" i ") })
        try session.type("R")
        try session.waitFor("Refine “calm lake at dawn”")
        try session.press("Escape")
        try session.waitFor("Refining closed; back to: Colour panes.", "←/→ select")
        // Copied, then a search: the message goes.
        try session.type("c")
        try session.waitFor("Copied")
        try session.type("/")
        try session.waitForScreen("the search without Copied") { !$0.contains("Copied") }
    }

    func testNoColorKeepsTheFromLineAndTheTerminalsColours() throws {
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history"], width: 100, height: 30, environment: ["NO_COLOR": "1"])
        let output = session.directory.appendingPathComponent("pane-output.bin")
        try session.waitForStart()
        try session.tmux(["pipe-pane", "-O", "-t", session.target, "cat > '\(output.path)'"])
        try session.type("calm lake at dawn")
        try session.press("Enter")
        let screen = try session.waitForScreen("a palette with its words") {
            E2EAppTests.paneHexCodes($0).count == 3 && $0.contains("from: ")
        }
        XCTAssertGreaterThanOrEqual(screen.components(separatedBy: "from: ").count - 1, 3, screen)
        try session.press("Tab", "Tab")
        try session.type("t")
        try session.waitFor("Colour is off (NO_COLOR)")
        try session.press("Escape")
        try session.waitForScreen("the app again") { E2EAppTests.paneHexCodes($0).count == 3 }
        let sent = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
        XCTAssertNil(sent.range(of: "\u{1B}]4;"), "no OSC 4 (palette colours)")
        XCTAssertNil(sent.range(of: "\u{1B}]1[01];"), "no OSC 10/11 (foreground, background)")
    }
}
