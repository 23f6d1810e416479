import FoundationEssentials
import Glibc
import PaletteCore

/// Ou, Luo, Woodcock & Wright's colour-emotion factors (Color Res. Appl. 2004), on CIELAB.
///
/// Activity grows with chroma and with lightness far from mid grey; weight grows with
/// darkness; heat grows with chroma on warm hues. Mood words give a target on these
/// factors, and `steer` moves a colour's OKLCH lightness and chroma toward it.
enum ColourEmotion {
    static func activity(_ c: CIELab) -> Double {
        let db = (c.b - 17) / 1.4
        return -2.1 + 0.06 * ((c.l - 50) * (c.l - 50) + (c.a - 3) * (c.a - 3) + db * db).squareRoot()
    }

    static func weight(_ c: CIELab) -> Double {
        -1.8 + 0.04 * (100 - c.l) + 0.45 * cosine(c, from: weightHue)
    }

    static func heat(_ c: CIELab) -> Double {
        let chroma = (c.a * c.a + c.b * c.b).squareRoot()
        return -0.5 + 0.02 * pow(chroma, 1.07) * cosine(c, from: heatHue)
    }

    /// cos and sin of the hues Ou's weight (100°) and heat (50°) factors turn on.
    private static let weightHue = (cos: cos(100 * Double.pi / 180), sin: sin(100 * Double.pi / 180))
    private static let heatHue = (cos: cos(50 * Double.pi / 180), sin: sin(50 * Double.pi / 180))

    /// cos(h − h₀) for the CIELAB hue h of `c`, without an angle: (a cos h₀ + b sin h₀) / C.
    /// A grey has hue 0 (as atan2(0, 0) gives), so cos(−h₀).
    private static func cosine(_ c: CIELab, from h0: (cos: Double, sin: Double)) -> Double {
        let chroma = (c.a * c.a + c.b * c.b).squareRoot()
        guard chroma > 0 else { return h0.cos }
        return (c.a * h0.cos + c.b * h0.sin) / chroma
    }

    /// CIELAB of an OKLCH colour without gamut mapping.
    ///
    /// Steering works on the colour as specified, in or out of gamut, so its gradient is
    /// smooth; gamut mapping comes once, at the end.
    static func lab(_ lch: OKLCH) -> CIELab {
        CIELab(CIEXYZ(lch.lab.linear))
    }

    /// The same for lightness `l` and chroma `c` at a hue given by its cosine and sine
    /// (steering probes four colours of one hue).
    static func lab(l: Double, c: Double, hue: (cos: Double, sin: Double)) -> CIELab {
        CIELab(CIEXYZ(OKLab(l: l, a: c * hue.cos, b: c * hue.sin).linear))
    }

    /// How well a colour matches a target: the target's direction dotted with the factors.
    static func alignment(_ lch: OKLCH, _ target: EmotionTarget) -> Double {
        alignment(lab(lch), target)
    }

    /// The same for a CIELAB colour; a factor the target does not ask about is not computed.
    static func alignment(_ lab: CIELab, _ target: EmotionTarget) -> Double {
        var sum = 0.0
        if target.activity != 0 { sum += target.activity * activity(lab) }
        if target.weight != 0 { sum += target.weight * weight(lab) }
        if target.heat != 0 { sum += target.heat * heat(lab) }
        return sum
    }

    /// Cost of moving lightness and chroma, in OKLCH units: the step is gradient / (2 cost).
    ///
    /// Calibrated so a target of 1 on weight moves lightness by about 0.1 and a target of 1
    /// on activity moves chroma by about 0.1: a mood word changes the whole scene ("a sad
    /// clown at a birthday party" is a dulled, darker party), yet the words chose the hues.
    static let lightnessCost = 24.0
    static let chromaCost = 100.0

    /// Moves `colour`'s lightness and chroma toward `target` by one regularised gradient step.
    ///
    /// Hue is kept: mood changes how a colour feels, the words chose which colour. Chroma
    /// never drops below 45% of its value nor below 0.04 (when it had that much), so a calm
    /// palette stays coloured.
    static func steer(_ colour: OKLCH, toward target: EmotionTarget, strength: Double = 1) -> OKLCH {
        guard !target.isZero, strength > 0 else { return colour }
        let dl = 0.03
        let dc = 0.02
        let rad = colour.h * .pi / 180
        let hue = (cos: cos(rad), sin: sin(rad))
        let lo = max(colour.l - dl, 0.02)
        let hi = min(colour.l + dl, 0.98)
        // Lively moods ask for colour, not for white: Ou's activity also grows with lightness
        // far from mid grey, which would bleach a light pink; lightness follows weight and heat.
        let lightTarget =
            target.activity > 0 ? EmotionTarget(activity: 0, weight: target.weight, heat: target.heat) : target
        // With nothing for lightness to follow, both alignments are 0 without their colours.
        let gradL =
            lightTarget.isZero
            ? (0.0 - 0.0) / (hi - lo)
            : (alignment(lab(l: hi, c: colour.c, hue: hue), lightTarget)
                - alignment(lab(l: lo, c: colour.c, hue: hue), lightTarget)) / (hi - lo)
        var gradC = 0.0
        if colour.c >= 0.02 {
            let cLo = max(colour.c - dc, 0)
            let cHi = colour.c + dc
            gradC =
                (alignment(lab(l: colour.l, c: cHi, hue: hue), target)
                    - alignment(lab(l: colour.l, c: cLo, hue: hue), target)) / (cHi - cLo)
        }
        let stepL = min(max(strength * gradL / (2 * lightnessCost), -0.12), 0.12)
        let stepC = min(max(strength * gradC / (2 * chromaCost), -0.55 * colour.c), 0.1)
        // Mood shades a colour; it does not bleach it to white, sink it to black or grey it out.
        var l = colour.l + stepL
        if stepL > 0 { l = min(l, max(colour.l, 0.9)) } else { l = max(l, min(colour.l, 0.18)) }
        let c = max(colour.c + stepC, min(colour.c, 0.04))
        return OKLCH(l: l, c: c, h: colour.h)
    }
}
