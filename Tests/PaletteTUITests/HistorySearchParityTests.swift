import Foundation
import PaletteCore
import PaletteHistory
import TestSupport
import XCTest

@testable import PaletteApp

/// `palette-tui history --search` and the app's `/` filter find the same entries, in the same
/// order, for the same queries: a generated history in English and both Chinese scripts,
/// queries written in the other script, in other cases, hex codes, with and without
/// favourites only.
final class HistorySearchParityTests: XCTestCase {
    /// Phrases in Traditional and Simplified Chinese, character for character.
    static let traditional = [
        "霧氣瀰漫的港口", "雨後的森林", "溫暖的沙漠夕陽", "霓虹城市夜景", "平靜的海風", "秋天的落葉",
        "櫻花盛開的早晨", "古老的圖書館", "復古咖啡館", "深海的藍", "夜市的燈籠", "寧靜的湖",
    ]
    static let simplified = [
        "雾气弥漫的港口", "雨后的森林", "温暖的沙漠夕阳", "霓虹城市夜景", "平静的海风", "秋天的落叶",
        "樱花盛开的早晨", "古老的图书馆", "复古咖啡馆", "深海的蓝", "夜市的灯笼", "宁静的湖",
    ]
    static let english = [
        "Misty", "harbour", "DAWN", "quiet", "Forest", "after", "rain", "École", "café", "ΣΟΦΙΑ",
        "neon", "City", "🌅", "night", "moss",
    ]

    /// A deterministic generator (a 64-bit LCG).
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// `count` entries, oldest first: each an English phrase and a Chinese one in either script.
    static func history(_ count: Int, seed: UInt64 = 11) -> [HistoryEntry] {
        var random = Random(state: seed)
        return (0..<count).map { i in
            var words = (0..<(1 + random.next(4))).map { _ in english[random.next(english.count)] }
            let phrase = random.next(traditional.count)
            let chinese = random.next(2) == 0 ? traditional[phrase] : simplified[phrase]
            words.insert(chinese, at: random.next(words.count + 1))
            let colors = (0..<3).map { _ in RGB(packed: UInt32(random.next(0x1000000))) }
            return HistoryEntry(
                id: "e\(i)", created: Date(timeIntervalSince1970: 1_764_400_000 + Double(i) * 60),
                description: words.joined(separator: random.next(3) == 0 ? "" : " "),
                palette: Palette(primary: colors[0], secondary: colors[1], accent: colors[2]),
                provider: "offline", model: nil, favorite: random.next(5) == 0)
        }
    }

    /// Queries a user would type: pieces of phrases in the other script or the same, words in
    /// another case, hex codes with and without `#`, single characters, misses and nothing.
    static func queries(_ count: Int, entries: [HistoryEntry], seed: UInt64 = 5) -> [String] {
        var random = Random(state: seed)
        var out: [String] = ["", "霧", "雾", "港口", "森林", "#", "ΣΟΦΊΑ".lowercased(), "école", "CAFÉ", "🌅", "zzz", "森 林"]
        while out.count < count {
            switch random.next(6) {
            case 0, 1:
                let phrase = random.next(traditional.count)
                let text = Array(random.next(2) == 0 ? traditional[phrase] : simplified[phrase])
                let start = random.next(text.count)
                let end = start + 1 + random.next(text.count - start)
                out.append(String(text[start..<end]))
            case 2:
                let word = Array(english[random.next(english.count)])
                let start = random.next(word.count)
                let piece = String(word[start...])
                out.append(random.next(2) == 0 ? piece.uppercased() : piece.lowercased())
            case 3:
                let entry = entries[random.next(entries.count)]
                let hex = entry.palette.colors[random.next(3)].hex
                let piece = String(hex.dropFirst(random.next(4)).prefix(2 + random.next(5)))
                out.append(random.next(2) == 0 ? piece.lowercased() : piece)
            case 4:
                let phrase = Array(traditional[random.next(traditional.count)])
                out.append(String(phrase[random.next(phrase.count)]) + english[random.next(english.count)])
            default:
                let description = Array(entries[random.next(entries.count)].description)
                let start = random.next(description.count)
                out.append(String(description[start..<min(description.count, start + 1 + random.next(6))]))
            }
        }
        return out
    }

    /// What the app's list shows for `query`, newest first, with the index built as the runtime
    /// builds it (off the reducer) and installed: every palette it lists, the members of a
    /// group of variations included (a closed group shows one row for them).
    static func appIDs(_ list: HistoryList) -> [String] {
        list.visibleIndices.map { list.entries[$0].id }
    }

    /// A plain scan that lowercases but does not fold Chinese (`texts`: each entry's
    /// lowercased description and hex codes): the results folding must change.
    static func unfoldedIDs(_ entries: [HistoryEntry], texts: [[String]], _ query: String) -> [String] {
        let needle = query.lowercased()
        return entries.indices.reversed().filter { i in
            needle.isEmpty || texts[i].contains { $0.contains(needle) }
        }.map { entries[$0].id }
    }

    /// 300 queries, each with and without favourites only, typed one character at a time for
    /// some (so the app narrows its previous results), against the command's own filter.
    func testTheCommandsFilterAndTheAppsListAgree() {
        let entries = Self.history(2000)
        let queries = Self.queries(300, entries: entries)
        var list = HistoryList()
        list.load(entries)
        let texts = entries.map { e in [e.description.lowercased()] + e.palette.colors.map { $0.hex.lowercased() } }
        var folded = 0
        var found = 0
        for (k, query) in queries.enumerated() {
            for favorites in [false, true] {
                list.setFavoritesOnly(favorites)
                if k % 7 == 0 {
                    for end in query.indices.dropFirst() { list.setQuery(String(query[..<end])) }
                }
                list.setQuery(query)
                let command = HistoryFilter(query: HistoryQuery(query), favoritesOnly: favorites).newestFirst(entries)
                XCTAssertEqual(Self.appIDs(list), command.map(\.id), "\(query) favourites \(favorites)")
                if !favorites {
                    if !command.isEmpty, command.count < entries.count { found += 1 }
                    if Self.unfoldedIDs(entries, texts: texts, query) != command.map(\.id) { folded += 1 }
                }
            }
            list.setQuery("")
        }
        XCTAssertGreaterThan(folded, queries.count / 5, "enough queries depend on Traditional/Simplified folding")
        XCTAssertGreaterThan(found, queries.count / 2, "most queries find some entries but not all")
    }

    /// The same through the reducer, as the user drives it: load, the index built off the UI
    /// thread and installed, Tab to the list, `/`, type.
    func testTheAppThroughTheReducerAgrees() {
        let entries = Self.history(1500, seed: 3)
        var state = AppState(
            width: 80, height: 24, colorMode: .direct, language: .english, providerName: "offline",
            modelName: nil,
            clock: AppClock(
                now: { Date(timeIntervalSince1970: 0) }, uptime: { .zero },
                makeID: { "new" }))
        let effects = state.reduce(.historyLoaded(entries, warnings: []))
        guard case .buildSearchIndex(let source)? = effects.first else { return XCTFail("\(effects)") }
        _ = state.reduce(.searchIndexBuilt(source.build()))
        _ = state.reduce(.keyPressed(.backTab))
        _ = state.reduce(.keyPressed(.character("/")))
        for query in Self.queries(80, entries: entries, seed: 9) where !query.isEmpty {
            _ = state.reduce(.keyPressed(.control("u")))
            for character in query { _ = state.reduce(.keyPressed(.character(character))) }
            let command = HistoryFilter(query: HistoryQuery(query)).newestFirst(entries)
            XCTAssertEqual(Self.appIDs(state.history), command.map(\.id), query)
        }
    }

    /// The shipped binary: `history --search` on a real file, read back as JSON Lines, against
    /// the app's list loaded from the same file.
    func testTheBinaryAndTheAppAgreeOnARealFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("h.jsonl")
        let store = HistoryStore(url: URL(fileURLWithPath: path))
        for entry in Self.history(400, seed: 21) { try store.append(entry) }
        var list = HistoryList()
        list.load(try store.load().entries)
        for (k, query) in Self.queries(40, entries: try store.load().entries, seed: 17).enumerated() {
            let favorites = k % 4 == 3
            let result = try HistoryBinary.run(
                ["history", "--history", path, "--format", "jsonl", "--search", query]
                    + (favorites ? ["--favorites"] : []))
            XCTAssertEqual(result.status, 0, result.stderr)
            let listed = try result.stdout.split(separator: "\n").map {
                try JSONDecoder().decode(HistoryEntry.self, from: Data($0.utf8)).id
            }
            list.setFavoritesOnly(favorites)
            list.setQuery(query)
            XCTAssertEqual(Self.appIDs(list), listed, "\(query) favourites \(favorites)")
        }
    }
}
