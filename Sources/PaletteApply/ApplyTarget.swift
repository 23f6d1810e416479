import FoundationEssentials
import Glibc
import PaletteCore
import PaletteExport

/// A program `palette-tui apply` puts a theme into: where its config lives, where the theme file
/// goes, and the one line that includes it, each as the program documents it.
public enum ApplyTarget: String, CaseIterable, Sendable, Hashable {
    case kitty, alacritty, foot, ghostty, wezterm, tmux, neovim, helix

    /// The program's name as it writes it.
    public var displayName: String {
        switch self {
        case .kitty: return "kitty"
        case .alacritty: return "Alacritty"
        case .foot: return "foot"
        case .ghostty: return "Ghostty"
        case .wezterm: return "WezTerm"
        case .tmux: return "tmux"
        case .neovim: return "Neovim"
        case .helix: return "Helix"
        }
    }

    /// The config is a program (Lua): palette-tui writes the theme file and prints the line to
    /// add, never editing code.
    public var isCode: Bool { self == .wezterm || self == .neovim }

    /// The terminal the process runs in, from what terminals set in the environment: tmux first
    /// (the app's colours are tmux's there), then kitty, Alacritty, WezTerm, Ghostty, foot.
    public static func detect(_ environment: [String: String]) -> ApplyTarget? {
        func set(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        let term = (environment["TERM"] ?? "").lowercased()
        let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
        if set("TMUX") { return .tmux }
        if set("KITTY_WINDOW_ID") || term == "xterm-kitty" { return .kitty }
        if set("ALACRITTY_WINDOW_ID") || set("ALACRITTY_SOCKET") || term == "alacritty" { return .alacritty }
        if program == "wezterm" || set("WEZTERM_PANE") { return .wezterm }
        if program == "ghostty" || term == "xterm-ghostty" { return .ghostty }
        if term.hasPrefix("foot") { return .foot }
        return nil
    }

    /// The name the theme is known by where a program refers to it by name (a colour scheme).
    public static let themeName = "palette-tui"

    /// The user's config file, as the program looks for it: the first that exists of its
    /// documented places, else the first place (where a new config is written).
    /// `exists` is asked about each candidate.
    public func configPath(environment: [String: String], exists: (String) -> Bool) -> String? {
        let candidates = configCandidates(environment)
        if candidates.isEmpty { return nil }
        return candidates.first(where: exists) ?? candidates[0]
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config` (the XDG base directory rule: a relative value is ignored).
    static func configHome(_ environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return trimmed(xdg) }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return trimmed(home) + "/.config"
    }

    static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    func configCandidates(_ environment: [String: String]) -> [String] {
        let config = ApplyTarget.configHome(environment)
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? ApplyTarget.trimmed($0) : nil }
        var out: [String] = []
        switch self {
        case .kitty:
            // kitty: $KITTY_CONFIG_DIRECTORY, else $XDG_CONFIG_HOME/kitty.
            if let dir = environment["KITTY_CONFIG_DIRECTORY"], dir.hasPrefix("/") {
                return [ApplyTarget.trimmed(dir) + "/kitty.conf"]
            }
            if let config { out.append(config + "/kitty/kitty.conf") }
        case .alacritty:
            // Alacritty 0.13+: alacritty.toml in $XDG_CONFIG_HOME/alacritty, $XDG_CONFIG_HOME,
            // ~/.config/alacritty, then ~/.alacritty.toml; without one, the alacritty.yml that
            // 0.11-0.12 read from the same places (0.13+ still reads it when there is no TOML).
            for ext in ["toml", "yml"] {
                if let config { out += [config + "/alacritty/alacritty." + ext, config + "/alacritty." + ext] }
                if let home { out += [home + "/.config/alacritty/alacritty." + ext, home + "/.alacritty." + ext] }
            }
        case .foot:
            if let config { out.append(config + "/foot/foot.ini") }
        case .ghostty:
            if let config { out += [config + "/ghostty/config", config + "/ghostty/config.ghostty"] }
        case .wezterm:
            if let file = environment["WEZTERM_CONFIG_FILE"], file.hasPrefix("/") { return [file] }
            if let config { out.append(config + "/wezterm/wezterm.lua") }
            if let home { out.append(home + "/.wezterm.lua") }
        case .tmux:
            // tmux 3.2+: ~/.tmux.conf, then $XDG_CONFIG_HOME/tmux/tmux.conf, then ~/.config/tmux/tmux.conf.
            if let home { out.append(home + "/.tmux.conf") }
            if let config { out.append(config + "/tmux/tmux.conf") }
            if let home { out.append(home + "/.config/tmux/tmux.conf") }
        case .neovim:
            let app = environment["NVIM_APPNAME"].flatMap { $0.isEmpty || $0.contains("/") ? nil : $0 } ?? "nvim"
            if let config { out += [config + "/\(app)/init.lua", config + "/\(app)/init.vim"] }
        case .helix:
            if let config { out.append(config + "/helix/config.toml") }
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0).inserted }
    }

    /// Whether `config` is Alacritty's YAML (`alacritty.yml`, which Alacritty 0.11 and 0.12 read):
    /// then the theme is YAML too and its path goes in the top-level `import:` list.
    public static func isYAML(config: String) -> Bool {
        config.hasSuffix(".yml") || config.hasSuffix(".yaml")
    }

    /// The theme file, beside the config (in the folder the program reads named themes from,
    /// for the programs that have one).
    public func themePath(config: String) -> String {
        let url = URL(fileURLWithPath: config)
        let dir = url.deletingLastPathComponent().path
        let hidden = url.lastPathComponent.hasPrefix(".")
        let name = ApplyTarget.themeName
        switch self {
        case .kitty: return dir + "/" + name + ".conf"
        case .alacritty:
            return dir + "/" + (hidden ? "." : "") + name + (ApplyTarget.isYAML(config: config) ? ".yml" : ".toml")
        case .foot: return dir + "/" + name + ".ini"
        case .ghostty: return dir + "/" + name
        case .wezterm:
            // A scheme in `colors/` of the config folder (the default color_scheme_dirs).
            return (hidden ? dir + "/.config/wezterm" : dir) + "/colors/" + name + ".toml"
        case .tmux: return dir + "/" + (hidden ? "." : "") + name + ".tmux.conf"
        case .neovim: return dir + "/colors/" + name + ".lua"
        case .helix: return dir + "/themes/" + name + ".toml"
        }
    }

    /// The export format the theme file is written in, nil for Helix (its own writer).
    var exportFormat: ExportFormat? {
        switch self {
        case .kitty: return .kitty
        case .alacritty: return .alacritty
        case .foot: return .foot
        case .ghostty: return .ghostty
        case .wezterm: return .wezterm
        case .tmux: return .tmux
        case .neovim: return .neovim
        case .helix: return nil
        }
    }

    /// The theme file's bytes for the config `config`: the export writers' text (YAML for
    /// Alacritty's alacritty.yml); where the program finds a theme by name (WezTerm, Neovim,
    /// Helix) it is named `palette-tui`.
    public func themeText(
        _ palette: Palette, variant: ThemeVariant, name: String, language: Language, config: String
    ) -> [UInt8] {
        guard let format = exportFormat else {
            return Array(HelixTheme.render(ThemeDerivation.derive(palette, variant: variant), name: name).utf8)
        }
        let byName = self == .wezterm || self == .neovim
        let request = ExportRequest(
            palette: palette, format: format, variant: variant, name: byName ? ApplyTarget.themeName : name,
            language: language)
        if self == .alacritty && ApplyTarget.isYAML(config: config) { return Exporter.alacrittyYAML(request) }
        return Exporter.render(request)
    }

    /// The one line the config gets (or, for code, the line to add by hand).
    public func includeLine(config: String, theme: String) -> String {
        let configDir = URL(fileURLWithPath: config).deletingLastPathComponent().path
        let relative = theme.hasPrefix(configDir + "/") ? String(theme.dropFirst(configDir.count + 1)) : theme
        switch self {
        case .kitty: return "include " + relative
        case .alacritty: return ApplyTarget.tomlString(theme)  // a YAML double-quoted string too
        case .foot: return "include=" + theme
        case .ghostty: return "config-file = " + relative
        case .wezterm: return "config.color_scheme = \"\(ApplyTarget.themeName)\""
        case .tmux: return "source-file " + ApplyTarget.tmuxQuoted(theme)
        case .neovim:
            return config.hasSuffix(".vim")
                ? "colorscheme \(ApplyTarget.themeName)" : "vim.cmd(\"colorscheme \(ApplyTarget.themeName)\")"
        case .helix: return "theme = \"\(ApplyTarget.themeName)\""
        }
    }

    static func tomlString(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if ch.value < 0x20 || ch.value == 0x7F {
                    out += cFormat("\\u%04X", ch.value)
                } else {
                    out.unicodeScalars.append(ch)
                }
            }
        }
        return out + "\""
    }

    /// tmux's quoting: single quotes, which tmux takes literally.
    static func tmuxQuoted(_ s: String) -> String {
        s.contains("'") ? "\"" + s.replacingAll("\"", with: "\\\"") + "\"" : "'" + s + "'"
    }
}

/// What `apply` did to have the running program take the theme, or what the user must do.
public enum ReloadOutcome: Hashable, Sendable {
    /// kitty: SIGUSR1 (its config reload signal) sent to this many of the user's kitty processes.
    case signalled(Int)
    /// No process of the program runs for this user: it takes the theme when it starts.
    case noneRunning
    /// tmux: `source-file` of the theme in the server of `$TMUX`.
    case tmuxSourced
    /// tmux: `source-file` failed (tmux's own message).
    case tmuxFailed(String)
    /// tmux: not inside tmux; new servers read it, a running one needs `tmux source-file`.
    case tmuxNotInside(theme: String)
    /// Alacritty reloads its config when it changes (live_config_reload, on by default).
    case alacrittyLive
    /// foot reads its config when it starts: a new window (a `foot --server` restarted).
    case footRestart
    /// Ghostty: its reload_config action (ctrl+shift+, on Linux).
    case ghosttyKey
    /// WezTerm reloads when its config file changes, so once the line is in.
    case weztermAuto
    /// Neovim: `:colorscheme palette-tui` in running editors.
    case neovimCommand
    /// Helix: `:config-reload` in running editors.
    case helixCommand
}
