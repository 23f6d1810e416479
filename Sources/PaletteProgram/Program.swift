import CBuildInfo
import FoundationEssentials
import Glibc
import PaletteCommands
import PaletteCore
import PaletteHistory
import PaletteText

/// The version printed by `--version` (`CommandTable.version`).
let paletteTUIVersion = CommandTable.version

/// The commit the binary was built from, as the build recorded it; nil when it did not.
let buildCommit: String? = {
    let commit = String(cString: palette_tui_build_commit())
    return commit.isEmpty ? nil : commit
}()

/// What `--version` prints: the version and the commit it was built from.
func versionText(_ language: Language) -> String {
    CommandText.version(paletteTUIVersion, commit: buildCommit)(language)
}

/// Writes one line to standard error, with every configured key taken out (a usage error or a
/// failure may quote an endpoint the user wrote a key into).
func printError(_ message: String) {
    let shown = runKeys.isEmpty ? message : runKeys.redact(message)
    writeAll(2, Array((shown + "\n").utf8))
}

/// The keys of this run (`configuredKeys`), for `printError`.
let runKeys = SecretRedactor(
    secrets: configuredKeys(environment: RunSettings.environment, config: RunSettings.file))

/// Runs a subcommand and maps its outcome to the exit status: 0 success, 1 failure, 2 usage.
///
/// On the main actor, so the interactive app's loop runs on the main thread (top-level code
/// runs there): ncurses stays on one thread, and the loop blocks none of Swift concurrency's.
@MainActor
func runMain() async -> Int32 {
    var args = commandFirst(Array(CommandLine.arguments.dropFirst()))
    let environment = RunSettings.environment
    if args.first == "--help" || args.first == "-h" || args.first == "help" {
        print(Commands.helpText(Commands.app, commandLanguage(args, environment: environment)))
        return 0
    }
    if args.first == "--version" {
        print(versionText(commandLanguage(args, environment: environment)))
        return 0
    }
    let command = args.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
    if command != nil { args.removeFirst() }
    // A broken settings file: one warning, then the defaults (the app says it in its status line).
    if command != nil { RunSettings.warnIfBroken(commandLanguage(args, environment: RunSettings.environment)) }
    do {
        // Only commands of the table exist: help, man page and completions list exactly these.
        if let command, CommandTable.command(named: command) == nil {
            throw UsageError(.unknownCommand(command, commands: CommandTable.commandNames))
        }
        switch command {
        case nil: return try runTUI(args, environment: RunSettings.environment)
        case "generate": return try await runGenerate(args)
        case "refine": return try await runRefine(args)
        case "parse": return try await runParse(args)
        case "inspect": return await runInspect(args)
        case "history": return try await runHistory(args)
        case "export": return try await runExport(args)
        case "system": return try await runSystem(args)
        case "apply": return try await runApply(args)
        case "audit": return await runAudit(args)
        case "repair": return await runRepair(args)
        case "share": return try await runShare(args)
        case "providers": return await runProviders(args)
        default:
            throw UsageError(.unknownCommand(command ?? "", commands: CommandTable.commandNames))
        }
    } catch let error as UsageError {
        let language = commandLanguage(args, environment: environment)
        printError("palette-tui: \(CommandText.problem(error.problem)(language))")
        printError(CommandText.tryTopHelp(language))
        return 2
    } catch let failure as HistoryFailure {
        printError("palette-tui: \(Messages.history(failure)(commandLanguage(args, environment: environment)))")
        return 1
    } catch {
        printError("palette-tui: \(error)")
        return 1
    }
}

/// The arguments with the command's name first: global options may stand before it
/// (`palette-tui --provider offline generate calm`, `palette-tui --lang zh-Hant history`) and are
/// then read by the command as if written after its name. An option's value is never taken for
/// the command (`--provider offline`): any command's option that takes a value skips the next
/// argument. Without a command name before `--` or the first other word, `args` is unchanged
/// (the interactive app, or its usage error).
func commandFirst(_ args: [String]) -> [String] {
    // `--version` belongs to the program, not to a command (`palette-tui --version generate`).
    if args.first == "--version" { return args }
    // Only a command's name is ever moved, so with none among the words nothing is, and no
    // command's options are read (the app's start builds no other command's spec).
    guard args.contains(where: { !$0.isEmpty && CommandTable.command(named: $0) != nil }) else { return args }
    var i = 0
    while i < args.count {
        let arg = args[i]
        if arg == "--" { return args }
        if arg == "-" || !arg.hasPrefix("-") {
            guard i > 0, CommandTable.command(named: arg) != nil else { return args }
            return [arg] + args[..<i] + args[(i + 1)...]
        }
        if arg.hasPrefix("--") {
            let body = arg.dropFirst(2)
            if body.contains("=") {
                i += 1
                continue
            }
            let takesValue = CommandTable.commands.contains { $0.option(named: String(body))?.takesValue == true }
            i += takesValue ? 2 : 1
        } else {
            let takesValue = CommandTable.commands.contains { $0.option(short: arg)?.takesValue == true }
            i += takesValue ? 2 : 1
        }
    }
    return args
}

/// The program: what `palette-tui`'s `main.swift` runs. It never returns: the exit status is the
/// command's, or 1 when standard output could not be written.
public enum Program {
    /// Before anything else runs: fatal signals restore the terminal, remove a half-written file
    /// and report on standard error; a write past `ulimit -f` fails instead of killing the process.
    @MainActor
    public static func run() async -> Never {
        let startLanguage = commandLanguage(
            Array(CommandLine.arguments.dropFirst()), environment: RunSettings.environment)
        Signals.installForProcess(language: startLanguage, environment: RunSettings.environment)
        let status = await runMain()
        exit(
            StandardOutput.finish(
                status,
                language: commandLanguage(
                    Array(CommandLine.arguments.dropFirst()), environment: RunSettings.environment)))
    }
}
