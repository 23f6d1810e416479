import Foundation

/// An API key that never shows itself.
///
/// `description`, `debugDescription` and reflection all print a placeholder, so a key that
/// ends up in string interpolation, `dump`, an error or a log line reveals nothing.
public struct APIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    let secret: String

    /// Nil for an empty or all-blank key, so an empty variable counts as no key.
    public init?(_ secret: String) {
        let trimmed = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        self.secret = trimmed
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// `text` with every occurrence of the key replaced, for server messages that echo it.
    func redact(_ text: String) -> String {
        text.replacingOccurrences(of: secret, with: "<redacted>")
    }
}

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
    /// (capped), so clients that failed together do not retry together. A server `retryDelay`
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

/// Where and how the client talks to Gemini.
public struct GeminiConfiguration: Sendable {
    public static let defaultModel = "gemini-2.5-flash-lite"
    public static let defaultBaseURL = URL(string: "https://generativelanguage.googleapis.com")!
    /// The default overall deadline: every attempt and every wait together.
    public static let defaultTimeout: Double = 60

    public var apiKey: APIKey
    /// The model id without the `models/` prefix.
    public var model: String
    /// Scheme, host, optional port and path prefix; `/v1beta/models/...` is appended.
    public var baseURL: URL
    /// Seconds for the whole generation, attempts and waits included.
    public var timeout: Double
    public var retry: RetryPolicy
    /// The largest response body accepted; a palette answer is a few kilobytes.
    public var maxResponseBytes: Int

    public init(apiKey: APIKey, model: String = defaultModel, baseURL: URL = defaultBaseURL,
                timeout: Double = defaultTimeout, retry: RetryPolicy = RetryPolicy(),
                maxResponseBytes: Int = 4 * 1_048_576) {
        self.apiKey = apiKey
        let trimmed = model.trimmingCharacters(in: .whitespaces)
        self.model = trimmed.hasPrefix("models/") ? String(trimmed.dropFirst("models/".count)) : trimmed
        self.baseURL = baseURL
        self.timeout = timeout
        self.retry = retry
        self.maxResponseBytes = maxResponseBytes
    }

    /// `{base}/v1beta/models/{model}:generateContent`; never carries the key.
    public func generateContentURL() throws(GeminiError) -> URL {
        guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
              baseURL.host != nil, baseURL.query == nil else {
            throw .invalidEndpoint(baseURL.absoluteString)
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._"))
        guard !model.isEmpty, model.unicodeScalars.allSatisfy({ allowed.contains($0) }) else {
            throw .modelNotFound(model: model)
        }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: "\(base)/v1beta/models/\(model):generateContent") else {
            throw .invalidEndpoint(baseURL.absoluteString)
        }
        return url
    }
}
