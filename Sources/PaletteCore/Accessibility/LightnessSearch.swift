/// The colours one colour can become by changing only its OKLCH lightness.
///
/// Lightness runs over a lattice of `steps` + 1 values, 0 (black) to 1 (white). At each, the
/// original chroma and hue are kept where sRGB can show them; elsewhere chroma is reduced at
/// constant lightness and hue until the colour fits (CSS Color 4's approach, `gamutMapped`),
/// then the colour is rounded to 8 bits. A step of 1/10,000 is finer than one 8-bit step of
/// any channel, so the lattice meets every colour the path passes through, or its neighbour.
public struct LightnessPath: Sendable {
    /// Lattice steps from black to white.
    public static let steps = 10_000
    /// Halvings of the chroma interval when mapping into the gamut: the error left (below 1e-5
    /// in chroma) is far under one 8-bit step.
    static let gamutSteps = 16
    /// Above this chroma (original and result) a repaired colour must keep its hue.
    public static let hueChroma = 0.05
    /// How far the hue may move, in degrees, measured after rounding to 8 bits.
    public static let hueTolerance = 2.0

    public let original: RGB
    public let lch: OKLCH
    let originalLab: CIELab

    public init(_ color: RGB) {
        original = color
        lch = OKLCH(color)
        originalLab = CIELab(color)
    }

    /// The lattice step nearest the original's lightness.
    public var originalStep: Int { Int((lch.l * Double(Self.steps)).rounded()) }

    /// The colour at lattice step `k` (lightness `k / steps`), gamut-mapped and rounded.
    public func color(atStep k: Int) -> RGB {
        OKLCH(l: Double(k) / Double(Self.steps), c: lch.c, h: lch.h).gamutMapped(steps: Self.gamutSteps)
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
    /// How much further (ΔE00) than the best a colour may be before the walk stops.
    static let margin = 1.0

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
    ///   - score: 1 or more passes; called once per distinct colour met.
    public static func nearest(on path: LightnessPath, direction: Direction = .both, slack: Double = 0.97,
                               score: (RGB) -> Double) -> Result? {
        var cache: [RGB: Double] = [:]
        func scored(_ c: RGB) -> Double {
            if let s = cache[c] { return s }
            let s = score(c)
            cache[c] = s
            return s
        }
        let n = LightnessPath.steps
        let split = Int((path.lch.l * Double(n)).rounded(.up))
        var best: Result?
        var signs: [Int] = []
        if direction != .darker { signs.append(1) }
        if direction != .lighter { signs.append(-1) }
        for d in signs {
            let first = d > 0 ? split : split - 1, last = d > 0 ? n : 0
            if d > 0 ? first > last : first < last { continue }
            func beyond(_ a: Int, _ b: Int) -> Bool { d > 0 ? a > b : a < b }
            // Coarse probes until one passes.
            var previous = first, k = first, hit: Int?
            while true {
                if scored(path.color(atStep: k)) >= 1 { hit = k; break }
                if k == last { break }
                previous = k
                k = d > 0 ? min(k + coarseStride, last) : max(k - coarseStride, last)
            }
            guard let firstHit = hit else { continue }
            // Halve back to where passing starts.
            var lo = previous, hi = firstHit
            if hi != first {
                while abs(hi - lo) > 1 {
                    let mid = (lo + hi) / 2
                    if scored(path.color(atStep: mid)) >= 1 { hi = mid } else { lo = mid }
                }
            }
            // Back up over steps rounding could still pass.
            var start = hi, backed = 0
            while start != first {
                let next = start - d
                if backed >= minimumBackup && scored(path.color(atStep: next)) < slack { break }
                start = next
                backed += 1
            }
            // Walk out, keeping the nearest passing colour.
            var last8: RGB?
            k = start
            while true {
                let c = path.color(atStep: k)
                if c != last8 {
                    last8 = c
                    let passes = scored(c) >= 1 && path.keepsHue(c)
                    let deltaE = path.distance(to: c)
                    if passes, best == nil || deltaE < best!.deltaE {
                        best = Result(color: c, deltaE: deltaE)
                    } else if let best, beyond(k, hi), deltaE > best.deltaE + margin {
                        break
                    }
                }
                if k == last { break }
                k += d
            }
        }
        return best
    }
}
