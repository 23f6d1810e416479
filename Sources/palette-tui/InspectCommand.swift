import PaletteCore

let inspectUsage = """
    usage: palette-tui inspect [--format text|json] COLOR...

    For each colour (#RGB or #RRGGBB, # optional): its canonical hex, RGB, OKLCH, WCAG contrast
    on white and on black, the readable ink, the nearest name, the nearest xterm-256 index with
    its CIEDE2000 difference, and how it looks with protanopia, deuteranopia and tritanopia.
    """

/// The formats `inspect` prints.
enum InspectFormat: String {
    case text, json
}

/// `palette-tui inspect`: facts about each colour given.
func runInspect(_ args: [String]) async throws -> Int32 {
    let arguments = try Arguments(args, valued: ["format"], boolean: ["help"], aliases: ["-h": "help"])
    if arguments.has("help") {
        print(inspectUsage)
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
