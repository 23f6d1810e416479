import FoundationEssentials
import Glibc
import PaletteCommands
import PaletteCore
import PaletteText

/// The formats `audit` prints.
enum AuditFormat: String, CaseIterable {
    case text, json
}

/// `palette-tui audit`: contrast, APCA and colour-vision checks of a palette on a background.
///
/// Exit status: 0 checked (and meets `--require`), 1 misses `--require`, 2 bad usage or input.
func runAudit(_ args: [String]) async -> Int32 {
    let environment = RunSettings.environment
    var language = commandLanguage(args, environment: environment)
    return await reportingUsage("audit", language) {
        let arguments = try Arguments(args, command: CommandTable.audit)
        language = try checkedLanguage(arguments, language)
        if arguments.has("help") {
            print(CommandHelp.text(CommandTable.audit, language))
            return 0
        }
        let format = try arguments.choice("format", default: AuditFormat.text)
        var level: AccessibilityLevel?
        if let raw = arguments["require"] {
            guard let parsed = AccessibilityLevel(parsing: raw) else {
                throw UsageError(.invalidChoice(option: "require", value: raw, choices: ["AA", "AAA"]))
            }
            level = parsed
        }
        let background = try parseBackground(arguments["background"])
        let palette = try readPalette(arguments.positionals, language: language, historyOption: arguments["history"])
            .palette
        let audit = PaletteAudit(palette, background: background)
        print(format == .json ? audit.json : AccessText.auditText(audit, language: language))
        if let level, !audit.meets(level) { return 1 }
        return 0
    }
}
