import Foundation
import Gemini
import Ollama
import OpenAI
import PaletteApp
import PaletteConfig
import PaletteCore
import ProviderKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `palette-tui providers`'s options, in one table.
let providersOptions: [CommandOption] =
    [
        CommandOption("check"),
        CommandOption("format", alias: "-f", value: "text|json"),
        CommandOption("lang", value: Language.allCases.map(\.rawValue).joined(separator: "|")),
        CommandOption("help", alias: "-h"),
    ] + ProviderOptions.table

let providersUsage = """
    usage: palette-tui providers [--check] [--format text|json] [--provider P] [--model M] [--endpoint URL]

    Lists each provider: whether it is configured (and by what), its endpoint and model, and
    which one the app and `generate` use (marked *). Nothing is sent unless --check is given.

      --check              ask each configured provider whether it answers (at most 1 s each,
                           all at once): Gemini's and OpenAI's model lists, Ollama's version
      --format text|json   output format (default text)
      --provider, --model, --endpoint  as for generate: shows what they would choose
      --lang en|zh-Hant|zh-Hans
    """

/// How long `--check` waits for one provider.
let providerCheckSeconds = 1.0

/// `palette-tui providers [--check]`.
func runProviders(_ args: [String]) async -> Int32 {
    let environment = RunSettings.environment
    var language = commandLanguage(args, environment: environment)
    return await reportingUsage("providers", language) {
        let arguments = try Arguments(
            args, valued: Set(providersOptions.filter { $0.value != nil }.map(\.name)),
            boolean: Set(providersOptions.filter { $0.value == nil }.map(\.name)),
            aliases: Dictionary(uniqueKeysWithValues: providersOptions.compactMap { o in o.alias.map { ($0, o.name) } })
        )
        language = try checkedLanguage(arguments, language)
        if arguments.has("help") {
            print(providersUsage)
            return 0
        }
        guard let format = ["text", "json"].first(where: { $0 == (arguments["format"] ?? "text") }) else {
            throw UsageError(
                .invalidChoice(option: "format", value: arguments["format"] ?? "", choices: ["text", "json"]))
        }
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
