import Foundation
import TestSupport
import XCTest

/// `palette-tui apply` through the real binary, for every program, in a scratch HOME with a
/// realistic config: apply, apply again (one include line), revert (byte for byte), dry run
/// (nothing touched).
final class ApplyCommandTests: XCTestCase {
    func testApplyAgainAndRevertForEveryProgram() throws {
        for c in ApplyCase.all {
            let h = try ApplyHome()
            try h.write(c.config, c.original)
            let first = try h.apply(c.target, ["--variant", "dark"])
            XCTAssertEqual(first.status, 0, "\(c.target): \(first.stderr)")
            let theme = try XCTUnwrap(h.read(c.theme), "\(c.target): no theme file")
            XCTAssertTrue(theme.contains(c.themeLine + "\n"), "\(c.target): \(theme.prefix(300))")
            if let applied = c.applied(home: h.home) {
                XCTAssertEqual(h.read(c.config), applied, c.target)
                XCTAssertEqual(h.read(c.config + ".palette-tui-backup"), c.original, c.target)
                XCTAssertTrue(first.stdout.contains("the original is kept in"), first.stdout)
            } else {
                XCTAssertEqual(h.read(c.config), c.original, "\(c.target): code is never edited")
                XCTAssertTrue(first.stdout.contains("add this line to it:\n  \(c.printed!)\n"), first.stdout)
                XCTAssertFalse(h.exists(c.config + ".palette-tui-backup"), c.target)
            }

            // Again, light: the theme file is replaced, the config keeps its one line.
            let second = try h.apply(c.target, ["--variant", "light"])
            XCTAssertEqual(second.status, 0, "\(c.target): \(second.stderr)")
            XCTAssertEqual(h.read(c.config), c.applied(home: h.home) ?? c.original, c.target)
            XCTAssertTrue(h.read(c.theme)?.contains(" · light · palette-tui\n") == true, c.target)
            XCTAssertFalse(h.read(c.theme)!.contains(c.themeLine + "\n"), "\(c.target): still the dark theme")
            XCTAssertEqual(h.read(c.config + ".palette-tui-backup"), c.applied == nil ? nil : c.original)

            // Revert: the config byte for byte, the theme file and the backup gone.
            let revert = try h.run(["apply", "--revert", c.target])
            XCTAssertEqual(revert.status, 0, "\(c.target): \(revert.stderr)")
            XCTAssertEqual(h.read(c.config), c.original, c.target)
            XCTAssertFalse(h.exists(c.theme), c.target)
            XCTAssertFalse(h.exists(c.config + ".palette-tui-backup"), c.target)
            // Nothing left to revert: a failure that says so.
            let again = try h.run(["apply", "--revert", c.target])
            XCTAssertEqual(again.status, 1, c.target)
            XCTAssertTrue(again.stderr.contains("has not applied a theme"), again.stderr)
        }
    }

    func testDryRunPrintsAUnifiedDiffAndTouchesNothing() throws {
        for c in ApplyCase.all {
            let h = try ApplyHome()
            try h.write(c.config, c.original)
            let before = h.snapshot()
            let r = try h.apply(c.target, ["--dry-run", "--variant", "dark"])
            XCTAssertEqual(r.status, 0, "\(c.target): \(r.stderr)")
            XCTAssertEqual(h.snapshot(), before, "\(c.target): something was touched")
            XCTAssertTrue(r.stdout.hasPrefix("--- /dev/null\n+++ \(h.path(c.theme))\n@@ -0,0 +1,"), r.stdout)
            XCTAssertTrue(r.stdout.contains("\n+" + c.themeLine + "\n"), c.target)
            XCTAssertTrue(r.stderr.contains("dry run: nothing was written"), r.stderr)
            if c.applied != nil {
                XCTAssertTrue(r.stdout.contains("--- \(h.path(c.config))\n+++ \(h.path(c.config))\n@@ "), r.stdout)
            }
            // Applied, a dry-run revert shows the way back and touches nothing either.
            XCTAssertEqual(try h.apply(c.target).status, 0)
            let applied = h.snapshot()
            let dry = try h.run(["apply", "--revert", "--dry-run", c.target])
            XCTAssertEqual(dry.status, 0, dry.stderr)
            XCTAssertEqual(h.snapshot(), applied, c.target)
            XCTAssertTrue(dry.stdout.contains("+++ /dev/null\n"), dry.stdout)
        }
        // The kitty config's diff, exactly: three lines of context and the one line added.
        let h = try ApplyHome()
        let c = ApplyCase.named("kitty")
        try h.write(c.config, c.original)
        let r = try h.apply("kitty", ["--dry-run"])
        let config = h.path(c.config)
        XCTAssertTrue(
            r.stdout.hasSuffix(
                """
                --- \(config)
                +++ \(config)
                @@ -6,3 +6,4 @@
                 # tabs
                 tab_bar_style powerline
                 map ctrl+shift+t new_tab_with_cwd
                +include palette-tui.conf

                """), r.stdout)
    }

    func testANewConfigIsCreatedAndRevertRemovesIt() throws {
        let h = try ApplyHome()
        let r = try h.apply("ghostty", env: ["XDG_CONFIG_HOME": h.path("xdg")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(h.read("xdg/ghostty/config"), "config-file = palette-tui\n")
        XCTAssertTrue(h.read("xdg/ghostty/palette-tui")?.contains("background = #") == true)
        XCTAssertFalse(h.exists(".config"), "XDG_CONFIG_HOME is honoured")
        let revert = try h.run(["apply", "--revert", "ghostty"], env: ["XDG_CONFIG_HOME": h.path("xdg")])
        XCTAssertEqual(revert.status, 0, revert.stderr)
        XCTAssertFalse(h.exists("xdg/ghostty/config"))
        XCTAssertFalse(h.exists("xdg/ghostty/palette-tui"))
    }

    func testConfigOptionAndUsageErrorsInTheUsersLanguage() throws {
        let h = try ApplyHome()
        try h.write("elsewhere/my-kitty.conf", "font_size 10\n")
        let r = try h.apply("kitty", ["--config", h.path("elsewhere/my-kitty.conf")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(h.read("elsewhere/my-kitty.conf"), "font_size 10\ninclude palette-tui.conf\n")
        XCTAssertTrue(h.exists("elsewhere/palette-tui.conf"))

        let unknown = try h.run(["apply", "konsole"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(
            unknown.stderr.contains(
                "unknown program 'konsole'; one of: kitty, alacritty, foot, ghostty, wezterm, tmux, neovim, helix"),
            unknown.stderr)
        let zh = try h.run(["apply", "konsole", "--lang", "zh-Hant"])
        XCTAssertEqual(zh.status, 2)
        XCTAssertTrue(zh.stderr.contains("不認得的程式「konsole」"), zh.stderr)
        let missing = try h.run(["apply"], env: ["LANG": "zh_CN.UTF-8"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("要应用到哪个程序？"), missing.stderr)
        let revertColours = try h.run(["apply", "--revert", "kitty", "#000000", "#111111", "#222222"])
        XCTAssertEqual(revertColours.status, 2)
        XCTAssertTrue(revertColours.stderr.contains("--revert takes no colours"), revertColours.stderr)
        let badVariant = try h.apply("kitty", ["--variant", "dim"])
        XCTAssertEqual(badVariant.status, 2)
    }
}
