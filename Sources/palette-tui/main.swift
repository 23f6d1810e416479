import Foundation
import PaletteCore

/// The version printed by `--version`.
let paletteTUIVersion = "0.1.0"

let usage = """
usage: palette-tui [--lang en|zh-Hant|zh-Hans] [--provider offline|gemini] [--model M]
       palette-tui generate [--provider offline|gemini] [--model M] [--format F] DESCRIPTION...
       palette-tui parse [--format F]            < text
       palette-tui inspect [--format text|json] COLOR...
       palette-tui history [--format text|jsonl|json] [--search TEXT] [--limit N]
       palette-tui --help | --version

Turns a description of a scene or mood into a three-colour palette:
a primary, a secondary (supporting) and an accent colour.

With no command, opens the interactive app. Palette formats F: text, json, hex, css.
Without GEMINI_API_KEY the embedded offline engine is used.
"""

/// Writes one line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Runs a subcommand and maps its outcome to the exit status: 0 success, 1 failure, 2 usage.
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
        case nil: return try await runTUI(args)
        case "generate": return try await runGenerate(args)
        case "parse": return try await runParse(args)
        case "inspect": return try await runInspect(args)
        case "history": return try await runHistory(args)
        case "__bench": return try await runBench(args)
        default:
            throw UsageError("unknown command '\(command!)'")
        }
    } catch let error as UsageError {
        printError("palette-tui: \(error.description)")
        printError("Try 'palette-tui --help' for usage.")
        return 2
    } catch {
        printError("palette-tui: \(error)")
        return 1
    }
}

exit(await runMain())
