import FoundationEssentials
import Glibc

/// When and how long to wait between attempts.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The wait before the second attempt, doubled for each later one.
    public var baseDelay: Double
    /// The longest computed backoff.
    public var maxDelay: Double

    public init(maxAttempts: Int = 3, baseDelay: Double = 1, maxDelay: Double = 8) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(self.baseDelay, maxDelay)
    }

    /// The wait after failed attempt `attempt` (1-based).
    ///
    /// Exponential with jitter: a random point in the upper half of `base * 2^(attempt-1)`
    /// (capped), so clients that failed together do not retry together. A server's own delay
    /// is a floor: the wait is that delay plus up to a quarter of the base delay.
    /// - Parameter unit: a random value in 0...1, injected so tests are exact.
    public func delay(afterAttempt attempt: Int, retryAfter: Double?, unit: Double) -> Double {
        let unit = min(1, max(0, unit))
        if let retryAfter {
            return retryAfter + baseDelay * 0.25 * unit
        }
        let exponential = min(maxDelay, baseDelay * pow(2, Double(max(0, attempt - 1))))
        return exponential * (0.5 + 0.5 * unit)
    }
}

/// The end of one generation's time: every attempt and every wait of it, together.
public struct Deadline: Sendable {
    /// The whole allowance in seconds, as the user set it (`--timeout`); failures name it.
    public let seconds: Double
    let end: ContinuousClock.Instant

    /// A deadline `seconds` after `now` (the clock's present unless a test gives an instant).
    public init(seconds: Double, now: ContinuousClock.Instant = .now) {
        self.seconds = seconds
        let milliseconds = seconds.isFinite ? min(max(0, seconds), 86_400 * 365) * 1000 : 0
        end = now + .milliseconds(Int64(milliseconds))
    }

    /// Seconds left; zero or less once it has passed.
    public var remaining: Double { remaining(at: .now) }

    /// Seconds left at `now`; zero or less once it has passed.
    public func remaining(at now: ContinuousClock.Instant) -> Double { now.duration(to: end).seconds }
}

extension Duration {
    /// The duration in seconds as a Double.
    var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }
}
