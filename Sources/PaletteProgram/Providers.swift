import FoundationEssentials
import Glibc
import PaletteCommands
import PaletteConfig
import PaletteCore
import PaletteProviders
import PaletteText
import ProviderKit

// Which provider and how to reach it: `ProviderCatalog` (PaletteProviders) decides from the one
// provider list; this file is the command line's wiring to it and the wording of its problems.

extension ProviderOptions {
    /// The provider options a command line gave.
    init(_ arguments: Arguments) {
        self.init(
            provider: arguments["provider"], model: arguments["model"], endpoint: arguments["endpoint"],
            timeout: arguments["timeout"])
    }
}

/// The program's providers: `providerList`.
let providerCatalog = ProviderCatalog.standard

/// The commands that take provider options, as the parser reads them: the program's providers
/// are `--provider`'s choices. Their help is written only when it is printed (`helpText`).
enum Commands {
    static let app = CommandTable.app.parsing(providers: providerCatalog.facts)
    static let generate = CommandTable.generate.parsing(providers: providerCatalog.facts)
    static let refine = CommandTable.refine.parsing(providers: providerCatalog.facts)
    static let providers = CommandTable.providers.parsing(providers: providerCatalog.facts)

    /// `--help` for `command`, with its provider options' help written for the program's providers.
    static func helpText(_ command: CommandSpec, _ language: Language) -> String {
        CommandHelp.text(command.with(providers: providerCatalog.facts), language)
    }
}

/// Why a provider could not be made: a usage problem (exit status 2) or a provider failure
/// (a missing key: exit status 1).
enum ProviderProblem: Error {
    case usage(UsageError)
    case failure(ProviderFailure)
}

extension UsageError {
    /// The command line's problem with the provider settings.
    init(_ error: ProviderPlanError) {
        switch error {
        case ProviderPlanError.unknownProvider(let raw, let source, let choices):
            self.init(CommandProblem.unknownProvider(raw, source: source, choices: choices))
        case ProviderPlanError.badTimeout(let raw): self.init(CommandProblem.badTimeout(raw))
        case ProviderPlanError.badTimeoutVariable(let raw): self.init(CommandProblem.badTimeoutVariable(raw))
        case ProviderPlanError.blankModel(let example): self.init(CommandProblem.blankModel(example: example))
        }
    }
}

extension ProviderProblem {
    init(_ error: ProviderSetupError) {
        switch error {
        case .failure(let failure): self = .failure(failure)
        case .badEndpoint(let raw, let source): self = .usage(UsageError(.badEndpoint(raw, source: source)))
        case .badModel(let model, let example):
            self = .usage(UsageError(.invalidModel(model, example: example)))
        }
    }
}

/// The plan the options, environment and file describe; usage errors for bad values.
func providerPlan(_ options: ProviderOptions, environment: [String: String], config: ConfigFile?)
    throws(UsageError) -> ProviderPlan
{
    do {
        return try providerCatalog.plan(options, environment: environment, config: config)
    } catch {
        throw UsageError(error)
    }
}

/// Builds the provider the options, environment and file ask for (`ProviderCatalog.make`).
///
/// With `warmUp`, a client sets its HTTP stack up in the background `warmUpDelay` after it is
/// built: the app builds it just before drawing its first frame, and a warm-up running beside
/// that frame slowed it, while nobody presses Enter within tens of milliseconds. `generate`,
/// which sends at once, passes false rather than have the warm-up race its request.
func makeProvider(
    _ options: ProviderOptions, environment: [String: String], config: ConfigFile? = nil,
    warmUp: Bool = true
) throws(ProviderProblem) -> any PaletteProvider {
    do {
        return try providerCatalog.make(
            options, environment: environment, config: config, warmUp: warmUp ? warmUpDelay : nil)
    } catch {
        switch error {
        case .plan(let plan): throw .usage(UsageError(plan))
        case .setup(let setup): throw ProviderProblem(setup)
        }
    }
}

/// Where the endpoint of the provider these settings choose came from, as the user changes it
/// (`--endpoint`, a variable, `config.toml`); nil for the provider's default or no endpoint.
func endpointSetting(_ options: ProviderOptions, environment: [String: String], config: ConfigFile?) -> String? {
    guard let plan = try? providerCatalog.plan(options, environment: environment, config: config),
        plan.endpoint != nil, plan.endpointSource != "default"
    else { return nil }
    return plan.endpointSource
}

/// A provider whose failures say where its endpoint came from (`ProviderFailure.endpointSetting`),
/// the fallback's reason too: the words then name `--endpoint` only when the option set it.
struct EndpointNamingProvider: PaletteProvider {
    let inner: any PaletteProvider
    let setting: String?

    init(_ inner: any PaletteProvider, setting: String?) {
        self.inner = inner
        self.setting = setting
    }

    var name: String { inner.name }
    var model: String? { inner.model }
    var supportedFields: Set<GenerationRequest.Field> { inner.supportedFields }

    func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
        do {
            var result = try await inner.generate(request)
            result.fallbackReason?.endpointSetting = setting
            return result
        } catch let failure as ProviderFailure {
            var named = failure
            named.endpointSetting = setting
            throw named
        }
    }
}

/// How long after the provider is built a client starts warming up; see `makeProvider`.
let warmUpDelay = Duration.milliseconds(25)
