import PaletteCore
import PaletteText

/// `--help`, written from `CommandTable`: the usage line, what the command does, every option
/// with its help, the notes and the exit statuses, in the user's language.
public enum CommandHelp {
    /// The width help is wrapped to.
    public static let width = 80
    /// The widest flag column; a longer flag puts its help on the next line.
    static let flagColumn = 30

    /// The help of one command, without a final newline; for the app (`CommandTable.app`), the
    /// overview of every command. Pass commands with their provider options written in
    /// (`CommandSpec.with(providers:)`).
    public static func text(_ command: CommandSpec, _ language: Language) -> String {
        if command.name.isEmpty { return overview(language, app: command) }
        var out = usageLines([command.synopsis(language)] + command.otherForms.map { "palette-tui " + $0 }, language)
        out += "\n\n" + command.about(language).trimmingTrailingNewlines + "\n\n"
        out += optionRows(command.options, language)
        if let notes = command.notes { out += "\n" + notes(language).trimmingTrailingNewlines + "\n" }
        out += exitLine(command, language)
        return out.trimmingTrailingNewlines
    }

    /// `palette-tui --help`: every command's usage, the list of commands, the app's options
    /// (`app`, with its provider options written in).
    public static func overview(_ language: Language, app: CommandSpec) -> String {
        var out = usageLines(
            CommandTable.commands.map { $0.synopsis(language) }
                + CommandTable.commands.flatMap { c in
                    c.otherForms.map { "palette-tui " + $0 }
                } + ["palette-tui --help | --version"], language)
        out += "\n\n" + app.about(language).trimmingTrailingNewlines + "\n\n"
        out += CommandWords.commandsHeading(language) + "\n"
        let commands = CommandTable.commands.filter { !$0.name.isEmpty }
        let nameWidth = (commands.map { DisplayWidth.of($0.name) }.max() ?? 0) + 2
        for command in commands {
            out += rows(DisplayWidth.padded(command.name, to: nameWidth), command.summary(language), indent: 2)
        }
        out += "\n" + optionRows(app.options, language)
        out += "\n" + eachTakesHelp(language) + "\n"
        if let notes = app.notes { out += notes(language).trimmingTrailingNewlines + "\n" }
        out += exitLine(app, language)
        return out.trimmingTrailingNewlines
    }

    static let eachTakesHelp = Localized(
        "Each command also takes --help: palette-tui COMMAND --help.",
        "每個指令也接受 --help：palette-tui 指令 --help。", "每个命令也接受 --help：palette-tui 命令 --help。")

    /// `usage: first` then the other lines aligned under it.
    public static func usageLines(_ lines: [String], _ language: Language) -> String {
        let prefix = CommandWords.usage(language)
        let indent = String(repeating: " ", count: DisplayWidth.of(prefix))
        return lines.enumerated().map { ($0.offset == 0 ? prefix : indent) + $0.element }.joined(separator: "\n")
    }

    /// The options heading and one row an option: flag text, then its help wrapped beside it.
    static func optionRows(_ options: [OptionSpec], _ language: Language) -> String {
        var out = CommandWords.optionsHeading(language) + "\n"
        let flags = options.map { $0.flagText(language) }
        let column = min(flagColumn, (flags.map(DisplayWidth.of).max() ?? 0) + 2)
        for (flag, option) in zip(flags, options) {
            if DisplayWidth.of(flag) + 2 > column {
                out +=
                    "  " + flag + "\n" + rows(String(repeating: " ", count: column), option.help(language), indent: 2)
            } else {
                out += rows(DisplayWidth.padded(flag, to: column), option.help(language), indent: 2)
            }
        }
        return out
    }

    /// `Exit status: 0 …, 1 …, 2 ….` on one line (wrapped).
    static func exitLine(_ command: CommandSpec, _ language: Language) -> String {
        guard !command.exitStatuses.isEmpty else { return "" }
        let separator = language == .english ? ", " : "；"
        let end = language == .english ? "." : "。"
        let list = command.exitStatuses.map { "\($0.code) \($0.meaning(language))" }.joined(separator: separator)
        return TextWrap.wrap(
            CommandWords.exitStatusHeading(language) + (language == .english ? " " : "") + list + end, width: width
        )
        .joined(separator: "\n") + "\n"
    }

    /// `head` (already padded to its column) then `text` wrapped to the help width, the
    /// continuation lines indented under the text.
    public static func rows(_ head: String, _ text: String, indent: Int) -> String {
        let lead = String(repeating: " ", count: indent)
        let column = indent + DisplayWidth.of(head)
        let lines = TextWrap.wrap(text, width: max(20, width - column))
        var out = lead + head + (lines.first ?? "") + "\n"
        for line in lines.dropFirst() { out += String(repeating: " ", count: column) + line + "\n" }
        return out
    }
}
