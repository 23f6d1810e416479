import Foundation
import Gemini
import PaletteApp
import PaletteCore
import PaletteHistory

/// The version printed by `--version`.
let paletteTUIVersion = "0.1.0"

let usage = """
    usage: palette-tui [options]                         the interactive app
           palette-tui generate [options] [--format F] [--no-history] DESCRIPTION...
           palette-tui parse [--format F] [--lang L]   < text
           palette-tui inspect [--format text|json] COLOR...
           palette-tui history [--format text|jsonl|json] [--search TEXT] [--limit N] [--favorites]
           palette-tui export FORMAT [COLOR COLOR COLOR] [--variant dark|light] [-o FILE] [--force]
           palette-tui export --list                    palette and theme formats
           palette-tui audit [COLOR COLOR COLOR] [--background light|dark|COLOR] [--format text|json] [--require AA|AAA]
           palette-tui repair ROLE --against ROLE|background --target 4.5|AA|AAA|Lc60 [COLOR COLOR COLOR]
           palette-tui --help | --version

    Turns a description of a scene or mood, in any language, into a three-colour palette:
    a primary, a secondary (supporting) and an accent colour, as #RRGGBB.

    Options:
      --provider offline|gemini  palette source (default: gemini when a key is set, else offline)
      --model M                  Gemini model (PALETTE_TUI_MODEL; default \(GeminiConfiguration.defaultModel))
      --endpoint URL             Gemini base URL (GEMINI_BASE_URL)
      --timeout S                overall deadline for one Gemini call, in seconds
      --history FILE             history file (PALETTE_TUI_HISTORY;
                                 default $XDG_STATE_HOME/palette-tui/history.jsonl)
      --lang en|zh-Hant|zh-Hans  labels (default: from the locale)
      --color truecolor|256|none colour mode of the app (PALETTE_TUI_COLOR; NO_COLOR honoured)
      --clipboard osc52|tmux|wl-copy|xclip|xsel|none   how the app copies (default: OSC 52 + a helper)
    Palette formats F: text, json, hex, css. Each command also takes --help.

    The API key is read from GEMINI_API_KEY (else GOOGLE_API_KEY) only; without one the
    embedded offline engine is used. In the app, F1 or ? (outside the text field) shows the keys.
    """

/// Writes one line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Runs a subcommand and maps its outcome to the exit status: 0 success, 1 failure, 2 usage.
///
/// On the main actor, so the interactive app's loop runs on the main thread (top-level code
/// runs there): ncurses stays on one thread, and the loop blocks none of Swift concurrency's.
@MainActor
func runMain() async -> Int32 {
    var args = Array(CommandLine.arguments.dropFirst())
    if args.first == "--help" || args.first == "-h" || args.first == "help" {
        print(usage)
        return 0
    }
    if args.first == "--version" {
        print("palette-tui \(paletteTUIVersion)")
        return 0
    }
    let command = args.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
    if command != nil { args.removeFirst() }
    do {
        switch command {
        case nil: return try runTUI(args, environment: ProcessInfo.processInfo.environment)
        case "generate": return try await runGenerate(args)
        case "parse": return try await runParse(args)
        case "inspect": return await runInspect(args)
        case "history": return try await runHistory(args)
        case "export": return try await runExport(args)
        case "audit": return await runAudit(args)
        case "repair": return await runRepair(args)
        default:
            throw UsageError(.unknownCommand(command!))
        }
    } catch let error as UsageError {
        // In the language the command speaks: a valid --lang, else the locale.
        let language = commandLanguage(args, environment: ProcessInfo.processInfo.environment)
        printError("palette-tui: \(error.typed.map { CommandText.problem($0)(language) } ?? error.description)")
        printError(CommandText.tryMainHelp(language))
        return 2
    } catch let failure as HistoryFailure {
        printError("palette-tui: \(Messages.history(failure)(.english))")
        return 1
    } catch {
        printError("palette-tui: \(error)")
        return 1
    }
}

exit(await runMain())
