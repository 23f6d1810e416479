import FoundationEssentials
import Glibc
import PaletteCommands
import PaletteCore
import PaletteText

/// `palette-tui repair ROLE --against ROLE|background --target T`: the palette with one role
/// moved, by lightness only, to the nearest colour that reaches the target.
///
/// Exit status: 0 printed (repaired, or already met), 1 no lightness reaches the target,
/// 2 bad usage or input.
func runRepair(_ args: [String]) async -> Int32 {
    let environment = RunSettings.environment
    var language = commandLanguage(args, environment: environment)
    return await reportingUsage("repair", language) {
        let arguments = try Arguments(args, command: CommandTable.repair)
        language = try checkedLanguage(arguments, language)
        if arguments.has("help") {
            print(CommandHelp.text(CommandTable.repair, language))
            return 0
        }
        let format = try arguments.choice("format", default: PaletteFormat.text)
        guard let roleText = arguments.positionals.first else { throw UsageError(.missingRole) }
        guard let role = parseRole(roleText) else { throw UsageError(.badRole(roleText, background: false)) }
        guard let againstText = arguments["against"] else { throw UsageError(.missingOption("against")) }
        guard let against = parseSubject(againstText) else { throw UsageError(.badRole(againstText, background: true)) }
        if against == .role(role) { throw UsageError(.sameRole(role)) }
        guard let targetText = arguments["target"] else { throw UsageError(.missingOption("target")) }
        let target: ContrastTarget
        do throws(ContrastTargetError) {
            target = try ContrastTarget(parsing: targetText)
        } catch {
            throw UsageError(.badTarget(error))
        }
        let background = try parseBackground(arguments["background"])
        var palette = try readPalette(
            Array(arguments.positionals.dropFirst()), language: language, historyOption: arguments["history"]
        ).palette

        let other: RGB
        switch against {
        case .background: other = background
        case .role(let r): other = palette[r]
        }
        let repair = ContrastRepair(palette[role], against: other, target: target)
        let message = AccessText.repairOutcome(repair, role: role, against: against)(language)
        if case .unreachable = repair.outcome {
            printError("palette-tui: repair: \(message)")
            return 1
        }
        palette[role] = repair.result
        let result = GeneratedPalette(palette: palette, provider: "repaired")
        switch format {
        case .text, .json:
            print(result.formatted(format, language: language, notes: [message]))
        case .hex, .css:
            print(result.formatted(format, language: language))
            printError("palette-tui: \(message)")
        }
        return 0
    }
}
