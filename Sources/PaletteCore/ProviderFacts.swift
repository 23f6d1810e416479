/// What can be said about a provider without building it: its id, where its settings come
/// from and its defaults. Each provider module states its own (in its `ProviderDescriptor`);
/// the command table's help, the man page, the settings file's names and the automatic choice
/// read them from the one provider list, so no second copy of a provider's facts exists.
public struct ProviderFacts: Hashable, Sendable {
    /// What makes a provider count as configured for the automatic choice.
    public enum Evidence: Hashable, Sendable {
        /// A key in one of its key variables.
        case key
        /// An endpoint in its endpoint variable or in its `[providers.ID]` section.
        case endpoint
        /// A `[providers.ID]` section in the settings file, whatever it holds.
        case section
    }

    /// The id a user names (`--provider gemini`), shown in results and stored in history.
    public var id: String
    /// The name in English where no catalogue word exists for the id (`Gemini`).
    public var label: String
    /// Where the key is looked for, in order, unless the settings file names another variable.
    public var keyVariables: [String]
    /// The environment variable holding the endpoint (`GEMINI_BASE_URL`), if it has one.
    public var endpointVariable: String?
    public var defaultModel: String?
    public var defaultEndpoint: String?
    /// Any one of these makes it configured; none at all means it needs nothing (the offline
    /// engine), and it is then the automatic choice's last resort and the fallback.
    public var configuredBy: [Evidence]

    public init(
        id: String, label: String, keyVariables: [String] = [], endpointVariable: String? = nil,
        defaultModel: String? = nil, defaultEndpoint: String? = nil, configuredBy: [Evidence]
    ) {
        self.id = id
        self.label = label
        self.keyVariables = keyVariables
        self.endpointVariable = endpointVariable
        self.defaultModel = defaultModel
        self.defaultEndpoint = defaultEndpoint
        self.configuredBy = configuredBy
    }

    /// Needs nothing to run: no key, no endpoint, no network (the offline engine).
    public var needsNothing: Bool { configuredBy.isEmpty }

    /// The variables that would configure it, as `providers` lists them when it is not: the
    /// key variables in use (`keys`, the file may name its own) when a key counts, then its
    /// endpoint variable when an endpoint counts.
    public func configuringVariables(keys: [String]) -> [String] {
        var out: [String] = []
        if configuredBy.contains(.key) { out += keys }
        if configuredBy.contains(.endpoint), let endpointVariable { out.append(endpointVariable) }
        return out
    }
}
