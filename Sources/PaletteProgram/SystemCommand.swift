import FoundationEssentials
import Glibc
import PaletteCommands
import PaletteCore
import PaletteExport
import PaletteSystem
import PaletteText

/// `palette-tui system [COLOR COLOR COLOR]`: the design system of a palette (tonal scales,
/// light and dark roles) as JSON, CSS, SCSS, Tailwind v4, DTCG tokens or a swatch PNG.
func runSystem(_ args: [String]) async throws -> Int32 {
    let environment = RunSettings.environment
    let language = LanguageChoice.language(locale: localeName(environment))
    let arguments: Arguments
    do {
        arguments = try Arguments(args, command: CommandTable.system)
    } catch {
        return systemFailure(exportProblem(error), usage: true, language: language)
    }
    let chosen = arguments["lang"].flatMap(Language.init(rawValue:)) ?? language
    if arguments.has("help") {
        print(CommandHelp.text(CommandTable.system, chosen))
        return 0
    }
    let format = arguments["format"].flatMap(SystemFormat.init(rawValue:)) ?? .json
    let colours = arguments.positionals
    guard colours.count <= 1 || colours.count == 3 else {
        return systemFailure(.colourCount(colours.count), usage: true, language: chosen)
    }
    for option in ["output", "name", "history"] where arguments[option]?.isEmpty == true {
        return systemFailure(.emptyValue(option: option), usage: true, language: chosen)
    }
    let output = arguments["output"].flatMap { $0 == "-" ? nil : $0 }
    if output == nil && format.isBinary && isatty(1) == 1 {
        return systemFailure(.binaryToTerminal(.png), usage: true, language: chosen)
    }
    let palette: Palette
    let description: String?
    do {
        (palette, description) = try exportPalette(
            colours, historyOption: arguments["history"], environment: environment, language: chosen)
    } catch let failure as ExportFailure {
        return systemFailure(failure.problem, usage: failure.isUsage, language: chosen)
    }
    let system = DesignSystem(palette: palette)
    let name = arguments["name"] ?? description ?? palette.colors.map(\.hex).joined(separator: " ")
    let bytes: [UInt8] =
        format == .swatch
        ? SystemCard.png(system, name: name, language: chosen)
        : Array(SystemWriters.render(system, format, name: name).utf8)
    if let output {
        do {
            try AtomicFile.write(bytes, to: output, replace: arguments.has("force"))
        } catch .exists {
            return systemFailure(.exists(output), usage: false, language: chosen)
        } catch .failed(let code) {
            return systemFailure(
                .writeFailed(path: output, reason: String(cString: strerror(code))), usage: false, language: chosen)
        }
    } else {
        StandardOutput.write(Array(bytes))
    }
    if !system.unmet.isEmpty {
        printError("palette-tui: " + SystemWords.unmetHeading(system.unmet.count)(chosen))
        for u in system.unmet { printError("  " + SystemWords.unmet(u)(chosen)) }
    }
    return 0
}

private func systemFailure(_ problem: ExportProblem, usage: Bool, language: Language) -> Int32 {
    printError("palette-tui: " + ExportWords.problem(problem)(language))
    if usage { printError(SystemWords.tryHelp(language)) }
    return usage ? 2 : 1
}
