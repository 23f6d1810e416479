import FoundationEssentials
import Glibc
import PaletteConfig
import PaletteCore
import ProviderKit

/// The provider options of a command line: `--provider`, `--model`, `--endpoint`, `--timeout`,
/// as written (nil when not given).
public struct ProviderOptions: Equatable, Sendable {
    public var provider: String?
    public var model: String?
    public var endpoint: String?
    public var timeout: String?

    public init(provider: String? = nil, model: String? = nil, endpoint: String? = nil, timeout: String? = nil) {
        self.provider = provider
        self.model = model
        self.endpoint = endpoint
        self.timeout = timeout
    }
}

/// Which provider and how to reach it, resolved once from options, the environment and the
/// settings file; `ProviderCatalog.make` builds it.
public struct ProviderPlan: Equatable, Sendable {
    /// The provider's id.
    public var provider: String
    /// Named by option, environment or file: used alone, no fallback.
    public var named: Bool
    /// The model: the one chosen, else the provider's default; nil for the offline engine.
    public var model: String?
    /// Whether the user named the model (option, environment or file); a default is not chosen,
    /// so Gemini may move it on when it is retired.
    public var modelChosen = false
    /// The endpoint text and where it came from (an option or variable name, "config.toml",
    /// or "default").
    public var endpoint: String?
    public var endpointSource: String
    /// The variables the key is read from, in order.
    public var keyVariables: [String]
    public var timeout: Double?
}

/// What is wrong with the provider settings; the command line words each.
public enum ProviderPlanError: Error, Equatable, Sendable {
    /// A provider name that is not in the list, from `source` (an option, a variable or the file).
    case unknownProvider(String, source: String, choices: [String])
    /// `--timeout` that is not a number of seconds above 0 and at most 3600.
    case badTimeout(String)
    /// `PALETTE_TUI_TIMEOUT` likewise.
    case badTimeoutVariable(String)
    /// The model chosen is blank; `example` is the provider's default.
    case blankModel(example: String)
}

/// Why a provider could not be made: its settings, or the provider's own set-up.
public enum ProviderMakeError: Error, Equatable, Sendable {
    case plan(ProviderPlanError)
    case setup(ProviderSetupError)
}

/// The program's providers, and everything decided from their list: the names a user may
/// give, the automatic choice, each provider's settings and the provider itself.
///
/// Every setting is taken from the first of: its option, its environment variable, the settings
/// file (`[providers.ID]` for a provider's model, endpoint and key variable), its default.
///
/// | setting  | option       | environment                    | file                    |
/// |----------|--------------|--------------------------------|-------------------------|
/// | provider | `--provider` | `PALETTE_TUI_PROVIDER`         | `provider`              |
/// | model    | `--model`    | `PALETTE_TUI_MODEL`            | `providers.ID.model`    |
/// | endpoint | `--endpoint` | the provider's endpoint variable | `providers.ID.endpoint` |
/// | timeout  | `--timeout`  | `PALETTE_TUI_TIMEOUT`          | `timeout`               |
///
/// Keys come from the environment only, never from an option or the file (which may name the
/// variable: `providers.ID.api_key_env`), so they stay out of shell history, process listings
/// and dotfile repositories.
///
/// One rule for every provider on falling back: a provider named anywhere (option, environment
/// or file) is used alone, never silently replaced; only the automatic choice falls back to the
/// provider that needs nothing (the offline engine) when the chosen one fails for a reason the
/// user cannot fix now. The automatic choice is the first provider in the list that is
/// configured (`isConfigured`), else the one that needs nothing; nothing is probed on the
/// network to decide it.
public struct ProviderCatalog: Sendable {
    /// In list order: the automatic choice tries them in this order.
    public let descriptors: [ProviderDescriptor]

    /// The catalogue of `descriptors`, of which exactly one needs nothing (the last resort).
    public init(_ descriptors: [ProviderDescriptor]) {
        precondition(descriptors.filter(\.facts.needsNothing).count == 1, "one provider must need nothing")
        precondition(Set(descriptors.map(\.id)).count == descriptors.count, "provider ids are unique")
        self.descriptors = descriptors
    }

    /// The program's own: `providerList`.
    public static let standard = ProviderCatalog(providerList)

    /// Every id, in list order: the names `--provider`, `PALETTE_TUI_PROVIDER` and the file take.
    public var ids: [String] { descriptors.map(\.id) }
    public var facts: [ProviderFacts] { descriptors.map(\.facts) }
    /// The one that needs nothing: the automatic choice's last resort and the fallback.
    public var lastResort: ProviderDescriptor { descriptors.first(where: \.facts.needsNothing)! }

    public func descriptor(_ id: String) -> ProviderDescriptor? { descriptors.first { $0.id == id } }

    /// The key variables of a provider: the one the file names, else the provider's own.
    public func keyVariables(_ provider: ProviderDescriptor, config: ConfigFile?) -> [String] {
        if let named = config?.providers[provider.id]?.apiKeyVariable { return [named] }
        return provider.facts.keyVariables
    }

    /// Whether a provider counts as configured for the automatic choice, judged from the
    /// environment and the file alone, by its `configuredBy`.
    public func isConfigured(_ provider: ProviderDescriptor, environment: [String: String], config: ConfigFile?)
        -> Bool
    {
        let facts = provider.facts
        guard !facts.needsNothing else { return true }
        let section = config?.providers[provider.id]
        return facts.configuredBy.contains { evidence in
            switch evidence {
            case .key:
                return APIKey.from(environment: environment, variables: keyVariables(provider, config: config)) != nil
            case .endpoint:
                return present(facts.endpointVariable.flatMap { environment[$0] }) != nil
                    || present(section?.endpoint) != nil
            case .section:
                return section != nil
            }
        }
    }

    /// The plan the options, environment and file describe.
    public func plan(_ options: ProviderOptions, environment: [String: String], config: ConfigFile?)
        throws(ProviderPlanError) -> ProviderPlan
    {
        var chosen: ProviderDescriptor?
        for (raw, source) in [
            (options.provider, "--provider"), (present(environment["PALETTE_TUI_PROVIDER"]), "PALETTE_TUI_PROVIDER"),
            (config?.provider, "config.toml"),
        ] {
            guard let raw else { continue }
            guard let found = descriptor(raw) else { throw .unknownProvider(raw, source: source, choices: ids) }
            chosen = found
            break
        }
        let resolved =
            chosen
            ?? descriptors.first {
                !$0.facts.needsNothing && isConfigured($0, environment: environment, config: config)
            } ?? lastResort
        let facts = resolved.facts
        let section = config?.providers[resolved.id]
        var plan = ProviderPlan(
            provider: resolved.id, named: chosen != nil, model: nil, endpoint: nil, endpointSource: "default",
            keyVariables: keyVariables(resolved, config: config), timeout: nil)
        // Checked whichever provider runs, offline too: a script's typo is caught before it
        // reaches a key.
        if let raw = options.timeout ?? present(environment["PALETTE_TUI_TIMEOUT"]) {
            guard let seconds = Double(raw), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw options.timeout != nil ? .badTimeout(raw) : .badTimeoutVariable(raw)
            }
            plan.timeout = seconds
        } else {
            plan.timeout = config?.timeout
        }
        guard !facts.needsNothing else { return plan }
        let chosenModel = options.model ?? present(environment["PALETTE_TUI_MODEL"]) ?? present(section?.model)
        plan.model = chosenModel ?? facts.defaultModel
        plan.modelChosen = chosenModel != nil
        if let model = plan.model, model.trimmedSpaces().isEmpty {
            throw .blankModel(example: facts.defaultModel ?? "")
        }
        if let flag = options.endpoint {
            (plan.endpoint, plan.endpointSource) = (flag, "--endpoint")
        } else if let variable = facts.endpointVariable, let value = present(environment[variable]) {
            (plan.endpoint, plan.endpointSource) = (value, variable)
        } else if let value = present(section?.endpoint) {
            (plan.endpoint, plan.endpointSource) = (value, "config.toml")
        } else {
            plan.endpoint = facts.defaultEndpoint
        }
        return plan
    }

    /// The settings `plan` hands its provider, the key read from `environment`.
    public func settings(_ plan: ProviderPlan, environment: [String: String]) -> ProviderSettings? {
        guard let provider = descriptor(plan.provider) else { return nil }
        return ProviderSettings(
            model: plan.model ?? provider.facts.defaultModel ?? "", modelChosen: plan.modelChosen,
            endpoint: plan.endpoint ?? provider.facts.defaultEndpoint ?? "", endpointSource: plan.endpointSource,
            key: APIKey.from(environment: environment, variables: plan.keyVariables), keyVariables: plan.keyVariables,
            timeout: plan.timeout, readEndpoint: provider.readEndpoint)
    }

    /// The provider `plan` describes. A provider that needs something is wrapped in
    /// `AccessibleProvider`, so an accessibility constraint is met by repairing its answer (with
    /// a note); the one that needs nothing meets it by construction. Chosen automatically
    /// (nothing named), it falls back to the one that needs nothing.
    ///
    /// With `warmUp`, a client sets its HTTP stack up in the background that long after it is
    /// built (see `HTTPPaletteClient.warmUp`).
    public func make(_ plan: ProviderPlan, environment: [String: String], warmUp: Duration?)
        throws(ProviderSetupError) -> any PaletteProvider
    {
        guard let provider = descriptor(plan.provider), let settings = settings(plan, environment: environment)
        else {
            preconditionFailure("a plan names a provider of its own catalogue")
        }
        let client = try provider.make(settings, warmUp)
        if provider.facts.needsNothing { return client }
        if plan.named { return AccessibleProvider(client) }
        let fallback = try lastResort.make(settings, nil)
        return FallbackProvider(primary: AccessibleProvider(client), fallback: fallback)
    }

    /// The plan for these options, environment and file, and its provider.
    public func make(
        _ options: ProviderOptions, environment: [String: String], config: ConfigFile?, warmUp: Duration?
    ) throws(ProviderMakeError) -> any PaletteProvider {
        let plan: ProviderPlan
        do {
            plan = try self.plan(options, environment: environment, config: config)
        } catch {
            throw .plan(error)
        }
        do {
            return try make(plan, environment: environment, warmUp: warmUp)
        } catch {
            throw .setup(error)
        }
    }
}

/// `value` unless it is empty or blank.
func present(_ value: String?) -> String? {
    guard let value, !value.trimmedSpaces().isEmpty else { return nil }
    return value
}
