import PaletteCore
import XCTest

@testable import PaletteEngine

/// More everyday words for low contrast, each language's own (雾蒙蒙, 霧霧的, 幾乎看不清, foschia,
/// lattiginoso, еле заметный, 연하고 뽀얀, धुले, sem contraste): each asks for the soft structure
/// and says so. Before, these descriptions got the full structure and no note.
final class MoreSoftWordsTests: XCTestCase {
    let engine = OfflineEngine()

    func testEachAsksForLowContrast() {
        let texts = [
            "雾蒙蒙的早晨，湖面上几乎看不清对岸", "雨後的櫻花，整個畫面霧霧的", "la laguna avvolta nella foschia",
            "colori lattiginosi del mattino", "еле заметные розовые тона", "색이 전부 연하고 뽀얀 느낌",
            "धुले-धुले रंग का आसमान", "um pêssego quase sem contraste",
        ]
        for text in texts {
            let notes = engine.palette(for: text).notes
            XCTAssertTrue(
                notes.contains { if case .softStructure = $0 { return true } else { return false } },
                "\(text): \(notes)")
        }
    }

    /// A piece of such a word the matcher cut off (蒙蒙 of 雾蒙蒙) is not reported as not read.
    func testAPieceOfASoftWordIsNotCalledUnread() {
        let notes = engine.palette(for: "雾蒙蒙的早晨，湖面上几乎看不清对岸").notes
        let unread = notes.compactMap { note -> [String]? in
            if case .partlyUnderstood(_, let unknown) = note { return unknown }
            if case .keyWordsNotRead(let words, _) = note { return words }
            return nil
        }.flatMap { $0 }
        XCTAssertFalse(unread.contains("蒙蒙"), "\(unread)")
        XCTAssertFalse(unread.contains("几乎看"), "\(unread)")
    }
}
