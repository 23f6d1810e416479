import Foundation
import PaletteApp
import PaletteCore

/// The formats `inspect` prints.
enum InspectFormat: String, CaseIterable {
    case text, json
}

/// `palette-tui inspect`: facts about each colour given.
func runInspect(_ args: [String]) async throws -> Int32 {
    let arguments = try Arguments(args, command: CommandTable.inspect)
    if arguments.has("help") {
        print(
            CommandHelp.text(
                CommandTable.inspect, try arguments.language(environment: RunSettings.environment)))
        return 0
    }
    let format = try arguments.choice("format", default: InspectFormat.text)
    guard !arguments.positionals.isEmpty else { throw UsageError("inspect needs at least one colour, e.g. '#2E86AB'") }
    var colors: [(input: String, color: RGB)] = []
    var failed = false
    for input in arguments.positionals {
        do {
            colors.append((input, try RGB(hex: input)))
        } catch {
            printError("palette-tui: inspect: \(error.description)")
            failed = true
        }
    }
    if failed { return 1 }
    switch format {
    case .text:
        print(colors.map { ColorReport($0.color).text }.joined(separator: "\n\n"))
    case .json:
        let objects = colors.map { ColorReport($0.color).json(input: $0.input, indent: 1) }
        print("[\n" + objects.joined(separator: ",\n") + "\n]")
    }
    return 0
}
