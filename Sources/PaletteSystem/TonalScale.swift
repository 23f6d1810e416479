import PaletteCore

/// The eleven steps of a tonal scale, light to dark, with Tailwind's names.
public enum ScaleStep: Int, CaseIterable, Sendable, Hashable, Comparable, Codable {
    case s50 = 50
    case s100 = 100
    case s200 = 200
    case s300 = 300
    case s400 = 400
    case s500 = 500
    case s600 = 600
    case s700 = 700
    case s800 = 800
    case s900 = 900
    case s950 = 950

    /// The step's name as written in tokens and class names: "50" ... "950".
    public var name: String { String(rawValue) }

    public init?(name: String) {
        guard let value = Int(name), let step = ScaleStep(rawValue: value) else { return nil }
        self = step
    }

    public static func < (a: ScaleStep, b: ScaleStep) -> Bool { a.rawValue < b.rawValue }

    /// The step's place in `allCases`, 0 for 50 and 10 for 950.
    var index: Int { ScaleStep.allCases.firstIndex(of: self) ?? 0 }
}

/// Eleven colours of one hue from light to dark, with the source colour itself at one step.
///
/// Lightness is OKLCH L, strictly decreasing from step 50 to 950. The source sits exactly at the
/// step whose usual lightness is nearest its own; the steps on either side are spread between it
/// and the light and dark ends in the proportions of the usual ladder, and the ends move out (up
/// to `lightestEnd` and `darkestEnd`) when that is what keeps neighbours apart; past that, the
/// steps on the crowded side spread evenly, and a near-white source's lightest step may be white.
/// Hue is the
/// source's; chroma is the source's, tapered toward the ends (more toward white than toward
/// black, as designers' scales are) and reduced at constant L and h where sRGB cannot show it
/// (CSS Color 4 gamut mapping).
public struct TonalScale: Sendable, Hashable {
    /// The colour the scale was built from.
    public let source: RGB
    /// Where the source sits.
    public let sourceStep: ScaleStep
    /// The eleven colours, in `ScaleStep.allCases` order.
    public let colors: [RGB]

    public subscript(step: ScaleStep) -> RGB { colors[step.index] }

    /// The usual OKLCH lightness of each step (close to Tailwind v4's default palette).
    public static let ladder: [Double] = [0.975, 0.930, 0.870, 0.800, 0.710, 0.630, 0.550, 0.470, 0.400, 0.330, 0.260]
    /// How far the light and dark ends may move to keep neighbouring steps apart.
    static let lightestEnd = 0.992
    static let darkestEnd = 0.17
    /// The smallest CIEDE2000 difference the scale keeps between neighbouring steps.
    public static let minimumNeighbourDifference = 3.0

    /// The scale of `source`.
    public init(source: RGB) {
        let lch = OKLCH(source)
        let anchor = Self.nearestStep(lightness: lch.l)
        self.source = source
        self.sourceStep = anchor
        self.colors = Self.build(source: source, lch: lch, anchor: anchor)
    }

    /// A scale with no source colour of its own: the usual ladder at a hue and a peak chroma (the
    /// neutral, a grey tinted toward the primary).
    public init(hue: Double, chroma: Double) {
        let middle = OKLCH(l: Self.ladder[5], c: chroma, h: hue).gamutMapped()
        self.source = middle
        self.sourceStep = .s500
        var colors: [RGB] = []
        for (i, l) in Self.ladder.enumerated() {
            let taper = i < 5 ? 0.45 + 0.55 * Double(i) / 5 : 1 - 0.25 * Double(i - 5) / 5
            colors.append(OKLCH(l: l, c: chroma * taper, h: hue).gamutMapped())
        }
        colors[5] = middle
        self.colors = colors
    }

    /// The step whose usual lightness is nearest `lightness` (the lighter one on a tie).
    public static func nearestStep(lightness: Double) -> ScaleStep {
        var best = 0
        for i in 1..<ladder.count where abs(ladder[i] - lightness) < abs(ladder[best] - lightness) {
            best = i
        }
        return ScaleStep.allCases[best]
    }

    private static func build(source: RGB, lch: OKLCH, anchor: ScaleStep) -> [RGB] {
        let k = anchor.index
        let l0 = lch.l
        // Try the usual ends first, then move them out a little at a time until every pair of
        // neighbours is far enough apart (or the ends can move no further).
        var top = max(ladder[0], min(lightestEnd, l0 + 0.02 * Double(k)))
        var bottom = min(ladder[10], max(darkestEnd, l0 - 0.03 * Double(10 - k)))
        // When an end can move no further, that side's steps move from the ladder's proportions
        // toward even spacing (the ladder's steps are closest where CIEDE2000 is least sensitive,
        // near white), a quarter at a time.
        var lightEvenness = 0.0
        var darkEvenness = 0.0
        var colors: [RGB] = []
        for _ in 0..<32 {
            colors = (0..<ladder.count).map { i -> RGB in
                if i == k { return source }
                // A source beyond the ladder's ends (near black or white) keeps the other steps
                // where the ladder puts them: stretching toward it would crowd them together.
                let l = lightness(
                    at: i, anchor: k, l0: min(ladder[0], max(ladder[10], l0)), top: top, bottom: bottom,
                    evenness: i < k ? lightEvenness : darkEvenness)
                return OKLCH(l: l, c: chroma(lch: lch, at: l, top: top, bottom: bottom), h: lch.h).gamutMapped()
            }
            let tight = (0..<10).filter {
                CIEDE2000.difference(colors[$0], colors[$0 + 1]) < minimumNeighbourDifference
            }
            if tight.isEmpty { break }
            let lightSideTight = tight.contains { $0 < k }
            let darkSideTight = tight.contains { $0 >= k }
            var moved = false
            if lightSideTight && top < lightestEnd {
                top = min(lightestEnd, top + 0.004)
                moved = true
            } else if lightSideTight && lightEvenness < 1 {
                lightEvenness = min(1, lightEvenness + 0.25)
                moved = true
            } else if lightSideTight && top < 1 {
                // A near-white source: the lightest step may be white itself.
                top = min(1, top + 0.004)
                moved = true
            }
            if darkSideTight && bottom > darkestEnd {
                bottom = max(darkestEnd, bottom - 0.012)
                moved = true
            } else if darkSideTight && darkEvenness < 1 {
                darkEvenness = min(1, darkEvenness + 0.25)
                moved = true
            }
            if !moved { break }
        }
        return colors
    }

    /// The lightness of step `i`: the usual ladder's proportions (blended toward even spacing by
    /// `evenness`), stretched between the source and the end on its side.
    private static func lightness(
        at i: Int, anchor k: Int, l0: Double, top: Double, bottom: Double, evenness: Double
    ) -> Double {
        if i < k {
            let span = ladder[0] - ladder[k]
            let usual = span > 0 ? (ladder[i] - ladder[k]) / span : 1
            let t = usual + (Double(k - i) / Double(k) - usual) * evenness
            return l0 + (max(top, l0) - l0) * t
        }
        let span = ladder[k] - ladder[10]
        let usual = span > 0 ? (ladder[k] - ladder[i]) / span : 1
        let t = usual + (Double(i - k) / Double(10 - k) - usual) * evenness
        return l0 - (l0 - min(bottom, l0)) * t
    }

    /// The source's chroma tapered toward the ends: toward white it falls to a few hundredths at
    /// white itself, toward black to about half at the darkest step.
    private static func chroma(lch: OKLCH, at l: Double, top: Double, bottom: Double) -> Double {
        if lch.isAchromatic { return 0 }
        if l >= lch.l {
            let span = max(1.0 - lch.l, 1e-6)
            let s = max(0, (1.0 - l) / span)
            return lch.c * (0.06 + 0.94 * s)
        }
        let span = max(lch.l - 0.05, 1e-6)
        let s = max(0, (l - 0.05) / span)
        return lch.c * (0.45 + 0.55 * s)
    }
}
