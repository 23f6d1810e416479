import Foundation
import PaletteCore
import TestSupport
import XCTest

/// `palette-tui audit`, `repair` and `generate --accessible` through the real binary.
final class AccessCommandTests: XCTestCase {
    static let palette = ["#2E86AB", "#A23B72", "#F18F01"]

    private var servers: [LoopbackServer] = []

    override func tearDown() {
        servers.forEach { $0.stop() }
        servers = []
        super.tearDown()
    }

    /// Runs the binary in a bare environment (no key, no locale unless given).
    private func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws
        -> ChildResult
    {
        var env = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
            "SWIFT_BACKTRACE": "enable=no",
        ]
        for (k, v) in environment { env[k] = v }
        let result = try Spawn.run(
            [Repository.paletteTUI()] + arguments, environment: env,
            stdin: stdin.map(ChildInput.text) ?? .null)
        XCTAssertNil(result.signal, "palette-tui was killed by signal \(result.signal ?? 0)")
        return result
    }

    private func colors(_ hex: [String]) throws -> Palette {
        let c = try hex.map { try RGB(hex: $0) }
        return Palette(primary: c[0], secondary: c[1], accent: c[2])
    }

    /// Parses JSON with Python's json module, NaN and Infinity refused; every number comes
    /// back as the shortest text that reads back to the same double (Python's `repr`), so
    /// unrounded figures can be compared exactly (Foundation's reader on Linux is not exact).
    private func strictJSON(_ text: String) throws -> [String: Any] {
        let script = """
            import json, sys
            def bad(x): raise ValueError(x)
            def num(x): return repr(float(x))
            data = json.loads(sys.stdin.read(), parse_constant=bad, parse_float=num, parse_int=num)
            print(json.dumps(data))
            """
        let check = try Spawn.run(
            ["python3", "-c", script],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            stdin: .text(text))
        XCTAssertEqual(check.status, 0, "python3 refused the JSON: \(check.stderr)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    }

    /// A number read by `strictJSON`, as a double.
    private func number(_ value: Any?) -> Double? { (value as? String).flatMap(Double.init) }

    // MARK: - audit

    func testAuditTextHasEveryPairAndEveryDeficiency() throws {
        let out = try run(["audit"] + Self.palette)
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stderr, "")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Palette on #FFFFFF: Primary #2E86AB, Secondary #A23B72, Accent #F18F01")
        let audit = PaletteAudit(try colors(Self.palette), background: WCAG.white)
        // One row per ordered pair, its cut ratio and its marks; failing marks are ✗, not colour.
        for pair in audit.pairs {
            let fg = pair.foreground == .background ? "Background" : pair.foreground.description.capitalized
            let bg = pair.background == .background ? "Background" : pair.background.description.capitalized
            let row = try XCTUnwrap(
                lines.first {
                    $0.hasPrefix("  " + fg)
                        && $0.dropFirst(2 + fg.count).trimmingCharacters(in: .whitespaces).hasPrefix(bg + " ")
                },
                "\(fg) on \(bg)")
            XCTAssertTrue(row.contains(ColorReport.ratioText(pair.ratio)), row)
            let marks = row.split(separator: " ").filter { $0 == "✓" || $0 == "✗" }
            XCTAssertEqual(
                marks,
                [pair.aaNormal, pair.aaaNormal, pair.aaLarge, pair.aaaLarge, pair.nonText].map { $0 ? "✓" : "✗" }, row)
        }
        for kind in ["protan", "deutan", "tritan"] {
            XCTAssertEqual(lines.filter { $0.hasPrefix("  \(kind) ") }.count, 3, kind)
        }
        XCTAssertTrue(lines.contains("AA: fails"))
        XCTAssertTrue(lines.contains("  ✗ Accent against Background: 2.42:1, needs 3:1"), out.stdout)
    }

    func testAuditJSONHasTheIssuesKeysAndUnroundedNumbers() throws {
        let out = try run(["audit", "--format", "json", "--background", "dark"] + Self.palette)
        XCTAssertEqual(out.status, 0, out.stderr)
        let object = try strictJSON(out.stdout)
        XCTAssertEqual(object["background"] as? String, "#000000")
        let pairs = try XCTUnwrap(object["pairs"] as? [[String: Any]])
        XCTAssertEqual(pairs.count, 12)
        let audit = PaletteAudit(try colors(Self.palette), background: WCAG.black)
        for (got, want) in zip(pairs, audit.pairs) {
            XCTAssertEqual(
                Set(got.keys),
                ["fg", "bg", "wcag_ratio", "apca_lc", "aa_normal", "aaa_normal", "aa_large", "aaa_large", "non_text"])
            XCTAssertEqual(got["fg"] as? String, want.foreground.description)
            XCTAssertEqual(got["bg"] as? String, want.background.description)
            XCTAssertEqual(number(got["wcag_ratio"]), want.ratio, "unrounded")
            XCTAssertEqual(number(got["apca_lc"]), want.lc, "unrounded")
            XCTAssertEqual(got["aa_normal"] as? Bool, want.aaNormal)
            XCTAssertEqual(got["non_text"] as? Bool, want.nonText)
        }
        let cvd = try XCTUnwrap(object["cvd"] as? [[String: Any]])
        XCTAssertEqual(cvd.count, 9)
        for (got, want) in zip(cvd, audit.deficiencies) {
            XCTAssertEqual(Set(got.keys), ["deficiency", "a", "b", "delta_e00", "distinguishable"])
            XCTAssertEqual(got["deficiency"] as? String, want.deficiency.rawValue)
            XCTAssertEqual(number(got["delta_e00"]), want.deltaE, "unrounded")
            XCTAssertEqual(got["distinguishable"] as? Bool, want.distinguishable)
        }
        let levels = try XCTUnwrap(object["levels"] as? [String: [String: Any]])
        XCTAssertEqual(levels["AA"]?["meets"] as? Bool, false)
    }

    func testAuditReadsAnyPaletteParseReadsOnStandardInput() throws {
        let fromArguments = try run(["audit"] + Self.palette)
        for text in [
            "```json\n{\"primary\": \"#2e86ab\", \"輔助色\": \"#A23B72\", \"accent\": \"#F18F01\"}\n```",
            "primary #2E86AB\nsecondary #A23B72\naccent #F18F01\n",
        ] {
            let fromInput = try run(["audit"], stdin: text)
            XCTAssertEqual(fromInput.status, 0, fromInput.stderr)
            XCTAssertEqual(fromInput.stdout, fromArguments.stdout)
        }
        let none = try run(["audit"], stdin: "no colours here")
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.stdout, "")
        XCTAssertTrue(none.stderr.hasPrefix("palette-tui: audit: no palette found on standard input"), none.stderr)
    }

    /// With a terminal on standard input and no colours, `audit` says what it needs instead
    /// of waiting for input (`script` from bsdutils, essential in Debian, gives it a pty).
    func testATerminalOnStandardInputIsAUsageErrorNotAWait() throws {
        let out = try Spawn.run(
            ["script", "-qec", "'\(Repository.paletteTUI())' audit", "/dev/null"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TERM": "dumb"],
            stdin: .null, timeout: 20)
        XCTAssertEqual(out.status, 2, out.stdout)
        XCTAssertTrue(out.stdout.contains("palette-tui: audit: needs a palette"), out.stdout)
    }

    func testRequireExitsOneOnlyWhenTheLevelIsMissed() throws {
        let failing = try run(["audit", "--require", "AA"] + Self.palette)
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.stdout.contains("AA: fails"))
        // A palette generated to AA passes the guard, on the background it was generated for.
        for background in ["light", "dark", "#3A3A3A"] {
            let made = try run([
                "generate", "--no-history", "--provider", "offline", "--accessible", "AA",
                "--background", background, "--format", "hex", "neon lights at a night market",
            ])
            XCTAssertEqual(made.status, 0, made.stderr)
            let hex = made.stdout.split(separator: "\n").map(String.init)
            let audit = try run(["audit", "--require", "aa", "--background", background] + hex)
            XCTAssertEqual(audit.status, 0, audit.stdout)
            XCTAssertTrue(audit.stdout.contains("AA: meets"), audit.stdout)
        }
    }

    func testAuditSpeaksTheLanguageOfLangOrTheLocale() throws {
        let hant = try run(["audit", "--lang", "zh-Hant"] + Self.palette)
        XCTAssertTrue(hant.stdout.hasPrefix("配色，背景 #FFFFFF：主色 #2E86AB、輔助色 #A23B72、強調色 #F18F01"), hant.stdout)
        XCTAssertTrue(hant.stdout.contains("色覺："))
        XCTAssertTrue(hant.stdout.contains("  紅色盲  "))
        XCTAssertTrue(hant.stdout.contains("✗ 強調色對背景只有 2.42:1，需要 3:1"))
        let hans = try run(["audit"] + Self.palette, environment: ["LANG": "zh_CN.UTF-8"])
        XCTAssertTrue(hans.stdout.contains("色觉："), hans.stdout)
        XCTAssertTrue(hans.stdout.contains("✗ 强调色对背景只有 2.42:1，需要 3:1"))
        XCTAssertFalse(hans.stdout.contains("Accent"))
        let english = try run(["audit"] + Self.palette, environment: ["LC_ALL": "en_GB.UTF-8", "LANG": "zh_TW.UTF-8"])
        XCTAssertTrue(english.stdout.hasPrefix("Palette on"))
        let help = try run(["audit", "--help", "--lang", "zh-Hans"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("用法：palette-tui audit"), help.stdout)
    }

    /// Each bad part is a usage error (exit 2) that names it, in the user's language.
    func testUsageErrorsNameTheBadPart() throws {
        let cases: [([String], String, String)] = [
            (["audit", "#2E86AB", "#A23B72"], "expected three colours (primary, secondary, accent), got 2", "收到 2 个"),
            (["audit", "#2E86AB", "#A23B72", "#XYZ"], "'#XYZ' is not a colour: 'X' is not a hex digit", "“#XYZ”不是颜色"),
            (
                ["audit", "--background", "glorp"] + Self.palette, "invalid value 'glorp' for '--background'",
                "“glorp”无效"
            ),
            (
                ["audit", "--require", "A"] + Self.palette, "invalid value 'A' for '--require': choose AA or AAA",
                "“A”无效"
            ),
            (
                ["audit", "--format", "yaml"] + Self.palette,
                "invalid value 'yaml' for '--format': choose text or json", "“yaml”无效"
            ),
            (["audit", "--colour"] + Self.palette, "unknown option '--colour'", "未知的选项“--colour”"),
            (
                ["repair", "tint", "--against", "background", "--target", "AA"] + Self.palette, "'tint' is not a role",
                "“tint”不是角色"
            ),
            (
                ["repair", "accent", "--against", "wall", "--target", "AA"] + Self.palette,
                "'wall' is not a role: choose primary, secondary, accent or background", "“wall”不是角色"
            ),
            (
                ["repair", "accent", "--against", "background", "--target", "fast"] + Self.palette,
                "'fast' is not a target", "“fast”不是目标"
            ),
            (
                ["repair", "accent", "--against", "background", "--target", "25"] + Self.palette,
                "target '25' is out of range", "“25”超出范围"
            ),
            (
                ["repair", "accent", "--against", "background", "--target", "Lc 200"] + Self.palette,
                "target 'Lc 200' is out of range", "“Lc 200”超出范围"
            ),
            (
                ["repair", "accent", "--against", "accent", "--target", "AA"] + Self.palette,
                "cannot repair accent against itself", "无法让 accent 对自己修正"
            ),
            (["repair", "accent", "--target", "AA"] + Self.palette, "missing option '--against'", "缺少选项 --against"),
            (
                ["repair", "accent", "--against", "primary"] + Self.palette, "missing option '--target'",
                "缺少选项 --target"
            ),
            (
                ["repair", "--against", "primary", "--target", "3"], "repair: the role to repair comes first",
                "需要先指定要修正的角色"
            ),
            (
                ["repair", "accent", "--against", "primary", "--target", "3", "#12345"], "expected three colours",
                "收到 1 个"
            ),
        ]
        for (args, english, chinese) in cases {
            let en = try run(args, stdin: "")
            XCTAssertEqual(en.status, 2, "\(args): \(en.stderr)")
            XCTAssertEqual(en.stdout, "", "\(args)")
            XCTAssertTrue(en.stderr.contains(english), "\(args): \(en.stderr)")
            XCTAssertTrue(en.stderr.hasSuffix("for usage.\n"), en.stderr)
            let zh = try run(args + ["--lang", "zh-Hans"], stdin: "")
            XCTAssertEqual(zh.status, 2, "\(args)")
            XCTAssertTrue(zh.stderr.contains(chinese), "\(args): \(zh.stderr)")
            XCTAssertTrue(zh.stderr.contains("用法请见"), zh.stderr)
        }
        let lang = try run(["audit", "--lang", "klingon"] + Self.palette)
        XCTAssertEqual(lang.status, 2)
        XCTAssertTrue(
            lang.stderr.contains("invalid value 'klingon' for '--lang': choose en, zh-Hant or zh-Hans"), lang.stderr)
    }

    // MARK: - repair

    func testRepairPrintsThePaletteAndWhatMoved() throws {
        let out = try run(["repair", "accent", "--against", "background", "--target", "AA"] + Self.palette)
        XCTAssertEqual(out.status, 0, out.stderr)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, out.stdout)
        XCTAssertTrue(lines[0].hasPrefix("Primary    #2E86AB"))
        XCTAssertTrue(lines[1].hasPrefix("Secondary  #A23B72"))
        let accent = try RGB(hex: String(lines[2].split(separator: " ", omittingEmptySubsequences: true)[1]))
        XCTAssertGreaterThanOrEqual(WCAG.contrast(accent, WCAG.white), 4.5)
        XCTAssertEqual(
            lines[3],
            "note: Accent #F18F01 -> \(accent.hex): 2.42:1 -> \(ColorReport.ratioText(WCAG.contrast(accent, WCAG.white))) "
                + "against Background (#FFFFFF), target 4.5:1; hue kept, ΔE00 \(ColorReport.fixed((CIEDE2000.difference(accent, try RGB(hex: "#F18F01")) * 10).rounded(.down) / 10, 1))."
        )
        // The same repair read from standard input, as JSON that reads back.
        let json = try run(
            ["repair", "accent", "--against", "background", "--target", "4.5", "--format", "json"],
            stdin: Self.palette.joined(separator: " "))
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try strictJSON(json.stdout)
        XCTAssertEqual(object["accent"] as? String, accent.hex)
        XCTAssertEqual(object["primary"] as? String, "#2E86AB")
        XCTAssertEqual((object["notes"] as? [String])?.count, 1)
        // hex keeps standard output to the palette; what moved goes to standard error.
        let hex = try run(
            ["repair", "accent", "--against", "background", "--target", "AA", "--format", "hex"] + Self.palette)
        XCTAssertEqual(hex.stdout, "#2E86AB\n#A23B72\n\(accent.hex)\n")
        XCTAssertTrue(hex.stderr.hasPrefix("palette-tui: Accent #F18F01 -> \(accent.hex)"), hex.stderr)
    }

    func testRepairAgainstARoleWithAPCAAndInChinese() throws {
        let out = try run(
            ["repair", "primary", "--against", "accent", "--target", "Lc45", "--format", "hex", "--lang", "zh-Hant"]
                + Self.palette)
        XCTAssertEqual(out.status, 0, out.stderr)
        let hex = try out.stdout.split(separator: "\n").map { try RGB(hex: String($0)) }
        XCTAssertGreaterThanOrEqual(abs(APCA.lc(text: hex[0], background: hex[2])), 45)
        XCTAssertEqual(hex[1].hex, "#A23B72")
        XCTAssertEqual(hex[2].hex, "#F18F01")
        XCTAssertTrue(out.stderr.contains("主色 #2E86AB -> \(hex[0].hex)：對強調色（#F18F01）由 Lc "), out.stderr)
    }

    func testRepairThatCannotReachTheTargetOffersTheInkAndPrintsNoPalette() throws {
        let out = try run(
            ["repair", "accent", "--against", "background", "--target", "AAA", "--background", "#777777"] + Self.palette
        )
        XCTAssertEqual(out.status, 1)
        XCTAssertEqual(out.stdout, "")
        XCTAssertTrue(
            out.stderr.contains(
                "No colour reaches 7:1 against Background (#777777): the most readable ink, #000000, reaches only 4.68:1"
            ),
            out.stderr)
        let met = try run(["repair", "secondary", "--against", "background", "--target", "AA"] + Self.palette)
        XCTAssertEqual(met.status, 0)
        XCTAssertTrue(
            met.stdout.contains(
                "Secondary #A23B72 already reaches 4.5:1 against Background (#FFFFFF): 6.16:1; nothing changed."),
            met.stdout)
    }

    // MARK: - generate --accessible

    func testGenerateToALevelWithTheOfflineEngine() throws {
        let plain = try run([
            "generate", "--no-history", "--provider", "offline", "--format", "hex", "a calm forest morning",
        ])
        let aaa = try run([
            "generate", "--no-history", "--provider", "offline", "--format", "hex", "--accessible", "AAA",
            "--background", "dark", "a calm forest morning",
        ])
        XCTAssertEqual(aaa.status, 0, aaa.stderr)
        // Issue 32: the note says which roles moved, from and to.
        XCTAssertTrue(aaa.stderr.hasPrefix("palette-tui: note: moved to meet AAA on #000000: "), aaa.stderr)
        let palette = try colors(aaa.stdout.split(separator: "\n").map(String.init))
        XCTAssertTrue(AccessibilityRequirement(level: .aaa, background: WCAG.black).isMet(by: palette))
        XCTAssertNotEqual(plain.stdout, aaa.stdout)
        let bad = try run(["generate", "--no-history", "--accessible", "AAB", "x"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("invalid value 'AAB' for '--accessible': choose AA or AAA"), bad.stderr)
        let alone = try run(["generate", "--no-history", "--background", "dark", "x"])
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.stderr.contains("'--background' only applies with '--accessible'"), alone.stderr)
    }

    /// A model's answer (the loopback Gemini stand-in's forest palette) is repaired, and the
    /// note says what moved; the request sent is the plain one.
    func testGenerateRepairsAModelsAnswerWithANote() throws {
        let server = try LoopbackServer(scenario: "palette")
        servers.append(server)
        let env = ["GEMINI_BASE_URL": server.endpoint, "GEMINI_API_KEY": "test-key-access"]
        let out = try run(
            ["generate", "--no-history", "--provider", "gemini", "--accessible", "AA", "--format", "json", "forest"],
            environment: env)
        XCTAssertEqual(out.status, 0, out.stderr)
        let object = try strictJSON(out.stdout)
        let palette = try colors(
            [object["primary"], object["secondary"], object["accent"]].map { try XCTUnwrap($0 as? String) })
        XCTAssertTrue(AccessibilityRequirement(level: .aa).isMet(by: palette))
        // The fixture's answer is #4A6B4F #DCE5D0 #E8B86D; its accent is 1.8:1 on white.
        XCTAssertEqual(object["provider"] as? String, "gemini")
        let notes = try XCTUnwrap(object["notes"] as? [String])
        let note = try XCTUnwrap(notes.first { $0.hasPrefix("moved to meet AA on #FFFFFF: ") }, "\(notes)")
        XCTAssertTrue(note.contains("Accent #E8B86D -> \(palette.accent.hex)"), note)
        let hex = try run(
            [
                "generate", "--no-history", "--provider", "gemini", "--accessible", "AA", "--format", "hex",
                "--lang", "zh-Hant", "forest",
            ], environment: env)
        XCTAssertEqual(hex.status, 0, hex.stderr)
        XCTAssertTrue(hex.stderr.hasPrefix("palette-tui: 備註：為符合 AA（背景 #FFFFFF）已調整："), hex.stderr)
        XCTAssertTrue(hex.stderr.contains("強調色 #E8B86D -> \(palette.accent.hex)"), hex.stderr)
        XCTAssertEqual(hex.stdout, [palette.primary, palette.secondary, palette.accent].map { $0.hex + "\n" }.joined())
    }
}
