import Foundation
import TestSupport
import XCTest

/// `palette-tui parse` (and every command that reads a palette on standard input) reads the
/// forms models write a palette in: a role and a CSS, XKCD or Chinese colour name, or any CSS
/// Color 4 function, in JSON, YAML, TOML, CSS, Markdown lists and tables, one role a line or
/// all on one line, with the separators models use (`:`, `=`, `-`, `–`, `—`, `->`, `|`, tab).
final class ParseModelFormsTests: XCTestCase {
    static let navy = "#000080"
    static let teal = "#008080"
    static let coral = "#FF7F50"

    /// Input, then the palette `parse --format hex` must print (primary, secondary, accent).
    static let forms: [(String, [String])] = [
        ("accent: navy\nprimary: coral\nsecondary: teal", [coral, teal, navy]),
        ("Primary: navy\nSecondary: teal\nAccent: coral", [navy, teal, coral]),
        (##"{"accent": "rgb(0 0 128)", "primary": "coral", "secondary": "teal"}"##, [coral, teal, navy]),
        (##""accent": "rgb(0 0 128)", "primary": "coral", "secondary": "teal""##, [coral, teal, navy]),
        (##"{primary: navy, secondary: teal, accent: coral}"##, [navy, teal, coral]),
        ("{'primary': 'navy', 'secondary': 'teal', 'accent': 'coral'}", [navy, teal, coral]),
        ("primary = \"navy\"\nsecondary = \"teal\"\naccent = \"coral\"", [navy, teal, coral]),
        ("--primary: navy;\n--secondary: teal;\n--accent: coral;", [navy, teal, coral]),
        ("primary: navy; secondary: teal; accent: coral", [navy, teal, coral]),
        ("Primary: navy, Secondary: teal, Accent: coral", [navy, teal, coral]),
        ("primary=navy secondary=teal accent=coral", [navy, teal, coral]),
        ("Primary — navy\nSecondary — teal\nAccent — coral", [navy, teal, coral]),
        ("1. Primary – navy\n2. Secondary – teal\n3. Accent – coral", [navy, teal, coral]),
        ("primary -> navy\nsecondary -> teal\naccent -> coral", [navy, teal, coral]),
        ("primary\tnavy\nsecondary\tteal\naccent\tcoral", [navy, teal, coral]),
        (
            "| Role | Colour |\n|---|---|\n| Primary | navy |\n| Secondary | teal |\n| Accent | coral |",
            [navy, teal, coral]
        ),
        (
            "Here is your palette:\n- **Primary**: `navy`\n- **Secondary**: `teal`\n- **Accent**: `coral`",
            [navy, teal, coral]
        ),
        ("Primary colour: navy (a deep blue)\nSecondary colour: teal\nAccent colour: coral", [navy, teal, coral]),
        ("primary: rgb(0, 0, 128)\nsecondary: hsl(180 100% 25.1%)\naccent: coral", [navy, teal, coral]),
        ("Primary: rgb(0 0 128), Secondary: teal, Accent: #FF7F50", [navy, teal, coral]),
        ("主色：navy\n輔助色：teal\n強調色：coral", [navy, teal, coral]),
        ("主色：navy，辅助色：teal，强调色：coral", [navy, teal, coral]),
        ("navy, teal, coral", [navy, teal, coral]),
    ]

    private func parse(_ input: String, _ arguments: [String] = ["parse", "--format", "hex"]) throws -> ChildResult {
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
            "SWIFT_BACKTRACE": "enable=no",
        ]
        return try Spawn.run([Repository.paletteTUI()] + arguments, environment: environment, stdin: .text(input))
    }

    func testParseReadsTheFormsModelsWrite() throws {
        var read = 0
        for (input, expected) in Self.forms {
            let output = try parse(input)
            XCTAssertEqual(output.status, 0, "\(input.debugDescription): \(output.stderr)")
            let got = output.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(got, expected, input.debugDescription)
            if got == expected { read += 1 }
        }
        print("parse: \(read) of \(Self.forms.count) model-written palette forms read to the expected colours")
    }

    /// The same text through `audit`, which reads standard input the same way.
    func testAuditReadsThemToo() throws {
        for (input, expected) in Self.forms.prefix(12) {
            let output = try parse(input, ["audit", "--format", "json"])
            XCTAssertEqual(output.status, 0, "\(input.debugDescription): \(output.stderr)")
            for hex in expected { XCTAssertTrue(output.stdout.contains(hex), "\(input.debugDescription): \(hex)") }
        }
    }

    /// Sentences that only mention the roles, and a role without a value, stay not-a-palette.
    func testSentencesAboutRolesAreNotPalettes() throws {
        for input in [
            "The primary and secondary colours are up to you; the accent should pop.",
            "primary: to be decided, secondary: later",
        ] {
            let output = try parse(input)
            XCTAssertEqual(output.status, 1, "\(input.debugDescription): \(output.stdout)")
        }
    }
}
