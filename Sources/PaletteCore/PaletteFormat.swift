/// The output formats every command that prints a palette shares.
public enum PaletteFormat: String, CaseIterable, Sendable {
    case text, json, hex, css
}

extension GeneratedPalette {
    /// The palette rendered for output, without a trailing newline.
    ///
    /// - `text`: one line a role (label in `language`, hex, nearest colour name, then the
    ///   description words behind it, if any), followed by the notes.
    /// - `json`: `primary`, `secondary`, `accent` as `#RRGGBB`, then `provider`, and `model`,
    ///   `rationale`, `notes` and `fallback` when present, in that fixed order.
    /// - `hex`: the three codes, one a line.
    /// - `css`: `:root` custom properties `--color-primary`, `--color-secondary`, `--color-accent`.
    ///
    /// Every format reads back through `PaletteParser` to the same palette.
    ///
    /// - Parameter notes: the result's notes as the caller worded them in `language`
    ///   (PaletteApp's `Messages`); PaletteCore writes no sentences of its own.
    public func formatted(_ format: PaletteFormat, language: Language = .english, notes: [String] = []) -> String {
        switch format {
        case .text: return textForm(language, notes: notes)
        case .json: return jsonForm(notes: notes)
        case .hex: return palette.colors.map(\.hex).joined(separator: "\n")
        case .css:
            let props = Role.allCases.map { "--color-\($0.rawValue): \(palette[$0].hex);" }
            return ":root { " + props.joined(separator: " ") + " }"
        }
    }

    private func textForm(_ language: Language, notes: [String]) -> String {
        let labels = Role.allCases.map { $0.label(language) }
        let labelWidth = labels.map(TextWidth.columns).max() ?? 0
        let names = Role.allCases.map { ColorNames.nearest(to: palette[$0]).name.name }
        let nameWidth = names.map(TextWidth.columns).max() ?? 0
        var lines: [String] = []
        for (k, role) in Role.allCases.enumerated() {
            var line = TextWidth.padded(labels[k], to: labelWidth) + "  " + palette[role].hex + "  "
            let words = rationale[role] ?? []
            if words.isEmpty {
                line += names[k]
            } else {
                line += TextWidth.padded(names[k], to: nameWidth) + "  " + Self.fromWord(language) + words.joined(separator: ", ")
            }
            lines.append(line)
        }
        for note in notes { lines.append(Self.noteWord(language) + note) }
        return lines.joined(separator: "\n")
    }

    private static func fromWord(_ language: Language) -> String {
        switch language {
        case .english: return "from: "
        case .traditionalChinese: return "來自："
        case .simplifiedChinese: return "来自："
        }
    }

    private static func noteWord(_ language: Language) -> String {
        switch language {
        case .english: return "note: "
        case .traditionalChinese: return "備註："
        case .simplifiedChinese: return "备注："
        }
    }

    private func jsonForm(notes: [String]) -> String {
        var fields: [(String, String)] = Role.allCases.map { ($0.rawValue, JSONText.string(palette[$0].hex)) }
        fields.append(("provider", JSONText.string(provider)))
        if let model { fields.append(("model", JSONText.string(model))) }
        let reasons = Role.allCases.compactMap { role -> (String, String)? in
            guard let words = rationale[role], !words.isEmpty else { return nil }
            return (role.rawValue, "[" + words.map(JSONText.string).joined(separator: ", ") + "]")
        }
        if !reasons.isEmpty {
            let inner = reasons.map { "    \(JSONText.string($0.0)): \($0.1)" }.joined(separator: ",\n")
            fields.append(("rationale", "{\n" + inner + "\n  }"))
        }
        if !notes.isEmpty { fields.append(("notes", "[" + notes.map(JSONText.string).joined(separator: ", ") + "]")) }
        if isFallback { fields.append(("fallback", "true")) }
        let body = fields.map { "  \(JSONText.string($0.0)): \($0.1)" }.joined(separator: ",\n")
        return "{\n" + body + "\n}"
    }
}

// MARK: - Text helpers

/// JSON string literals, escaped by hand so the output keeps a fixed key order.
///
/// The one JSON string escaper: also valid as a YAML double-quoted and a TOML basic string.
public enum JSONText {
    public static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}

/// Terminal column widths, enough to align role labels and colour names.
enum TextWidth {
    /// Columns `s` takes in a terminal: 2 for East Asian wide characters, 0 for combining marks.
    static func columns(_ s: String) -> Int {
        s.unicodeScalars.reduce(0) { $0 + columns($1) }
    }

    static func columns(_ u: Unicode.Scalar) -> Int {
        let v = u.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        switch u.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `s` followed by spaces up to `width` columns.
    static func padded(_ s: String, to width: Int) -> String {
        s + String(repeating: " ", count: max(0, width - columns(s)))
    }
}
