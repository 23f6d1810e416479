import FoundationEssentials
import Glibc
import PaletteCommands
import PaletteCore
import PaletteHistory
import PaletteImport
import PaletteText

// Palettes from other tools and share strings where commands read a palette: standard input's
// bytes (binary ASE and .swatches too) and one argument (a link or a share string), through
// PaletteImport; and `palette-tui share`.

/// The notes an imported palette carries (the role choice, a share string's description and
/// locks), on standard error for commands whose output has no place for them.
func printImportNotes(_ imported: ImportedPalette, language: Language) {
    for note in ImportWords.notes(imported, language) {
        printError("palette-tui: \(CommandText.noteLabel(language))\(note)")
    }
}

/// A palette with the description and locks it came with, wherever it came from.
struct SourcedPalette {
    var palette: Palette
    var description: String?
    var locked: Set<Role>
}

/// `palette-tui share [COLORS]`: the share string and a Coolors link.
func runShare(_ args: [String]) async throws -> Int32 {
    let environment = RunSettings.environment
    let language = commandLanguage(args, environment: environment)
    return await reportingUsage("share", language) {
        let arguments = try Arguments(args, command: CommandTable.share)
        let language = try checkedLanguage(arguments, language)
        if arguments.has("help") {
            print(CommandHelp.text(CommandTable.share, language))
            return 0
        }
        var locks: Set<Role>?
        for raw in arguments.all("lock") {
            guard let role = Role(naming: raw) else { throw UsageError(.badRole(raw, background: false)) }
            locks = (locks ?? []).union([role])
        }
        let colours = arguments.positionals
        guard colours.count <= 1 || colours.count == 3 else { throw UsageError(.colorCount(colours.count)) }
        let source: SourcedPalette
        do {
            source = try sharedPalette(
                colours, historyOption: arguments["history"], environment: environment, language: language)
        } catch let failure as ExportFailure {
            printError("palette-tui: share: " + ExportWords.problem(failure.problem)(language))
            return failure.isUsage ? 2 : 1
        }
        let description = arguments["description"] ?? source.description ?? ""
        print(ShareString.encode(source.palette, description: description, locked: locks ?? source.locked))
        print(ShareString.coolorsURL(source.palette))
        return 0
    }
}

/// What `share` shares: like `export`'s palette, and a history entry's locks come along.
private func sharedPalette(
    _ colours: [String], historyOption: String?, environment: [String: String], language: Language
) throws -> SourcedPalette {
    if colours.isEmpty, isatty(0) != 0 {
        do {
            let store = HistoryStore(url: try HistoryStore.resolveURL(option: historyOption, environment: environment))
            guard let newest = try store.loadNewest(1).entries.last else { throw ExportFailure.failed(.noPalette) }
            return SourcedPalette(
                palette: newest.palette, description: newest.description,
                locked: Set(newest.lineage.locked))
        } catch let failure as ExportFailure {
            throw failure
        } catch {
            throw ExportFailure.failed(.historyUnreadable("\(error)"))
        }
    }
    return try sourcePalette(colours, historyOption: historyOption, environment: environment, language: language)
}
