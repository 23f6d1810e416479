import Gemini
import Ollama
import OpenAI
import PaletteApp
import PaletteCommands
import PaletteCore
import PaletteText
import TerminalUI
import TestSupport
import XCTest

@testable import PaletteProgram

final class ArgumentsTests: XCTestCase {
    /// A command of the parser's own, so these tests do not move when the real table does.
    private static let command = CommandSpec(
        "sample", summary: Localized("s", chinese: "s"), about: Localized("a", chinese: "a"),
        options: [
            OptionSpec("format", short: "-f", .choice(["text", "json"]), help: Localized("f", chinese: "f")),
            OptionSpec("model", .text(Localized("M", chinese: "M")), help: Localized("m", chinese: "m")),
            OptionSpec("no-history", help: Localized("n", chinese: "n")),
        ],
        exitStatuses: [])

    func testValuedAndBooleanOptions() throws {
        let a = try Arguments(
            ["--format=json", "--no-history", "--model", "m", "a", "--", "--x"], command: Self.command)
        XCTAssertEqual(a["format"], "json")
        XCTAssertEqual(a["model"], "m")
        XCTAssertTrue(a.has("no-history"))
        XCTAssertEqual(a.positionals, ["a", "--x"])
        let short = try Arguments(["-f", "text", "-h"], command: Self.command)
        XCTAssertEqual(short["format"], "text")
        XCTAssertTrue(short.has("help"), "every command takes -h and --help")
    }

    func testProblemsAreTyped() {
        func problem(_ args: [String]) -> CommandProblem? {
            do {
                _ = try Arguments(args, command: Self.command)
                return nil
            } catch {
                return error.problem
            }
        }
        XCTAssertEqual(problem(["--nope"]), .unknownOption("--nope"))
        XCTAssertEqual(problem(["-x"]), .unknownOption("-x"))
        XCTAssertEqual(problem(["--model"]), .needsValue(option: "model"))
        XCTAssertEqual(problem(["--no-history=yes"]), .takesNoValue(option: "no-history"))
        XCTAssertEqual(
            problem(["--format", "yaml"]), .invalidChoice(option: "format", value: "yaml", choices: ["text", "json"]))
        XCTAssertEqual(
            problem(["--format=JSON"]), .invalidChoice(option: "format", value: "JSON", choices: ["text", "json"]),
            "choices are exact")
        XCTAssertNil(problem(["--format", "json", "--model=x", "-"]))
    }
}

/// The command table against the code that reads it: the enums the commands map choices to
/// list exactly the table's choices, and every command and option of the table is one the real
/// binary accepts (so neither side can gain or lose one alone).
final class CommandTableTests: XCTestCase {
    private func choices(_ command: CommandSpec, _ option: String) -> [String] {
        guard case .choice(let values)? = command.option(named: option)?.value else {
            XCTFail("\(command.name) --\(option) is not a choice")
            return []
        }
        return values
    }

    func testChoicesAreTheEnumsCases() {
        for command in [Commands.app, Commands.generate, Commands.refine, Commands.providers] {
            XCTAssertEqual(choices(command, "provider"), ["offline", "gemini", "openai", "ollama"], command.name)
            XCTAssertEqual(choices(command, "provider"), providerCatalog.ids, command.name)
        }
        XCTAssertEqual(choices(CommandTable.app, "color"), ColorRequest.allCases.map(\.rawValue))
        XCTAssertEqual(choices(CommandTable.app, "clipboard"), ClipboardOption.allCases.map(\.rawValue))
        XCTAssertEqual(choices(CommandTable.inspect, "format"), InspectFormat.allCases.map(\.rawValue))
        XCTAssertEqual(choices(CommandTable.history, "format"), HistoryFormat.allCases.map(\.rawValue))
        XCTAssertEqual(choices(CommandTable.audit, "format"), AuditFormat.allCases.map(\.rawValue))
        for command in [CommandTable.generate, CommandTable.parse, CommandTable.repair] {
            XCTAssertEqual(choices(command, "format"), PaletteFormat.allCases.map(\.rawValue), command.name)
        }
    }

    /// The default models the help names are the ones the clients use, read from the provider list.
    func testTheHelpNamesEachClientsDefaultModel() throws {
        let app = Commands.app.with(providers: providerCatalog.facts)
        let help = try XCTUnwrap(app.option(named: "model")?.help.english)
        XCTAssertTrue(help.contains("\(GeminiConfiguration.defaultModel) for Gemini, which moves"), help)
        XCTAssertTrue(help.contains("gemini-3.5-flash-lite for Gemini"), help)
        XCTAssertTrue(help.contains("\(OpenAIConfiguration.defaultModel) for openai, asked for"), help)
        XCTAssertTrue(help.contains("gpt-6-luna for openai"), help)
        XCTAssertTrue(help.contains("\(OllamaConfiguration.defaultModel) for ollama)"), help)
        XCTAssertTrue(help.contains("llama3.2 for ollama)"), help)
    }

    /// `command(named:)` answers by name without the table: every command of the table, and
    /// nothing else.
    func testEveryCommandIsFoundByName() {
        XCTAssertEqual(
            CommandTable.commands.map(\.name),
            [
                "", "generate", "refine", "parse", "inspect", "history", "export", "system", "apply", "audit",
                "repair", "share", "providers",
            ])
        for command in CommandTable.commands {
            XCTAssertEqual(CommandTable.command(named: command.name)?.name, command.name)
            XCTAssertEqual(CommandTable.command(named: command.name)?.options.count, command.options.count)
        }
        for other in ["Generate", "gen", "help", " ", "--history", "/tmp/h.jsonl"] {
            XCTAssertNil(CommandTable.command(named: other), other)
        }
        // Moved to the front only when a word names a command; option values are skipped.
        XCTAssertEqual(commandFirst(["--history", "/tmp/h.jsonl"]), ["--history", "/tmp/h.jsonl"])
        XCTAssertEqual(commandFirst(["--lang", "en", "generate", "x"]), ["generate", "--lang", "en", "x"])
        XCTAssertEqual(commandFirst(["--model", "generate"]), ["--model", "generate"])
    }

    func testNamesAreUnique() {
        XCTAssertEqual(Set(CommandTable.commands.map(\.name)).count, CommandTable.commands.count)
        for command in CommandTable.commands {
            XCTAssertEqual(Set(command.options.map(\.name)).count, command.options.count, command.name)
            let shorts = command.options.compactMap(\.short)
            XCTAssertEqual(Set(shorts).count, shorts.count, command.name)
            for short in shorts { XCTAssertTrue(short.count == 2 && short.hasPrefix("-"), short) }
        }
    }

    /// `palette-tui COMMAND --option VALUE --help` exits 0 when the parser takes the option (help
    /// is answered after parsing), 2 when it does not: every row of the table, every choice.
    func testTheBinaryTakesEveryOptionOfTheTable() throws {
        let binary = try Repository.paletteTUI()
        let dir = try TemporaryDirectory()
        let env = ["HOME": dir.path, "LANG": "C", "PATH": "/usr/bin:/bin"]
        for command in CommandTable.commands {
            let head = command.name.isEmpty ? [] : [command.name]
            for option in command.options where option.name != "help" {
                let values: [String]
                switch option.value {
                case .flag: values = [""]
                case .choice(let list): values = list
                case .suggested(let words, _): values = [words[0]]
                case .file: values = [dir.file("f")]
                case .text: values = ["1"]
                }
                for value in values {
                    let args = head + ["--" + option.name] + (value.isEmpty ? [] : [value]) + ["--help"]
                    let result = try Spawn.run([binary] + args, environment: env)
                    XCTAssertEqual(result.status, 0, "\(args): \(result.stderr)")
                    // `--version` answers before `--help` does.
                    if option.name != "version" {
                        XCTAssertTrue(result.stdout.contains("--" + option.name), "\(args) help lists it")
                    }
                }
                if let short = option.short {
                    let args = head + [short] + (option.takesValue ? [values[0]] : []) + ["--help"]
                    XCTAssertEqual(try Spawn.run([binary] + args, environment: env).status, 0, "\(args)")
                }
            }
            let bogus = try Spawn.run([binary] + head + ["--no-such-option", "--help"], environment: env)
            XCTAssertEqual(bogus.status, 2, "\(command.name): \(bogus.stderr)")
        }
        let unknown = try Spawn.run([binary] + ["frobnicate"], environment: env)
        XCTAssertEqual(unknown.status, 2, "a command the table does not list is unknown")
    }

    /// Help in each language: the usage line, every option, and the exit statuses, wrapped to 80 columns.
    func testHelpInEveryLanguage() {
        for language in Language.allCases {
            for command in CommandTable.commands(providers: providerCatalog.facts) {
                let text = CommandHelp.text(command, language)
                XCTAssertTrue(text.hasPrefix(CommandWords.usage(language) + "palette-tui"), text)
                for option in command.options {
                    XCTAssertTrue(text.contains(option.flagText(language)), "\(command.name) \(option.name)")
                }
                // The exit line is wrapped: compare without line breaks and spaces.
                func squashed(_ s: String) -> String { s.filter { $0 != "\n" && $0 != " " } }
                for status in command.exitStatuses {
                    XCTAssertTrue(squashed(text).contains(squashed(status.meaning(language))), status.meaning.english)
                }
                let usageLines = command.otherForms.count + (command.name.isEmpty ? CommandTable.commands.count + 2 : 1)
                for line in text.split(separator: "\n").dropFirst(usageLines) {
                    XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), 90, "\(language) \(command.name): \(line)")
                }
            }
        }
        let overview = Commands.helpText(Commands.app, .traditionalChinese)
        for command in CommandTable.commands where !command.name.isEmpty {
            XCTAssertTrue(overview.contains("palette-tui " + command.name), command.name)
            XCTAssertTrue(overview.contains(command.summary(.traditionalChinese)), command.name)
        }
    }

    func testWrapBreaksAtSpacesAndBetweenWideCharacters() {
        XCTAssertEqual(TextWrap.wrap("one two three four", width: 9), ["one two", "three", "four"])
        XCTAssertEqual(TextWrap.wrap("輸出格式（預設 text）", width: 8), ["輸出格式", "（預設", "text）"])
        XCTAssertEqual(TextWrap.wrap("配色，印到", width: 4), ["配", "色，", "印到"], "a comma never starts a line")
        XCTAssertEqual(TextWrap.wrap("unbreakable-word", width: 4), ["unbreakable-word"])
    }
}
