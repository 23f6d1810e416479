import FoundationEssentials
import Glibc
import PaletteApp
import PaletteCommands
import PaletteConfig
import PaletteCore
import PaletteExport
import PaletteHistory
import PaletteText
import ScreenCore
import TerminalUI

/// The interactive app's options, checked before the terminal is touched.
struct TUIOptions {
    var arguments: Arguments
    var language: Language
    var colorRequest: ColorRequest
    var clipboard: ClipboardOption
    /// `--accessible` and `--background`: the level and background the audit and the repair
    /// key judge by; with `--accessible` every request asks for palettes that meet it.
    var access: AccessSettings
    /// `--variant dark|light`, else `auto`: the terminal's background decides, and until it
    /// answers (or when it does not) the export default (`PALETTE_TUI_VARIANT`, the file, dark).
    var appearance: Appearance

    init(_ args: [String], environment: [String: String]) throws {
        arguments = try Arguments(args, command: Commands.app)
        language = try arguments.language(environment: environment, file: RunSettings.file)
        do throws(TerminalSetupError) {
            colorRequest = try Self.colorRequest(arguments, environment: environment, file: RunSettings.file)
            clipboard = try ClipboardOption.from(option: arguments["clipboard"])
        } catch {
            throw UsageError(.terminalSetup(error))
        }
        access = try Self.accessSettings(arguments, language: language)
        switch arguments["variant"] ?? "auto" {
        case "dark": appearance = .fixed(.dark)
        case "light": appearance = .fixed(.light)
        default:
            let raw = fileBehind("PALETTE_TUI_VARIANT", in: environment, RunSettings.file?.exportVariant)
            guard let variant = ThemeVariant(rawValue: raw ?? "dark") else {
                throw UsageError(
                    .invalidChoice(
                        option: "variant", value: raw ?? "", choices: ThemeVariant.allCases.map(\.rawValue)))
            }
            appearance = .following(defaultVariant: variant)
        }
        if let extra = arguments.positionals.first {
            throw UsageError(.appTakesNoArguments(extra))
        }
    }
}

extension TUIOptions {
    /// Whether the terminal is asked for its background: not where OSC 11 is known to mean
    /// nothing or worse (the Linux console, a VT100, GNU screen, `dumb`; what the theme preview
    /// judges unsupported). NO_COLOR does not stop it: the default variant still follows.
    static func asksBackground(_ environment: [String: String]) -> Bool {
        var judged = environment
        judged["NO_COLOR"] = nil
        if case .unsupported = PreviewSupport.judge(judged) { return false }
        return true
    }

    /// `--color`, else `PALETTE_TUI_COLOR`, else the settings file's (which stands before
    /// `NO_COLOR`), else what the terminal supports.
    static func colorRequest(_ arguments: Arguments, environment: [String: String], file: ConfigFile?)
        throws(TerminalSetupError) -> ColorRequest
    {
        let fromFile = fileBehind("PALETTE_TUI_COLOR", in: environment, nil) == nil ? file?.color : nil
        return try ColorRequest.from(option: arguments["color"] ?? fromFile, environment: environment)
    }

    /// `--accessible AA|AAA` (default AA, and generating to it only when given) and
    /// `--background light|dark|COLOR` (default light), each problem worded in `language`.
    static func accessSettings(_ arguments: Arguments, language: Language) throws(UsageError) -> AccessSettings {
        func problem(_ p: CommandProblem) -> UsageError { UsageError(p) }
        var level = AccessibilityLevel.aa
        if let raw = arguments["accessible"] {
            guard let parsed = AccessibilityLevel(parsing: raw) else {
                throw problem(.invalidChoice(option: "accessible", value: raw, choices: ["AA", "AAA"]))
            }
            level = parsed
        }
        let background: RGB
        do {
            background = try parseBackground(arguments["background"])
        } catch {
            throw error
        }
        return AccessSettings(level: level, background: background, generatesToLevel: arguments["accessible"] != nil)
    }
}

/// The interactive app (no command).
///
/// Refuses without a terminal on both ends, builds the live dependencies, then runs the event
/// loop on this thread, the main thread (see `runMain`): ncurses stays on it, and the loop's
/// blocking poll(2) holds none of the few threads Swift concurrency runs effects on.
@MainActor
func runTUI(_ args: [String], environment: [String: String]) throws -> Int32 {
    let options = try TUIOptions(args, environment: environment)
    // `palette-tui --lang zh-Hant --help`: the options came first, the answer is the same.
    if options.arguments.has("help") {
        print(Commands.helpText(Commands.app, options.language))
        return 0
    }
    if options.arguments.has("version") {
        print(versionText(options.language))
        return 0
    }
    guard isatty(0) == 1, isatty(1) == 1 else {
        printError("palette-tui: \(Messages.terminalSetup(.notATerminal)(options.language))")
        return 1
    }
    let live: LiveDependencies
    do throws(ProviderProblem) {
        live = try LiveDependencies(
            arguments: options.arguments, processEnvironment: environment, config: RunSettings.file,
            clipboard: options.clipboard, warmUp: true)
    } catch {
        switch error {
        case .usage(let usage): throw usage
        case .failure(let failure):
            printError("palette-tui: \(Messages.failure(failure)(options.language))")
            return 1
        }
    }
    do throws(LaunchFailure) {
        // A broken settings file is said in the status line; the app runs on the defaults.
        let notice = RunSettings.problem.map {
            StatusMessage(Messages.configProblem($0, fullPath: false)(options.language), kind: .warning)
        }
        let (status, drained) = try Runtime.run(
            language: options.language, colorRequest: options.colorRequest,
            live: live, notice: notice, access: options.access, appearance: options.appearance)
        if !drained {
            let seconds = Int(Runtime.drainTimeout.components.seconds)
            printError("palette-tui: \(Messages.pendingWritesTimedOut(seconds: seconds)(options.language))")
        }
        return status
    } catch {
        switch error {
        case .eventPipe(let code):
            printError("palette-tui: \(Messages.eventPipeFailed(code)(options.language))")
        case .terminal(let problem):
            printError("palette-tui: \(Messages.terminalSetup(problem)(options.language))")
        }
        return 1
    }
}
