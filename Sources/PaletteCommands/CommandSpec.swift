import PaletteCore
import PaletteText

// The shape of the command line, as data: `CommandTable` lists every command and option in
// these types, and the option parser (palette-tui's `Arguments`), `--help`, the man page and
// the shell completions (palette-docs) all read that one table.

/// What an option takes after its name.
public enum OptionValue: Hashable, Sendable {
    /// Nothing: a flag, present or absent.
    case flag
    /// One of a fixed list (`--format text|json`), exactly as written. The parser refuses
    /// anything else, naming the choices; completions offer the list.
    case choice([String])
    /// Some value the command checks, of which completions offer the listed words
    /// (`--background light|dark|COLOR` suggests light and dark); shown as `placeholder`.
    case suggested([String], placeholder: Localized)
    /// A path: completions offer files.
    case file
    /// Anything else, shown as its placeholder (`N`, `URL`, `TEXT`); the command checks it.
    case text(Localized)

    /// How the value is written after the option name: `text|json`, `FILE`, `N`; nil for a flag.
    public func placeholder(_ language: Language) -> String? {
        switch self {
        case .flag: return nil
        case .choice(let values): return values.joined(separator: "|")
        case .suggested(_, let placeholder): return placeholder(language)
        case .file: return CommandWords.file(language)
        case .text(let name): return name(language)
        }
    }

    /// The words completions offer for the value: the choices, or the suggested words.
    var completionWords: [String] {
        switch self {
        case .choice(let values), .suggested(let values, _): return values
        case .flag, .file, .text: return []
        }
    }
}

/// One option of a command.
public struct OptionSpec: Hashable, Sendable {
    /// The long name without its dashes: `format` for `--format`.
    public var name: String
    /// A one-letter alias with its dash (`-f`), if there is one.
    public var short: String?
    public var value: OptionValue
    /// What it does, one phrase; shown by `--help`, the man page and zsh and fish completions.
    public var help: Localized
    /// The command cannot run without it (`repair --against`); the synopsis shows it.
    var isRequired: Bool

    public init(
        _ name: String, short: String? = nil, _ value: OptionValue = .flag, required: Bool = false,
        help: Localized
    ) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.isRequired = required
    }

    /// `-f, --format text|json` as help lists it.
    public func flagText(_ language: Language) -> String {
        (short.map { $0 + ", " } ?? "") + "--" + name + (value.placeholder(language).map { " " + $0 } ?? "")
    }

    /// Whether it takes a value.
    public var takesValue: Bool { value != .flag }
}

/// What a command takes besides options: its operands, in order.
public struct OperandSpec: Hashable, Sendable {
    /// How the synopsis writes it: `DESCRIPTION`, `FORMAT`, `COLOR`.
    public var name: Localized
    /// The words completions offer for it (`export`'s formats, `repair`'s roles); none for free text.
    public var words: [String]
    /// It may be left out (`[COLOR COLOR COLOR]`).
    public var isOptional: Bool
    /// How many it takes: 1, 3 (three colours), or nil for any number (`DESCRIPTION...`).
    public var count: Int?

    public init(_ name: Localized, words: [String] = [], optional: Bool = false, count: Int? = 1) {
        self.name = name
        self.words = words
        self.isOptional = optional
        self.count = count
    }

    /// `FORMAT`, `DESCRIPTION...` or `[COLOR COLOR COLOR]` as the synopsis writes it.
    public func synopsis(_ language: Language) -> String {
        let word = name(language)
        let text: String
        switch count {
        case nil: text = word + "..."
        case let n?: text = Array(repeating: word, count: max(1, n)).joined(separator: " ")
        }
        return isOptional ? "[" + text + "]" : text
    }
}

/// One exit status and what it means for a command.
public struct ExitStatus: Hashable, Sendable {
    public var code: Int32
    public var meaning: Localized

    public init(_ code: Int32, _ meaning: Localized) {
        self.code = code
        self.meaning = meaning
    }
}

/// One command: its name, what it does, its options and operands, and its exit statuses.
public struct CommandSpec: Hashable, Sendable {
    /// `generate`; empty for the interactive app (no command word).
    public var name: String
    /// One line for the command list of `palette-tui --help` and the man page.
    public var summary: Localized
    /// What it does, a paragraph (lines of at most about 90 columns): `--help` shows it under
    /// the usage line, the man page under the command's heading.
    public var about: Localized
    public var operands: [OperandSpec]
    /// Every option it accepts, `--help` included, in the order help lists them.
    public var options: [OptionSpec]
    /// Extra synopsis lines for other forms (`export --list`), without the `palette-tui ` prefix.
    public var otherForms: [String]
    /// Shown after the options: notes on keys, input, what stays in a file.
    public var notes: Localized?
    public var exitStatuses: [ExitStatus]

    public init(
        _ name: String, summary: Localized, about: Localized, operands: [OperandSpec] = [],
        options: [OptionSpec], otherForms: [String] = [], notes: Localized? = nil,
        exitStatuses: [ExitStatus]
    ) {
        self.name = name
        self.summary = summary
        self.about = about
        self.operands = operands
        self.options = options + [OptionSpec.help]
        self.otherForms = otherForms
        self.notes = notes
        self.exitStatuses = exitStatuses
    }

    /// The option with this long name.
    public func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// The option with this one-letter alias (`-f`).
    public func option(short: String) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// `palette-tui repair ROLE --against ROLE|background --target T [options] [COLOR COLOR COLOR]`:
    /// the command, its first operand when it names a choice, the required options, `[options]`,
    /// then the other operands.
    public func synopsis(_ language: Language) -> String {
        var parts = ["palette-tui"]
        if !name.isEmpty { parts.append(name) }
        var rest = operands[...]
        if let first = rest.first, !first.words.isEmpty {
            parts.append(first.synopsis(language))
            rest = rest.dropFirst()
        }
        for option in options where option.isRequired { parts.append(option.flagText(language)) }
        if options.contains(where: { !$0.isRequired && $0.name != "help" }) {
            parts.append("[" + CommandWords.options(language) + "]")
        }
        parts += rest.map { $0.synopsis(language) }
        return parts.joined(separator: " ")
    }
}

/// The few words the table's renderings share.
public enum CommandWords {
    public static let file = Localized("FILE", "檔案", "文件")
    public static let options = Localized("options", "選項", "选项")
    public static let usage = Localized("usage: ", "用法：", "用法：")
    static let optionsHeading = Localized("Options:", "選項：", "选项：")
    static let commandsHeading = Localized("Commands:", "指令：", "命令：")
    static let exitStatusHeading = Localized("Exit status:", "結束狀態：", "退出状态：")
    static let showHelp = Localized("show this help", "顯示這份說明", "显示这份说明")
}

extension OptionSpec {
    /// `-h, --help`, which every command takes.
    public static let help = OptionSpec("help", short: "-h", help: CommandWords.showHelp)
}
