import Foundation
import Gemini
import PaletteApp
import PaletteCore
import PaletteHistory

let generateUsage = """
    usage: palette-tui generate [options] DESCRIPTION...

    Turns a description of a scene or mood, in any language, into a primary, a supporting
    secondary and an accent colour, prints it, and saves it in the history.

    \(ProviderOptions.help)
      --format text|json|hex|css  output format (default text)
      --lang en|zh-Hant|zh-Hans   language of the role labels in text output (default: from the locale)
      --history FILE              history file (default $XDG_STATE_HOME/palette-tui/history.jsonl)
      --no-history                do not save the palette
      --accessible AA|AAA         only a palette that meets the level on the background: each role's
                                  readable ink at 4.5:1 (AA) or 7:1 (AAA), the accent at 3:1 against
                                  the others and the background, every two roles ΔE00 10 apart under
                                  protan, deutan and tritan vision (a model's answer is repaired, with
                                  a note of what moved)
      --background light|dark|COLOR  the background --accessible judges on (default light)

    Key: GEMINI_API_KEY, else GOOGLE_API_KEY (read from the environment only).
    Exit status: 0 printed a palette, 1 no palette (one line on standard error says why), 2 usage.
    """

/// `palette-tui generate`: one palette for a description, printed in the chosen format.
func runGenerate(_ args: [String]) async throws -> Int32 {
    let arguments = try Arguments(
        args,
        valued: ProviderOptions.valuedOptions.union(["format", "lang", "accessible", "background"])
            .union(historyValuedOptions),
        boolean: historyBooleanOptions.union(["help"]),
        aliases: ["-h": "help", "-f": "format", "-m": "model"])
    if arguments.has("help") {
        print(generateUsage)
        return 0
    }
    let format = try arguments.choice("format", default: PaletteFormat.text)
    let environment = ProcessInfo.processInfo.environment
    let language = try arguments.language(environment: environment)
    let description = arguments.positionals.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
    if description.isEmpty {
        throw UsageError(.needsDescription)
    }
    let constraints = try generationConstraints(arguments, language: language)
    let live: LiveDependencies
    do {
        live = try LiveDependencies(arguments: arguments, processEnvironment: environment, warmUp: false)
    } catch let error as UsageError {
        throw error
    } catch {
        let failure = ProviderFailure.from(error, provider: GeminiClient.providerID)
        printError("palette-tui: \(Messages.failure(failure)(language))")
        return 1
    }
    let dependencies = live.dependencies
    let result: GeneratedPalette
    switch await dependencies.provider.generate(
        GenerationRequest(description: description, language: language, constraints: constraints))
    {
    case .success(let generated):
        result = generated
    case .failure(let failure):
        printError("palette-tui: \(Messages.failure(failure)(language))")
        return 1
    }
    let notes = wordedNotes(result, language: language)
    print(result.formatted(format, language: language, notes: notes))
    // hex and css carry no notes: a fallback, what was moved to meet --accessible, or a retired
    // default model's replacement goes to standard error instead.
    let mustSay = result.notes.contains {
        switch $0 {
        case .accessibilityRepaired, .modelReplaced: return true
        default: return false
        }
    }
    if result.isFallback || mustSay, format == .hex || format == .css {
        for note in notes { printError("palette-tui: note: \(note)") }
    }
    if let failure = recordGenerated(
        result, description: description, history: dependencies.history,
        clock: dependencies.clock)
    {
        printError("palette-tui: warning: \(Messages.historyNotSaved(failure)(language))")
    }
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
func generationConstraints(_ arguments: Arguments, language: Language) throws(UsageError) -> GenerationConstraints {
    func problem(_ p: CommandProblem) -> UsageError { UsageError(CommandText.problem(p)(language)) }
    guard let raw = arguments["accessible"] else {
        if arguments["background"] != nil { throw problem(.needsOption("background", with: "accessible")) }
        return GenerationConstraints()
    }
    guard let level = AccessibilityLevel(parsing: raw) else {
        throw problem(.invalidChoice(option: "accessible", value: raw, choices: ["AA", "AAA"]))
    }
    let background: RGB
    do {
        background = try parseBackground(arguments["background"])
    } catch {
        throw problem(error.commandProblem ?? .badBackground(arguments["background"] ?? ""))
    }
    return GenerationConstraints(accessibility: AccessibilityRequirement(level: level, background: background))
}
