import Foundation
import Gemini
import PaletteCore
import PaletteEngine
import ProviderKit

/// Which provider and how to reach it, from options and the environment: wiring only. What a
/// failure means and when to fall back is ProviderKit's; what it says is PaletteApp's.
///
/// Precedence, first found wins: the key from `GEMINI_API_KEY`, then `GOOGLE_API_KEY` (the
/// name Google's SDKs read); the model from `--model`, then `PALETTE_TUI_MODEL`, then
/// `GeminiConfiguration.defaultModel` (which alone moves to the newest Flash-Lite when it is
/// retired); the endpoint from `--endpoint`, then `GEMINI_BASE_URL`.
/// The key is only ever read from the environment, never from an option, so it stays out of
/// shell history and process listings.
struct ProviderOptions {
    var provider: String?
    var model: String?
    var endpoint: String?
    var timeout: String?

    /// `--timeout` in seconds, checked whichever provider runs (offline too, so a script's typo
    /// is caught before it reaches a key); nil when not given.
    func timeoutSeconds() throws(UsageError) -> Double? {
        guard let raw = timeout else { return nil }
        guard let seconds = Double(raw), seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw UsageError(.badTimeout(raw))
        }
        return seconds
    }

    init(_ arguments: Arguments) {
        provider = arguments["provider"]
        model = arguments["model"]
        endpoint = arguments["endpoint"]
        timeout = arguments["timeout"]
    }
}

/// The providers a user can name with `--provider` (`CommandTable.provider` lists the same).
enum ProviderChoice: String, CaseIterable {
    case gemini, offline
}

/// The Gemini key from the environment: `GEMINI_API_KEY` first, then `GOOGLE_API_KEY`.
///
/// An empty or blank variable counts as unset, so `GEMINI_API_KEY= cmd` means "no key".
func geminiAPIKey(environment: [String: String]) -> APIKey? {
    APIKey.from(environment: environment, variables: GeminiConfiguration.keyVariables)
}

/// The Gemini configuration the options and environment describe; usage errors for bad values.
func geminiConfiguration(
    _ options: ProviderOptions, key: APIKey,
    environment: [String: String]
) throws -> GeminiConfiguration {
    // nil: the user chose no model, so the default may move on when it is retired.
    let chosen = options.model ?? environment["PALETTE_TUI_MODEL"].flatMap { $0.isEmpty ? nil : $0 }
    let model = chosen ?? GeminiConfiguration.defaultModel
    if model.trimmingCharacters(in: .whitespaces).isEmpty {
        throw UsageError("'--model' needs a model name such as \(GeminiConfiguration.defaultModel)")
    }
    var baseURL = GeminiConfiguration.defaultBaseURL
    let endpointSource = options.endpoint != nil ? "--endpoint" : "GEMINI_BASE_URL"
    if let raw = options.endpoint ?? environment["GEMINI_BASE_URL"].flatMap({ $0.isEmpty ? nil : $0 }) {
        guard let url = URL(string: raw) else {
            throw UsageError("invalid value '\(raw)' for '\(endpointSource)': expected an http(s) URL")
        }
        baseURL = url
    }
    let timeout = try options.timeoutSeconds() ?? GeminiConfiguration.defaultTimeout
    let configuration = GeminiConfiguration(apiKey: key, model: chosen, baseURL: baseURL, timeout: timeout)
    do {
        _ = try configuration.generateContentURL()
    } catch {
        if case .invalidEndpoint = error.reason {
            throw UsageError(
                "invalid value '\(baseURL.absoluteString)' for '\(endpointSource)': expected an http(s) URL")
        }
        throw UsageError(
            "invalid value '\(model)' for '--model': use a model id such as \(GeminiConfiguration.defaultModel)")
    }
    return configuration
}

/// Builds the provider the options ask for.
///
/// - `--provider offline`: the offline engine.
/// - `--provider gemini`: Gemini alone; without a key, a `missingAPIKey` failure (exit 1).
///   Asked for by name, it is never silently replaced.
/// - Gemini is wrapped in `AccessibleProvider`, so an accessibility constraint is met by
///   repairing its answer (with a note); the offline engine meets it by construction.
/// - no `--provider`: Gemini with the offline engine as fallback when a key is set, else the
///   offline engine.
///
/// With `warmUp`, a Gemini client sets its HTTP stack up in the background
/// (`GeminiClient.warmUp`), so the app's first request does not pay for it. It starts
/// `warmUpDelay` after the provider is built: the app builds it just before drawing its first
/// frame (about 15 ms after start on a quiet machine), and a warm-up running beside that frame
/// slowed it, while nobody types a description and presses Enter within tens of milliseconds.
/// `generate`, which sends at once, passes false rather than have the warm-up race its request.
func makeProvider(
    _ options: ProviderOptions, environment: [String: String],
    warmUp: Bool = true
) throws -> any PaletteProvider {
    var choice: ProviderChoice?
    if let raw = options.provider {
        guard let parsed = ProviderChoice(rawValue: raw) else {
            throw UsageError(
                .invalidChoice(option: "provider", value: raw, choices: ProviderChoice.allCases.map(\.rawValue)))
        }
        choice = parsed
    }
    _ = try options.timeoutSeconds()
    let key = geminiAPIKey(environment: environment)
    switch (choice, key) {
    case (.offline?, _):
        return OfflineEngine()
    case (.gemini?, nil):
        throw ProviderFailure(
            provider: GeminiClient.providerID,
            .missingAPIKey(variables: GeminiConfiguration.keyVariables))
    case (.gemini?, let key?):
        let gemini = GeminiClient(configuration: try geminiConfiguration(options, key: key, environment: environment))
        if warmUp { gemini.warmUp(after: warmUpDelay) }
        return AccessibleProvider(gemini)
    case (nil, let key?):
        let gemini = GeminiClient(configuration: try geminiConfiguration(options, key: key, environment: environment))
        if warmUp { gemini.warmUp(after: warmUpDelay) }
        return FallbackProvider(primary: AccessibleProvider(gemini), fallback: OfflineEngine())
    case (nil, nil):
        return OfflineEngine()
    }
}

/// How long after the provider is built a Gemini client starts warming up; see `makeProvider`.
let warmUpDelay = Duration.milliseconds(25)
