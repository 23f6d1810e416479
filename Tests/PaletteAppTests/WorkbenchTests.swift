import PaletteCore
import PaletteHistory
import PaletteText
import XCTest

@testable import PaletteApp

/// The workbench in the reducer: locks, the colour editor, swaps, the companion, refinement,
/// candidates, and undo/redo across all of them.
final class WorkbenchTests: XCTestCase {
    /// A shown palette (`Fixture.palette`, entry `id-1`) with the panes focused.
    private func workbench(language: Language = .english, width: Int = 80, height: Int = 24) -> AppState {
        let state = Fixture.showingPalette("sea foam", width: width, height: height, language: language)
        XCTAssertEqual(state.keyScope, .panes)
        return state
    }

    private func request(_ effects: [Effect]) -> GenerationRequest? {
        for case .generatePalette(_, let request) in effects { return request }
        return nil
    }

    // MARK: - Locks

    func testSpaceOnAPaneLocksItAndGeneratingKeepsIt() {
        var state = workbench()
        state.press(.right, .character(" "))
        XCTAssertEqual(state.workbench.locked, [.secondary])
        XCTAssertEqual(state.status?.text, "Secondary #A23B72 locked: generating keeps it.")
        // `r` sends the locked colour with the request.
        let asked = request(state.press(.character("r")))
        XCTAssertEqual(asked?.locked, [.secondary: Fixture.palette.secondary])
        XCTAssertEqual(asked?.variation, 1)
        // A provider that changed the locked colour anyway: it is put back, and said.
        let changed = Palette(
            primary: RGB(packed: 0x112233), secondary: RGB(packed: 0x445566), accent: RGB(packed: 0x778899))
        state.send(.paletteReceived(requestID: 2, .success(Fixture.generated(changed))))
        XCTAssertEqual(state.shown?.palette.secondary, Fixture.palette.secondary)
        XCTAssertEqual(state.shown?.palette.primary, RGB(packed: 0x112233))
        XCTAssertEqual(state.status?.kind, .warning)
        XCTAssertEqual(state.history.entries.last?.palette.secondary, Fixture.palette.secondary)
        // Space again unlocks; Enter in the field then asks with no lock.
        state.press(.character(" "))
        XCTAssertEqual(state.workbench.locked, [])
        state.press(.tab, .tab)
        XCTAssertEqual(request(state.press(.enter))?.locked, [:])
    }

    func testLPrefixLocksByNumberFromOutsideTheField() {
        var state = workbench()
        state.press(.tab)  // history
        XCTAssertEqual(state.keyScope, .history)
        state.press(.character("L"))
        XCTAssertEqual(state.keyScope, .lockRole)
        state.press(.character("3"))
        XCTAssertEqual(state.workbench.locked, [.accent])
        XCTAssertEqual(state.keyScope, .history)
        state.press(.character("L"), .character("1"))
        XCTAssertEqual(state.workbench.locked, [.accent, .primary])
        state.press(.character("L"), .character("3"))
        XCTAssertEqual(state.workbench.locked, [.primary])
        // Any other key cancels the prefix and does nothing else.
        let before = state.history.selected
        state.press(.character("L"), .character("j"))
        XCTAssertEqual(state.history.selected, before)
        XCTAssertEqual(state.status?.text, "No colour locked or unlocked.")
        XCTAssertEqual(state.keyScope, .history)
        // In the description field L is a letter.
        state.press(.tab)
        state.press(.control("u"))
        state.type("L1")
        XCTAssertEqual(state.field.text, "L1")
        XCTAssertEqual(state.workbench.locked, [.primary])
    }

    func testLockWithoutAPaletteSaysSo() {
        var state = Fixture.state()
        state.press(.tab, .tab, .character(" "))
        XCTAssertEqual(state.workbench.locked, [])
        XCTAssertEqual(state.status?.text, "No palette to lock yet.")
        state.press(.character("L"))
        XCTAssertEqual(state.keyScope, .panes)
    }

    // MARK: - Swap

    func testSwapMovesTheColourAndItsLock() {
        var state = workbench()
        state.press(.character(" "))
        let saved = state.press(.character("s"))
        let p = Fixture.palette
        // Saved as a child of the palette it was changed from, so nothing is lost on quitting.
        guard case .appendHistory(let entry)? = saved.first else { return XCTFail("\(saved)") }
        XCTAssertEqual(entry.palette, Palette(primary: p.secondary, secondary: p.primary, accent: p.accent))
        XCTAssertEqual(entry.lineage, HistoryEntry.Lineage(parent: "id-1", change: .swapped(1, 2)))
        XCTAssertEqual(state.shown?.entryID, entry.id)
        XCTAssertEqual(WorkbenchText.how(LineageStep(entry), .english), "sea foam · swapped 1↔2")
        XCTAssertEqual(WorkbenchText.how(LineageStep(entry), .traditionalChinese), "sea foam · 交換 1↔2")
        XCTAssertEqual(state.shown?.palette, Palette(primary: p.secondary, secondary: p.primary, accent: p.accent))
        XCTAssertEqual(state.workbench.locked, [.secondary], "the lock follows the colour")
        XCTAssertEqual(state.selectedRole, .secondary, "the selection follows it too")
        XCTAssertEqual(state.shown?.names.secondary, PaletteNames(p).primary)
        state.press(.character("s"))
        XCTAssertEqual(state.shown?.palette, Palette(primary: p.secondary, secondary: p.accent, accent: p.primary))
        XCTAssertEqual(state.workbench.locked, [.accent])
        XCTAssertEqual(
            state.status?.text,
            "Swapped Secondary and Accent; the lock moved with its colour (Secondary → Accent); u undoes.")
    }

    // MARK: - Editing

    func testEditByKeysUpdatesHexAndNameAndEscRestores() throws {
        var state = workbench()
        state.press(.character("e"))
        XCTAssertEqual(state.keyScope, .edit)
        let start = OKLCH(Fixture.palette.primary)
        state.press(.up, .up, .up)
        let editor = try XCTUnwrap(state.workbench.editor)
        XCTAssertEqual(editor.lightness, start.l + 0.03, accuracy: 1e-9)
        XCTAssertEqual(state.shown?.palette.primary, editor.color)
        XCTAssertGreaterThan(OKLCH(editor.color).l, start.l + 0.025)
        XCTAssertEqual(state.shown?.names.primary, PaletteNames(state.shown!.palette).primary)
        XCTAssertTrue(state.render().textLines.joined().contains(editor.color.hex), "the pane shows the new hex")
        // Hue, large steps.
        state.press(.right, .right, .pageUp)
        XCTAssertEqual(state.workbench.editor?.channel, .hue)
        XCTAssertEqual(state.workbench.editor!.hue, start.h + 15, accuracy: 1e-9)
        // Chroma cannot go past what sRGB shows.
        state.press(.left)
        for _ in 0..<40 { state.press(.pageUp) }
        let edited = try XCTUnwrap(state.workbench.editor)
        XCTAssertEqual(
            edited.chroma, OKLCH.maxChroma(l: edited.lightness, h: edited.hue), accuracy: 1e-9)
        state.press(.pageDown)
        XCTAssertLessThan(OKLCH(state.workbench.editor!.color).c, OKLCH(edited.color).c, "one step down shows")
        // Esc: everything as before, nothing to undo from the edit.
        state.press(.escape)
        XCTAssertNil(state.workbench.editor)
        XCTAssertEqual(state.shown?.palette, Fixture.palette)
        XCTAssertEqual(state.shown?.names, PaletteNames(Fixture.palette))
        XCTAssertEqual(state.status?.text, "Primary is #2E86AB again.")
        XCTAssertEqual(state.workbench.undo.count, 1, "only the generation is undoable")
    }

    func testEditKeepsWithEnterAndTypesHex() {
        var state = workbench()
        state.press(.right, .right, .character("e"), .character("#"))
        XCTAssertEqual(state.keyScope, .hexEntry)
        state.type("FF")
        XCTAssertEqual(state.shown?.palette.accent, Fixture.palette.accent, "two digits name no colour yet")
        state.type("0")
        XCTAssertEqual(state.shown?.palette.accent, RGB(packed: 0xFFFF00), "#FF0 names one: shown at once")
        state.type("x")
        XCTAssertEqual(state.status?.text, "A hex code takes only 0-9 and A-F.")
        state.type("000")
        XCTAssertEqual(state.shown?.palette.accent, RGB(packed: 0xFF0000))
        XCTAssertEqual(state.shown?.names.accent, "red")
        // Esc leaves the hex, back to the colour before it.
        state.press(.escape)
        XCTAssertEqual(state.keyScope, .edit)
        XCTAssertEqual(state.shown?.palette.accent, Fixture.palette.accent)
        state.press(.character("#"))
        state.type("00ff00")
        state.press(.enter)
        XCTAssertNil(state.workbench.editor)
        XCTAssertEqual(state.shown?.palette.accent, RGB(packed: 0x00FF00))
        XCTAssertEqual(state.status?.text, "Accent is now #00FF00 (lime); u undoes.")
        XCTAssertEqual(state.keyScope, .panes)
    }

    // MARK: - Companion

    func testCompanionKeepsHuesAndMirrorsContrast() {
        var state = workbench()
        state.press(.character("m"))
        let companion = state.shown!.palette
        XCTAssertNotEqual(companion, Fixture.palette)
        XCTAssertEqual(companion, PaletteCompanion.derive(Fixture.palette).palette)
        for role in Role.allCases {
            let before = WCAG.contrast(Fixture.palette[role], WCAG.white)
            let after = WCAG.contrast(companion[role], WCAG.black)
            XCTAssertEqual(after, before, accuracy: before * 0.05, "\(role) keeps its contrast role")
        }
        // This palette's colours are mostly light ones (luminance above the 0.18 where white and
        // black give the same contrast), so its companion is the darker, light-ground one.
        XCTAssertEqual(PaletteCompanion.derive(Fixture.palette).ground, .light)
        XCTAssertTrue(state.status!.text.hasPrefix("Light companion"), state.status!.text)
        // The companion's companion is the palette again, up to 8-bit rounding.
        state.press(.character("m"))
        for role in Role.allCases {
            XCTAssertLessThan(
                CIEDE2000.difference(CIELab(state.shown!.palette[role]), CIELab(Fixture.palette[role])), 1.5, "\(role)")
        }
        XCTAssertTrue(state.status!.text.hasPrefix("Dark companion"), state.status!.text)
    }

    // MARK: - Undo and redo

    func testUndoAndRedoManyStepsAcrossEveryChange() {
        var state = workbench()
        let start = state.snapshot
        state.press(.character(" "))  // lock primary
        let locked = state.snapshot
        state.press(.character("s"))  // swap primary and secondary
        let swapped = state.snapshot
        state.press(.character("e"), .up, .up, .enter)  // edit the secondary
        let edited = state.snapshot
        state.press(.character("m"))  // companion
        let companion = state.snapshot
        XCTAssertEqual(state.workbench.undo.count, 5, "the generation and four changes")
        for expected in [edited, swapped, locked, start] {
            state.press(.character("u"))
            XCTAssertEqual(state.snapshot, expected)
        }
        XCTAssertEqual(state.status?.text, "Undone (1 more to undo; U redoes).")
        for expected in [locked, swapped, edited, companion] {
            state.press(.character("U"))
            XCTAssertEqual(state.snapshot, expected)
        }
        state.press(.character("U"))
        XCTAssertEqual(state.status?.text, "Nothing to redo.")
        // A new change after an undo drops what could be redone.
        state.press(.character("u"), .character("s"))
        XCTAssertEqual(state.workbench.redo, [])
        // Back to before the first palette: nothing shown.
        for _ in 0..<5 { state.press(.character("u")) }
        XCTAssertNil(state.shown)
        state.press(.character("u"))
        XCTAssertEqual(state.status?.text, "Nothing to undo.")
    }

    func testUndoWhileEditingLeavesTheEditFirst() {
        var state = workbench()
        state.press(.character("s"), .character("e"), .up)
        state.press(.tab, .tab, .tab)
        XCTAssertEqual(state.keyScope, .edit, "Tab moves between channels while editing")
        state.press(.escape)
        state.press(.character("u"))
        XCTAssertEqual(state.shown?.palette, Fixture.palette)
    }

    // MARK: - Refining

    func testRefineSendsTheShownPaletteAndLocksAndMakesAChild() throws {
        var state = workbench()
        state.press(.character(" "), .character("R"))
        XCTAssertEqual(state.keyScope, .refine)
        XCTAssertEqual(state.focus, .description)
        state.type("warmer accent")
        XCTAssertEqual(state.field.text, "sea foam", "the description is kept")
        XCTAssertEqual(state.workbench.refineField.text, "warmer accent")
        let row = state.render().textLines[2]
        XCTAssertTrue(row.hasPrefix(" Refine ") && row.contains("warmer accent"), row)
        let asked = try XCTUnwrap(request(state.press(.enter)))
        XCTAssertEqual(asked.description, "sea foam")
        XCTAssertEqual(asked.refinement, Refinement(instruction: "warmer accent", base: Fixture.palette))
        XCTAssertEqual(asked.locked, [.primary: Fixture.palette.primary])
        XCTAssertEqual(state.request?.purpose, .refine(instruction: "warmer accent"))
        XCTAssertEqual(state.request?.lineage.parent, "id-1")
        XCTAssertEqual(state.request?.lineage.refinement, "warmer accent")
        XCTAssertEqual(state.request?.lineage.locked, [.primary])
        XCTAssertFalse(state.workbench.isRefining)
        XCTAssertEqual(state.focus, .panes, "Enter goes back where the refinement was asked from, as Esc does")
        let warmer = Palette(
            primary: Fixture.palette.primary, secondary: Fixture.palette.secondary, accent: RGB(packed: 0xF16A01))
        let effects = state.reduce(.paletteReceived(requestID: 2, .success(Fixture.generated(warmer))))
        XCTAssertEqual(state.shown?.palette, warmer)
        XCTAssertEqual(state.shown?.entryID, "id-2")
        guard case .appendHistory(let entry) = effects.first else { return XCTFail("no history entry: \(effects)") }
        XCTAssertEqual(entry.palette, warmer)
        XCTAssertEqual(
            entry.lineage,
            HistoryEntry.Lineage(parent: "id-1", variation: 0, locked: [.primary], refinement: "warmer accent"))
        XCTAssertEqual(entry.description, "sea foam")
        XCTAssertEqual(state.status?.text, "Refined: “warmer accent” (gemini); u undoes.")
        state.press(.character("u"))
        XCTAssertEqual(state.shown?.palette, Fixture.palette)
    }

    func testRefineNeedsAnInstructionAndEscLeaves() {
        var state = workbench()
        state.press(.character("R"))
        XCTAssertEqual(state.press(.enter), [])
        XCTAssertEqual(state.status?.text, "Say how to change the palette first (e.g. warmer accent).")
        state.type("更柔和")
        state.press(.escape)
        XCTAssertFalse(state.workbench.isRefining)
        XCTAssertEqual(state.keyScope, .panes, "Esc goes back where refining began")
        XCTAssertEqual(state.field.text, "sea foam")
        var empty = Fixture.state()
        empty.press(.tab, .tab, .character("R"))
        XCTAssertFalse(empty.workbench.isRefining)
        XCTAssertEqual(empty.status?.text, "No palette to refine yet; generate one first.")
    }

    // MARK: - Lineage

    func testLineageFollowsParentsAndSaysHowEachWasMade() {
        var state = workbench()
        // A refinement of the first palette, then a variation of it with its accent locked.
        state.press(.character("R"))
        state.type("warmer accent")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 2, .success(Fixture.generated(Fixture.forest))))
        state.press(.right, .right, .character(" "), .character("r"))
        XCTAssertEqual(state.request?.lineage.parent, "id-2")
        XCTAssertEqual(state.request?.lineage.variation, 1)
        state.send(.paletteReceived(requestID: 3, .success(Fixture.generated(Fixture.palette))))
        state.press(.tab)
        XCTAssertEqual(state.keyScope, .history)
        state.press(.character("i"))
        XCTAssertEqual(state.workbench.lineage.map(\.description), ["sea foam", "sea foam", "sea foam"])
        XCTAssertEqual(state.workbench.lineage.map(\.lineage.parent), ["id-2", "id-1", nil])
        let lines = state.render().textLines
        XCTAssertTrue(lines.contains { $0.contains("› ") && $0.contains("kept Accent · variation 1") }, "\(lines)")
        XCTAssertTrue(
            lines.contains { $0.contains("↳ ") && $0.contains("sea foam · refined: “warmer accent”  gemini") })
        XCTAssertTrue(lines.contains { $0.contains("↳ ") && $0.contains("from the description") })
        // The three are one group (one description): → opens it, and down the list the panel
        // follows the selection; i closes it and the list is back.
        state.press(.right, .down)
        XCTAssertEqual(state.workbench.lineage.first?.lineage.parent, "id-1")
        state.press(.character("i"))
        XCTAssertFalse(state.render().textLines.joined().contains("was made (i closes)"))
    }

    func testLineageOfAnEntryWhoseParentIsGone() {
        var state = Fixture.state()
        var child = Fixture.entry(2, "harbour at night")
        child.lineage = HistoryEntry.Lineage(parent: "gone-entry", variation: 2, refinement: "a night version")
        state.send(.historyLoaded([Fixture.entry(1, "harbour"), child], warnings: []))
        state.press(.backTab, .character("i"))
        XCTAssertEqual(state.workbench.lineage.count, 2)
        XCTAssertEqual(state.workbench.lineage.last?.missingID, "gone-entry")
        XCTAssertTrue(state.render().textLines.joined().contains("an entry no longer in the history (gone-entry)"))
    }

    // MARK: - Candidates

    func testCandidatesAskForSeveralAndOneAnswerIsShownAsAPalette() {
        var state = workbench()
        state.press(.character(" "))
        let asked = request(state.press(.character("C")))
        XCTAssertEqual(asked?.candidateCount, PaletteApp.AppState.candidateCount)
        XCTAssertEqual(asked?.locked, [.primary: Fixture.palette.primary])
        XCTAssertEqual(asked?.description, "sea foam")
        state.send(.paletteReceived(requestID: 2, .success(Fixture.generated(Fixture.forest))))
        XCTAssertNil(state.workbench.candidates)
        XCTAssertEqual(state.shown?.palette.secondary, Fixture.forest.secondary)
    }

    func testCandidateStripChoosesKeepsOrKeepsNone() {
        var state = workbench()
        let candidates = [Fixture.forest, Fixture.palette, Fixture.forest].map { Fixture.generated($0) }
        state.showStrip(candidates)
        XCTAssertEqual(state.keyScope, .candidates)
        state.press(.right, .right, .right)
        XCTAssertEqual(state.workbench.candidates?.selected, 0, "wraps around")
        state.press(.left)
        XCTAssertEqual(state.workbench.candidates?.selected, 2)
        state.press(.escape)
        XCTAssertNil(state.workbench.candidates)
        XCTAssertEqual(state.shown?.palette, Fixture.palette)
        XCTAssertEqual(state.status?.text, "No candidate kept; the palette is unchanged.")
        state.showStrip(candidates)
        state.press(.right)
        let count = state.history.entries.count
        let effects = state.press(.enter)
        XCTAssertEqual(state.shown?.palette, Fixture.palette)
        XCTAssertEqual(state.history.entries.count, count + 1)
        XCTAssertEqual(effects.count, 1)
        state.showStrip(candidates)
        state.press(.enter)
        XCTAssertEqual(state.shown?.palette, Fixture.forest)
        state.press(.character("u"))
        XCTAssertEqual(state.shown?.palette, Fixture.palette)
    }

    /// Each candidate's notes go with it: moving along the strip shows the notes of the candidate
    /// on screen (the first one's stayed whichever was chosen), after those about the whole
    /// answer, which the first carries and which stay; a model replaced for the answer is named
    /// in the title at once.
    func testTheStatusLineShowsTheNotesOfTheCandidateOnScreen() {
        var state = workbench()
        XCTAssertNotNil(request(state.press(.character("C"))))
        let negated = GenerationNote.negated(words: ["grey"])
        let fewer = GenerationNote.fewerCandidates(requested: 4, found: 3)
        let replaced = GenerationNote.modelReplaced(retired: "gemini-1.5-flash", replacement: "gemini-2.5-flash-lite")
        let cut = GenerationNote.readLimit(characters: 500)
        let answer = GeneratedPalette(
            palette: Fixture.forest, provider: "gemini", model: "gemini-2.5-flash-lite",
            notes: [replaced, negated, fewer],
            alternatives: [
                GeneratedPalette(palette: Fixture.palette, provider: "gemini", notes: [cut]),
                GeneratedPalette(palette: Fixture.forest, provider: "gemini"),
            ])
        state.send(.paletteReceived(requestID: 2, .success(answer)))
        XCTAssertEqual(state.keyScope, .candidates)
        XCTAssertEqual(state.modelName, "gemini-2.5-flash-lite", "the title names the model that answered")
        func status() -> String { state.status?.text ?? "" }
        func shows(_ note: GenerationNote) -> Bool { status().contains(Messages.noteSentence(note).english) }
        XCTAssertTrue(shows(negated) && shows(fewer) && shows(replaced), status())
        XCTAssertFalse(shows(cut), status())
        state.press(.right)
        XCTAssertTrue(shows(cut), "the second candidate's own note: \(status())")
        XCTAssertFalse(shows(negated), "not the first candidate's own note: \(status())")
        XCTAssertTrue(shows(fewer) && shows(replaced), "the notes about the whole answer stay: \(status())")
        state.press(.right)
        XCTAssertFalse(shows(cut) || shows(negated), status())
        XCTAssertTrue(shows(fewer), status())
        state.press(.right)
        XCTAssertTrue(shows(negated) && shows(fewer), "back to the first: \(status())")
        // The same under Chinese: the notes are the engine's, worded by PaletteApp.
        var chinese = workbench(language: .traditionalChinese)
        chinese.press(.character("C"))
        chinese.send(.paletteReceived(requestID: 2, .success(answer)))
        chinese.press(.right)
        XCTAssertTrue(
            chinese.status?.text.contains(Messages.note(cut).traditional) ?? false, chinese.status?.text ?? "")
        XCTAssertFalse(chinese.status?.text.contains(Messages.note(negated).traditional) ?? true)
    }
}

extension AppState {
    /// Candidates as an answer with several would show them.
    mutating func showStrip(_ candidates: [GeneratedPalette]) {
        let names = candidates.map { colorNames.value.names(for: $0.palette, language: language) }
        workbench.candidates = CandidateStrip(candidates: candidates, names: names, description: "sea foam")
    }
}
