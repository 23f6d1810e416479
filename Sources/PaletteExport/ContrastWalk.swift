import PaletteCore

/// The one contrast search the theme derivation uses: walk OKLCH lightness at a fixed hue and
/// chroma (gamut-mapped at each step) until a colour reaches a WCAG ratio against a background.
///
/// Kept small and in one place on purpose: when PaletteCore gains the accessibility work's
/// hue-keeping lightness repair, this file is the only one that switches to it.
enum ContrastWalk {
    /// The step in OKLCH lightness; 0.004 moves an 8-bit colour by about one code value.
    static let step = 0.004

    /// The colour of `hue` and `chroma` nearest to lightness `start`, moving lighter or darker,
    /// whose contrast against `background` is at least `ratio`; nil when the end of the range
    /// is reached first. Ratios are checked on the 8-bit colour that is returned.
    static func reach(
        _ ratio: Double, against background: RGB, lightness start: Double, chroma: Double, hue: Double,
        lighter: Bool, limit: Double? = nil
    ) -> RGB? {
        walk(ratio, against: background, lightness: start, chroma: chroma, hue: hue, lighter: lighter, limit: limit)?
            .rgb
    }

    /// `reach`, with the lightness it stopped at.
    static func walk(
        _ ratio: Double, against background: RGB, lightness start: Double, chroma: Double, hue: Double,
        lighter: Bool, limit: Double? = nil
    ) -> (l: Double, rgb: RGB)? {
        let end = limit ?? (lighter ? 1 : 0)
        var l = min(max(start, 0), 1)
        while lighter ? l <= end + 1e-9 : l >= end - 1e-9 {
            let rgb = OKLCH(l: l, c: chroma, h: hue).gamutMapped()
            if WCAG.contrast(rgb, background) >= ratio { return (l, rgb) }
            l += lighter ? step : -step
        }
        return nil
    }
}
