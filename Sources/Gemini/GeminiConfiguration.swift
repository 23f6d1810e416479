import FoundationEssentials
import Glibc
import PaletteCore
import ProviderKit

/// Where and how the client talks to Gemini.
public struct GeminiConfiguration: ModelConfiguration {
    /// The current GA Flash-Lite (July 2026; no shutdown date announced). When it is retired,
    /// a client whose user did not choose a model moves to the newest Flash-Lite the service
    /// lists (`GeminiClient`), so the default outlives the next retirement.
    public static let defaultModel = "gemini-3.5-flash-lite"
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
    /// Whether the user named the model (an option, the environment, a file). A chosen model
    /// is never replaced: when it is not found, the failure lists the models that can be used.
    /// The default is replaced by the newest Flash-Lite, with a note saying so.
    public var modelChosen: Bool
    /// Scheme, host, optional port and path prefix; `/v1beta/models/...` is appended.
    public var baseURL: URL
    /// Seconds for the whole generation, attempts and waits included.
    public var timeout: Double
    public var retry: RetryPolicy
    /// The largest response body accepted; a palette answer is a few kilobytes.
    public var maxResponseBytes: Int
    public var secrets: [APIKey] { [apiKey] }

    /// - Parameter model: the user's model, or nil for the default (which may be replaced
    ///   when it is retired; see `modelChosen`).
    public init(
        apiKey: APIKey, model: String? = nil, baseURL: URL = defaultBaseURL,
        timeout: Double = defaultTimeout, retry: RetryPolicy = RetryPolicy(),
        maxResponseBytes: Int = 4 * 1_048_576
    ) {
        self.apiKey = apiKey
        modelChosen = model != nil
        self.model = GeminiConfiguration.modelID(model ?? GeminiConfiguration.defaultModel)
        self.baseURL = baseURL
        self.timeout = timeout
        self.retry = retry
        self.maxResponseBytes = maxResponseBytes
    }

    /// A model as the user or a model list names it, without the `models/` prefix.
    public static func modelID(_ name: String) -> String {
        let trimmed = name.trimmedSpaces()
        return trimmed.hasPrefix("models/") ? String(trimmed.dropFirst("models/".count)) : trimmed
    }

    /// Whether `id` can go into a URL path as a model: letters, digits, `-`, `.` and `_` only.
    static func isUsableModelID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 128
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                    return true
                default: return false
                }
            }
    }

    /// `{base}/v1beta/models`, the list of models (paginated); never carries the key.
    public func modelsURL(pageToken: String? = nil) throws(ProviderFailure) -> URL {
        let base = try baseURLText()
        var components = URLComponents(string: "\(base)/v1beta/models")
        components?.queryItems =
            [URLQueryItem(name: "pageSize", value: "1000")]
            + (pageToken.map { [URLQueryItem(name: "pageToken", value: $0)] } ?? [])
        guard let url = components?.url else { throw badEndpoint }
        return url
    }

    private var badEndpoint: ProviderFailure {
        ProviderFailure(
            provider: GeminiClient.providerID,
            .invalidEndpoint(baseURL.absoluteString, settings: GeminiConfiguration.endpointSettings))
    }

    /// The base URL without trailing slashes, once it is known to be usable.
    private func baseURLText() throws(ProviderFailure) -> String {
        guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
            baseURL.host != nil, baseURL.query == nil
        else {
            throw badEndpoint
        }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// `{base}/v1beta/models/{model}:generateContent`; never carries the key.
    public func generateContentURL() throws(ProviderFailure) -> URL {
        try generateContentURL(model: model)
    }

    /// The generateContent URL for another model of the same service.
    public func generateContentURL(model: String) throws(ProviderFailure) -> URL {
        let base = try baseURLText()
        guard GeminiConfiguration.isUsableModelID(model) else {
            throw ProviderFailure(provider: GeminiClient.providerID, .modelNotFound(model: model, available: []))
        }
        guard let url = URL(string: "\(base)/v1beta/models/\(model):generateContent") else {
            throw badEndpoint
        }
        return url
    }
}

extension GeminiConfiguration: CustomStringConvertible {
    public var description: String {
        let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : cFormat("%.1f", timeout)
        return "GeminiConfiguration(model: \(model), endpoint: \(baseURL.absoluteString), timeout: \(seconds) s)"
    }
}

extension GeminiClient {
    /// Gemini as the program's provider list holds it.
    public static let descriptor = ProviderDescriptor(
        facts: ProviderFacts(
            id: providerID, label: "Gemini", keyVariables: GeminiConfiguration.keyVariables,
            endpointVariable: "GEMINI_BASE_URL", defaultModel: GeminiConfiguration.defaultModel,
            defaultEndpoint: GeminiConfiguration.defaultBaseURL.absoluteString, configuredBy: [.key]),
        probe: ProviderProbe(path: "/v1beta/models?pageSize=1", keyHeader: "x-goog-api-key", keyPrefix: ""),
        make: { settings, warmUp throws(ProviderSetupError) in
            guard let key = settings.key else {
                throw .failure(ProviderFailure(provider: providerID, .missingAPIKey(variables: settings.keyVariables)))
            }
            // A model nobody chose (the default) may move on when it is retired; a chosen one never does.
            let configuration = GeminiConfiguration(
                apiKey: key, model: settings.modelChosen ? settings.model : nil, baseURL: try settings.url(),
                timeout: settings.timeout ?? GeminiConfiguration.defaultTimeout)
            guard (try? configuration.generateContentURL()) != nil else {
                throw .badModel(settings.model, example: GeminiConfiguration.defaultModel)
            }
            let client = GeminiClient(configuration: configuration)
            if let warmUp { client.warmUp(after: warmUp) }
            return client
        })
}
