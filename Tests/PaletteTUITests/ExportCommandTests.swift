import Foundation
import PaletteCore
import TestSupport
import XCTest

@testable import PaletteExport

/// `palette-tui export` through the real binary, and every format read back by a real consumer
/// (`Tests/Support/read_export.py`): the exact colours must come back.
final class ExportCommandTests: XCTestCase {
    func run(_ args: [String], stdin: String? = nil, env: [String: String] = [:]) throws -> ChildResult {
        try Spawn.run(
            [try Repository.paletteTUI()] + args, environment: HistoryBinary.environment(env),
            stdin: stdin.map { .text($0) } ?? .null)
    }

    /// Runs `Tests/TestSupport/Readers/read_export.py` over a manifest: what each file held.
    func readBack(_ files: [(format: String, path: String)], in dir: String) throws -> [String: [String: Any]] {
        let manifest = dir + "/manifest.json"
        let items = files.map { ["format": $0.format, "path": $0.path] }
        try JSONSerialization.data(withJSONObject: items).write(to: URL(fileURLWithPath: manifest))
        let script = Repository.url("Tests/TestSupport/Readers/read_export.py").path
        let result = try Spawn.run(["python3", script, manifest], timeout: 300)
        XCTAssertEqual(result.status, 0, "read_export.py failed: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try XCTUnwrap(object as? [String: [String: Any]], result.stderr)
    }

    static let palettes: [Palette] = {
        var state: UInt64 = 0xE0_57
        func colour() -> RGB {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return RGB(packed: UInt32(truncatingIfNeeded: state >> 33) & 0xFF_FFFF)
        }
        let fixed = [
            Palette(primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01)),
            Palette(primary: RGB(packed: 0x000000), secondary: RGB(packed: 0xFFFFFF), accent: RGB(packed: 0x808080)),
            Palette(primary: RGB(packed: 0xFFFF00), secondary: RGB(packed: 0x00FF00), accent: RGB(packed: 0x0000FF)),
        ]
        return fixed + (0..<3).map { _ in Palette(primary: colour(), secondary: colour(), accent: colour()) }
    }()

    /// The keys each theme format must give back (a reader that returns less fails).
    static let themeKeys: [String: Set<String>] = [
        "base16": ["background", "foreground", "selection_background", "ansi"],
        "base24": ["background", "foreground", "ansi"],
        "windows-terminal": ["background", "foreground", "cursor", "selection_background", "ansi"],
    ]
    static let allThemeKeys: Set<String> = [
        "background", "foreground", "cursor", "selection_background", "selection_foreground", "ansi",
    ]

    /// The colour's name as the files must give it, from the name lists themselves (not from
    /// the writers' helper): the nearest name in the chosen language.
    static func colourName(_ color: RGB, _ language: Language) -> String {
        ColorNames.nearest(to: color, language: language).name.name
    }

    /// The palette formats whose files name each swatch (Procreate's swatches carry no names).
    static let namedFormats: Set<String> = [
        "css", "scss", "less", "tailwind", "tailwind-v3", "tokens", "gpl", "ase", "svg", "png",
    ]
    /// The theme formats that open with comment lines naming the roles (all but terminal-json).
    static let commentedThemes: Set<String> = [
        "base16", "base24", "kitty", "alacritty", "wezterm", "ghostty", "windows-terminal", "iterm2", "xresources",
        "foot", "vscode", "neovim", "tmux",
    ]

    func testEveryFormatReadsBackWithARealConsumer() throws {
        let dir = try TemporaryDirectory(prefix: "export")
        var files: [(format: String, path: String)] = []
        var expected: [String: (Palette, ThemeVariant, Language, String)] = [:]
        let languages = Language.allCases
        var formatsSeen = Set<String>()
        for (k, palette) in Self.palettes.enumerated() {
            let language = languages[k % languages.count]
            let name = ["calm lake", "碧潭 晨霧", "a \"quoted\" name */ -->"][k % 3]
            let colours = palette.colors.map { String($0.hex.dropFirst()) }
            for variant in ThemeVariant.allCases {
                var formats = ExportFormat.allCases.map { ($0.rawValue, [String]()) }
                formats.append(("tailwind-v3", ["--tailwind-v3"]))
                for (format, extra) in formats {
                    let f = ExportFormat(rawValue: format) ?? .tailwind
                    if f.kind == .palette && variant == .light { continue }
                    let path = "\(dir.path)/\(k)-\(variant.rawValue)-\(format)\(f.fileExtension)"
                    let result = try run(
                        ["export", f.rawValue] + colours + extra + [
                            "--variant", variant.rawValue, "--lang", language.rawValue, "--name", name, "-o", path,
                        ])
                    XCTAssertEqual(result.status, 0, "\(format): \(result.stderr)")
                    XCTAssertEqual(result.stdout, "")
                    files.append((format, path))
                    expected[path] = (palette, variant, language, name)
                    formatsSeen.insert(format)
                }
            }
        }
        XCTAssertEqual(formatsSeen, Set(ExportFormat.allCases.map(\.rawValue) + ["tailwind-v3"]))
        let results = try readBack(files, in: dir.path)
        var checked = 0
        for (format, path) in files {
            let (palette, variant, language, name) = expected[path]!
            guard let got = results[path] else {
                XCTFail("\(format): no result for \(path)")
                continue
            }
            if let error = got["error"] {
                XCTFail("\(format) \(path): reader refused: \(error)")
                continue
            }
            let f = ExportFormat(rawValue: format) ?? .tailwind
            if f.kind == .palette {
                XCTAssertEqual(got["colors"] as? [String], palette.colors.map(\.hex), "\(format) \(path)")
                let names = Role.allCases.map { $0.label(language) + " · " + Self.colourName(palette[$0], language) }
                if Self.namedFormats.contains(format) {
                    XCTAssertEqual(got["names"] as? [String], names, "\(format) names \(path)")
                } else {
                    XCTAssertNil(got["names"], format)
                }
                if let title = got["title"] as? String {
                    // CSS comments break up a "*/" in the name so it cannot end the comment.
                    let shown = title.replacingOccurrences(of: "* /", with: "*/")
                    XCTAssertTrue(shown.hasPrefix(ExportText.oneLine(name)), "\(format) title \(title)")
                }
                if format == "svg" {
                    let texts = got["texts"] as? [String] ?? []
                    for role in Role.allCases {
                        XCTAssertTrue(texts.contains(role.label(language)), "svg lacks \(role.label(language))")
                        XCTAssertTrue(texts.contains(palette[role].hex), "svg lacks \(palette[role].hex)")
                        // The drawn name, whole or cut to the swatch with "...".
                        let name = Self.colourName(palette[role], language)
                        XCTAssertTrue(
                            texts.contains { $0 == name || ($0.hasSuffix("...") && name.hasPrefix($0.dropLast(3))) },
                            "svg lacks \(name): \(texts)")
                    }
                }
                if format == "svg" || format == "png" {
                    XCTAssertEqual(got["lang"] as? String, language.rawValue, "\(format) language tag")
                }
                if format == "png" {
                    XCTAssertGreaterThan(got["ink_pixels"] as? Int ?? 0, 500, "png has no text drawn")
                    // Every line (role, hex, name) under every swatch has ink.
                    for (k, lines) in (got["line_ink"] as? [[Int]] ?? []).enumerated() {
                        for (l, ink) in lines.enumerated() {
                            XCTAssertGreaterThan(ink, 15, "png swatch \(k) line \(l) is blank \(path)")
                        }
                    }
                }
            } else {
                let theme = ThemeDerivation.derive(palette, variant: variant)
                let want: [String: Any] = [
                    "background": theme.background.hex, "foreground": theme.foreground.hex, "cursor": theme.cursor.hex,
                    "selection_background": theme.selectionBackground.hex,
                    "selection_foreground": theme.selectionForeground.hex, "ansi": theme.ansi.map(\.hex),
                ]
                let required = Self.themeKeys[format] ?? Self.allThemeKeys
                XCTAssertTrue(required.isSubset(of: Set(got.keys)), "\(format) gave back only \(got.keys.sorted())")
                for key in Self.allThemeKeys where got[key] != nil {
                    if key == "ansi" {
                        let ansi = got["ansi"] as? [Any] ?? []
                        XCTAssertEqual(ansi.count, 16, "\(format) ansi count")
                        let present = ansi.enumerated().compactMap { i, v in (v as? String).map { (i, $0) } }
                        // base16 holds the normals, 7, 8 and 15; every other format all sixteen.
                        XCTAssertGreaterThanOrEqual(present.count, format == "base16" ? 9 : 16, "\(format) ansi")
                        for (i, v) in present {
                            XCTAssertEqual(v, theme.ansi[i].hex, "\(format) \(variant) ANSI \(i) \(path)")
                        }
                    } else {
                        XCTAssertEqual(got[key] as? String, want[key] as? String, "\(format) \(variant) \(key) \(path)")
                    }
                }
                if let v = got["variant"] as? String { XCTAssertEqual(v, variant.rawValue, format) }
                if Self.commentedThemes.contains(format) {
                    let roles = Role.allCases.map {
                        "\($0.label(language)) \(palette[$0].hex) \(Self.colourName(palette[$0], language))"
                    }
                    XCTAssertEqual(got["roles"] as? [String], roles, "\(format) role comments \(path)")
                }
            }
            checked += 1
        }
        print(
            "export read-back: \(checked) files in \(formatsSeen.count) formats read back by real consumers, exact colours"
        )
    }

    /// The binary's terminal-json is the library's derivation, for both variants.
    func testTerminalJSONIsTheDerivedTheme() throws {
        for variant in ThemeVariant.allCases {
            let p = Self.palettes[0]
            let out = try run(["export", "terminal-json", "2E86AB", "A23B72", "F18F01", "--variant", variant.rawValue])
            XCTAssertEqual(out.status, 0, out.stderr)
            let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
            let theme = ThemeDerivation.derive(p, variant: variant)
            XCTAssertEqual(doc["ansi"] as? [String], theme.ansi.map(\.hex))
            XCTAssertEqual(doc["background"] as? String, theme.background.hex)
            XCTAssertEqual(doc["variant"] as? String, variant.rawValue)
        }
    }

    // MARK: - Where the palette comes from

    func testPaletteFromStandardInput() throws {
        let out = try run(
            ["export", "css"],
            stdin: "Here: ```json\n{\"primary\": \"#2e86ab\", \"secondary\": \"#a23b72\", \"accent\": \"#f80\"}\n```")
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stdout.contains("--color-accent: #FF8800;"), out.stdout)
        let bad = try run(["export", "css"], stdin: "no colours here at all")
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("standard input holds no palette"), bad.stderr)
    }

    func testPaletteFromNewestHistoryEntryNamedAfterItsDescription() throws {
        let dir = try TemporaryDirectory(prefix: "export")
        let history = dir.path + "/history.jsonl"
        let env = ["PALETTE_TUI_HISTORY": history]
        let empty = try run(["export", "css"], env: env)
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(empty.stderr.contains("no palette to export"), empty.stderr)
        for description in ["an old forest", "calm lake at dawn"] {
            let g = try run(["generate", "--provider", "offline", "--format", "hex", description], env: env)
            XCTAssertEqual(g.status, 0, g.stderr)
        }
        let newest = try run(
            ["generate", "--provider", "offline", "--format", "hex", "--no-history", "calm lake at dawn"], env: env)
        let out = try run(["export", "gpl"], env: env)
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stdout.contains("Name: calm lake at dawn\n"), out.stdout)
        let hexes = newest.stdout.split(separator: "\n").map(String.init)
        for hex in hexes {
            let c = try RGB(hex: hex)
            XCTAssertTrue(
                out.stdout.contains(
                    "\(String(c.r).leftPadded(to: 3)) \(String(c.g).leftPadded(to: 3)) \(String(c.b).leftPadded(to: 3))\t"
                ), out.stdout)
        }
        let named = try run(["export", "gpl", "--name", "mine"], env: env)
        XCTAssertTrue(named.stdout.contains("Name: mine\n"))
    }

    // MARK: - Writing files

    func testOutputFileIsReplacedOnlyWithForceAndNoTemporaryFileStays() throws {
        let dir = try TemporaryDirectory(prefix: "export")
        let path = dir.path + "/theme.conf"
        let first = try run(["export", "kitty", "2E86AB", "A23B72", "F18F01", "-o", path])
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let again = try run(["export", "kitty", "112233", "445566", "778899", "-o", path])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("already exists: add --force"), again.stderr)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), before)
        let forced = try run(["export", "kitty", "112233", "445566", "778899", "-o", path, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertNotEqual(try String(contentsOfFile: path, encoding: .utf8), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["theme.conf"])
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0)
        let mask = umask(0)
        umask(mask)
        XCTAssertEqual(st.st_mode & 0o777, 0o666 & ~mask)
    }

    /// A write that fails half-way (the file size limit) leaves the old file and no temporary.
    func testFailedWriteLeavesNothingHalfWritten() throws {
        let dir = try TemporaryDirectory(prefix: "export")
        let path = dir.path + "/card.png"
        try Data("old card".utf8).write(to: URL(fileURLWithPath: path))
        let bin = try Repository.paletteTUI()
        let script = "trap '' XFSZ; ulimit -f 2; exec \"\(bin)\" export png 2E86AB A23B72 F18F01 -o \"\(path)\" --force"
        let pid = try Spawn.spawn(["/bin/sh", "-c", script], environment: HistoryBinary.environment()) { fa in
            posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&fa, 2, dir.path + "/.err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        XCTAssertEqual(Spawn.wait(pid), 1)
        let err = try String(contentsOfFile: dir.path + "/.err", encoding: .utf8)
        XCTAssertTrue(err.contains("could not write"), err)
        XCTAssertTrue(err.contains("nothing was changed"), err)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old card")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), [".err", "card.png"])
        let missing = try run(["export", "css", "2E86AB", "A23B72", "F18F01", "-o", dir.path + "/no/such/dir/x.css"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("could not write"), missing.stderr)
    }

    /// Binary formats refuse a terminal on standard output; text formats print there. The
    /// terminal is a pseudo-terminal from util-linux's `script`.
    func testBinaryFormatsRefuseATerminal() throws {
        let dir = try TemporaryDirectory(prefix: "export")
        for (format, status) in [("png", Int32(2)), ("ase", 2), ("swatches", 2), ("css", 0)] {
            let err = dir.path + "/err-\(format)"
            let command = "\"\(try Repository.paletteTUI())\" export \(format) 2E86AB A23B72 F18F01 2>\"\(err)\""
            let pid = try Spawn.spawn(
                ["script", "-q", "-e", "-c", command, "/dev/null"], environment: HistoryBinary.environment()
            ) { fa in
                posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0)
            }
            XCTAssertEqual(Spawn.wait(pid), status, format)
            let text = try String(contentsOfFile: err, encoding: .utf8)
            if status != 0 {
                XCTAssertTrue(text.contains("is a binary format"), text)
            } else {
                XCTAssertEqual(text, "")
            }
        }
        let pipedPath = dir.path + "/piped.png"
        let pid = try Spawn.spawn(
            [try Repository.paletteTUI(), "export", "png", "2E86AB", "A23B72", "F18F01"],
            environment: HistoryBinary.environment()
        ) { fa in
            posix_spawn_file_actions_addopen(&fa, 1, pipedPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        XCTAssertEqual(Spawn.wait(pid), 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pipedPath)).prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
    }

    // MARK: - Usage and words

    func testUsageErrorsAreOneSentenceAndStatus2() throws {
        let cases: [([String], String)] = [
            (["export"], "export needs a format"),
            (["export", "kitt"], "'kitt' is not an export format"),
            (["export", "css", "2E86AB", "A23B72"], "three colours (primary, secondary, accent) or none, not 2"),
            (["export", "css", "2E86AB", "A23B72", "nothex"], "'nothex' is not a colour"),
            (["export", "css", "--tailwind-v3"], "--tailwind-v3 applies to the tailwind format, not css"),
            (["export", "kitty", "--variant", "dim"], "'dim' is not a value for --variant: choose dark, light"),
            (["export", "kitty", "--bogus"], "unknown option '--bogus'"),
            (["export", "kitty", "-o"], "option '--output' needs a value"),
            (["export", "kitty", "--lang", "fr"], "'fr' is not a value for --lang"),
        ]
        for (args, message) in cases {
            let out = try run(args)
            XCTAssertEqual(out.status, 2, "\(args): \(out.stderr)")
            XCTAssertEqual(out.stdout, "")
            XCTAssertTrue(out.stderr.hasPrefix("palette-tui: "), out.stderr)
            XCTAssertTrue(out.stderr.contains(message), "\(args): \(out.stderr)")
            XCTAssertTrue(out.stderr.contains("palette-tui export --help"), out.stderr)
        }
    }

    func testWordsFollowLangAndLocale() throws {
        let hant = try run(["export", "kitt", "--lang", "zh-Hant"])
        XCTAssertTrue(hant.stderr.contains("「kitt」不是匯出格式"), hant.stderr)
        let hans = try run(["export", "kitt"], env: ["LANG": "zh_CN.UTF-8"])
        XCTAssertTrue(hans.stderr.contains("“kitt”不是导出格式"), hans.stderr)
        let tw = try run(["export", "--list"], env: ["LC_ALL": "zh_TW.UTF-8"])
        XCTAssertTrue(tw.stdout.contains("主題格式"), tw.stdout)
        let help = try run(["export", "--help", "--lang", "zh-Hans"])
        XCTAssertTrue(help.stdout.contains("用法：palette-tui export"), help.stdout)
        for option in ["--variant", "--name", "--output", "--force", "--tailwind-v3", "--lang", "--history", "--list"] {
            XCTAssertTrue(help.stdout.contains(option), option)
        }
        let css = try run(["export", "css", "2E86AB", "A23B72", "F18F01", "--lang", "zh-Hans"])
        XCTAssertTrue(css.stdout.contains("/* 辅助色 · "), css.stdout)
        // The name made from the colours when there is none is in the language too.
        for (language, name) in [("en", "palette"), ("zh-Hant", "配色"), ("zh-Hans", "配色")] {
            for given in [[], ["--name", " \n "]] {
                let gpl = try run(["export", "gpl", "2E86AB", "A23B72", "F18F01", "--lang", language] + given)
                XCTAssertTrue(gpl.stdout.contains("Name: \(name) 2E86AB-A23B72-F18F01\n"), gpl.stdout)
            }
        }
    }

    func testListNamesEveryFormat() throws {
        let out = try run(["export", "--list"])
        XCTAssertEqual(out.status, 0)
        let listed = out.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(listed, ExportFormat.allCases.map(\.rawValue))
        // Their `//` role lines make these two JSON with comments, which both programs read.
        XCTAssertTrue(out.stdout.contains("VS Code colour theme (JSON with comments)"), out.stdout)
        XCTAssertTrue(out.stdout.contains("Windows Terminal scheme (JSON with comments)"), out.stdout)
    }
}
