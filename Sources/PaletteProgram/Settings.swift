import FoundationEssentials
import Glibc
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
    /// This process's file, read once: its valid settings and a problem for each bad part.
    static let loaded: ConfigReading = ConfigFile.load(environment: environment, providers: providerCatalog.facts)

    /// The file's valid settings; nil when there is none or it cannot be used (then the defaults apply).
    static var file: ConfigFile? { loaded.file }

    /// The file's first problem (the app's status line has room for one).
    static var problem: ConfigProblem? { loaded.problems.first }

    /// The most problems printed one a line; the rest are counted in one more line.
    static let shownProblems = 10

    /// This process's environment, read once: nothing here sets a variable, and each read of
    /// `ProcessInfo.environment` builds the whole dictionary again (five reads cost the first
    /// frame about 0.5 ms). Read from `environ` itself (`readProcessEnvironment()`): the first use of
    /// `ProcessInfo.processInfo` set Foundation's process info up and looked its generic types up
    /// by name, about 0.3 ms of the first frame.
    static let environment: [String: String] = readProcessEnvironment()

    /// The file's problems as warnings on standard error, one a line, once, in the user's language.
    static func warnIfBroken(_ language: Language) {
        let problems = loaded.problems
        for problem in problems.prefix(shownProblems) {
            printError("palette-tui: \(CommandText.warningLabel(language))\(Messages.configProblem(problem)(language))")
        }
        if problems.count > shownProblems {
            let more = Messages.configMoreProblems(problems.count - shownProblems)(language)
            printError("palette-tui: \(CommandText.warningLabel(language))\(more)")
        }
    }
}

/// The process's environment as `ProcessInfo.processInfo.environment` gives it: each
/// `NAME=value` entry of `environ` split at its first `=` (an entry without one is left out), a
/// later entry of the same name replacing an earlier one, bytes that are not UTF-8 repaired.
func readProcessEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
            result[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
        }
        entry += 1
    }
    return result
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
