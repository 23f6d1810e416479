import FoundationEssentials
import Glibc
import PaletteCommands
import PaletteCore
import PaletteImport
import PaletteText

/// The most `parse` reads from standard input; more is refused rather than held in memory.
let parseInputLimit = 16 << 20

/// `palette-tui parse`: the palette in the text on standard input.
func runParse(_ args: [String]) async throws -> Int32 {
    let arguments = try Arguments(args, command: CommandTable.parse)
    let language = try arguments.language(environment: RunSettings.environment, file: RunSettings.file)
    if arguments.has("help") {
        print(CommandHelp.text(CommandTable.parse, language))
        return 0
    }
    if let extra = arguments.positionals.first {
        throw UsageError(.parseTakesNoArguments(extra))
    }
    let format = try arguments.choice("format", default: PaletteFormat.text)
    let input: [UInt8]
    do {
        input = try readStandardInput(limit: parseInputLimit)
    } catch {
        printError("palette-tui: parse: \(CommandText.problem(error.problem)(language))")
        return 1
    }
    do {
        let imported = try PaletteImport.read(input)
        printImported(imported, format: format, language: language)
        return 0
    } catch {
        printError("palette-tui: parse: \(ImportWords.problem(error)(language))")
        return 1
    }
}

/// An imported palette in `format`: text and JSON carry its notes (the role choice, a share
/// string's description and locks), hex and css leave them to standard error.
func printImported(
    _ imported: ImportedPalette, format: PaletteFormat, language: Language, provider: String = "parsed"
) {
    let palette = GeneratedPalette(palette: imported.palette, provider: provider)
    if format == .hex || format == .css {
        print(palette.formatted(format, language: language))
        printImportNotes(imported, language: language)
    } else {
        let notes = ImportWords.notes(imported, format == .json ? .english : language)
        print(palette.formatted(format, language: language, notes: notes))
    }
}

/// Why standard input could not be read, worded by PaletteApp.
enum InputError: Error {
    /// More than the limit, in MiB.
    case tooLarge(mebibytes: Int)
    /// `read` failed with this error number (errno).
    case system(Int32)

    /// The same as a command line problem.
    var problem: CommandProblem {
        switch self {
        case .tooLarge(let mib): return .inputTooLarge(mebibytes: mib)
        case .system(let code): return .unreadableInput(code: code)
        }
    }
}

/// Reads all of standard input, refusing more than `limit` bytes.
func readStandardInput(limit: Int) throws(InputError) -> [UInt8] {
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n == 0 { return data }
        if n < 0 {
            if errno == EINTR { continue }
            throw .system(errno)
        }
        data.append(contentsOf: chunk[0..<n])
        if data.count > limit {
            throw .tooLarge(mebibytes: limit >> 20)
        }
    }
}
