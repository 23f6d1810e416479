import Foundation

/// One palette in the history file: one JSON object a line in `history.jsonl`.
public struct HistoryEntry: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    /// RFC 3339, UTC.
    public var created: Date
    public var description: String
    public var primary: RGB
    public var secondary: RGB
    public var accent: RGB
    public var provider: String
    public var model: String?
    public var favorite: Bool

    public init(id: String, created: Date, description: String, palette: Palette,
                provider: String, model: String?, favorite: Bool = false) {
        self.id = id
        self.created = created
        self.description = description
        self.primary = palette.primary
        self.secondary = palette.secondary
        self.accent = palette.accent
        self.provider = provider
        self.model = model
        self.favorite = favorite
    }

    public var palette: Palette { Palette(primary: primary, secondary: secondary, accent: accent) }
}
