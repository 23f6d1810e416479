import PaletteCore
import PaletteHistory
import PaletteText
import TestSupport
import XCTest

@testable import PaletteApp

/// A key the focused area does not use never changes the description unseen; Esc from
/// refining goes back where it began; a message is cleared when it stops being true.
final class KeysAndMessagesTests: XCTestCase {
    func testAKeyThePanesDoNotUseLeavesTheDescriptionAndSaysSo() {
        var state = Fixture.showingPalette("calm lake at dawn")
        state.press(.character("i"))
        XCTAssertEqual(state.field.text, "calm lake at dawn")
        XCTAssertEqual(state.focus, .panes)
        XCTAssertEqual(
            state.status?.text,
            "“i” does nothing in the colour panes; the description is kept (Tab goes to it, ? lists the keys).")
        // A word begun with an asking letter is kept out too (q asks, then u).
        state.press(.character("q"), .character("u"))
        XCTAssertEqual(state.field.text, "calm lake at dawn")
        XCTAssertNil(state.pendingConfirmation)
        var hant = Fixture.showingPalette("平靜的湖", language: .traditionalChinese)
        hant.press(.character("i"))
        XCTAssertEqual(hant.field.text, "平靜的湖")
        XCTAssertEqual(hant.status?.text, "「i」在「色塊」沒有作用；描述保持不變（Tab 前往描述欄，? 列出按鍵）。")
        // With the field empty, words typed outside it are still words (issue 11).
        var empty = Fixture.showingPalette("calm lake at dawn")
        empty.press(.backTab, .backTab, .control("u"), .tab, .tab)
        XCTAssertEqual(empty.focus, .panes)
        empty.type("zen")
        XCTAssertEqual(empty.focus, .description)
        XCTAssertEqual(empty.field.text, "zen")
    }

    func testEscFromRefiningGoesBackWhereItBegan() {
        var state = Fixture.showingPalette("sea foam")
        state.press(.character("R"))
        XCTAssertEqual(state.keyScope, .refine)
        state.type("warmer")
        state.press(.escape)
        XCTAssertEqual(state.keyScope, .panes)
        XCTAssertEqual(state.status?.text, "Refining closed; back to: Colour panes.")
        state.press(.tab, .character("R"), .escape)
        XCTAssertEqual(state.keyScope, .history)
        XCTAssertEqual(state.status?.text, "Refining closed; back to: History list.")
        var hans = Fixture.showingPalette("海沫", language: .simplifiedChinese)
        hans.press(.character("R"), .escape)
        XCTAssertEqual(hans.keyScope, .panes)
        XCTAssertEqual(hans.status?.text, "已离开微调；回到：色块。")
    }

    func testCopiedIsClearedWhenASearchBeginsAndAHintOnceItsModeIsUsed() {
        var state = Fixture.showingPalette("sea foam")
        XCTAssertEqual(state.press(.character("c")), [.copyToClipboard("#2E86AB")])
        state.send(.clipboardCopied("#2E86AB", via: []))
        XCTAssertTrue(state.status?.text.hasPrefix("Copied") ?? false, state.status?.text ?? "nil")
        state.press(.character("/"))
        XCTAssertEqual(state.keyScope, .filter)
        XCTAssertNil(state.status, "a Copied message does not stand over a search")
        // A copy that lands while the filter is typed is not shown over it either.
        state.send(.clipboardCopied("#A23B72", via: []))
        XCTAssertNil(state.status)
        state.press(.escape)
        // The refine hint goes once refining is left by another way than Esc (Tab).
        state.press(.character("R"))
        XCTAssertTrue(state.status?.text.hasPrefix("Refine “sea foam”") ?? false, state.status?.text ?? "nil")
        state.press(.tab)
        XCTAssertNotEqual(state.keyScope, .refine)
        XCTAssertNil(state.status, "the refine hint is spent")
        // A warning stays: it is still true.
        state.send(.historyWriteFailed(HistoryFailure(path: "/x", .system(.write, path: "/x", code: 28))))
        let warning = state.status
        state.press(.character("/"))
        XCTAssertEqual(state.status, warning)
    }
}
