/// SplitMix64 (Steele, Lea & Flood 2014): a small seeded generator for test inputs, so the
/// same seed gives the same sequence on every run and machine and a failure names a case
/// that replays. The tests' one copy (tools/parser-diff compiles this very file); the engine
/// keeps its own (`SeededRandom`).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (the remainder of `next()`: a slight bias, fine for inputs).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }
}
