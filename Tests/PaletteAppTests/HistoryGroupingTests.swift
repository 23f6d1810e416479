import Foundation
import PaletteCore
import PaletteHistory
import PaletteText
import TestSupport
import XCTest

@testable import PaletteApp

/// The history shows what happened: today's rows carry the time, a palette's variations are
/// one row with a count that opens and closes, each member says how it was made, and search
/// and delete act on what the rows show.
final class HistoryGroupingTests: XCTestCase {
    private func palette(_ n: UInt32) -> Palette {
        Palette(
            primary: RGB(packed: 0x102030 + n), secondary: RGB(packed: 0x80A0C0 + n), accent: RGB(packed: 0xE07010 + n))
    }

    /// "sea foam" (id-1), three variations (id-2...id-4), then a swap (id-5); the focus on
    /// the history, its first row selected.
    private func variations(language: Language = .english) -> AppState {
        var state = Fixture.state(width: 100, height: 30, language: language)
        state.type("sea foam")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated(palette(0)))))
        state.press(.tab, .tab)
        for n in 2...4 {
            state.press(.character("r"))
            state.send(.paletteReceived(requestID: n, .success(Fixture.generated(palette(UInt32(n))))))
        }
        state.press(.character("s"))
        state.press(.tab)
        XCTAssertEqual(state.focus, .history)
        return state
    }

    /// The history list's rows as drawn (the lineage panel, when open, is drawn over them).
    private func lines(_ state: AppState) -> [String] {
        let list = state.layout.historyList
        return Array(state.render().textLines[list.y..<(list.y + list.height)])
    }

    func testTodaysRowsShowTheTimeToTheMinuteAndOlderRowsTheDate() {
        // Now is 2026-11-29 12:00 UTC; the local zone is UTC+8 (20:00 there).
        let ids = IDSequence()
        let clock = AppClock(
            now: { Fixture.now }, uptime: { .zero }, makeID: { ids.make() }, sleep: { _ in },
            utcOffset: { _ in 8 * 3600 })
        var state = Fixture.state(width: 100, height: 30, clock: clock)
        let today = HistoryEntry(
            id: "t", created: Fixture.now.addingTimeInterval(-16 * 3600 + 17 * 60), description: "morning tide",
            palette: palette(1), provider: "offline", model: nil)
        let yesterday = HistoryEntry(
            id: "y", created: Fixture.now.addingTimeInterval(-17 * 3600), description: "evening tide",
            palette: palette(2), provider: "offline", model: nil)
        state.send(.historyLoaded([yesterday, today], warnings: []))
        let text = lines(state)
        // 2026-11-28 20:17 UTC is 04:17 on the 29th at UTC+8, and 19:00 UTC is 03:00 there:
        // both are today where the user is, though not in UTC.
        let tide = text.first { $0.contains("morning tide") } ?? ""
        XCTAssertTrue(tide.contains(" 04:17"), tide)
        let evening = text.first { $0.contains("evening tide") } ?? ""
        XCTAssertTrue(evening.contains(" 03:00"), evening)
        // 15:00 UTC on the 28th is 23:00 on the 28th locally: the date.
        let older = HistoryEntry(
            id: "o", created: Fixture.now.addingTimeInterval(-21 * 3600), description: "old tide",
            palette: palette(3), provider: "offline", model: nil)
        state.send(.historyLoaded([older, yesterday, today], warnings: []))
        XCTAssertTrue((lines(state).first { $0.contains("old tide") } ?? "").contains(" 2026-11-28"), "\(lines(state))")
    }

    func testVariationsAreOneRowWithACountThatOpensAndNamesEachStep() {
        var state = variations()
        XCTAssertEqual(state.history.count, 1, "five palettes of one description: one row")
        XCTAssertEqual(state.history.paletteCount, 5)
        var row = lines(state).first { $0.contains("sea foam") } ?? ""
        XCTAssertTrue(row.contains("▸5 sea foam"), row)
        // The lineage of the row's palette (the swap, the newest) names the step.
        state.press(.character("i"))
        XCTAssertTrue(lines(state).contains { $0.contains("sea foam · swapped 1↔2") }, "\(lines(state))")
        state.press(.character("i"))
        // → opens the group: one row a palette, each member saying how it was made.
        state.press(.right)
        XCTAssertEqual(state.history.count, 5)
        XCTAssertEqual(state.status?.text, "5 palettes of “sea foam”: ← closes the group.")
        row = lines(state).first { $0.contains("sea foam") } ?? ""
        XCTAssertTrue(row.contains("▾5 sea foam"), row)
        let members = lines(state).filter { $0.contains("↳ ") }
        XCTAssertEqual(members.count, 4, "\(members)")
        XCTAssertTrue(members[0].contains("↳ kept") || members[0].contains("↳ variation 3"), members[0])
        XCTAssertTrue(members[2].contains("variation 1"), members[2])
        XCTAssertTrue(members[3].contains("↳ from the description"), members[3])
        // ← on a member closes its group and selects the group's row.
        state.press(.down, .down, .left)
        XCTAssertEqual(state.history.count, 1)
        XCTAssertEqual(state.history.selected, 0)
    }

    func testSearchAndDeleteActOnWhatTheRowsShow() {
        var state = variations()
        let newest = state.history.entry(atRow: 0)
        XCTAssertEqual(newest?.id, "id-5")
        // d on the closed group deletes the palette the row shows (its newest), and says so.
        state.press(.character("d"))
        XCTAssertEqual(
            state.status?.text,
            "Press d again to delete the newest of the 5 palettes of “sea foam” (the one shown); any other key goes on."
        )
        XCTAssertEqual(state.press(.character("d")), [.deleteHistory(id: "id-5")])
        XCTAssertEqual(
            state.status?.text, "Deleted the newest palette of “sea foam” (4 left in its group; → opens it); u undoes.")
        XCTAssertEqual(state.history.paletteCount, 4)
        XCTAssertEqual(state.history.count, 1)
        XCTAssertTrue((lines(state).first { $0.contains("sea foam") } ?? "").contains("▸4 sea foam"))
        XCTAssertEqual(state.history.entry(atRow: 0)?.id, "id-4")
        // Search: the description matches every member (one row); a hex only the palette with it.
        state.press(.character("/"))
        state.type("sea")
        XCTAssertEqual(state.history.count, 1)
        XCTAssertEqual(state.history.paletteCount, 4)
        state.press(.control("u"))
        state.type(palette(2).primary.hex)
        XCTAssertEqual(state.history.count, 1)
        XCTAssertEqual(state.history.paletteCount, 1)
        XCTAssertEqual(state.history.entry(atRow: 0)?.id, "id-2")
        XCTAssertFalse((lines(state).first { $0.contains("sea foam") } ?? "").contains("▸"))
    }

    func testLineageStepsAreNamedInChinese() {
        var hant = variations(language: .traditionalChinese)
        hant.press(.character("i"))
        XCTAssertTrue(lines(hant).contains { $0.contains("sea foam · 交換 1↔2") }, "\(lines(hant))")
        let light = HistoryEntry(
            id: "c", created: Fixture.now, description: "sea foam", palette: palette(9), provider: "offline",
            model: nil, lineage: HistoryEntry.Lineage(parent: "id-1", change: .companion(.light)))
        XCTAssertEqual(WorkbenchText.how(LineageStep(light), .traditionalChinese), "sea foam · 配對：淺色")
        XCTAssertEqual(WorkbenchText.how(LineageStep(light), .english), "sea foam · companion: light")
        var edited = light
        edited.lineage.change = .edited(.accent)
        XCTAssertEqual(WorkbenchText.how(LineageStep(edited), .english), "sea foam · edited Accent")
        XCTAssertEqual(WorkbenchText.how(LineageStep(edited), .simplifiedChinese), "sea foam · 编辑了强调色")
    }

    /// The change is stored in the history file and read back by both readers (the fast line
    /// reader and the decoder), and an unknown value is left out, never the palette.
    func testTheChangeRoundTripsThroughTheHistoryFile() throws {
        let entry = HistoryEntry(
            id: "x", created: Fixture.now, description: "sea foam", palette: palette(1), provider: "offline",
            model: nil, lineage: HistoryEntry.Lineage(parent: "p", change: .swapped(1, 2)))
        let line = String(decoding: try JSONEncoder().encode(entry), as: UTF8.self)
        XCTAssertTrue(line.contains(#""change":"swap:1-2""#), line)
        let back = try JSONDecoder().decode(HistoryEntry.self, from: Data(line.utf8))
        XCTAssertEqual(back.lineage.change, .swapped(1, 2))
        let odd = line.replacingOccurrences(of: "swap:1-2", with: "swap:1-9")
        XCTAssertNil(try JSONDecoder().decode(HistoryEntry.self, from: Data(odd.utf8)).lineage.change)
    }
}
