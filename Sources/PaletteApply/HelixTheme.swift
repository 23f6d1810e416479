import PaletteCore
import PaletteExport

/// A Helix theme (`themes/NAME.toml`): the editor's ui scopes and the syntax scopes from the
/// derived terminal theme, colours named in `[palette]`.
enum HelixTheme {
    static func render(_ t: TerminalTheme, name: String) -> String {
        let palette: [(String, RGB)] = [
            ("background", t.background), ("foreground", t.foreground), ("surface", t.surface),
            ("subtle", t.subtle), ("muted", t.ansi[8]), ("darker", t.darker), ("cursor", t.cursor),
            ("cursor-text", t.cursorText), ("selection", t.selectionBackground),
            ("selection-text", t.selectionForeground), ("red", t.ansi[1]), ("green", t.ansi[2]),
            ("yellow", t.ansi[3]), ("blue", t.ansi[4]), ("magenta", t.ansi[5]), ("cyan", t.ansi[6]),
            ("orange", t.orange),
        ]
        let scopes: [(String, String)] = [
            ("ui.background", "{ bg = \"background\" }"), ("ui.text", "\"foreground\""),
            ("ui.text.focus", "{ fg = \"foreground\", modifiers = [\"bold\"] }"),
            ("ui.cursor", "{ fg = \"cursor-text\", bg = \"cursor\" }"),
            ("ui.cursor.primary", "{ fg = \"cursor-text\", bg = \"cursor\" }"),
            ("ui.cursor.match", "{ fg = \"cursor\", modifiers = [\"bold\"] }"),
            ("ui.selection", "{ fg = \"selection-text\", bg = \"selection\" }"),
            ("ui.linenr", "\"muted\""), ("ui.linenr.selected", "\"foreground\""),
            ("ui.cursorline.primary", "{ bg = \"surface\" }"),
            ("ui.statusline", "{ fg = \"foreground\", bg = \"surface\" }"),
            ("ui.statusline.inactive", "{ fg = \"subtle\", bg = \"darker\" }"),
            ("ui.popup", "{ fg = \"foreground\", bg = \"surface\" }"),
            ("ui.window", "{ fg = \"surface\" }"),
            ("ui.help", "{ fg = \"foreground\", bg = \"surface\" }"),
            ("ui.menu", "{ fg = \"foreground\", bg = \"surface\" }"),
            ("ui.menu.selected", "{ fg = \"selection-text\", bg = \"selection\" }"),
            ("ui.virtual.whitespace", "\"selection\""), ("ui.virtual.ruler", "{ bg = \"surface\" }"),
            ("comment", "{ fg = \"muted\", modifiers = [\"italic\"] }"), ("string", "\"green\""),
            ("constant", "\"orange\""), ("constant.numeric", "\"orange\""), ("keyword", "\"magenta\""),
            ("function", "\"blue\""), ("type", "\"yellow\""), ("variable", "\"foreground\""),
            ("operator", "\"subtle\""), ("punctuation", "\"subtle\""), ("tag", "\"red\""),
            ("special", "\"cyan\""), ("error", "\"red\""), ("warning", "\"yellow\""), ("info", "\"blue\""),
            ("hint", "\"cyan\""), ("diff.plus", "\"green\""), ("diff.minus", "\"red\""), ("diff.delta", "\"yellow\""),
        ]
        var out = "# \(ExportText.oneLine(name)) · \(t.variant.rawValue) · palette-tui\n"
        for role in Role.allCases {
            out += "# \(role.rawValue) \(t.palette[role].hex)\n"
        }
        for (scope, value) in scopes { out += "\"\(scope)\" = \(value)\n" }
        out += "\n[palette]\n"
        for (key, colour) in palette { out += "\(key) = \"\(colour.hex)\"\n" }
        return out
    }
}
