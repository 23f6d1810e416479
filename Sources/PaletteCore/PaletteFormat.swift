/// The output formats every command that prints a palette shares.
public enum PaletteFormat: String, CaseIterable, Sendable {
    case text, json, hex, css
}

extension GeneratedPalette {
    /// Provisional rendering; the full one (names, rationale, metadata) replaces it.
    public func formatted(_ format: PaletteFormat, language: Language = .english) -> String {
        Role.allCases.map { "\($0.label(language)) \(palette[$0].hex)" }.joined(separator: "\n")
    }
}
