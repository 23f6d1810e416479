import Foundation
import PaletteCore
import TestSupport
import XCTest

@testable import PaletteEngine

/// Guards the hand-written lexicon: every term of every language reads as the concept it names.
///
/// The terms come from the source files (tools/lexicon/concepts.tsv and lang/<code>.tsv), not
/// from the generated data, so a term lost by folding, split by the tokeniser, shadowed by
/// another concept or another language, or claimed by a stem of another word fails here.
final class LexiconGuardTests: XCTestCase {
    let lexicon = Lexicon.embedded

    struct Term {
        let language: LanguageCode
        let concept: String
        let text: String
        let bound: Bool
        let place: String
    }

    /// Every (language, concept, term) of the source files.
    static func terms() throws -> [Term] {
        var out: [Term] = []
        let lex = Repository.url("tools/lexicon")
        func split(_ field: Substring) -> [String] {
            field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        func add(_ language: LanguageCode, _ concept: String, _ term: String, _ place: String) {
            let bound = term.hasSuffix("?")
            out.append(
                Term(
                    language: language, concept: concept, text: bound ? String(term.dropLast()) : term,
                    bound: bound, place: place))
        }
        let concepts = try String(contentsOf: lex.appendingPathComponent("concepts.tsv"), encoding: .utf8)
        for (n, line) in concepts.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.hasPrefix("#") && !line.isEmpty {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cols.count >= 3 else { continue }
            let english = split(cols[1])
            let style = cols.count > 4 ? cols[4] : (cols[0] == "modifier" && cols.count > 3 ? cols[3] : "")
            let id =
                style.split(separator: " ").first { $0.hasPrefix("id=") }.map { String($0.dropFirst(3)) } ?? english
                .first ?? ""
            for t in english { add(.en, id, t, "concepts.tsv:\(n + 1)") }
            for t in split(cols[2]) { add(.zh, id, t, "concepts.tsv:\(n + 1)") }
        }
        let dir = lex.appendingPathComponent("lang")
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where file.hasSuffix(".tsv")
        {
            guard let language = LanguageCode(code: Substring(file.dropLast(4))) else { continue }
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.hasPrefix("#") && !line.hasPrefix("@") && !line.isEmpty {
                let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard cols.count == 2 else { continue }
                for t in split(cols[1]) { add(language, String(cols[0]), t, "lang/\(file):\(n + 1)") }
            }
        }
        return out
    }

    /// The concept ids a term reads as, alone, with `language` given or detected.
    func concepts(_ text: String, language: LanguageCode?) -> [String] {
        let result = Matcher(lexicon: lexicon).read(NormalisedText(text, folding: lexicon.folding), language: language)
        return result.matches.map { $0.entry < 0 ? "#hex" : lexicon.entries[Int($0.entry)].id }
    }

    /// The lexicon's fast path for plain terms keys every term as the tokeniser does.
    func testPlainKeysEqualTokenisedKeys() {
        var plain = 0
        var checked = 0
        let elisions = lexicon.grammar.elisions
        for line in LexiconData.entries.split(separator: "\n") {
            for col in Lexicon.fields(line, "\t").dropFirst(4) {
                guard let eq = col.firstIndex(of: "=") else { continue }
                for term in Lexicon.fields(col[col.index(after: eq)...], "|") where !term.isEmpty {
                    let text = String(term.hasSuffix("?") ? term.dropLast() : term)
                    checked += 1
                    guard let fast = Lexicon.plainKey(of: text) else { continue }
                    plain += 1
                    let slow = Lexicon.tokenisedKey(of: text, folding: lexicon.folding, elisions: elisions)
                    XCTAssertEqual(fast.text, slow?.text, "\(text)")
                    XCTAssertEqual(fast.words, slow?.words, "\(text)")
                    XCTAssertEqual(fast.isRun, slow?.isRun, "\(text)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 15_000)
        XCTAssertGreaterThan(plain, checked / 2, "most terms take the fast path")
        print("plain keys: \(plain) of \(checked) terms")
    }

    func testEveryTermReadsAsItsConcept() throws {
        let terms = try LexiconGuardTests.terms()
        XCTAssertGreaterThan(terms.count, 4000)
        let elisions = lexicon.rules.values.reduce(into: Set<String>()) { $0.formUnion($1.elision) }
        func key(_ t: Term) -> String? { Lexicon.key(of: t.text, folding: lexicon.folding, elisions: elisions)?.text }
        // A word several languages use (rouge, violet, intense) may name other concepts there.
        var conceptsByKey: [String: Set<String>] = [:]
        for t in terms { if let k = key(t) { conceptsByKey[k, default: []].insert(t.concept) } }
        var wrong: [String] = []
        var perLanguage: [LanguageCode: Int] = [:]
        for t in terms {
            perLanguage[t.language, default: 0] += 1
            guard let k = key(t) else {
                wrong.append("\(t.place) \(t.language) '\(t.text)' has no key")
                continue
            }
            // Read as its own language...
            let own = concepts(t.text, language: t.language)
            if own != [t.concept] { wrong.append("\(t.place) \(t.language) '\(t.text)' -> \(own), want \(t.concept)") }
            // ... and alone, as the engine tells it: the concept, or one the same word names
            // in another language. A term bound to its language may read as nothing alone.
            let bound = t.bound || (lexicon.exact[k]?.first { $0.language == t.language }?.bound ?? false)
            // A bound term reads as itself only in its own language; alone it may read otherwise.
            if bound { continue }
            let alone = concepts(t.text, language: nil)
            // A colour name from the generated lists with the same spelling (翡翠色) is a reading too.
            if alone.count == 1, alone[0].contains(":") { continue }
            if alone.count != 1 || !(conceptsByKey[k] ?? []).contains(alone[0]) {
                wrong.append("\(t.place) \(t.language) '\(t.text)' alone -> \(alone), want \(t.concept)")
            }
        }
        print(
            "PaletteEngine lexicon guard: \(terms.count) terms, \(wrong.count) read as another concept; by language: "
                + perLanguage.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        XCTAssertEqual(
            wrong, [],
            "\(wrong.count) terms do not read as the concept they name:\n" + wrong.prefix(60).joined(separator: "\n"))
    }

    /// Every concept is reachable in every language the engine reads.
    func testEveryConceptHasWordsInEveryLanguage() throws {
        let terms = try LexiconGuardTests.terms()
        // Negation may come before or after what it negates: one of the three will do.
        let negations: Set<String> = ["not", "negation-after", "negation-either"]
        // A word for blue and green alike (푸른, xanh, 青) exists only in the languages that have one.
        let ids = Set(terms.filter { $0.language == .en || $0.language == .zh }.map(\.concept))
            .subtracting(["still", "blue-green"]).subtracting(negations)
        var missing: [String] = []
        for language in LanguageCode.allCases where language != .any {
            let have = Set(terms.filter { $0.language == language }.map(\.concept))
            var lacking = ids.subtracting(have).sorted()
            if have.isDisjoint(with: negations) { lacking.append("not") }
            if !lacking.isEmpty { missing.append("\(language): \(lacking.count) missing, e.g. \(lacking.prefix(8))") }
        }
        XCTAssertEqual(missing, [], missing.joined(separator: "\n"))
    }
}
