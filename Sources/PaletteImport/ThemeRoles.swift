import PaletteCore

/// The three roles a theme file palette-tui wrote records at its top, in the format's own
/// comment syntax: a line naming the theme, its variant and palette-tui
/// (`# calm lake · dark · palette-tui`), then one line a role in order, `label #RRGGBB colour name`
/// (`# Primary #2E86AB dirty blue`), the label in any of the three languages. A theme's other
/// colours are derived from these three and cannot be turned back into them, so these lines are
/// the palette; a theme from elsewhere has none and is read as text, as before.
enum ThemeRoles {
    /// The comment syntaxes of the theme formats: `#` (base16/24, kitty, alacritty, wezterm,
    /// ghostty, foot, tmux), `!` (X resources), `--` (Lua), `//` (the JSONC of VS Code and
    /// Windows Terminal) and `<!-- -->` (iTerm2's plist).
    static let comments: [(open: [UInt8], close: [UInt8])] = [
        ("#", ""), ("!", ""), ("--", ""), ("//", ""), ("<!--", "-->"),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

    /// Lines a format puts before its header (an XML declaration and a doctype).
    static let linesBefore = 2
    /// The longest header line read (a 120-character name in four-byte scalars, and the rest).
    static let maximumLine = 1024

    /// How the header line ends: the variant (PaletteExport's `ThemeVariant`) and palette-tui.
    static let headerEnds: [[UInt8]] = ["dark", "light"].map { Array(" · \($0) · palette-tui".utf8) }

    /// Each role's labels, in every language.
    static let labels: [Set<String>] = Role.allCases.map { role in Set(Language.allCases.map { role.label($0) }) }

    /// The roles, when the text opens with palette-tui's theme header; nil otherwise.
    static func palette(in bytes: ArraySlice<UInt8>) -> Palette? {
        var lines: [ArraySlice<UInt8>] = []
        var rest = bytes
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        while lines.count < linesBefore + 4, !rest.isEmpty {
            let end = rest.prefix(maximumLine + 1).firstIndex(of: 0x0A) ?? rest.endIndex
            guard end - rest.startIndex <= maximumLine else { break }
            var line = rest[..<end]
            if line.last == 0x0D { line = line.dropLast() }
            lines.append(line)
            rest = end < rest.endIndex ? rest[(end + 1)...] : rest[end...]
        }
        for start in 0...linesBefore where start + 4 <= lines.count {
            for comment in comments {
                guard let header = body(lines[start], comment),
                    headerEnds.contains(where: { header.count > $0.count && header.suffix($0.count).elementsEqual($0) })
                else { continue }
                var colors: [RGB] = []
                for (k, line) in lines[(start + 1)...(start + 3)].enumerated() {
                    guard let text = body(line, comment), let color = role(text, labels[k]) else { return nil }
                    colors.append(color)
                }
                return Palette(primary: colors[0], secondary: colors[1], accent: colors[2])
            }
        }
        return nil
    }

    /// What a comment line holds between `open ` and ` close` (or the line's end).
    private static func body(_ line: ArraySlice<UInt8>, _ comment: (open: [UInt8], close: [UInt8])) -> ArraySlice<
        UInt8
    >? {
        guard line.starts(with: comment.open + [0x20]) else { return nil }
        var text = line.dropFirst(comment.open.count + 1)
        if !comment.close.isEmpty {
            let end = [0x20] + comment.close
            guard text.count >= end.count, text.suffix(end.count).elementsEqual(end) else { return nil }
            text = text.dropLast(end.count)
        }
        return text
    }

    /// `label #RRGGBB` and the colour's name: the colour, when the label is the role's.
    private static func role(_ text: ArraySlice<UInt8>, _ labels: Set<String>) -> RGB? {
        let words = text.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        guard words.count >= 2, labels.contains(String(decoding: words[0], as: UTF8.self)),
            words[1].count == 7, words[1].first == UInt8(ascii: "#")
        else { return nil }
        return try? RGB(hex: String(decoding: words[1], as: UTF8.self))
    }
}
