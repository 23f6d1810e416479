import FoundationEssentials
import Glibc
import PaletteCore

/// The settings one provider is built from, resolved once (option > environment > file >
/// default) by whoever holds the provider list, and handed to `ProviderDescriptor.make`.
public struct ProviderSettings: Sendable, Equatable {
    /// The model to ask for: the one chosen, else the provider's default.
    public var model: String
    /// Whether the user named the model (an option, the environment or the file); a default is
    /// not chosen, so a provider may move it on when it is retired.
    public var modelChosen: Bool
    /// The endpoint as written and where it came from (an option or variable name,
    /// `config.toml`, or `default`); `url()` reads it.
    public var endpoint: String
    public var endpointSource: String
    /// The key, when one of `keyVariables` holds one.
    public var key: APIKey?
    /// The variables the key was looked for in, named when a key is missing.
    public var keyVariables: [String]
    /// Seconds for one whole generation, or nil for the provider's default.
    public var timeout: Double?

    /// How the provider reads an endpoint (its descriptor's `readEndpoint`).
    let readEndpoint: @Sendable (String) -> URL?

    public init(
        model: String, modelChosen: Bool, endpoint: String, endpointSource: String, key: APIKey?,
        keyVariables: [String], timeout: Double?, readEndpoint: @escaping @Sendable (String) -> URL?
    ) {
        self.model = model
        self.modelChosen = modelChosen
        self.endpoint = endpoint
        self.endpointSource = endpointSource
        self.readEndpoint = readEndpoint
        self.key = key
        self.keyVariables = keyVariables
        self.timeout = timeout
    }

    /// The endpoint as a URL, or `badEndpoint` naming where it came from.
    public func url() throws(ProviderSetupError) -> URL {
        guard let url = readEndpoint(endpoint) else { throw .badEndpoint(endpoint, source: endpointSource) }
        return url
    }

    public static func == (a: ProviderSettings, b: ProviderSettings) -> Bool {
        (a.model, a.modelChosen, a.endpoint, a.endpointSource) == (b.model, b.modelChosen, b.endpoint, b.endpointSource)
            && (a.key, a.keyVariables, a.timeout) == (b.key, b.keyVariables, b.timeout)
    }
}

/// Why a provider could not be built from its settings.
public enum ProviderSetupError: Error, Equatable, Sendable {
    /// Something the provider needs is missing (`missingAPIKey`): reported as a provider
    /// failure, exit status 1.
    case failure(ProviderFailure)
    /// The model cannot be put in a request (`example` is a model id that can): a usage error.
    case badModel(String, example: String)
    /// The endpoint from `source` (an option, a variable or `config.toml`) names no usable
    /// server: a usage error.
    case badEndpoint(String, source: String)
}

/// How `providers --check` asks a service whether it answers: one GET that generates nothing.
public struct ProviderProbe: Sendable {
    /// Appended to the endpoint (`/models`).
    public var path: String
    /// The header the key travels in and what goes before it.
    public var keyHeader: String
    public var keyPrefix: String

    public init(path: String, keyHeader: String = "Authorization", keyPrefix: String = "Bearer ") {
        self.path = path
        self.keyHeader = keyHeader
        self.keyPrefix = keyPrefix
    }
}

/// One provider as the rest of the program sees it: its facts, how its endpoint is read, how
/// it is probed and how it is built. Each provider module exports one (`Gemini.descriptor`);
/// the program holds the list of them, and adding a provider is a new module and one line there.
public struct ProviderDescriptor: Sendable {
    public var facts: ProviderFacts
    /// The endpoint text (an option, a variable, the file or the default) as a URL, or nil
    /// when it names no usable server.
    public var readEndpoint: @Sendable (String) -> URL?
    /// How `providers --check` asks it; nil for a provider that has no server.
    public var probe: ProviderProbe?
    /// The client for `settings`. With `warmUp`, the client sets its HTTP stack up in the
    /// background after that delay (see `HTTPProviderClient.warmUp`).
    public var make: @Sendable (ProviderSettings, _ warmUp: Duration?) throws(ProviderSetupError) -> any PaletteProvider

    public init(
        facts: ProviderFacts, readEndpoint: @escaping @Sendable (String) -> URL? = ProviderDescriptor.httpURL,
        probe: ProviderProbe?,
        make: @escaping @Sendable (ProviderSettings, Duration?) throws(ProviderSetupError) -> any PaletteProvider
    ) {
        self.facts = facts
        self.readEndpoint = readEndpoint
        self.probe = probe
        self.make = make
    }

    public var id: String { facts.id }

    /// An http or https URL with a host and no query: how most providers read an endpoint.
    public static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil, url.query == nil
        else { return nil }
        return url
    }
}
