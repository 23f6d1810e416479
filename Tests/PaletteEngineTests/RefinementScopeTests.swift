import PaletteCore
import TestSupport
import XCTest

@testable import PaletteEngine

/// What a refinement may change: only the roles it names, only the way it says (warmth by Ou et
/// al.'s measure), nothing when it names only locked roles or is not understood.
final class RefinementScopeTests: XCTestCase {
    let engine = OfflineEngine()

    private func refine(_ instruction: String, _ base: Palette, locked: [Role: RGB] = [:]) -> GeneratedPalette {
        EngineWorkbench(
            engine: engine,
            request: GenerationRequest(
                description: "", locked: locked, refinement: Refinement(instruction: instruction, base: base))
        ).generate()
    }

    /// Ou, Luo, Woodcock & Wright (2004), colour warmth in CIELAB, written out independently of
    /// the engine: -0.5 + 0.02 C*^1.07 cos(h - 50°).
    static func warmth(_ colour: RGB) -> Double {
        let lab = CIELab(colour)
        let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
        return -0.5 + 0.02 * pow(chroma, 1.07) * cos(atan2(lab.b, lab.a) - 50 * Double.pi / 180)
    }

    private func randomPalette(_ rng: inout SplitMix64) -> Palette {
        Palette(
            primary: RGB(packed: UInt32(rng.next() % 0x1000000)),
            secondary: RGB(packed: UInt32(rng.next() % 0x1000000)),
            accent: RGB(packed: UInt32(rng.next() % 0x1000000)))
    }

    func testANamedRefinementChangesOnlyTheRoleItNames() {
        var rng = SplitMix64(seed: 0x5C0_9E)
        let named: [(String, Role)] = [
            ("cooler accent", .accent), ("darker accent", .accent), ("lighter primary", .primary),
            ("more vibrant secondary", .secondary), ("warmer secondary", .secondary), ("主色暗一點", .primary),
            ("强调色更鲜艳", .accent),
        ]
        var others = 0
        for n in 0..<300 {
            let base = randomPalette(&rng)
            let (instruction, role) = named[n % named.count]
            let out = refine(instruction, base).palette
            for other in Role.allCases where other != role && out[other] != base[other] {
                others += 1
                XCTFail(
                    "\(instruction) changed \(other) \(base[other].hex) -> \(out[other].hex) in \(base.colors.map(\.hex))"
                )
            }
        }
        XCTAssertEqual(others, 0)
    }

    func testWarmerAndCoolerMoveOusWarmthOppositeWaysAndKeepABlueBlue() {
        var rng = SplitMix64(seed: 0x3A4A)
        var same = 0
        for _ in 0..<300 {
            let base = randomPalette(&rng)
            let warm = refine("warmer", base).palette
            let cool = refine("cooler", base).palette
            if warm == cool { same += 1 }
            for role in Role.allCases {
                XCTAssertGreaterThan(Self.warmth(warm[role]), Self.warmth(base[role]), "warmer \(base[role].hex)")
                XCTAssertLessThan(Self.warmth(cool[role]), Self.warmth(base[role]), "cooler \(base[role].hex)")
            }
        }
        XCTAssertEqual(same, 0, "warmer and cooler gave the same palette")
        // A pure blue made warmer stays a blue: its OKLCH hue (264°) turns by at most 30°, not
        // toward violet (about 300°).
        let blue = Palette(
            primary: RGB(packed: 0x0000FF), secondary: RGB(packed: 0xE0E0E0), accent: RGB(packed: 0x1E90FF))
        for instruction in ["warmer", "much warmer", "warmer primary"] {
            let out = refine(instruction, blue).palette
            let hue = OKLCH(out.primary).h
            XCTAssertLessThanOrEqual(abs(hue - OKLCH(blue.primary).h), 30, "\(instruction): \(out.primary.hex)")
            XCTAssertGreaterThan(Self.warmth(out.primary), Self.warmth(blue.primary))
        }
    }

    func testAnUnreadableRefinementLeavesEvenAPaletteThatBreaksTheRulesExactly() {
        // Primary and secondary 1 unit apart: the ΔE00 rules are broken, yet nothing may move.
        let base = Palette(
            primary: RGB(packed: 0x336699), secondary: RGB(packed: 0x336698), accent: RGB(packed: 0x33669A))
        let out = refine("qwzx 12", base)
        XCTAssertEqual(out.palette.colors.map(\.hex), ["#336699", "#336698", "#33669A"])
        XCTAssertEqual(out.notes, [.refinementNotUnderstood])
    }

    func testARefinementOfOnlyLockedRolesChangesNothingAndSaysWhichAreLocked() {
        let base = Palette(
            primary: RGB(packed: 0x2F5D50), secondary: RGB(packed: 0xC9D6CF), accent: RGB(packed: 0xE8B04B))
        let out = refine("cooler accent", base, locked: [.accent: base.accent])
        XCTAssertEqual(out.palette.colors.map(\.hex), ["#2F5D50", "#C9D6CF", "#E8B04B"])
        XCTAssertEqual(out.notes, [.refinementLocked([.accent])])
        // An unnamed instruction moves the free roles and leaves the locked one.
        let all = refine("cooler", base, locked: [.accent: base.accent])
        XCTAssertEqual(all.palette.accent.hex, "#E8B04B")
        XCTAssertNotEqual(all.palette.primary, base.primary)
    }
}
