import Foundation
import TestSupport
import XCTest

/// Palettes from other tools and the share string, through the real binary: every file `export`
/// writes is read back by `parse` (and by the other commands that read a palette),
/// Coolors and Realtime Colors links from the sites' own examples, `share` → `parse` and
/// `generate --from` → the history → `share` again, and hostile inputs as one line, exit 1.
final class ImportShareCommandTests: XCTestCase {
    private var scratch: TemporaryDirectory!

    override func setUpWithError() throws {
        scratch = try TemporaryDirectory(prefix: "import-share")
    }

    private func run(
        _ arguments: [String], stdin: ChildInput = .null, history: String? = nil, language: String = "en"
    ) throws -> ChildResult {
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": scratch.path,
            "SWIFT_BACKTRACE": "enable=no", "LANG": "C.UTF-8",
            "PALETTE_TUI_HISTORY": history ?? scratch.file("history.jsonl"), "PALETTE_TUI_PROVIDER": "offline",
        ]
        let result = try Spawn.run(
            [Repository.paletteTUI()] + arguments + ["--lang", language], environment: environment, stdin: stdin)
        XCTAssertNil(result.signal, "palette-tui was killed by signal \(result.signal ?? 0)")
        return result
    }

    /// Asserts a failure is exactly one line naming the command, with these words, and exit 1.
    private func assertOneLineFailure(
        _ r: ChildResult, _ command: String, _ words: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(r.status, 1, r.stderr, file: file, line: line)
        XCTAssertEqual(r.stdout, "", file: file, line: line)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, r.stderr, file: file, line: line)
        // export words its problems after "palette-tui: " alone, as it always has.
        let prefix = command == "export" ? "palette-tui: " : "palette-tui: \(command): "
        XCTAssertTrue(r.stderr.hasPrefix(prefix), r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(words), "\(words) not in \(r.stderr)", file: file, line: line)
    }

    func testEveryFileExportWritesIsReadBackByParse() throws {
        let palettes = [
            ["#2E86AB", "#A23B72", "#F18F01"], ["#000000", "#FFFFFF", "#7F7F80"], ["#0B3D2E", "#D8E2DC", "#FF5D73"],
        ]
        // Every format `export --list` names (the first word of each indented line), the palettes' then the themes'.
        let list = try run(["export", "--list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let formats = list.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        XCTAssertEqual(
            formats,
            [
                "css", "scss", "less", "tailwind", "tokens", "gpl", "ase", "swatches", "svg", "png",
                "base16", "base24", "kitty", "alacritty", "wezterm", "ghostty", "windows-terminal", "iterm2",
                "xresources", "foot", "vscode", "neovim", "tmux", "terminal-json",
            ])
        let paletteFormats = Set(["css", "scss", "less", "tailwind", "tokens", "gpl", "ase", "swatches", "svg", "png"])
        // A theme's note, on standard error with -f hex, in the language parse runs in (English here).
        let note =
            "palette-tui: note: a theme palette-tui wrote: read the primary, secondary and accent it records at its "
            + "top; its terminal colours, derived from them, are left out\n"
        for (k, colours) in palettes.enumerated() {
            let language = ["en", "zh-Hant", "zh-Hans"][k]
            for format in formats {
                let path = scratch.file("p\(k).\(format)")
                let variant = ["dark", "light"][k % 2]
                let extra = paletteFormats.contains(format) ? [] : ["--variant", variant]
                let written = try run(
                    ["export", format] + colours + extra + ["-o", path, "--name", "海と森 \(k)"], language: language)
                XCTAssertEqual(written.status, 0, "\(format): \(written.stderr)")
                let parsed = try run(["parse", "-f", "hex"], stdin: .file(path))
                XCTAssertEqual(parsed.status, 0, "\(format): \(parsed.stderr)")
                XCTAssertEqual(parsed.stdout, colours.joined(separator: "\n") + "\n", "\(format) \(language)")
                // terminal-json names its roles in a `palette` object, read as JSON: no note.
                let quiet = paletteFormats.contains(format) || format == "terminal-json"
                XCTAssertEqual(parsed.stderr, quiet ? "" : note, format)
            }
        }
        // The note in Chinese, and in parse's text output.
        let kitty = scratch.file("p0.kitty")
        let hant = try run(["parse", "-f", "hex"], stdin: .file(kitty), language: "zh-Hant")
        XCTAssertEqual(hant.stdout, "#2E86AB\n#A23B72\n#F18F01\n")
        XCTAssertEqual(
            hant.stderr, "palette-tui: 備註：palette-tui 匯出的主題：讀取檔案開頭記錄的主色、輔助色與強調色；由其衍生的終端機顏色未採用\n")
        let hans = try run(["parse", "-f", "hex"], stdin: .file(scratch.file("p1.vscode")), language: "zh-Hans")
        XCTAssertEqual(hans.stdout, "#000000\n#FFFFFF\n#7F7F80\n")
        XCTAssertEqual(
            hans.stderr, "palette-tui: 备注：palette-tui 导出的主题：读取文件开头记录的主色、辅助色与强调色；由其派生的终端颜色未采用\n")
        let text = try run(["parse"], stdin: .file(scratch.file("p2.iterm2")))
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(
            text.stdout.hasSuffix(
                "note: a theme palette-tui wrote: read the primary, secondary and accent it records at its top; its "
                    + "terminal colours, derived from them, are left out\n"), text.stdout)
        // Other commands read a theme the same way: export css from a tmux theme, audit a Windows Terminal one.
        let fromTmux = try run(["export", "css"], stdin: .file(scratch.file("p2.tmux")))
        XCTAssertEqual(fromTmux.status, 0, fromTmux.stderr)
        XCTAssertTrue(fromTmux.stdout.contains("--color-accent: #FF5D73;"), fromTmux.stdout)
        XCTAssertEqual(fromTmux.stderr, note)
        let wt = try run(["audit"], stdin: .file(scratch.file("p0.windows-terminal")))
        XCTAssertEqual(wt.status, 0, wt.stderr)
        XCTAssertTrue(wt.stdout.contains("#A23B72"), wt.stdout)
        // A kitty theme from elsewhere has no recorded roles: refused for its colours, as before.
        let foreign = try run(
            ["parse", "-f", "hex"],
            stdin: .text("# Gruvbox dark\nforeground #ebdbb2\nbackground #282828\ncolor0 #282828\ncolor1 #cc241d\n"))
        assertOneLineFailure(foreign, "parse", "expected three colours (primary, secondary, accent), got 4")
        // The other commands read the same files: a binary ASE on standard input.
        let ase = scratch.file("p0.ase")
        let css = try run(["export", "css"], stdin: .file(ase))
        XCTAssertTrue(css.stdout.contains("--color-accent: #F18F01;"), css.stdout + css.stderr)
        let audit = try run(["audit"], stdin: .file(scratch.file("p0.swatches")))
        XCTAssertEqual(audit.status, 0, audit.stderr)
        XCTAssertTrue(audit.stdout.contains("#2E86AB"), audit.stdout)
        let system = try run(["system", "--format", "css"], stdin: .file(scratch.file("p0.gpl")))
        XCTAssertEqual(system.status, 0, system.stderr)
        XCTAssertTrue(
            system.stdout.contains("#A23B72".lowercased()) || system.stdout.contains("#A23B72"), system.stdout)
    }

    func testLinksFromTheSitesExamples() throws {
        let coolors = try run(
            ["parse", "-f", "hex"], stdin: .text("https://coolors.co/palette/780000-c1121f-fdf0d5\n"))
        XCTAssertEqual(coolors.stdout, "#780000\n#C1121F\n#FDF0D5\n")
        XCTAssertEqual(coolors.stderr, "")
        // Five colours: the rule's note, in the chosen language, on standard error for hex.
        let five = try run(
            ["parse", "-f", "hex"], stdin: .text("coolors.co/264653-2a9d8f-e9c46a-f4a261-e76f51"), language: "zh-Hant")
        XCTAssertEqual(five.stdout, "#264653\n#2A9D8F\n#E76F51\n")
        XCTAssertEqual(
            five.stderr,
            "palette-tui: 備註：共 5 個顏色：主色取第一個，強調色取其餘中最鮮豔的，輔助色取與兩者差異最大的；其餘 2 個未採用\n")
        let text = try run(["parse"], stdin: .text("www.coolors.co/264653-2a9d8f-e9c46a-f4a261-e76f51"))
        XCTAssertTrue(
            text.stdout.hasSuffix(
                "note: 5 colours: the primary is the first, the accent the most colourful of the others, the secondary the one farthest from both; 2 left out\n"
            ), text.stdout)
        let realtime = "https://www.realtimecolors.com/?colors=050316-fbfbfe-2f27ce-ff00f2-1a13e6&fonts=Poppins-Poppins"
        let exported = try run(["export", "scss", realtime])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertTrue(exported.stdout.contains("$color-primary: #2F27CE;"), exported.stdout)
        XCTAssertTrue(exported.stdout.contains("$color-secondary: #FF00F2;"), exported.stdout)
        XCTAssertTrue(exported.stdout.contains("$color-accent: #1A13E6;"), exported.stdout)
        XCTAssertEqual(
            exported.stderr,
            "palette-tui: note: Realtime Colors link: its primary, secondary and accent are kept; its text #050316 "
                + "and background #FBFBFE are left out\n")
        let audit = try run(["audit", "realtimecolors.com/?colors=dad5f6-090519-9181e4-0a061d-482dd2"])
        XCTAssertTrue(audit.stdout.contains("#9181E4"), audit.stdout)
        let refine = try run(["refine", "warmer", "--palette", "https://coolors.co/780000-c1121f-fdf0d5", "-f", "json"])
        XCTAssertEqual(refine.status, 0, refine.stderr)
    }

    func testShareStringsRoundTripThroughParseGenerateAndTheHistory() throws {
        let descriptions = ["海邊的黃昏", "森林里的清晨", "misty harbour at dawn", "أزرق البحر", "ひまわり畑 🌻", "утренний туман"]
        let locks: [[String]] = [[], ["accent"], ["primary", "secondary"], ["primary", "secondary", "accent"]]
        var rng = SplitMix64(seed: 36)
        for i in 0..<12 {
            let colours = (0..<3).map { _ in String(format: "#%06X", Int(rng.next() & 0xFF_FFFF)) }
            let description = descriptions[i % descriptions.count]
            let lock = locks[i % locks.count]
            let shared = try run(
                ["share"] + colours + ["--description", description] + lock.flatMap { ["--lock", $0] })
            XCTAssertEqual(shared.status, 0, shared.stderr)
            let lines = shared.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 2, shared.stdout)
            XCTAssertTrue(lines[0].hasPrefix("ptui1."), lines[0])
            XCTAssertEqual(
                lines[1], "https://coolors.co/" + colours.map { $0.dropFirst().lowercased() }.joined(separator: "-"))

            // parse reads the whole output back (the string is found first).
            let parsed = try run(["parse", "-f", "json"], stdin: .text(shared.stdout))
            let object = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any], parsed.stdout)
            XCTAssertEqual([object["primary"], object["secondary"], object["accent"]] as? [String], colours)
            var notes = ["description: \(description)"]
            let labels = ["primary": "Primary", "secondary": "Secondary", "accent": "Accent"]
            if !lock.isEmpty { notes.append("locked: " + lock.map { labels[$0]! }.joined(separator: ", ")) }
            XCTAssertEqual(object["notes"] as? [String], notes)

            // generate --from saves it as it is; share from the history gives the same string.
            let history = scratch.file("h\(i).jsonl")
            let generated = try run(["generate", "--from", lines[0], "-f", "hex"], history: history)
            XCTAssertEqual(generated.status, 0, generated.stderr)
            XCTAssertEqual(generated.stdout, colours.joined(separator: "\n") + "\n")
            let saved = try String(contentsOfFile: history, encoding: .utf8)
            let entry = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])
            XCTAssertEqual(entry["description"] as? String, description)
            XCTAssertEqual((entry["locked"] as? [String]) ?? [], lock)
            let again = try run(["share"], history: history)
            XCTAssertEqual(again.stdout, shared.stdout)
        }
    }

    func testHostileInputsAreOneLineAndExitOne() throws {
        // A cut-off ASE file, written by the real binary.
        let ase = scratch.file("p.ase")
        XCTAssertEqual(try run(["export", "ase", "#2E86AB", "#A23B72", "#F18F01", "-o", ase]).status, 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: ase))
        try bytes.prefix(bytes.count - 7).write(to: URL(fileURLWithPath: scratch.file("cut.ase")))
        assertOneLineFailure(
            try run(["parse"], stdin: .file(scratch.file("cut.ase"))), "parse", "ASE file ends too soon")
        assertOneLineFailure(
            try run(["parse"], stdin: .file(scratch.file("cut.ase")), language: "zh-Hant"), "parse", "ASE 檔案提早結束")

        // A zip bomb: 64 MiB of one byte in Swatches.json, deflated by Python's zipfile.
        let bomb = scratch.file("bomb.swatches")
        let script = """
            import zipfile, sys
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                with z.open("Swatches.json", "w", force_zip64=False) as f:
                    block = b" " * (1 << 20)
                    for _ in range(64):
                        f.write(block)
            """
        try script.write(toFile: scratch.file("bomb.py"), atomically: true, encoding: .utf8)
        let made = try Spawn.run(["python3", scratch.file("bomb.py"), bomb])
        XCTAssertEqual(made.status, 0, made.stderr)
        let started = Date()
        let exploded = try run(["parse"], stdin: .file(bomb))
        assertOneLineFailure(exploded, "parse", "too large")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        assertOneLineFailure(try run(["export", "css"], stdin: .file(bomb), language: "zh-Hans"), "export", "太大")

        // A huge share string, a damaged one, and one from a newer version.
        let huge = "ptui1." + String(repeating: "QUJD", count: 2 << 20)
        assertOneLineFailure(try run(["parse"], stdin: .text(huge)), "parse", "longer than 1500 characters")
        let good = try run(["share", "#2E86AB", "#A23B72", "#F18F01", "--description", "dusk"]).stdout
        let cut = String(good.prefix(20))
        assertOneLineFailure(try run(["parse"], stdin: .text(cut)), "parse", "share string is damaged")
        assertOneLineFailure(try run(["generate", "--from", cut]), "generate", "share string is damaged")
        assertOneLineFailure(
            try run(["generate", "--from", cut], language: "zh-Hant"), "generate", "分享字串已損壞")
        assertOneLineFailure(try run(["parse"], stdin: .text("ptui7.AAAAAAAA")), "parse", "newer palette-tui")

        // A PNG that is a picture, not a swatch card.
        let png = Data([
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ])
        try png.write(to: URL(fileURLWithPath: scratch.file("photo.png")))
        assertOneLineFailure(
            try run(["parse"], stdin: .file(scratch.file("photo.png"))), "parse", "not a palette-tui swatch card")

        // --from with a description too is a usage error.
        let both = try run(["generate", "--from", good, "sunset"])
        XCTAssertEqual(both.status, 2, both.stderr)
        XCTAssertTrue(both.stderr.contains("--from takes no description"), both.stderr)
        let locked = try run(["generate", "--from", good, "--lock", "primary=#000000"], language: "zh-Hant")
        XCTAssertEqual(locked.status, 2, locked.stderr)
        XCTAssertTrue(locked.stderr.contains("--from 不能與 --lock 並用"), locked.stderr)
    }
}
