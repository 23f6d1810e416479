import PaletteCore
import XCTest

@testable import PaletteApp

/// A colour the user's lock kept is credited to the lock, not to the description's words.
final class LockCreditTests: XCTestCase {
    private func scene(_ language: Language) -> AppState {
        var state = Fixture.state(width: 100, height: 34, language: language)
        state.type("sea foam at dawn")
        state.press(.enter)
        var generated = Fixture.generated()
        generated.rationale = [.primary: ["sea"], .secondary: ["dawn"], .accent: ["foam"]]
        state.send(.paletteReceived(requestID: 1, .success(generated)))
        state.press(.tab, .tab)
        return state
    }

    private func screen(_ state: AppState) -> String { state.render().textLines.joined(separator: "\n") }

    func testALockedRoleSaysYourLockAfterRegenerating() {
        for (language, lock, words) in [
            (Language.english, "from: your lock", ["from: sea", "from: dawn"]),
            (.traditionalChinese, "來自：你的鎖定", ["來自：sea", "來自：dawn"]),
            (.simplifiedChinese, "来自：你的锁定", ["来自：sea", "来自：dawn"]),
        ] {
            var state = scene(language)
            state.press(.character("L"), .character("3"))
            // Locking alone changes no credit: the colour still came from the description.
            let before = screen(state)
            XCTAssertFalse(before.contains(lock), before)
            XCTAssertTrue(before.contains(words[0].replacingOccurrences(of: "sea", with: "foam")), before)
            guard case .generatePalette? = state.press(.character("r")).first else { return XCTFail("\(language)") }
            var again = Fixture.generated(Fixture.forest)
            again.rationale = [.primary: ["sea"], .secondary: ["dawn"], .accent: ["foam"]]
            state.send(.paletteReceived(requestID: 2, .success(again)))
            XCTAssertEqual(state.shown?.palette.accent, Fixture.palette.accent, "the lock held")
            XCTAssertEqual(state.shown?.creditedToLock, [.accent])
            let text = screen(state)
            XCTAssertTrue(text.contains(lock), text)
            for word in words { XCTAssertTrue(text.contains(word), "\(word) in\n\(text)") }
            let notFoam = words[0].replacingOccurrences(of: "sea", with: "foam")
            XCTAssertFalse(text.contains(notFoam), "the accent is not credited to the description:\n\(text)")
        }
    }

    func testTheCreditMovesWithTheColourOnASwap() {
        var state = scene(.english)
        state.press(.character("L"), .character("3"))
        state.press(.character("r"))
        state.send(.paletteReceived(requestID: 2, .success(Fixture.generated(Fixture.forest))))
        XCTAssertEqual(state.shown?.creditedToLock, [.accent])
        // The accent pane selected, swapped with its neighbour: the credit goes with the colour.
        state.press(.right, .right)
        XCTAssertEqual(state.selectedRole, .accent)
        state.press(.character("s"))
        let moved = state.shown?.creditedToLock ?? []
        XCTAssertEqual(moved.count, 1)
        XCTAssertFalse(moved.contains(.accent))
        XCTAssertEqual(state.shown?.palette[moved.first ?? .accent], Fixture.palette.accent)
    }
}
