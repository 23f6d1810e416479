import Foundation
import Gemini
import Ollama
import OpenAI
import PaletteCommands
import PaletteConfig
import PaletteCore
import PaletteText
import ProviderKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How long `--check` waits for one provider.
let providerCheckSeconds = 1.0

/// `palette-tui providers [--check]`.
func runProviders(_ args: [String]) async -> Int32 {
    let environment = RunSettings.environment
    var language = commandLanguage(args, environment: environment)
    return await reportingUsage("providers", language) {
        let arguments = try Arguments(args, command: CommandTable.providers)
        language = try checkedLanguage(arguments, language)
        if arguments.has("help") {
            print(CommandHelp.text(CommandTable.providers, language))
            return 0
        }
        // The table lists text and json, so the parser has already refused any other value.
        let format = arguments["format"] ?? "text"
        let options = ProviderOptions(arguments)
        let config = RunSettings.file
        let plan = try providerPlan(options, environment: environment, config: config)
        var rows = try providerRows(options, environment: environment, config: config, chosen: plan.choice)
        if arguments.has("check") {
            rows = await checked(rows, environment: environment, config: config)
        }
        if format == "json" {
            print(providersJSON(rows, named: plan.named))
        } else {
            print(Messages.providerTable(rows, named: plan.named, language: language))
        }
        return 0
    }
}

/// One row per provider, each resolved as if it were chosen (its own model and endpoint).
func providerRows(
    _ options: ProviderOptions, environment: [String: String], config: ConfigFile?, chosen: ProviderChoice
) throws -> [ProviderRow] {
    var rows: [ProviderRow] = []
    for choice in ProviderChoice.network + [.offline] {
        var asIf = options
        asIf.provider = choice.rawValue
        // --model and --endpoint describe the chosen provider only.
        if choice != chosen {
            asIf.model = nil
            asIf.endpoint = nil
        }
        let plan = try providerPlan(asIf, environment: environment, config: config)
        let variables = keyVariables(choice, config: config)
        let configured: ProviderRow.Configured
        if choice == .offline {
            configured = .always
        } else if let variable = variables.first(where: { APIKey(environment[$0] ?? "") != nil }) {
            configured = .key(variable: variable)
        } else if isConfigured(choice, environment: environment, config: config) {
            if let variable = choice.endpointVariable, !(environment[variable] ?? "").isEmpty,
                config?.providers[choice.rawValue]?.endpoint != environment[variable]
            {
                configured = .endpoint(source: variable)
            } else if config?.providers[choice.rawValue]?.endpoint != nil {
                configured = .endpoint(source: "config.toml")
            } else {
                configured = .section
            }
        } else {
            switch choice {
            case .gemini: configured = .missing(variables: variables)
            case .openai: configured = .missing(variables: variables + ["OPENAI_BASE_URL"])
            default: configured = .missing(variables: ["OLLAMA_HOST"])
            }
        }
        rows.append(
            ProviderRow(
                provider: choice.rawValue, configured: configured, endpoint: plan.endpoint,
                model: choice == .offline ? nil : plan.model, chosen: choice == chosen))
    }
    return rows
}

/// Every row asked at once, each within `providerCheckSeconds`; unconfigured ones are not asked,
/// except Ollama, whose default host is on this machine.
func checked(_ rows: [ProviderRow], environment: [String: String], config: ConfigFile?) async -> [ProviderRow] {
    await withTaskGroup(of: (Int, ProviderRow.Check).self) { group in
        for (index, row) in rows.enumerated() {
            guard let choice = ProviderChoice(rawValue: row.provider), choice != .offline else { continue }
            let key = APIKey.from(environment: environment, variables: keyVariables(choice, config: config))
            let askable = row.isConfigured || choice == .ollama
            group.addTask {
                guard askable else { return (index, .skipped) }
                return (index, await probe(choice, endpoint: row.endpoint ?? "", key: key))
            }
        }
        var out = rows
        for await (index, check) in group { out[index].check = check }
        return out
    }
}

/// One GET that shows whether the service answers: nothing is generated, no quota is used.
func probe(_ choice: ProviderChoice, endpoint: String, key: APIKey?) async -> ProviderRow.Check {
    let base: URL?
    if choice == .ollama {
        base = OllamaConfiguration.host(fromEnvironment: endpoint)
    } else {
        base = URL(string: endpoint)
    }
    let path: String
    switch choice {
    case .gemini: path = "/v1beta/models?pageSize=1"
    case .openai: path = "/models"
    default: path = "/api/version"
    }
    guard let base,
        let url = try? EndpointURL.make(base, appending: "", provider: choice.rawValue, settings: []),
        let full = URL(string: url.absoluteString + path)
    else {
        return .failed(.invalidEndpoint(endpoint, settings: []))
    }
    var request = URLRequest(url: full)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let key {
        if choice == .gemini {
            request.setValue(key, forHTTPHeaderField: "x-goog-api-key")
        } else {
            request.setValue(key, forHTTPHeaderField: "Authorization", prefix: "Bearer ")
        }
    }
    let http = ProviderHTTPClient(
        provider: choice.rawValue, timeout: providerCheckSeconds, retry: RetryPolicy(maxAttempts: 1),
        maxResponseBytes: 1_048_576, secrets: key.map { [$0] } ?? [])
    let start = ContinuousClock.now
    do {
        let status = try await http.send(request, by: http.startDeadline()) { reply in .success(reply.status) }
        let (s, atto) = (ContinuousClock.now - start).components
        return .answered(status: status, milliseconds: Int(Double(s) * 1000 + Double(atto) / 1e15))
    } catch {
        return .failed(error.reason)
    }
}

/// The rows as a JSON array, for scripts.
func providersJSON(_ rows: [ProviderRow], named: Bool) -> String {
    let items = rows.map { row -> String in
        var fields = [
            "\"provider\":\(JSONText.string(row.provider))", "\"configured\":\(row.isConfigured)",
            "\"endpoint\":\(row.endpoint.map(JSONText.string) ?? "null")",
            "\"model\":\(row.model.map(JSONText.string) ?? "null")", "\"chosen\":\(row.chosen)",
        ]
        switch row.check {
        case .notChecked: break
        case .skipped: fields.append("\"answers\":null")
        case .answered(let status, let ms):
            fields.append("\"answers\":\((200..<300).contains(status)),\"status\":\(status),\"milliseconds\":\(ms)")
        case .failed: fields.append("\"answers\":false")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
    return "[" + items.joined(separator: ",") + "]"
}
