import Foundation
import PaletteCore
import TestSupport
import XCTest

/// The workbench on the command line, through the real binary: `--lock`, `--candidates`,
/// `--seed`, `refine` from a pipe and from `--palette`, the history's lineage read back by
/// Python, and every bad option a usage error (exit 2) naming its part, in three languages.
final class WorkbenchCommandTests: XCTestCase {
    private func environment(_ home: String) -> [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home,
            "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
        ]
    }

    private func run(_ args: [String], stdin: ChildInput = .null, home: String = "/nonexistent-home") throws
        -> ChildResult
    {
        try Spawn.run([Repository.paletteTUI()] + args, environment: environment(home), stdin: stdin)
    }

    private func hexes(_ text: String) -> [RGB] {
        text.split(whereSeparator: \.isNewline).compactMap { try? RGB(hex: String($0)) }
    }

    func testLocksComeBackExactlyOnEveryFormat() throws {
        for format in ["hex", "json", "text", "css"] {
            let out = try run([
                "generate", "--provider", "offline", "--no-history", "--format", format, "--lock", "primary=#2F5D50",
                "--lock=accent=e8b04b", "a calm forest morning",
            ])
            XCTAssertEqual(out.status, 0, out.stderr)
            let palette = try PaletteParser.parse(out.stdout)
            XCTAssertEqual(palette.primary.hex, "#2F5D50", format)
            XCTAssertEqual(palette.accent.hex, "#E8B04B", format)
            XCTAssertGreaterThanOrEqual(CIEDE2000.difference(palette.secondary, palette.primary), 10)
            XCTAssertGreaterThanOrEqual(CIEDE2000.difference(palette.secondary, palette.accent), 10)
        }
    }

    func testCandidatesPrintEachFormatsMultiPaletteForm() throws {
        let json = try run([
            "generate", "--provider", "offline", "--no-history", "--candidates", "5", "-f", "json", "海邊的日出",
        ])
        XCTAssertEqual(json.status, 0, json.stderr)
        // Python's json reads an array of five palette objects.
        let check = try Spawn.run(
            [
                "python3", "-c",
                "import json,sys; a=json.load(sys.stdin); assert isinstance(a,list) and len(a)==5, a; "
                    + "print(' '.join(p[r] for p in a for r in ('primary','secondary','accent')))",
            ], stdin: .text(json.stdout))
        XCTAssertEqual(check.status, 0, check.stderr)
        let colours = check.stdout.split(separator: " ").compactMap { try? RGB(hex: String($0)) }
        XCTAssertEqual(colours.count, 15)
        let palettes = stride(from: 0, to: 15, by: 3).map {
            Palette(primary: colours[$0], secondary: colours[$0 + 1], accent: colours[$0 + 2])
        }
        for (i, a) in palettes.enumerated() {
            for b in palettes[(i + 1)...] {
                XCTAssertTrue(Role.allCases.contains { CIEDE2000.difference(a[$0], b[$0]) >= 10 }, "\(a) \(b)")
            }
        }
        let hex = try run([
            "generate", "--provider", "offline", "--no-history", "--candidates", "3", "-f", "hex", "sea",
        ])
        XCTAssertEqual(hex.stdout.components(separatedBy: "\n\n").count, 3, hex.stdout)
        XCTAssertEqual(hexes(hex.stdout).count, 9)
        let css = try run([
            "generate", "--provider", "offline", "--no-history", "--candidates", "3", "-f", "css", "sea",
        ])
        XCTAssertTrue(css.stdout.contains("--color-accent-3:"), css.stdout)
        let text = try run(
            ["generate", "--provider", "offline", "--no-history", "--candidates", "4", "--lang", "zh-Hant", "sea"])
        XCTAssertTrue(text.stdout.contains("候選 4／4"), text.stdout)
    }

    func testSeedIsReproducibleAcrossRuns() throws {
        func seeded(_ seed: String) throws -> String {
            let out = try run([
                "generate", "--provider", "offline", "--no-history", "-f", "hex", "--seed", seed, "misty harbour",
            ])
            XCTAssertEqual(out.status, 0, out.stderr)
            return out.stdout
        }
        let a = try seeded("42")
        XCTAssertEqual(a, try seeded("42"))
        XCTAssertNotEqual(a, try seeded("43"))
        XCTAssertEqual(try seeded("18446744073709551615"), try seeded("18446744073709551615"))
    }

    func testGenerateRefineRefineComposeInAPipeAndKeepTheirLineage() throws {
        let dir = try TemporaryDirectory()
        let history = dir.file("history.jsonl")
        let bin = try Repository.paletteTUI()
        let common = "--provider offline --history '\(history)'"
        let script =
            "set -o pipefail; '\(bin)' generate \(common) --lock primary=#2F5D50 'a calm forest morning' "
            + "| '\(bin)' refine \(common) 'warmer accent' | '\(bin)' refine \(common) --format json '更柔和'"
        let out = try Spawn.run(["bash", "-c", script], environment: environment(dir.path))
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stderr, "")
        let final = try PaletteParser.parse(out.stdout)
        let read = try Spawn.run(
            [
                "python3", "-c",
                """
                import json, sys
                rows = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
                assert len(rows) == 3, rows
                a, b, c = rows
                assert a["locked"] == ["primary"] and a["primary"] == "#2F5D50" and "parent" not in a, a
                assert b["parent"] == a["id"] and b["refinement"] == "warmer accent", b
                assert c["parent"] == b["id"] and c["refinement"] == "更柔和", c
                assert a["description"] == b["description"] == c["description"] == "a calm forest morning"
                print(b["accent"], a["accent"], c["primary"], c["secondary"], c["accent"])
                """, history,
            ])
        XCTAssertEqual(read.status, 0, read.stderr)
        let colours = read.stdout.split(separator: " ").compactMap {
            try? RGB(hex: String($0).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        XCTAssertEqual(colours.count, 5)
        // "warmer accent" raised the accent's colour warmth (Ou et al. 2004, written out in
        // SteeringPropertyTests).
        XCTAssertGreaterThan(SteeringPropertyTests.warmth(colours[0]), SteeringPropertyTests.warmth(colours[1]))
        XCTAssertEqual(final, Palette(primary: colours[2], secondary: colours[3], accent: colours[4]))
    }

    func testRefineTakesPaletteOptionAndAnyParseableInput() throws {
        let viaOption = try run([
            "refine", "--provider", "offline", "--no-history", "--palette", "#2F5D50 #C9D6CF #E8B04B", "-f", "hex",
            "darker",
        ])
        XCTAssertEqual(viaOption.status, 0, viaOption.stderr)
        let out = hexes(viaOption.stdout)
        XCTAssertEqual(out.count, 3)
        XCTAssertLessThan(OKLCH(out[0]).l, OKLCH(RGB(packed: 0x2F5D50)).l)
        let prose = "The model said: primary #2F5D50, secondary #C9D6CF and accent #E8B04B."
        let viaStdin = try run(
            ["refine", "--provider", "offline", "--no-history", "-f", "hex", "--lock", "accent=#E8B04B", "more muted"],
            stdin: .text(prose))
        XCTAssertEqual(viaStdin.status, 0, viaStdin.stderr)
        XCTAssertEqual(hexes(viaStdin.stdout).last?.hex, "#E8B04B")
        let unread = try run(
            ["refine", "--provider", "offline", "--no-history", "-f", "hex", "qwzx"], stdin: .text(prose))
        XCTAssertEqual(unread.status, 0)
        XCTAssertTrue(unread.stderr.contains("no change was understood"), unread.stderr)
    }

    func testBadOptionsAreUsageErrorsNamingThePartInEachLanguage() throws {
        let cases: [([String], [String])] = [
            (
                ["generate", "--lock", "tertiary=#2F5D50", "x"],
                ["'tertiary' is not a role", "「tertiary」不是角色", "“tertiary”不是角色"]
            ),
            (["generate", "--lock", "primary=#zz5D50", "x"], ["'#zz5D50'", "「#zz5D50」", "“#zz5D50”"]),
            (["generate", "--lock", "primary", "x"], ["ROLE=COLOR", "角色=顏色", "角色=颜色"]),
            (["generate", "--lock", "accent=#111", "--lock", "accent=#222", "x"], ["locked twice", "鎖定了兩次", "锁定了两次"]),
            (["generate", "--seed", "-3", "x"], ["'-3' for '--seed'", "--seed 的值「-3」", "--seed 的值“-3”"]),
            (["generate", "--candidates", "40", "x"], ["2 to 12", "2 到 12", "2 到 12"]),
            (["refine", "--palette", "#111111 #222222"], ["needs an instruction", "需要調整指示", "需要调整指示"]),
            (["refine", "--palette", "#111111 #222222", "warmer"], ["bad --palette", "--palette「", "--palette“"]),
            (
                ["refine", "--lock", "main=#111111", "--palette", "#111111 #222222 #333333", "warmer"],
                ["'main'", "「main」", "“main”"]
            ),
        ]
        for (args, words) in cases {
            for (language, word) in zip(["en", "zh-Hant", "zh-Hans"], words) {
                let out = try run(args + ["--provider", "offline", "--no-history", "--lang", language])
                XCTAssertEqual(out.status, 2, "\(args) \(language): \(out.stderr)")
                XCTAssertEqual(out.stdout, "")
                XCTAssertTrue(out.stderr.contains(word), "\(args) \(language): \(out.stderr) should name \(word)")
            }
        }
    }
}
