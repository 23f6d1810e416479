import Foundation
import PaletteCore
import TestSupport
import XCTest

/// The workbench in the real binary, in a real terminal (tmux): lock, swap, edit by keys,
/// derive the companion, undo all of it and redo, each checked on the panes' exact fills.
final class E2EWorkbenchTests: XCTestCase {
    private let description = "寧靜的森林早晨"

    /// The three pane colours now on screen (their hex labels).
    private func panes(_ session: TmuxSession, _ what: String, where predicate: @escaping ([RGB]) -> Bool) throws
        -> [RGB]
    {
        let screen = try session.waitForScreen(what) { screen in
            let codes = E2EAppTests.paneHexCodes(screen)
            return codes.count == 3 && predicate(codes)
        }
        return E2EAppTests.paneHexCodes(screen)
    }

    /// Each colour fills its pane (several rows of exactly that background), in pane order.
    private func assertFills(
        _ session: TmuxSession, _ colors: [RGB], file: StaticString = #filePath, line: UInt = #line
    )
        throws
    {
        let capture = try session.screen(escapes: true)
        // The panes' rows: above the history header (whose rows carry each entry's swatches).
        let text = try session.screen().components(separatedBy: "\n")
        let header =
            text.firstIndex { $0.hasPrefix(" History") || $0.hasPrefix(" 歷史紀錄") || $0.hasPrefix(" 历史记录") }
            ?? text.count
        let rows = E2EAppTests.backgrounds(capture).prefix(header)
        let paneRows = rows.filter { row in row.count >= 3 && colors.allSatisfy { row.contains(E2EAppTests.key($0)) } }
        XCTAssertGreaterThanOrEqual(
            paneRows.count, 3, "panes not filled with \(colors.map(\.hex))", file: file, line: line)
        for row in paneRows {
            let order = colors.compactMap { c in row.firstIndex(of: E2EAppTests.key(c)) }
            XCTAssertEqual(order, order.sorted(), "pane order \(colors.map(\.hex)) on \(row)", file: file, line: line)
        }
    }

    func testLockSwapEditCompanionThenUndoAllAndRedo() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"])
        try session.waitForStart()
        try session.type(description)
        try session.press("Enter")
        let original = try panes(session, "the first palette") { _ in true }
        try assertFills(session, original)

        // Lock the primary from its pane.
        try session.press("Tab", "Tab", "Space")
        try session.waitFor("locked", "Primary \(original[0].hex) locked")

        // Swap primary and secondary: the lock moves with the colour.
        try session.type("s")
        let swapped = try panes(session, "swapped") { $0 == [original[1], original[0], original[2]] }
        try assertFills(session, swapped)
        try session.waitFor("Swapped Primary and Secondary")

        // Edit the selected (now secondary) colour: three small lightness steps up, kept.
        try session.type("e")
        try session.waitFor("Edit Secondary", "L ")
        try session.press("Up", "Up", "Up")
        var expectedEdit = OKLCH(swapped[1])
        expectedEdit.l += 0.03
        let edited = try panes(session, "edited") { $0[1] != swapped[1] }
        XCTAssertEqual(edited[1], expectedEdit.gamutMapped(), "three 0.01 steps of OKLCH lightness")
        XCTAssertEqual(edited[0], swapped[0])
        XCTAssertEqual(edited[2], swapped[2])
        try assertFills(session, edited)
        XCTAssertTrue(try session.screen().contains(ColorNames.nearest(to: edited[1]).name.name), "the name follows")
        try session.press("Enter")
        try session.waitFor("Secondary is now \(edited[1].hex)")

        // The dark/light companion, as PaletteCore derives it; the locked secondary (the lock
        // moved with its colour in the swap) is kept as it is.
        try session.type("m")
        let companion = PaletteCompanion.derive(
            Palette(primary: edited[0], secondary: edited[1], accent: edited[2]), keeping: [.secondary])
        XCTAssertEqual(companion.palette.secondary, edited[1])
        let derived = try panes(session, "companion") { $0 == companion.palette.colors }
        try assertFills(session, derived)

        // Undo all four steps, one by one, back to the palette as generated, exactly.
        try session.type("u")
        _ = try panes(session, "undo companion") { $0 == edited }
        try session.type("u")
        _ = try panes(session, "undo edit") { $0 == swapped }
        try session.type("u")
        _ = try panes(session, "undo swap") { $0 == original }
        XCTAssertTrue(try session.screen().contains("locked"))
        try session.type("u")
        try session.waitForScreen("undo lock") { !$0.contains("locked") && $0.contains("Undone") }
        try assertFills(session, original)

        // Redo brings them back in order.
        try session.type("U")
        try session.waitFor("locked")
        try session.type("U")
        _ = try panes(session, "redo swap") { $0 == swapped }
        try session.type("U")
        _ = try panes(session, "redo edit") { $0 == edited }
        try session.type("U")
        _ = try panes(session, "redo companion") { $0 == companion.palette.colors }
        try assertFills(session, companion.palette.colors)
    }

    /// The locked pane keeps its exact colour through `r`, a refinement and a kept candidate,
    /// each made by the offline engine; undo walks back through all of them; the history row's
    /// lineage says how the last one was made.
    func testLockedRoleSurvivesRegenerateRefineAndCandidatesThenUndo() throws {
        let session = try TmuxSession(["--provider", "offline", "--history", "h.jsonl"], width: 100, height: 30)
        try session.waitForStart()
        try session.type(description)
        try session.press("Enter")
        let original = try panes(session, "the first palette") { _ in true }
        let locked = E2EAppTests.key(original[0])
        let lockedRows = E2EAppTests.rows(with: locked, in: try session.screen(escapes: true))
        try session.press("Tab", "Tab", "Space")
        try session.waitFor("locked")

        // r: a variation around the locked primary.
        try session.type("r")
        let variation = try panes(session, "a variation") { $0 != original }
        XCTAssertEqual(variation[0], original[0], "the locked primary comes back exactly")
        try assertFills(session, variation)
        XCTAssertGreaterThanOrEqual(
            E2EAppTests.rows(with: locked, in: try session.screen(escapes: true)), lockedRows,
            "the locked pane is filled with the same bytes")

        // R: refine by text; the lock still holds.
        try session.type("R")
        try session.waitFor("Refine")
        try session.type("warmer accent")
        try session.press("Enter")
        try session.waitFor("Refined")
        let refined = try panes(session, "refined") { _ in true }
        XCTAssertEqual(refined[0], original[0])
        try assertFills(session, refined)

        // C: candidates side by side; choose the second, keep it. (Enter went back to the panes.)
        try session.type("C")
        try session.waitFor("Candidate 1 of")
        try session.press("Right")
        try session.waitFor("Candidate 2 of")
        try session.press("Enter")
        try session.waitFor("Candidate kept")
        let kept = try panes(session, "the kept candidate") { _ in true }
        XCTAssertEqual(kept[0], original[0], "every candidate keeps the locked primary")
        try assertFills(session, kept)

        // The lineage of the kept palette, from its history row.
        try session.press("Tab")
        try session.type("i")
        try session.waitFor("was made (i closes)", "kept Primary", "refined: “warmer accent”")
        try session.type("i")

        // Undo: the candidate, the refinement, the variation, the lock; back to the first palette.
        try session.type("u")
        _ = try panes(session, "undo candidate") { $0 == refined }
        try session.type("u")
        _ = try panes(session, "undo refinement") { $0 == variation }
        try session.type("u")
        _ = try panes(session, "undo variation") { $0 == original }
        try session.type("u")
        try session.waitForScreen("undo lock") { !$0.contains("locked") }
        try assertFills(session, original)
    }

    func testEditByHexThenEscRestores() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history", "--lang", "zh-Hant"])
        try session.waitForStart()
        try session.type(description)
        try session.press("Enter")
        let original = try panes(session, "the first palette") { _ in true }
        try session.press("Tab", "Tab", "Right", "Right")
        try session.type("e#")
        try session.type("3a7")
        _ = try panes(session, "typed hex") { $0[2] == RGB(packed: 0x33AA77) }
        try assertFills(session, [original[0], original[1], RGB(packed: 0x33AA77)])
        try session.press("Escape")
        try session.press("Escape")
        _ = try panes(session, "restored") { $0 == original }
        try session.waitFor("強調色已還原為 \(original[2].hex)")
        try assertFills(session, original)
    }
}
