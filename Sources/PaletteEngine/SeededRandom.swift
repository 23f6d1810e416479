/// SplitMix64: a small, fast, deterministic generator (Steele, Lea & Flood 2014).
///
/// Seeded from the folded description and the variation number, never from the clock, so
/// the same request always gives the same palette.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64, variation: Int) {
        state = seed ^ (UInt64(bitPattern: Int64(variation)) &* 0x9E37_79B9_7F4A_7C15)
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }

    /// An index chosen with probability proportional to `weights` (all non-negative).
    mutating func pick(weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        guard total > 0 else { return 0 }
        var r = uniform(0...total)
        for (i, w) in weights.enumerated() {
            r -= w
            if r <= 0 { return i }
        }
        return weights.count - 1
    }

    /// -1 or +1.
    mutating func sign() -> Double { next() & 1 == 0 ? -1 : 1 }
}
