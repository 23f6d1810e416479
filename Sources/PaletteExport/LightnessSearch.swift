import PaletteCore

/// The one contrast search the theme derivation uses: walk OKLCH lightness at a fixed hue and
/// chroma (gamut-mapped at each step) until a colour reaches a WCAG ratio against a background.
///
/// Kept small and in one place on purpose: when PaletteCore gains the accessibility work's
/// hue-keeping lightness repair, this file is the only one that switches to it.
enum LightnessSearch {
    /// The step in OKLCH lightness; 0.004 moves an 8-bit colour by about one code value.
    static let step = 0.004

    /// The colour of `hue` and `chroma` nearest to lightness `start`, moving lighter or darker,
    /// whose contrast against `background` is at least `ratio`; nil when the end of the range
    /// is reached first. Ratios are checked on the 8-bit colour that is returned.
    static func reach(
        _ ratio: Double, against background: RGB, lightness start: Double, chroma: Double, hue: Double,
        lighter: Bool, limit: Double? = nil
    ) -> RGB? {
        let end = limit ?? (lighter ? 1 : 0)
        var l = min(max(start, 0), 1)
        while lighter ? l <= end + 1e-9 : l >= end - 1e-9 {
            let rgb = OKLCH(l: l, c: chroma, h: hue).gamutMapped()
            if WCAG.contrast(rgb, background) >= ratio { return rgb }
            l += lighter ? step : -step
        }
        return nil
    }

    /// The OKLCH lightness range, from `from` towards `towards`, over which a colour of `hue`
    /// and `chroma` keeps at least `ratio` against `background`, sampled every `spacing`.
    static func lightnesses(
        keeping ratio: Double, against background: RGB, chroma: Double, hue: Double,
        from: Double, towards: Double, spacing: Double
    ) -> [(l: Double, rgb: RGB)] {
        var out: [(Double, RGB)] = []
        let dir = towards >= from ? 1.0 : -1.0
        var l = from
        while dir > 0 ? l <= towards + 1e-9 : l >= towards - 1e-9 {
            let rgb = OKLCH(l: l, c: chroma, h: hue).gamutMapped()
            if WCAG.contrast(rgb, background) >= ratio { out.append((l, rgb)) }
            l += dir * spacing
        }
        return out
    }
}
