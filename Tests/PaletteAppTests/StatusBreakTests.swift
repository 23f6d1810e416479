import PaletteCore
import PaletteText
import XCTest

@testable import PaletteApp

/// Where a wrapped status line breaks: outside a quotation when the fewest lines allow it (a
/// quoted description is read whole), between phrases when they allow it, and between two
/// characters only when nothing else fits. At 40x12 in Chinese the description set aside read
/// "取回「寧靜的森 / 林早晨」。".
final class StatusBreakTests: XCTestCase {
    static let languages: [Language] = [.english, .traditionalChinese, .simplifiedChinese]
    static let widths = Array(Layout.minimumWidth...130)

    /// Descriptions as the status line quotes them (`AppState.quote`: at most 24 columns).
    static let descriptions = [
        "寧靜的森林早晨", "a calm forest morning", "梅雨季節的午後，窗外的綠意與濕潤的石板路", "静かな森の朝、霧の中",
        "海边的 girl 和晚霞", "kızılı bir gün batımı", "il mare fa male", "薄暮時分的港口與燈塔",
        "a quiet forest morning with mist",
    ].map(AppState.quote)

    /// Messages that quote a description, and some that quote nothing.
    static let messages: [Localized] =
        descriptions.flatMap { [UIText.newDescription($0), UIText.confirmDelete($0)] } + [
            UIText.newPalette(
                provider: "offline", notes: [.partlyUnderstood(used: ["森林", "晨霧"], unknown: ["xyzzy", "石板路"])]),
            UIText.newPalette(provider: "gemini", notes: [.negated(words: ["紅色", "red"])]),
            Messages.fallback(ProviderFailure(provider: "gemini", .rateLimited(retryAfter: 7))),
            UIText.confirmQuit,
        ]

    /// The quotation marks of these messages, each with its closer.
    static let pairs: [Character: Character] = ["「": "」", "“": "”", "『": "』"]
    static let phraseEnds: Set<Character> = ["，", "、", "。", "；", "：", "！", "？", ",", ";", ":", "!", "?"]

    /// The text without its spaces, and for each place between two of its characters (`k`: before
    /// character `k`) whether a space was there.
    private func squeezed(_ text: String) -> (characters: [Character], spaceBefore: [Bool]) {
        var characters: [Character] = []
        var spaceBefore: [Bool] = []
        var space = false
        for ch in text {
            if ch == " " {
                space = true
                continue
            }
            characters.append(ch)
            spaceBefore.append(space)
            space = false
        }
        spaceBefore.append(false)
        return (characters, spaceBefore)
    }

    /// The places (in the squeezed text) inside a quotation: after its opener, up to its closer.
    private func insideQuotes(_ characters: [Character]) -> Set<Int> {
        var inside: Set<Int> = []
        var k = 0
        while k < characters.count {
            if let closer = Self.pairs[characters[k]],
                let end = characters[(k + 1)...].firstIndex(of: closer)
            {
                inside.formUnion((k + 1)...end)
                k = end + 1
            } else {
                k += 1
            }
        }
        return inside
    }

    /// A place between phrases: a space, after a phrase's closing punctuation or a closing
    /// quotation mark, before an opening one.
    private func isPhraseBreak(_ k: Int, _ s: (characters: [Character], spaceBefore: [Bool])) -> Bool {
        guard k > 0, k < s.characters.count else { return false }
        let (before, after) = (s.characters[k - 1], s.characters[k])
        return s.spaceBefore[k] || Self.phraseEnds.contains(before) || Self.pairs.values.contains(before)
            || Self.pairs[after] != nil
    }

    /// Where the lines break, as places in the squeezed text.
    private func breaks(_ lines: [String]) -> [Int] {
        var at: [Int] = []
        var count = 0
        for line in lines.dropLast() {
            count += line.filter { $0 != " " }.count
            at.append(count)
        }
        return at
    }

    /// The fewest lines the text takes when it may break only where `allowed` says, filling each
    /// row in turn (the fewest: each full row takes as much as any layout's could), or nil when
    /// a piece is wider than its row. The pieces are the wrap's own atoms (which keep kinsoku)
    /// joined where a break is not allowed.
    private func fewestLines(_ text: String, width: Int, allowed: (Int) -> Bool) -> Int? {
        let room = StatusWrap.available(width: width)
        let last = StatusWrap.lastLineLimit(width: width, keysBeside: true)
        var pieces: [(width: Int, spaced: Bool)] = []
        var position = 0
        for atom in StatusWrap.atoms(text, widest: Int.max) {
            if pieces.isEmpty || !allowed(position) {
                if pieces.isEmpty {
                    pieces.append((atom.width, false))
                } else {
                    pieces[pieces.count - 1].width += atom.width + (atom.spaced ? 1 : 0)
                }
            } else {
                pieces.append((atom.width, atom.spaced))
            }
            position += atom.text.filter { $0 != " " }.count
        }
        let span = { (range: ArraySlice<(width: Int, spaced: Bool)>) in
            range.enumerated().reduce(0) { $0 + $1.element.width + ($1.offset > 0 && $1.element.spaced ? 1 : 0) }
        }
        var rows = 1
        var start = 0
        while span(pieces[start...]) > last {
            var end = start
            while end < pieces.count, span(pieces[start...end]) <= room { end += 1 }
            if end == start { return nil }
            // The row took all that was left: the last piece goes down to the last line.
            if end == pieces.count { return end - 1 > start && pieces[end - 1].width <= last ? rows + 1 : nil }
            start = end
            rows += 1
        }
        return rows
    }

    /// A quotation is read whole on its row whenever a layout in as few lines allows it.
    func testAQuotationIsKeptWholeWhenAsFewLinesAllowIt() {
        var kept = 0
        for language in Self.languages {
            for message in Self.messages {
                let text = message(language)
                let s = squeezed(text)
                let inside = insideQuotes(s.characters)
                guard !inside.isEmpty else { continue }
                for width in Self.widths {
                    let lines = StatusWrap.layOut(text, width: width, keysBeside: true)
                    guard lines.count > 1,
                        fewestLines(text, width: width, allowed: { !inside.contains($0) }) == lines.count
                    else { continue }
                    kept += 1
                    let inQuote = breaks(lines).filter { inside.contains($0) }
                    XCTAssertTrue(inQuote.isEmpty, "\(language) \(width): a quotation broken: \(lines)")
                }
            }
        }
        XCTAssertGreaterThan(kept, 1000)
    }

    /// Between phrases outside quotations whenever a layout in as few lines allows it; inside a
    /// quotation that must break, between its phrases when they allow it.
    func testLinesBreakBetweenPhrasesWhenAsFewLinesAllowIt() {
        var checked = 0
        var quoted = 0
        for language in Self.languages {
            for message in Self.messages {
                let text = message(language)
                let s = squeezed(text)
                let inside = insideQuotes(s.characters)
                for width in Self.widths {
                    let lines = StatusWrap.layOut(text, width: width, keysBeside: true)
                    guard lines.count > 1 else { continue }
                    let at = "\(language) \(width): \(lines)"
                    let outside = { (k: Int) in self.isPhraseBreak(k, s) && !inside.contains(k) }
                    if fewestLines(text, width: width, allowed: outside) == lines.count {
                        checked += 1
                        for k in breaks(lines) {
                            XCTAssertTrue(outside(k), "not between phrases at \(k): \(at)")
                        }
                    } else if fewestLines(text, width: width, allowed: { !inside.contains($0) }) != lines.count,
                        fewestLines(
                            text, width: width,
                            allowed: { outside($0) || inside.contains($0) && self.isPhraseBreak($0, s) })
                            == lines.count
                    {
                        // The quotation cannot stay whole: it breaks between its phrases.
                        quoted += 1
                        for k in breaks(lines) where inside.contains(k) {
                            XCTAssertTrue(isPhraseBreak(k, s), "a quotation broken inside a phrase at \(k): \(at)")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
        XCTAssertGreaterThan(quoted, 20)
    }

    /// The lines of the whole screen's status rows at `width`x`height` after a description is
    /// typed over the one a palette was made from.
    private func setAside(_ description: String, width: Int, height: Int, language: Language) -> [String] {
        var state = Fixture.state(width: width, height: height, language: language)
        state.type(description)
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        state.type("m")
        let lines = state.render().textLines
        return Array(lines[state.layout.statusTop...state.layout.statusRow])
    }

    /// At 40x12, the smallest size, the description set aside cannot stay whole on the last
    /// row beside the keys in Traditional Chinese (「」 are wide): it breaks after "的" ("寧靜的 /
    /// 森林早晨"), not inside "森林"; with “” it is whole on the last row. At 50 columns an
    /// English description is whole, in each language.
    func testTheDescriptionSetAsideBreaksAfterItsPhraseAt40x12AndIsWholeAt50() {
        let rows = setAside("寧靜的森林早晨", width: 40, height: 12, language: .traditionalChinese)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(rows.count, 2, "\(rows)")
        XCTAssertTrue(rows.first?.hasSuffix("「寧靜的") ?? false, "\(rows)")
        XCTAssertTrue(rows.last?.hasPrefix("森林早晨」。") ?? false, "\(rows)")
        // “” are narrow: the quotation fits on the last row beside the keys.
        for (language, quote) in [(Language.english, "“寧靜的森林早晨”."), (.simplifiedChinese, "“寧靜的森林早晨”。")] {
            let rows = setAside("寧靜的森林早晨", width: 40, height: 12, language: language)
            XCTAssertTrue(rows.last?.trimmingCharacters(in: .whitespaces).hasPrefix(quote) ?? false, "\(rows)")
        }
        for (language, quote) in [
            (Language.english, "“a calm forest morning”."), (.traditionalChinese, "「a calm forest morning」。"),
            (.simplifiedChinese, "“a calm forest morning”。"),
        ] {
            let rows = setAside("a calm forest morning", width: 50, height: 14, language: language)
            XCTAssertTrue(rows.contains { $0.contains(quote) }, "\(language): \(rows)")
        }
    }

    /// The quotation marks that count pair up: an opener whose closer was cut off by the middle
    /// cut quotes nothing, and an apostrophe closes nothing.
    func testOnlyMarksThatPairUpMakeAQuotation() {
        let open = Array("取回「寧靜的森林 … 按其他鍵")
        XCTAssertFalse(StatusWrap.quotedPositions(open).contains(true))
        let paired = Array("don’t keep “a calm” here")
        let inside = StatusWrap.quotedPositions(paired)
        XCTAssertEqual(inside.indices.filter { inside[$0] }, Array(12...18), "\(inside)")
        let nested = Array("„a «b» c“ d")
        XCTAssertEqual(StatusWrap.quotedPositions(nested).filter { $0 }.count, 8)
    }
}
