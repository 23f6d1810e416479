import Foundation
import Gemini
import Ollama
import OpenAI
import PaletteConfig
import PaletteCore
import PaletteEngine
import ProviderKit

/// Which provider and how to reach it, from options, the environment and the settings file:
/// wiring only. What a failure means and when to fall back is ProviderKit's; what it says is
/// PaletteApp's.
///
/// Every setting is taken from the first of: its option, its environment variable, the settings
/// file (`[providers.NAME]` for a provider's model, endpoint and key variable), its default.
///
/// | setting  | option       | environment                                  | file                       |
/// |----------|--------------|----------------------------------------------|----------------------------|
/// | provider | `--provider` | `PALETTE_TUI_PROVIDER`                       | `provider`                 |
/// | model    | `--model`    | `PALETTE_TUI_MODEL`                          | `providers.NAME.model`     |
/// | endpoint | `--endpoint` | `GEMINI_BASE_URL`, `OPENAI_BASE_URL`, `OLLAMA_HOST` | `providers.NAME.endpoint` |
/// | timeout  | `--timeout`  | `PALETTE_TUI_TIMEOUT`                        | `timeout`                  |
///
/// Keys come from the environment only, never from an option or the file (which may name the
/// variable: `providers.NAME.api_key_env`), so they stay out of shell history, process
/// listings and dotfile repositories.
///
/// One rule for every provider on falling back: a provider named anywhere (option,
/// environment or file) is used alone, never silently replaced; only the automatic choice falls
/// back to the offline engine when the provider fails for a reason the user cannot fix now.
/// The automatic choice is the first of gemini, openai, ollama that is configured (`isConfigured`),
/// else the offline engine; nothing is probed on the network to decide it.
struct ProviderOptions {
    var provider: String?
    var model: String?
    var endpoint: String?
    var timeout: String?

    init(_ arguments: Arguments) {
        provider = arguments["provider"]
        model = arguments["model"]
        endpoint = arguments["endpoint"]
        timeout = arguments["timeout"]
    }
}

/// The providers a user can name with `--provider` (`CommandTable.provider` lists the same).
enum ProviderChoice: String, CaseIterable {
    case offline, gemini, openai, ollama

    /// The network providers, in the order the automatic choice tries them.
    static let network: [ProviderChoice] = [.gemini, .openai, .ollama]

    /// Where this provider's key is looked for, unless the file names another variable.
    var defaultKeyVariables: [String] {
        switch self {
        case .offline: return []
        case .gemini: return GeminiConfiguration.keyVariables
        case .openai: return OpenAIConfiguration.keyVariables
        case .ollama: return OllamaConfiguration.keyVariables
        }
    }

    /// The environment variable holding this provider's endpoint.
    var endpointVariable: String? {
        switch self {
        case .offline: return nil
        case .gemini: return "GEMINI_BASE_URL"
        case .openai: return "OPENAI_BASE_URL"
        case .ollama: return "OLLAMA_HOST"
        }
    }

    var defaultModel: String? {
        switch self {
        case .offline: return nil
        case .gemini: return GeminiConfiguration.defaultModel
        case .openai: return OpenAIConfiguration.defaultModel
        case .ollama: return OllamaConfiguration.defaultModel
        }
    }

    var defaultEndpoint: String? {
        switch self {
        case .offline: return nil
        case .gemini: return GeminiConfiguration.defaultBaseURL.absoluteString
        case .openai: return OpenAIConfiguration.defaultBaseURL.absoluteString
        case .ollama: return OllamaConfiguration.defaultHost.absoluteString
        }
    }
}

/// Everything needed to build one provider, resolved from options, environment and file.
struct ProviderPlan: Equatable {
    var choice: ProviderChoice
    /// Named by option, environment or file: used alone, no fallback.
    var named: Bool
    var model: String?
    /// Whether the user named the model (option, environment or file); a default is not chosen,
    /// so Gemini may move it on when it is retired.
    var modelChosen = false
    /// The endpoint text and where it came from (an option or variable name, "config.toml",
    /// or "default").
    var endpoint: String?
    var endpointSource: String
    /// The variables the key is read from, in order.
    var keyVariables: [String]
    var timeout: Double?
}

/// `value` unless it is empty or blank.
private func present(_ value: String?) -> String? {
    guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    return value
}

/// The key variables for `choice`: the one the file names, else the provider's own.
func keyVariables(_ choice: ProviderChoice, config: ConfigFile?) -> [String] {
    if let named = config?.providers[choice.rawValue]?.apiKeyVariable { return [named] }
    return choice.defaultKeyVariables
}

/// Whether a network provider counts as configured for the automatic choice, judged from the
/// environment and the file alone: gemini with a key; openai with a key or a base URL; ollama
/// with `OLLAMA_HOST` or a `[providers.ollama]` section (the default host alone does not count:
/// knowing whether Ollama runs there would take a probe at start-up).
func isConfigured(_ choice: ProviderChoice, environment: [String: String], config: ConfigFile?) -> Bool {
    let hasKey = APIKey.from(environment: environment, variables: keyVariables(choice, config: config)) != nil
    let section = config?.providers[choice.rawValue]
    let hasEndpoint =
        present(choice.endpointVariable.flatMap { environment[$0] }) != nil || present(section?.endpoint) != nil
    switch choice {
    case .offline: return true
    case .gemini: return hasKey
    case .openai: return hasKey || hasEndpoint
    case .ollama: return hasEndpoint || section != nil
    }
}

/// The plan the options, environment and file describe; usage errors for bad values.
func providerPlan(_ options: ProviderOptions, environment: [String: String], config: ConfigFile?) throws -> ProviderPlan
{
    var choice: ProviderChoice?
    var named = false
    for (raw, source) in [
        (options.provider, "--provider"), (present(environment["PALETTE_TUI_PROVIDER"]), "PALETTE_TUI_PROVIDER"),
        (config?.provider, "config.toml"),
    ] {
        guard let raw else { continue }
        guard let parsed = ProviderChoice(rawValue: raw) else {
            throw UsageError(
                "invalid value '\(raw)' for '\(source)': expected "
                    + ProviderChoice.allCases.map(\.rawValue).joined(separator: ", "))
        }
        choice = parsed
        named = true
        break
    }
    let resolved =
        choice ?? ProviderChoice.network.first { isConfigured($0, environment: environment, config: config) }
        ?? .offline
    let section = config?.providers[resolved.rawValue]
    var plan = ProviderPlan(
        choice: resolved, named: named, model: nil, endpoint: nil, endpointSource: "default",
        keyVariables: keyVariables(resolved, config: config), timeout: nil)
    // Checked whichever provider runs, offline too (issue 11 point 14): a script's typo is
    // caught before it reaches a key. --timeout's problem is typed, so worded in the user's language.
    if let raw = options.timeout ?? present(environment["PALETTE_TUI_TIMEOUT"]) {
        guard let seconds = Double(raw), seconds.isFinite, seconds > 0, seconds <= 3600 else {
            if options.timeout != nil { throw UsageError(.badTimeout(raw)) }
            throw UsageError(.badTimeoutVariable(raw))
        }
        plan.timeout = seconds
    } else {
        plan.timeout = config?.timeout
    }
    guard resolved != .offline else { return plan }
    let chosenModel = options.model ?? present(environment["PALETTE_TUI_MODEL"]) ?? present(section?.model)
    plan.model = chosenModel ?? resolved.defaultModel
    plan.modelChosen = chosenModel != nil
    if let model = plan.model, model.trimmingCharacters(in: .whitespaces).isEmpty {
        throw UsageError(.blankModel(example: resolved.defaultModel ?? ""))
    }
    if let flag = options.endpoint {
        (plan.endpoint, plan.endpointSource) = (flag, "--endpoint")
    } else if let variable = resolved.endpointVariable, let value = present(environment[variable]) {
        (plan.endpoint, plan.endpointSource) = (value, variable)
    } else if let value = present(section?.endpoint) {
        (plan.endpoint, plan.endpointSource) = (value, "config.toml")
    } else {
        plan.endpoint = resolved.defaultEndpoint
    }
    return plan
}

/// The endpoint of `plan` as a URL, or a usage error naming where it came from.
private func endpointURL(_ plan: ProviderPlan) throws -> URL {
    let raw = plan.endpoint ?? plan.choice.defaultEndpoint ?? ""
    let bad = UsageError(.badEndpoint(raw, source: plan.endpointSource))
    if plan.choice == .ollama {
        guard let url = OllamaConfiguration.host(fromEnvironment: raw) else { throw bad }
        return url
    }
    guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
        url.host != nil, url.query == nil
    else { throw bad }
    return url
}

/// The Gemini configuration the plan describes.
func geminiConfiguration(_ plan: ProviderPlan, key: APIKey) throws -> GeminiConfiguration {
    let model = plan.model ?? GeminiConfiguration.defaultModel
    // A model nobody chose (the default) may move on when it is retired; a chosen one never does.
    let configuration = GeminiConfiguration(
        apiKey: key, model: plan.modelChosen ? model : nil, baseURL: try endpointURL(plan),
        timeout: plan.timeout ?? GeminiConfiguration.defaultTimeout)
    do {
        _ = try configuration.generateContentURL()
    } catch {
        throw UsageError(
            "invalid value '\(model)' for '--model': use a model id such as \(GeminiConfiguration.defaultModel)")
    }
    return configuration
}

/// Builds the provider the options, environment and file ask for.
///
/// - offline: the offline engine.
/// - gemini: needs a key (`missingAPIKey`, exit 1, without one); openai: a key, unless the
///   endpoint is not OpenAI's own (local servers need none); ollama: nothing.
/// - A network provider is wrapped in `AccessibleProvider`, so an accessibility constraint is
///   met by repairing its answer (with a note); the offline engine meets it by construction.
/// - Chosen automatically (nothing named), it falls back to the offline engine.
///
/// With `warmUp`, a client sets its HTTP stack up in the background `warmUpDelay` after it is
/// built: the app builds it just before drawing its first frame, and a warm-up running beside
/// that frame slowed it, while nobody presses Enter within tens of milliseconds. `generate`,
/// which sends at once, passes false rather than have the warm-up race its request.
func makeProvider(
    _ options: ProviderOptions, environment: [String: String], config: ConfigFile? = nil,
    warmUp: Bool = true
) throws -> any PaletteProvider {
    let plan = try providerPlan(options, environment: environment, config: config)
    let key = APIKey.from(environment: environment, variables: plan.keyVariables)
    let client: any PaletteProvider
    switch plan.choice {
    case .offline:
        return OfflineEngine()
    case .gemini:
        guard let key else {
            throw ProviderFailure(provider: GeminiClient.providerID, .missingAPIKey(variables: plan.keyVariables))
        }
        let gemini = GeminiClient(configuration: try geminiConfiguration(plan, key: key))
        if warmUp { gemini.warmUp(after: warmUpDelay) }
        client = gemini
    case .openai:
        let url = try endpointURL(plan)
        if key == nil, OpenAIConfiguration.isOpenAIsOwnAPI(url) {
            throw ProviderFailure(provider: OpenAIClient.providerID, .missingAPIKey(variables: plan.keyVariables))
        }
        let openai = OpenAIClient(
            configuration: OpenAIConfiguration(
                apiKey: key, model: plan.model ?? OpenAIConfiguration.defaultModel, baseURL: url,
                timeout: plan.timeout ?? OpenAIConfiguration.defaultTimeout, keyVariables: plan.keyVariables))
        if warmUp { openai.warmUp(after: warmUpDelay) }
        client = openai
    case .ollama:
        let ollama = OllamaClient(
            configuration: OllamaConfiguration(
                host: try endpointURL(plan), model: plan.model ?? OllamaConfiguration.defaultModel, apiKey: key,
                timeout: plan.timeout ?? OllamaConfiguration.defaultTimeout))
        if warmUp { ollama.warmUp(after: warmUpDelay) }
        client = ollama
    }
    if plan.named { return AccessibleProvider(client) }
    return FallbackProvider(primary: AccessibleProvider(client), fallback: OfflineEngine())
}

/// How long after the provider is built a client starts warming up; see `makeProvider`.
let warmUpDelay = Duration.milliseconds(25)
