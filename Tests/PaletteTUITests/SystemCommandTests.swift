import Foundation
import TestSupport
import XCTest

/// `palette-tui system` through the real binary: the formats, files, the newest palette, and
/// unmet guarantees named in the user's language.
final class SystemCommandTests: XCTestCase {
    func run(_ args: [String], stdin: String? = nil, env: [String: String] = [:]) throws -> ChildResult {
        try Spawn.run(
            [try Repository.paletteTUI()] + args, environment: HistoryBinary.environment(env),
            stdin: stdin.map { .text($0) } ?? .null)
    }

    func testJSONByDefaultWithTheSourceStepsAndBothThemes() throws {
        let r = try run(["system", "2E86AB", "A23B72", "F18F01"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(
            json?["source_steps"] as? [String: String], ["primary": "600", "secondary": "600", "accent": "400"])
        let roles = json?["roles"] as? [String: [String: String]]
        XCTAssertEqual(roles?["light"]?["primary"], "#2E86AB")
        XCTAssertEqual(Set(roles?.keys.map { $0 } ?? []), ["light", "dark"])
    }

    func testEveryFormatWritesAFileAndTheSwatchIsAPNG() throws {
        let dir = try TemporaryDirectory(prefix: "system-cli")
        for (format, file, head) in [
            ("css", "s.css", "/* calm"), ("scss", "s.scss", "// calm"), ("tailwind", "s.tw.css", "/* calm"),
            ("tokens", "s.resolver.json", "{"), ("json", "s.json", "{"),
        ] {
            let r = try run([
                "system", "--format", format, "--name", "calm lake", "-o", dir.file(file), "#2E86AB", "#A23B72",
                "#F18F01",
            ])
            XCTAssertEqual(r.status, 0, "\(format): \(r.stderr)")
            XCTAssertEqual(r.stdout, "")
            let text = try String(contentsOfFile: dir.file(file), encoding: .utf8)
            XCTAssertTrue(text.hasPrefix(head), "\(format): \(text.prefix(40))")
        }
        let png = try run(["system", "--format", "swatch", "-o", dir.file("s.png"), "2E86AB", "A23B72", "F18F01"])
        XCTAssertEqual(png.status, 0, png.stderr)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir.file("s.png")))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // An existing file is not replaced without --force.
        let again = try run(["system", "-o", dir.file("s.json"), "2E86AB", "A23B72", "F18F01"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("s.json"), again.stderr)
    }

    func testThePaletteComesFromStandardInputOrTheNewestInTheHistory() throws {
        let piped = try run(
            ["system"], stdin: "{\"primary\":\"#2E86AB\",\"secondary\":\"#A23B72\",\"accent\":\"#F18F01\"}")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertTrue(piped.stdout.contains("\"primary\": \"#2E86AB\""), piped.stdout)

        let dir = try TemporaryDirectory(prefix: "system-history")
        let history = dir.file("history.jsonl")
        let generated = try run(["generate", "--history", history, "a calm lake at dawn"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let hexes = generated.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.hasPrefix("#") }
        let newest = try run(["system", "--history", history])
        XCTAssertEqual(newest.status, 0, newest.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(newest.stdout.utf8)) as? [String: Any]
        let palette = json?["palette"] as? [String: String]
        XCTAssertEqual(palette?["primary"], hexes.first.map(String.init))
    }

    func testUnmetGuaranteesAreNamedOnStandardErrorInTheUsersLanguage() throws {
        // Three greys leave the status colours nothing to stand apart from but each other, and
        // a mid grey as a fill keeps its ink under 4.5:1 with nothing but pure black: whatever
        // is unmet is listed, one line each, and the JSON says the same.
        let r = try run(["system", "--lang", "zh-Hant", "#777777", "#7A7A7A", "#7D7D7D"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let unmet = try XCTUnwrap(json?["unmet"] as? [[String: Any]])
        let lines = r.stderr.split(separator: "\n")
        if unmet.isEmpty {
            XCTAssertEqual(r.stderr, "")
        } else {
            XCTAssertEqual(lines.first.map(String.init), "palette-tui: 此配色有 \(unmet.count) 項保證無法達成：")
            XCTAssertEqual(lines.count, unmet.count + 1)
        }
        let english = try run(["system", "--lang", "en", "#000000", "#000000", "#000000"])
        XCTAssertEqual(english.status, 0, english.stderr)
        let englishJSON = try JSONSerialization.jsonObject(with: Data(english.stdout.utf8)) as? [String: Any]
        let englishUnmet = try XCTUnwrap(englishJSON?["unmet"] as? [[String: Any]])
        // Three identical blacks: the status colours cannot all be ΔE00 10 from each other and
        // from black under every deficiency, or can; either way the count agrees.
        let englishLines = english.stderr.split(separator: "\n")
        XCTAssertEqual(englishLines.count, englishUnmet.isEmpty ? 0 : englishUnmet.count + 1, english.stderr)
    }

    func testUsageErrors() throws {
        let bad = try run(["system", "--format", "pdf", "2E86AB", "A23B72", "F18F01"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("pdf"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("palette-tui system --help"), bad.stderr)
        let two = try run(["system", "2E86AB", "A23B72"])
        XCTAssertEqual(two.status, 2)
        let help = try run(["system", "--help", "--lang", "zh-Hans"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("设计系统"), help.stdout)
    }
}
