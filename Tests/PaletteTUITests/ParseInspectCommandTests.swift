import Foundation
import TestSupport
import XCTest

/// `palette-tui parse` and `inspect` through the real built binary, stdin fed from a file.
final class ParseInspectCommandTests: XCTestCase {
    /// Runs the built binary with `arguments` and `stdin` as its standard input, in this
    /// process's environment without an API key, plus `environment`.
    private func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws
        -> ChildResult
    {
        var env = ProcessInfo.processInfo.environment.filter {
            !["GEMINI_API_KEY", "LC_ALL", "LC_MESSAGES"].contains($0.key)
        }
        env["LANG"] = "C.UTF-8"
        for (k, v) in environment { env[k] = v }
        let result = try Spawn.run([Repository.paletteTUI()] + arguments, environment: env, stdin: .text(stdin))
        XCTAssertNil(result.signal, "palette-tui was killed by signal \(result.signal ?? 0)")
        return result
    }

    // MARK: - Top level

    func testHelpAndVersion() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("palette-tui parse"))
        XCTAssertTrue(help.stdout.contains("palette-tui inspect"))
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("palette-tui "), version.stdout)
    }

    // MARK: - parse

    func testParsePrintsPaletteFromFencedModelOutput() throws {
        let answer =
            "Here you go:\n```json\n{\"Primary\": \"#2e86ab\", \"輔助色\": \"663399\", \"accent\": \"#f80\"}\n```\n"
        let text = try run(["parse"], stdin: answer)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.stderr, "")
        let lines = text.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].hasPrefix("Primary    #2E86AB  "))
        XCTAssertEqual(lines[1], "Secondary  #663399  rebeccapurple")
        XCTAssertTrue(lines[2].hasPrefix("Accent     #FF8800  "))
    }

    func testParseFormats() throws {
        let input = ##"["#2E86AB", "#A23B72", "#F18F01"]"##
        XCTAssertEqual(try run(["parse", "--format", "hex"], stdin: input).stdout, "#2E86AB\n#A23B72\n#F18F01\n")
        XCTAssertEqual(
            try run(["parse", "--format=css"], stdin: input).stdout,
            ":root { --color-primary: #2E86AB; --color-secondary: #A23B72; --color-accent: #F18F01; }\n")
        let json = try run(["parse", "--format", "json"], stdin: input)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["primary"] as? String, "#2E86AB")
        XCTAssertEqual(object["accent"] as? String, "#F18F01")
        XCTAssertEqual(object["provider"] as? String, "parsed")
        let chinese = try run(["parse", "--lang", "zh-Hans"], stdin: input)
        XCTAssertTrue(chinese.stdout.hasPrefix("主色    #2E86AB"), chinese.stdout)
        XCTAssertTrue(chinese.stdout.contains("辅助色  #A23B72"))
    }

    /// Without `--lang` the labels follow the locale, LC_ALL first; `--lang` wins over it.
    func testParseLabelsFollowTheLocale() throws {
        let input = ##"["#2E86AB", "#A23B72", "#F18F01"]"##
        let traditional = try run(["parse"], stdin: input, environment: ["LANG": "zh_TW.UTF-8"])
        XCTAssertTrue(traditional.stdout.contains("輔助色  #A23B72"), traditional.stdout)
        let simplified = try run(
            ["parse"], stdin: input, environment: ["LC_ALL": "zh_CN.UTF-8", "LANG": "zh_TW.UTF-8"])
        XCTAssertTrue(simplified.stdout.contains("辅助色  #A23B72"), simplified.stdout)
        let english = try run(["parse", "--lang", "en"], stdin: input, environment: ["LANG": "zh_HK.UTF-8"])
        XCTAssertTrue(english.stdout.hasPrefix("Primary    #2E86AB"), english.stdout)
        let bad = try run(["parse", "--lang", "klingon"], stdin: input)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(
            bad.stderr.contains("invalid value 'klingon' for '--lang': choose en, zh-Hant or zh-Hans"),
            bad.stderr)
    }

    func testParseFailuresAreOneLineOnStderrWithStatus1() throws {
        let cases: [(String, String)] = [
            ("I'm sorry, I can't help with that.", "no palette found"),
            (##"["#2E86AB", "#A23B72"]"##, "expected three colours (primary, secondary, accent), got 2"),
            (
                ##"{"primary": "#2E86AB", "secondary": "#A23B7Z", "accent": "#F18F01"}"##,
                "invalid secondary colour: '#A23B7Z'"
            ),
            ("", "no palette found"),
        ]
        for (input, message) in cases {
            let result = try run(["parse"], stdin: input)
            XCTAssertEqual(result.status, 1, input)
            XCTAssertEqual(result.stdout, "", input)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("palette-tui: parse: "), result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
    }

    /// An alpha byte reads the same in prose as in JSON (docs/decisions.md, "2026-12-01: an alpha
    /// byte in a model's colour"): opaque is the colour itself; translucent is refused as that
    /// role's colour with its alpha, in the reader's language.
    func testParseReadsAnAlphaByteInProseAsInJSON() throws {
        for reply in [
            "Primary: #2E86ABFF\nSecondary: #A23B72\nAccent: #F18F01\n", "#2E86ABFF, #A23B72, #F18F01",
            ##"{"primary": "#2E86ABFF", "secondary": "#A23B72", "accent": "#F18F01"}"##,
        ] {
            let opaque = try run(["parse", "--format", "hex"], stdin: reply)
            XCTAssertEqual(opaque.status, 0, opaque.stderr)
            XCTAssertEqual(opaque.stdout, "#2E86AB\n#A23B72\n#F18F01\n", reply)
        }
        let messages = [
            (
                "en",
                "invalid primary colour: '#2E86AB80' is not opaque (alpha 0.502): a palette colour has no transparency"
            ),
            ("zh-Hant", "主色的顏色無效：「#2E86AB80」不是不透明色（alpha 0.502）：配色中的顏色不能透明"),
            ("zh-Hans", "主色的颜色无效：“#2E86AB80”不是不透明色（alpha 0.502）：配色中的颜色不能透明"),
        ]
        for reply in [
            "Primary: #2E86AB80\nSecondary: #A23B72\nAccent: #F18F01\n", "#2E86AB80, #A23B72, #F18F01",
            ##"{"primary": "#2E86AB80", "secondary": "#A23B72", "accent": "#F18F01"}"##,
        ] {
            for (language, message) in messages {
                let refused = try run(["parse", "--lang", language], stdin: reply)
                XCTAssertEqual(refused.status, 1, reply)
                XCTAssertEqual(refused.stdout, "", reply)
                XCTAssertTrue(refused.stderr.contains(message), "\(language), \(reply): \(refused.stderr)")
            }
        }
    }

    func testParseSurvivesBinaryAndHugeInput() throws {
        let garbage = String(
            decoding: (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }, as: UTF8.self)
        let result = try run(["parse"], stdin: garbage)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("palette-tui: parse: "), result.stderr)
    }

    func testParseUsageErrorsExit2() throws {
        for args in [["parse", "--format", "yaml"], ["parse", "extra"], ["parse", "--bogus"]] {
            let result = try run(args, stdin: "[]")
            XCTAssertEqual(result.status, 2, args.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains("Try 'palette-tui --help'"), result.stderr)
        }
        let help = try run(["parse", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: palette-tui parse"))
    }

    // MARK: - inspect

    func testInspectText() throws {
        let result = try run(["inspect", "#777", "663399"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let blocks = result.stdout.components(separatedBy: "\n\n")
        XCTAssertEqual(blocks.count, 2)
        XCTAssertTrue(blocks[0].hasPrefix("#777777\n  rgb        119 119 119\n"))
        XCTAssertTrue(blocks[0].contains("contrast   on white 4.47:1 AA large, on black 4.68:1 AA"))
        XCTAssertTrue(blocks[0].contains("ink        black #000000"))
        XCTAssertTrue(blocks[0].contains("xterm-256  243 #767676, ΔE00 0.40"))
        XCTAssertTrue(blocks[1].hasPrefix("#663399\n"))
        XCTAssertTrue(blocks[1].contains("name       rebeccapurple (css #663399, ΔE00 0.00)"))
        XCTAssertTrue(blocks[1].contains("ink        white #FFFFFF"))
        for kind in ["protan", "deutan", "tritan"] {
            XCTAssertTrue(blocks[1].contains("\n  \(kind)"), kind)
        }
    }

    func testInspectJSON() throws {
        let result = try run(["inspect", "--format", "json", "#FF0000"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(array.count, 1)
        let red = array[0]
        XCTAssertEqual(red["input"] as? String, "#FF0000")
        XCTAssertEqual(red["hex"] as? String, "#FF0000")
        XCTAssertEqual(red["rgb"] as? [Int], [255, 0, 0])
        let oklch = try XCTUnwrap(red["oklch"] as? [String: Double])
        XCTAssertEqual(oklch["l"] ?? 0, 0.627955, accuracy: 1e-6)
        let contrast = try XCTUnwrap(red["contrast"] as? [String: [String: Any]])
        XCTAssertEqual(contrast["white"]?["ratio"] as? Double ?? 0, 3.9985, accuracy: 1e-4)
        XCTAssertEqual(contrast["white"]?["aa"] as? Bool, false)
        XCTAssertEqual(contrast["black"]?["aa"] as? Bool, true)
        XCTAssertEqual(red["ink"] as? String, "#000000")
        let xterm = try XCTUnwrap(red["xterm256"] as? [String: Any])
        XCTAssertEqual(xterm["index"] as? Int, 196)
        XCTAssertEqual(xterm["deltaE00"] as? Double, 0)
        XCTAssertEqual(
            red["simulations"] as? [String: String], ["protan": "#6D5F00", "deutan": "#A39000", "tritan": "#FF000F"])
        let name = try XCTUnwrap(red["name"] as? [String: Any])
        XCTAssertEqual(name["name"] as? String, "red")
        XCTAssertEqual(name["source"] as? String, "css")
    }

    func testInspectInvalidColourIsStatus1AndUsageIsStatus2() throws {
        let bad = try run(["inspect", "#2E86AB", "#12345"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stdout, "")
        XCTAssertEqual(
            bad.stderr,
            "palette-tui: inspect: '#12345' is not a colour: expected 3 or 6 hex digits (4 or 8 with an opaque alpha), found 5\n"
        )
        let none = try run(["inspect"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("Try 'palette-tui inspect --help'"), none.stderr)
        let format = try run(["inspect", "--format", "css", "#fff"])
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.stderr.contains("invalid value 'css' for '--format'"), format.stderr)
    }
}
