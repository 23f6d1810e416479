import Foundation
import TestSupport
import XCTest

/// A palette on standard input with one bad colour, through the real binary: every command
/// that reads one (`audit`, `repair`, `parse`, `export`) names the token that is not a colour,
/// the role it stood for, and the forms that are accepted, in each language, with the exit
/// status its help documents. Before, `#zz` among three colours said "expected three
/// colours, got 2": the bad token was skipped and only counted.
final class StdinPaletteErrorTests: XCTestCase {
    /// A palette text, the token in it that is not a colour, and the role it stands for.
    static let inputs: [(text: String, bad: String, role: String)] = [
        ("#zz #112233 #445566", "#zz", "primary"),
        ("#zz, #112233, #445566\n", "#zz", "primary"),
        ("#112233 #GGHHII #445566", "#GGHHII", "secondary"),
        ("#112233 #445566 #12345", "#12345", "accent"),
        ("primary: #112233\nsecondary: #445566\naccent: #12345", "#12345", "accent"),
        ("Accent: #ABCDEFG\nPrimary: #112233\nSecondary: #445566", "#ABCDEFG", "accent"),
        ("#112233 rgb(1 2) #445566", "rgb(1 2)", "secondary"),
        ("navy, tael, coral", "tael", "secondary"),
        ("- primary: navy\n- secondary: teal\n- accent: corral", "corral", "accent"),
    ]

    /// Each command that reads a palette on standard input, its arguments, and the exit status
    /// its help gives for input that holds no palette.
    static let commands: [(name: String, arguments: [String], status: Int32)] = [
        ("audit", ["audit"], 2),
        ("repair", ["repair", "accent", "--against", "background", "--target", "AA"], 2),
        ("parse", ["parse"], 1),
        ("export", ["export", "css"], 1),
    ]

    /// The role's name in each language, as the messages print it.
    static let roleWords: [String: [String]] = [
        "primary": ["primary", "主色", "主色"], "secondary": ["secondary", "輔助色", "辅助色"],
        "accent": ["accent", "強調色", "强调色"],
    ]

    /// Words of the accepted forms each language's message must hold.
    static let formWords = [["#2E86AB", "rgb(", "name"], ["#2E86AB", "rgb(", "名稱"], ["#2E86AB", "rgb(", "名称"]]

    private func run(_ arguments: [String], stdin: String, language: String) throws -> ChildResult {
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
            "SWIFT_BACKTRACE": "enable=no", "LANG": "C.UTF-8", "PALETTE_TUI_HISTORY": "/nonexistent-home/h.jsonl",
        ]
        let result = try Spawn.run(
            [Repository.paletteTUI()] + arguments + ["--lang", language], environment: environment,
            stdin: .text(stdin))
        XCTAssertNil(result.signal, "palette-tui was killed by signal \(result.signal ?? 0)")
        return result
    }

    /// A huge paste (over the 16 MiB limit) on standard input: each command says so in the
    /// chosen language. `parse` printed an English sentence in every language, and `export`
    /// put it inside a Chinese one ("無法讀取標準輸入（standard input is larger than 16 MiB）").
    func testAnInputOverTheLimitIsReportedInTheChosenLanguage() throws {
        let huge = String(repeating: "#112233 #445566 #778899 a long pasted line\n", count: (17 << 20) / 42)
        let words = ["en": "larger than 16 MiB", "zh-Hant": "標準輸入超過 16 MiB", "zh-Hans": "标准输入超过 16 MiB"]
        for command in Self.commands {
            for (language, expected) in words {
                let output = try run(command.arguments, stdin: huge, language: language)
                let what = "\(command.name) --lang \(language)"
                XCTAssertNotEqual(output.status, 0, what)
                XCTAssertTrue(output.stderr.contains(expected), "\(what): \(output.stderr)")
                if language != "en" {
                    XCTAssertFalse(output.stderr.contains("standard input"), "\(what): \(output.stderr)")
                }
            }
        }
    }

    func testEveryStdinCommandNamesTheBadColourItsRoleAndTheAcceptedForms() throws {
        var checked = 0
        for input in Self.inputs {
            for command in Self.commands {
                for (l, language) in ["en", "zh-Hant", "zh-Hans"].enumerated() {
                    let output = try run(command.arguments, stdin: input.text, language: language)
                    let what = "\(command.name) --lang \(language) < \(input.text.debugDescription)"
                    XCTAssertEqual(output.status, command.status, "\(what): \(output.stderr)")
                    XCTAssertEqual(output.stdout, "", "\(what): nothing printed")
                    let first = output.stderr.split(separator: "\n").first.map(String.init) ?? ""
                    XCTAssertTrue(first.hasPrefix("palette-tui: "), "\(what): \(output.stderr)")
                    XCTAssertTrue(first.contains(input.bad), "\(what): names \(input.bad): \(first)")
                    let role = Self.roleWords[input.role]![l]
                    XCTAssertTrue(first.contains(role), "\(what): names the role \(role): \(first)")
                    for word in Self.formWords[l] {
                        XCTAssertTrue(first.contains(word), "\(what): names the accepted forms (\(word)): \(first)")
                    }
                    // Not the count of the colours that happened to read.
                    for count in ["got 2", "instead of 3", "收到 2", "有 2 個", "有 2 个"] {
                        XCTAssertFalse(first.contains(count), "\(what): \(first)")
                    }
                    checked += 1
                }
            }
        }
        print("stdin palettes: \(checked) bad-colour runs, each naming the token, its role and the accepted forms")
    }

    /// Good input still reads, so the check above is not met by refusing everything; and text
    /// with three good colours beside a `#` word (an issue number, a hashtag) is not refused.
    func testGoodPalettesStillReadBesideHashWords() throws {
        for text in [
            "#2E86AB #A23B72 #F18F01", "see issue #12: primary #2E86AB, secondary #A23B72, accent #F18F01",
            "primary: navy\nsecondary: teal\naccent: coral",
            "{\"accent\": \"rgb(0 0 128)\", \"primary\": \"#2E86AB\", \"secondary\": \"teal\"}",
        ] {
            let output = try run(["parse", "--format", "hex"], stdin: text, language: "en")
            XCTAssertEqual(output.status, 0, "\(text.debugDescription): \(output.stderr)")
            XCTAssertEqual(output.stdout.split(separator: "\n").count, 3, output.stdout)
        }
    }
}
