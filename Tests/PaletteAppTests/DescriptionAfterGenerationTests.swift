import PaletteCore
import PaletteHistory
import PaletteText
import ScreenCore
import XCTest

@testable import PaletteApp

/// Typing after a generation (docs/decisions.md, "typing after a generation"): the description
/// a palette was made from is shown selected; the next character typed or pasted starts a new
/// description and the old one is set aside, ↑ brings it back; an editing key edits the old
/// one instead. No text the field held is lost.
final class DescriptionAfterGenerationTests: XCTestCase {
    static let languages: [Language] = [.english, .traditionalChinese, .simplifiedChinese]

    /// A palette made from `description` typed in the field, the focus still there.
    private func generated(_ description: String, language: Language = .english, width: Int = 80) -> AppState {
        var state = Fixture.state(width: width, language: language)
        state.type(description)
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        XCTAssertEqual(state.shown?.description, description)
        return state
    }

    func testTypingAfterAGenerationStartsANewDescriptionAndUpBringsTheOldBack() {
        for language in Self.languages {
            var state = generated("寧靜的森林早晨", language: language)
            XCTAssertTrue(state.descriptionSelected)
            state.type("sunset")
            XCTAssertEqual(state.field.text, "sunset", "\(language): a new description, not appended")
            XCTAssertFalse(state.descriptionSelected)
            // The status line says where the old one went, in the user's language.
            XCTAssertEqual(state.status?.text, UIText.newDescription("寧靜的森林早晨")(language))
            XCTAssertTrue(state.status?.text.contains("↑") ?? false)
            state.press(.up)
            XCTAssertEqual(state.field.text, "寧靜的森林早晨", "\(language): ↑ brings it back")
            state.press(.down)
            XCTAssertEqual(state.field.text, "sunset", "\(language): ↓ returns to what was typed")
            XCTAssertEqual(state.press(.enter).count, 2, "Enter generates the new one (and starts the spinner's clock)")
            XCTAssertEqual(state.request?.description, "sunset")
        }
    }

    func testAnEditingKeyEditsTheDescriptionInstead() {
        let edits: [(Key, String)] = [
            (.end, "calm lake at dawn, misty"), (.right, "calm lake at dawn, misty"),
            (.backspace, "calm lake at daw, misty"), (.control("w"), "calm lake at , misty"),
            (.left, "calm lake at daw, mistyn"), (.home, ", mistycalm lake at dawn"),
        ]
        for (key, expected) in edits {
            var state = generated("calm lake at dawn")
            state.press(key)
            XCTAssertFalse(state.descriptionSelected, "\(key)")
            state.type(", misty")
            XCTAssertEqual(state.field.text, expected, "\(key) edits the old description")
            XCTAssertTrue(state.descriptionRecall.texts.isEmpty, "\(key): nothing was set aside")
        }
        // Enter again makes another palette from the same words.
        var state = generated("calm lake at dawn")
        state.press(.enter)
        XCTAssertEqual(state.request?.description, "calm lake at dawn")
    }

    func testPastingFromAnywhereReplacesTheSelectedDescriptionAndAStrayKeyDoesNot() {
        var state = generated("calm lake at dawn")
        state.press(.tab, .tab, .tab)
        XCTAssertEqual(state.focus, .history)
        // A key the history does not use never replaces the description unseen: it is kept,
        // and the status line says the key does nothing there.
        state.type("o")
        XCTAssertEqual(state.focus, .history)
        XCTAssertEqual(state.field.text, "calm lake at dawn")
        XCTAssertEqual(
            state.status?.text,
            "“o” does nothing in the history list; the description is kept (Tab goes to it, ? lists the keys).")
        state = generated("calm lake at dawn")
        state.press(.paste("a harbour at night"))
        XCTAssertEqual(state.field.text, "a harbour at night")
        XCTAssertEqual(state.descriptionRecall.texts, ["calm lake at dawn"])
    }

    func testOnlyAPaletteMadeFromTheFieldSelectsIt() {
        // A failure keeps the words as typed, to be mended.
        var state = Fixture.state()
        state.type("calm lake")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .failure(ProviderFailure(provider: "gemini", .truncated))))
        XCTAssertFalse(state.descriptionSelected)
        state.type(" at dawn")
        XCTAssertEqual(state.field.text, "calm lake at dawn")
        // Words typed while the palette was being made stay the user's.
        state = Fixture.state()
        state.type("calm lake")
        state.press(.enter)
        state.type(" at dawn")
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        XCTAssertFalse(state.descriptionSelected)
        state.type(", misty")
        XCTAssertEqual(state.field.text, "calm lake at dawn, misty")
    }

    func testNoTextTheFieldHeldIsLost() {
        var state = generated("first")
        state.type("second")  // "first" set aside
        state.press(.up)  // shows "first", "second" kept
        state.type(" again")  // "first again" is the field's; "second" set aside
        XCTAssertEqual(state.field.text, "first again")
        XCTAssertEqual(Set(state.descriptionRecall.texts), ["first", "second"])
        state.press(.up)
        XCTAssertEqual(state.field.text, "second")
        state.press(.up)
        XCTAssertEqual(state.field.text, "first")
        state.press(.up)
        XCTAssertEqual(state.field.text, "first", "the oldest stays")
        state.press(.down, .down, .down)
        XCTAssertEqual(state.field.text, "first again", "back to the field's own text")
        // A history entry put in the field sets aside what was typed.
        state = Fixture.state()
        state.send(.historyLoaded([Fixture.entry(1, "old harbour")], warnings: []))
        state.type("half typed")
        state.press(.tab, .tab, .tab)
        XCTAssertEqual(state.focus, .history)
        state.press(.enter)
        XCTAssertEqual(state.field.text, "old harbour")
        state.press(.up)
        XCTAssertEqual(state.field.text, "half typed")
    }

    func testTheSelectedDescriptionIsDrawnSelectedUntilEdited() {
        var state = generated("calm lake at dawn")
        let layout = state.layout
        let x = layout.field.x
        XCTAssertTrue(state.render()[x, layout.fieldRow].style.reverse, "drawn selected")
        state.press(.end)
        XCTAssertFalse(state.render()[x, layout.fieldRow].style.reverse, "edited: drawn as typed text")
    }
}
