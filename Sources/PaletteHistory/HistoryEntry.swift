import Foundation
import PaletteCore

/// One palette in the history file: one JSON object a line in `history.jsonl`.
///
/// Coded by hand so the line is the same whatever encoder writes it: `created` is an RFC 3339
/// UTC string with milliseconds (`RFC3339`) (a synthesised `Date` would become a bare number), `model` is
/// written as `null` when absent, and a missing `favorite` reads as `false`.
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

    public init(
        id: String, created: Date, description: String, palette: Palette,
        provider: String, model: String?, favorite: Bool = false
    ) {
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

    // MARK: - Codable

    enum CodingKeys: String, CodingKey {
        case id, created, description, primary, secondary, accent, provider, model, favorite
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        let stamp = try c.decode(String.self, forKey: .created)
        guard let date = RFC3339.parse(stamp) else {
            throw DecodingError.dataCorruptedError(
                forKey: .created, in: c, debugDescription: "not an RFC 3339 time")
        }
        created = date
        description = try c.decode(String.self, forKey: .description)
        primary = try c.decode(RGB.self, forKey: .primary)
        secondary = try c.decode(RGB.self, forKey: .secondary)
        accent = try c.decode(RGB.self, forKey: .accent)
        provider = try c.decode(String.self, forKey: .provider)
        model = try c.decodeIfPresent(String.self, forKey: .model)
        favorite = try c.decodeIfPresent(Bool.self, forKey: .favorite) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(RFC3339.format(created), forKey: .created)
        try c.encode(description, forKey: .description)
        try c.encode(primary, forKey: .primary)
        try c.encode(secondary, forKey: .secondary)
        try c.encode(accent, forKey: .accent)
        try c.encode(provider, forKey: .provider)
        try c.encode(model, forKey: .model)
        try c.encode(favorite, forKey: .favorite)
    }
}
