import Foundation

/// The role structure a designer expects of a three-colour palette, as measurable checks.
///
/// One place for the rules: the offline engine composes palettes that keep them, the
/// evaluation set's rate counts the palettes that do, and a model's answer is checked against
/// them (kept, with a note naming each rule it breaks). Every measure is on the colours as
/// shown (sRGB): CIEDE2000 for distance, OKLCH lightness, and Ou et al.'s heat factor
/// (Color Res. Appl. 2004) on CIELAB for temperature.
public enum RoleStructure {
    /// What a description asks of the structure.
    public enum Request: String, Sendable, Hashable, CaseIterable {
        /// Every rule.
        case full
        /// One hue asked for ("monochrome", "all shades of blue"): three colours of one
        /// temperature are allowed; the lightness steps are still required.
        case mono
        /// Low contrast asked for ("faint", "misty", "whisper"): the softer thresholds.
        case soft
    }

    /// One rule of the structure.
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        /// Three distinct roles: every pair ΔE00 ≥ 10, accent–primary ≥ 20.
        case distinctRoles
        /// The accent stands out from the primary: by lightness (OKLCH ΔL ≥ 0.15, soft 0.08)
        /// or by being far from both others (ΔE00 ≥ 30 from each, soft 20).
        case accentStandsOut
        /// Primary and secondary separated: OKLCH ΔL ≥ 0.12 or ΔE00 ≥ 15 (soft: ΔE00 ≥ 10).
        case primarySecondaryApart
        /// Not three colours of one temperature at one lightness (OKLCH L range < 0.15),
        /// unless one hue is asked for or low contrast is.
        case temperatureAndLightness
    }

    /// A colour's temperature by Ou's heat factor: warm above 0, cool below −0.8, neutral
    /// between (greys sit at −0.5).
    public enum Temperature: Sendable, Hashable { case warm, neutral, cool }

    public static let minimumDistance = 10.0
    public static let accentDistance = 20.0
    public static let accentLightnessStep = 0.15
    public static let softAccentLightnessStep = 0.08
    public static let accentFarDistance = 30.0
    public static let softAccentFarDistance = 20.0
    public static let pairLightnessStep = 0.12
    public static let pairDistance = 15.0
    public static let oneLightnessRange = 0.15

    /// Ou et al.'s heat: −0.5 + 0.02 · C^1.07 · cos(h − 50°), CIELAB.
    public static func heat(_ c: CIELab) -> Double {
        let chroma = (c.a * c.a + c.b * c.b).squareRoot()
        guard chroma > 0 else { return -0.5 }
        let cosine = (c.a * cos(50 * Double.pi / 180) + c.b * sin(50 * Double.pi / 180)) / chroma
        return -0.5 + 0.02 * pow(chroma, 1.07) * cosine
    }

    public static func temperature(_ rgb: RGB) -> Temperature {
        let h = heat(CIELab(rgb))
        if h > 0 { return .warm }
        return h < -0.8 ? .cool : .neutral
    }

    /// The rules `palette` breaks for `request`, in `Rule` order (empty when it keeps them all).
    public static func violations(_ palette: Palette, request: Request = .full) -> [Rule] {
        let p = palette.primary
        let s = palette.secondary
        let a = palette.accent
        let (lp, ls, la) = (CIELab(p), CIELab(s), CIELab(a))
        let ps = CIEDE2000.difference(lp, ls)
        let pa = CIEDE2000.difference(lp, la)
        let sa = CIEDE2000.difference(ls, la)
        let (Lp, Ls, La) = (OKLCH(p).l, OKLCH(s).l, OKLCH(a).l)
        let soft = request == .soft
        var out: [Rule] = []
        if ps < minimumDistance || sa < minimumDistance || pa < accentDistance { out.append(.distinctRoles) }
        let step = soft ? softAccentLightnessStep : accentLightnessStep
        let far = soft ? softAccentFarDistance : accentFarDistance
        if !(abs(La - Lp) >= step || (pa >= far && sa >= far)) { out.append(.accentStandsOut) }
        let apart = soft ? ps >= minimumDistance : (abs(Lp - Ls) >= pairLightnessStep || ps >= pairDistance)
        if !apart { out.append(.primarySecondaryApart) }
        if request == .full {
            let t = temperature(p)
            let range = max(Lp, Ls, La) - min(Lp, Ls, La)
            if temperature(s) == t, temperature(a) == t, range < oneLightnessRange {
                out.append(.temperatureAndLightness)
            }
        }
        return out
    }

    /// The palette nearest `palette` (least CIEDE2000 moved) that keeps every rule for
    /// `request`, and the roles moved; the palette unchanged when it keeps them already or no
    /// move found keeps them.
    ///
    /// The primary leads the concept and stays; the secondary, then the accent, move by OKLCH
    /// lightness (hue and chroma kept, gamut-mapped), one role if that suffices, else both.
    /// `allowed` rules colours out (hue families a description negated); `fixed` roles (locked)
    /// never move.
    public static func repaired(
        _ palette: Palette, request: Request = .full, fixed: Set<Role> = [],
        allowed: (Role, RGB) -> Bool = { _, _ in true }
    ) -> (palette: Palette, moved: [Role]) {
        if violations(palette, request: request).isEmpty { return (palette, []) }
        let movable = [Role.secondary, .accent].filter { !fixed.contains($0) }
        func options(_ role: Role, steps: [Double]) -> [(RGB, Double)] {
            let c = OKLCH(palette[role])
            var out: [(RGB, Double)] = []
            for d in steps {
                let l = c.l + d
                guard l >= 0.08, l <= 0.97 else { continue }
                let rgb = OKLCH(l: l, c: c.c, h: c.h).gamutMapped()
                guard rgb != palette[role], allowed(role, rgb) else { continue }
                out.append((rgb, CIEDE2000.difference(rgb, palette[role])))
            }
            return out
        }
        let fine = (1...18).flatMap { k in [0.03 * Double(k), -0.03 * Double(k)] }
        var best: (palette: Palette, cost: Double, moved: [Role])?
        for role in movable {
            for (rgb, cost) in options(role, steps: fine) {
                if let b = best, cost >= b.cost { continue }
                var p = palette
                p[role] = rgb
                if violations(p, request: request).isEmpty { best = (p, cost, [role]) }
            }
        }
        if best == nil, movable.count == 2 {
            let coarse = (1...8).flatMap { k in [0.06 * Double(k), -0.06 * Double(k)] }
            let secondaries = options(.secondary, steps: coarse)
            let accents = options(.accent, steps: coarse)
            for (s, sc) in secondaries {
                for (a, ac) in accents {
                    if let b = best, sc + ac >= b.cost { continue }
                    let p = Palette(primary: palette.primary, secondary: s, accent: a)
                    if violations(p, request: request).isEmpty { best = (p, sc + ac, [.secondary, .accent]) }
                }
            }
        }
        guard let best else { return (palette, []) }
        return (best.palette, best.moved)
    }
}
