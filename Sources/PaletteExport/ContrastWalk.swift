import PaletteCore

/// The theme derivation's contrast search: from a colour of a given lightness, hue and chroma,
/// the nearest colour, lighter or darker, that reaches a WCAG ratio against a background.
///
/// It is PaletteCore's hue-keeping lightness search (`LightnessSearch`, the accessibility
/// repair's), so the app has one: it walks the OKLCH lightness lattice at the start colour's
/// hue and chroma, gamut-maps and rounds each step, and checks the ratio on the 8-bit colour.
enum ContrastWalk {
    /// The colour of `hue` and `chroma` nearest to lightness `start`, moving lighter or darker,
    /// whose contrast against `background` is at least `ratio`; nil when none is.
    static func reach(
        _ ratio: Double, against background: RGB, lightness start: Double, chroma: Double, hue: Double,
        lighter: Bool
    ) -> RGB? {
        walk(ratio, against: background, lightness: start, chroma: chroma, hue: hue, lighter: lighter)?.rgb
    }

    /// `reach`, with the OKLCH lightness of the colour found.
    static func walk(
        _ ratio: Double, against background: RGB, lightness start: Double, chroma: Double, hue: Double,
        lighter: Bool
    ) -> (l: Double, rgb: RGB)? {
        let first = OKLCH(l: min(max(start, 0), 1), c: chroma, h: hue).gamutMapped()
        if WCAG.contrast(first, background) >= ratio { return (start, first) }
        let path = LightnessPath(first)
        let found = LightnessSearch.nearest(on: path, direction: lighter ? .lighter : .darker) {
            WCAG.contrast($0, background) / ratio
        }
        return found.map { (OKLCH($0.color).l, $0.color) }
    }
}
