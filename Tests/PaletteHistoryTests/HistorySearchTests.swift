import Foundation
import PaletteCore
import XCTest

@testable import PaletteHistory

/// The one history search: folding, matching, the index and the filter the CLI lists with.
final class HistorySearchTests: XCTestCase {
    private func entry(_ n: Int, _ description: String, favorite: Bool = false) -> HistoryEntry {
        HistoryEntry(
            id: "id-\(n)", created: Date(timeIntervalSince1970: 1_764_400_000 + Double(n)),
            description: description,
            palette: Palette(
                primary: RGB(packed: UInt32(0x102030 + n)), secondary: RGB(packed: 0xABCDEF),
                accent: RGB(packed: 0xFF0080)),
            provider: "offline", model: nil, favorite: favorite)
    }

    func testSearchFoldsCaseAndMatchesHexCodes() {
        let e = entry(1, "Misty HARBOUR at Dawn 霧")
        XCTAssertTrue(HistoryQuery("harbour").matches(e))
        XCTAssertTrue(HistoryQuery("mISTY h").matches(e))
        XCTAssertTrue(HistoryQuery("霧").matches(e))
        XCTAssertTrue(HistoryQuery("雾").matches(e), "Simplified finds Traditional")
        XCTAssertTrue(HistoryQuery("港口").matches(entry(2, "雾气弥漫的港口")))
        XCTAssertTrue(HistoryQuery("霧氣瀰漫").matches(entry(2, "雾气弥漫的港口")), "Traditional finds Simplified")
        XCTAssertFalse(HistoryQuery("森林").matches(entry(2, "雾气弥漫的港口")))
        XCTAssertTrue(HistoryQuery("#abcdef").matches(e))
        XCTAssertTrue(HistoryQuery("FF0080").matches(e))
        XCTAssertTrue(HistoryQuery("").matches(e))
        XCTAssertFalse(HistoryQuery("forest").matches(e))
        XCTAssertFalse(HistoryQuery("#123456").matches(e))
    }

    /// The fast fold gives exactly the bytes of `lowercased()` followed by the one
    /// Traditional -> Simplified table, whatever the script.
    func testFoldingIsLowercasingThenTheChineseTable() {
        for text in [
            "Forest", "寧靜的森林早晨", "ÉCOLE Café", "ΣΊΣΥΦΟΣ", "Москва", "İstanbul", "mixed 寧靜 ÄÖÜ 🌵 ß",
            "", "ＡＢＣ fullwidth", "한국어 DAWN", "霧 FOG 雾", "\u{2005E}\u{20325} ext B",
        ] {
            let expected = String(
                String.UnicodeScalarView(
                    text.lowercased().unicodeScalars.map { ChineseFolding.simplified($0) ?? $0 }))
            XCTAssertEqual(HistorySearch.fold(text), Array(expected.utf8), text)
        }
        XCTAssertEqual(HistorySearch.fold("寧靜的霧"), Array("宁静的雾".utf8))
        XCTAssertEqual(HistoryQuery("Sea 霧"), HistoryQuery("sEA 雾"), "queries that fold the same are the same")
    }

    /// Hex codes match in any case, with or without `#`, within one code, never across the
    /// description and a code or across two codes.
    func testHexCodesNeverMatchAcrossParts() {
        let e = HistoryEntry(
            id: "x", created: Date(timeIntervalSince1970: 0), description: "ab cd",
            palette: Palette(
                primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72),
                accent: RGB(packed: 0xF18F01)),
            provider: "offline", model: nil)
        for (query, expected) in [
            ("#F18F", true), ("2e86ab", true), ("ab", true), ("#2E86AB", true),
            ("cd#", false), ("ab#", false), ("f01#", false), ("#2e86ab#a23b72", false),
            ("2e86ab#", false), ("cd\u{FF}", false),
        ] {
            XCTAssertEqual(HistoryQuery(query).matches(e), expected, query)
            XCTAssertEqual(HistoryIndex([e]).entry(0, matches: HistoryQuery(query)), expected, query)
        }
    }

    /// The listing filter: newest first, favourites, the query, then the limit.
    func testFilterListsNewestFirstAndLimitsLast() {
        let entries = [entry(0, "harbour"), entry(1, "港口", favorite: true), entry(2, "forest"), entry(3, "Harbour 2")]
        func ids(_ filter: HistoryFilter, _ limit: Int? = nil) -> [String] {
            filter.newestFirst(entries, limit: limit).map(\.id)
        }
        XCTAssertEqual(ids(HistoryFilter()), ["id-3", "id-2", "id-1", "id-0"])
        XCTAssertEqual(ids(HistoryFilter(query: HistoryQuery("HARBOUR"))), ["id-3", "id-0"])
        XCTAssertEqual(ids(HistoryFilter(query: HistoryQuery("HARBOUR")), 1), ["id-3"])
        XCTAssertEqual(ids(HistoryFilter(favoritesOnly: true)), ["id-1"])
        XCTAssertEqual(ids(HistoryFilter(query: HistoryQuery("港"), favoritesOnly: true)), ["id-1"])
        XCTAssertEqual(ids(HistoryFilter(), 0), [])
        XCTAssertEqual(HistoryIndex(entries).search(HistoryQuery("harbour")), [3, 0])
        XCTAssertEqual(HistoryIndex(entries).search(HistoryQuery("")), [3, 2, 1, 0])
        XCTAssertTrue(HistoryQuery("harbou").refines(HistoryQuery("harb")))
        XCTAssertFalse(HistoryQuery("harb").refines(HistoryQuery("harbou")))
    }
}
