import Foundation
import PaletteCore
import TestSupport
import XCTest

/// Issue 14 in the app, through the real binary in tmux: the audit panel, the repair key with
/// undo, and the colour-vision toggle (pane fills are the simulated colours, to the byte).
final class E2EAccessTests: XCTestCase {
    private static let descriptions = [
        "寧靜的森林早晨", "quiet forest morning", "desert sunset over dunes", "霓虹夜市", "pale winter sea",
        "warm autumn kitchen", "深夜的雨",
    ]

    /// Generates `text` in the app and returns the three pane colours once they are shown.
    private func generate(_ session: TmuxSession, _ text: String) throws -> [RGB] {
        try session.type(text)
        try session.waitFor(text)
        try session.press("Enter")
        let screen = try session.waitForScreen("three hex codes in the panes") { screen in
            E2EAppTests.paneHexCodes(screen).count == 3
        }
        return E2EAppTests.paneHexCodes(screen)
    }

    /// The pane colours on screen now.
    private func panes(_ session: TmuxSession) throws -> [RGB] { E2EAppTests.paneHexCodes(try session.screen()) }

    /// How many rows show `rgb` as a background.
    private func filledRows(_ rgb: RGB, _ session: TmuxSession) throws -> Int {
        E2EAppTests.rows(with: E2EAppTests.key(rgb), in: try session.screen(escapes: true))
    }

    func testAuditPanelShowsEveryPairItsMarksAndAVisionLine() throws {
        for (language, header, vision) in [
            ("en", "Contrast on light #FFFFFF", "Colour vision ΔE00:"), ("zh-Hant", "對比，背景淺色 #FFFFFF", "色覺 ΔE00："),
        ] {
            let session = try TmuxSession(
                ["--provider", "offline", "--no-history", "--lang", language], width: 80, height: 24)
            try session.waitForStart()
            let shown = try generate(session, Self.descriptions[0])
            try session.press("Tab", "Tab", "a")
            let screen = try session.waitFor(header, vision)
            let palette = Palette(primary: shown[0], secondary: shown[1], accent: shown[2])
            let audit = PaletteAudit(palette, background: WCAG.white)
            let lines = screen.components(separatedBy: "\n")
            let levels = AccessibilityLevel.allCases.map {
                "\($0.rawValue) \($0 == .aa ? mark(audit.meets(.aa)) : mark(audit.meets(.aaa)))"
            }
            XCTAssertTrue(
                lines.contains { $0.contains(header) && $0.contains(levels.joined(separator: " · ")) }, screen)
            // Six pair rows, each led by its verdict, with the exact (cut) ratio.
            let roles = Role.allCases.map { $0.label(language == "en" ? .english : .traditionalChinese) }
            let bg = language == "en" ? "Background" : "背景"
            let pairs: [(String, AuditSubject, AuditSubject)] = [
                ("\(roles[0]) / \(roles[1])", .role(.primary), .role(.secondary)),
                ("\(roles[0]) / \(roles[2])", .role(.primary), .role(.accent)),
                ("\(roles[1]) / \(roles[2])", .role(.secondary), .role(.accent)),
                ("\(roles[0]) / \(bg)", .role(.primary), .background),
                ("\(roles[1]) / \(bg)", .role(.secondary), .background),
                ("\(roles[2]) / \(bg)", .role(.accent), .background),
            ]
            for (label, a, b) in pairs {
                let pair = try XCTUnwrap(audit.pair(a, on: b))
                let row = try XCTUnwrap(lines.first { $0.contains(label) }, "\(label):\n\(screen)")
                // The level's verdict leads: the accent's 3:1, "·" for a pair the level does not check.
                let verdict = a == .role(.accent) || b == .role(.accent) ? mark(pair.nonText) : "·"
                XCTAssertTrue(row.trimmingCharacters(in: .whitespaces).hasPrefix(verdict + " "), row)
                XCTAssertTrue(row.contains(ColorReport.ratioText(pair.ratio)), row)
                XCTAssertTrue(row.contains("AA \(mark(pair.aaNormal))  AAA \(mark(pair.aaaNormal))"), row)
                XCTAssertTrue(row.contains("Lc "), row)
            }
            // a again hides it.
            try session.press("a")
            _ = try session.waitForScreen("the panel hidden") { !$0.contains(header) }
        }
    }

    /// A palette the offline engine makes with a role that fails AA on white, and that role.
    private func failingPalette() throws -> (description: String, role: Role)? {
        for text in Self.descriptions {
            guard let colors = try E2EAppTests.generated(text) else { return nil }
            let palette = Palette(primary: colors[0], secondary: colors[1], accent: colors[2])
            let failures = PaletteAudit(palette, background: WCAG.white).failures(.aa)
            for role in [Role.accent, .primary, .secondary] where failures.contains(where: { $0.roles.contains(role) })
            {
                return (text, role)
            }
        }
        return nil
    }

    func testRepairKeyChangesTheSelectedPaneSaysWhatChangedAndUndoRestoresIt() throws {
        guard let (text, role) = try failingPalette() else {
            throw XCTSkip("no offline palette of the list fails AA")
        }
        let session = try TmuxSession(["--provider", "offline", "--no-history"], width: 80, height: 24)
        try session.waitForStart()
        let before = try generate(session, text)
        try session.press("Tab", "Tab")
        for _ in 0..<Role.allCases.firstIndex(of: role)! { try session.press("Right") }
        let original = before[Role.allCases.firstIndex(of: role)!]
        try session.press("x")
        let label = role.label(.english)
        let screen = try session.waitFor("Repaired \(label) \(original.hex) -> ")
        let after = E2EAppTests.paneHexCodes(screen)
        XCTAssertEqual(after.count, 3)
        let i = Role.allCases.firstIndex(of: role)!
        XCTAssertNotEqual(after[i], original, screen)
        for j in 0..<3 where j != i { XCTAssertEqual(after[j], before[j], "only the selected pane moves") }
        XCTAssertTrue(screen.contains("Repaired \(label) \(original.hex) -> \(after[i].hex)"), screen)
        // The pane is filled with the new colour, to the byte.
        XCTAssertGreaterThanOrEqual(try filledRows(after[i], session), 3)
        // The repaired role passes every AA check that involves it, or the line says none can.
        let repaired = Palette(primary: after[0], secondary: after[1], accent: after[2])
        let left = PaletteAudit(repaired, background: WCAG.white).failures(.aa).filter { $0.roles.contains(role) }
        XCTAssertTrue(left.isEmpty || screen.contains("no lightness passes all its AA checks"), "\(left)\n\(screen)")
        try session.press("u")
        let undone = try session.waitFor("Undone: \(label) back to \(original.hex) (was \(after[i].hex)).")
        XCTAssertEqual(E2EAppTests.paneHexCodes(undone), before)
        XCTAssertGreaterThanOrEqual(try filledRows(original, session), 3)
        // The panes no longer show it; only the history row of the repaired palette keeps it.
        XCTAssertEqual(try filledRows(after[i], session), 1, "the repaired colour is gone from the panes")
    }

    func testVisionToggleFillsThePanesWithTheSimulatedColours() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"], width: 80, height: 24)
        try session.waitForStart()
        let shown = try generate(session, Self.descriptions[0])
        try session.press("Tab", "Tab")
        for kind in VisionDeficiency.allCases {
            try session.press("v")
            try session.waitFor("Vision: \(kind.rawValue)")
            for rgb in shown {
                let simulated = kind.simulate(rgb)
                XCTAssertGreaterThanOrEqual(
                    try filledRows(simulated, session), 3, "\(kind): \(rgb.hex) should fill as \(simulated.hex)")
                if simulated != rgb {
                    XCTAssertEqual(try filledRows(rgb, session), 0, "\(kind): \(rgb.hex) is not drawn unsimulated")
                }
            }
            // The hex labels stay the palette's own: the simulation changes what is seen, not the palette.
            XCTAssertEqual(try panes(session), shown)
        }
        try session.press("v")
        _ = try session.waitForScreen("normal vision") { !$0.contains("Vision:") }
        for rgb in shown { XCTAssertGreaterThanOrEqual(try filledRows(rgb, session), 3) }
    }

    func testAccessibleAppGeneratesPalettesThatMeetTheLevel() throws {
        let session = try TmuxSession(
            ["--provider", "offline", "--no-history", "--accessible", "AAA", "--background", "dark"], width: 80,
            height: 24)
        try session.waitForStart()
        let shown = try generate(session, Self.descriptions[1])
        let palette = Palette(primary: shown[0], secondary: shown[1], accent: shown[2])
        XCTAssertEqual(PaletteAudit(palette, background: WCAG.black).failures(.aaa), [])
        try session.press("Tab", "Tab", "a")
        try session.waitFor("Contrast on dark #000000 · AA ✓ · AAA ✓")
    }

    func testABadAccessibleLevelIsAUsageErrorBeforeTheTerminal() throws {
        let result = try Spawn.run(
            [Repository.paletteTUI(), "--accessible", "AAAA"],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("AAAA"), result.stderr)
    }

    private func mark(_ passes: Bool) -> String { passes ? "✓" : "✗" }
}
