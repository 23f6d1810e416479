import Foundation
import TestSupport
import XCTest

/// The applied configs read by the programs themselves (kitty, foot, tmux, Neovim and Debian 12's
/// Alacritty 0.11 are in Debian and installed for the tests; Alacritty 0.13+'s TOML and Helix
/// through Python's tomllib, following the include as they do), each reporting the theme's
/// colours; and the reloads.
final class ApplyReaderTests: XCTestCase {
    func need(_ program: String) throws {
        guard ClipboardPath.has(program) else { throw XCTSkip("\(program) is not installed (make test-deps)") }
    }

    func applied(_ target: String) throws -> ApplyHome {
        let h = try ApplyHome()
        let c = ApplyCase.named(target)
        try h.write(c.config, c.original)
        let r = try h.apply(target, ["--variant", "dark"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return h
    }

    func testKittyLoadsTheThemeThroughTheInclude() throws {
        try need("kitty")
        let h = try applied("kitty")
        try h.write(".config/kitty/keys.conf", "map ctrl+c copy_to_clipboard\n")
        let script =
            "import sys; from kitty.config import load_config; o = load_config(sys.argv[-1]); "
            + "print(o.background.as_sharp, o.foreground.as_sharp, o.cursor.as_sharp, o.color1.as_sharp, o.font_size)"
        let r = try Spawn.run(
            ["kitty", "+runpy", script, h.path(".config/kitty/kitty.conf")], environment: h.env(), timeout: 30)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").last, "#0e1720 #d6dbe1 #ee3355 #ff7c86 11.5")
    }

    func testFootChecksTheConfigAndImportsTheTheme() throws {
        try need("foot")
        let h = try applied("foot")
        try h.write(".config/foot/local.ini", "pad=4x4\n")
        let config = h.path(".config/foot/foot.ini")
        let r = try Spawn.run(["foot", "--check-config", "--config", config], environment: h.env(), timeout: 30)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stderr.contains("imported sub-configuration from \(h.path(".config/foot/palette-tui.ini"))"), r.stderr)
        // foot prints no colours; a value it refuses in the theme shows it reads that file's
        // [colors] (the line it names), and the colours are the theme's.
        let theme = h.read(".config/foot/palette-tui.ini")!
        XCTAssertTrue(theme.contains("[colors]\nforeground=d6dbe1\nbackground=0e1720\nregular0=1a242e\n"), theme)
        try h.write(
            ".config/foot/palette-tui.ini", theme.replacingOccurrences(of: "background=0e1720", with: "background=zz"))
        let bad = try Spawn.run(["foot", "--check-config", "--config", config], environment: h.env(), timeout: 30)
        XCTAssertEqual(bad.status, 230, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("palette-tui.ini:"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("[colors].background: zz"), bad.stderr)
    }

    func testTmuxReadsTheThemeAndAServerInsideSourcesIt() throws {
        try need("tmux")
        let h = try applied("tmux")
        try h.write(".tmux.local.conf", "set -g history-limit 5000\n")
        let socket = h.path("tmux-sock")
        defer { _ = try? Spawn.run(["tmux", "-S", socket, "kill-server"], environment: h.env()) }
        let show = try Spawn.run(
            [
                "tmux", "-S", socket, "-f", h.path(".tmux.conf"), "start-server", ";", "show", "-gv", "status-style",
                ";", "show", "-gv", "history-limit", ";", "show", "-gv", "pane-active-border-style",
            ], environment: h.env(), timeout: 30)
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertEqual(
            show.stdout,
            "fg=#D6DBE1,bg=#1A242E\n5000\nfg=#EE3355\n")
        _ = try Spawn.run(["tmux", "-S", socket, "kill-server"], environment: h.env())

        // Inside tmux ($TMUX names the server): apply sources the theme into the running server.
        let started = try Spawn.run(
            ["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-s", "apply", "sleep 30"],
            environment: h.env(), timeout: 30)
        XCTAssertEqual(started.status, 0, started.stderr)
        let before = try Spawn.run(["tmux", "-S", socket, "show", "-gv", "status-style"], environment: h.env())
        XCTAssertEqual(before.stdout, "bg=green,fg=black\n")
        let inside = try h.apply("tmux", ["--variant", "light"], env: ["TMUX": socket + ",1,0"])
        XCTAssertEqual(inside.status, 0, inside.stderr)
        XCTAssertTrue(inside.stdout.contains("this tmux server sourced the theme"), inside.stdout)
        let after = try Spawn.run(["tmux", "-S", socket, "show", "-gv", "status-style"], environment: h.env())
        let theme = h.read(".palette-tui.tmux.conf")!
        XCTAssertTrue(theme.contains("set -g status-style \"\(after.stdout.dropLast())\"\n"), after.stdout)
        XCTAssertNotEqual(after.stdout, "fg=#D6DBE1,bg=#1A242E\n", "the light theme, not the dark one")
        XCTAssertNotEqual(after.stdout, before.stdout)
    }

    func testNeovimLoadsTheColorscheme() throws {
        try need("nvim")
        let h = try applied("neovim")
        // The user adds the printed line, as told.
        try h.write(".config/nvim/lua/plugins.lua", "return {}\n")
        try h.write(
            ".config/nvim/init.lua", ApplyCase.named("neovim").original + "vim.cmd(\"colorscheme palette-tui\")\n")
        let lua =
            "local h = vim.api.nvim_get_hl_by_name('Normal', true) "
            + "io.stdout:write(string.format('%06X %06X %s %s', h.foreground, h.background, vim.g.colors_name, "
            + "vim.g.terminal_color_1))"
        let r = try Spawn.run(
            ["nvim", "--headless", "-i", "NONE", "-c", "lua " + lua, "-c", "qa!"],
            environment: h.env(["XDG_CONFIG_HOME": h.path(".config"), "XDG_DATA_HOME": h.path("data")]), timeout: 30)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "D6DBE1 0E1720 palette-tui #FF7C86")
    }

    /// Debian 12's Alacritty (0.11, YAML only) started under Xvfb with the applied alacritty.yml,
    /// found where it looks by itself; a child asks it for its colours (OSC 11, OSC 10, OSC 4 for
    /// red and bright blue, then DA1 as the sentinel) and writes the answers down.
    func testAlacritty011LoadsTheYAMLThemeAndAnswersWithItsColours() throws {
        try need("alacritty")
        let h = try ApplyHome()
        let c = ApplyCase.alacrittyYAML
        try h.write(c.config, c.original)
        try h.write(
            ".config/alacritty/keys.yml",
            "key_bindings:\n  - { key: N, mods: Control|Shift, action: SpawnNewInstance }\n")
        let applied = try h.apply("alacritty", ["--variant", "dark"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(h.read(c.config), c.applied(home: h.home))

        let ask = """
            import os, re, select, sys, time, tty
            fd = os.open("/dev/tty", os.O_RDWR)
            tty.setraw(fd)
            os.write(fd, b"\\x1b]11;?\\x07\\x1b]10;?\\x07\\x1b]4;1;?\\x07\\x1b]4;12;?\\x07\\x1b[c")
            got, deadline = b"", time.monotonic() + 10
            while not re.search(rb"\\x1b\\[\\?[0-9;]*c", got) and time.monotonic() < deadline:
                if select.select([fd], [], [], max(0, deadline - time.monotonic()))[0]:
                    got += os.read(fd, 1024)
            open(sys.argv[1] + ".part", "wb").write(got)
            os.rename(sys.argv[1] + ".part", sys.argv[1])
            """
        // timeout(1) ends the whole group (Xvfb, Alacritty) if anything hangs.
        let run = try Spawn.run(
            [
                "timeout", "-k", "5", "40", "xvfb-run", "-a", "alacritty", "-vv", "-e", Python.executable, "-c", ask,
                h.path("answers"),
            ], environment: h.env(), timeout: 60)
        XCTAssertEqual(run.status, 0, "xvfb-run and Alacritty's libraries: make test-deps\n" + run.stdout + run.stderr)
        // -vv lists the files it loaded: the config, its own import, then the theme.
        let log = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let listed = log.drop { !$0.hasSuffix("Configuration files loaded from:") }.dropFirst().prefix {
            $0.hasPrefix("\"")
        }
        XCTAssertEqual(
            Array(listed), [c.config, ".config/alacritty/keys.yml", c.theme].map { "\"" + h.path($0) + "\"" },
            run.stdout)
        let answers = try eventually(timeout: 10, "Alacritty's answers") { h.read("answers") }
        let colours = answers.matches(
            of: /rgb:([0-9a-f]{2})[0-9a-f]{2}\/([0-9a-f]{2})[0-9a-f]{2}\/([0-9a-f]{2})[0-9a-f]{2}/
        )
        .map { "#" + $0.1 + $0.2 + $0.3 }
        // Background, foreground, red, bright blue of the dark theme (palette-tui.yml's literal lines).
        XCTAssertEqual(colours, ["#0e1720", "#d6dbe1", "#ff7c86", "#8ac3ff"], answers.debugDescription)
    }

    func testAlacrittyAndHelixReadAsTOMLFollowingTheirIncludes() throws {
        let a = try applied("alacritty")
        let script = """
            import sys, tomllib, os
            cfg = tomllib.load(open(sys.argv[1], "rb"))
            imports = cfg["general"]["import"]
            theme = tomllib.load(open(imports[-1], "rb"))
            print(len(imports), os.path.basename(imports[-1]), theme["colors"]["primary"]["background"],
                  theme["colors"]["normal"]["red"], cfg["font"]["size"])
            """
        let r = try Spawn.run(
            ["python3", "-c", script, a.path(".config/alacritty/alacritty.toml")], environment: a.env())
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "2 palette-tui.toml #0E1720 #FF7C86 11.0\n")

        let h = try applied("helix")
        let helix = """
            import sys, tomllib, os
            cfg = tomllib.load(open(sys.argv[1] + "/config.toml", "rb"))
            theme = tomllib.load(open(sys.argv[1] + "/themes/" + cfg["theme"] + ".toml", "rb"))
            p = theme["palette"]
            print(cfg["theme"], p[theme["ui.background"]["bg"]], p[theme["ui.text"]], p[theme["ui.cursor"]["bg"]],
                  cfg["editor"]["line-number"])
            """
        let hr = try Spawn.run(["python3", "-c", helix, h.path(".config/helix")], environment: h.env())
        XCTAssertEqual(hr.status, 0, hr.stderr)
        XCTAssertEqual(hr.stdout, "palette-tui #0E1720 #D6DBE1 #EE3355 relative\n")
    }

    func testKittyTerminalsGetTheReloadSignalAndKittyToolsDoNot() throws {
        let h = try ApplyHome()
        try h.write(".config/kitty/kitty.conf", "font_size 11\n")
        // Two stand-ins named kitty: a terminal that records SIGUSR1, and `kitty +runpy` (which
        // SIGUSR1 would end) that must not get it.
        let fake = """
            import ctypes, signal, sys, time
            ctypes.CDLL(None).prctl(15, b"kitty", 0, 0, 0)
            def reload(*_):
                open(sys.argv[1], "a").write("reloaded\\n")
            signal.signal(signal.SIGUSR1, reload)
            open(sys.argv[1] + ".ready", "w").write("ready")
            time.sleep(20)
            """
        let terminal = try Spawn.spawn(["python3", "-c", fake, h.path("terminal.log")], environment: h.env())
        let tool = try Spawn.spawn(["python3", "-c", fake, h.path("tool.log"), "+runpy"], environment: h.env())
        defer {
            kill(terminal, SIGKILL)
            kill(tool, SIGKILL)
            _ = Spawn.wait(terminal)
            _ = Spawn.wait(tool)
        }
        _ = try eventually(timeout: 10, "the stand-ins to start") {
            h.exists("terminal.log.ready") && h.exists("tool.log.ready") ? true : nil
        }
        let r = try h.apply("kitty")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("running kitty process"), r.stdout)
        _ = try eventually(timeout: 10, "SIGUSR1 at the kitty terminal") {
            h.read("terminal.log") == "reloaded\n" ? true : nil
        }
        XCTAssertNil(h.read("tool.log"))
        XCTAssertEqual(kill(tool, 0), 0, "kitty +runpy still runs")
    }
}

/// Whether a program is on the tests' PATH.
enum ClipboardPath {
    static func has(_ program: String) -> Bool {
        ["/usr/local/bin", "/usr/bin", "/bin"].contains { access($0 + "/" + program, X_OK) == 0 }
    }
}
