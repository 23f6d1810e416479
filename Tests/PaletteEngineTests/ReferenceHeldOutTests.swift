import PaletteCore
import TestSupport
import XCTest

@testable import PaletteEngine

/// References the lexicon was not tuned on (Fixtures/references-heldout.tsv, committed before the
/// reference lexicon was built): each must be read, and the palette must show one of its families.
final class ReferenceHeldOutTests: XCTestCase {
    struct Case {
        let description: String
        let reference: String
        let families: Set<String>
        let language: String
    }

    static func load() throws -> [Case] {
        let url = Repository.url("Tests/PaletteEngineTests/Fixtures/references-heldout.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        var out: [Case] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count == 4 else { throw FixtureError.badLine(String(line)) }
            out.append(
                Case(
                    description: cols[0], reference: cols[1],
                    families: Set(cols[2].split(separator: "|").map(String.init)), language: cols[3]))
        }
        return out
    }

    /// The reference was read: a word the engine used lies inside it (or holds it), and no word
    /// it did not know lies inside it.
    static func wasRead(_ reference: String, used: [String], unknown: [String]) -> Bool {
        let ref = reference.lowercased()
        let hit = used.contains { u in
            let w = u.lowercased()
            return !w.isEmpty && (ref.contains(w) || w.contains(ref))
        }
        let missed = unknown.contains { u in
            let w = u.lowercased()
            return !w.isEmpty && ref.contains(w)
        }
        return hit && !missed
    }

    func testHeldOutReferences() throws {
        let cases = try Self.load()
        XCTAssertGreaterThanOrEqual(cases.count, 100)
        let engine = OfflineEngine()
        var read = 0
        var hits = 0
        var misses: [String] = []
        var byLanguage: [String: (hits: Int, total: Int)] = [:]
        for c in cases {
            let (reading, composition) = engine.compose(c.description, variation: 0)
            let isRead = Self.wasRead(c.reference, used: reading.usedWords, unknown: reading.unknownWords)
            let shows = composition.palette.colors.contains { c.families.contains(ColourJudge.family($0)) }
            if isRead { read += 1 }
            byLanguage[c.language, default: (0, 0)].total += 1
            if isRead && shows {
                hits += 1
                byLanguage[c.language]!.hits += 1
            } else {
                misses.append(
                    "  [\(c.language)] \(c.description): \(isRead ? "read" : "NOT READ") "
                        + composition.palette.colors.map(ColourJudge.describe).joined(separator: " / ")
                        + " (used: \(reading.usedWords.joined(separator: ", ")); unknown: \(reading.unknownWords.joined(separator: ", ")))"
                )
            }
        }
        let rate = Double(hits) / Double(cases.count)
        print(
            "PaletteEngine held-out references: \(hits)/\(cases.count) hit (\(String(format: "%.1f", rate * 100))%), "
                + "\(read) read")
        for language in DescriptionSetTests.languages {
            if let r = byLanguage[language] { print("  \(language)  \(r.hits)/\(r.total)") }
        }
        if !misses.isEmpty { print("held-out misses:\n" + misses.joined(separator: "\n")) }
        XCTAssertGreaterThanOrEqual(rate, 0.6, "held-out reference hit rate below 60%")
    }
}
