import PaletteCore
import ScreenCore
import XCTest

@testable import PaletteApp

/// Esc and a key in one read (`.alt`): Alt where an Alt binding takes it, else Esc then the key.
final class EscapeThenKeyTests: XCTestCase {
    /// A state showing a palette, the focus on the panes.
    private func showingPalette() -> AppState { Fixture.showingPalette() }

    /// The flaky E2E case: in the theme preview, Esc and q in one read closed the preview (any
    /// key does) and lost the q. Now it closes the preview and asks about quitting, as Esc then q.
    func testEscAndQInOneReadInThePreviewAreEscThenQ() {
        var state = showingPalette()
        state.press(.character("t"))
        XCTAssertEqual(state.keyScope, .preview)
        var twoKeys = state
        let effects = state.press(.alt("q"))
        let twoKeysEffects = twoKeys.press(.escape, .character("q"))
        XCTAssertNil(state.themePreview)
        XCTAssertEqual(state.status?.text, "Press q again to quit; any other key goes on.")
        XCTAssertEqual(state, twoKeys)
        XCTAssertEqual(effects, twoKeysEffects)
        XCTAssertEqual(state.press(.character("q")), [.quit])
    }

    /// Help closes on Esc; the key after it is read where help was.
    func testAnUnboundAltKeyInHelpIsEscThenTheKey() {
        var state = showingPalette()
        state.press(.character("?"))
        XCTAssertTrue(state.isShowingHelp)
        var twoKeys = state
        state.press(.alt("b"))
        twoKeys.press(.escape, .character("b"))
        XCTAssertFalse(state.isShowingHelp)
        XCTAssertEqual(state, twoKeys)
        var once = showingPalette()
        once.press(.character("b"))
        XCTAssertNotEqual(once, showingPalette(), "b does something on the panes (the background)")
        XCTAssertEqual(state.access.background, once.access.background)
    }

    /// Where Alt-b, Alt-f, Alt-d and Alt-Backspace are bound (the text field), they stay Alt;
    /// other Alt keys there do nothing.
    func testBoundAltKeysStayAltInTheField() {
        var state = Fixture.state()
        state.type("calm lake")
        var twoKeys = state
        state.press(.alt("b"))
        twoKeys.press(.escape, .character("b"))
        XCTAssertEqual(state.field.text, "calm lake")
        XCTAssertEqual(state.field.cursor, 5, "Alt-b: to the start of the word")
        XCTAssertEqual(twoKeys.field.text, "calm lakeb")
        state.press(.altBackspace)
        XCTAssertEqual(state.field.text, "lake")
        // An Alt key no binding of the field lists types nothing (issue 11 point 5: "Alt-x must
        // not insert x"), there alone: it is not Esc then x either.
        let before = state
        state.press(.alt("x"))
        XCTAssertEqual(state, before)
    }

    func testOnlyAltKeysHaveAKeyAfterEscape() {
        XCTAssertEqual(Key.alt("q").keyAfterEscape, .character("q"))
        XCTAssertEqual(Key.altBackspace.keyAfterEscape, .backspace)
        for key in [Key.character("q"), .escape, .control("q"), .up, .paste("x"), .unknown(3)] {
            XCTAssertNil(key.keyAfterEscape, "\(key)")
        }
    }
}
