import Foundation
import PaletteConfig
import PaletteCore
import PaletteText

/// The settings file of this run (`config.toml`), loaded once, and how its values take their
/// place in the precedence: option > environment > file > default.
///
/// The file and the environment stay apart: each reader of a setting is handed both (and its
/// option) and takes the first that is set (`fileBehind`); nothing is written into the
/// environment. The file's language beats the locale (`PALETTE_TUI_LANG` comes before `LANG`),
/// and its colour mode beats `NO_COLOR`, as the NO_COLOR convention allows for user
/// configuration. The provider settings are resolved by `ProviderCatalog.plan` into a
/// `ProviderPlan`.
enum RunSettings {
    /// This process's file, read once.
    static let loaded: Result<ConfigFile?, ConfigProblem> = ConfigFile.load(
        environment: ProcessInfo.processInfo.environment, providers: providerCatalog.facts)

    /// The file's settings; nil when there is none or it cannot be used (then the defaults apply).
    static var file: ConfigFile? {
        if case .success(let file) = loaded { return file }
        return nil
    }

    static var problem: ConfigProblem? {
        if case .failure(let problem) = loaded { return problem }
        return nil
    }

    /// This process's environment, as it is.
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The file's problem as a warning on standard error, once, in the user's language.
    static func warnIfBroken(_ language: Language) {
        guard let problem else { return }
        printError("palette-tui: \(CommandText.warningLabel(language))\(Messages.configProblem(problem)(language))")
    }
}

/// A setting's value from its environment variable when that is set and not empty, else the
/// settings file's (`file`); the option before both, and the default after, are the reader's.
func fileBehind(_ variable: String, in environment: [String: String], _ file: String?) -> String? {
    if let value = environment[variable], !value.isEmpty { return value }
    return file
}

/// `~/x` as `$HOME/x`; other paths as written.
func expandHome(_ path: String, environment: [String: String]) -> String {
    guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
    return home + path.dropFirst()
}
