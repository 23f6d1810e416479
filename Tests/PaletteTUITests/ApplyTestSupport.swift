import Foundation
import TestSupport
import XCTest

/// A scratch HOME holding a realistic config for each program `apply` knows (comments, other
/// includes, settings around), and the real binary run in it.
final class ApplyHome {
    let dir: TemporaryDirectory
    var home: String { dir.path }
    /// The palette every apply test uses; its dark theme's background is #0E1720, its light
    /// theme's #F7F7F8 or so (only dark is checked literally).
    static let colours = ["#336699", "#AA7744", "#EE3355"]

    init() throws {
        dir = try TemporaryDirectory(prefix: "apply-home")
    }

    func path(_ relative: String) -> String { home + "/" + relative }

    func env(_ extra: [String: String] = [:]) -> [String: String] {
        HistoryBinary.environment(["HOME": home].merging(extra) { $1 })
    }

    func run(_ args: [String], env extra: [String: String] = [:], prefix: [String] = []) throws -> ChildResult {
        try Spawn.run(prefix + [try Repository.paletteTUI()] + args, environment: env(extra))
    }

    func apply(_ target: String, _ more: [String] = [], env extra: [String: String] = [:], prefix: [String] = [])
        throws -> ChildResult
    {
        try run(["apply", target] + more + ApplyHome.colours, env: extra, prefix: prefix)
    }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ relative: String) -> Bool {
        var st = stat()
        return lstat(path(relative), &st) == 0
    }

    /// Every file and link under HOME with its bytes and modification time, for "nothing touched".
    func snapshot() -> [String: String] {
        var out: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: home)
        while let name = enumerator?.nextObject() as? String {
            var st = stat()
            guard lstat(path(name), &st) == 0 else { continue }
            let bytes = FileManager.default.contents(atPath: path(name)).map { $0.base64EncodedString() } ?? "-"
            out[name] = "\(st.st_mode) \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec) \(bytes)"
        }
        return out
    }
}

/// One program's realistic config and what `apply` must make of it (HOME written as @HOME).
struct ApplyCase {
    var target: String
    var config: String
    var original: String
    /// The config after apply; nil for a config that is code (never edited).
    var applied: String?
    var theme: String
    /// A line of the theme file, literal, for the dark theme of `ApplyHome.colours`.
    var themeLine: String
    /// The line printed for the user to add (code configs).
    var printed: String?

    func applied(home: String) -> String? { applied?.replacingOccurrences(of: "@HOME", with: home) }

    static let all: [ApplyCase] = [
        ApplyCase(
            target: "kitty", config: ".config/kitty/kitty.conf",
            original: """
                # kitty.conf: my terminal
                font_family      JetBrains Mono
                font_size 11.5
                include ./keys.conf

                # tabs
                tab_bar_style powerline
                map ctrl+shift+t new_tab_with_cwd

                """,
            applied: """
                # kitty.conf: my terminal
                font_family      JetBrains Mono
                font_size 11.5
                include ./keys.conf

                # tabs
                tab_bar_style powerline
                map ctrl+shift+t new_tab_with_cwd
                include palette-tui.conf

                """,
            theme: ".config/kitty/palette-tui.conf", themeLine: "background #0E1720"),
        ApplyCase(
            target: "alacritty", config: ".config/alacritty/alacritty.toml",
            original: """
                # Alacritty, managed by hand
                [general]
                import = ["~/.config/alacritty/keys.toml"] # key bindings
                live_config_reload = true

                [font]
                size = 11.0

                [window]
                padding = { x = 6, y = 6 }

                """,
            applied: """
                # Alacritty, managed by hand
                [general]
                import = ["~/.config/alacritty/keys.toml", "@HOME/.config/alacritty/palette-tui.toml"] # key bindings
                live_config_reload = true

                [font]
                size = 11.0

                [window]
                padding = { x = 6, y = 6 }

                """,
            theme: ".config/alacritty/palette-tui.toml", themeLine: "background = \"#0E1720\""),
        ApplyCase(
            target: "alacritty", config: ".config/alacritty/alacritty.yml",
            original: """
                # Alacritty 0.11 (Debian 12), managed by hand
                import:
                  - ~/.config/alacritty/keys.yml # key bindings

                env:
                  TERM: xterm-256color

                window:
                  padding:
                    x: 6
                    y: 6
                  title: "Alacritty # main"

                font:
                  size: 11.0

                """,
            applied: """
                # Alacritty 0.11 (Debian 12), managed by hand
                import:
                  - ~/.config/alacritty/keys.yml # key bindings
                  - "@HOME/.config/alacritty/palette-tui.yml"

                env:
                  TERM: xterm-256color

                window:
                  padding:
                    x: 6
                    y: 6
                  title: "Alacritty # main"

                font:
                  size: 11.0

                """,
            theme: ".config/alacritty/palette-tui.yml", themeLine: "    background: \"#0E1720\""),
        ApplyCase(
            target: "foot", config: ".config/foot/foot.ini",
            original: """
                # foot.ini
                font=monospace:size=11
                include=~/.config/foot/local.ini

                [colors]
                alpha=0.95

                [key-bindings]
                scrollback-up-page=Shift+Page_Up

                """,
            applied: """
                # foot.ini
                font=monospace:size=11
                include=~/.config/foot/local.ini

                include=@HOME/.config/foot/palette-tui.ini
                [colors]
                alpha=0.95

                [key-bindings]
                scrollback-up-page=Shift+Page_Up

                """,
            theme: ".config/foot/palette-tui.ini", themeLine: "background=0e1720"),
        ApplyCase(
            target: "ghostty", config: ".config/ghostty/config",
            original: """
                # ghostty
                font-family = Iosevka
                config-file = ?local
                window-padding-x = 4
                """,
            applied: """
                # ghostty
                font-family = Iosevka
                config-file = ?local
                window-padding-x = 4
                config-file = palette-tui

                """,
            theme: ".config/ghostty/palette-tui", themeLine: "background = #0E1720"),
        ApplyCase(
            target: "wezterm", config: ".config/wezterm/wezterm.lua",
            original: """
                local wezterm = require 'wezterm'
                local config = wezterm.config_builder()
                -- fonts
                config.font_size = 12
                return config

                """,
            applied: nil, theme: ".config/wezterm/colors/palette-tui.toml", themeLine: "background = \"#0E1720\"",
            printed: "config.color_scheme = \"palette-tui\""),
        ApplyCase(
            target: "tmux", config: ".tmux.conf",
            original: """
                # ~/.tmux.conf
                set -g mouse on
                source-file ~/.tmux.local.conf
                bind r source-file ~/.tmux.conf \\; display "reloaded"

                """,
            applied: """
                # ~/.tmux.conf
                set -g mouse on
                source-file ~/.tmux.local.conf
                bind r source-file ~/.tmux.conf \\; display "reloaded"
                source-file '@HOME/.palette-tui.tmux.conf'

                """,
            theme: ".palette-tui.tmux.conf", themeLine: "set -g status-style \"fg=#D6DBE1,bg=#1A242E\""),
        ApplyCase(
            target: "neovim", config: ".config/nvim/init.lua",
            original: """
                -- init.lua
                vim.o.number = true
                require("plugins")

                """,
            applied: nil, theme: ".config/nvim/colors/palette-tui.lua",
            themeLine: "hl(\"Normal\", { fg = \"#D6DBE1\", bg = \"#0E1720\" })",
            printed: "vim.cmd(\"colorscheme palette-tui\")"),
        ApplyCase(
            target: "helix", config: ".config/helix/config.toml",
            original: """
                # helix
                theme = "onedark"

                [editor]
                line-number = "relative"

                [keys.normal]
                C-s = ":w"

                """,
            applied: """
                # helix
                theme = "palette-tui"

                [editor]
                line-number = "relative"

                [keys.normal]
                C-s = ":w"

                """,
            theme: ".config/helix/themes/palette-tui.toml", themeLine: "background = \"#0E1720\""),
    ]

    static func named(_ name: String) -> ApplyCase { all.first { $0.target == name }! }

    /// Alacritty 0.11-0.12's alacritty.yml (`named("alacritty")` is its TOML).
    static var alacrittyYAML: ApplyCase { all.first { $0.config.hasSuffix(".yml") }! }
}
