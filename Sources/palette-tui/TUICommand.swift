import Foundation
import PaletteApp
import PaletteCore
import PaletteHistory
import TerminalUI

/// The interactive app's options, checked before the terminal is touched.
struct TUIOptions {
    static let valuedOptions = Set(["lang", "color", "clipboard"])
        .union(ProviderOptions.valuedOptions).union(historyValuedOptions)
    static let booleanOptions: Set<String> = historyBooleanOptions

    var arguments: Arguments
    var language: Language
    var colorRequest: ColorRequest
    var clipboard: ClipboardOption

    init(_ args: [String], environment: [String: String]) throws {
        arguments = try Arguments(args, valued: TUIOptions.valuedOptions, boolean: TUIOptions.booleanOptions)
        if let extra = arguments.positionals.first {
            throw UsageError("the interactive app takes no arguments (got '\(extra)'); to generate from the command line use 'palette-tui generate DESCRIPTION'")
        }
        language = try arguments.language(environment: environment)
        do {
            colorRequest = try ColorRequest.from(option: arguments["color"], environment: environment)
            clipboard = try ClipboardOption.from(option: arguments["clipboard"])
        } catch {
            throw UsageError(error.description)
        }
    }
}

/// The interactive app (no command).
///
/// Refuses without a terminal on both ends, builds the live dependencies, then runs the
/// event loop on a thread of its own: ncurses must stay on one thread, and the loop blocks in
/// poll(2), which must not hold one of the few threads Swift concurrency runs tasks on.
func runTUI(_ args: [String]) async throws -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let options = try TUIOptions(args, environment: environment)
    guard isatty(0) == 1, isatty(1) == 1 else {
        printError("palette-tui: \(TerminalSetupError.notATerminal.description)")
        return 1
    }
    let provider = try makeProvider(ProviderOptions(options.arguments), environment: environment)
    var history: HistoryStore?
    var historyProblem: String?
    do {
        history = try historyStore(options.arguments, environment: environment)
    } catch {
        historyProblem = "History is off: \(error)"
    }
    let clipboard = ClipboardPlan.choose(option: options.clipboard, environment: environment) {
        ClipboardPlan.isOnPath($0, path: environment["PATH"])
    }
    let configuration = RuntimeConfiguration(
        language: options.language, colorRequest: options.colorRequest, clipboard: clipboard,
        provider: provider, history: history, historyProblem: historyProblem,
        environment: environment)
    return await withCheckedContinuation { continuation in
        let thread = Thread {
            continuation.resume(returning: Runtime.run(configuration))
        }
        thread.name = "palette-tui ui"
        thread.stackSize = 8 << 20
        thread.start()
    }
}
