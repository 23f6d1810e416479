import Foundation
import PaletteCore
import PaletteHistory
import PaletteText
import XCTest

@testable import PaletteApp

/// The app side of issue 14 through the reducer and the renderer: the audit panel, the repair
/// key and its undo, the colour-vision simulation, the audit background, and generating to a
/// level through the request.
final class AccessAppTests: XCTestCase {
    /// A palette shown, the panes focused, `role` selected.
    private func shown(
        _ palette: Palette = Fixture.palette, select role: Role = .primary, width: Int = 80, height: Int = 24,
        language: Language = .english, access: AccessSettings = AccessSettings()
    ) -> AppState {
        var state = AppState(
            width: width, height: height, colorMode: .direct, language: language, providerName: "offline",
            modelName: "engine-1", clock: Fixture.clock(), access: access)
        state.send(.historyLoaded([], warnings: []))
        state.type("quiet lake")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated(palette, provider: "offline"))))
        state.press(.tab, .tab)
        XCTAssertEqual(state.focus, .panes)
        while state.selectedRole != role { state.press(.right) }
        return state
    }

    private func text(_ state: AppState) -> String { state.render().textLines.joined(separator: "\n") }

    // MARK: - The panel

    func testAuditKeyShowsEveryPairWithMarksAPCAAndAVisionLine() throws {
        var state = shown()
        XCTAssertNil(state.layout.audit)
        state.press(.character("a"))
        XCTAssertTrue(state.isShowingAudit)
        let rect = try XCTUnwrap(state.layout.audit)
        XCTAssertEqual(rect.height, AuditPanel.idealRows, "80x24 has room for the whole panel")
        XCTAssertGreaterThanOrEqual(state.layout.historyList.height, 3, "the history keeps rows")
        XCTAssertGreaterThan(rect.y, state.layout.panes[0].y + state.layout.panes[0].height - 1, "under the panes")
        let lines = state.render().textLines
        let panel = lines[rect.y..<(rect.y + rect.height)].joined(separator: "\n")
        XCTAssertTrue(panel.contains("Contrast on light #FFFFFF · AA ✗ · AAA ✗"), panel)
        let audit = PaletteAudit(Fixture.palette, background: WCAG.white)
        for (a, b) in AuditPanel.pairs {
            let pair = try XCTUnwrap(audit.pair(a, on: b))
            let label = "\(AccessText.subject(a)(.english)) / \(AccessText.subject(b)(.english))"
            let row = try XCTUnwrap(lines.first { $0.contains(label) }, label)
            XCTAssertTrue(row.contains(AccessText.ratio(pair.ratio)), row)
            XCTAssertTrue(row.contains("Lc \(AccessText.lc(pair.lc))"), row)
            // The mark leads the row: the level's verdict (the accent's 3:1), "·" for a pair the
            // level does not check; a failing pair stands out without colour.
            let checked = a == .role(.accent) || b == .role(.accent)
            let mark = checked ? AccessText.mark(pair.nonText) : "·"
            XCTAssertTrue(row.trimmingCharacters(in: .whitespaces).hasPrefix(mark + " "), row)
            XCTAssertTrue(row.contains("AA \(AccessText.mark(pair.aaNormal))"), row)
            XCTAssertTrue(row.contains("UI \(AccessText.mark(pair.nonText))"), row)
        }
        let vision = try XCTUnwrap(lines.first { $0.contains("Colour vision ΔE00") })
        for kind in VisionDeficiency.allCases {
            let closest = audit.deficiencies.filter { $0.deficiency == kind }.map(\.deltaE).min()!
            XCTAssertTrue(vision.contains("\(kind.rawValue) \(AccessText.mark(closest >= 10)) "), vision)
            XCTAssertTrue(vision.contains(AccessText.deltaE(closest)), vision)
        }
        // The offer: what x would do to the selected pane, before and after.
        let offer = try XCTUnwrap(lines.first { $0.contains("x repairs Primary:") }, panel)
        let repair = RoleRepair(.primary, in: audit, level: .aa)
        guard case .repaired(let change) = repair.outcome else { return XCTFail("\(repair)") }
        XCTAssertTrue(offer.contains(change.from.hex) && offer.contains(change.to.hex), offer)
        // Failing rows are bold or red as well as marked.
        let styles = state.render()
        let failing = try XCTUnwrap(lines.firstIndex { $0.contains("✗ Primary / Accent") })
        XCTAssertTrue(styles[2, failing].style.bold || styles[2, failing].style.foreground != .terminalDefault)
        state.press(.character("a"))
        XCTAssertFalse(state.isShowingAudit)
        XCTAssertNil(state.layout.audit)
        XCTAssertFalse(text(state).contains("Contrast on"))
    }

    func testThePanelFollowsTheSelectedPaneAndTheBackground() throws {
        var state = shown()
        state.press(.character("a"), .right)
        XCTAssertEqual(state.auditView?.offer.role, .secondary)
        XCTAssertTrue(
            text(state).contains("x repairs Secondary:") || text(state).contains("Nothing involving Secondary"))
        state.press(.character("b"))
        XCTAssertEqual(state.access.background, WCAG.black)
        XCTAssertEqual(state.auditView?.audit.background, WCAG.black)
        XCTAssertTrue(text(state).contains("Contrast on dark #000000"), text(state))
        XCTAssertEqual(state.status?.text, "Audit background: dark #000000.")
        state.press(.character("b"))
        XCTAssertEqual(state.access.background, WCAG.white)
    }

    func testAShortScreenKeepsTheHeaderTheOfferAndTheVisionLine() throws {
        var state = shown(width: 40, height: 12)
        state.press(.character("a"))
        let rect = try XCTUnwrap(state.layout.audit)
        XCTAssertEqual(rect.height, 3)
        XCTAssertGreaterThanOrEqual(state.layout.historyList.height, 1)
        let lines = state.render().textLines[rect.y..<(rect.y + 3)]
        XCTAssertTrue(lines[rect.y].contains("Contrast on"), "\(lines)")
        XCTAssertTrue(lines[rect.y + 1].contains("Colour vision"), "\(lines)")
        XCTAssertTrue(lines[rect.y + 2].contains("x repairs"), "\(lines)")
        var cache = RenderCache()
        XCTAssertTrue(state.render() == state.render(cache: &cache))
    }

    func testThePanelSpeaksChinese() throws {
        var hant = shown(language: .traditionalChinese)
        hant.press(.character("a"))
        let t = text(hant)
        XCTAssertTrue(t.contains("對比，背景淺色 #FFFFFF"), t)
        XCTAssertTrue(t.contains("主色 / 輔助色"), t)
        XCTAssertTrue(t.contains("色覺 ΔE00：紅色盲"), t)
        XCTAssertTrue(t.contains("x 修正主色："), t)
        var hans = shown(language: .simplifiedChinese)
        hans.press(.character("a"))
        XCTAssertTrue(text(hans).contains("色觉 ΔE00：红色盲"), text(hans))
        hans.press(.character("x"))
        XCTAssertTrue(hans.status?.text.hasPrefix("已修正主色 #2E86AB -> ") == true, hans.status?.text ?? "")
    }

    // MARK: - Repair and undo

    func testRepairMovesTheSelectedPaneKeepsItsHueSaysWhatChangedAndUndoRestores() throws {
        var state = shown(select: .accent)
        let before = try XCTUnwrap(state.shown)
        let effects = state.press(.character("x"))
        let after = try XCTUnwrap(state.shown).palette
        XCTAssertEqual(after.primary, Fixture.palette.primary)
        XCTAssertEqual(after.secondary, Fixture.palette.secondary)
        XCTAssertNotEqual(after.accent, Fixture.palette.accent)
        // Every AA check of the accent now passes; its hue is kept.
        let audit = PaletteAudit(after, background: WCAG.white)
        XCTAssertFalse(audit.failures(.aa).contains { $0.roles.contains(.accent) }, "\(audit.failures(.aa))")
        let h0 = OKLCH(Fixture.palette.accent).h
        let h1 = OKLCH(after.accent).h
        XCTAssertLessThanOrEqual(min(abs(h0 - h1), 360 - abs(h0 - h1)), 2)
        // What changed, in the status line: old hex -> new hex, ratio before -> after.
        let worst = WCAG.contrast(Fixture.palette.accent, Fixture.palette.primary)
        let status = try XCTUnwrap(state.status)
        XCTAssertEqual(status.kind, .success)
        XCTAssertTrue(
            status.text.hasPrefix(
                "Repaired Accent #F18F01 -> \(after.accent.hex): fixed Accent / Primary (UI 3:1) \(AccessText.ratio(worst)) -> "
                    + "\(AccessText.ratio(WCAG.contrast(after.accent, after.primary))),"), status.text)
        XCTAssertTrue(status.text.hasSuffix("; all its AA checks pass; u undoes."), status.text)
        // The repaired palette is kept in history; nothing is lost.
        guard case .appendHistory(let entry)? = effects.first, effects.count == 1 else { return XCTFail("\(effects)") }
        XCTAssertEqual(entry.palette, after)
        XCTAssertEqual(entry.description, "quiet lake")
        XCTAssertEqual(state.history.entries.last?.palette, after)
        // u puts the palette back, exactly as it was shown.
        XCTAssertEqual(state.press(.character("u")), [])
        XCTAssertEqual(state.shown, before)
        XCTAssertEqual(state.status?.text, "Undone: Accent back to #F18F01 (was \(after.accent.hex)).")
        // The undo history is the workbench's one: the next u takes back the generation itself.
        state.press(.character("u"))
        XCTAssertNil(state.shown)
        state.press(.character("u"))
        XCTAssertEqual(state.status?.text, UIText.nothingToUndo(.english))
    }

    func testRepairsStackAndUndoWalksBack() throws {
        var state = shown(select: .accent)
        var seen = [try XCTUnwrap(state.shown)]
        for role in [Role.accent, .primary, .secondary] {
            while state.selectedRole != role { state.press(.right) }
            state.press(.character("x"))
            if state.shown != seen.last { seen.append(try XCTUnwrap(state.shown)) }
        }
        XCTAssertGreaterThanOrEqual(seen.count, 2)
        XCTAssertEqual(state.workbench.undo.count, seen.count, "the generation, then each repair")
        for expected in seen.dropLast().reversed() {
            state.press(.character("u"))
            XCTAssertEqual(state.shown, expected)
        }
        XCTAssertEqual(state.workbench.undo.count, 1, "only the generation is left")
    }

    func testUndoWalksBackThroughANewerPaletteThenTheRepair() throws {
        var state = shown(select: .accent)
        state.press(.character("x"))
        let repaired = try XCTUnwrap(state.shown)
        state.press(.character("r"))
        state.send(.paletteReceived(requestID: 2, .success(Fixture.generated(Fixture.forest, provider: "offline"))))
        state.press(.character("u"))
        XCTAssertEqual(state.shown, repaired, "u takes back the newer palette first")
        state.press(.character("u"))
        XCTAssertEqual(state.shown?.palette, Fixture.palette, "then the repair")
    }

    func testRepairWithNothingFailingChangesNothing() throws {
        let met = try XCTUnwrap(AccessibilityRequirement(level: .aa).enforce(Fixture.palette)).palette
        var state = shown(met, select: .secondary)
        let before = state
        XCTAssertEqual(state.press(.character("x")), [])
        XCTAssertEqual(state.shown, before.shown)
        XCTAssertEqual(state.workbench.undo, before.workbench.undo)
        XCTAssertEqual(state.status?.text, "Nothing involving Secondary fails AA: no change.")
    }

    func testThePanelPointsToTheRolesThatFailWhenTheSelectedOneDoesNot() throws {
        // The accent fails only against the background; primary and secondary are clear.
        let palette = Palette(primary: RGB(packed: 0x1B1B3A), secondary: RGB(packed: 0x8B1E3F), accent: WCAG.white)
        let failures = PaletteAudit(palette, background: WCAG.white).failures(.aa)
        XCTAssertEqual(failures.flatMap(\.roles), [.accent], "\(failures)")
        var state = shown(palette, select: .primary)
        state.press(.character("a"))
        XCTAssertTrue(
            text(state).contains("Nothing involving Primary fails AA; select Accent (←/→) to repair."), text(state))
    }

    func testRepairLeavesALockedPaneAlone() throws {
        var state = shown(select: .accent)
        state.press(.character(" "))
        XCTAssertTrue(state.workbench.locked.contains(.accent))
        let before = state.shown
        XCTAssertEqual(state.press(.character("x")), [])
        XCTAssertEqual(state.shown, before)
        XCTAssertEqual(state.status?.text, "Accent is locked, so the repair leaves it alone: unlock it first (Space).")
    }

    func testRepairJudgesByTheLevelAndBackgroundGiven() throws {
        let aaa = AccessSettings(level: .aaa, background: WCAG.black)
        let greys = Palette(primary: WCAG.black, secondary: RGB(packed: 0x777777), accent: WCAG.white)
        var state = shown(greys, select: .secondary, access: aaa)
        state.press(.character("x"))
        let moved = try XCTUnwrap(state.shown).palette.secondary
        XCTAssertNotEqual(moved, RGB(packed: 0x777777))
        XCTAssertGreaterThanOrEqual(AccessibilityLevel.inkRatio(moved), 7, "AAA: its ink at 7:1")
        var aa = shown(greys, select: .secondary)
        aa.press(.character("x"))
        XCTAssertEqual(aa.shown?.palette, greys, "the grey meets AA: nothing moves")
    }

    // MARK: - Colour vision

    func testVisionKeyCyclesAndDrawsEveryColourThroughTheSimulation() throws {
        var state = shown(select: .accent)
        state.press(.character("a"))
        let normal = state.render()
        let normalStatusTop = state.layout.statusTop
        var cache = RenderCache()
        _ = state.render(cache: &cache)
        for kind in VisionDeficiency.allCases {
            state.press(.character("v"))
            XCTAssertEqual(state.vision, kind)
            let simulated = state.render()
            XCTAssertTrue(simulated == state.render(cache: &cache), "the cached frame is the same")
            var colored = 0
            // Every row but the title (which names the mode) and the status (which says it, on
            // as many rows as it takes).
            for y in 1..<min(normalStatusTop, state.layout.statusTop) {
                for x in 0..<normal.width {
                    let a = normal[x, y]
                    let b = simulated[x, y]
                    XCTAssertEqual(a.text, b.text)
                    for (p, q) in [(a.style.background, b.style.background), (a.style.foreground, b.style.foreground)] {
                        if case .rgb(let c) = p {
                            XCTAssertEqual(q, .rgb(kind.simulate(c)), "(\(x),\(y))")
                            colored += 1
                        } else {
                            XCTAssertEqual(q, p)
                        }
                    }
                }
            }
            XCTAssertGreaterThan(colored, 300, "the panes, swatches and the panel are all simulated")
            let title = simulated.textLines[0]
            XCTAssertTrue(title.contains("Vision: \(kind.rawValue)"), title)
            XCTAssertTrue(state.status?.text.hasPrefix("Colour vision: \(kind.rawValue)") == true)
        }
        state.press(.character("v"))
        XCTAssertNil(state.vision)
        // Back to normal: every row but the status line as before.
        let above = 0..<(normal.width * (normal.height - 1))
        XCTAssertTrue(state.render().cells[above] == normal.cells[above])
        XCTAssertTrue(state.render(cache: &cache).cells[above] == normal.cells[above])
    }

    // MARK: - Generating to a level

    func testAccessibleRequestsCarryTheLevelAndTheBackground() throws {
        var plain = shown()
        guard case .generatePalette(_, let request)? = plain.press(.character("r")).first else { return XCTFail() }
        XCTAssertNil(request.constraints.accessibility)
        let settings = AccessSettings(level: .aaa, background: RGB(packed: 0x1E1E2E), generatesToLevel: true)
        var state = shown(access: settings)
        guard case .generatePalette(_, let constrained)? = state.press(.character("r")).first else {
            return XCTFail()
        }
        XCTAssertEqual(
            constrained.constraints.accessibility,
            AccessibilityRequirement(level: .aaa, background: RGB(packed: 0x1E1E2E)))
        // b moves the background the next request is judged on, too.
        state.send(.paletteReceived(requestID: 2, .success(Fixture.generated(Fixture.forest))))
        state.press(.character("b"))
        guard case .generatePalette(_, let next)? = state.press(.character("r")).first else { return XCTFail() }
        XCTAssertEqual(next.constraints.accessibility?.background, state.access.background)
        XCTAssertEqual(settings.backgrounds, [WCAG.white, WCAG.black, RGB(packed: 0x1E1E2E)])
    }
}
