import PaletteCore
import ScreenCore
import XCTest

@testable import PaletteApp

/// Golden frames of the workbench: lock marks, the editor's row, refine mode, the candidate
/// strip (and one at a time when narrow), and what larger screens show.
final class WorkbenchRenderTests: XCTestCase {
    private static let candidates: [GeneratedPalette] = [
        Fixture.palette, Fixture.forest,
        Palette(primary: RGB(packed: 0x1B1B3A), secondary: RGB(packed: 0x693668), accent: RGB(packed: 0xF2F2F2)),
        Palette(primary: RGB(packed: 0x264653), secondary: RGB(packed: 0x2A9D8F), accent: RGB(packed: 0xE76F51)),
    ].map { Fixture.generated($0) }

    private func scene(
        width: Int = 80, height: Int = 24, language: Language = .english, mode: ColorMode = .direct
    ) -> AppState {
        var state = Fixture.state(width: width, height: height, mode: mode, language: language)
        let entries = (0..<8).map { Fixture.entry($0, ["sea foam", "寧靜的森林早晨", "old harbour"][$0 % 3]) }
        state.send(.historyLoaded(entries, warnings: []))
        state.type("sea foam at dawn")
        state.press(.enter)
        var generated = Fixture.generated()
        generated.rationale = [.primary: ["sea"], .secondary: ["dawn"], .accent: ["foam", "dawn"]]
        state.send(.paletteReceived(requestID: 1, .success(generated)))
        state.press(.tab, .tab)
        return state
    }

    func testLockMarks80x24() {
        var state = scene()
        state.press(.character(" "), .character("L"), .character("3"))
        let canvas = state.render()
        assertGolden(canvas, "workbench-locked-80x24")
        // The marks sit on the panes of the locked roles only, inside them, with nothing cut.
        let layout = state.layout
        for (i, role) in Role.allCases.enumerated() {
            let rect = layout.panes[i]
            let row = canvas.textLines[rect.y]
            let start = row.index(row.startIndex, offsetBy: rect.x)
            let end = row.index(start, offsetBy: rect.width)
            XCTAssertEqual(row[start..<end].contains("locked"), role != .secondary, "\(role)")
        }
    }

    func testLockMarksChineseAndStacked() {
        var state = scene(width: 56, height: 30, language: .traditionalChinese)
        state.press(.character(" "))
        assertGolden(state.render(), "workbench-locked-zh-Hant-56x30")
        var none = scene(mode: .none)
        none.press(.right, .character(" "))
        assertGolden(none.render(), "workbench-locked-no-color-80x24")
    }

    func testEditor80x24() {
        var state = scene()
        state.press(.right, .character("e"), .up, .up, .right, .right, .pageDown)
        assertGolden(state.render(), "workbench-edit-80x24")
        state.press(.character("#"))
        state.type("3A7")
        assertGolden(state.render(), "workbench-edit-hex-80x24")
        var zh = scene(language: .simplifiedChinese)
        zh.press(.character("e"), .down)
        assertGolden(zh.render(), "workbench-edit-zh-Hans-80x24")
    }

    func testRefineMode80x24() {
        var state = scene(language: .traditionalChinese)
        state.press(.character("R"))
        assertGolden(state.render(), "workbench-refine-empty-zh-Hant-80x24")
        state.type("夜晚版本")
        assertGolden(state.render(), "workbench-refine-zh-Hant-80x24")
    }

    func testCandidateStrip80x24() {
        var state = scene()
        state.showStrip(Self.candidates)
        state.press(.right)
        assertGolden(state.render(), "workbench-candidates-80x24")
        var zh = scene(language: .traditionalChinese)
        zh.showStrip(Self.candidates)
        assertGolden(zh.render(), "workbench-candidates-zh-Hant-80x24")
    }

    func testCandidatesOneAtATimeWhenNarrow() {
        var state = scene(width: 56, height: 30)
        state.showStrip(Self.candidates)
        state.press(.right, .right)
        let canvas = state.render()
        assertGolden(canvas, "workbench-candidates-narrow-56x30")
        XCTAssertTrue(canvas.textLines.joined().contains("Candidate 3 of 4"))
        XCTAssertTrue(canvas.textLines.joined().contains("#1B1B3A"))
    }

    func testLargerScreenShowsRationaleAndCandidates140x40() {
        var state = scene(width: 140, height: 40)
        state.press(.character(" "))
        assertGolden(state.render(), "workbench-140x40")
        state.showStrip(Self.candidates)
        assertGolden(state.render(), "workbench-candidates-140x40")
    }

    func testLineagePanel() {
        var state = scene()
        state.press(.character("R"))
        state.type("夜晚版本")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 2, .success(Fixture.generated(Fixture.forest))))
        state.press(.tab, .character("i"))
        assertGolden(state.render(), "workbench-lineage-80x24")
        var zh = scene(width: 140, height: 40, language: .traditionalChinese)
        zh.press(.character(" "), .character("r"))
        zh.send(.paletteReceived(requestID: 2, .success(Fixture.generated(Fixture.forest))))
        zh.press(.tab, .character("i"))
        assertGolden(zh.render(), "workbench-lineage-zh-Hant-140x40")
    }

    func testRenderCacheAgreesAcrossWorkbenchKeys() {
        var state = scene()
        var cache = RenderCache()
        _ = state.render(cache: &cache)
        let keys: [Key] = [
            .character(" "), .character("s"), .character("e"), .up, .right, .pageUp, .character("#"),
            .character("1"), .character("2"), .character("3"), .escape, .enter, .character("m"), .character("u"),
            .character("U"), .character("L"), .character("2"), .character("R"), .character("x"), .escape,
            .tab, .character("i"), .tab, .tab,
        ]
        for key in keys {
            state.press(key)
            XCTAssertEqual(state.render(cache: &cache).snapshot, state.render().snapshot, "after \(key)")
        }
        state.showStrip(Self.candidates)
        XCTAssertEqual(state.render(cache: &cache).snapshot, state.render().snapshot)
        state.press(.right)
        XCTAssertEqual(state.render(cache: &cache).snapshot, state.render().snapshot)
    }
}
