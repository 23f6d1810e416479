import Foundation
import PaletteCore
import TestSupport
import XCTest

@testable import PaletteExport

/// The theme guarantees of issue 15, checked on the final 8-bit colours of random palettes in
/// both variants. The checks are written from `docs/themes.md`, not from the derivation's code:
/// the sector bounds and the role rule are restated here.
final class ThemeGuaranteeTests: XCTestCase {
    /// The sectors as docs/themes.md states them (ANSI index -> OKLCH hue bounds).
    static let documentedSectors: [Int: ClosedRange<Double>] = [
        1: 5...45, 3: 70...112, 2: 125...165, 6: 180...225, 4: 240...285, 5: 300...350,
    ]

    /// One broken guarantee, worded for the failure message.
    struct Violation: CustomStringConvertible {
        var rule: String
        var detail: String
        var description: String { "\(rule): \(detail)" }
    }

    static func hue(_ c: RGB) -> Double { OKLCH(c).h }

    /// Every guarantee for one theme; empty when all hold.
    static func violations(_ theme: TerminalTheme) -> [Violation] {
        var out: [Violation] = []
        let bg = theme.background
        let p = theme.palette
        func add(_ rule: String, _ detail: String) { out.append(Violation(rule: rule, detail: detail)) }
        XCTAssertEqual(theme.ansi.count, 16)
        for k in [1, 2, 3, 4, 5, 6] {
            let bounds = documentedSectors[k]!
            for index in [k, k + 8] {
                let h = hue(theme.ansi[index])
                if !bounds.contains(h) || OKLCH(theme.ansi[index]).c < 0.03 {
                    add("sector", "ANSI \(index) \(theme.ansi[index].hex) hue \(h) outside \(bounds)")
                }
            }
        }
        for index in [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15] {
            let r = WCAG.contrast(theme.ansi[index], bg)
            if r < 4.5 { add("contrast 4.5", "ANSI \(index) \(theme.ansi[index].hex) on \(bg.hex): \(r)") }
        }
        let fg = WCAG.contrast(theme.foreground, bg)
        if fg < 7 { add("foreground 7", "\(theme.foreground.hex) on \(bg.hex): \(fg)") }
        let selected = WCAG.contrast(theme.selectionForeground, theme.selectionBackground)
        if selected < 4.5 {
            add("selection 4.5", "\(theme.selectionForeground.hex) on \(theme.selectionBackground.hex): \(selected)")
        }
        let cursor = WCAG.contrast(theme.cursor, bg)
        if cursor < 3 { add("cursor 3:1", "\(theme.cursor.hex) on \(bg.hex): \(cursor)") }
        let dim = WCAG.contrast(theme.ansi[8], bg)
        if dim < 3 { add("ANSI 8 3:1", "\(theme.ansi[8].hex) on \(bg.hex): \(dim)") }
        for k in 1...7 {
            let d = CIEDE2000.difference(theme.ansi[k], theme.ansi[k + 8])
            if d < 5 { add("bright ΔE 5", "ANSI \(k)/\(k + 8) \(theme.ansi[k].hex) \(theme.ansi[k + 8].hex): \(d)") }
        }
        for i in 1...5 {
            for j in (i + 1)...6 {
                let d = CIEDE2000.difference(theme.ansi[i], theme.ansi[j])
                if d < 15 { add("pair ΔE 15", "ANSI \(i)/\(j) \(theme.ansi[i].hex) \(theme.ansi[j].hex): \(d)") }
            }
        }
        // The palette shows: each chromatic role in the sector nearest its hue, in order of
        // priority; a second role in a taken sector takes its bright colour; a grey role tints.
        var taken: [Int: Int] = [:]
        for role in Role.allCases {
            let lch = OKLCH(p[role])
            guard lch.c >= 0.03 else { continue }
            let ranked = documentedSectors.keys.sorted { a, b in
                let da = sectorDistance(lch.h, documentedSectors[a]!)
                let db = sectorDistance(lch.h, documentedSectors[b]!)
                if da != db { return da < db }
                return a < b
            }
            let nearest = ranked[0]
            let count = taken[nearest, default: 0]
            let index: Int
            if count == 0 {
                index = nearest
            } else if count == 1 {
                index = nearest + 8
            } else {
                guard let next = ranked.dropFirst().first(where: { taken[$0, default: 0] == 0 }) else { continue }
                index = next
            }
            taken[index > 8 ? index - 8 : index, default: 0] += 1
            let bounds = documentedSectors[index > 8 ? index - 8 : index]!
            let expected = clamp(lch.h, bounds)
            let got = hue(theme.ansi[index])
            if HueSector.angle(got, expected) > 4 {
                add(
                    "role shows",
                    "\(role) \(p[role].hex) (hue \(lch.h)) expected near \(expected) in ANSI \(index), got \(theme.ansi[index].hex) hue \(got)"
                )
            }
        }
        // Grey roles: the neutrals carry the tint of the first chromatic role, or none.
        if let tint = Role.allCases.first(where: { OKLCH(p[$0]).c >= 0.03 }) {
            let bgLch = OKLCH(bg)
            if bgLch.c > 0.008, HueSector.angle(bgLch.h, OKLCH(p[tint]).h) > 15 {
                add("tint", "background \(bg.hex) hue \(bgLch.h) is not the \(tint)'s \(OKLCH(p[tint]).h)")
            }
        } else if OKLCH(bg).c > 0.006 {
            add("tint", "grey palette but background \(bg.hex) is tinted")
        }
        return out
    }

    static func sectorDistance(_ h: Double, _ b: ClosedRange<Double>) -> Double {
        let x = HueSector.normalized(h)
        if b.contains(x) { return 0 }
        return min(HueSector.angle(x, b.lowerBound), HueSector.angle(x, b.upperBound))
    }

    static func clamp(_ h: Double, _ b: ClosedRange<Double>) -> Double {
        let x = HueSector.normalized(h)
        let lo = b.lowerBound + 3
        let hi = b.upperBound - 3
        if x >= lo && x <= hi { return x }
        return HueSector.angle(x, lo) <= HueSector.angle(x, hi) ? lo : hi
    }

    /// A palette of three random sRGB colours from a seeded generator.
    static func randomPalette(_ rng: inout SplitMix64) -> Palette {
        func colour() -> RGB { RGB(packed: UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF) }
        return Palette(primary: colour(), secondary: colour(), accent: colour())
    }

    /// Over many random palettes (and some hard ones), every guarantee holds in both variants.
    /// Prints the figures `make test` shows.
    func testGuaranteesHoldForRandomPalettes() {
        var rng = SplitMix64(seed: 0x15_0E_C0_DE)
        // THEME_PALETTES raises the count for a longer run; the default is what make test prints.
        let count = ProcessInfo.processInfo.environment["THEME_PALETTES"].flatMap { Int($0) } ?? 1200
        var palettes = (0..<count).map { _ in Self.randomPalette(&rng) }
        palettes += Self.hardPalettes
        var failures: [String: Int] = [:]
        var examples: [String] = []
        var placedInSlot = 0
        var chromaticRoles = 0
        var minimum = (text: 21.0, foreground: 21.0, dim: 21.0, bright: 100.0, pair: 100.0)
        for palette in palettes {
            for variant in ThemeVariant.allCases {
                let theme = ThemeDerivation.derive(palette, variant: variant)
                let broken = Self.violations(theme)
                for v in broken { failures[v.rule, default: 0] += 1 }
                if let first = broken.first, examples.count < 8 {
                    examples.append("\(palette.colors.map(\.hex)) \(variant): \(first)")
                }
                for k in [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15] {
                    minimum.text = min(minimum.text, WCAG.contrast(theme.ansi[k], theme.background))
                }
                minimum.foreground = min(minimum.foreground, WCAG.contrast(theme.foreground, theme.background))
                minimum.dim = min(minimum.dim, WCAG.contrast(theme.ansi[8], theme.background))
                for k in 1...7 {
                    minimum.bright = min(minimum.bright, CIEDE2000.difference(theme.ansi[k], theme.ansi[k + 8]))
                }
                for i in 1...5 {
                    for j in (i + 1)...6 {
                        minimum.pair = min(minimum.pair, CIEDE2000.difference(theme.ansi[i], theme.ansi[j]))
                    }
                }
                for role in Role.allCases where OKLCH(palette[role]).c >= 0.03 {
                    chromaticRoles += 1
                    if case .slot = theme.placements[role] { placedInSlot += 1 }
                }
            }
        }
        let themes = palettes.count * 2
        let failed = failures.values.reduce(0, +)
        print(
            "theme guarantees: \(palettes.count) palettes x 2 variants = \(themes) themes; "
                + "violations: \(failed) (\(failures.isEmpty ? "none" : failures.map { "\($0.key) \($0.value)" }.sorted().joined(separator: ", "))); "
                + "chromatic roles in their slot: \(placedInSlot)/\(chromaticRoles); "
                + "lowest: ANSI text \(fmt(minimum.text)):1, foreground \(fmt(minimum.foreground)):1, "
                + "ANSI 8 \(fmt(minimum.dim)):1, bright ΔE00 \(fmt(minimum.bright)), pair ΔE00 \(fmt(minimum.pair))")
        XCTAssertEqual(failed, 0, examples.joined(separator: "\n"))
        XCTAssertEqual(placedInSlot, chromaticRoles)
    }

    private func fmt(_ v: Double) -> String { String(format: "%.2f", v) }

    /// Palettes that push the derivation: greys, three of one hue, gap hues, extremes.
    static let hardPalettes: [Palette] = {
        let sets: [[UInt32]] = [
            [0x000000, 0xFFFFFF, 0x808080], [0x777777, 0x777777, 0x777777], [0xFF0000, 0xFF0000, 0xFF0000],
            [0x0000FF, 0x1E90FF, 0x000080], [0xFFFF00, 0xFFD700, 0x808000], [0x00FF00, 0x7FFF00, 0x008000],
            [0xFF8000, 0xFF8C00, 0xFFA500], [0x00FFFF, 0x008080, 0x40E0D0], [0xFF00FF, 0x8000FF, 0xFF0080],
            [0x2E86AB, 0xA23B72, 0xF18F01], [0x0A0A0A, 0xF5F5F5, 0x101010], [0x7FFF00, 0x9ACD32, 0x6B8E23],
            [0xFF4500, 0xFFA500, 0xFFD700], [0x00CED1, 0x4169E1, 0x8A2BE2], [0x556B2F, 0x8B4513, 0x2F4F4F],
        ]
        return sets.map {
            Palette(primary: RGB(packed: $0[0]), secondary: RGB(packed: $0[1]), accent: RGB(packed: $0[2]))
        }
    }()

    func testDerivationIsDeterministic() {
        let p = Self.hardPalettes[9]
        XCTAssertEqual(ThemeDerivation.derive(p, variant: .dark), ThemeDerivation.derive(p, variant: .dark))
        XCTAssertNotEqual(
            ThemeDerivation.derive(p, variant: .dark).background, ThemeDerivation.derive(p, variant: .light).background)
    }

    /// The checker itself finds broken themes: each rule, broken on purpose, is reported.
    func testCheckerCatchesEachBrokenRule() {
        let good = ThemeDerivation.derive(Self.hardPalettes[9], variant: .dark)
        XCTAssertTrue(Self.violations(good).isEmpty, "\(Self.violations(good))")
        func rules(_ edit: (inout TerminalTheme) -> Void) -> Set<String> {
            var t = good
            edit(&t)
            return Set(Self.violations(t).map(\.rule))
        }
        XCTAssertTrue(rules { $0.ansi[1] = RGB(packed: 0x20B020) }.contains("sector"))
        XCTAssertTrue(rules { $0.ansi[4] = $0.background }.contains("contrast 4.5"))
        XCTAssertTrue(rules { $0.foreground = RGB(packed: 0x707070) }.contains("foreground 7"))
        XCTAssertTrue(rules { $0.ansi[8] = $0.background }.contains("ANSI 8 3:1"))
        XCTAssertTrue(rules { $0.selectionBackground = $0.selectionForeground }.contains("selection 4.5"))
        XCTAssertTrue(rules { $0.cursor = $0.background }.contains("cursor 3:1"))
        XCTAssertTrue(rules { $0.ansi[10] = $0.ansi[2] }.contains("bright ΔE 5"))
        XCTAssertTrue(rules { $0.ansi[5] = $0.ansi[4] }.contains("pair ΔE 15"))
        guard case .slot(let k) = good.placements[.primary] else { return XCTFail("primary not placed") }
        let sector = Self.documentedSectors[k > 8 ? k - 8 : k]!
        let far =
            OKLCH(good.palette.primary).h < (sector.lowerBound + sector.upperBound) / 2
            ? sector.upperBound - 1 : sector.lowerBound + 1
        XCTAssertTrue(rules { $0.ansi[k] = OKLCH(l: 0.75, c: 0.12, h: far).gamutMapped() }.contains("role shows"))
    }
}
