import PaletteCommands
import PaletteConfig
import PaletteCore
import PaletteText

/// A usage error: exit status 2, with a hint to `--help`. Its one representation is the typed
/// `CommandProblem`, worded by `CommandText.problem` in the user's language where it is printed.
struct UsageError: Error, CustomStringConvertible {
    let problem: CommandProblem

    init(_ problem: CommandProblem) {
        self.problem = problem
    }

    /// The problem in English (logs and tests; users read `CommandText.problem` in their language).
    var description: String { CommandText.problem(problem).english }
}

/// Command-line options of one command, parsed by hand (no outside packages) from the command's
/// row of `CommandTable`, the table `--help`, the man page and the shell completions are made from.
///
/// Accepts `--name value`, `--name=value`, boolean `--flag`, short aliases (`-f json`), and `--`
/// to end options. A value of a `.choice` option must be one of its choices.
struct Arguments {
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []
    /// Every value of each option, in order, for options that may repeat (`--lock`).
    private(set) var lists: [String: [String]] = [:]

    init(_ args: [String], command: CommandSpec) throws(UsageError) {
        var i = 0
        var optionsEnded = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
                positionals.append(arg)
                continue
            }
            if arg == "--" {
                optionsEnded = true
                continue
            }
            let option: OptionSpec
            var inline: String?
            if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                let name: String
                if let eq = body.firstIndex(of: "=") {
                    name = String(body[..<eq])
                    inline = String(body[body.index(after: eq)...])
                } else {
                    name = String(body)
                }
                guard let found = command.option(named: name) else {
                    throw UsageError(.unknownOption("--" + name))
                }
                option = found
            } else if let found = command.option(short: arg) {
                option = found
            } else {
                throw UsageError(.unknownOption(arg))
            }
            let name = option.name
            guard option.takesValue else {
                if inline != nil { throw UsageError(.takesNoValue(option: name)) }
                flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if i < args.count {
                value = args[i]
                i += 1
            } else {
                throw UsageError(.needsValue(option: name))
            }
            if option.value == .file, value.isEmpty { throw UsageError(.emptyFile(option: name)) }
            if case .choice(let choices) = option.value, !choices.contains(value) {
                throw UsageError(.invalidChoice(option: name, value: value, choices: choices))
            }
            values[name] = value
            lists[name, default: []].append(value)
        }
    }

    subscript(name: String) -> String? { values[name] }
    /// Every value given for `name`, in order (the last is also `self[name]`).
    func all(_ name: String) -> [String] { lists[name] ?? [] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Parses a value restricted to a fixed set of choices, naming them when it is not one.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default value: T) throws(UsageError) -> T
    where T.RawValue == String {
        guard let raw = values[name] else { return value }
        guard let parsed = T(rawValue: raw) else {
            throw UsageError(.invalidChoice(option: name, value: raw, choices: T.allCases.map(\.rawValue)))
        }
        return parsed
    }

    /// The language `--lang` names, else `PALETTE_TUI_LANG`, else the settings file's, else the
    /// locale's (`LanguageChoice`); a bad value is a usage error.
    func language(environment: [String: String], file: ConfigFile?) throws(UsageError) -> Language {
        if values["lang"] == nil, fileBehind("PALETTE_TUI_LANG", in: environment, nil) == nil,
            let language = file?.language
        {
            return language
        }
        do {
            return try LanguageChoice.language(option: values["lang"], environment: environment)
        } catch {
            throw UsageError(.badLanguage(error.value, source: error.source))
        }
    }
}
