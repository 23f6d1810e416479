import Foundation
import TestSupport
import XCTest

/// One bad line in config.toml costs that line only: each kind of bad line is named and
/// skipped, and the settings after it still apply (the real binary, a scratch HOME).
final class ConfigBadLineTests: XCTestCase {
    /// `generate` with `body` as the settings file: its status, standard output and error.
    private func generate(withConfig body: String, lang: String? = "en") throws -> ChildResult {
        let home = try TemporaryDirectory(prefix: "pt-badline")
        let folder = home.path + "/.config/palette-tui"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(body.utf8).write(to: URL(fileURLWithPath: folder + "/config.toml"))
        return try Spawn.run(
            [try Repository.paletteTUI(), "generate", "--no-history", "--provider", "offline"]
                + (lang.map { ["--lang", $0] } ?? []) + ["forest"],
            environment: HistoryBinary.environment(["HOME": home.path]))
    }

    func testEveryKindOfBadLineIsNamedAndTheLinesAfterItApply() throws {
        // Each bad statement on line 1, then a good one that must apply: the language.
        let bad: [(String, String)] = [
            ("x = \"\"\"a multi-line string left open", "line 1: the text has no closing quote"),
            ("x = '''a literal one left open", "line 1: the text has no closing quote"),
            ("arr = [1, 2", "line 1: a bracket or brace is not closed"),
            ("t = { a = 1", "line 1: a bracket or brace is not closed"),
            ("bogus line", "line 1: expected '=' after the name"),
            ("= 5", "line 1: expected a setting"),
            ("color = 5", "line 1: 'color' should be text in quotes"),
            ("k = \"bad \\q escape\"", "line 1: an unknown \\ escape"),
            ("provider = \"nonexistent\"", "line 1: 'provider' cannot be 'nonexistent'"),
            ("timeout = -3", "line 1: 'timeout' cannot be '-3.0'"),
        ]
        for (line, named) in bad {
            let result = try generate(withConfig: line + "\n[workbench]\naccessible = \"AAA\"\n")
            XCTAssertEqual(result.status, 0, "\(line): \(result.stderr)")
            XCTAssertTrue(
                result.stdout.contains("moved to meet AAA"),
                "\(line): the table after it did not apply: \(result.stdout)")
            let warnings = result.stderr.split(separator: "\n")
            XCTAssertEqual(warnings.count, 1, "\(line): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(named), "\(line): \(result.stderr)")
        }
        // Before a setting outside any table, the same: the language applies.
        let language = try generate(withConfig: "x = \"\"\"open\nlanguage = \"zh-Hant\"\n", lang: nil)
        XCTAssertTrue(language.stdout.hasPrefix("主色"), language.stdout)
        XCTAssertTrue(language.stderr.contains("第 1 行"), language.stderr)
        // A string left open in the middle: the settings on both sides apply.
        let middle = try generate(withConfig: "[workbench]\nx = \"\"\"open\naccessible = \"AAA\"\n")
        XCTAssertEqual(middle.status, 0, middle.stderr)
        XCTAssertTrue(middle.stdout.contains("moved to meet AAA"), middle.stdout + middle.stderr)
        XCTAssertTrue(middle.stderr.contains("line 2: the text has no closing quote"), middle.stderr)
    }
}
