import Foundation
import PaletteCommands
import PaletteCore
import PaletteProviders

// palette-docs: writes palette-tui's manual page and shell completions from the command table
// the parser reads (CommandTable) and the app's key table (KeyMap), so they cannot drift from
// the program. Build-time only: `make install` and `make deb` run it; it is not installed.
//
//   palette-docs man [--lang en|zh-Hant|zh-Hans] [--date YYYY-MM-DD]
//   palette-docs completion bash|zsh|fish
//   palette-docs version

/// The command table with the program's providers written in (`providerList`).
enum Table {
    static let providers = ProviderCatalog.standard.facts
    static let commands = CommandTable.commands(providers: providers)
    static let app = CommandTable.app.with(providers: providers)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("palette-docs: \(message)\n".utf8))
    exit(2)
}

let args = Array(CommandLine.arguments.dropFirst())
func value(of option: String) -> String? {
    guard let i = args.firstIndex(of: option), i + 1 < args.count else { return nil }
    return args[i + 1]
}

switch args.first {
case "man":
    var language = Language.english
    if let raw = value(of: "--lang") {
        guard let parsed = Language(rawValue: raw) else { fail("unknown language \(raw)") }
        language = parsed
    }
    let date = value(of: "--date") ?? "2026-12-01"
    guard date.count == 10, date.allSatisfy({ $0.isNumber || $0 == "-" }) else { fail("--date wants YYYY-MM-DD") }
    print(ManPage.render(language: language, version: CommandTable.version, date: date), terminator: "")
case "completion":
    switch args.dropFirst().first {
    case "bash": print(Completions.bash(), terminator: "")
    case "zsh": print(Completions.zsh(), terminator: "")
    case "fish": print(Completions.fish(), terminator: "")
    default: fail("completion wants bash, zsh or fish")
    }
case "version":
    print(CommandTable.version)
default:
    fail("usage: palette-docs man [--lang L] [--date YYYY-MM-DD] | completion bash|zsh|fish | version")
}
