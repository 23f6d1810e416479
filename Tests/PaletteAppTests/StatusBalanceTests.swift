import PaletteCore
import PaletteHistory
import PaletteText
import XCTest

@testable import PaletteApp

/// The status line at every width from the smallest up, in the three languages: a message that
/// fits beside a key hint stays on its one row with the hint; a longer one wraps into as few
/// lines as it can, the lines balanced (no line of a word or two under full ones), never a line
/// that starts with closing punctuation or ends with opening punctuation, every word kept.
final class StatusBalanceTests: XCTestCase {
    static let languages: [Language] = [.english, .traditionalChinese, .simplifiedChinese]
    static let path = "/home/someone/.local/state/palette-tui/history.jsonl"

    /// Messages of the catalogue, long and short, Chinese, English and mixed.
    static let messages: [Localized] = [
        Messages.historyNotRead(HistoryFailure(path: path, .foreign(.noRecords(lines: 64)))),
        Messages.historyNotRead(HistoryFailure(path: path, .notAFolder(blocker: "/home/someone/.local/state"))),
        UIText.historyWarning(Messages.historyWarning(.skippedLine(number: 3, .zeroBytes)), more: 2),
        UIText.confirmDelete(AppState.quote("梅雨季節的午後，窗外的綠意與濕潤的石板路")),
        UIText.confirmDelete(AppState.quote("a quiet forest morning with mist")),
        UIText.newPalette(
            provider: "offline", notes: [.partlyUnderstood(used: ["森林", "晨霧"], unknown: ["xyzzy", "石板路"])]),
        UIText.newPalette(provider: "gemini", notes: [.negated(words: ["紅色", "red"])]),
        Messages.fallback(ProviderFailure(provider: "gemini", .rateLimited(retryAfter: 7))),
        WorkbenchText.locksPutBack([.primary, .accent]),
        UIText.confirmQuit,
        UIText.newPalette(provider: "gemini"),
        UIText.newPalette(provider: "offline"),
        UIText.cancelled,
    ]

    static let widths = Array(Layout.minimumWidth...130)

    /// `layOut`'s lines against the row: (room, the last line's limit).
    private func limits(_ width: Int) -> (room: Int, last: Int) {
        (StatusWrap.available(width: width), StatusWrap.lastLineLimit(width: width, keysBeside: true))
    }

    private func squeezed(_ s: String) -> String { s.filter { $0 != " " } }

    func testEveryLineIsWithinItsRowKeepsEveryWordAndBreaksOnlyWhereCJKAllows() {
        for language in Self.languages {
            for message in Self.messages {
                let text = message(language)
                for width in Self.widths {
                    let lines = StatusWrap.layOut(text, width: width, keysBeside: true)
                    let (room, last) = limits(width)
                    let at = "\(language) \(width): \(lines)"
                    XCTAssertEqual(squeezed(lines.joined()), squeezed(text), at)
                    for (n, line) in lines.enumerated() {
                        XCTAssertLessThanOrEqual(DisplayWidth.of(line), n == lines.count - 1 ? last : room, at)
                        XCTAssertFalse(line.hasPrefix(" ") || line.hasSuffix(" "), at)
                        if n > 0, let first = line.first {
                            XCTAssertFalse(
                                StatusWrap.noBreakBefore.contains(first), "a line starts with \(first): \(at)")
                        }
                        if n < lines.count - 1, let end = line.last {
                            XCTAssertFalse(StatusWrap.noBreakAfter.contains(end), "a line ends with \(end): \(at)")
                        }
                    }
                }
            }
        }
    }

    /// Never more rows than filling each row in turn with the same unbreakable pieces (which
    /// is the fewest: each full row takes as much as any layout's rows could), so balancing
    /// costs the history list nothing.
    func testBalancingTakesNoMoreRowsThanFillingEachRow() {
        for language in Self.languages {
            for message in Self.messages {
                let text = message(language)
                for width in Self.widths {
                    let (room, last) = limits(width)
                    let atoms = StatusWrap.atoms(text, widest: min(room, last))
                    // Rows filled in turn until what is left fits the last line.
                    var rows = 1
                    var start = 0
                    while true {
                        let rest = atoms[start...].enumerated().reduce(0) {
                            $0 + $1.element.width + ($1.offset > 0 && $1.element.spaced ? 1 : 0)
                        }
                        if rest <= last { break }
                        var used = 0
                        var end = start
                        while end < atoms.count {
                            let w = atoms[end].width + (end > start && atoms[end].spaced ? 1 : 0)
                            if used + w > room, end > start { break }
                            used += w
                            end += 1
                        }
                        start = end
                        rows += 1
                    }
                    let lines = StatusWrap.layOut(text, width: width, keysBeside: true)
                    XCTAssertEqual(lines.count, rows, "\(language) \(width): \(lines)")
                }
            }
        }
    }

    /// Balanced: moving the word at either side of a break to the other line never makes the
    /// two lines more even (their empty columns, each against its own limit, closer) at a break
    /// of the same kind or a better one (`StatusWrap.Boundary`: a quotation kept whole, a
    /// phrase, comes before evenness). The old wrap, which wrapped the last line again, left
    /// "色。" or "gemini." alone under full lines.
    func testTheLinesAreBalancedNoWordCouldMoveToEvenThemOut() {
        var checked = 0
        for language in Self.languages {
            for message in Self.messages {
                let text = message(language)
                for width in Self.widths {
                    let (room, last) = limits(width)
                    let lines = StatusWrap.layOut(text, width: width, keysBeside: true)
                    guard lines.count > 1 else { continue }
                    let counts = lines.map { StatusWrap.atoms($0, widest: Int.max).count }
                    let whole = StatusWrap.atoms(text, widest: Int.max)
                    // A word cut inside (a path wider than the row) is not a free break.
                    guard counts.reduce(0, +) == whole.count else { continue }
                    // The lines' atoms taken from the whole text's, which know the quotations.
                    var atoms: [[StatusWrap.Atom]] = []
                    for count in counts {
                        let start = atoms.reduce(0) { $0 + $1.count }
                        atoms.append(Array(whole[start..<(start + count)]))
                    }
                    let limit = { (n: Int) in n == lines.count - 1 ? last : room }
                    let wide = { (line: ArraySlice<StatusWrap.Atom>) in
                        line.enumerated().reduce(0) {
                            $0 + $1.element.width + ($1.offset > 0 && $1.element.spaced ? 1 : 0)
                        }
                    }
                    for k in 0..<(lines.count - 1) {
                        let at = "\(language) \(width): \(lines)"
                        let (upper, lower) = (atoms[k][...], atoms[k + 1][...])
                        let unevenness = { (u: ArraySlice<StatusWrap.Atom>, l: ArraySlice<StatusWrap.Atom>) -> Int? in
                            let (a, b) = (limit(k) - wide(u), limit(k + 1) - wide(l))
                            return a < 0 || b < 0 || u.isEmpty || l.isEmpty ? nil : a * a + b * b
                        }
                        guard let now = unevenness(upper, lower) else {
                            XCTFail("over its row: \(at)")
                            continue
                        }
                        // The first word of line k+1 moved up, the last of line k moved down,
                        // weighed with the kind of break each leaves.
                        let kind = lower.first!.boundary
                        if let up = unevenness(upper + [lower.first!], lower.dropFirst()),
                            let moved = lower.dropFirst().first?.boundary, moved <= kind
                        {
                            XCTAssertGreaterThanOrEqual(up, now, "\(lower.first!.text) should move up: \(at)")
                        }
                        if let down = unevenness(upper.dropLast(), [upper.last!] + lower), upper.last!.boundary <= kind
                        {
                            XCTAssertGreaterThanOrEqual(down, now, "\(upper.last!.text) should move down: \(at)")
                        }
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    /// A message that fits on the status row beside the help key stays on that one row, with a
    /// hint beside it; at 40x12 "New palette from gemini." is one row, in each language.
    func testAMessageThatFitsBesideAHintStaysOnOneRowWithTheHint() {
        var oneRow = 0
        for language in Self.languages {
            for message in Self.messages {
                for width in stride(from: Layout.minimumWidth, through: 130, by: 3) {
                    var state = Fixture.state(width: width, height: 24, language: language)
                    state.type("a quiet forest morning")
                    state.press(.enter)
                    state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
                    state.status = StatusMessage(message(language), kind: .success)
                    let text = message(language)
                    let fits =
                        DisplayWidth.of(text) + 3 + StatusWrap.helpHintWidth <= StatusWrap.available(width: width)
                    guard fits else { continue }
                    oneRow += 1
                    let layout = state.layout
                    let bottom = state.render().textLines[layout.statusRow]
                    let at = "\(language) \(width): \(text) -> \(bottom)"
                    XCTAssertEqual(layout.statusTop, layout.statusRow, at)
                    XCTAssertTrue(bottom.contains(text), at)
                    let hints = KeyMap.footer(for: state.activeContexts, language: language)
                    XCTAssertTrue(hints.contains { bottom.contains($0.key + " " + $0.text) }, "a hint beside it: \(at)")
                }
            }
        }
        XCTAssertGreaterThan(oneRow, 50)
        for language in Self.languages {
            var state = Fixture.state(width: 40, height: 12, language: language)
            state.type("a quiet forest morning")
            state.press(.enter)
            state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
            let text = UIText.newPalette(provider: "gemini")(language)
            XCTAssertEqual(state.status?.text, text)
            XCTAssertEqual(state.layout.statusTop, state.layout.statusRow, "\(language): one row")
            let bottom = state.render().textLines[state.layout.statusRow]
            let hints = KeyMap.footer(for: state.activeContexts, language: language)
            XCTAssertTrue(bottom.contains(text), "\(language): \(bottom)")
            XCTAssertTrue(hints.contains { bottom.contains($0.key + " " + $0.text) }, "\(language): \(bottom)")
        }
    }

    /// Whatever the message, its kind and the width, the bottom row keeps a key hint: an error
    /// or a warning (read whole) that fills the row wraps like any other message. It pushed
    /// every hint off ("Nothing is listening at 127.0.0.1:9: check --endpoint." at 60 columns).
    func testTheBottomRowAlwaysKeepsAHintWhateverTheMessageAndItsKind() {
        let failure = Messages.failure(
            ProviderFailure(provider: "gemini", .connectionRefused(host: "127.0.0.1:9")))
        var checked = 0
        for language in Self.languages {
            for message in Self.messages + [failure] {
                for kind in [StatusMessage.Kind.error, .warning, .success, .info] {
                    for width in Self.widths {
                        var state = Fixture.state(width: width, height: 24, language: language)
                        state.status = StatusMessage(message(language), kind: kind)
                        let bottom = state.render().textLines[state.layout.statusRow]
                        let hints = KeyMap.footer(for: state.activeContexts, language: language)
                        XCTAssertTrue(
                            hints.contains { bottom.contains($0.key + " " + $0.text) },
                            "\(language) \(kind) \(width): \(bottom)")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 4000)
    }
}
