import FoundationEssentials
import Glibc

/// The ground a palette's companion is meant for.
public enum CompanionGround: String, Hashable, Sendable, CaseIterable {
    /// A light ground (white): the companion's colours are darker than the original's.
    case light
    /// A dark ground (black): the companion's colours are lighter than the original's.
    case dark
}

/// A palette's companion for the other mode: the same hues, with lightness and chroma mapped so
/// that each role keeps its contrast role when the ground goes from light to dark or back.
///
/// Each colour's WCAG luminance `Y` is mapped to `Y'` with `(Y' + 0.05)(Y + 0.05) = 1.05 · 0.05`,
/// so its contrast against black afterwards is its contrast against white before, and the
/// other way round: a primary that read at 7:1 on white reads at 7:1 on black, an accent that
/// was a soft 2:1 tint stays a soft tint. The map is its own inverse, so a companion's
/// companion is the original up to 8-bit rounding. The new lightness is found on the colour's
/// own hue with its relative chroma (the share of the most chroma sRGB allows at that lightness
/// and hue) kept, so a vivid accent stays vivid and a grey stays grey.
public enum PaletteCompanion {
    /// The companion of `palette` and the ground it is meant for; the roles in `keeping`
    /// (locked ones) stay exactly as they are.
    public static func derive(_ palette: Palette, keeping: Set<Role> = []) -> (
        palette: Palette, ground: CompanionGround
    ) {
        var out = palette
        for role in Role.allCases where !keeping.contains(role) { out[role] = companion(of: palette[role]) }
        return (out, ground(from: palette, to: out))
    }

    /// The ground `to` is meant for, as a companion of `from`: lighter colours than before are
    /// meant for a dark ground.
    public static func ground(from: Palette, to: Palette) -> CompanionGround {
        let before = from.colors.map(WCAG.luminance).reduce(0, +)
        let after = to.colors.map(WCAG.luminance).reduce(0, +)
        return after > before ? .dark : .light
    }

    /// The luminance whose contrast against black equals `y`'s against white (and the reverse).
    public static func mirroredLuminance(_ y: Double) -> Double {
        min(max(0.0525 / (y + 0.05) - 0.05, 0), 1)
    }

    /// One colour's companion: same hue, the mirrored luminance, the same relative chroma.
    public static func companion(of color: RGB) -> RGB {
        let target = mirroredLuminance(WCAG.luminance(color))
        let lch = OKLCH(color)
        let maximum = OKLCH.maxChroma(l: lch.l, h: lch.h)
        let relative = maximum > 0 ? min(lch.c / maximum, 1) : 0
        func colour(at l: Double) -> RGB {
            let c = lch.isAchromatic ? 0 : relative * OKLCH.maxChroma(l: l, h: lch.h)
            return OKLCH(l: l, c: c, h: lch.h).gamutMapped()
        }
        // Luminance grows with lightness along the hue: halve the interval to the target.
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if WCAG.luminance(colour(at: mid)) < target { lo = mid } else { hi = mid }
        }
        let below = colour(at: lo)
        let above = colour(at: hi)
        return abs(WCAG.luminance(below) - target) <= abs(WCAG.luminance(above) - target) ? below : above
    }
}

extension OKLCH {
    /// The most chroma an sRGB colour of lightness `l` and hue `h` (degrees) can have.
    public static func maxChroma(l: Double, h: Double) -> Double {
        guard l > 0, l < 1 else { return 0 }
        let rad = h * .pi / 180
        let cosH = cos(rad)
        let sinH = sin(rad)
        var lo = 0.0
        var hi = 0.5
        for _ in 0..<30 {
            let mid = (lo + hi) / 2
            if fits(l, mid * cosH, mid * sinH) { lo = mid } else { hi = mid }
        }
        return lo
    }
}
