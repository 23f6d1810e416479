import FoundationEssentials
import Glibc
import PaletteApp
import PaletteCommands
import PaletteConfig
import PaletteCore
import PaletteHistory
import PaletteText

/// How `palette-tui history` prints entries.
enum HistoryFormat: String, CaseIterable {
    case text, jsonl, json
}

/// `palette-tui history`: lists saved palettes, newest first.
///
/// `--search TEXT` keeps entries whose description or hex codes contain TEXT (case-insensitive);
/// `--favorites` keeps favourites; `--limit N` keeps the newest N of what is left;
/// `--compact` folds deletions and favourite changes into a rewritten file.
func runHistory(_ args: [String]) async throws -> Int32 {
    let arguments = try Arguments(args, command: CommandTable.history)
    let environment = RunSettings.environment
    if arguments.has("help") {
        print(
            CommandHelp.text(
                CommandTable.history, try arguments.language(environment: environment, file: RunSettings.file)))
        return 0
    }
    if let extra = arguments.positionals.first {
        throw UsageError(.historyArgument(extra))
    }
    let format = try arguments.choice("format", default: HistoryFormat.text)
    var limit: Int?
    if let raw = arguments["limit"] {
        guard let n = Int(raw), n >= 0 else {
            throw UsageError(.notAWholeNumber(option: "limit", value: raw))
        }
        limit = n
    }
    let language = try arguments.language(environment: environment, file: RunSettings.file)
    // Every failure of the store is one line in the user's language, and the exit status 1.
    let loaded: (entries: [HistoryEntry], warnings: [HistoryWarning])
    do throws(HistoryFailure) {
        let store = try HistoryStore(
            option: historyPath(arguments, environment: environment, file: RunSettings.file), environment: environment)
        if arguments.has("compact") {
            let removed = try store.compact()
            printError("palette-tui: \(Messages.historyCompacted(removed: removed)(language))")
            return 0
        }
        loaded = try store.load()
    } catch {
        let failure = error
        let sentence =
            arguments.has("compact") ? Messages.historyNotCompacted(failure) : Messages.historyNotRead(failure)
        printError("palette-tui: \(sentence(language))")
        return 1
    }
    let (entries, warnings) = loaded
    for warning in warnings {
        let label = CommandText.warningLabel(language) + CommandText.historyLabel(language)
        printError("palette-tui: \(label)\(Messages.historyWarning(warning)(language))")
    }
    let filter = HistoryFilter(
        query: HistoryQuery(arguments["search"] ?? ""), favoritesOnly: arguments.has("favorites"))
    let shown = filter.newestFirst(entries, limit: limit)
    var out: [UInt8] = []
    switch format {
    case .text:
        for entry in shown { out += historyTextLine(entry).utf8 }
    case .jsonl:
        for entry in shown { out += HistoryLineEncoder.encode(.entry(entry)) }
    case .json:
        out += "[".utf8
        for (i, entry) in shown.enumerated() {
            out += (i == 0 ? "\n  " : ",\n  ").utf8
            out += HistoryLineEncoder.encode(.entry(entry)).dropLast()
        }
        out += (shown.isEmpty ? "]\n" : "\n]\n").utf8
    }
    StandardOutput.write(out)
    return 0
}

/// One line of the text listing: favourite mark, local date and time, the three hex codes, description.
func historyTextLine(_ entry: HistoryEntry) -> String {
    let mark = entry.favorite ? "*" : " "
    return "\(mark) \(localDateTime(entry.created))  \(entry.primary.hex) \(entry.secondary.hex) "
        + "\(entry.accent.hex)  \(TextSanitizer.clean(entry.description))\n"
}

/// `YYYY-MM-DD HH:MM` in the local time zone (`TZ`).
func localDateTime(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    localtime_r(&seconds, &parts)
    func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
        + "\(two(parts.tm_hour)):\(two(parts.tm_min))"
}

/// The store a command's options ask for (`--history FILE`, else the environment), or nil
/// under `--no-history`.
func historyStore(_ arguments: Arguments, environment: [String: String], file: ConfigFile?) throws(HistoryFailure)
    -> HistoryStore?
{
    if arguments.has("no-history") { return nil }
    return try HistoryStore(
        option: historyPath(arguments, environment: environment, file: file), environment: environment)
}

/// `--history FILE`, else nil when `PALETTE_TUI_HISTORY` is set (the store reads it), else the
/// settings file's `history` (with `~/` expanded); nil leaves the rest to the store's default.
func historyPath(_ arguments: Arguments, environment: [String: String], file: ConfigFile?) -> String? {
    if let option = arguments["history"] { return option }
    guard fileBehind("PALETTE_TUI_HISTORY", in: environment, nil) == nil else { return nil }
    return file?.history.map { expandHome($0, environment: environment) }
}

/// Records a generated palette in the history, with a fresh id and the time from `clock`.
///
/// Returns why the palette could not be saved (the command still succeeds), nil when it was
/// saved or there is no history (`--no-history`).
func recordGenerated(
    _ result: GeneratedPalette, description: String, history: HistoryClient,
    clock: AppClock, lineage: HistoryEntry.Lineage = HistoryEntry.Lineage(), id: String? = nil
) -> HistoryFailure? {
    let entry = HistoryEntry(
        id: id ?? clock.makeID(), created: clock.now(), description: description,
        palette: result.palette, provider: result.provider, model: result.model, lineage: lineage)
    do throws(HistoryFailure) {
        try history.write(.append(entry))
        return nil
    } catch {
        return error
    }
}
