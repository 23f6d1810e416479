import PaletteCore
import PaletteEngine

/// Which provider and how to reach it, from options and the environment.
struct ProviderOptions {
    /// Option names every command that generates accepts.
    static let valuedOptions: Set<String> = ["provider", "model", "endpoint", "timeout"]

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

/// Builds the provider the options ask for. Provisional: only the offline engine for now.
func makeProvider(_ options: ProviderOptions, environment: [String: String]) throws -> any PaletteProvider {
    OfflineEngine()
}
