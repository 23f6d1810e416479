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
    /// The answer of `nearestByLightness`, from the colour's cell of `cells`: the few indices any
    /// colour of its 16x16x16 RGB cell has for an answer (2.9 on average, at most 10), written by
    /// `make xterm256-table` from that search over all 16,777,216 colours and checked against
    /// every one of them. The nearest of those candidates, lowest index on a tie, is the answer:
    /// the search's own answer is among them, and no candidate can be nearer than it.
    public static func nearest(to target: RGB) -> (index: Int, deltaE: Double) {
        let lab = CIELab(target)
        let cell = Int(cells[cellNumber(target)])
        if cell < 240 { return (fixedIndices.lowerBound + cell, CIEDE2000.difference(lab, labs[cell])) }
        return nearest(lab, amongListAt: cell - 240)
    }

    /// `nearest(to:).index` without the difference: a colour whose cell has one answer (608 of
    /// the 4,096 cells) costs a table read, no colour science (the terminal's 256-colour mode
    /// asks this for each new colour).
    public static func nearestIndex(to target: RGB) -> Int {
        let cell = Int(cells[cellNumber(target)])
        if cell < 240 { return fixedIndices.lowerBound + cell }
        return nearest(CIELab(target), amongListAt: cell - 240).index
    }

    /// The log2 of a cell's side in RGB levels (`cells` has (256 >> cellShift)^3 entries).
    static let cellShift = 4

    @inline(__always)
    static func cellNumber(_ c: RGB) -> Int {
        let side = 256 >> cellShift
        return ((Int(c.r) >> cellShift) * side + (Int(c.g) >> cellShift)) * side + (Int(c.b) >> cellShift)
    }

    /// The nearest of the candidates listed at `start` in `cellLists` (a count, then ascending
    /// offsets from 16): a strictly smaller difference wins, so a tie keeps the lower index.
    private static func nearest(_ lab: CIELab, amongListAt start: Int) -> (index: Int, deltaE: Double) {
        let count = Int(cellLists[start])
        var best = Int(cellLists[start + 1])
        var bestDelta = CIEDE2000.difference(lab, labs[best])
        for k in start + 2...start + count {
            let candidate = Int(cellLists[k])
            let d = CIEDE2000.difference(lab, labs[candidate])
            if d < bestDelta {
                best = candidate
                bestDelta = d
            }
        }
        return (fixedIndices.lowerBound + best, bestDelta)
    }

    /// The reference search the cell table is written from and checked against: from
    /// `NearestNameIndex`, which visits the 240 colours outward in lightness and stops once
    /// lightness alone rules out anything closer (the answer of a comparison with every index,
    /// from about a tenth of the comparisons, about 67k instructions a colour).
    static func nearestByLightness(to target: RGB) -> (index: Int, deltaE: Double) {
        let (offset, deltaE) = index.nearest(to: CIELab(target))
        return (fixedIndices.lowerBound + offset, deltaE)
    }

    /// The fixed colours by lightness, for `nearestByLightness`.
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
