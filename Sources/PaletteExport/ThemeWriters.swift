import FoundationEssentials
import Glibc
import PaletteCore

/// The theme formats. Each file but terminal-json (whose `palette` object holds them) opens
/// with comment lines in its own syntax: the theme's name and variant, and the three roles it
/// came from (role label in the chosen language, hex, colour name), which `palette-tui parse`
/// reads back (PaletteImport's `ThemeRoles`). VS Code and Windows Terminal read JSON with
/// comments (JSONC), iTerm2's plist is XML.
enum ThemeWriters {
    static func render(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        switch r.format {
        case .base16: return base16(t, r, system: "base16", colors: t.base16)
        case .base24: return base16(t, r, system: "base24", colors: t.base24)
        case .kitty: return kitty(t, r)
        case .alacritty: return alacritty(t, r)
        case .wezterm: return wezterm(t, r)
        case .ghostty: return ghostty(t, r)
        case .windowsTerminal: return windowsTerminal(t, r)
        case .iterm2: return iterm2(t, r)
        case .xresources: return xresources(t, r)
        case .foot: return foot(t, r)
        case .vscode: return vscode(t, r)
        case .neovim: return neovim(t, r)
        case .tmux: return tmux(t, r)
        case .terminalJSON: return terminalJSON(t, r)
        default: return ""
        }
    }

    /// ANSI names in order, as alacritty and Windows Terminal spell them.
    static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Comment lines: the name and variant, then one line a role.
    static func header(_ t: TerminalTheme, _ r: ExportRequest, _ prefix: String) -> String {
        var out = "\(prefix) \(ExportText.oneLine(r.displayName)) · \(t.variant.rawValue) · palette-tui\n"
        out += roleLines(t, r) { "\(prefix) \($0)\n" }
        return out
    }

    /// One line a role, `label #RRGGBB colour name`, each put in a comment by `comment`.
    static func roleLines(_ t: TerminalTheme, _ r: ExportRequest, _ comment: (String) -> String) -> String {
        Role.allCases.map { role in
            let c = t.palette[role]
            return comment("\(role.label(r.language)) \(c.hex) \(ExportText.colourName(c, r.language))")
        }.joined()
    }

    static func h(_ c: RGB) -> String { c.hex }
    static func q(_ s: String) -> String { ExportText.json(s) }

    // MARK: - tinted-theming

    /// tinted-theming's scheme file (builder spec 0.11): `system`, `name`, `slug`, `author`,
    /// `variant` and `palette` with base00...base0F (base24: ...base17).
    static func base16(_ t: TerminalTheme, _ r: ExportRequest, system: String, colors: [RGB]) -> String {
        var out = header(t, r, "#")
        out += "system: \(q(system))\nname: \(q(r.displayName))\nslug: \(q(ExportText.slug(r.displayName)))\n"
        out += "author: \"palette-tui\"\nvariant: \(q(t.variant.rawValue))\npalette:\n"
        for (k, c) in colors.enumerated() {
            out += "  base\(cFormat("%02X", k)): \(q(h(c)))\n"
        }
        return out
    }

    // MARK: - Terminals

    static func kitty(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        var out = header(t, r, "#")
        let pairs: [(String, RGB)] = [
            ("foreground", t.foreground), ("background", t.background),
            ("selection_foreground", t.selectionForeground), ("selection_background", t.selectionBackground),
            ("cursor", t.cursor), ("cursor_text_color", t.cursorText), ("url_color", t.ansi[4]),
            ("active_border_color", t.cursor), ("inactive_border_color", t.surface), ("bell_border_color", t.ansi[1]),
            ("active_tab_foreground", t.background), ("active_tab_background", t.cursor),
            ("inactive_tab_foreground", t.foreground), ("inactive_tab_background", t.surface),
            ("tab_bar_background", t.darker),
        ]
        for (k, c) in pairs { out += "\(k) \(h(c))\n" }
        for (k, c) in t.ansi.enumerated() { out += "color\(k) \(h(c))\n" }
        return out
    }

    /// Alacritty's colour sections (`colors.primary`, ...) and their keys, as TOML and YAML share them.
    static func alacrittySections(_ t: TerminalTheme) -> [(String, [(String, RGB)])] {
        var sections: [(String, [(String, RGB)])] = [
            ("primary", [("background", t.background), ("foreground", t.foreground)]),
            ("cursor", [("text", t.cursorText), ("cursor", t.cursor)]),
            ("selection", [("text", t.selectionForeground), ("background", t.selectionBackground)]),
        ]
        for (section, offset) in [("normal", 0), ("bright", 8)] {
            sections.append((section, ansiNames.enumerated().map { ($0.element, t.ansi[$0.offset + offset]) }))
        }
        return sections
    }

    static func alacritty(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        header(t, r, "#")
            + alacrittySections(t).map { section, pairs in
                "[colors.\(section)]\n" + pairs.map { "\($0.0) = \(q(h($0.1)))\n" }.joined()
            }.joined(separator: "\n")
    }

    /// Alacritty 0.11-0.12's YAML (`alacritty.yml`): the same colours under a `colors:` mapping.
    static func alacrittyYAML(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        header(t, r, "#") + "colors:\n"
            + alacrittySections(t).map { section, pairs in
                "  \(section):\n" + pairs.map { "    \($0.0): \(q(h($0.1)))\n" }.joined()
            }.joined()
    }

    static func wezterm(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        var out = header(t, r, "#")
        out += "[colors]\nforeground = \(q(h(t.foreground)))\nbackground = \(q(h(t.background)))\n"
        out += "cursor_bg = \(q(h(t.cursor)))\ncursor_fg = \(q(h(t.cursorText)))\ncursor_border = \(q(h(t.cursor)))\n"
        out += "selection_fg = \(q(h(t.selectionForeground)))\nselection_bg = \(q(h(t.selectionBackground)))\n"
        out += "ansi = [" + t.ansi[0..<8].map { q(h($0)) }.joined(separator: ", ") + "]\n"
        out += "brights = [" + t.ansi[8..<16].map { q(h($0)) }.joined(separator: ", ") + "]\n\n"
        out += "[metadata]\nname = \(q(r.displayName))\nauthor = \"palette-tui\"\n"
        return out
    }

    static func ghostty(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        var out = header(t, r, "#")
        let pairs: [(String, RGB)] = [
            ("background", t.background), ("foreground", t.foreground), ("cursor-color", t.cursor),
            ("cursor-text", t.cursorText), ("selection-background", t.selectionBackground),
            ("selection-foreground", t.selectionForeground),
        ]
        for (k, c) in pairs { out += "\(k) = \(h(c))\n" }
        for (k, c) in t.ansi.enumerated() { out += "palette = \(k)=\(h(c))\n" }
        return out
    }

    /// A Windows Terminal colour scheme (the object for `schemes` in settings.json, which is JSON
    /// with comments: the header is `//` lines, as the scheme object allows no other key).
    static func windowsTerminal(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        let names = ["black", "red", "green", "yellow", "blue", "purple", "cyan", "white"]
        var fields: [(String, String)] = [
            ("name", r.displayName), ("background", h(t.background)), ("foreground", h(t.foreground)),
            ("cursorColor", h(t.cursor)), ("selectionBackground", h(t.selectionBackground)),
        ]
        for (k, n) in names.enumerated() { fields.append((n, h(t.ansi[k]))) }
        for (k, n) in names.enumerated() {
            fields.append(("bright" + n.prefix(1).uppercased() + n.dropFirst(), h(t.ansi[k + 8])))
        }
        return header(t, r, "//") + "{\n" + fields.map { "  \(q($0.0)): \(q($0.1))" }.joined(separator: ",\n")
            + "\n}\n"
    }

    /// iTerm2's `.itermcolors` property list: each colour a dictionary of sRGB components.
    static func iterm2(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        var entries: [(String, RGB)] = t.ansi.enumerated().map { ("Ansi \($0.offset) Color", $0.element) }
        entries += [
            ("Background Color", t.background), ("Foreground Color", t.foreground), ("Bold Color", t.foreground),
            ("Cursor Color", t.cursor), ("Cursor Text Color", t.cursorText),
            ("Selection Color", t.selectionBackground), ("Selected Text Color", t.selectionForeground),
            ("Link Color", t.ansi[4]),
        ]
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        out +=
            "<!-- \(ExportText.xml(ExportText.comment(r.displayName, closer: "--"))) · \(t.variant.rawValue) · palette-tui -->\n"
        out += roleLines(t, r) { "<!-- \(ExportText.comment($0, closer: "--")) -->\n" }
        out += "<plist version=\"1.0\">\n<dict>\n"
        for (key, c) in entries.sorted(by: { $0.0 < $1.0 }) {
            out += "\t<key>\(key)</key>\n\t<dict>\n"
            out += "\t\t<key>Alpha Component</key>\n\t\t<real>1</real>\n"
            out += "\t\t<key>Blue Component</key>\n\t\t<real>\(component(c.b))</real>\n"
            out += "\t\t<key>Color Space</key>\n\t\t<string>sRGB</string>\n"
            out += "\t\t<key>Green Component</key>\n\t\t<real>\(component(c.g))</real>\n"
            out += "\t\t<key>Red Component</key>\n\t\t<real>\(component(c.r))</real>\n"
            out += "\t</dict>\n"
        }
        return out + "</dict>\n</plist>\n"
    }

    static func component(_ v: UInt8) -> String { v == 0 ? "0" : v == 255 ? "1" : "\(Double(v) / 255)" }

    static func xresources(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        var out = header(t, r, "!")
        let pairs: [(String, RGB)] = [
            ("foreground", t.foreground), ("background", t.background), ("cursorColor", t.cursor),
            ("highlightColor", t.selectionBackground), ("highlightTextColor", t.selectionForeground),
        ]
        for (k, c) in pairs { out += "*.\(k): \(h(c))\n" }
        for (k, c) in t.ansi.enumerated() { out += "*.color\(k): \(h(c))\n" }
        return out
    }

    /// foot.ini sections; `[cursor] color` is the text and cursor colours (foot 1.13, Debian 12).
    static func foot(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        var out = header(t, r, "#")
        out += "[cursor]\ncolor=\(ExportText.bareHex(t.cursorText)) \(ExportText.bareHex(t.cursor))\n\n[colors]\n"
        out += "foreground=\(ExportText.bareHex(t.foreground))\nbackground=\(ExportText.bareHex(t.background))\n"
        for k in 0..<8 { out += "regular\(k)=\(ExportText.bareHex(t.ansi[k]))\n" }
        for k in 0..<8 { out += "bright\(k)=\(ExportText.bareHex(t.ansi[k + 8]))\n" }
        out += "selection-foreground=\(ExportText.bareHex(t.selectionForeground))\n"
        out += "selection-background=\(ExportText.bareHex(t.selectionBackground))\n"
        return out
    }

    // MARK: - Editors and tmux

    /// The syntax colours editors share: which slot colours which kind of code.
    struct Syntax {
        var comment, string, keyword, function, type, constant, variable, tag, special, deprecated, operators: RGB
        init(_ t: TerminalTheme) {
            comment = t.ansi[8]
            string = t.ansi[2]
            keyword = t.ansi[5]
            function = t.ansi[4]
            type = t.ansi[3]
            constant = t.orange
            variable = t.foreground
            tag = t.ansi[1]
            special = t.ansi[6]
            deprecated = t.brown
            operators = t.subtle
        }
    }

    /// A VS Code colour theme: workbench colours, the integrated terminal's 16 colours, and
    /// token colours for the common TextMate scopes. VS Code reads theme files as JSON with
    /// comments (its colour theme schema: `allowComments`), so the header is `//` lines.
    static func vscode(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        let s = Syntax(t)
        let ink = WCAG.readableInk(on: t.cursor)
        var colors: [(String, RGB)] = [
            ("editor.background", t.background), ("editor.foreground", t.foreground),
            ("editorCursor.foreground", t.cursor), ("editor.selectionBackground", t.selectionBackground),
            ("editor.lineHighlightBackground", t.surface), ("editorLineNumber.foreground", t.ansi[8]),
            ("editorLineNumber.activeForeground", t.foreground), ("editorWhitespace.foreground", t.selectionBackground),
            ("editorIndentGuide.background1", t.surface), ("editorBracketMatch.border", t.cursor),
            ("editorError.foreground", t.ansi[1]), ("editorWarning.foreground", t.ansi[3]),
            ("editorInfo.foreground", t.ansi[4]),
            ("activityBar.background", t.darker), ("activityBar.foreground", t.foreground),
            ("activityBarBadge.background", t.cursor), ("activityBarBadge.foreground", ink),
            ("sideBar.background", t.darker), ("sideBar.foreground", t.subtle),
            ("sideBarTitle.foreground", t.foreground), ("titleBar.activeBackground", t.darkest),
            ("titleBar.activeForeground", t.foreground), ("statusBar.background", t.surface),
            ("statusBar.foreground", t.foreground), ("tab.activeBackground", t.background),
            ("tab.activeForeground", t.foreground), ("tab.inactiveBackground", t.darker),
            ("tab.inactiveForeground", t.subtle), ("tab.activeBorderTop", t.cursor),
            ("editorGroupHeader.tabsBackground", t.darker), ("panel.background", t.background),
            ("panel.border", t.surface), ("focusBorder", t.cursor), ("button.background", t.cursor),
            ("button.foreground", ink), ("badge.background", t.cursor), ("badge.foreground", ink),
            ("list.activeSelectionBackground", t.selectionBackground),
            ("list.activeSelectionForeground", t.selectionForeground), ("list.hoverBackground", t.surface),
            ("input.background", t.surface), ("input.foreground", t.foreground),
            ("dropdown.background", t.surface), ("textLink.foreground", t.ansi[4]),
            ("terminal.background", t.background), ("terminal.foreground", t.foreground),
            ("terminalCursor.foreground", t.cursor), ("terminalCursor.background", t.cursorText),
            ("terminal.selectionBackground", t.selectionBackground),
            ("terminal.selectionForeground", t.selectionForeground),
        ]
        let names = ["Black", "Red", "Green", "Yellow", "Blue", "Magenta", "Cyan", "White"]
        for (k, n) in names.enumerated() { colors.append(("terminal.ansi\(n)", t.ansi[k])) }
        for (k, n) in names.enumerated() { colors.append(("terminal.ansiBright\(n)", t.ansi[k + 8])) }
        let tokens: [([String], RGB, String?)] = [
            (["comment", "punctuation.definition.comment"], s.comment, "italic"),
            (["string", "string.quoted", "markup.inline.raw"], s.string, nil),
            (["keyword", "storage", "storage.type", "keyword.control"], s.keyword, nil),
            (["entity.name.function", "support.function", "meta.function-call"], s.function, nil),
            (["entity.name.type", "entity.name.class", "support.type", "support.class"], s.type, nil),
            (["constant", "constant.numeric", "constant.language", "variable.other.constant"], s.constant, nil),
            (["variable", "variable.parameter"], s.variable, nil),
            (["entity.name.tag", "markup.deleted"], s.tag, nil),
            (["string.regexp", "constant.character.escape", "support"], s.special, nil),
            (["markup.inserted"], s.string, nil), (["markup.changed"], s.keyword, nil),
            (["invalid.deprecated"], s.deprecated, nil),
            (["keyword.operator", "punctuation"], s.operators, nil),
            (["markup.heading"], s.function, "bold"),
        ]
        var out = header(t, r, "//") + "{\n  \"$schema\": \"vscode://schemas/color-theme\",\n"
        out += "  \"name\": \(q(r.displayName)),\n  \"type\": \(q(t.variant.rawValue)),\n  \"colors\": {\n"
        out += colors.map { "    \(q($0.0)): \(q(h($0.1)))" }.joined(separator: ",\n")
        out += "\n  },\n  \"tokenColors\": [\n"
        out += tokens.map { scopes, c, style in
            var settings = "\"foreground\": \(q(h(c)))"
            if let style { settings += ", \"fontStyle\": \(q(style))" }
            return "    { \"scope\": [" + scopes.map(q).joined(separator: ", ") + "], \"settings\": { \(settings) } }"
        }.joined(separator: ",\n")
        return out + "\n  ]\n}\n"
    }

    /// A Neovim colorscheme in Lua: highlight groups and `terminal_color_0..15`.
    static func neovim(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        let s = Syntax(t)
        var out = header(t, r, "--")
        out += "-- Put it in ~/.config/nvim/colors/ and run :colorscheme \(ExportText.slug(r.displayName))\n"
        out += "vim.cmd(\"highlight clear\")\nif vim.fn.exists(\"syntax_on\") == 1 then vim.cmd(\"syntax reset\") end\n"
        out += "vim.o.background = \(q(t.variant.rawValue))\nvim.o.termguicolors = true\n"
        out += "vim.g.colors_name = \(ExportText.lua(ExportText.slug(r.displayName)))\n\n"
        out += "local function hl(group, spec) vim.api.nvim_set_hl(0, group, spec) end\n"
        typealias G = (String, RGB?, RGB?, String)
        let groups: [G] = [
            ("Normal", t.foreground, t.background, ""), ("NormalFloat", t.foreground, t.surface, ""),
            ("FloatBorder", t.ansi[8], t.surface, ""), ("Cursor", t.cursorText, t.cursor, ""),
            ("CursorLine", nil, t.surface, ""), ("CursorLineNr", t.foreground, t.surface, "bold = true"),
            ("LineNr", t.ansi[8], nil, ""), ("SignColumn", t.ansi[8], t.background, ""),
            ("ColorColumn", nil, t.surface, ""), ("Visual", t.selectionForeground, t.selectionBackground, ""),
            ("Search", t.background, t.ansi[3], ""), ("IncSearch", t.background, t.cursor, ""),
            ("MatchParen", t.cursor, nil, "bold = true"), ("Pmenu", t.foreground, t.surface, ""),
            ("PmenuSel", t.selectionForeground, t.selectionBackground, ""), ("PmenuThumb", nil, t.ansi[8], ""),
            ("StatusLine", t.foreground, t.surface, ""), ("StatusLineNC", t.subtle, t.darker, ""),
            ("WinSeparator", t.surface, nil, ""), ("VertSplit", t.surface, nil, ""),
            ("TabLine", t.subtle, t.darker, ""),
            ("TabLineSel", t.background, t.cursor, ""), ("TabLineFill", nil, t.darker, ""),
            ("Folded", t.subtle, t.surface, ""), ("NonText", t.ansi[8], nil, ""),
            ("Whitespace", t.selectionBackground, nil, ""),
            ("Title", s.function, nil, "bold = true"), ("Directory", s.function, nil, ""),
            ("ErrorMsg", t.ansi[1], nil, ""), ("WarningMsg", t.ansi[3], nil, ""), ("MoreMsg", t.ansi[2], nil, ""),
            ("Question", t.ansi[2], nil, ""), ("Comment", s.comment, nil, "italic = true"),
            ("Constant", s.constant, nil, ""),
            ("String", s.string, nil, ""), ("Character", s.string, nil, ""), ("Number", s.constant, nil, ""),
            ("Boolean", s.constant, nil, ""), ("Float", s.constant, nil, ""), ("Identifier", s.variable, nil, ""),
            ("Function", s.function, nil, ""), ("Statement", s.keyword, nil, ""), ("Keyword", s.keyword, nil, ""),
            ("Conditional", s.keyword, nil, ""), ("Repeat", s.keyword, nil, ""), ("Operator", s.operators, nil, ""),
            ("PreProc", s.type, nil, ""), ("Type", s.type, nil, ""), ("Special", s.special, nil, ""),
            ("Tag", s.tag, nil, ""), ("Delimiter", s.operators, nil, ""),
            ("Underlined", s.function, nil, "underline = true"),
            ("Error", t.ansi[1], nil, "bold = true"), ("Todo", t.background, t.ansi[3], "bold = true"),
            ("DiffAdd", t.ansi[2], t.surface, ""), ("DiffChange", t.ansi[3], t.surface, ""),
            ("DiffDelete", t.ansi[1], t.surface, ""), ("DiffText", t.background, t.ansi[3], ""),
            ("DiagnosticError", t.ansi[1], nil, ""), ("DiagnosticWarn", t.ansi[3], nil, ""),
            ("DiagnosticInfo", t.ansi[4], nil, ""), ("DiagnosticHint", t.ansi[6], nil, ""),
            ("DiagnosticOk", t.ansi[2], nil, ""),
        ]
        for (name, fg, bg, extra) in groups {
            var parts: [String] = []
            if let fg { parts.append("fg = \(q(h(fg)))") }
            if let bg { parts.append("bg = \(q(h(bg)))") }
            if !extra.isEmpty { parts.append(extra) }
            out += "hl(\(q(name)), { \(parts.joined(separator: ", ")) })\n"
        }
        out += "\n"
        for (k, c) in t.ansi.enumerated() { out += "vim.g.terminal_color_\(k) = \(q(h(c)))\n" }
        return out
    }

    /// tmux: status line, window list, pane borders, messages, copy mode, and the panes'
    /// 16 colours (`pane-colours`, tmux 3.3) so programs inside tmux get the theme too.
    static func tmux(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        var out = header(t, r, "#")
        out += "# source-file this from ~/.tmux.conf\n"
        func style(_ fg: RGB, _ bg: RGB, _ extra: String = "") -> String {
            "\"fg=\(h(fg)),bg=\(h(bg))\(extra.isEmpty ? "" : "," + extra)\""
        }
        let ink = WCAG.readableInk(on: t.cursor)
        let lines: [(String, String)] = [
            ("status-style", style(t.foreground, t.surface)),
            ("status-left-style", style(ink, t.cursor, "bold")),
            ("status-right-style", style(t.subtle, t.surface)),
            ("window-status-style", style(t.subtle, t.surface)),
            ("window-status-current-style", style(t.foreground, t.selectionBackground, "bold")),
            ("window-status-activity-style", style(t.ansi[3], t.surface)),
            ("window-status-bell-style", style(t.ansi[1], t.surface, "bold")),
            ("pane-border-style", "\"fg=\(h(t.surface))\""),
            ("pane-active-border-style", "\"fg=\(h(t.cursor))\""),
            ("message-style", style(t.foreground, t.surface)),
            ("message-command-style", style(t.foreground, t.surface)),
            ("mode-style", style(t.selectionForeground, t.selectionBackground)),
            ("display-panes-colour", "\"\(h(t.ansi[8]))\""),
            ("display-panes-active-colour", "\"\(h(t.cursor))\""),
            ("clock-mode-colour", "\"\(h(t.cursor))\""),
        ]
        for (k, v) in lines { out += "set -g \(k) \(v)\n" }
        out += "set -g window-style \(style(t.foreground, t.background))\n"
        out += "set -g window-active-style \(style(t.foreground, t.background))\n"
        for (k, c) in t.ansi.enumerated() { out += "set -g pane-colours[\(k)] \"\(h(c))\"\n" }
        return out
    }

    /// For scripts: the theme's colours as one JSON object.
    static func terminalJSON(_ t: TerminalTheme, _ r: ExportRequest) -> String {
        var out = "{\n  \"name\": \(q(r.displayName)),\n  \"variant\": \(q(t.variant.rawValue)),\n"
        out += "  \"background\": \(q(h(t.background))),\n  \"foreground\": \(q(h(t.foreground))),\n"
        out += "  \"cursor\": \(q(h(t.cursor))),\n  \"cursor_text\": \(q(h(t.cursorText))),\n"
        out += "  \"selection_background\": \(q(h(t.selectionBackground))),\n"
        out += "  \"selection_foreground\": \(q(h(t.selectionForeground))),\n"
        out += "  \"ansi\": [" + t.ansi.map { q(h($0)) }.joined(separator: ", ") + "],\n"
        out +=
            "  \"palette\": { "
            + Role.allCases.map { "\(q($0.rawValue)): \(q(h(t.palette[$0])))" }.joined(separator: ", ") + " }\n"
        return out + "}\n"
    }
}
