import Foundation
import PaletteCore
import ProviderKit

/// Where and how the client talks to Gemini.
public struct GeminiConfiguration: Sendable {
    public static let defaultModel = "gemini-2.5-flash-lite"
    public static let defaultBaseURL = URL(string: "https://generativelanguage.googleapis.com")!
    /// The default overall deadline: every attempt and every wait together.
    public static let defaultTimeout: Double = 60
    /// Where the key is looked for, in order: `GEMINI_API_KEY`, then `GOOGLE_API_KEY` (the name
    /// Google's SDKs read).
    public static let keyVariables = ["GEMINI_API_KEY", "GOOGLE_API_KEY"]
    /// Where the endpoint can be set, for a failure that names them.
    public static let endpointSettings = ["--endpoint", "GEMINI_BASE_URL"]

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

    public init(
        apiKey: APIKey, model: String = defaultModel, baseURL: URL = defaultBaseURL,
        timeout: Double = defaultTimeout, retry: RetryPolicy = RetryPolicy(),
        maxResponseBytes: Int = 4 * 1_048_576
    ) {
        self.apiKey = apiKey
        let trimmed = model.trimmingCharacters(in: .whitespaces)
        self.model = trimmed.hasPrefix("models/") ? String(trimmed.dropFirst("models/".count)) : trimmed
        self.baseURL = baseURL
        self.timeout = timeout
        self.retry = retry
        self.maxResponseBytes = maxResponseBytes
    }

    /// `{base}/v1beta/models/{model}:generateContent`; never carries the key.
    public func generateContentURL() throws(ProviderFailure) -> URL {
        let badEndpoint = ProviderFailure(
            provider: GeminiClient.providerID,
            .invalidEndpoint(baseURL.absoluteString, settings: GeminiConfiguration.endpointSettings))
        guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
            baseURL.host != nil, baseURL.query == nil
        else {
            throw badEndpoint
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._"))
        guard !model.isEmpty, model.unicodeScalars.allSatisfy({ allowed.contains($0) }) else {
            throw ProviderFailure(provider: GeminiClient.providerID, .modelNotFound(model: model, available: []))
        }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: "\(base)/v1beta/models/\(model):generateContent") else {
            throw badEndpoint
        }
        return url
    }
}

extension GeminiConfiguration: CustomStringConvertible {
    public var description: String {
        let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(format: "%.1f", timeout)
        return "GeminiConfiguration(model: \(model), endpoint: \(baseURL.absoluteString), timeout: \(seconds) s)"
    }
}
