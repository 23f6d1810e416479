import Foundation
import PaletteApp
import PaletteCore
import PaletteExport
import PaletteHistory
import TerminalUI

/// One option of a command: the single table its parser, its usage and (later) shell
/// completions are made from. `value` is the placeholder of a valued option, nil for a flag.
struct CommandOption {
    var name: String
    var alias: String?
    var value: String?

    init(_ name: String, alias: String? = nil, value: String? = nil) {
        self.name = name
        self.alias = alias
        self.value = value
    }

    /// `-o, --output FILE` as the usage shows it.
    var flag: String {
        (alias.map { $0 + ", " } ?? "") + "--" + name + (value.map { " " + $0 } ?? "")
    }
}

/// `palette-tui export`'s options.
let exportOptions: [CommandOption] = [
    CommandOption("variant", value: "dark|light"),
    CommandOption("name", value: "NAME"),
    CommandOption("output", alias: "-o", value: "FILE"),
    CommandOption("force"),
    CommandOption("tailwind-v3"),
    CommandOption("lang", value: Language.allCases.map(\.rawValue).joined(separator: "|")),
    CommandOption("history", value: "FILE"),
    CommandOption("list"),
    CommandOption("help", alias: "-h"),
]

/// `palette-tui export FORMAT [COLOR COLOR COLOR]`: the palette, or a theme derived from it,
/// to standard output or atomically to a file.
func runExport(_ args: [String]) async throws -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let language: Language
    do {
        language = try exportLanguage(args, environment: environment)
    } catch {
        return usageFailure(error.problem, language: LanguageChoice.language(locale: localeName(environment)))
    }
    do {
        return try export(args, language: language, environment: environment)
    } catch let failure as ExportFailure {
        printError("palette-tui: " + ExportWords.problem(failure.problem)(language))
        if failure.isUsage { printError(ExportWords.tryHelp(language)) }
        return failure.isUsage ? 2 : 1
    }
}

/// A problem and whether it is a usage error (status 2) or a failure (status 1).
struct ExportFailure: Error {
    var problem: ExportProblem
    var isUsage: Bool
    static func usage(_ p: ExportProblem) -> ExportFailure { ExportFailure(problem: p, isUsage: true) }
    static func failed(_ p: ExportProblem) -> ExportFailure { ExportFailure(problem: p, isUsage: false) }
}

private struct LanguageError: Error { var problem: ExportProblem }

private func localeName(_ environment: [String: String]) -> String {
    ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
}

/// `--lang` read before anything else, so every later message is in the right language.
private func exportLanguage(_ args: [String], environment: [String: String]) throws(LanguageError) -> Language {
    var value: String?
    for (i, a) in args.enumerated() {
        if a == "--" { break }
        if a == "--lang", i + 1 < args.count { value = args[i + 1] }
        if a.hasPrefix("--lang=") { value = String(a.dropFirst("--lang=".count)) }
    }
    guard let value else { return LanguageChoice.language(locale: localeName(environment)) }
    guard let language = Language(rawValue: value) else {
        throw LanguageError(
            problem: .invalidChoice(option: "lang", value: value, choices: Language.allCases.map(\.rawValue)))
    }
    return language
}

private func usageFailure(_ problem: ExportProblem, language: Language) -> Int32 {
    printError("palette-tui: " + ExportWords.problem(problem)(language))
    printError(ExportWords.tryHelp(language))
    return 2
}

private func export(_ args: [String], language: Language, environment: [String: String]) throws -> Int32 {
    let arguments: Arguments
    do {
        arguments = try Arguments(
            args,
            valued: Set(exportOptions.filter { $0.value != nil }.map(\.name)),
            boolean: Set(exportOptions.filter { $0.value == nil }.map(\.name)),
            aliases: Dictionary(uniqueKeysWithValues: exportOptions.compactMap { o in o.alias.map { ($0, o.name) } }))
    } catch let error as UsageError {
        switch error.problem {
        case .unknownOption(let o): throw ExportFailure.usage(.unknownOption(o))
        case .needsValue(let o): throw ExportFailure.usage(.optionNeedsValue(o))
        case .takesNoValue(let o): throw ExportFailure.usage(.optionTakesNoValue(o))
        case nil: throw ExportFailure.usage(.unknownOption(error.description))
        }
    }
    if arguments.has("help") {
        print(ExportWords.usage(language, options: exportOptions.map { ($0.flag, $0.name) }))
        return 0
    }
    if arguments.has("list") {
        print(ExportWords.list(language), terminator: "")
        return 0
    }
    guard let formatName = arguments.positionals.first else { throw ExportFailure.usage(.missingFormat) }
    guard let format = ExportFormat(rawValue: formatName.lowercased()) else {
        throw ExportFailure.usage(.unknownFormat(formatName))
    }
    let colours = Array(arguments.positionals.dropFirst())
    guard colours.isEmpty || colours.count == 3 else { throw ExportFailure.usage(.colourCount(colours.count)) }
    var variant = ThemeVariant.dark
    if let raw = arguments["variant"] {
        guard let v = ThemeVariant(rawValue: raw) else {
            throw ExportFailure.usage(
                .invalidChoice(option: "variant", value: raw, choices: ThemeVariant.allCases.map(\.rawValue)))
        }
        variant = v
    }
    if arguments.has("tailwind-v3") && format != .tailwind { throw ExportFailure.usage(.tailwindOnly(format)) }
    let output = arguments["output"].flatMap { $0 == "-" ? nil : $0 }
    if output == nil && format.isBinary && isatty(1) == 1 { throw ExportFailure.usage(.binaryToTerminal(format)) }

    let (palette, description) = try exportPalette(
        colours, historyOption: arguments["history"], environment: environment)
    let request = ExportRequest(
        palette: palette, format: format, variant: variant, name: arguments["name"] ?? description ?? "",
        language: language, tailwindV3: arguments.has("tailwind-v3"))
    let bytes = Exporter.render(request)
    if let output {
        do {
            try AtomicFile.write(bytes, to: output, replace: arguments.has("force"))
        } catch .exists {
            throw ExportFailure.failed(.exists(output))
        } catch .failed(let code) {
            throw ExportFailure.failed(.writeFailed(path: output, reason: String(cString: strerror(code))))
        }
    } else {
        FileHandle.standardOutput.write(Data(bytes))
    }
    return 0
}

/// The palette to export, and the description to name it after when it came from the history:
/// the colours given, else standard input (when it is not a terminal and holds text), else
/// the newest palette in the history.
private func exportPalette(
    _ colours: [String], historyOption: String?, environment: [String: String]
) throws -> (Palette, String?) {
    if colours.count == 3 {
        var rgb: [RGB] = []
        for text in colours {
            do {
                rgb.append(try ColorSyntax.parse(text))
            } catch {
                throw ExportFailure.usage(.invalidColour(error))
            }
        }
        return (Palette(primary: rgb[0], secondary: rgb[1], accent: rgb[2]), nil)
    }
    if isatty(0) == 0 {
        let input: [UInt8]
        do {
            input = try readStandardInput(limit: parseInputLimit)
        } catch {
            throw ExportFailure.failed(.inputUnreadable(error.description))
        }
        let text = String(decoding: input, as: UTF8.self)
        if !text.allSatisfy(\.isWhitespace) {
            do {
                return (try PaletteParser.parse(text), nil)
            } catch {
                throw ExportFailure.failed(.noPaletteInInput(error))
            }
        }
    }
    do {
        let store = HistoryStore(url: try HistoryStore.resolveURL(option: historyOption, environment: environment))
        let newest = try store.loadNewest(1).entries.last
        guard let newest else { throw ExportFailure.failed(.noPalette) }
        return (newest.palette, newest.description)
    } catch let failure as ExportFailure {
        throw failure
    } catch {
        throw ExportFailure.failed(.historyUnreadable("\(error)"))
    }
}
