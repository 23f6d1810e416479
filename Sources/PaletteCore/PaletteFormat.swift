/// The output formats every command that prints a palette shares.
public enum PaletteFormat: String, CaseIterable, Sendable {
    case text, json, hex, css
}

/// What a printed palette carries besides its colours, so a pipe loses nothing: the
/// description it was made for and its lineage (the history entry's id when it was saved, the
/// entry it came from, the seed, the variation, the locked roles, the refinement).
public struct PaletteProvenance: Hashable, Sendable {
    public var description: String?
    public var id: String?
    public var parent: String?
    public var seed: UInt64?
    public var variation: Int
    /// The roles the user locked: their colours are credited to the lock, not the description.
    public var locked: [Role]
    public var refinement: String?
    /// The picture the palette was made from (`generate --image`).
    public var image: ImageReference?

    public init(
        description: String? = nil, id: String? = nil, parent: String? = nil, seed: UInt64? = nil,
        variation: Int = 0, locked: [Role] = [], refinement: String? = nil, image: ImageReference? = nil
    ) {
        self.image = image
        self.description = description
        self.id = id
        self.parent = parent
        self.seed = seed
        self.variation = variation
        self.locked = Role.allCases.filter { locked.contains($0) }
        self.refinement = refinement
    }
}

extension GeneratedPalette {
    /// The palette rendered for output, without a trailing newline.
    ///
    /// - `text`: one line a role (label in `language`, hex, nearest colour name, then the
    ///   description words behind it, if any), followed by the notes.
    /// - `json`: `primary`, `secondary`, `accent` as `#RRGGBB`, then `description`, `provider`,
    ///   and `model`, `rationale`, `notes`, `fallback`, `id`, `parent`, `seed`, `variation`,
    ///   `locked`, `refinement` and `image` (`source`, `checksum`) when present, in that fixed order.
    /// - `hex`: the three codes, one a line.
    /// - `css`: `:root` custom properties `--color-primary`, `--color-secondary`, `--color-accent`.
    ///
    /// Every format reads back through `PaletteParser` to the same palette.
    ///
    /// - Parameter notes: the result's notes as the caller worded them in `language`
    ///   (PaletteApp's `Messages`); PaletteCore writes no sentences of its own.
    ///   - provenance: the description and lineage (json), and the locked roles, whose colours
    ///     are credited to the lock (text and json).
    public func formatted(
        _ format: PaletteFormat, language: Language = .english, notes: [String] = [],
        provenance: PaletteProvenance = PaletteProvenance()
    ) -> String {
        switch format {
        case .text: return textForm(language, notes: notes, locked: provenance.locked)
        case .json: return jsonForm(notes: notes, provenance: provenance)
        case .hex: return palette.colors.map(\.hex).joined(separator: "\n")
        case .css:
            let props = Role.allCases.map { "--color-\($0.rawValue): \(palette[$0].hex);" }
            return ":root { " + props.joined(separator: " ") + " }"
        }
    }

    private func textForm(_ language: Language, notes: [String], locked: [Role]) -> String {
        let labels = Role.allCases.map { $0.label(language) }
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        let names = Role.allCases.map { ColorNames.nearest(to: palette[$0], language: language).name.name }
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        var lines: [String] = []
        for (k, role) in Role.allCases.enumerated() {
            var line = DisplayWidth.padded(labels[k], to: labelWidth) + "  " + palette[role].hex + "  "
            let words = locked.contains(role) ? [Self.lockWord(language)] : rationale[role] ?? []
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

    /// What a locked colour came from: the user's lock, not the description.
    private static func lockWord(_ language: Language) -> String {
        switch language {
        case .english: return "your lock"
        case .traditionalChinese: return "你的鎖定"
        case .simplifiedChinese: return "你的锁定"
        }
    }

    private static func noteWord(_ language: Language) -> String {
        switch language {
        case .english: return "note: "
        case .traditionalChinese: return "備註："
        case .simplifiedChinese: return "备注："
        }
    }

    private func jsonForm(notes: [String], provenance p: PaletteProvenance) -> String {
        var fields: [(String, String)] = Role.allCases.map { ($0.rawValue, JSONText.string(palette[$0].hex)) }
        if let description = p.description { fields.append(("description", JSONText.string(description))) }
        fields.append(("provider", JSONText.string(provider)))
        if let model { fields.append(("model", JSONText.string(model))) }
        let reasons = Role.allCases.compactMap { role -> (String, String)? in
            guard !p.locked.contains(role), let words = rationale[role], !words.isEmpty else { return nil }
            return (role.rawValue, "[" + words.map(JSONText.string).joined(separator: ", ") + "]")
        }
        if !reasons.isEmpty {
            let inner = reasons.map { "    \(JSONText.string($0.0)): \($0.1)" }.joined(separator: ",\n")
            fields.append(("rationale", "{\n" + inner + "\n  }"))
        }
        if !notes.isEmpty { fields.append(("notes", "[" + notes.map(JSONText.string).joined(separator: ", ") + "]")) }
        if isFallback { fields.append(("fallback", "true")) }
        if let id = p.id { fields.append(("id", JSONText.string(id))) }
        if let parent = p.parent { fields.append(("parent", JSONText.string(parent))) }
        if let seed = p.seed { fields.append(("seed", String(seed))) }
        if p.variation != 0 { fields.append(("variation", String(p.variation))) }
        if !p.locked.isEmpty {
            fields.append(("locked", "[" + p.locked.map { JSONText.string($0.rawValue) }.joined(separator: ", ") + "]"))
        }
        if let refinement = p.refinement { fields.append(("refinement", JSONText.string(refinement))) }
        if let image = p.image {
            fields.append(
                (
                    "image",
                    "{\n    \"source\": \(JSONText.string(image.source)),\n    \"checksum\": \(JSONText.string(image.checksum))\n  }"
                ))
        }
        let body = fields.map { "  \(JSONText.string($0.0)): \($0.1)" }.joined(separator: ",\n")
        return "{\n" + body + "\n}"
    }
}
