import PaletteCore

/// The nearest colour name of each role of one palette, computed when the palette is shown.
public struct PaletteNames: Hashable, Sendable {
    public let primary: String
    public let secondary: String
    public let accent: String

    /// Looks the three names up with `ColorNames.nearest` (about 80 µs a palette in a release build).
    public init(_ palette: Palette) {
        self.init(
            primary: ColorNames.nearest(to: palette.primary).name.name,
            secondary: ColorNames.nearest(to: palette.secondary).name.name,
            accent: ColorNames.nearest(to: palette.accent).name.name)
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
    private var names: [RGB: String] = [:]

    var count: Int { names.count }

    mutating func names(for palette: Palette) -> PaletteNames {
        PaletteNames(
            primary: name(of: palette.primary), secondary: name(of: palette.secondary),
            accent: name(of: palette.accent))
    }

    private mutating func name(of color: RGB) -> String {
        if let known = names[color] { return known }
        if names.count >= Self.capacity { names.removeAll(keepingCapacity: true) }
        let name = ColorNames.nearest(to: color).name.name
        names[color] = name
        return name
    }
}
