import PaletteCore
import PaletteHistory
import XCTest

@testable import PaletteApp

/// The history list through the reducer (keys, effects) and directly (filtering at scale).
final class HistoryTests: XCTestCase {
    /// Five entries, oldest first: "dawn 0" … "dusk 4"; entry 4 is the newest.
    private func loaded(width: Int = 80, height: Int = 24) -> AppState {
        var state = Fixture.state(width: width, height: height)
        let words = ["Dawn", "harbour", "Dawn mist", "forest", "dusk"]
        let entries = words.enumerated().map { Fixture.entry($0.offset, "\($0.element) \($0.offset)") }
        state.send(.historyLoaded(entries, warnings: []))
        state.press(.backTab)
        return state
    }

    private func descriptions(_ state: AppState) -> [String] {
        (0..<state.history.count).compactMap { state.history.entry(atRow: $0)?.description }
    }

    func testNewestFirstAndTheSelectionIsShown() {
        var state = loaded()
        XCTAssertEqual(descriptions(state), ["dusk 4", "forest 3", "Dawn mist 2", "harbour 1", "Dawn 0"])
        XCTAssertEqual(state.focus, .history)
        XCTAssertEqual(state.shown?.description, "dusk 4")
        state.press(.down, .character("j"))
        XCTAssertEqual(state.history.selected, 2)
        XCTAssertEqual(state.shown?.description, "Dawn mist 2")
        state.press(.character("k"))
        XCTAssertEqual(state.shown?.description, "forest 3")
        state.press(.end)
        XCTAssertEqual(state.shown?.description, "Dawn 0")
        state.press(.down)
        XCTAssertEqual(state.history.selected, 4, "the selection stops at the oldest")
        state.press(.home)
        XCTAssertEqual(state.history.selected, 0)
        state.press(.up)
        XCTAssertEqual(state.history.selected, 0)
    }

    func testPagingScrollsTheVisibleWindow() {
        var state = Fixture.state()
        state.send(.historyLoaded((0..<100).map { Fixture.entry($0, "entry \($0)") }, warnings: []))
        state.press(.backTab)
        let rows = state.layout.historyList.height
        XCTAssertEqual(rows, 10)
        state.press(.pageDown)
        XCTAssertEqual(state.history.selected, 9)
        XCTAssertEqual(state.history.top, 0)
        state.press(.pageDown)
        XCTAssertEqual(state.history.selected, 18)
        XCTAssertEqual(state.history.top, 9)
        state.press(.pageUp, .pageUp, .pageUp)
        XCTAssertEqual(state.history.selected, 0)
        XCTAssertEqual(state.history.top, 0)
        state.press(.end)
        XCTAssertEqual(state.history.selected, 99)
        XCTAssertEqual(state.history.top, 90)
        XCTAssertEqual(state.shown?.description, "entry 0")
    }

    func testEnterPutsTheDescriptionBackInTheField() {
        var state = loaded()
        state.press(.down)
        XCTAssertEqual(state.press(.enter), [])
        XCTAssertEqual(state.field.text, "forest 3")
        XCTAssertEqual(state.focus, .description)
        XCTAssertEqual(
            state.press(.enter),
            [
                .generatePalette(requestID: 1, GenerationRequest(description: "forest 3", variation: 0)),
                .tick(after: .milliseconds(100)),
            ])
    }

    func testFilterNarrowsAsYouTypeAndWidensOnBackspace() {
        var state = loaded()
        XCTAssertEqual(state.press(.character("/")), [])
        XCTAssertTrue(state.isEditingFilter)
        state.type("da")
        XCTAssertEqual(descriptions(state), ["Dawn mist 2", "Dawn 0"])
        XCTAssertEqual(state.shown?.description, "Dawn mist 2")
        state.type("wn m")
        XCTAssertEqual(descriptions(state), ["Dawn mist 2"])
        state.press(.backspace, .backspace)
        XCTAssertEqual(state.history.query, "dawn")
        XCTAssertEqual(descriptions(state), ["Dawn mist 2", "Dawn 0"])
        state.press(.enter)
        XCTAssertFalse(state.isEditingFilter)
        XCTAssertEqual(state.history.query, "dawn", "Enter keeps the filter")
        state.press(.down)
        XCTAssertEqual(state.shown?.description, "Dawn 0")
        state.press(.character("/"), .escape)
        XCTAssertEqual(state.history.query, "")
        XCTAssertEqual(state.history.count, 5)
    }

    func testFilterLettersAreTextNotCommands() {
        var state = loaded()
        state.press(.character("/"))
        XCTAssertEqual(state.press(.character("d"), .character("q"), .character("f")), [])
        XCTAssertEqual(state.filterField.text, "dqf")
        XCTAssertEqual(state.history.count, 0)
    }

    func testFavouriteAndFavouritesOnly() {
        var state = loaded()
        state.press(.down)
        XCTAssertEqual(state.press(.character("f")), [.setFavorite(id: "h3", true)])
        XCTAssertEqual(state.status, StatusMessage("Marked “forest 3” as a favourite.", kind: .info))
        XCTAssertEqual(state.press(.character("F")), [])
        XCTAssertEqual(descriptions(state), ["forest 3"])
        XCTAssertEqual(state.press(.character("f")), [.setFavorite(id: "h3", false)])
        XCTAssertEqual(descriptions(state), [], "an unmarked entry leaves the favourites view")
        state.press(.character("F"))
        XCTAssertEqual(state.history.count, 5)
    }

    func testDeleteAndUndo() {
        var state = loaded()
        state.press(.down)
        var expected = state
        XCTAssertEqual(state.press(.character("d"), .character("d")), [.deleteHistory(id: "h3")])
        XCTAssertEqual(descriptions(state), ["dusk 4", "Dawn mist 2", "harbour 1", "Dawn 0"])
        XCTAssertEqual(state.shown?.description, "Dawn mist 2", "the next entry moves under the cursor")
        state.press(.down, .character("d"), .character("d"))
        XCTAssertEqual(descriptions(state), ["dusk 4", "Dawn mist 2", "Dawn 0"])
        XCTAssertEqual(state.press(.character("u")), [.restoreHistory(id: "h1")])
        XCTAssertEqual(state.press(.character("u")), [.restoreHistory(id: "h3")])
        XCTAssertEqual(descriptions(state), ["dusk 4", "forest 3", "Dawn mist 2", "harbour 1", "Dawn 0"])
        XCTAssertEqual(state.history.selected, 1)
        XCTAssertEqual(state.press(.character("u")), [])
        XCTAssertEqual(state.status, StatusMessage("Nothing to undo.", kind: .info))
        expected.status = state.status
        // Both deletes can be redone (`U`), latest undone last.
        expected.workbench.redo = [.delete(id: "h1"), .delete(id: "h3")]
        XCTAssertEqual(state, expected)
    }

    func testDeleteInsideAFilterThenUndo() {
        var state = loaded()
        state.press(.character("/"))
        state.type("dawn")
        state.press(.enter)
        XCTAssertEqual(state.press(.character("d"), .character("d")), [.deleteHistory(id: "h2")])
        XCTAssertEqual(descriptions(state), ["Dawn 0"])
        state.press(.character("/"))
        state.press(.backspace)
        XCTAssertEqual(descriptions(state), ["Dawn 0"], "a deleted entry stays out when the filter widens")
        state.press(.escape)
        XCTAssertEqual(state.history.count, 4)
        state.press(.character("u"))
        XCTAssertEqual(state.history.count, 5)
        XCTAssertEqual(state.history.selectedEntry?.id, "h2")
    }

    func testNewPaletteGoesOnTopAndIsSelected() {
        var state = loaded()
        state.press(.down, .down, .tab)
        state.type("new")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        XCTAssertEqual(descriptions(state).first, "new")
        XCTAssertEqual(state.history.selected, 0)
    }

    func testHistoryArrivingLateKeepsThisSessionsPalettes() {
        var state = Fixture.state()
        state.type("early")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        state.send(.historyLoaded([Fixture.entry(1, "old one"), Fixture.entry(2, "old two")], warnings: []))
        XCTAssertEqual(descriptions(state), ["early", "old two", "old one"])
        // The store may already hold the session's entry when it loads: no duplicate.
        let session = state.history.entries[2]
        state.send(.historyLoaded([Fixture.entry(1, "old one"), session], warnings: []))
        XCTAssertEqual(descriptions(state), ["early", "old one"])
        XCTAssertEqual(state.history.entries.count, 2)
    }

    /// The runtime sends the newest screenful first, then the whole file.
    func testTwoStageLoadKeepsSelectionAndDeletes() {
        var state = Fixture.state()
        let all = (0..<50).map { Fixture.entry($0, "entry \($0)") }
        state.send(.historyLoaded(Array(all.suffix(20)), warnings: []))
        state.press(.backTab, .down, .down)
        XCTAssertEqual(state.press(.character("d"), .character("d")), [.deleteHistory(id: "h47")])
        XCTAssertEqual(state.history.selectedEntry?.id, "h46")
        state.send(.historyLoaded(all, warnings: []))
        XCTAssertEqual(state.history.count, 49)
        XCTAssertEqual(state.history.selectedEntry?.id, "h46", "the selection stays put")
        XCTAssertEqual(state.press(.character("u")), [.restoreHistory(id: "h47")])
        XCTAssertEqual(state.history.count, 50)
        XCTAssertEqual(state.history.selectedEntry?.id, "h47")
    }

    func testEmptyHistoryKeysDoNothing() {
        var state = Fixture.state()
        state.press(.backTab)
        var before = state
        XCTAssertEqual(state.press(.down, .pageDown, .end, .enter), [])
        XCTAssertEqual(state, before)
        // f and d change nothing, and say why (issue 11 point 9).
        XCTAssertEqual(state.press(.character("f"), .character("d")), [])
        XCTAssertEqual(state.status, StatusMessage("The history is empty: generate a palette first.", kind: .info))
        before.status = state.status
        XCTAssertEqual(state, before)
    }

    /// The list filters as the history search folds: case and Traditional/Simplified Chinese.
    func testFilterFoldsCase() {
        var list = HistoryList()
        list.load([Fixture.entry(1, "École du Soir"), Fixture.entry(2, "寧靜的湖")])
        list.setQuery("ÉCOLE")
        XCTAssertEqual(list.visibleIndices, [0])
        list.setQuery("靜的")
        XCTAssertEqual(list.visibleIndices, [1])
    }

    func testFilterFoldsTraditionalAndSimplified() {
        var state = Fixture.state()
        state.send(
            .historyLoaded(
                [Fixture.entry(1, "晨霧"), Fixture.entry(2, "晨雾 mist"), Fixture.entry(3, "晴")],
                warnings: []))
        state.press(.backTab, .character("/"))
        state.type("霧")
        XCTAssertEqual(descriptions(state), ["晨雾 mist", "晨霧"])
        state.press(.backspace)
        state.type("雾")
        XCTAssertEqual(descriptions(state), ["晨雾 mist", "晨霧"])
    }

    // MARK: - Hex codes and the index built off the UI thread

    /// `/` matches hex codes as `history --search` does: any case, with or without `#`, within
    /// one code, never across the description and a code or across two codes.
    func testFilterMatchesHexCodes() {
        var state = Fixture.state()
        state.send(
            .historyLoaded(
                [
                    Fixture.entry(1, "sea", palette: Fixture.forest),
                    Fixture.entry(2, "ember", palette: Fixture.palette),
                    Fixture.entry(3, "ab cd"),
                ], warnings: []))
        state.press(.backTab, .character("/"))
        for (query, expected) in [
            ("#F18F", ["ab cd", "ember"]), ("2e86ab", ["ab cd", "ember"]),
            ("8fbc8f", ["sea"]), ("#2f4f4f", ["sea"]), ("ab", ["ab cd", "ember"]),
            ("sea#", []), ("ab#", []), ("f01#", []), ("#2e86ab#a23b72", []),
            ("seA", ["sea"]),
        ] {
            state.press(.control("u"))
            state.type(query)
            XCTAssertEqual(descriptions(state), expected, query)
        }
    }

    func testLoadingAsksForTheIndexAndInstallsIt() {
        var state = Fixture.state()
        let entries = (0..<5).map { Fixture.entry($0, "entry \($0)") }
        let effects = state.reduce(.historyLoaded(entries, warnings: []))
        guard case .buildSearchIndex(let source)? = effects.first, effects.count == 1 else {
            return XCTFail("expected one buildSearchIndex effect, got \(effects)")
        }
        XCTAssertNil(state.history.searchIndex, "the reducer does not build it itself")
        // A palette generated while the index was being built is searchable too.
        state.type("brand new")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated(Fixture.forest))))
        XCTAssertEqual(state.reduce(.searchIndexBuilt(source.build())), [])
        XCTAssertEqual(state.history.searchIndex?.count, 6)
        state.press(.backTab, .character("/"))
        state.type("new")
        XCTAssertEqual(descriptions(state), ["brand new"])
        state.press(.control("u"))
        state.type("8fbc")
        XCTAssertEqual(descriptions(state), ["brand new"])
        state.press(.control("u"))
        state.type("entry 3")
        XCTAssertEqual(descriptions(state), ["entry 3"])
    }

    func testAnIndexFromAnEarlierLoadIsDropped() {
        var state = Fixture.state()
        let first = state.reduce(.historyLoaded([Fixture.entry(1, "old")], warnings: []))
        _ = state.reduce(.historyLoaded([Fixture.entry(1, "old"), Fixture.entry(2, "newer")], warnings: []))
        guard case .buildSearchIndex(let stale)? = first.first else { return XCTFail("\(first)") }
        state.send(.searchIndexBuilt(stale.build()))
        XCTAssertNil(state.history.searchIndex)
        state.press(.backTab, .character("/"))
        state.type("newer")
        XCTAssertEqual(descriptions(state), ["newer"], "the index `/` built covers the whole load")
        XCTAssertEqual(state.history.searchIndex?.count, 2)
    }

    func testEmptyHistoryAsksForNoIndex() {
        var state = Fixture.state()
        XCTAssertEqual(state.reduce(.historyLoaded([], warnings: [])), [])
    }

    // MARK: - Scale

    /// 100,000 entries: filtering gives exactly what a plain scan of descriptions and hex codes
    /// gives, narrowing included.
    func testFilteringAHundredThousandEntriesMatchesAPlainScan() {
        let words = ["forest", "Sea", "寧靜", "dawn", "城市", "Ember", "moss", "Fog"]
        var entries: [HistoryEntry] = []
        entries.reserveCapacity(100_000)
        for i in 0..<100_000 {
            let d = "\(words[i % 8]) \(words[(i / 8) % 8]) \(i)"
            let palette = Palette(
                primary: RGB(packed: UInt32(i) &* 2_654_435_761 >> 8), secondary: Fixture.palette.secondary,
                accent: RGB(packed: UInt32(i)))
            entries.append(Fixture.entry(i, d, palette: palette, favorite: i % 7 == 0))
        }
        var list = HistoryList()
        list.load(entries)
        func scan(_ q: String, favourites: Bool = false) -> [Int] {
            let needle = q.lowercased()
            return (0..<entries.count).reversed().filter { i in
                let e = entries[i]
                let text =
                    e.description.lowercased().contains(needle)
                    || e.palette.colors.contains { $0.hex.lowercased().contains(needle) }
                return text && (!favourites || e.favorite)
            }
        }
        for query in [
            "s", "se", "sea", "sea f", "sea fo", "sea f", "寧", "寧靜 城", "99", "", "#00", "#0001",
            "#00012", "a23b72", "#A2", "ab",
        ] {
            list.setQuery(query)
            XCTAssertEqual(
                list.visibleIndices, query.isEmpty ? Array((0..<100_000).reversed()) : scan(query),
                "query \(query)")
        }
        list.setFavoritesOnly(true)
        list.setQuery("moss")
        XCTAssertEqual(list.visibleIndices, scan("moss", favourites: true))
        XCTAssertEqual(list.count, scan("moss", favourites: true).count)
    }
}
