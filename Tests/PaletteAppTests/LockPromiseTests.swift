import PaletteCore
import PaletteHistory
import PaletteText
import TestSupport
import XCTest

@testable import PaletteApp

/// Locks hold through the companion, swap and refine; `m m` is the identity; a refinement
/// that changed nothing is never reported as "Refined".
final class LockPromiseTests: XCTestCase {
    /// Fixture.palette shown (`id-1`), the panes focused.
    private func shown(_ palette: Palette = Fixture.palette) -> AppState {
        var state = Fixture.state()
        state.type("sea foam")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated(palette))))
        state.press(.tab, .tab)
        return state
    }

    func testTheCompanionKeepsALockedColourAndSaysSo() {
        var state = shown()
        state.press(.character(" "))  // lock the primary (#2E86AB)
        state.press(.character("m"))
        XCTAssertEqual(state.shown?.palette.primary.hex, "#2E86AB")
        XCTAssertNotEqual(state.shown?.palette.secondary, Fixture.palette.secondary)
        XCTAssertNotEqual(state.shown?.palette.accent, Fixture.palette.accent)
        XCTAssertEqual(state.workbench.locked, [.primary])
        XCTAssertTrue(state.status?.text.hasSuffix("Locked Primary kept as it is.") ?? false, state.status?.text ?? "")
        // Every colour locked: nothing changes, and that is said.
        state.press(.right, .character(" "), .right, .character(" "))
        let before = state.shown?.palette
        XCTAssertEqual(state.press(.character("m")), [])
        XCTAssertEqual(state.shown?.palette, before)
        XCTAssertEqual(
            state.status?.text, "Every colour is locked: no companion made (Space unlocks the selected colour).")
    }

    func testCompanionTwiceGivesBackTheSamePaletteExactly() {
        var rng = SplitMix64(seed: 0xC0_4A_11)
        var drifted: [String] = []
        for _ in 0..<300 {
            let palette = Palette(
                primary: RGB(packed: UInt32(rng.next() % 0x1000000)),
                secondary: RGB(packed: UInt32(rng.next() % 0x1000000)),
                accent: RGB(packed: UInt32(rng.next() % 0x1000000)))
            var state = shown(palette)
            state.press(.character("m"))
            let companion = state.shown?.palette
            state.press(.character("m"))
            if state.shown?.palette != palette {
                drifted.append("\(palette.colors.map(\.hex)) -> \(state.shown?.palette.colors.map(\.hex) ?? [])")
            }
            // And the third `m` is the companion again.
            state.press(.character("m"))
            XCTAssertEqual(state.shown?.palette, companion)
        }
        XCTAssertEqual(drifted, [], "\(drifted.count) of 300 drifted")
    }

    func testSwappingALockedColourMovesTheLockAndSaysSo() {
        var state = shown()
        state.press(.character(" "), .right, .character(" "))  // primary and secondary locked
        state.press(.left, .character("s"))
        let p = Fixture.palette
        XCTAssertEqual(state.shown?.palette, Palette(primary: p.secondary, secondary: p.primary, accent: p.accent))
        XCTAssertEqual(state.workbench.locked, [.primary, .secondary])
        XCTAssertEqual(
            state.status?.text,
            "Swapped Primary and Secondary; the locks moved with their colours (Primary → Secondary, Secondary → Primary); u undoes."
        )
    }

    func testRefiningOnlyALockedRoleSaysItIsLockedAndAddsNothing() {
        var state = shown()
        state.press(.right, .right, .character(" "))  // accent locked
        state.press(.character("R"))
        state.type("cooler accent")
        state.press(.enter)
        let entries = state.history.entries.count
        // What the offline engine answers: the palette as it was, and why.
        let effects = state.send(
            .paletteReceived(
                requestID: 2,
                .success(Fixture.generated(Fixture.palette, provider: "offline", notes: [.refinementLocked([.accent])]))
            ))
        XCTAssertEqual(effects, [])
        XCTAssertEqual(state.shown?.palette, Fixture.palette)
        XCTAssertEqual(state.history.entries.count, entries, "no new history row for nothing")
        XCTAssertEqual(state.status?.kind, .warning)
        XCTAssertEqual(
            state.status?.text,
            "The refinement names only locked colours (Accent): nothing was changed; Space unlocks the selected colour."
        )
    }

    func testARefinementAnsweredWithTheSamePaletteIsNotCalledRefined() {
        var state = shown()
        state.press(.character("R"))
        state.type("make it sing")
        state.press(.enter)
        state.send(
            .paletteReceived(requestID: 2, .success(Fixture.generated(Fixture.palette, notes: [.refinementUnchanged]))))
        XCTAssertFalse(state.status?.text.contains("Refined") ?? true, state.status?.text ?? "")
        XCTAssertTrue(
            state.status?.text.hasPrefix("The answer is the palette it was asked to refine") ?? false,
            state.status?.text ?? "")
        // Every colour locked: the refinement is refused before anything is asked. (Enter went
        // back to the panes, where R was pressed.)
        XCTAssertEqual(state.focus, .panes)
        state.press(.character(" "), .right, .character(" "), .right, .character(" "), .character("R"))
        state.type("warmer")
        XCTAssertEqual(state.press(.enter), [])
        XCTAssertEqual(
            state.status?.text, "Every colour is locked: nothing to refine (Space unlocks the selected colour).")
    }

    func testTheNewWordsExistInEveryLanguage() {
        let words: [Localized] = [
            WorkbenchText.companionAllLocked, WorkbenchText.refineAllLocked,
            WorkbenchText.companion(.dark, kept: [.accent]),
            WorkbenchText.swapped(.primary, .secondary, locksMoved: [(.primary, .secondary)]),
            Messages.noteSentence(.refinementLocked([.accent])),
        ]
        for w in words {
            XCTAssertFalse(w.traditional.isEmpty || w.simplified.isEmpty)
            XCTAssertNotEqual(w.traditional, w.english)
            XCTAssertNotEqual(w.traditional, w.simplified, w.traditional)
        }
    }
}
