import Foundation
import PaletteConfig
import PaletteCore
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

/// The palette: three colours given as arguments, or one that is a link or a share string, else
/// anything `parse` reads on standard input (files export writes, binary ones too). Standard
/// input that is a terminal is not waited on: that is a usage problem. How roles were chosen
/// from more colours is a note on standard error.
func readPalette(_ colors: [String], language: Language) throws(UsageError) -> Palette {
    if colors.isEmpty {
        if isatty(0) != 0 { throw UsageError(.needsPalette) }
        let input: [UInt8]
        do {
            input = try readStandardInput(limit: parseInputLimit)
        } catch {
            throw UsageError(error.problem)
        }
        do {
            let result = try PaletteImport.read(input)
            printImportNotes(result, language: language)
            return result.palette
        } catch .text(let error) {
            throw UsageError(.noPalette(error))
        } catch {
            throw UsageError(.importFailed(error))
        }
    }
    if colors.count == 1 {
        // A link or a share string; anything else alone is one colour too few.
        do {
            let result = try PaletteImport.read(text: colors[0])
            printImportNotes(result, language: language)
            return result.palette
        } catch .text {
            throw UsageError(.colorCount(1))
        } catch {
            throw UsageError(.importFailed(error))
        }
    }
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
