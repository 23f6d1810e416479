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
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        let names = Role.allCases.map { ColorNames.nearest(to: palette[$0], language: language).name.name }
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        var lines: [String] = []
        for (k, role) in Role.allCases.enumerated() {
            var line = DisplayWidth.padded(labels[k], to: labelWidth) + "  " + palette[role].hex + "  "
            let words = rationale[role] ?? []
            if words.isEmpty {
                line += names[k]
            } else {
                line +=
                    DisplayWidth.padded(names[k], to: nameWidth) + "  " + Self.fromWord(language)
                    + words.joined(separator: ", ")
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
