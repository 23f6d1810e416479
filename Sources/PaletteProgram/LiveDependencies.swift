import FoundationEssentials
import Glibc
import PaletteApp
import PaletteApply
import PaletteConfig
import PaletteCore
import PaletteHistory
import PaletteProviders
import PaletteText
import TerminalUI

/// The one place live dependencies are made: the provider, the history store, the clipboard,
/// the file writer, the clocks and the process environment, for whichever command runs.
///
/// Each command builds this once, from its options, in its main path; nothing else in the
/// program makes a provider, a store or a clock.
struct LiveDependencies {
    let dependencies: Dependencies
    /// Bytes the clipboard sends to the terminal (OSC 52), which the interactive loop hands to
    /// the screen; unused by commands without a screen.
    let terminalOutbox: TerminalOutbox

    /// - Parameters:
    ///   - arguments: the command's options (provider, model, endpoint, timeout, history).
    ///   - config: the settings file, for each provider's section (`providerPlan`).
    ///   - clipboard: how copies are made; commands without a screen pass `.none`.
    ///   - warmUp: whether a Gemini client sets its HTTP stack up in the background at once
    ///     (the app, before its first request), or not (`generate`, which sends immediately).
    init(
        arguments: Arguments, processEnvironment: [String: String], config: ConfigFile? = nil,
        clipboard: ClipboardOption = .none, warmUp: Bool
    ) throws(ProviderProblem) {
        let options = ProviderOptions(arguments)
        let made = try makeProvider(options, environment: processEnvironment, config: config, warmUp: warmUp)
        // Its failures name the endpoint's setting only when the user made one.
        let provider = EndpointNamingProvider(
            made, setting: endpointSetting(options, environment: processEnvironment, config: config))
        let history: HistoryClient
        do throws(HistoryFailure) {
            if let store = try historyStore(arguments, environment: processEnvironment, file: config) {
                history = LiveDependencies.history(store)
            } else {
                history = .off
            }
        } catch {
            history = .unavailable(error)
        }
        let outbox = TerminalOutbox()
        let plan = ClipboardPlan.choose(option: clipboard, environment: processEnvironment) {
            ClipboardPlan.isOnPath($0, path: processEnvironment["PATH"])
        }
        terminalOutbox = outbox
        dependencies = Dependencies(
            provider: ProviderClient(provider), history: history,
            clipboard: LiveDependencies.clipboard(plan, outbox: outbox),
            files: FileClient(
                write: LiveDependencies.writeFile, create: LiveDependencies.createFile,
                exists: { path in
                    var st = stat()
                    return lstat(path, &st) == 0
                }), clock: LiveDependencies.clock(),
            processEnvironment: processEnvironment, themes: LiveDependencies.themes(processEnvironment))
    }

    // MARK: - The parts

    /// "Apply to this terminal": the terminal detected from the environment, then exactly what
    /// `palette-tui apply TERMINAL` does with its default config place.
    static func themes(_ environment: [String: String]) -> ThemeApplier {
        ThemeApplier { palette, variant in
            guard let target = ApplyTarget.detect(environment) else {
                return AppliedTheme(succeeded: false, message: ExportWords.noTerminalToApply)
            }
            guard let config = target.configPath(environment: environment, exists: { lstatKind($0) != nil }) else {
                return AppliedTheme(succeeded: false, message: ApplyWords.problem(.noConfigHome))
            }
            let files = ApplyFiles(target, config: config)
            let bytes = target.themeText(
                palette, variant: variant, name: palette.colors.map(\.hex).joined(separator: " "), language: .english,
                config: config)
            do {
                guard
                    case .done(let messages) = try applyTheme(
                        bytes, files: files, dryRun: false, environment: environment)
                else { return AppliedTheme(succeeded: false, message: ExportWords.noTerminalToApply) }
                let shown = messages.suffix(2)
                func join(_ part: (Localized) -> String, _ separator: String) -> String {
                    shown.map(part).joined(separator: separator).replacingAll("\n  ", with: " ")
                }
                return AppliedTheme(
                    succeeded: true,
                    message: Localized(join(\.english, "; "), join(\.traditional, "；"), join(\.simplified, "；")))
            } catch let failure as ApplyFailure {
                return AppliedTheme(succeeded: false, message: ApplyWords.problem(failure.problem))
            } catch {
                return AppliedTheme(succeeded: false, message: ExportWords.noTerminalToApply)
            }
        }
    }

    /// The wall clock, `ContinuousClock` from now, and random UUIDs.
    static func clock() -> AppClock {
        let origin = ContinuousClock.now
        return AppClock(
            now: { Date() }, uptime: { ContinuousClock.now - origin },
            makeID: { UUID().uuidString.lowercased() })
    }

    /// The history file, through its store (whose every error is a typed `HistoryFailure`).
    static func history(_ store: HistoryStore) -> HistoryClient {
        HistoryClient(
            loadNewest: { count throws(HistoryFailure) in try store.loadNewest(count) },
            load: { () throws(HistoryFailure) in try store.load() },
            write: { change throws(HistoryFailure) in
                switch change {
                case .append(let entry): try store.append(entry)
                case .setFavorite(let id, let on): try store.setFavorite(id: id, on)
                case .delete(let id): try store.delete(id: id)
                case .restore(let id): try store.restore(id: id)
                }
            })
    }

    /// OSC 52 to the terminal (through the outbox) and at most one program, as `plan` says; a
    /// program that fails where OSC 52 was left out (tmux) falls back to OSC 52.
    static func clipboard(_ plan: ClipboardPlan, outbox: TerminalOutbox) -> ClipboardClient {
        ClipboardClient { text in
            var routes: [ClipboardRoute] = []
            var tooLong = false
            func terminal() {
                if let sequence = OSC52.sequence(for: text) {
                    outbox.post(sequence)
                    routes.append(.terminal)
                } else {
                    tooLong = true
                }
            }
            if plan.osc52 { terminal() }
            if let program = plan.program {
                if await ClipboardRunner.run(program, text: text) {
                    routes.append(.program(program.displayName))
                } else {
                    if !plan.osc52 { terminal() }
                    if routes.isEmpty && !tooLong { return .failure(.programFailed(program.displayName)) }
                }
            }
            if !routes.isEmpty { return .success(routes) }
            return .failure(tooLong ? .tooLongForTerminal(bytes: text.utf8.count) : .noRoute)
        }
    }

    /// Writes a file atomically, replacing what was there (`AtomicFile`, which `export` uses).
    static func writeFile(_ path: String, _ contents: [UInt8]) throws(FileWriteFailure) {
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(contents, to: path, replace: true)
        } catch .failed(let code) {
            throw FileWriteFailure(path: path, code: code)
        } catch .refused(let refusal) {
            throw FileWriteFailure(path: path, code: 0, refusal: refusal)
        } catch {
            throw FileWriteFailure(path: path, code: EEXIST)
        }
    }

    /// Writes a new file atomically; an existing one is left alone (`EEXIST`).
    static func createFile(_ path: String, _ contents: [UInt8]) throws(FileWriteFailure) {
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(contents, to: path, replace: false)
        } catch .failed(let code) {
            throw FileWriteFailure(path: path, code: code)
        } catch .refused(let refusal) {
            throw FileWriteFailure(path: path, code: 0, refusal: refusal)
        } catch {
            throw FileWriteFailure(path: path, code: EEXIST)
        }
    }
}

extension LiveDependencies {
    /// The dependencies of a command that prints a palette and has no screen (`generate`,
    /// `refine`): no clipboard, no warm-up (the request goes out at once). A usage error is
    /// thrown; any other reason they cannot be set up (a provider without its key) is printed as
    /// one sentence and the answer is nil, for exit status 1.
    static func forPrintingCommand(
        _ arguments: Arguments, environment: [String: String], language: Language
    ) throws(UsageError) -> LiveDependencies? {
        do throws(ProviderProblem) {
            return try LiveDependencies(
                arguments: arguments, processEnvironment: environment, config: RunSettings.file, warmUp: false)
        } catch {
            switch error {
            case .usage(let usage): throw usage
            case .failure(let failure):
                printError("palette-tui: \(Messages.failure(failure)(language))")
                return nil
            }
        }
    }
}
