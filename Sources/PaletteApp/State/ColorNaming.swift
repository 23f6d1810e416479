import PaletteCore

/// The nearest colour name of each role of one palette, computed when the palette is shown.
public struct PaletteNames: Hashable, Sendable {
    public let primary: String
    public let secondary: String
    public let accent: String

    /// Looks the three names up with `ColorNames.nearest` (about 80 µs a palette in a release
    /// build) among the names of `language`: English's, or the Chinese colour names in that
    /// script, nearest by ΔE00 either way.
    public init(_ palette: Palette, language: Language = .english) {
        self.init(
            primary: ColorNames.nearest(to: palette.primary, language: language).name.name,
            secondary: ColorNames.nearest(to: palette.secondary, language: language).name.name,
            accent: ColorNames.nearest(to: palette.accent, language: language).name.name)
    }

    init(primary: String, secondary: String, accent: String) {
        self.primary = primary
        self.secondary = secondary
        self.accent = accent
    }

    public subscript(role: Role) -> String {
        switch role {
        case .primary: return primary
        case .secondary: return secondary
        case .accent: return accent
        }
    }
}

/// Names already looked up in this session, so going back over history entries costs a
/// dictionary lookup instead of a search.
///
/// Part of the state but not of its equality: it changes only how fast a name is found.
/// Bounded: when full it starts over.
struct ColorNameMemo: Sendable {
    static let capacity = 4096
    /// Whose names these are: a lookup in another language starts over.
    private var language = Language.english
    private var names: [RGB: String] = [:]

    var count: Int { names.count }

    /// The names of `palette`'s colours among `language`'s names.
    mutating func names(for palette: Palette, language: Language) -> PaletteNames {
        if language != self.language {
            names.removeAll(keepingCapacity: true)
            self.language = language
        }
        return PaletteNames(
            primary: name(of: palette.primary), secondary: name(of: palette.secondary),
            accent: name(of: palette.accent))
    }

    private mutating func name(of color: RGB) -> String {
        if let known = names[color] { return known }
        if names.count >= Self.capacity { names.removeAll(keepingCapacity: true) }
        let name = ColorNames.nearest(to: color, language: language).name.name
        names[color] = name
        return name
    }
}
