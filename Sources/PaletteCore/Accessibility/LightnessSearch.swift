import FoundationEssentials
import Glibc

/// The colours one colour can become by changing only its OKLCH lightness.
///
/// Lightness runs over a lattice of `steps` + 1 values, 0 (black) to 1 (white). At each, the
/// original chroma and hue are kept where sRGB can show them; elsewhere chroma is reduced at
/// constant lightness and hue until the colour fits (CSS Color 4's approach: exactly
/// `OKLCH.gamutMapped()`, whose 24 halvings leave no error that could flip a rounding from
/// one step to the next), then the colour is rounded to 8 bits. A step of 1/10,000 is finer than one 8-bit step of
/// any channel, so the lattice meets every colour the path passes through, or its neighbour.
public struct LightnessPath: Sendable {
    /// Lattice steps from black to white.
    public static let steps = 10_000
    /// Above this chroma (original and result) a repaired colour must keep its hue.
    public static let hueChroma = 0.05
    /// How far the hue may move, in degrees, measured after rounding to 8 bits.
    public static let hueTolerance = 2.0

    public let original: RGB
    public let lch: OKLCH
    let originalLab: CIELab
    let cosH: Double, sinH: Double

    public init(_ color: RGB) {
        original = color
        lch = OKLCH(color)
        originalLab = CIELab(color)
        let rad = lch.h * .pi / 180
        cosH = cos(rad)
        sinH = sin(rad)
    }

    /// The lattice step nearest the original's lightness.
    public var originalStep: Int { Int((lch.l * Double(Self.steps)).rounded()) }

    /// The colour at lattice step `k` (lightness `k / steps`), gamut-mapped and rounded.
    public func color(atStep k: Int) -> RGB {
        OKLCH.gamutMapped(l: Double(k) / Double(Self.steps), c: lch.c, cosH: cosH, sinH: sinH, steps: 24)
    }

    /// True when `color` keeps the original's hue within `hueTolerance`, or either is too grey
    /// for the rule to apply.
    public func keepsHue(_ color: RGB) -> Bool {
        guard lch.c > Self.hueChroma else { return true }
        let other = OKLCH(color)
        guard other.c > Self.hueChroma else { return true }
        return Self.hueDifference(lch.h, other.h) <= Self.hueTolerance
    }

    /// The smaller angle between two hues, in degrees.
    public static func hueDifference(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return d > 180 ? 360 - d : d
    }

    /// CIEDE2000 from the original.
    public func distance(to color: RGB) -> Double {
        CIEDE2000.difference(originalLab, CIELab(color))
    }
}

/// The nearest colour on a lightness path that satisfies a condition.
///
/// The condition is a score: 1 or more passes. In each direction the search steps coarsely
/// until a colour passes, halves back to where passing starts, backs up while the score is
/// close enough that rounding could still pass, then walks the lattice one step at a time,
/// keeping the passing, hue-keeping colour with the smallest ΔE00 from the original, until
/// colours are further from the original than the best by `margin`. Scores are expected to
/// grow (not strictly) with distance in each direction, as contrast and simulated differences
/// do; the property test checks the result against every lattice step.
public struct LightnessSearch {
    /// Lattice steps between coarse probes (lightness 0.02).
    static let coarseStride = 200
    /// Steps the walk always backs up past the first passing step.
    static let minimumBackup = 20
    /// How much further (ΔE00) than the best a colour may be before the walk stops: near
    /// white and black ΔE00 from a vivid original wavers by about one from step to step.
    static let margin = 3.0
    /// Lattice steps the walk takes at once where the colour barely changes.
    static let walkStride = 8

    /// True when two colours are equal or differ by one unit in one channel.
    static func adjacent(_ a: RGB, _ b: RGB) -> Bool {
        let dr = abs(Int(a.r) - Int(b.r))
        let dg = abs(Int(a.g) - Int(b.g))
        let db = abs(Int(a.b) - Int(b.b))
        return dr + dg + db <= 1
    }

    public struct Result: Hashable, Sendable {
        public var color: RGB
        /// CIEDE2000 from the original.
        public var deltaE: Double
    }

    /// Which way lightness may move.
    public enum Direction: Sendable {
        case lighter, darker, both
    }

    /// The nearest passing colour, or nil when no step of the path passes.
    ///
    /// - Parameters:
    ///   - slack: scores at or above this are close enough to 1 that rounding may pass them;
    ///     the walk backs up over them.
    ///   - score: 1 or more passes.
    public static func nearest(
        on path: LightnessPath, direction: Direction = .both, slack: Double = 0.97,
        score: (RGB) -> Double
    ) -> Result? {
        // The last colour scored and its score: neighbouring steps often round alike.
        var memo: (color: RGB, score: Double)?
        func scored(_ c: RGB) -> Double {
            if let memo, memo.color == c { return memo.score }
            let s = score(c)
            memo = (c, s)
            return s
        }
        let n = LightnessPath.steps
        let split = Int((path.lch.l * Double(n)).rounded(.up))
        var best: Result?
        var signs: [Int] = []
        if direction != .darker { signs.append(1) }
        if direction != .lighter { signs.append(-1) }
        for d in signs {
            let first = d > 0 ? split : split - 1
            let last = d > 0 ? n : 0
            if d > 0 ? first > last : first < last { continue }
            func beyond(_ a: Int, _ b: Int) -> Bool { d > 0 ? a > b : a < b }
            // Coarse probes until one passes.
            var previous = first
            var k = first
            var hit: Int?
            while true {
                if scored(path.color(atStep: k)) >= 1 {
                    hit = k
                    break
                }
                if k == last { break }
                previous = k
                k = d > 0 ? min(k + coarseStride, last) : max(k - coarseStride, last)
            }
            guard let firstHit = hit else { continue }
            // Halve back to where passing starts.
            var lo = previous
            var hi = firstHit
            if hi != first {
                while abs(hi - lo) > 1 {
                    let mid = (lo + hi) / 2
                    if scored(path.color(atStep: mid)) >= 1 { hi = mid } else { lo = mid }
                }
            }
            // Back up over steps rounding could still pass.
            var start = hi
            var backed = 0
            while start != first {
                let next = start - d
                if backed >= minimumBackup && scored(path.color(atStep: next)) < slack { break }
                start = next
                backed += 1
            }
            // Walk out, keeping the nearest passing colour. Strides of `walkStride` steps are
            // skipped whole when their ends differ by at most one unit in one channel: the
            // channels move steadily with lightness, so no third colour lies between.
            var visited: RGB?
            func visit(_ c: RGB, _ k: Int) -> Bool {
                if c == visited { return true }
                visited = c
                let passes = scored(c) >= 1 && path.keepsHue(c)
                let deltaE = path.distance(to: c)
                if passes, best == nil || deltaE < best!.deltaE {
                    best = Result(color: c, deltaE: deltaE)
                } else if let best, beyond(k, hi), deltaE > best.deltaE + margin {
                    return false
                }
                return true
            }
            k = start
            var here = path.color(atStep: k)
            walk: while visit(here, k), k != last {
                let ahead = d > 0 ? min(k + walkStride, last) : max(k - walkStride, last)
                let there = path.color(atStep: ahead)
                if !Self.adjacent(here, there) {
                    var j = k + d
                    while j != ahead {
                        if !visit(path.color(atStep: j), j) { break walk }
                        j += d
                    }
                }
                k = ahead
                here = there
            }
        }
        return best
    }
}
