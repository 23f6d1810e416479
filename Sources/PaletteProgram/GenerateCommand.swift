import FoundationEssentials
import Glibc
import PaletteCommands
import PaletteConfig
import PaletteCore
import PaletteHistory
import PaletteImage
import PaletteImport
import PaletteText

/// `palette-tui generate`: one palette for a description, printed in the chosen format.
func runGenerate(_ args: [String]) async throws -> Int32 {
    let arguments = try Arguments(args, command: Commands.generate)
    let environment = RunSettings.environment
    let language = try arguments.language(environment: environment, file: RunSettings.file)
    if arguments.has("help") {
        print(Commands.helpText(Commands.generate, language))
        return 0
    }
    let format = try arguments.choice("format", default: PaletteFormat.text)
    let description = arguments.positionals.joined(separator: " ").trimmed()
    if let shared = arguments["from"] {
        if !description.isEmpty { throw UsageError(.fromWithDescription) }
        for option in ["lock", "seed", "candidates", "accessible", "image"]
        where arguments[option] != nil || !arguments.all(option).isEmpty {
            throw UsageError(.fromWithOption(option))
        }
        return try generateFrom(shared, arguments: arguments, format: format, language: language)
    }
    let imagePath = arguments["image"]
    if description.isEmpty, imagePath == nil {
        throw UsageError(.needsDescription)
    }
    // The picture is read before any provider is set up: a file that is not one is the only line.
    var image: ImageInput?
    if let imagePath {
        do {
            image = try ImageDecoder.decode(path: imagePath)
        } catch {
            printError("palette-tui: generate: \(ImageWords.problem(error, path: imagePath)(language))")
            return 1
        }
    }
    let constraints = try generationConstraints(
        arguments, language: language, environment: environment, file: RunSettings.file)
    let options = try WorkbenchOptions(arguments, language: language)
    guard let live = try LiveDependencies.forPrintingCommand(arguments, environment: environment, language: language)
    else { return 1 }
    let dependencies = live.dependencies
    let result: GeneratedPalette
    let request = GenerationRequest(
        description: description, language: language, seed: options.seed, locked: options.locked,
        constraints: constraints, candidateCount: options.candidates, image: image)
    switch await dependencies.provider.generate(request) {
    case .success(let generated):
        result = generated
    case .failure(let failure):
        printError("palette-tui: \(Messages.failure(failure)(language))")
        return 1
    }
    // Saved before it is printed, so a `refine` reading this output in a pipe finds its parent.
    let provenances = recordCandidates(
        result, description: description, request: request, parent: nil, dependencies: dependencies,
        language: language, saves: !arguments.has("no-history"))
    printGenerated(result, format: format, language: language, provenances: provenances)
    return 0
}

/// `generate --from STRING`: the palette of a share string (or a link), printed and saved with its
/// description and locks exactly, no provider asked.
private func generateFrom(
    _ shared: String, arguments: Arguments, format: PaletteFormat, language: Language
) throws -> Int32 {
    let imported: ImportedPalette
    do {
        imported = try PaletteImport.read(text: shared)
    } catch {
        printError("palette-tui: generate: \(ImportWords.problem(error)(language))")
        return 1
    }
    guard
        let live = try LiveDependencies.forPrintingCommand(
            arguments, environment: RunSettings.environment, language: language)
    else { return 1 }
    let dependencies = live.dependencies
    let result = GeneratedPalette(palette: imported.palette, provider: "shared")
    let locked = Role.allCases.filter(imported.locked.contains)
    if let failure = recordGenerated(
        result, description: imported.description ?? "", history: dependencies.history, clock: dependencies.clock,
        lineage: HistoryEntry.Lineage(locked: locked))
    {
        printError("palette-tui: \(CommandText.warningLabel(language))\(Messages.historyNotSaved(failure)(language))")
    }
    printImported(imported, format: format, language: language, provider: "shared")
    return 0
}

/// The notes of a result in the user's language, the fallback's reason first.
func wordedNotes(_ result: GeneratedPalette, language: Language) -> [String] {
    var notes = result.notes.map { Messages.note($0)(language) }
    if let reason = result.fallbackReason {
        notes.append(Messages.fallbackNote(reason)(language))
    }
    return notes
}

/// `--accessible LEVEL` with `--background`: the request's constraints. A problem is worded in
/// the user's language.
///
/// Each takes its option, else its variable (`PALETTE_TUI_ACCESSIBLE`, `PALETTE_TUI_BACKGROUND`,
/// which the settings file's `[workbench]` fills when unset). A background from the
/// environment alone, without a level, is a default for later, not a mistake.
func generationConstraints(
    _ arguments: Arguments, language: Language, environment: [String: String] = [:], file: ConfigFile? = nil
) throws(UsageError) -> GenerationConstraints {
    func problem(_ p: CommandProblem) -> UsageError { UsageError(p) }
    let given = arguments["accessible"] ?? fileBehind("PALETTE_TUI_ACCESSIBLE", in: environment, file?.accessible)
    let backgroundGiven =
        arguments["background"] ?? fileBehind("PALETTE_TUI_BACKGROUND", in: environment, file?.background)
    guard let raw = given else {
        if arguments["background"] != nil { throw problem(.needsOption("background", with: "accessible")) }
        return GenerationConstraints()
    }
    guard let level = AccessibilityLevel(parsing: raw) else {
        throw problem(.invalidChoice(option: "accessible", value: raw, choices: ["AA", "AAA"]))
    }
    let background: RGB
    do {
        background = try parseBackground(backgroundGiven)
    } catch {
        throw error
    }
    return GenerationConstraints(accessibility: AccessibilityRequirement(level: level, background: background))
}
