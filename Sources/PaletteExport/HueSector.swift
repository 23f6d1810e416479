import PaletteCore

/// The six chromatic ANSI colours and the OKLCH hue range each must stay in.
///
/// ANSI 1-6 (and their bright versions 9-14) keep their meaning: red is reddish, green is
/// greenish. The ranges are documented in `docs/themes.md`; they leave gaps (orange, chartreuse,
/// teal, azure, violet, rose) so that neighbouring slots never meet. A palette colour whose hue
/// falls in a gap is placed in the nearest sector, at its edge.
public enum HueSector: Int, CaseIterable, Sendable, Hashable {
    case red = 1
    case green = 2
    case yellow = 3
    case blue = 4
    case magenta = 5
    case cyan = 6

    /// The ANSI index of the normal colour (1-6); the bright one is 8 more.
    public var ansiIndex: Int { rawValue }

    /// OKLCH hue bounds in degrees, lower...upper, none of them wrapping through 0.
    public var bounds: ClosedRange<Double> {
        switch self {
        case .red: return 5...45
        case .yellow: return 70...112
        case .green: return 125...165
        case .cyan: return 180...225
        case .blue: return 240...285
        case .magenta: return 300...350
        }
    }

    /// The hue an unclaimed slot starts from (the sRGB primaries' and secondaries' OKLCH hues,
    /// pulled into the sector's middle where they sit at an edge).
    public var canonicalHue: Double {
        switch self {
        case .red: return 27
        case .yellow: return 92
        case .green: return 145
        case .cyan: return 200
        case .blue: return 262
        case .magenta: return 328
        }
    }

    /// The English name used by formats that name the colours (`red`, `green`...).
    public var name: String {
        switch self {
        case .red: return "red"
        case .green: return "green"
        case .yellow: return "yellow"
        case .blue: return "blue"
        case .magenta: return "magenta"
        case .cyan: return "cyan"
        }
    }

    /// True when `hue` (degrees, any turn) lies in the sector.
    public func contains(_ hue: Double) -> Bool {
        bounds.contains(HueSector.normalized(hue))
    }

    /// Degrees from `hue` to the nearest edge of the sector, 0 inside it.
    public func distance(to hue: Double) -> Double {
        let h = HueSector.normalized(hue)
        if bounds.contains(h) { return 0 }
        return min(HueSector.angle(h, bounds.lowerBound), HueSector.angle(h, bounds.upperBound))
    }

    /// `hue` moved into the sector, at least `inset` degrees inside its edges.
    public func clamp(_ hue: Double, inset: Double = 0) -> Double {
        let lo = bounds.lowerBound + inset
        let hi = bounds.upperBound - inset
        let h = HueSector.normalized(hue)
        if h >= lo && h <= hi { return h }
        return HueSector.angle(h, lo) <= HueSector.angle(h, hi) ? lo : hi
    }

    /// The sectors in order of distance from `hue`; ties go to the nearer canonical hue.
    public static func nearest(to hue: Double) -> [HueSector] {
        allCases.sorted {
            let a = $0.distance(to: hue)
            let b = $1.distance(to: hue)
            if a != b { return a < b }
            return angle(hue, $0.canonicalHue) < angle(hue, $1.canonicalHue)
        }
    }

    /// The sector holding `hue`, if any.
    public static func containing(_ hue: Double) -> HueSector? {
        allCases.first { $0.contains(hue) }
    }

    /// `hue` in 0..<360.
    public static func normalized(_ hue: Double) -> Double {
        let h = hue.truncatingRemainder(dividingBy: 360)
        return h < 0 ? h + 360 : h
    }

    /// The unsigned angle between two hues, 0...180.
    public static func angle(_ a: Double, _ b: Double) -> Double {
        let d = abs(normalized(a) - normalized(b))
        return d > 180 ? 360 - d : d
    }
}
