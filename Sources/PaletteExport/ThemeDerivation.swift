import PaletteCore

/// Derives a terminal theme from three roles. The design and its guarantees are in
/// `docs/themes.md`; in short, for every palette and both variants:
///
/// - ANSI 1-6 and 9-14 stay in their `HueSector`;
/// - ANSI 1-7 and 9-15 reach 4.5:1 against the background, the foreground 7:1, ANSI 8 3:1;
/// - each bright colour is at least ΔE00 5 from its normal one, and ANSI 1-6 are pairwise at
///   least ΔE00 15 apart;
/// - each chromatic role sits in the sector nearest its hue (its hue clamped into the sector),
///   a grey role shows as the neutrals' tint.
///
/// Every target is checked on the final 8-bit colours, with a small margin for rounding.
public enum ThemeDerivation {
    /// OKLCH chroma below which a role counts as grey and takes no slot.
    public static let chromaticThreshold = 0.03
    /// Degrees kept between a placed hue and its sector's edge, so rounding stays inside.
    public static let sectorInset = 3.0

    // The targets searched for, a little above the guarantees.
    static let textTarget = 4.6
    static let foregroundTarget = 7.2
    static let dimTarget = 3.15
    static let pairTarget = 15.6
    static let brightTarget = 5.6

    public static func derive(_ palette: Palette, variant: ThemeVariant) -> TerminalTheme {
        var builder = Builder(palette: palette, variant: variant)
        return builder.build()
    }

    /// One slot (a sector's normal and bright colour) while the theme is built.
    struct Slot {
        var sector: HueSector
        var hue: Double
        var chroma: Double
        var role: Role?
        var brightRole: Role?
        var brightHue: Double
        var brightChroma: Double
        var normal = RGB(r: 0, g: 0, b: 0)
        var lightness = 0.0
    }

    struct Builder {
        let palette: Palette
        let variant: ThemeVariant
        var dark: Bool { variant == .dark }

        init(palette: Palette, variant: ThemeVariant) {
            self.palette = palette
            self.variant = variant
        }

        mutating func build() -> TerminalTheme {
            let lch = Dictionary(uniqueKeysWithValues: Role.allCases.map { ($0, OKLCH(palette[$0])) })
            let chromatic = Role.allCases.filter { lch[$0]!.c >= ThemeDerivation.chromaticThreshold }
            // The neutrals' tint: the primary's hue, else the first chromatic role's, else grey.
            let tintRole = chromatic.first
            let tintHue = tintRole.map { lch[$0]!.h } ?? 0
            let tintChroma = tintRole.map { lch[$0]!.c } ?? 0

            // Neutrals.
            let bgL = dark ? 0.20 : 0.975
            // A tint too faint to survive 8-bit rounding would show a random hue: at least 0.014.
            let bgChroma = tintRole == nil ? 0 : min(0.022, max(0.014, tintChroma * 0.25))
            let background = OKLCH(l: bgL, c: bgChroma, h: tintHue).gamutMapped()
            let fgChroma = min(0.014, tintChroma * 0.1)
            let foreground =
                ContrastWalk.reach(
                    ThemeDerivation.foregroundTarget, against: background, lightness: dark ? 0.89 : 0.32,
                    chroma: fgChroma, hue: tintHue, lighter: dark) ?? (dark ? WCAG.white : WCAG.black)
            let brightest = brightWhite(from: foreground, background: background, hue: tintHue, chroma: fgChroma)
            let surface = OKLCH(l: dark ? 0.255 : 0.925, c: min(0.026, tintChroma * 0.25), h: tintHue).gamutMapped()
            let dim =
                ContrastWalk.reach(
                    ThemeDerivation.dimTarget, against: background, lightness: dark ? 0.50 : 0.68,
                    chroma: min(0.02, tintChroma * 0.15), hue: tintHue, lighter: dark) ?? foreground
            let subtle = OKLCH(
                l: (OKLab(dim).l + OKLab(foreground).l) / 2, c: min(0.018, tintChroma * 0.12), h: tintHue
            ).gamutMapped()
            let light = OKLCH(
                l: (OKLab(foreground).l + OKLab(brightest).l) / 2, c: fgChroma, h: tintHue
            ).gamutMapped()
            let darker = OKLCH(l: dark ? 0.165 : 0.985, c: min(0.02, tintChroma * 0.2), h: tintHue).gamutMapped()
            let darkest = OKLCH(l: dark ? 0.13 : 0.995, c: min(0.016, tintChroma * 0.15), h: tintHue).gamutMapped()

            // Slots: roles first, then the free sectors.
            var slots = HueSector.allCases.map { sector -> Slot in
                let harmonised = harmonise(sector.canonicalHue, toward: tintRole == nil ? nil : tintHue)
                let hue = sector.clamp(harmonised, inset: ThemeDerivation.sectorInset + 5)
                return Slot(sector: sector, hue: hue, chroma: 0.13, brightHue: hue, brightChroma: 0.14)
            }
            var placements: [Role: RolePlacement] = [:]
            for role in Role.allCases {
                guard chromatic.contains(role) else {
                    placements[role] = .neutrals
                    continue
                }
                let c = lch[role]!
                let chroma = min(max(c.c, 0.09), 0.26)
                let order = HueSector.nearest(to: c.h)
                let first = order[0].rawValue - 1
                if slots[first].role == nil {
                    let hue = order[0].clamp(c.h, inset: ThemeDerivation.sectorInset)
                    slots[first].role = role
                    slots[first].hue = hue
                    slots[first].chroma = chroma
                    slots[first].brightHue = hue
                    slots[first].brightChroma = chroma * 1.06
                    placements[role] = .slot(order[0].ansiIndex)
                } else if slots[first].brightRole == nil {
                    slots[first].brightRole = role
                    slots[first].brightHue = order[0].clamp(c.h, inset: ThemeDerivation.sectorInset)
                    slots[first].brightChroma = chroma
                    placements[role] = .slot(order[0].ansiIndex + 8)
                } else if let next = order.dropFirst().first(where: { slots[$0.rawValue - 1].role == nil }) {
                    let k = next.rawValue - 1
                    let hue = next.clamp(c.h, inset: ThemeDerivation.sectorInset)
                    slots[k].role = role
                    slots[k].hue = hue
                    slots[k].chroma = chroma
                    slots[k].brightHue = hue
                    slots[k].brightChroma = chroma * 1.06
                    placements[role] = .slot(next.ansiIndex)
                }
            }

            // Normal colours at the lightness that reads, then pulled apart where two are close.
            for k in slots.indices {
                let start = naturalLightness(slots[k].sector)
                let (l, rgb) = readable(lightness: start, chroma: slots[k].chroma, hue: slots[k].hue, on: background)
                slots[k].lightness = l
                slots[k].normal = rgb
            }
            separate(&slots, background: background)

            var ansi = [RGB](repeating: background, count: 16)
            ansi[0] = surface
            ansi[7] = foreground
            ansi[8] = dim
            ansi[15] = brightest
            for slot in slots {
                ansi[slot.sector.ansiIndex] = slot.normal
                ansi[slot.sector.ansiIndex + 8] = brightVersion(of: slot, background: background)
            }

            let orange = readable(
                lightness: slots[0].lightness, chroma: 0.14, hue: 62, on: background
            ).rgb
            let brown = readable(
                lightness: dark ? 0.62 : 0.42, chroma: 0.07, hue: 52, on: background
            ).rgb

            // Cursor: the accent, kept visible (3:1) with its hue; text under it is the background.
            let accent = lch[.accent]!
            let cursor =
                ContrastWalk.reach(
                    3.2, against: background, lightness: accent.l, chroma: accent.c, hue: accent.h, lighter: dark)
                ?? foreground
            // Selection: a quiet surface in the secondary's hue under the usual foreground.
            let secondary = lch[.secondary]!
            let selectionHue = secondary.c >= ThemeDerivation.chromaticThreshold ? secondary.h : tintHue
            let selectionChroma =
                secondary.c >= ThemeDerivation.chromaticThreshold ? min(0.06, secondary.c) : min(0.02, tintChroma * 0.2)
            // Kept at 4.5:1 (searched for 4.6) under the foreground: darker on dark themes.
            let selection =
                ContrastWalk.reach(
                    4.6, against: foreground, lightness: dark ? 0.34 : 0.87, chroma: selectionChroma,
                    hue: selectionHue, lighter: !dark) ?? background

            return TerminalTheme(
                palette: palette, variant: variant, background: background, foreground: foreground,
                cursor: cursor, cursorText: background, selectionBackground: selection,
                selectionForeground: foreground, ansi: ansi, surface: surface, subtle: subtle, light: light,
                darker: darker, darkest: darkest, orange: orange, brown: brown, placements: placements)
        }

        /// A canonical hue pulled up to 10 degrees toward the tint, as Material's harmonise does.
        func harmonise(_ hue: Double, toward tint: Double?) -> Double {
            guard let tint else { return hue }
            var d = HueSector.normalized(tint) - hue
            if d > 180 { d -= 360 }
            if d < -180 { d += 360 }
            return hue + max(-10, min(10, d * 0.25))
        }

        /// Where a sector's normal colour starts: yellow reads best lighter, blue darker.
        func naturalLightness(_ sector: HueSector) -> Double {
            switch (sector, dark) {
            case (.yellow, true): return 0.82
            case (.blue, true), (.magenta, true): return 0.70
            case (_, true): return 0.74
            case (.yellow, false): return 0.52
            case (_, false): return 0.50
            }
        }

        /// The nearest lightness to `lightness` at which the colour reaches text contrast.
        func readable(lightness: Double, chroma: Double, hue: Double, on background: RGB) -> (l: Double, rgb: RGB) {
            if let found = ContrastWalk.walk(
                ThemeDerivation.textTarget, against: background, lightness: lightness, chroma: chroma, hue: hue,
                lighter: dark)
            {
                return found
            }
            let end = dark ? 1.0 : 0.0
            return (end, OKLCH(l: end, c: chroma, h: hue).gamutMapped())
        }

        /// Bright white (ANSI 15): beyond the foreground, at least ΔE00 5 from it.
        func brightWhite(from foreground: RGB, background: RGB, hue: Double, chroma: Double) -> RGB {
            var l = dark ? 0.975 : 0.18
            var rgb = OKLCH(l: l, c: chroma * 0.6, h: hue).gamutMapped()
            while CIEDE2000.difference(rgb, foreground) < ThemeDerivation.brightTarget && l > 0 && l < 1 {
                l += dark ? 0.01 : -0.01
                rgb = OKLCH(l: l, c: chroma * 0.6, h: hue).gamutMapped()
            }
            return rgb
        }

        /// Moves slots until every pair of normal colours is at least ΔE00 15 apart: the slot
        /// without a role moves first (hue within its sector, lightness, chroma); a role's slot
        /// keeps its hue and moves only in lightness and chroma.
        func separate(_ slots: inout [Slot], background: RGB) {
            for _ in 0..<30 {
                var worst = (i: 0, j: 0, d: Double.infinity)
                for i in slots.indices {
                    for j in slots.indices where j > i {
                        let d = CIEDE2000.difference(slots[i].normal, slots[j].normal)
                        if d < worst.d { worst = (i, j, d) }
                    }
                }
                if worst.d >= ThemeDerivation.pairTarget { return }
                // Move the one without a role first; between two roles, the later role's slot.
                let rank: (Slot) -> Int = { s in s.role.map { Role.allCases.firstIndex(of: $0)! } ?? 9 }
                let order = rank(slots[worst.i]) >= rank(slots[worst.j]) ? [worst.i, worst.j] : [worst.j, worst.i]
                var moved = false
                for k in order {
                    if let better = bestMove(for: k, in: slots, background: background, beating: worst.d) {
                        slots[k] = better
                        moved = true
                        break
                    }
                }
                if !moved { return }
            }
        }

        /// A new colour for slot `k`: of the candidates at least ΔE00 15 (plus a margin) from every
        /// other normal colour, the one nearest its current colour; failing that, the one farthest
        /// from the others, if it is farther than `current`.
        func bestMove(for k: Int, in slots: [Slot], background: RGB, beating current: Double) -> Slot? {
            let slot = slots[k]
            let others = slots.indices.filter { $0 != k }.map { slots[$0].normal }
            let bounds = slot.sector.bounds
            let inset = ThemeDerivation.sectorInset
            let hues: [Double]
            if slot.role != nil {
                hues = [slot.hue]
            } else {
                hues = Array(stride(from: bounds.lowerBound + inset, through: bounds.upperBound - inset, by: 3))
            }
            let chromas = Array(Set([slot.chroma, 0.10, 0.14, 0.18, 0.24])).sorted()
            let lightnessRange =
                dark ? stride(from: 0.40, through: 0.93, by: 0.02) : stride(from: 0.22, through: 0.62, by: 0.02)
            var nearest: (slot: Slot, move: Double)?
            var farthest: (slot: Slot, score: Double)?
            let enough = ThemeDerivation.pairTarget + 0.4
            for h in hues {
                for c in chromas {
                    for l in lightnessRange {
                        let rgb = OKLCH(l: l, c: c, h: h).gamutMapped()
                        guard WCAG.contrast(rgb, background) >= ThemeDerivation.textTarget else { continue }
                        let lch = OKLCH(rgb)
                        guard slot.sector.contains(lch.h), lch.c >= 0.05 else { continue }
                        // Stop scoring once the candidate can neither qualify nor beat the farthest.
                        let floor = min(enough, max(current + 0.25, farthest?.score ?? 0))
                        var score = Double.infinity
                        for o in others {
                            score = min(score, CIEDE2000.difference(rgb, o))
                            if score < floor { break }
                        }
                        if score < floor { continue }
                        var s = slot
                        s.hue = h
                        s.chroma = c
                        s.lightness = l
                        s.normal = rgb
                        if s.brightRole == nil {
                            s.brightHue = h
                            s.brightChroma = c * 1.06
                        }
                        if score >= enough {
                            let move = CIEDE2000.difference(rgb, slot.normal)
                            if nearest.map({ move < $0.move }) ?? true { nearest = (s, move) }
                        } else if score > current + 0.25, farthest.map({ score > $0.score }) ?? true {
                            farthest = (s, score)
                        }
                    }
                }
            }
            return nearest?.slot ?? farthest?.slot
        }

        /// The bright colour of a slot: lighter on dark backgrounds (darker when lighter cannot
        /// keep 4.5:1 on light ones), at least ΔE00 5 from the normal colour, in the sector.
        func brightVersion(of slot: Slot, background: RGB) -> RGB {
            let steps: [Double] =
                dark
                ? [0.10, 0.13, 0.16, 0.07, 0.20, 0.05, -0.06, -0.10]
                : [0.07, 0.05, 0.09, -0.08, -0.11, -0.14, 0.03, -0.05]
            var fallback: RGB?
            for step in steps {
                let l = slot.lightness + step
                guard l > 0.02 && l < 0.99 else { continue }
                for c in [slot.brightChroma, slot.brightChroma * 1.2, slot.brightChroma * 0.8] {
                    let rgb = OKLCH(l: l, c: c, h: slot.brightHue).gamutMapped()
                    let lch = OKLCH(rgb)
                    guard WCAG.contrast(rgb, background) >= ThemeDerivation.textTarget,
                        slot.sector.contains(lch.h), lch.c >= 0.04
                    else { continue }
                    if CIEDE2000.difference(rgb, slot.normal) >= ThemeDerivation.brightTarget { return rgb }
                    if fallback == nil { fallback = rgb }
                }
            }
            return fallback ?? slot.normal
        }
    }
}
