import PaletteCore

/// The nearest colour name of each pane's colour, found fast enough to run on every key.
///
/// Browsing the history shows a new palette on every Up/Down, and `ColorNames.nearest`
/// compares a colour with all ~1,100 names by CIEDE2000 (about 230 µs in a release build, so
/// 0.7 ms a palette). This index gives the same answer, ties included, from a fraction of the
/// comparisons: it visits the names in order of lightness outward from the colour's and stops
/// once lightness alone rules out anything closer. That bound is exact: CIEDE2000 is at least
/// |ΔL| / S_L, because its chroma and hue terms sum to at least zero (|R_T| ≤ 2), and S_L is
/// at most 1.7472 for lightness in 0...100.
struct ColorNameIndex: Sendable {
    /// The names of PaletteCore's `ColorNames.all`, built once.
    static let embedded = ColorNameIndex(ColorNames.all)

    /// A little above the largest S_L, so rounding can never prune the true nearest.
    private static let lightnessWeight = 1.75

    private let names: [String]
    /// CIELAB of each name, in `ColorNames.all` order (the order that breaks ties).
    private let labs: [CIELab]
    /// Indices into `labs`, by lightness.
    private let byLightness: [Int32]
    /// `labs[byLightness[i]].l`, contiguous for the binary search.
    private let lightness: [Double]

    init(_ all: [ColorName]) {
        let labs = all.map { CIELab($0.color) }
        let order = labs.indices.sorted { (labs[$0].l, $0) < (labs[$1].l, $1) }
        names = all.map(\.name)
        self.labs = labs
        byLightness = order.map { Int32($0) }
        lightness = order.map { labs[$0].l }
    }

    /// The name `ColorNames.nearest(to:)` gives `color`.
    func nearest(to color: RGB) -> String {
        guard !labs.isEmpty else { return "" }
        let lab = CIELab(color)
        var bestIndex = Int.max
        var bestDelta = Double.infinity
        func consider(_ i: Int) {
            let d = CIEDE2000.difference(lab, labs[i])
            if d < bestDelta || (d == bestDelta && i < bestIndex) {
                bestDelta = d
                bestIndex = i
            }
        }
        var lo = 0, hi = lightness.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if lightness[mid] < lab.l { lo = mid + 1 } else { hi = mid }
        }
        var down = lo - 1, up = lo
        while down >= 0 || up < lightness.count {
            let bound = bestDelta * Self.lightnessWeight
            let downOpen = down >= 0 && lab.l - lightness[down] <= bound
            let upOpen = up < lightness.count && lightness[up] - lab.l <= bound
            if !downOpen && !upOpen { break }
            if upOpen && (!downOpen || lightness[up] - lab.l <= lab.l - lightness[down]) {
                consider(Int(byLightness[up]))
                up += 1
            } else {
                consider(Int(byLightness[down]))
                down -= 1
            }
        }
        return names[bestIndex]
    }
}

/// The nearest colour name of each role of one palette, computed when the palette is shown.
public struct PaletteNames: Hashable, Sendable {
    public let primary: String
    public let secondary: String
    public let accent: String

    /// Looks the three names up (about 80 µs a palette in a release build).
    public init(_ palette: Palette) {
        let index = ColorNameIndex.embedded
        self.init(primary: index.nearest(to: palette.primary), secondary: index.nearest(to: palette.secondary),
                  accent: index.nearest(to: palette.accent))
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
        PaletteNames(primary: name(of: palette.primary), secondary: name(of: palette.secondary),
                     accent: name(of: palette.accent))
    }

    private mutating func name(of color: RGB) -> String {
        if let known = names[color] { return known }
        if names.count >= Self.capacity { names.removeAll(keepingCapacity: true) }
        let name = ColorNameIndex.embedded.nearest(to: color)
        names[color] = name
        return name
    }
}
