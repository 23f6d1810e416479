import FoundationEssentials
import Glibc
import PaletteCore
import ProviderKit

/// Where and how the client talks to Ollama's native API.
public struct OllamaConfiguration: ModelConfiguration {
    /// A small model with JSON-schema output that most Ollama users have pulled; others name
    /// theirs with `--model`.
    public static let defaultModel = "llama3.2"
    public static let defaultHost = URL(string: "http://127.0.0.1:11434")!
    public static let defaultTimeout: Double = 120
    /// Ollama's cloud API key, for ollama.com; a local server needs none.
    public static let keyVariables = ["OLLAMA_API_KEY"]
    public static let endpointSettings = ["--endpoint", "OLLAMA_HOST"]

    public var host: URL
    public var model: String
    public var apiKey: APIKey?
    public var timeout: Double
    public var retry: RetryPolicy
    public var maxResponseBytes: Int

    public init(
        host: URL = defaultHost, model: String = defaultModel, apiKey: APIKey? = nil,
        timeout: Double = defaultTimeout, retry: RetryPolicy = RetryPolicy(), maxResponseBytes: Int = 4 * 1_048_576
    ) {
        self.host = host
        self.model = model.trimmedSpaces()
        self.apiKey = apiKey
        self.timeout = timeout
        self.retry = retry
        self.maxResponseBytes = maxResponseBytes
    }

    public var secrets: [APIKey] { apiKey.map { [$0] } ?? [] }

    /// `{host}/api/chat`.
    public func chatURL() throws(ProviderFailure) -> URL {
        guard !model.isEmpty, !model.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ProviderFailure(provider: OllamaClient.providerID, .modelNotFound(model: model, available: []))
        }
        return try url("/api/chat")
    }

    /// `{host}/api/tags`: the models pulled, which a missing model's failure lists.
    public func tagsURL() throws(ProviderFailure) -> URL { try url("/api/tags") }

    /// `{host}/api/version`, which `providers --check` asks.
    public func versionURL() throws(ProviderFailure) -> URL { try url("/api/version") }

    private func url(_ path: String) throws(ProviderFailure) -> URL {
        try EndpointURL.make(
            host, appending: path, provider: OllamaClient.providerID, settings: OllamaConfiguration.endpointSettings)
    }

    /// The server an `OLLAMA_HOST` value names, read as Ollama itself reads it: quotes and
    /// spaces trimmed; `host`, `host:port`, `:port` or `scheme://host[:port][/path]`; without a
    /// scheme, http and port 11434; with one, its own default port; trailing slashes dropped.
    /// The any-address `0.0.0.0` (or `::`), which people set so the server listens everywhere,
    /// is reached on loopback. Nil for text that names no server.
    public static func host(fromEnvironment value: String) -> URL? {
        var text = value.trimmedSpaces()
        text = text.trimming("\"'").trimmedSpaces()
        guard !text.isEmpty else { return nil }
        var scheme = "http"
        var defaultPort = "11434"
        if let range = text.scalarRange(of: "://") {
            scheme = text[..<range.lowerBound].lowercased()
            text = String(text[range.upperBound...])
            switch scheme {
            case "http": defaultPort = "80"
            case "https": defaultPort = "443"
            default: return nil
            }
        }
        while text.hasSuffix("/") { text.removeLast() }
        var path = ""
        if let slash = text.firstIndex(of: "/") {
            path = String(text[slash...])
            text = String(text[..<slash])
        }
        var host = text
        var port = defaultPort
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":") { port = String(rest.dropFirst()) } else if !rest.isEmpty { return nil }
        } else if let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon {
            host = String(text[..<colon])
            port = String(text[text.index(after: colon)...])
        }
        if host.isEmpty || host == "0.0.0.0" { host = "127.0.0.1" }
        if host == "::" { host = "::1" }
        guard let number = Int(port), (1...65535).contains(number) else { return nil }
        let shown = host.contains(":") ? "[\(host)]" : host
        guard let url = URL(string: "\(scheme)://\(shown):\(number)\(path)"), url.host != nil, url.query == nil else {
            return nil
        }
        return url
    }
}

extension OllamaConfiguration: CustomStringConvertible {
    public var description: String {
        "OllamaConfiguration(model: \(model), host: \(host.absoluteString))"
    }
}

extension OllamaClient {
    /// Ollama as the program's provider list holds it. `OLLAMA_HOST` or a `[providers.ollama]`
    /// section configures it; the default host alone does not (knowing whether Ollama runs
    /// there would take a probe at start-up). Its endpoint is read as Ollama reads `OLLAMA_HOST`.
    public static let descriptor = ProviderDescriptor(
        facts: ProviderFacts(
            id: providerID, label: "Ollama", keyVariables: OllamaConfiguration.keyVariables,
            endpointVariable: "OLLAMA_HOST", defaultModel: OllamaConfiguration.defaultModel,
            defaultEndpoint: OllamaConfiguration.defaultHost.absoluteString, configuredBy: [.endpoint, .section]),
        readEndpoint: { OllamaConfiguration.host(fromEnvironment: $0) },
        probe: ProviderProbe(path: "/api/version"),
        make: { settings, warmUp throws(ProviderSetupError) in
            let client = OllamaClient(
                configuration: OllamaConfiguration(
                    host: try settings.url(), model: settings.model, apiKey: settings.key,
                    timeout: settings.timeout ?? OllamaConfiguration.defaultTimeout))
            if let warmUp { client.warmUp(after: warmUp) }
            return client
        })
}
