import PaletteCore
import XCTest

@testable import PaletteEngine

/// The description set: each palette must show the hue family and lightness a designer expects.
final class DescriptionSetTests: XCTestCase {
    /// The languages the engine reads, each with its own share of the set.
    static let languages = [
        "en", "zh-Hant", "zh-Hans", "ja", "ko", "fr", "es", "pt", "de", "it", "ru", "ar", "hi", "vi", "tr",
    ]

    func testDescriptionSetPassRate() throws {
        let cases = try DescriptionCase.load()
        XCTAssertGreaterThanOrEqual(cases.count, 900)
        let engine = OfflineEngine()
        var passed = 0
        var failures: [String] = []
        var byLanguage: [String: (passed: Int, total: Int)] = [:]
        for c in cases {
            let p = engine.palette(for: c.description).palette
            let ok = c.accepts(p)
            byLanguage[c.language, default: (0, 0)].total += 1
            if ok {
                passed += 1
                byLanguage[c.language]!.passed += 1
            } else {
                let want = c.families.sorted().joined(separator: "|") + " " + c.lightness.joined(separator: "|")
                failures.append(
                    "  [\(c.language)] \(c.description) -> want \(want)\(c.anyRole ? " (any role)" : ""), got "
                        + p.colors.map(ColourJudge.describe).joined(separator: " / "))
            }
        }
        let rate = Double(passed) / Double(cases.count)
        print("PaletteEngine description set: \(passed)/\(cases.count) pass (\(String(format: "%.1f", rate * 100))%)")
        print("PaletteEngine description set by language:")
        print("  language  fit       rate")
        var low: [String] = []
        for language in DescriptionSetTests.languages + ["mixed"] {
            guard let r = byLanguage[language] else {
                low.append("\(language): no descriptions")
                continue
            }
            let languageRate = Double(r.passed) / Double(r.total)
            print(
                "  " + language.padding(toLength: 8, withPad: " ", startingAt: 0) + "  "
                    + "\(r.passed)/\(r.total)".padding(toLength: 8, withPad: " ", startingAt: 0)
                    + "  " + String(format: "%.1f%%", languageRate * 100))
            if language != "mixed", r.total < 60 { low.append("\(language): only \(r.total) descriptions") }
            if languageRate < 0.9 { low.append("\(language): \(String(format: "%.1f", languageRate * 100))% fit") }
        }
        if !failures.isEmpty { print("failing descriptions:\n" + failures.joined(separator: "\n")) }
        XCTAssertGreaterThanOrEqual(rate, 0.9, "description set pass rate below 90%")
        XCTAssertEqual(low, [], "every language has at least 60 descriptions and fits at least 90%")
    }

    /// Regenerated palettes must still fit their description, though less strictly than the first.
    func testVariationsStillFit() throws {
        let cases = try DescriptionCase.load()
        let engine = OfflineEngine()
        var passed = 0
        var total = 0
        for c in cases {
            for v in 1...2 {
                total += 1
                if c.accepts(engine.palette(for: c.description, variation: v).palette) { passed += 1 }
            }
        }
        let rate = Double(passed) / Double(total)
        print(
            "PaletteEngine description set, variations 1-2: \(passed)/\(total) pass (\(String(format: "%.1f", rate * 100))%)"
        )
        XCTAssertGreaterThanOrEqual(rate, 0.8)
    }

    func testEveryPaletteOfTheSetKeepsTheRules() throws {
        let engine = OfflineEngine()
        for c in try DescriptionCase.load() {
            var seen = Set<Palette>()
            for v in 0...3 {
                let g = engine.palette(for: c.description, variation: v)
                XCTAssertEqual(PaletteRules.violations(g.palette), [], "\(c.description) variation \(v)")
                XCTAssertEqual(
                    engine.palette(for: c.description, variation: v).palette, g.palette,
                    "not deterministic: \(c.description)")
                seen.insert(g.palette)
            }
            XCTAssertEqual(seen.count, 4, "variations 0-3 of \(c.description) are not all different")
        }
    }
}
