import FoundationEssentials
import Glibc
import PaletteApp
import PaletteCommands
import PaletteCore
import PaletteHistory
import PaletteText

// The workbench on the command line: `--lock`, `--seed` and `--candidates` for `generate` and
// `refine`, the `refine` command, and printing several palettes in each format.

/// The workbench options of `arguments`, checked; every problem names its part, in `language`.
struct WorkbenchOptions {
    var locked: [Role: RGB] = [:]
    var seed: UInt64?
    var candidates = 1

    init(_ arguments: Arguments, language: Language) throws(UsageError) {
        func problem(_ p: CommandProblem) -> UsageError { UsageError(p) }
        for value in arguments.all("lock") {
            guard let eq = value.firstIndex(of: "=") else { throw problem(.badLock(value, .missingEquals)) }
            let name = String(value[..<eq])
            guard let role = Role(naming: name) else { throw problem(.badLock(value, .unknownRole(name))) }
            let colour: RGB
            do {
                colour = try ColorSyntax.parse(String(value[value.index(after: eq)...]))
            } catch {
                throw problem(.badLock(value, .badColor(error)))
            }
            if locked[role] != nil { throw problem(.badLock(value, .lockedTwice(role))) }
            locked[role] = colour
        }
        if let raw = arguments["seed"] {
            guard let n = UInt64(raw.trimmedSpaces()) else {
                throw problem(.badNumber(option: "seed", value: raw, range: 0...UInt64.max))
            }
            seed = n
        }
        if let raw = arguments["candidates"] {
            guard let n = Int(raw.trimmedSpaces()), (2...12).contains(n) else {
                throw problem(.badNumber(option: "candidates", value: raw, range: 2...12))
            }
            candidates = n
        }
    }
}

/// Several palettes in one format's natural form: `json` an array of the palette objects, `hex`
/// each palette's three lines with a blank line between, `css` one `:root` rule each (the
/// second's properties end in `-2`, and so on), `text` each palette under its heading.
///
/// `provenances` holds each candidate's description and lineage, in the same order.
func formattedCandidates(
    _ all: [GeneratedPalette], _ format: PaletteFormat, language: Language, provenances: [PaletteProvenance] = []
) -> String {
    func provenance(_ i: Int) -> PaletteProvenance { i < provenances.count ? provenances[i] : PaletteProvenance() }
    guard all.count > 1 else {
        return all[0].formatted(
            format, language: language, notes: wordedNotes(all[0], language: language), provenance: provenance(0))
    }
    switch format {
    case .json:
        let items = all.enumerated().map { i, c in
            c.formatted(.json, notes: wordedNotes(c, language: .english), provenance: provenance(i))
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]"
    case .hex:
        return all.map { $0.formatted(.hex) }.joined(separator: "\n\n")
    case .css:
        return all.enumerated().map { i, c in
            let suffix = i == 0 ? "" : "-\(i + 1)"
            let props = Role.allCases.map { "--color-\($0.rawValue)\(suffix): \(c.palette[$0].hex);" }
            return ":root { " + props.joined(separator: " ") + " }"
        }.joined(separator: "\n")
    case .text:
        return all.enumerated().map { i, c in
            CommandText.candidateHeading(i + 1, of: all.count)(language) + "\n"
                + c.formatted(
                    .text, language: language, notes: wordedNotes(c, language: language), provenance: provenance(i))
        }.joined(separator: "\n\n")
    }
}

/// Prints `result` (and its candidates), with the notes hex and css cannot carry on standard error.
func printGenerated(
    _ result: GeneratedPalette, format: PaletteFormat, language: Language, provenances: [PaletteProvenance] = []
) {
    print(formattedCandidates(result.candidates, format, language: language, provenances: provenances))
    // hex and css carry no notes: a fallback, what was moved or put back, a retired default
    // model's replacement, an ignored refinement, or a model's answer kept though it breaks the
    // role structure goes to standard error instead.
    let mustSay = result.notes.contains {
        switch $0 {
        case .accessibilityRepaired, .modelReplaced, .lockedRestored, .refinementUnchanged, .refinementNotUnderstood,
            .refinementLocked, .fewerCandidates, .candidatesDropped, .structureBroken:
            return true
        default: return false
        }
    }
    if result.isFallback || mustSay, format == .hex || format == .css {
        for note in wordedNotes(result, language: language) {
            printError("palette-tui: \(CommandText.noteLabel(language))\(note)")
        }
    }
}

/// Saves every candidate with its lineage (unless `saves` is false: `--no-history`); a failure
/// is one warning line. Returns each candidate's provenance for printing: the description, the
/// lineage, and the id of the entry when it was saved.
@discardableResult
func recordCandidates(
    _ result: GeneratedPalette, description: String, request: GenerationRequest, parent: String?,
    dependencies: Dependencies, language: Language, saves: Bool = true
) -> [PaletteProvenance] {
    var provenances: [PaletteProvenance] = []
    var saving = saves
    for (i, candidate) in result.candidates.enumerated() {
        var lineage = HistoryEntry.Lineage(request: request, parent: parent)
        lineage.variation = request.variation + i
        var provenance = PaletteProvenance(
            description: description, parent: parent, seed: lineage.seed, variation: lineage.variation,
            locked: lineage.locked, refinement: lineage.refinement, image: lineage.image)
        if saving {
            let id = dependencies.clock.makeID()
            if let failure = recordGenerated(
                candidate, description: description, history: dependencies.history, clock: dependencies.clock,
                lineage: lineage, id: id)
            {
                printError(
                    "palette-tui: \(CommandText.warningLabel(language))\(Messages.historyNotSaved(failure)(language))")
                saving = false
            } else {
                provenance.id = id
            }
        }
        provenances.append(provenance)
    }
    return provenances
}

/// `palette-tui refine INSTRUCTION [COLOURS]`: the palette given after the instruction, on
/// standard input or in `--palette`, refined.
func runRefine(_ args: [String]) async throws -> Int32 {
    let environment = RunSettings.environment
    let language = commandLanguage(args, environment: environment)
    return await reportingUsage("refine", language) {
        let arguments = try Arguments(args, command: Commands.refine)
        let language = try checkedLanguage(arguments, language)
        if arguments.has("help") {
            print(Commands.helpText(Commands.refine, language))
            return 0
        }
        let format = try arguments.choice("format", default: PaletteFormat.text)
        // Three colours after the instruction (as audit, export and repair take them, in any
        // form inspect reads, one argument each or one quoted argument) are the palette.
        var words = arguments.positionals
        var given: Palette?
        if arguments["palette"] == nil {
            for count in 1...3 where words.count > count {
                let colours = colourWords(words.suffix(count).joined(separator: " "))
                if colours.count == 3, let palette = try? paletteOfColours(colours) {
                    given = palette
                    words.removeLast(count)
                    break
                }
            }
        }
        let instruction = words.joined(separator: " ").trimmed()
        if instruction.isEmpty { throw UsageError(.needsInstruction) }
        let options = try WorkbenchOptions(arguments, language: language)
        let read: ReadPalette
        if let given {
            read = ReadPalette(palette: given, description: nil)
        } else if let raw = arguments["palette"] {
            let words = colourWords(raw)
            if let palette = try? paletteOfColours(words) {
                read = ReadPalette(palette: palette, description: nil)
            } else if words.count == 1, raw.contains(".") {
                // A link or a share string.
                read = try readPalette(words, language: language)
            } else if let palette = try? PaletteParser.parse(raw) {
                read = ReadPalette(palette: palette, description: jsonDescription(raw))
            } else {
                throw UsageError(.badPaletteOption(raw))
            }
        } else {
            read = try readPalette(
                [], language: language, historyOption: arguments["history"], environment: environment)
        }
        let base = read.palette
        guard
            let live = try LiveDependencies.forPrintingCommand(arguments, environment: environment, language: language)
        else { return 1 }
        let dependencies = live.dependencies
        // The entry this palette came from, when the history has it (a pipe from generate or
        // refine saved it just before): its description is the refinement's context.
        let parent = (try? dependencies.history.loadNewest(500))?.entries.last { $0.palette == base }
        let description = read.description ?? parent?.description
        let request = GenerationRequest(
            description: description ?? "", language: language, seed: options.seed,
            locked: options.locked, refinement: Refinement(instruction: instruction, base: base),
            candidateCount: options.candidates)
        let result: GeneratedPalette
        switch await dependencies.provider.generate(request) {
        case .success(let generated): result = generated
        case .failure(let failure):
            printError("palette-tui: \(Messages.failure(failure)(language))")
            return 1
        }
        let provenances = recordCandidates(
            result, description: description ?? instruction, request: request, parent: parent?.id,
            dependencies: dependencies, language: language, saves: !arguments.has("no-history"))
        printGenerated(result, format: format, language: language, provenances: provenances)
        return 0
    }
}
