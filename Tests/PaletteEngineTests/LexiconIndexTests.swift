import XCTest

@testable import PaletteEngine

/// The generated lexicon index (LexiconIndexData.swift) against the lexicon built from its terms.
final class LexiconIndexTests: XCTestCase {
    private static let built = Lexicon(
        entries: LexiconData.entries, rules: LexiconData.languageRules,
        folding: Folding(bareLetters: LexiconData.bareLetters))

    /// The committed index is what the committed terms build (else `swift run lexicon-index`).
    func testCommittedIndexIsCurrent() {
        XCTAssertTrue(
            Lexicon.embedded.isPrebuilt,
            "LexiconIndexData.swift is not of the committed LexiconData.swift: run `swift run lexicon-index`")
        let expected = Lexicon.embeddedIndexText().split(separator: "\n", omittingEmptySubsequences: false)
        let committed = LexiconIndexData.text.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            zip(expected, committed).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, committed.count)
        XCTAssertEqual(
            expected.count, committed.count, "lines; run `swift run lexicon-index` (first difference at line \(first))")
        if first < min(expected.count, committed.count) {
            XCTFail("line \(first + 1): built '\(expected[first])', committed '\(committed[first])'")
        }
    }

    /// The embedded lexicon, read from the index, answers every key as the built one does.
    func testPrebuiltLexiconEqualsBuilt() {
        let read = Lexicon.embedded
        let built = Self.built
        XCTAssertTrue(read.isPrebuilt)
        XCTAssertFalse(built.isPrebuilt)
        func same(_ a: PackedKeyIndex, _ b: PackedKeyIndex, _ name: String) {
            XCTAssertEqual(a.count, b.count, name)
            XCTAssertGreaterThan(b.count, 0, name)
            for (key, senses) in zip(b.keys, b.values) {
                XCTAssertEqual(a[key], senses, "\(name) \(key)")
            }
            XCTAssertEqual(Set(a.keys), Set(b.keys), name)
        }
        same(read.exact, built.exact, "exact")
        same(read.bare, built.bare, "bare")
        XCTAssertEqual(Set(read.stems.keys), Set(built.stems.keys))
        for (l, index) in built.stems { same(read.stems[l] ?? PackedKeyIndex(), index, "stems \(l)") }
        same(read.phraseStarts, built.phraseStarts, "phrase starts")
        same(read.phrasePrefixes, built.phrasePrefixes, "phrase prefixes")
        XCTAssertEqual(read.rules.values, built.rules.values)
        XCTAssertEqual(read.rules.values.count, 14)
        XCTAssertEqual(read.foldedRuleText, built.foldedRuleText)
        XCTAssertEqual(read.grammar.functionWords, built.grammar.functionWords)
        XCTAssertEqual(read.grammar.runFunction, built.grammar.runFunction)
        XCTAssertEqual(read.stemmingLanguages, built.stemmingLanguages)
        XCTAssertEqual(read.maxPhraseWords, built.maxPhraseWords)
        XCTAssertEqual(read.maxRunLength, built.maxRunLength)
        XCTAssertEqual(read.negationEntry, built.negationEntry)
        XCTAssertNotNil(read.negationEntry)
        XCTAssertEqual(read.entries.count, built.entries.count)
        for (a, b) in zip(read.entries, built.entries) {
            XCTAssertEqual(a.id, b.id)
            XCTAssertEqual(a.kind, b.kind, a.id)
            XCTAssertEqual(a.colours, b.colours, a.id)
            XCTAssertEqual(a.emotion, b.emotion, a.id)
            XCTAssertEqual(a.modifier, b.modifier, a.id)
            XCTAssertEqual(a.strength, b.strength, a.id)
            XCTAssertEqual(a.negation, b.negation, a.id)
        }
        for absent in ["", "zzqxv", "blue blue blue", "藍藍藍", "abacat", "abacatee"] {
            XCTAssertNil(read.exact[absent], absent)
            XCTAssertEqual(read.exact[absent] == nil, built.exact[absent] == nil, absent)
        }
    }

    /// An index of other terms, or a damaged one, is not read: the lexicon is built from its terms.
    func testStaleOrDamagedIndexIsNotUsed() {
        let entries = LexiconData.entries
        let rules = LexiconData.languageRules
        let letters = LexiconData.bareLetters
        let index = LexiconIndexData.text
        XCTAssertTrue(Lexicon(entries: entries, rules: rules, bareLetters: letters, index: index).isPrebuilt)
        // Terms changed after the index was written: built, and the new term is read.
        let changed = entries + "\ncolour\tscarlatinous\tD62839:1\t\ten=scarlatinous"
        let stale = Lexicon(entries: changed, rules: rules, bareLetters: letters, index: index)
        XCTAssertFalse(stale.isPrebuilt)
        XCTAssertEqual(stale.exact["scarlatinous"].map { $0.map { stale.entries[Int($0.entry)].id } }, ["scarlatinous"])
        XCTAssertNil(Lexicon.embedded.exact["scarlatinous"])

        let fingerprint = LexiconIndexText.fingerprint(entries: entries, rules: rules, bareLetters: letters)
        XCTAssertNotNil(LexiconIndexText.read(index, fingerprint: fingerprint))
        XCTAssertNil(LexiconIndexText.read(index, fingerprint: fingerprint ^ 1))
        // The first key of the exact index, as "\nkey\tsenses\n".
        let lines = index.split(separator: "\n")
        let line = "\n" + lines[lines.firstIndex { $0.hasPrefix("@exact ") }! + 1] + "\n"
        let damaged = [
            String(index.dropLast(200)),  // cut short: a section has fewer keys than it says
            index.replacingOccurrences(of: "\n@bare ", with: "\n@bear "),
            index.replacingOccurrences(of: line, with: line.dropLast(2) + "z\n"),  // no such language
            index.replacingOccurrences(of: line, with: line.dropLast(2) + "\n"),  // an entry without its language
            index.replacingOccurrences(of: "palette-lexicon-index 2 ", with: "palette-lexicon-index 1 "),
            index.replacingOccurrences(of: "\n@rules ", with: "\n@rulez "),
            "",
        ]
        for (k, text) in damaged.enumerated() {
            XCTAssertNil(LexiconIndexText.read(text, fingerprint: fingerprint), "damaged text \(k)")
        }
        XCTAssertFalse(Lexicon(entries: entries, rules: rules, bareLetters: letters, index: damaged[0]).isPrebuilt)
    }

    /// The packed index finds each of many keys (colliding slots included) and nothing else.
    func testPackedIndexFindsEveryKeyAndNoOther() {
        var pairs: [(key: String, senses: [Sense])] = []
        for i in 0..<3000 {
            let key = i % 3 == 0 ? "k\(i)" : i % 3 == 1 ? "紅\(i) x" : "ç\(i)"
            let senses = (0..<(i % 4)).map {
                Sense(
                    entry: Int32(i * 7 + $0), language: LanguageCode.allCases[(i + $0) % 15], bound: (i + $0) % 2 == 0)
            }
            pairs.append((key, senses))
        }
        let index = PackedKeyIndex(pairs)
        XCTAssertEqual(index.count, 3000)
        for (key, senses) in pairs {
            XCTAssertEqual(index[key], senses, key)
            XCTAssertTrue(index.contains(key))
        }
        XCTAssertEqual(Array(index.keys), pairs.map(\.key))
        for absent in ["k1", "k3000", "紅1", "ç2 ", "", "K0"] {
            XCTAssertNil(index[absent], absent)
            XCTAssertFalse(index.contains(absent), absent)
        }
        XCTAssertNil(PackedKeyIndex()["a"])
    }
}
