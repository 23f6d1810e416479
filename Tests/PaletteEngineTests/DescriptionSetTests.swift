import PaletteCore
import XCTest

@testable import PaletteEngine

/// The description set: each palette must show the hue family and lightness a designer expects.
final class DescriptionSetTests: XCTestCase {
    func testDescriptionSetPassRate() throws {
        let cases = try DescriptionCase.load()
        XCTAssertGreaterThanOrEqual(cases.count, 150)
        let engine = OfflineEngine()
        var passed = 0
        var failures: [String] = []
        for c in cases {
            let p = engine.palette(for: c.description).palette
            if c.accepts(p) {
                passed += 1
            } else {
                let want = c.families.sorted().joined(separator: "|") + " " + c.lightness.joined(separator: "|")
                failures.append(
                    "  \(c.description) -> want \(want)\(c.anyRole ? " (any role)" : ""), got "
                        + p.colors.map(ColourJudge.describe).joined(separator: " / "))
            }
        }
        let rate = Double(passed) / Double(cases.count)
        print("PaletteEngine description set: \(passed)/\(cases.count) pass (\(String(format: "%.1f", rate * 100))%)")
        if !failures.isEmpty { print("failing descriptions:\n" + failures.joined(separator: "\n")) }
        XCTAssertGreaterThanOrEqual(rate, 0.9, "description set pass rate below 90%")
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
