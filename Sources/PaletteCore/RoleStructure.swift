import FoundationEssentials
import Glibc

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

    /// What the rules measure of one colour, worked out once.
    struct Measured {
        let lab: CIELab
        let l: Double
        let temperature: Temperature

        init(_ rgb: RGB) { self.init(rgb, lab: CIELab(rgb)) }

        /// `rgb` measured, its CIELAB already worked out. OKLab's lightness is OKLCH's (the
        /// polar form keeps it), without the hue's arctangent.
        init(_ rgb: RGB, lab: CIELab) { self.init(lab: lab, l: OKLab(rgb).l) }

        /// A colour measured from its CIELAB and its OKLab lightness, both already worked out
        /// (`repaired` has the OKLab of every step it tries for the caller's `allowed`).
        init(lab: CIELab, l: Double) {
            self.lab = lab
            self.l = l
            let h = RoleStructure.heat(lab)
            temperature = h > 0 ? .warm : h < -0.8 ? .cool : .neutral
        }
    }

    /// The rules `palette` breaks for `request`, in `Rule` order (empty when it keeps them all).
    public static func violations(_ palette: Palette, request: Request = .full) -> [Rule] {
        violations(Measured(palette.primary), Measured(palette.secondary), Measured(palette.accent), request: request)
    }

    static func violations(_ p: Measured, _ s: Measured, _ a: Measured, request: Request) -> [Rule] {
        violations(
            p, s, a, ps: CIEDE2000.difference(p.lab, s.lab), pa: CIEDE2000.difference(p.lab, a.lab),
            sa: CIEDE2000.difference(s.lab, a.lab), request: request)
    }

    /// `violations` with the three distances given: `repaired` keeps two of them for its search.
    /// A distance may be infinity where the lightness alone shows it past every threshold it
    /// is compared with here (`CIEDE2000.difference(_:_:orInfinityFrom:)`).
    static func violations(
        _ p: Measured, _ s: Measured, _ a: Measured, ps: Double, pa: Double, sa: Double, request: Request
    ) -> [Rule] {
        let soft = request == .soft
        var out: [Rule] = []
        if ps < minimumDistance || sa < minimumDistance || pa < accentDistance { out.append(.distinctRoles) }
        let step = soft ? softAccentLightnessStep : accentLightnessStep
        let far = soft ? softAccentFarDistance : accentFarDistance
        if !(abs(a.l - p.l) >= step || (pa >= far && sa >= far)) { out.append(.accentStandsOut) }
        let apart = soft ? ps >= minimumDistance : (abs(p.l - s.l) >= pairLightnessStep || ps >= pairDistance)
        if !apart { out.append(.primarySecondaryApart) }
        if request == .full {
            let range = max(p.l, s.l, a.l) - min(p.l, s.l, a.l)
            if s.temperature == p.temperature, a.temperature == p.temperature, range < oneLightnessRange {
                out.append(.temperatureAndLightness)
            }
        }
        return out
    }

    /// The lightness steps a lone role is moved by (±0.03 to ±0.54), and both roles (±0.06 to ±0.48).
    static let fineSteps = (1...18).flatMap { k in [0.03 * Double(k), -0.03 * Double(k)] }
    static let coarseSteps = (1...8).flatMap { k in [0.06 * Double(k), -0.06 * Double(k)] }

    /// `violations(p, s, a, request:).isEmpty`, with the distances from the primary given where
    /// known (each the same `CIEDE2000.difference` of the same arguments, or infinity as below)
    /// and the others worked out only when no rule already failed.
    ///
    /// Each check alone rules the palette out, so they are made cheapest first. A distance the
    /// lightness alone shows to be at least as large as every threshold it is compared with
    /// (`CIEDE2000.exceeds`) is not worked out: it stands as infinity, which every comparison
    /// judges as it would the real distance.
    static func keepsAll(
        _ p: Measured, _ s: Measured, _ a: Measured, ps knownPS: Double?, pa knownPA: Double?,
        request: Request
    ) -> Bool {
        if let d = knownPS, d < minimumDistance { return false }
        if let d = knownPA, d < accentDistance { return false }
        // The one-temperature rule needs no distance: judged first, it spares three.
        if request == .full {
            let range = max(p.l, s.l, a.l) - min(p.l, s.l, a.l)
            if s.temperature == p.temperature, a.temperature == p.temperature, range < oneLightnessRange {
                return false
            }
        }
        let soft = request == .soft
        let step = soft ? softAccentLightnessStep : accentLightnessStep
        let far = soft ? softAccentFarDistance : accentFarDistance
        // ps is compared with 10 and 15, pa with 20 and `far`, sa with 10 and `far`.
        let ps = knownPS ?? CIEDE2000.difference(p.lab, s.lab, orInfinityFrom: pairDistance)
        if ps < minimumDistance { return false }
        let pa = knownPA ?? CIEDE2000.difference(p.lab, a.lab, orInfinityFrom: max(accentDistance, far))
        if pa < accentDistance { return false }
        let sa = CIEDE2000.difference(s.lab, a.lab, orInfinityFrom: far)
        if sa < minimumDistance { return false }
        if !(abs(a.l - p.l) >= step || (pa >= far && sa >= far)) { return false }
        let apart = soft ? ps >= minimumDistance : (abs(p.l - s.l) >= pairLightnessStep || ps >= pairDistance)
        return apart
    }

    /// The palette nearest `palette` (least CIEDE2000 moved) that keeps every rule for
    /// `request`, and the roles moved; the palette unchanged when it keeps them already or no
    /// move found keeps them.
    ///
    /// The primary leads the concept and stays; the secondary, then the accent, move by OKLCH
    /// lightness (hue and chroma kept, gamut-mapped), one role if that suffices, else both; where
    /// no lightness is allowed that keeps the rules, one role is greyed as well.
    /// `allowed` rules colours out (hue families a description negated); `fixed` roles (locked)
    /// never move.
    public static func repaired(
        _ palette: Palette, request: Request = .full, fixed: Set<Role> = [],
        allowed: (Role, RGB) -> Bool = { _, _ in true }
    ) -> (palette: Palette, moved: [Role]) {
        repaired(
            palette, labs: (CIELab(palette.primary), CIELab(palette.secondary), CIELab(palette.accent)),
            request: request, fixed: fixed, allowedShown: { role, rgb, _ in allowed(role, rgb) })
    }

    /// `repaired` with the roles' CIELAB given (`CIELab(palette[role])`, in role order), and
    /// `allowed` handed each colour's OKLab too (`OKLab(rgb)`, the same numbers): a caller that
    /// measured its colours already, or judges them in OKLCH, need not convert them again.
    public static func repaired(
        _ palette: Palette, labs: (CIELab, CIELab, CIELab), request: Request = .full, fixed: Set<Role> = [],
        allowedShown allowed: (Role, RGB, OKLab) -> Bool
    ) -> (palette: Palette, moved: [Role]) {
        let p = Measured(palette.primary, lab: labs.0)
        let s0 = Measured(palette.secondary, lab: labs.1)
        let a0 = Measured(palette.accent, lab: labs.2)
        // The distances `violations` takes, each worked out once: the search keeps the two from
        // the primary for the role that does not move. Each is compared with the same thresholds
        // in both (`keepsAll`), so infinity stands for one the lightness shows is past them all.
        let far = request == .soft ? softAccentFarDistance : accentFarDistance
        let ps0 = CIEDE2000.difference(p.lab, s0.lab, orInfinityFrom: pairDistance)
        let pa0 = CIEDE2000.difference(p.lab, a0.lab, orInfinityFrom: max(accentDistance, far))
        let sa0 = CIEDE2000.difference(s0.lab, a0.lab, orInfinityFrom: far)
        if violations(p, s0, a0, ps: ps0, pa: pa0, sa: sa0, request: request).isEmpty { return (palette, []) }
        let moveSecondary = !fixed.contains(.secondary)
        let moveAccent = !fixed.contains(.accent)
        // A role moved alone leaves the other two as they are, and some rules judge those two
        // alone: then no step of that role can keep them all (`keepsAll` fails on the same
        // numbers), and its 36 steps, each gamut-mapped and measured, are not tried. Moving the
        // secondary keeps the primary–accent distance and the accent's lightness step; moving the
        // accent keeps the primary–secondary distance and their separation.
        let step = request == .soft ? softAccentLightnessStep : accentLightnessStep
        let secondaryHopeless = pa0 < accentDistance || (!(abs(a0.l - p.l) >= step) && !(pa0 >= far))
        let accentHopeless =
            ps0 < minimumDistance
            || !(request == .soft
                ? ps0 >= minimumDistance : (abs(p.l - s0.l) >= pairLightnessStep || ps0 >= pairDistance))
        // The hue's cosine and sine once per role, as `gamutMapped()` works them out on each call.
        func hue(_ rgb: RGB) -> (c: OKLCH, cosH: Double, sinH: Double) {
            let c = OKLCH(rgb)
            let rad = c.h * .pi / 180
            return (c, cos(rad), sin(rad))
        }
        let secondaryHue = hue(palette.secondary)
        let accentHue = hue(palette.accent)
        /// The colour `role` takes when its lightness moves by `d`; nil when out of range or unmoved.
        func movedRGB(_ role: Role, _ d: Double) -> RGB? {
            let hue = role == .secondary ? secondaryHue : accentHue
            let l = hue.c.l + d
            guard l >= 0.08, l <= 0.97 else { return nil }
            let rgb = OKLCH.gamutMapped(l: l, c: hue.c.c, cosH: hue.cosH, sinH: hue.sinH, steps: 24)
            guard rgb != palette[role] else { return nil }
            return rgb
        }
        /// That colour measured, when `allowed` keeps it (its OKLab serves both).
        func measured(_ role: Role, _ rgb: RGB, lab: CIELab) -> Measured? {
            let ok = OKLab(rgb)
            guard allowed(role, rgb, ok) else { return nil }
            return Measured(lab: lab, l: ok.l)
        }
        func options(_ role: Role, steps: [Double]) -> [(rgb: RGB, m: Measured, cost: Double)] {
            let from = role == .secondary ? s0.lab : a0.lab
            var out: [(rgb: RGB, m: Measured, cost: Double)] = []
            out.reserveCapacity(steps.count)
            for d in steps {
                guard let rgb = movedRGB(role, d) else { continue }
                let lab = CIELab(rgb)
                let cost = CIEDE2000.difference(lab, from)
                guard let m = measured(role, rgb, lab: lab) else { continue }
                out.append((rgb, m, cost))
            }
            return out
        }
        var best: (palette: Palette, cost: Double, moved: [Role])?
        /// `rgb` for the lone moved `role` becomes the best so far when `allowed` keeps it and the
        /// palette with it keeps every rule (its cost checked against the best by the caller).
        func consider(_ role: Role, _ rgb: RGB, lab: CIELab, cost: Double) {
            guard let m = measured(role, rgb, lab: lab) else { return }
            let keeps =
                role == .secondary
                ? keepsAll(p, m, a0, ps: nil, pa: pa0, request: request)
                : keepsAll(p, s0, m, ps: ps0, pa: nil, request: request)
            guard keeps else { return }
            var moved = palette
            moved[role] = rgb
            best = (moved, cost, [role])
        }
        for role in [Role.secondary, .accent]
        where role == .secondary ? moveSecondary && !secondaryHopeless : moveAccent && !accentHopeless {
            let from = role == .secondary ? s0.lab : a0.lab
            for d in RoleStructure.fineSteps {
                // A step no cheaper than the best found is skipped before it is judged, and one
                // whose lightness change alone costs more before its whole cost is worked out.
                // The bound takes CIELAB lightness alone: the rest of CIELAB only for a step it keeps.
                guard let rgb = movedRGB(role, d) else { continue }
                let xyz = CIEXYZ(rgb)
                let fy = CIELab.fy(xyz)
                if let b = best,
                    CIEDE2000.exceeds(
                        lightnessBound: CIEDE2000.lightnessBound(CIELab(l: 116 * fy - 16, a: 0, b: 0), from),
                        b.cost)
                {
                    continue
                }
                let lab = CIELab(xyz, fy: fy)
                let cost = CIEDE2000.difference(lab, from)
                if let b = best, cost >= b.cost { continue }
                consider(role, rgb, lab: lab, cost: cost)
            }
        }
        if best == nil, moveSecondary, moveAccent {
            let secondaries = options(.secondary, steps: RoleStructure.coarseSteps)
            let accents = options(.accent, steps: RoleStructure.coarseSteps)
            // Each option's distance from the primary, worked out on first use (as `keepsAll`
            // would: infinity where the lightness alone shows it clears every threshold).
            var ps = [Double?](repeating: nil, count: secondaries.count)
            var pa = [Double?](repeating: nil, count: accents.count)
            for i in secondaries.indices {
                for j in accents.indices {
                    let cost = secondaries[i].cost + accents[j].cost
                    if let b = best, cost >= b.cost { continue }
                    if ps[i] == nil {
                        ps[i] = CIEDE2000.difference(p.lab, secondaries[i].m.lab, orInfinityFrom: pairDistance)
                    }
                    if pa[j] == nil {
                        pa[j] = CIEDE2000.difference(p.lab, accents[j].m.lab, orInfinityFrom: max(accentDistance, far))
                    }
                    if keepsAll(p, secondaries[i].m, accents[j].m, ps: ps[i], pa: pa[j], request: request) {
                        best = (
                            Palette(primary: palette.primary, secondary: secondaries[i].rgb, accent: accents[j].rgb),
                            cost, [.secondary, .accent]
                        )
                    }
                }
            }
        }
        if best == nil {
            // No lightness alone keeps the rules where `allowed` rules out a role's darker and
            // lighter tones (a light yellow's darker steps are olive, which "no green" rules
            // out: a banana leaf without green kept two light yellows). The role is then greyed
            // too, to half its chroma, then a quarter, its hue kept.
            for scale in [0.5, 0.25] where best == nil {
                for role in [Role.secondary, .accent]
                where role == .secondary ? moveSecondary && !secondaryHopeless : moveAccent && !accentHopeless {
                    let base = role == .secondary ? secondaryHue : accentHue
                    let from = role == .secondary ? s0.lab : a0.lab
                    for d in [0.0] + RoleStructure.fineSteps {
                        let l = base.c.l + d
                        guard l >= 0.08, l <= 0.97 else { continue }
                        let rgb = OKLCH.gamutMapped(
                            l: l, c: base.c.c * scale, cosH: base.cosH, sinH: base.sinH, steps: 24)
                        let lab = CIELab(rgb)
                        let cost = CIEDE2000.difference(lab, from)
                        if let b = best, cost >= b.cost { continue }
                        consider(role, rgb, lab: lab, cost: cost)
                    }
                }
            }
        }
        guard let best else { return (palette, []) }
        return (best.palette, best.moved)
    }
}
