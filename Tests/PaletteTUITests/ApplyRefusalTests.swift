import Foundation
import PaletteApply
import TestSupport
import XCTest

/// What `apply` leaves alone, each with a clear message and nothing lost: a config changed
/// since it applied, a read-only config, syntax it cannot read, a theme file it did not write;
/// and a config kept as a symlink, which keeps its link.
final class ApplyRefusalTests: XCTestCase {
    func testASymlinkedConfigKeepsItsLinkAndItsTargetChanges() throws {
        for c in ApplyCase.all where c.applied != nil {
            let h = try ApplyHome()
            try h.write("dotfiles/" + c.target, c.original)
            let link = h.path(c.config)
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: link).deletingLastPathComponent().path, withIntermediateDirectories: true)
            XCTAssertEqual(symlink(h.path("dotfiles/" + c.target), link), 0)
            let r = try h.apply(c.target)
            XCTAssertEqual(r.status, 0, "\(c.target): \(r.stderr)")
            var st = stat()
            XCTAssertEqual(lstat(link, &st), 0)
            XCTAssertEqual(st.st_mode & S_IFMT, S_IFLNK, "\(c.target): the link was replaced")
            XCTAssertEqual(
                try FileManager.default.destinationOfSymbolicLink(atPath: link), h.path("dotfiles/" + c.target))
            XCTAssertEqual(h.read("dotfiles/" + c.target), c.applied(home: h.home), c.target)
            let revert = try h.run(["apply", "--revert", c.target])
            XCTAssertEqual(revert.status, 0, revert.stderr)
            XCTAssertEqual(lstat(link, &st), 0)
            XCTAssertEqual(st.st_mode & S_IFMT, S_IFLNK, c.target)
            XCTAssertEqual(h.read("dotfiles/" + c.target), c.original, c.target)
        }
    }

    func testAConfigChangedAfterApplyIsRefusedAndNothingIsLost() throws {
        for c in ApplyCase.all where c.applied != nil {
            let h = try ApplyHome()
            try h.write(c.config, c.original)
            XCTAssertEqual(try h.apply(c.target).status, 0)
            let edited = c.applied(home: h.home)! + "# my own line after the theme\n"
            try h.write(c.config, edited)
            let theme = h.read(c.theme)
            let r = try h.run(["apply", "--revert", c.target])
            XCTAssertEqual(r.status, 1, c.target)
            XCTAssertTrue(
                r.stderr.contains("\(h.path(c.config)) changed since palette-tui applied the theme; left unchanged"),
                r.stderr)
            XCTAssertEqual(h.read(c.config), edited, c.target)
            XCTAssertEqual(h.read(c.config + ".palette-tui-backup"), c.original, c.target)
            XCTAssertEqual(h.read(c.theme), theme, c.target)
            // The include line taken out by hand and other changes made: apply refuses too.
            try h.write(c.config, c.original + "# changed\n")
            let again = try h.apply(c.target, ["--lang", "zh-Hant"])
            XCTAssertEqual(again.status, 1, c.target)
            XCTAssertTrue(again.stderr.contains("在 palette-tui 套用主題後已被修改"), again.stderr)
            XCTAssertEqual(h.read(c.config), c.original + "# changed\n", c.target)
        }
    }

    func testAReadOnlyConfigIsRefusedBeforeAnythingIsWritten() throws {
        let prefix = try withoutPermissionOverride()
        for c in ApplyCase.all where c.applied != nil {
            let h = try ApplyHome()
            try h.write(c.config, c.original)
            XCTAssertEqual(chmod(h.path(c.config), 0o444), 0)
            let r = try h.apply(c.target, prefix: prefix)
            XCTAssertEqual(r.status, 1, "\(c.target): \(r.stdout)")
            XCTAssertTrue(r.stderr.contains("\(h.path(c.config)) is read-only; nothing was changed"), r.stderr)
            XCTAssertEqual(h.read(c.config), c.original, c.target)
            XCTAssertFalse(h.exists(c.theme), "\(c.target): theme written although the config is read-only")
            XCTAssertFalse(h.exists(c.config + ".palette-tui-backup"), c.target)
            XCTAssertEqual(fileMode(h.path(c.config)), 0o444)
        }
    }

    func testColoursTheUsersOwnConfigSetsAfterTheThemeAreNamed() throws {
        let h = try ApplyHome()
        try h.write(".config/foot/foot.ini", "font=mono\n[colors]\nalpha=0.9\nbackground=101010\nregular1=ff0000\n")
        let foot = try h.apply("foot")
        XCTAssertEqual(foot.status, 0, foot.stderr)
        XCTAssertTrue(
            foot.stdout.contains(
                "note: \(h.path(".config/foot/foot.ini")) sets [colors] background, [colors] regular1 itself, which the "
                    + "program reads after the theme"), foot.stdout)
        try h.write(".config/alacritty/alacritty.toml", "[colors.primary]\nbackground = \"#101010\"\n")
        let alacritty = try h.apply("alacritty", ["--lang", "zh-Hant"])
        XCTAssertEqual(alacritty.status, 0, alacritty.stderr)
        XCTAssertTrue(alacritty.stdout.contains("自行設定了 colors.primary，程式會在主題之後讀取它們"), alacritty.stdout)
        try h.write(".config/alacritty/alacritty.yml", "colors:\n  # mine\n  primary:\n    background: '#101010'\n")
        let yaml = try h.apply("alacritty", ["--config", h.path(".config/alacritty/alacritty.yml")])
        XCTAssertEqual(yaml.status, 0, yaml.stderr)
        XCTAssertTrue(yaml.stdout.contains("alacritty.yml sets colors.primary itself"), yaml.stdout)
        // A config whose colours the theme beats (kitty: the include comes last) gets no note.
        try h.write(".config/kitty/kitty.conf", "background #101010\n")
        let kitty = try h.apply("kitty")
        XCTAssertFalse(kitty.stdout.contains("note:"), kitty.stdout)
        // Without colours of its own, no note either.
        let plain = try ApplyHome()
        try plain.write(".config/foot/foot.ini", "font=mono\n[colors]\nalpha=0.9\n")
        XCTAssertFalse(try plain.apply("foot").stdout.contains("note:"))
    }

    func testAlacrittyYAMLGetsThePathInItsImportListInEachForm() throws {
        let line = "\"/h/.config/alacritty/palette-tui.yml\""
        func added(_ text: String) throws -> String? {
            try ConfigEdit.added(.alacritty, to: text, line: line, yaml: true)
        }
        // No import: one added at the end (a file without a final newline gets one first).
        XCTAssertEqual(
            try added("font:\n  size: 11"), "font:\n  size: 11\nimport:\n  - \"/h/.config/alacritty/palette-tui.yml\"\n"
        )
        XCTAssertEqual(try added(""), "import:\n  - \"/h/.config/alacritty/palette-tui.yml\"\n")
        // A block list, indented or at the key's own column, after its last item and comments kept.
        XCTAssertEqual(
            try added("import:\n    - '/a.yml'\n    # - /old.yml\n\nfont:\n  size: 11\n"),
            "import:\n    - '/a.yml'\n    - \"/h/.config/alacritty/palette-tui.yml\"\n    # - /old.yml\n\nfont:\n  size: 11\n"
        )
        XCTAssertEqual(
            try added("import:\n- /a.yml\nfont:\n  size: 11\n"),
            "import:\n- /a.yml\n- \"/h/.config/alacritty/palette-tui.yml\"\nfont:\n  size: 11\n")
        XCTAssertEqual(
            try added("import: # none yet\nfont:\n  size: 11\n"),
            "import: # none yet\n  - \"/h/.config/alacritty/palette-tui.yml\"\nfont:\n  size: 11\n")
        // A flow list on one line, its comment kept.
        XCTAssertEqual(
            try added("import: [~/a.yml, \"b]#.yml\"] # mine\n"),
            "import: [~/a.yml, \"b]#.yml\", \"/h/.config/alacritty/palette-tui.yml\"] # mine\n")
        XCTAssertEqual(try added("import: []\n"), "import: [\"/h/.config/alacritty/palette-tui.yml\"]\n")
        // Already there, in any quoting: unchanged.
        XCTAssertNil(try added("import:\n  - /h/.config/alacritty/palette-tui.yml\n"))
        XCTAssertNil(try added("import: ['/h/.config/alacritty/palette-tui.yml']\n"))
        // A block scalar's lines and quoted text are not keys; a continued flow list at column 0 is refused.
        XCTAssertEqual(
            try added("shell:\n  args: |\n    import:\n    {\nimport:\n  - \"/a.yml\"\n"),
            "shell:\n  args: |\n    import:\n    {\nimport:\n  - \"/a.yml\"\n  - \"/h/.config/alacritty/palette-tui.yml\"\n"
        )
        XCTAssertThrowsError(try added("window:\n  title: \"a\nimport: b\"\n"))
        XCTAssertThrowsError(try added("import:\n  - /a.yml\nimport:\n  - /b.yml\n"))
        XCTAssertThrowsError(try added("import:\n  font: 1\n"))
        XCTAssertThrowsError(try added("  font:\n    size: 11\n"))
    }

    func testSyntaxItCannotReadIsLeftAlone() throws {
        let h = try ApplyHome()
        // TOML with a broken line, Alacritty YAML it cannot follow, bytes that are not UTF-8, a tmux
        // config ending inside a continued line, a theme file palette-tui did not write.
        try h.write(".config/helix/config.toml", "theme = \"onedark\"\n[editor\nline-number = \"relative\"\n")
        let toml = try h.apply("helix")
        XCTAssertEqual(toml.status, 1)
        XCTAssertTrue(
            toml.stderr.contains("config.toml: line 2 is not TOML palette-tui can read; left unchanged"), toml.stderr)
        XCTAssertFalse(h.exists(".config/helix/themes/palette-tui.toml"))

        // YAML that is not a block mapping palette-tui can follow, an `import:` that is not a list
        // of paths, and a TOML named with --config that does not exist beside the alacritty.yml.
        for (yaml, message) in [
            ("{font: {size: 11}}\n", "line 1 is YAML palette-tui does not edit (it edits a plain `key:` mapping)"),
            ("font:\n  size: 11\n---\nfont:\n  size: 12\n", "line 3 is YAML palette-tui does not edit"),
            ("window:\n  title: [a,\nb]\n", "line 3 is YAML palette-tui does not edit"),
            ("import: ~/.config/alacritty/keys.yml\n", "its `import` is laid out in a way palette-tui does not edit"),
            ("import:\n  - &keys ~/keys.yml\n", "its `import` is laid out in a way palette-tui does not edit"),
        ] {
            try h.write(".config/alacritty/alacritty.yml", yaml)
            let r = try h.apply("alacritty")
            XCTAssertEqual(r.status, 1, yaml)
            XCTAssertTrue(r.stderr.contains("alacritty.yml: " + message), r.stderr)
            XCTAssertTrue(r.stderr.hasSuffix("; left unchanged\n"), r.stderr)
            XCTAssertEqual(h.read(".config/alacritty/alacritty.yml"), yaml)
            XCTAssertFalse(h.exists(".config/alacritty/palette-tui.yml"))
        }
        let zhYAML = try h.apply("alacritty", ["--lang", "zh-Hans"])
        XCTAssertTrue(zhYAML.stderr.contains("其 `import` 的写法 palette-tui 不会修改"), zhYAML.stderr)
        let tomlPath = h.path(".config/alacritty/alacritty.toml")
        let beside = try h.apply("alacritty", ["--config", tomlPath])
        XCTAssertEqual(beside.status, 1)
        XCTAssertTrue(
            beside.stderr.contains(
                "alacritty.toml: no such file, and Alacritty reads \(h.path(".config/alacritty/alacritty.yml")) "
                    + "instead: apply with --config"), beside.stderr)
        XCTAssertFalse(h.exists(".config/alacritty/alacritty.toml"))
        let besideZh = try h.apply("alacritty", ["--config", tomlPath, "--lang", "zh-Hant"])
        XCTAssertTrue(besideZh.stderr.contains("檔案不存在，Alacritty 讀取的是"), besideZh.stderr)

        let kitty = h.path(".config/kitty/kitty.conf")
        try FileManager.default.createDirectory(atPath: h.path(".config/kitty"), withIntermediateDirectories: true)
        try Data([0x66, 0x6F, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: kitty))
        let binary = try h.apply("kitty")
        XCTAssertEqual(binary.status, 1)
        XCTAssertTrue(binary.stderr.contains("kitty.conf: not a text file; left unchanged"), binary.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: kitty)), Data([0x66, 0x6F, 0xFF, 0xFE, 0x0A]))

        try h.write(".tmux.conf", "set -g mouse on\nbind x \\\n")
        let continued = try h.apply("tmux")
        XCTAssertEqual(continued.status, 1)
        XCTAssertTrue(continued.stderr.contains("its last line continues with a backslash"), continued.stderr)
        XCTAssertEqual(h.read(".tmux.conf"), "set -g mouse on\nbind x \\\n")

        try h.write(".config/foot/foot.ini", "font=mono\n")
        try h.write(".config/foot/palette-tui.ini", "# mine\n[colors]\nbackground=000000\n")
        let ours = try h.apply("foot", ["--lang", "zh-Hans"])
        XCTAssertEqual(ours.status, 1)
        XCTAssertTrue(ours.stderr.contains("palette-tui.ini 已存在且不是 palette-tui 写的"), ours.stderr)
        XCTAssertEqual(h.read(".config/foot/palette-tui.ini"), "# mine\n[colors]\nbackground=000000\n")
        XCTAssertEqual(h.read(".config/foot/foot.ini"), "font=mono\n")
    }
}
