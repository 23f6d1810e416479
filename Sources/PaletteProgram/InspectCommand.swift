import FoundationEssentials
import Glibc
import PaletteCommands
import PaletteCore
import PaletteText

/// The formats `inspect` prints.
enum InspectFormat: String, CaseIterable {
    case text, json
}

/// `palette-tui inspect`: facts about each colour given, in any form `ColorSyntax` reads.
///
/// Every word follows `--lang`, else the locale: the report, the colour names, the problems.
func runInspect(_ args: [String]) async -> Int32 {
    let environment = RunSettings.environment
    var language = commandLanguage(args, environment: environment)
    return await reportingUsage("inspect", language) {
        let arguments = try Arguments(args, command: CommandTable.inspect)
        language = try checkedLanguage(arguments, language)
        if arguments.has("help") {
            print(CommandHelp.text(CommandTable.inspect, language))
            return 0
        }
        let format = try arguments.choice("format", default: InspectFormat.text)
        guard !arguments.positionals.isEmpty else { throw UsageError(.needsColor) }
        var colors: [(input: String, color: RGB)] = []
        var failed = false
        for input in arguments.positionals {
            do throws(ColorParseError) {
                colors.append((input, try ColorSyntax.parse(input)))
            } catch {
                printError("palette-tui: inspect: \(CommandText.color(error)(language))")
                failed = true
            }
        }
        if failed { return 1 }
        switch format {
        case .text:
            print(
                colors.map { InspectText.text(ColorReport($0.color, language: language), language: language) }
                    .joined(separator: "\n\n"))
        case .json:
            let objects = colors.map { ColorReport($0.color).json(input: $0.input, indent: 1) }
            print("[\n" + objects.joined(separator: ",\n") + "\n]")
        }
        return 0
    }
}
