import PaletteCore
import PaletteHistory
import PaletteText
import XCTest

@testable import PaletteApp

/// A status message too long for its row wraps onto rows above it (taken from the history
/// list), and on the smallest screens keeps its start and its remedy; the key hints stay.
final class StatusWrapTests: XCTestCase {
    static let languages: [Language] = [.english, .traditionalChinese, .simplifiedChinese]
    static let sizes = [(80, 24), (60, 20), (Layout.minimumWidth, Layout.minimumHeight)]
    static let path = "/home/someone/.local/state/palette-tui/history.jsonl"

    private func state(
        width: Int, height: Int, language: Language, entries: Int = 30, description: String = "entry"
    ) -> AppState {
        var state = Fixture.state(width: width, height: height, language: language)
        state.send(.historyLoaded((0..<entries).map { Fixture.entry($0, "\(description) \($0)") }, warnings: []))
        return state
    }

    /// The first key hint where the keyboard is: it must stay on the bottom row.
    private func firstHint(_ state: AppState) -> String {
        KeyMap.footer(for: state.activeContexts, language: state.language).first.map { $0.key + " " + $0.text } ?? "?"
    }

    /// The text of the status rows (from the top of the message to the bottom row), its cells
    /// joined without the spaces a wrap adds or removes.
    private func statusText(_ state: AppState) -> (text: String, rows: [String]) {
        let lines = state.render().textLines
        let layout = state.layout
        let rows = Array(lines[layout.statusTop...layout.statusRow])
        return (rows.joined().filter { $0 != " " }, rows)
    }

    private func squeezed(_ s: String) -> String { s.filter { $0 != " " } }

    /// The remedy: the message's last clause (after its last ";" or "；"), without the full stop.
    private func remedy(_ message: String) -> String {
        let clause = message.split(whereSeparator: { $0 == ";" || $0 == "；" }).last.map(String.init) ?? message
        return squeezed(clause).trimmingCharacters(in: CharacterSet(charactersIn: ".。"))
    }

    func testAForeignHistoryFileIsReadWholeAt80x24And60x20AndItsRemedyAtTheSmallestSize() {
        let failure = HistoryFailure(path: Self.path, .foreign(.noRecords(lines: 64)))
        for language in Self.languages {
            let message = Messages.historyNotRead(failure)(language)
            for (w, h) in Self.sizes {
                var s = state(width: w, height: h, language: language)
                s.send(.historyLoadFailed(failure))
                let (text, rows) = statusText(s)
                let whole = text.contains(squeezed(message))
                if w >= 60 {
                    XCTAssertTrue(whole, "\(language) \(w)x\(h): the whole message, in \(rows)")
                }
                XCTAssertTrue(text.contains(remedy(message)), "\(language) \(w)x\(h): the remedy, in \(rows)")
                XCTAssertTrue(text.contains("History") || text.contains("歷史") || text.contains("历史"), "\(rows)")
                XCTAssertGreaterThanOrEqual(s.layout.historyList.height, 1, "\(w)x\(h): the list keeps a row")
                XCTAssertTrue(rows.last?.contains(firstHint(s)) ?? false, "\(w)x\(h): \(firstHint(s)) stays: \(rows)")
                if !whole { XCTAssertTrue(text.contains("…"), "a cut message says so: \(rows)") }
            }
        }
    }

    func testEveryLongMessageWrapsWithinTheRowAndKeepsItsWords() {
        let failures = [
            HistoryFailure(path: Self.path, .foreign(.notJSONObject)),
            HistoryFailure(path: Self.path, .danglingLink(link: Self.path, target: "/mnt/gone/" + Self.path)),
            HistoryFailure(path: Self.path, .system(.read, path: Self.path, code: 13)),
            HistoryFailure(path: Self.path, .notAFolder(blocker: "/home/someone/.local/state")),
        ]
        for language in Self.languages {
            for failure in failures {
                var s = state(width: 80, height: 24, language: language)
                s.send(.historyLoadFailed(failure))
                let message = Messages.historyNotRead(failure)(language)
                let (text, rows) = statusText(s)
                XCTAssertTrue(text.contains(squeezed(message)), "\(language): \(message) in \(rows)")
                for row in s.render().textLines { XCTAssertLessThanOrEqual(DisplayWidth.of(row), 80) }
            }
        }
    }

    func testAWrappedMessageTakesRowsFromTheListAndTheSelectionStaysInView() {
        var s = state(width: 80, height: 24, language: .english)
        s.press(.tab, .tab, .tab)  // to the history list
        let before = s.layout.historyList.height
        for _ in 0..<(before - 1) { s.press(.down) }
        s.send(.historyLoadFailed(HistoryFailure(path: Self.path, .foreign(.noRecords(lines: 64)))))
        let layout = s.layout
        XCTAssertGreaterThan(layout.statusRow, layout.statusTop, "the message wraps")
        XCTAssertEqual(layout.historyList.height, before - (layout.statusRow - layout.statusTop))
        let rows = s.history.top..<(s.history.top + layout.historyList.height)
        XCTAssertEqual(s.history.selected, before - 1)
        XCTAssertTrue(rows.contains(s.history.selected), "selection \(s.history.selected) in \(rows)")
    }

    func testTheQuitAndDeleteQuestionsAreWholeInEachLanguageAndTheKeysStay() {
        for language in Self.languages {
            for (w, h) in Self.sizes {
                var s = state(width: w, height: h, language: language, description: "梅雨季節的午後，窗外的綠意與濕潤的石板路")
                s.press(.tab, .tab, .tab)
                XCTAssertEqual(s.focus, .history)
                let hint = firstHint(s)
                s.press(.character("d"))
                let delete = s.status?.text ?? ""
                var (text, rows) = statusText(s)
                XCTAssertTrue(text.contains(squeezed(delete)), "\(language) \(w)x\(h): \(delete) in \(rows)")
                XCTAssertTrue(rows.last?.contains(hint) ?? false, "\(language) \(w)x\(h): \(hint) stays: \(rows)")
                s.press(.escape)
                s.press(.character("q"))
                let quit = s.status?.text ?? ""
                XCTAssertFalse(quit.isEmpty)
                (text, rows) = statusText(s)
                XCTAssertTrue(text.contains(squeezed(quit)), "\(language) \(w)x\(h): \(quit) in \(rows)")
                XCTAssertTrue(rows.last?.contains(hint) ?? false, "\(language) \(w)x\(h): \(hint) stays: \(rows)")
            }
        }
    }

    func testWrapBreaksAWordWiderThanTheRowAndCutsTheMiddleToTheRowsGiven() {
        let lines = StatusWrap.wrap("see " + String(repeating: "x", count: 50) + " done", width: 20)
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 20 }, "\(lines)")
        XCTAssertEqual(lines.joined().filter { $0 == "x" }.count, 50)
        let cjk = StatusWrap.wrap(String(repeating: "歷史紀錄", count: 10) + "。", width: 9)
        XCTAssertTrue(cjk.allSatisfy { DisplayWidth.of($0) <= 9 }, "\(cjk)")
        XCTAssertFalse(cjk.contains { $0.hasPrefix("。") }, "no line starts with closing punctuation: \(cjk)")
        let long = "Start here " + String(repeating: "middle words ", count: 40) + "; use --history FILE"
        let fit = StatusWrap.fit(long, width: 40, keysBeside: false, rows: 3)
        XCTAssertLessThanOrEqual(fit.count, 3)
        XCTAssertTrue(fit.first?.hasPrefix("Start here") ?? false, "\(fit)")
        XCTAssertTrue(fit.joined(separator: " ").hasSuffix("use --history FILE"), "\(fit)")
        XCTAssertTrue(fit.joined().contains("…"), "\(fit)")
    }
}
