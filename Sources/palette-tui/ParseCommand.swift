import Foundation
import PaletteApp
import PaletteCore

/// The most `parse` reads from standard input; more is refused rather than held in memory.
let parseInputLimit = 16 << 20

/// `palette-tui parse`: the palette in the text on standard input.
func runParse(_ args: [String]) async throws -> Int32 {
    let arguments = try Arguments(args, command: CommandTable.parse)
    let language = try arguments.language(environment: RunSettings.environment)
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
        printError("palette-tui: parse: \(error.description)")
        return 1
    }
    do {
        let palette = try PaletteParser.parse(String(decoding: input, as: UTF8.self))
        print(GeneratedPalette(palette: palette, provider: "parsed").formatted(format, language: language))
        return 0
    } catch {
        printError("palette-tui: parse: \(CommandText.palette(error)(language))")
        return 1
    }
}

/// Why standard input could not be read.
struct InputError: Error, CustomStringConvertible {
    let description: String
    /// True when the input was over the limit; false when reading failed.
    var tooLarge = false
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
            throw InputError(description: "cannot read standard input: \(String(cString: strerror(errno)))")
        }
        data.append(contentsOf: chunk[0..<n])
        if data.count > limit {
            throw InputError(description: "standard input is larger than \(limit >> 20) MiB", tooLarge: true)
        }
    }
}
