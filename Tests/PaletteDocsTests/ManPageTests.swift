import Foundation
import PaletteApp
import PaletteCommands
import PaletteCore
import PaletteProviders
import TestSupport
import XCTest

/// palette-tui(1) in each language: lint clean under mandoc and groff, rendered by man-db as a
/// user reads it, and covering every command, option, key, environment variable and exit status.
final class ManPageTests: XCTestCase {
    private func page(_ language: Language) throws -> (path: String, dir: TemporaryDirectory) {
        let dir = try TemporaryDirectory(prefix: "manpage")
        let result = try Spawn.run([try Repository.product("palette-docs"), "man", "--lang", language.rawValue])
        XCTAssertEqual(result.status, 0, result.stderr)
        let path = dir.file("palette-tui.1")
        try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: path))
        return (path, dir)
    }

    private let env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MANWIDTH": "80"]

    func testLintClean() throws {
        for language in Language.allCases {
            let written = try page(language)
            let path = written.path
            let mandoc = try Spawn.run(["mandoc", "-Tlint", "-W", "style", path], environment: env)
            XCTAssertEqual(mandoc.status, 0, "\(language): mandoc: \(mandoc.stdout)\(mandoc.stderr)")
            XCTAssertEqual(mandoc.stdout + mandoc.stderr, "", "\(language): mandoc -Tlint -W style")
            let groff = try Spawn.run(["groff", "-man", "-wall", "-ww", "-Tutf8", "-z", path], environment: env)
            XCTAssertEqual(groff.status, 0, groff.stderr)
            XCTAssertEqual(groff.stderr, "", "\(language): groff -wall")
            // What `man -l` shows, with man-db's own warnings on (as lintian runs it).
            let man = try Spawn.run(
                ["man", "--warnings=all", "-E", "UTF-8", "-l", path],
                environment: env.merging(["MANPAGER": "cat"]) { $1 })
            XCTAssertEqual(man.status, 0, man.stderr)
            XCTAssertEqual(man.stderr, "", "\(language): man --warnings")
            XCTAssertTrue(man.stdout.contains("palette-tui"), man.stdout)
        }
    }

    /// The rendered page names every command, every option of each, every key the help
    /// overlay lists, every environment variable and each command's exit statuses.
    func testCoversTheTables() throws {
        for language in Language.allCases {
            let written = try page(language)
            let path = written.path
            let man = try Spawn.run(
                ["man", "-E", "UTF-8", "-l", path],
                environment: env.merging(["MANPAGER": "cat", "MANWIDTH": "400"]) { $1 })
            // Filling turns the line breaks of a paragraph into spaces; compare without them.
            let text = man.stdout.replacingOccurrences(of: "\u{2010}\n", with: "").filter { $0 != "\n" && $0 != " " }
            func has(_ s: String, _ what: String) {
                XCTAssertTrue(text.contains(s.filter { $0 != " " }), "\(language): \(what) '\(s)'")
            }
            for command in CommandTable.commands(providers: ProviderCatalog.standard.facts) {
                if !command.name.isEmpty { has("palette-tui " + command.name, "command") }
                for option in command.options {
                    has(option.flagText(language), "\(command.name) option")
                    has(option.help(language), "\(command.name) --\(option.name) help")
                }
                for status in command.exitStatuses { has(status.meaning(language), "\(command.name) exit status") }
            }
            // Straight from the app's key table, not from what the page was made of.
            for binding in KeyMap.bindings where KeyMap.helpOrder.contains(binding.context) {
                guard let help = binding.help else { continue }
                has(binding.label, "key")
                has(help(language), "key help")
            }
            for variable in ManualText.environment(providers: ProviderCatalog.standard.facts) {
                has(variable.name, "environment variable")
            }
        }
    }

    /// Every environment variable the installed binary's sources read is on the page (the table
    /// cannot forget one): each `environment["NAME"]`, and the names in lists of variables
    /// (`keyVariables = [...]`, `variables: [...]`), the way the providers name where their keys
    /// come from. The modules scanned are the palette-tui target's dependencies in Package.swift,
    /// followed through the library targets they depend on, so a provider module joins the scan
    /// the day the binary links it; and every provider's key and endpoint variables, from the
    /// provider list itself.
    func testEveryVariableTheCodeReadsIsDocumented() throws {
        let manifest = try String(contentsOf: Repository.url("Package.swift"), encoding: .utf8)
        let target = try NSRegularExpression(pattern: #"name: "([A-Za-z-]+)",\s*dependencies: \[([^\]]*)\]"#)
        var dependencies: [String: [String]] = [:]
        for match in target.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            guard let name = Range(match.range(at: 1), in: manifest), let list = Range(match.range(at: 2), in: manifest)
            else { continue }
            dependencies[String(manifest[name])] = manifest[list].split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\""))
            }
        }
        XCTAssertNotNil(dependencies["palette-tui"], "the palette-tui target in Package.swift")
        var modules: Set<String> = []
        var next = ["palette-tui"]
        while let module = next.popLast() {
            guard modules.insert(module).inserted else { continue }
            next += dependencies[module] ?? []
        }
        XCTAssertTrue(
            modules.isSuperset(of: ["Gemini", "PaletteApp", "PaletteProviders", "palette-tui"]), "\(modules)")
        let documented = Set(
            ManualText.environment(providers: ProviderCatalog.standard.facts).flatMap {
                $0.name.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            })
        let direct = try NSRegularExpression(pattern: #"environment\["([A-Z][A-Z0-9_]*)"\]"#)
        let lists = try NSRegularExpression(pattern: #"[vV]ariables(?:\s*=|:)\s*\[([^\]]*)\]"#)
        let name = try NSRegularExpression(pattern: #""([A-Z][A-Z0-9_]*)""#)
        var read: Set<String> = []
        func add(_ regex: NSRegularExpression, _ text: String, _ body: (String) -> Void) {
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { body(String(text[range])) }
            }
        }
        let files = FileManager.default.enumerator(at: Repository.url("Sources"), includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            let module = url.pathComponents.dropFirst(Repository.url("Sources").pathComponents.count).first ?? ""
            guard modules.contains(module), url.pathExtension == "swift",
                let text = try? String(contentsOf: url, encoding: .utf8)
            else {
                continue
            }
            add(direct, text) { read.insert($0) }
            add(lists, text) { list in add(name, list) { read.insert($0) } }
        }
        for provider in ProviderCatalog.standard.facts {
            read.formUnion(provider.keyVariables + (provider.endpointVariable.map { [$0] } ?? []))
        }
        XCTAssertTrue(
            read.isSuperset(of: ["PALETTE_TUI_HISTORY", "GOOGLE_API_KEY", "OLLAMA_HOST"]),
            "the scan finds what the code reads: \(read)")
        for name in read.sorted() {
            XCTAssertTrue(documented.contains(name), "\(name) is read but not in the man page")
        }
    }
}
