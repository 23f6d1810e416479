import FoundationEssentials
import Glibc
import PaletteConfig
import PaletteCore
import PaletteHistory
import PaletteImport
import PaletteText

// What `audit` and `repair` share: the language, the palette, the background, the roles, and
// usage problems worded in the user's language.

/// The language a command speaks, known before its options are parsed so that a problem with
/// them can be worded in it: a valid `--lang` anywhere before `--`, else `PALETTE_TUI_LANG`, else
/// the settings file's, else the locale.
func commandLanguage(_ args: [String], environment: [String: String], file: ConfigFile? = RunSettings.file)
    -> Language
{
    var i = 0
    while i < args.count, args[i] != "--" {
        if args[i] == "--lang", i + 1 < args.count, let l = Language(rawValue: args[i + 1]) { return l }
        if args[i].hasPrefix("--lang="), let l = Language(rawValue: String(args[i].dropFirst(7))) { return l }
        i += 1
    }
    if fileBehind("PALETTE_TUI_LANG", in: environment, nil) == nil, let language = file?.language { return language }
    return (try? LanguageChoice.language(option: nil, environment: environment)) ?? .english
}

/// `--lang`, checked: a value this build does not speak is a usage problem naming it.
func checkedLanguage(_ arguments: Arguments, _ language: Language) throws(UsageError) -> Language {
    guard let raw = arguments["lang"] else { return language }
    guard let parsed = Language(rawValue: raw) else {
        throw UsageError(.invalidChoice(option: "lang", value: raw, choices: Language.allCases.map(\.rawValue)))
    }
    return parsed
}

/// Runs a command whose usage problems are worded in `language`: the problem on standard
/// error after `palette-tui: COMMAND:`, then the hint to `--help`, and exit status 2.
func reportingUsage(_ command: String, _ language: Language, _ body: () async throws -> Int32) async -> Int32 {
    do {
        return try await body()
    } catch let error as UsageError {
        let text = CommandText.problem(error.problem)(language)
        printError("palette-tui: \(command): \(text)")
        printError(CommandText.tryHelp(command)(language))
        return 2
    } catch let failure as HistoryFailure {
        printError("palette-tui: \(command): \(Messages.history(failure)(language))")
        return 1
    } catch {
        printError("palette-tui: \(command): \(error)")
        return 1
    }
}

/// `--background`: `light` (#FFFFFF, the default), `dark` (#000000) or a colour.
func parseBackground(_ raw: String?) throws(UsageError) -> RGB {
    guard let raw else { return WCAG.white }
    switch raw.lowercased() {
    case "light": return WCAG.white
    case "dark": return WCAG.black
    default:
        guard let color = try? ColorSyntax.parse(raw) else { throw UsageError(.badBackground(raw)) }
        return color
    }
}

/// A role by name: `primary`, `secondary`, `accent` (any case) or the role's Chinese label.
func parseRole(_ raw: String) -> Role? {
    let lower = raw.lowercased()
    return Role.allCases.first { role in
        lower == role.rawValue || Language.allCases.contains { role.label($0) == raw }
    }
}

/// `--against`: a role, or `background` (背景).
func parseSubject(_ raw: String) -> AuditSubject? {
    if raw.lowercased() == "background" || raw == "背景" { return .background }
    return parseRole(raw).map(AuditSubject.role)
}

/// A palette a command read, with the name it came with: the `description` of a JSON palette
/// (`generate --format json`), of a share string or of the history entry it was taken from; nil
/// when none.
struct ReadPalette {
    var palette: Palette
    var description: String?
}

/// The palette: three colours given as arguments (any form `ColorSyntax` reads), or one that is a
/// link or a share string, else anything `parse` reads on standard input (files export writes,
/// binary ones too), else, when standard input is a terminal or empty, the newest palette in the
/// history (as `export` does). No palette anywhere is a usage problem; a history that cannot be
/// read is a `HistoryFailure`. How roles were chosen from more colours is a note on standard
/// error.
func readPalette(
    _ colors: [String], language: Language, historyOption: String? = nil,
    environment: [String: String] = RunSettings.environment
) throws -> ReadPalette {
    if colors.count == 1 {
        // A link or a share string; anything else alone is one colour too few.
        do throws(ImportFailure) {
            let result = try PaletteImport.read(text: colors[0])
            printImportNotes(result, language: language)
            return ReadPalette(palette: result.palette, description: result.description)
        } catch .text {
            throw UsageError(.colorCount(1))
        } catch {
            throw UsageError(.importFailed(error))
        }
    }
    if !colors.isEmpty { return ReadPalette(palette: try paletteOfColours(colors), description: nil) }
    if isatty(0) == 0 {
        let input: [UInt8]
        do throws(InputError) {
            input = try readStandardInput(limit: parseInputLimit)
        } catch {
            throw UsageError(error.problem)
        }
        if !input.allSatisfy({ $0 == 0x20 || (0x09...0x0D).contains($0) }) {
            do throws(ImportFailure) {
                let result = try PaletteImport.read(input)
                printImportNotes(result, language: language)
                return ReadPalette(
                    palette: result.palette,
                    description: result.description ?? jsonDescription(String(decoding: input, as: UTF8.self)))
            } catch .text(let error) {
                throw UsageError(.noPalette(error))
            } catch {
                throw UsageError(.importFailed(error))
            }
        }
    }
    let store: HistoryStore
    do throws(HistoryFailure) {
        store = try HistoryStore(option: historyOption, environment: environment)
    } catch {
        // No history anywhere (no HOME): nothing to default to.
        if error.kind == .noLocation { throw UsageError(.needsPalette) }
        throw error
    }
    guard let newest = try store.loadNewest(1).entries.last else { throw UsageError(.needsPalette) }
    return ReadPalette(palette: newest.palette, description: newest.description)
}

/// Three colours, each in any form `ColorSyntax` reads.
func paletteOfColours(_ colors: [String]) throws(UsageError) -> Palette {
    guard colors.count == 3 else { throw UsageError(.colorCount(colors.count)) }
    var parsed: [RGB] = []
    for text in colors {
        do {
            parsed.append(try ColorSyntax.parse(text))
        } catch {
            throw UsageError(.badColor(error))
        }
    }
    return Palette(primary: parsed[0], secondary: parsed[1], accent: parsed[2])
}

/// The `description` of a palette written as one JSON object (what `generate --format json`
/// prints), so a pipe keeps the palette's name; nil for any other text.
func jsonDescription(_ text: String) -> String? {
    let trimmed = text.trimmed()
    guard trimmed.hasPrefix("{"),
        let object = JSONValue.parse(trimmed)?.object,
        let description = object["description"]?.string,
        !description.trimmed().isEmpty
    else { return nil }
    return description
}

/// The colours of one argument (`--palette`): split at white space and commas outside
/// parentheses, so `rgb(255 0 0)` and `rgb(255, 0, 0)` stay one colour.
func colourWords(_ raw: String) -> [String] {
    var words: [String] = []
    var current = ""
    var depth = 0
    for c in raw {
        if c == "(" { depth += 1 }
        if c == ")" { depth = max(0, depth - 1) }
        if depth == 0 && (c == " " || c == "," || c == "\t" || c == "\n") {
            if !current.isEmpty { words.append(current) }
            current = ""
        } else {
            current.append(c)
        }
    }
    if !current.isEmpty { words.append(current) }
    return words
}
