import FoundationEssentials
import Glibc
import PaletteCommands
import PaletteConfig
import PaletteCore
import PaletteExport
import PaletteHistory
import PaletteImport
import PaletteText
import TerminalUI

/// `palette-tui export FORMAT [COLOR COLOR COLOR]`: the palette, or a theme derived from it,
/// to standard output or atomically to a file.
func runExport(_ args: [String]) async throws -> Int32 {
    let environment = RunSettings.environment
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

/// `--variant`, else `PALETTE_TUI_VARIANT` (which the settings file's `[export] variant` fills
/// when unset), else dark.
func themeVariant(_ option: String?, environment: [String: String], file: ConfigFile?) throws -> ThemeVariant {
    guard let raw = option ?? fileBehind("PALETTE_TUI_VARIANT", in: environment, file?.exportVariant) else {
        return .dark
    }
    guard let variant = ThemeVariant(rawValue: raw) else {
        throw ExportFailure.usage(
            .invalidChoice(option: "variant", value: raw, choices: ThemeVariant.allCases.map(\.rawValue)))
    }
    return variant
}

/// A problem and whether it is a usage error (status 2) or a failure (status 1).
struct ExportFailure: Error {
    var problem: ExportProblem
    var isUsage: Bool
    static func usage(_ p: ExportProblem) -> ExportFailure { ExportFailure(problem: p, isUsage: true) }
    static func failed(_ p: ExportProblem) -> ExportFailure { ExportFailure(problem: p, isUsage: false) }
}

/// A command-line usage error worded as the export commands word their problems.
func exportProblem(_ error: UsageError) -> ExportProblem {
    switch error.problem {
    case .unknownOption(let o): return .unknownOption(o)
    case .needsValue(let o): return .optionNeedsValue(o)
    case .takesNoValue(let o): return .optionTakesNoValue(o)
    case .invalidChoice(let o, let v, let choices): return .invalidChoice(option: o, value: v, choices: choices)
    case .emptyFile(let o): return .emptyValue(option: o)
    default: return .unknownOption(error.description)
    }
}

private struct LanguageError: Error { var problem: ExportProblem }

func localeName(_ environment: [String: String]) -> String {
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
        arguments = try Arguments(args, command: CommandTable.export)
    } catch {
        throw ExportFailure.usage(exportProblem(error))
    }
    if arguments.has("help") {
        print(CommandHelp.text(CommandTable.export, language))
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
    guard colours.count <= 1 || colours.count == 3 else { throw ExportFailure.usage(.colourCount(colours.count)) }
    let variant = try themeVariant(arguments["variant"], environment: environment, file: RunSettings.file)
    if arguments.has("tailwind-v3") && format != .tailwind { throw ExportFailure.usage(.tailwindOnly(format)) }
    for option in ["output", "name", "history"] where arguments[option]?.isEmpty == true {
        throw ExportFailure.usage(.emptyValue(option: option))
    }
    var output = arguments["output"].flatMap { $0 == "-" ? nil : $0 }
    if output == nil && format.isBinary && isatty(1) == 1 { throw ExportFailure.usage(.binaryToTerminal(format)) }

    let (palette, description) = try exportPalette(
        colours, historyOption: arguments["history"], environment: environment, language: language)
    let name = ExportWords.fileName(arguments["name"] ?? description, palette, language)
    // `-o DIRECTORY` (or a path ending in `/`): the file gets the name the app's export menu
    // would give it, inside that directory.
    if let path = output, isDirectory(path) || path.hasSuffix("/") {
        let file = ExportPath.fileName(
            description: arguments["name"] ?? description ?? "", format: format, variant: variant,
            tailwindV3: arguments.has("tailwind-v3"))
        output = (path.hasSuffix("/") ? path : path + "/") + file
    }
    let request = ExportRequest(
        palette: palette, format: format, variant: variant, name: name,
        language: language, tailwindV3: arguments.has("tailwind-v3"))
    let bytes = Exporter.render(request)
    if let output {
        do {
            try AtomicFile.write(bytes, to: output, replace: arguments.has("force"))
        } catch .exists {
            throw ExportFailure.failed(.exists(output))
        } catch .failed(let code) {
            throw ExportFailure.failed(.writeFailed(path: output, reason: Messages.systemError(code)(language)))
        } catch .refused(let refusal) {
            throw ExportFailure.failed(.writeFailed(path: output, reason: Messages.fileRefusal(refusal)(language)))
        }
    } else {
        StandardOutput.write(bytes)
    }
    return 0
}

/// The palette to export, and the description to name it after when it came from the history
/// or a share string: see `sourcePalette`.
func exportPalette(
    _ colours: [String], historyOption: String?, environment: [String: String], language: Language
) throws -> (Palette, String?) {
    let source = try sourcePalette(colours, historyOption: historyOption, environment: environment, language: language)
    return (source.palette, source.description)
}

/// The palette a command works on: the three colours given, or one argument that is a link or a
/// share string, else standard input (when it is not a terminal and holds anything: text, a
/// link, a share string, or a file export writes, binary ones too), else the newest palette in
/// the history. How roles were chosen from more colours is a note on standard error.
func sourcePalette(
    _ colours: [String], historyOption: String?, environment: [String: String], language: Language
) throws -> SourcedPalette {
    if colours.count == 3 {
        var rgb: [RGB] = []
        for text in colours {
            do {
                rgb.append(try ColorSyntax.parse(text))
            } catch {
                throw ExportFailure.usage(.invalidColour(error))
            }
        }
        return SourcedPalette(palette: Palette(primary: rgb[0], secondary: rgb[1], accent: rgb[2]), locked: [])
    }
    if colours.count == 1 {
        do {
            let imported = try PaletteImport.read(text: colours[0])
            printImportNotes(imported, language: language)
            return SourcedPalette(palette: imported.palette, description: imported.description, locked: imported.locked)
        } catch .text {
            throw ExportFailure.usage(.colourCount(1))
        } catch {
            throw ExportFailure.failed(.importFailed(error))
        }
    }
    if isatty(0) == 0 {
        let input: [UInt8]
        do {
            input = try readStandardInput(limit: parseInputLimit)
        } catch {
            switch error {
            case .tooLarge(let mib): throw ExportFailure.failed(.inputTooLarge(mebibytes: mib))
            case .system(let code): throw ExportFailure.failed(.inputUnreadable(code: code))
            }
        }
        if !input.allSatisfy({ $0 == 0x20 || (0x09...0x0D).contains($0) }) {
            do {
                let imported = try PaletteImport.read(input)
                printImportNotes(imported, language: language)
                return SourcedPalette(
                    palette: imported.palette,
                    description: imported.description ?? jsonDescription(String(decoding: input, as: UTF8.self)),
                    locked: imported.locked)
            } catch .text(let error) {
                throw ExportFailure.failed(.noPaletteInInput(error))
            } catch {
                throw ExportFailure.failed(.importFailed(error))
            }
        }
    }
    do {
        let store = HistoryStore(url: try HistoryStore.resolveURL(option: historyOption, environment: environment))
        let newest = try store.loadNewest(1).entries.last
        guard let newest else { throw ExportFailure.failed(.noPalette) }
        return SourcedPalette(
            palette: newest.palette, description: newest.description, locked: Set(newest.lineage.locked))
    } catch let failure as ExportFailure {
        throw failure
    } catch {
        throw ExportFailure.failed(.historyUnreadable("\(error)"))
    }
}

/// True when `path` names a directory (following a symbolic link).
func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
}
