import FoundationEssentials
import Glibc
import PaletteCommands
import PaletteConfig
import PaletteCore
import PaletteProviders
import PaletteText
import ProviderKit

/// How long `--check` waits for one provider.
let providerCheckSeconds = 1.0

/// `palette-tui providers [--check]`.
func runProviders(_ args: [String]) async -> Int32 {
    let environment = RunSettings.environment
    var language = commandLanguage(args, environment: environment)
    return await reportingUsage("providers", language) {
        let arguments = try Arguments(args, command: Commands.providers)
        language = try checkedLanguage(arguments, language)
        if arguments.has("help") {
            print(Commands.helpText(Commands.providers, language))
            return 0
        }
        // The table lists text and json, so the parser has already refused any other value.
        let format = arguments["format"] ?? "text"
        let options = ProviderOptions(arguments)
        let config = RunSettings.file
        let plan = try providerPlan(options, environment: environment, config: config)
        var rows = try providerRows(options, environment: environment, config: config, chosen: plan.provider)
        if arguments.has("check") {
            rows = await checked(rows, environment: environment, config: config)
        }
        // As shown: no configured key anywhere in an endpoint (URL passwords and key parameters
        // are masked where each endpoint is written out).
        let keys = SecretRedactor(secrets: configuredKeys(environment: environment, config: config))
        for i in rows.indices { rows[i].endpoint = rows[i].endpoint.map(keys.redact) }
        if format == "json" {
            print(providersJSON(rows, named: plan.named))
        } else {
            print(Messages.providerTable(rows, named: plan.named, language: language))
        }
        return 0
    }
}

/// One row per provider, each resolved as if it were chosen (its own model and endpoint); the
/// network providers in list order, then the one that needs nothing.
func providerRows(
    _ options: ProviderOptions, environment: [String: String], config: ConfigFile?, chosen: String
) throws(UsageError) -> [ProviderRow] {
    var rows: [ProviderRow] = []
    let listed = providerCatalog.descriptors.filter { !$0.facts.needsNothing } + [providerCatalog.lastResort]
    for provider in listed {
        let id = provider.id
        var asIf = options
        asIf.provider = id
        // --model and --endpoint describe the chosen provider only.
        if id != chosen {
            asIf.model = nil
            asIf.endpoint = nil
        }
        let plan = try providerPlan(asIf, environment: environment, config: config)
        let variables = providerCatalog.keyVariables(provider, config: config)
        let section = config?.providers[id]
        let configured: ProviderRow.Configured
        if provider.facts.needsNothing {
            configured = .always
        } else if provider.facts.configuredBy.contains(.key),
            let variable = variables.first(where: { APIKey(environment[$0] ?? "") != nil })
        {
            configured = .key(variable: variable)
        } else if providerCatalog.isConfigured(provider, environment: environment, config: config) {
            if let variable = provider.facts.endpointVariable, !(environment[variable] ?? "").isEmpty,
                section?.endpoint != environment[variable]
            {
                configured = .endpoint(source: variable)
            } else if section?.endpoint != nil {
                configured = .endpoint(source: "config.toml")
            } else {
                configured = .section
            }
        } else {
            configured = .missing(variables: provider.facts.configuringVariables(keys: variables))
        }
        rows.append(
            ProviderRow(
                provider: id, configured: configured, endpoint: plan.endpoint,
                model: provider.facts.needsNothing ? nil : plan.model, chosen: id == chosen))
    }
    return rows
}

/// Every row asked at once, each within `providerCheckSeconds`; unconfigured ones are not asked,
/// except those whose default endpoint is on this machine (Ollama's).
func checked(_ rows: [ProviderRow], environment: [String: String], config: ConfigFile?) async -> [ProviderRow] {
    await withTaskGroup(of: (Int, ProviderRow.Check).self) { group in
        for (index, row) in rows.enumerated() {
            guard let provider = providerCatalog.descriptor(row.provider), let probe = provider.probe else { continue }
            let key = APIKey.from(
                environment: environment, variables: providerCatalog.keyVariables(provider, config: config))
            let askable = row.isConfigured || isLoopback(provider.facts.defaultEndpoint.flatMap(provider.readEndpoint))
            group.addTask {
                guard askable else { return (index, .skipped) }
                return (index, await ask(provider, probe, endpoint: row.endpoint ?? "", key: key))
            }
        }
        var out = rows
        for await (index, check) in group { out[index].check = check }
        return out
    }
}

/// Whether `url` is on this machine.
func isLoopback(_ url: URL?) -> Bool {
    guard let host = url?.host?.lowercased() else { return false }
    return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
}

/// One GET that shows whether the service answers: nothing is generated, no quota is used.
func ask(_ provider: ProviderDescriptor, _ probe: ProviderProbe, endpoint: String, key: APIKey?) async
    -> ProviderRow.Check
{
    guard let base = provider.readEndpoint(endpoint),
        let url = try? EndpointURL.make(base, appending: "", provider: provider.id, settings: []),
        let full = URL(string: url.absoluteString + probe.path)
    else {
        return .failed(.invalidEndpoint(endpoint, settings: []))
    }
    var request = HTTPRequest(url: full)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let key { request.setValue(key, forHTTPHeaderField: probe.keyHeader, prefix: probe.keyPrefix) }
    let http = ProviderHTTPClient(
        provider: provider.id, timeout: providerCheckSeconds, retry: RetryPolicy(maxAttempts: 1),
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
            "\"endpoint\":\(row.endpoint.map { JSONText.string(URLSecrets.masked($0, endpoint: true)) } ?? "null")",
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

/// Every key this run could use, for any provider (the values of the key variables that are
/// set): none of them is ever shown, wherever it turns up.
func configuredKeys(environment: [String: String], config: ConfigFile?) -> [String] {
    providerCatalog.descriptors.flatMap { providerCatalog.keyVariables($0, config: config) }
        .compactMap { environment[$0] }
        .filter { !$0.trimmedSpaces().isEmpty }
}
