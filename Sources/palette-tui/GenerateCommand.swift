import Foundation
import Gemini
import PaletteApp
import PaletteCore

let generateUsage = """
usage: palette-tui generate [options] DESCRIPTION...

Turns a description of a scene or mood, in any language, into a primary, a supporting
secondary and an accent colour, prints it, and saves it in the history.

\(ProviderOptions.help)
  --format text|json|hex|css  output format (default text)
  --lang en|zh-Hant|zh-Hans   language of the role labels in text output (default: from the locale)
  --history FILE              history file (default $XDG_STATE_HOME/palette-tui/history.jsonl)
  --no-history                do not save the palette

Key: GEMINI_API_KEY, else GOOGLE_API_KEY (read from the environment only).
Exit status: 0 printed a palette, 1 no palette (one line on standard error says why), 2 usage.
"""

/// `palette-tui generate`: one palette for a description, printed in the chosen format.
func runGenerate(_ args: [String]) async throws -> Int32 {
    let arguments = try Arguments(
        args,
        valued: ProviderOptions.valuedOptions.union(["format", "lang"]).union(historyValuedOptions),
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
        throw UsageError("generate needs a description, e.g. palette-tui generate \"a calm forest morning\"")
    }
    let result: GeneratedPalette
    do {
        let provider = try makeProvider(ProviderOptions(arguments), environment: environment, warmUp: false)
        result = try await provider.generate(GenerationRequest(description: description, language: language))
    } catch let error as UsageError {
        throw error
    } catch {
        let failure = ProviderFailure.from(error, provider: "gemini")
        printError("palette-tui: \(Messages.failure(failure)(language))")
        return 1
    }
    let notes = wordedNotes(result, language: language)
    print(result.formatted(format, language: language, notes: notes))
    if result.isFallback, format == .hex || format == .css {
        for note in notes { printError("palette-tui: note: \(note)") }
    }
    if let warning = recordGenerated(result, description: description, arguments: arguments,
                                     environment: environment) {
        printError("palette-tui: warning: \(warning)")
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
