import PaletteCore
import PaletteText
import XCTest

@testable import PaletteApp

/// The workbench's notes in three languages: each names what happened, in the user's script.
final class WorkbenchNoteTests: XCTestCase {
    func testWorkbenchNotesAreWordedInEveryLanguage() {
        let change = RoleChange(role: .accent, from: RGB(packed: 0x112233), to: RGB(packed: 0xE8B04B))
        let notes: [GenerationNote] = [
            .lockedRestored([change]), .refinementUnchanged, .refinementNotUnderstood,
            .fewerCandidates(requested: 6, found: 2),
        ]
        for note in notes {
            let words = Messages.note(note)
            for text in [words.english, words.traditional, words.simplified] {
                XCTAssertFalse(text.isEmpty, "\(note)")
            }
            XCTAssertNotEqual(words.english, words.traditional, "\(note)")
            XCTAssertNotEqual(words.traditional, words.simplified, "\(note): each script its own")
        }
        let restored = Messages.note(.lockedRestored([change]))
        XCTAssertEqual(restored.english, "the answer changed locked colours; put back: Accent #112233 -> #E8B04B")
        XCTAssertTrue(restored.traditional.contains("強調色 #112233 -> #E8B04B"), restored.traditional)
        XCTAssertTrue(restored.simplified.contains("强调色 #112233 -> #E8B04B"), restored.simplified)
        let fewer = Messages.note(.fewerCandidates(requested: 6, found: 2))
        XCTAssertTrue(fewer.english.contains("2 of the 6"), fewer.english)
    }
}
