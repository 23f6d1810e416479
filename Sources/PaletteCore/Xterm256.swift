/// The xterm 256-colour palette and the nearest entry to a colour.
///
/// Only indices 16...255 are used: 0...15 are the colours users re-theme, so their RGB values
/// are unknown to us and choosing them would show the wrong colour.
public enum Xterm256 {
    /// The indices whose colours are fixed: the 6x6x6 cube (16...231) and the grey ramp (232...255).
    public static let fixedIndices: ClosedRange<Int> = 16...255

    /// The channel levels of the 6x6x6 cube.
    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The colour of a fixed index (16...255), or nil for the themeable 0...15 and anything else.
    public static func color(_ index: Int) -> RGB? {
        switch index {
        case 16...231:
            let i = index - 16
            return RGB(r: cubeLevels[i / 36], g: cubeLevels[(i / 6) % 6], b: cubeLevels[i % 6])
        case 232...255:
            let v = UInt8(8 + 10 * (index - 232))
            return RGB(r: v, g: v, b: v)
        default:
            return nil
        }
    }

    /// The CIELAB values of 16...255, computed once.
    static let labs: [CIELab] = fixedIndices.map { CIELab(color($0)!) }

    /// The fixed index nearest to `target` by CIEDE2000, with that difference (ΔE00).
    ///
    /// Ties go to the lower index. CIEDE2000 rather than RGB distance (tmux's choice) because
    /// RGB distance maps dark saturated colours to greys that look nothing like them.
    ///
    /// From `NearestNameIndex`, which visits the 240 colours outward in lightness and stops once
    /// lightness alone rules out anything closer: the answer of a comparison with every index,
    /// from about a tenth of the comparisons. Each new colour a frame shows in 256-colour mode
    /// is looked up once, and a palette's first frame shows a few dozen (docs/benchmarks.md,
    /// Findings, session 5).
    public static func nearest(to target: RGB) -> (index: Int, deltaE: Double) {
        let (offset, deltaE) = index.nearest(to: CIELab(target))
        return (fixedIndices.lowerBound + offset, deltaE)
    }

    /// The fixed colours by lightness, for `nearest`.
    static let index = NearestNameIndex(labs: labs)

    /// `nearest(to:)` by comparing with every fixed colour: what the index must answer.
    static func nearestByEveryComparison(to target: RGB) -> (index: Int, deltaE: Double) {
        let lab = CIELab(target)
        var best = (index: fixedIndices.lowerBound, deltaE: Double.infinity)
        for (offset, candidate) in labs.enumerated() {
            let d = CIEDE2000.difference(lab, candidate)
            if d < best.deltaE { best = (fixedIndices.lowerBound + offset, d) }
        }
        return best
    }
}
