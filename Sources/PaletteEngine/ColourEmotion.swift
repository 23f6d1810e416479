import Foundation
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
        let h = atan2(c.b, c.a)
        return -1.8 + 0.04 * (100 - c.l) + 0.45 * cos(h - 100 * .pi / 180)
    }

    static func heat(_ c: CIELab) -> Double {
        let chroma = (c.a * c.a + c.b * c.b).squareRoot()
        let h = atan2(c.b, c.a)
        return -0.5 + 0.02 * pow(chroma, 1.07) * cos(h - 50 * .pi / 180)
    }

    /// CIELAB of an OKLCH colour without gamut mapping.
    ///
    /// Steering works on the colour as specified, in or out of gamut, so its gradient is
    /// smooth; gamut mapping comes once, at the end.
    static func lab(_ lch: OKLCH) -> CIELab {
        CIELab(CIEXYZ(lch.lab.linear))
    }

    /// How well a colour matches a target: the target's direction dotted with the factors.
    static func alignment(_ lch: OKLCH, _ target: EmotionTarget) -> Double {
        let lab = lab(lch)
        return target.activity * activity(lab) + target.weight * weight(lab) + target.heat * heat(lab)
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
        let lo = OKLCH(l: max(colour.l - dl, 0.02), c: colour.c, h: colour.h)
        let hi = OKLCH(l: min(colour.l + dl, 0.98), c: colour.c, h: colour.h)
        // Lively moods ask for colour, not for white: Ou's activity also grows with lightness
        // far from mid grey, which would bleach a light pink; lightness follows weight and heat.
        let lightTarget =
            target.activity > 0 ? EmotionTarget(activity: 0, weight: target.weight, heat: target.heat) : target
        let gradL = (alignment(hi, lightTarget) - alignment(lo, lightTarget)) / (hi.l - lo.l)
        var gradC = 0.0
        if colour.c >= 0.02 {
            let cLo = OKLCH(l: colour.l, c: max(colour.c - dc, 0), h: colour.h)
            let cHi = OKLCH(l: colour.l, c: colour.c + dc, h: colour.h)
            gradC = (alignment(cHi, target) - alignment(cLo, target)) / (cHi.c - cLo.c)
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
