import Foundation
import PaletteCore

/// How `palette-tui history` prints entries.
enum HistoryFormat: String {
    case text, jsonl, json
}

let historyUsage = """
usage: palette-tui history [options]

Lists saved palettes, newest first: date, the three colours and the description.

  --format text|jsonl|json    output format (default text)
  --search TEXT, -s TEXT      only descriptions or hex codes containing TEXT
                              (ignores case and Traditional/Simplified Chinese)
  --favorites                 only favourites
  --limit N, -n N             at most N palettes
  --history FILE              history file (default $XDG_STATE_HOME/palette-tui/history.jsonl,
                              or PALETTE_TUI_HISTORY)
  --compact                   rewrite the file without deleted palettes and change records

Unreadable lines are skipped with a warning and left in the file.
"""

/// `palette-tui history`: lists saved palettes, newest first.
///
/// `--search TEXT` keeps entries whose description or hex codes contain TEXT (case-insensitive);
/// `--favorites` keeps favourites; `--limit N` keeps the newest N of what is left;
/// `--compact` folds deletions and favourite changes into a rewritten file.
func runHistory(_ args: [String]) async throws -> Int32 {
    let arguments = try Arguments(args, valued: ["format", "search", "limit", "history", "append-stream"],
                                  boolean: ["favorites", "compact", "help"],
                                  aliases: ["-n": "limit", "-s": "search", "-h": "help"])
    if arguments.has("help") {
        print(historyUsage)
        return 0
    }
    if let extra = arguments.positionals.first {
        throw UsageError("unexpected argument '\(extra)' (search with --search TEXT)")
    }
    let format = try arguments.choice("format", default: HistoryFormat.text)
    var limit: Int?
    if let raw = arguments["limit"] {
        guard let n = Int(raw), n >= 0 else { throw UsageError("invalid value '\(raw)' for '--limit': expected a whole number") }
        limit = n
    }
    let environment = ProcessInfo.processInfo.environment
    let store = HistoryStore(url: try HistoryStore.resolveURL(option: arguments["history"], environment: environment))

    if let raw = arguments["append-stream"] {
        guard let count = Int(raw), count > 0 else { throw UsageError("invalid value '\(raw)' for '--append-stream'") }
        return try appendStream(store, count: count)
    }
    if arguments.has("compact") {
        let removed = try store.compact()
        printError("palette-tui: history compacted: \(removed) deleted \(removed == 1 ? "entry" : "entries") removed")
        return 0
    }

    let (entries, warnings) = try store.load()
    for warning in warnings { printError("palette-tui: warning: \(warning)") }
    let query = arguments["search"].map(HistorySearch.init)
    var shown: [HistoryEntry] = []
    for entry in entries.reversed() {
        if let limit, shown.count >= limit { break }
        if arguments.has("favorites") && !entry.favorite { continue }
        if let query, !query.matches(entry) { continue }
        shown.append(entry)
    }
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
    FileHandle.standardOutput.write(Data(out))
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

/// A search over an entry's description and hex codes that ignores case and
/// Traditional/Simplified Chinese differences.
struct HistorySearch {
    let folded: String

    init(_ text: String) {
        folded = HistorySearch.fold(text)
    }

    /// Lower case, and Traditional Chinese characters replaced by their Simplified forms.
    static func fold(_ text: String) -> String {
        let lower = text.lowercased()
        guard lower.utf8.contains(where: { $0 >= 0xE3 }) else { return lower }
        var out = String.UnicodeScalarView()
        for s in lower.unicodeScalars { out.append(ChineseFolding.simplified(s) ?? s) }
        return String(out)
    }

    /// True when the description or one of `#rrggbb` codes contains the query.
    func matches(_ entry: HistoryEntry) -> Bool {
        if folded.isEmpty { return true }
        if HistorySearch.fold(entry.description).contains(folded) { return true }
        for color in [entry.primary, entry.secondary, entry.accent] where color.hex.lowercased().contains(folded) {
            return true
        }
        return false
    }
}

/// A hidden test aid: appends `count` entries, printing `saved ID` after each append returns.
///
/// The durability test SIGKILLs this process mid-stream and checks that every id it
/// printed is in the file.
private func appendStream(_ store: HistoryStore, count: Int) throws -> Int32 {
    let pid = getpid()
    for k in 0..<count {
        let entry = HistoryEntry(
            id: UUID().uuidString.lowercased(), created: Date(),
            description: "stream \(pid) #\(k) 流 \"q\"",
            palette: Palette(primary: RGB(packed: UInt32(k & 0xFFFFFF)), secondary: RGB(packed: 0x336699),
                             accent: RGB(packed: UInt32(pid) & 0xFFFFFF)),
            provider: "offline", model: nil)
        try store.append(entry)
        let line = Array("saved \(entry.id)\n".utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
    return 0
}

/// Option names every command that writes history accepts (`--history FILE`, `--no-history`).
let historyValuedOptions: Set<String> = ["history"]
let historyBooleanOptions: Set<String> = ["no-history"]

/// Records a generated palette in the history file chosen by the options and environment.
///
/// Returns a one-line warning when the palette could not be saved (the command still succeeds),
/// nil when it was saved or `--no-history` was given.
func recordGenerated(_ result: GeneratedPalette, description: String, arguments: Arguments,
                     environment: [String: String]) -> String? {
    do {
        guard let store = try HistoryStore.forCommand(arguments, environment: environment) else { return nil }
        try store.append(HistoryEntry(
            id: UUID().uuidString.lowercased(), created: Date(), description: description,
            palette: result.palette, provider: result.provider, model: result.model))
        return nil
    } catch {
        return "palette not saved to history: \(error)"
    }
}
