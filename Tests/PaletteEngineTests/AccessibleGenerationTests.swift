import PaletteCore
import XCTest

@testable import PaletteEngine

/// The offline engine meets an accessibility level by construction, on any background.
final class AccessibleGenerationTests: XCTestCase {
    func testEveryPaletteGeneratedToALevelMeetsIt() async throws {
        let engine = OfflineEngine()
        XCTAssertTrue(engine.supportedFields.contains(.constraints))
        var random = ConstraintTests.InputRandom(state: 0xA11)
        let inputs = ConstraintTests.inputs(count: 1_000)
        var counts: [AccessibilityLevel: (total: Int, met: Int, moved: Int)] = [.aa: (0, 0, 0), .aaa: (0, 0, 0)]
        var roleMoves = 0.0
        var rolesMoved = 0
        for (k, (text, variation)) in inputs.enumerated() {
            let backgrounds = [WCAG.white, WCAG.black, RGB(packed: UInt32(random.next() & 0xFF_FFFF))]
            for (b, background) in backgrounds.enumerated() {
                let level: AccessibilityLevel = (k + b) % 4 == 0 ? .aaa : .aa
                let requirement = AccessibilityRequirement(level: level, background: background)
                let request = GenerationRequest(
                    description: text, variation: variation,
                    constraints: GenerationConstraints(accessibility: requirement))
                let plain = engine.palette(for: text, variation: variation).palette
                let result = try await engine.generate(request)
                var c = counts[level]!
                c.total += 1
                if requirement.isMet(by: result.palette) { c.met += 1 }
                if result.palette != plain { c.moved += 1 }
                counts[level] = c
                for role in Role.allCases where result.palette[role] != plain[role] {
                    rolesMoved += 1
                    roleMoves += CIEDE2000.difference(plain[role], result.palette[role])
                    // Only lightness moved: the hue is kept wherever both are chromatic.
                    let a = OKLCH(plain[role])
                    let z = OKLCH(result.palette[role])
                    if a.c > 0.05, z.c > 0.05 {
                        XCTAssertLessThanOrEqual(LightnessPath.hueDifference(a.h, z.h), 2, "\(text) \(role)")
                    }
                }
                // The note names exactly the roles moved, from and to (issue 32: say which it moved).
                let noted = result.notes.compactMap { note -> [RoleChange]? in
                    if case .accessibilityRepaired(_, let changes) = note { return changes } else { return nil }
                }
                let moved = Role.allCases.filter { result.palette[$0] != plain[$0] }.map {
                    RoleChange(role: $0, from: plain[$0], to: result.palette[$0])
                }
                XCTAssertEqual(noted, moved.isEmpty ? [] : [moved], "\(text) \(level)")
            }
        }
        for level in AccessibilityLevel.allCases {
            let c = counts[level]!
            print(
                "ACCESS figure: offline engine --accessible \(level.rawValue) on light, dark and random backgrounds: "
                    + "\(c.met) of \(c.total) palettes meet the level (\(ColorReport.fixed(Double(c.met) * 100 / Double(c.total), 2)) %), "
                    + "\(c.moved) moved from the unconstrained palette")
            XCTAssertEqual(c.met, c.total, "\(level)")
        }
        print(
            "ACCESS figure: mean ΔE00 of a moved role \(ColorReport.fixed(roleMoves / Double(max(rolesMoved, 1)), 2)) over \(rolesMoved) moves"
        )
    }
}
