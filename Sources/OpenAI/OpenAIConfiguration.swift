import FoundationEssentials
import Glibc
import PaletteCore
import ProviderKit

/// Where and how the client talks to an OpenAI-compatible server: OpenAI itself, llama.cpp's
/// `llama-server`, vLLM, LM Studio, Ollama's `/v1`, or any other Chat Completions server.
public struct OpenAIConfiguration: ModelConfiguration {
    /// The model OpenAI names as the replacement for gpt-4.1-mini (which shuts down on 2027-01-14; see
    /// docs/decisions.md, 2026-12-03), asked for as `RequestDialect.gpt6Luna` on OpenAI's own
    /// API; local servers name theirs with `--model` (llama.cpp answers with whatever it
    /// loaded, whatever the name, and gets the portable body).
    public static let defaultModel = "gpt-6-luna"
    public static let defaultBaseURL = URL(string: "https://api.openai.com/v1")!
    public static let defaultTimeout: Double = 60
    /// Where the key is looked for. Local servers need none, so no key is not an error.
    public static let keyVariables = ["OPENAI_API_KEY"]
    /// Where the base URL can be set, for a failure that names them.
    public static let endpointSettings = ["--endpoint", "OPENAI_BASE_URL"]

    /// Nil for a server that needs no key; sent only as `Authorization: Bearer`.
    public var apiKey: APIKey?
    public var model: String
    /// Up to and including the API version (`https://api.openai.com/v1`,
    /// `http://127.0.0.1:8080/v1`); `/chat/completions` is appended.
    public var baseURL: URL
    /// Seconds for the whole generation, attempts, downgrades and waits included.
    public var timeout: Double
    public var retry: RetryPolicy
    public var maxResponseBytes: Int
    /// The variables the key was looked for in, named when a server asks for one.
    public var keyVariables: [String]
    /// Whether `baseURL` is OpenAI's own API; nil: when its host is `api.openai.com`.
    public var openAIsOwnAPI: Bool?

    public init(
        apiKey: APIKey?, model: String = defaultModel, baseURL: URL = defaultBaseURL,
        timeout: Double = defaultTimeout, retry: RetryPolicy = RetryPolicy(),
        maxResponseBytes: Int = 4 * 1_048_576, keyVariables: [String] = keyVariables, openAIsOwnAPI: Bool? = nil
    ) {
        self.apiKey = apiKey
        self.model = model.trimmedSpaces()
        self.baseURL = baseURL
        self.timeout = timeout
        self.retry = retry
        self.maxResponseBytes = maxResponseBytes
        self.keyVariables = keyVariables
        self.openAIsOwnAPI = openAIsOwnAPI
    }

    /// OpenAI's own API: its host (any path, any case), not a proxy or a local server.
    public static func isOpenAIsOwnAPI(_ url: URL) -> Bool {
        url.host?.lowercased() == defaultBaseURL.host
    }

    public var isOpenAIsOwnAPI: Bool { openAIsOwnAPI ?? Self.isOpenAIsOwnAPI(baseURL) }

    /// How the body is spelled: as OpenAI documents the model on its own API, else portable.
    public var dialect: RequestDialect {
        isOpenAIsOwnAPI ? RequestDialect.documented[model] ?? .portable : .portable
    }

    public var secrets: [APIKey] { apiKey.map { [$0] } ?? [] }

    /// `{base}/chat/completions`; never carries the key.
    public func chatCompletionsURL() throws(ProviderFailure) -> URL {
        try checkedModel()
        return try EndpointURL.make(
            baseURL, appending: "/chat/completions", provider: OpenAIClient.providerID,
            settings: OpenAIConfiguration.endpointSettings)
    }

    /// `{base}/models`, which `providers --check` asks.
    public func modelsURL() throws(ProviderFailure) -> URL {
        try EndpointURL.make(
            baseURL, appending: "/models", provider: OpenAIClient.providerID,
            settings: OpenAIConfiguration.endpointSettings)
    }

    /// A model name is sent in the body, so anything printable goes; blank is a mistake.
    func checkedModel() throws(ProviderFailure) {
        guard !model.isEmpty, !model.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ProviderFailure(provider: OpenAIClient.providerID, .modelNotFound(model: model, available: []))
        }
    }
}

extension OpenAIConfiguration: CustomStringConvertible {
    public var description: String {
        "OpenAIConfiguration(model: \(model), endpoint: \(baseURL.absoluteString), key: \(apiKey == nil ? "none" : "set"))"
    }
}

extension OpenAIClient {
    /// The OpenAI-compatible provider as the program's provider list holds it. A key or a base
    /// URL configures it: local servers need no key.
    public static let descriptor = ProviderDescriptor(
        facts: ProviderFacts(
            id: providerID, label: "OpenAI-compatible server", keyVariables: OpenAIConfiguration.keyVariables,
            endpointVariable: "OPENAI_BASE_URL", defaultModel: OpenAIConfiguration.defaultModel,
            defaultEndpoint: OpenAIConfiguration.defaultBaseURL.absoluteString, configuredBy: [.key, .endpoint]),
        probe: ProviderProbe(path: "/models"),
        make: { settings, warmUp throws(ProviderSetupError) in
            let url = try settings.url()
            if settings.key == nil, OpenAIConfiguration.isOpenAIsOwnAPI(url) {
                throw .failure(ProviderFailure(provider: providerID, .missingAPIKey(variables: settings.keyVariables)))
            }
            let client = OpenAIClient(
                configuration: OpenAIConfiguration(
                    apiKey: settings.key, model: settings.model, baseURL: url,
                    timeout: settings.timeout ?? OpenAIConfiguration.defaultTimeout,
                    keyVariables: settings.keyVariables))
            if let warmUp { client.warmUp(after: warmUp) }
            return client
        })
}
