import Foundation
import PaletteConfig
import PaletteCore
import PaletteText

/// The settings file of this run (`config.toml`), loaded once, and how its values take their
/// place in the precedence: option > environment > file > default.
///
/// Most settings already have an environment variable; the file's value fills that variable
/// when the user has not set it (`withFileDefaults`), so every reader of the variable gets the
/// file's value at the file's rank, without a second path. The file's language beats the
/// locale (`PALETTE_TUI_LANG` comes before `LANG`), and its colour mode beats `NO_COLOR`, as
/// the NO_COLOR convention allows for user configuration. A provider's model and endpoint live
/// in its own section and are read by `providerPlan`.
enum RunSettings {
    /// This process's file, read once.
    static let loaded: Result<ConfigFile?, ConfigProblem> = ConfigFile.load(
        environment: ProcessInfo.processInfo.environment)

    /// The file's settings; nil when there is none or it cannot be used (then the defaults apply).
    static var file: ConfigFile? {
        if case .success(let file) = loaded { return file }
        return nil
    }

    static var problem: ConfigProblem? {
        if case .failure(let problem) = loaded { return problem }
        return nil
    }

    /// This process's environment with the file's defaults filled in.
    static var environment: [String: String] { withFileDefaults(ProcessInfo.processInfo.environment, file) }

    /// The file's problem as a warning on standard error, once, in the user's language.
    static func warnIfBroken(_ language: Language) {
        guard let problem else { return }
        printError("palette-tui: \(CommandText.warningLabel(language))\(Messages.configProblem(problem)(language))")
    }
}

/// The environment variables the file's values stand behind, when unset.
func withFileDefaults(_ environment: [String: String], _ file: ConfigFile?) -> [String: String] {
    guard let file else { return environment }
    var out = environment
    func fill(_ name: String, _ value: String?) {
        guard let value else { return }
        if (out[name] ?? "").isEmpty { out[name] = value }
    }
    fill("PALETTE_TUI_PROVIDER", file.provider)
    fill("PALETTE_TUI_LANG", file.language?.rawValue)
    fill("PALETTE_TUI_COLOR", file.color)
    fill("PALETTE_TUI_TIMEOUT", file.timeout.map { String($0) })
    fill("PALETTE_TUI_HISTORY", file.history.map { expandHome($0, environment: environment) })
    fill("PALETTE_TUI_ACCESSIBLE", file.accessible)
    fill("PALETTE_TUI_BACKGROUND", file.background)
    fill("PALETTE_TUI_VARIANT", file.exportVariant)
    return out
}

/// `~/x` as `$HOME/x`; other paths as written.
func expandHome(_ path: String, environment: [String: String]) -> String {
    guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
    return home + path.dropFirst()
}
