import PaletteCore

/// The four status colours of a design system, each in its conventional family.
public enum StatusKind: String, CaseIterable, Sendable, Hashable, Codable {
    case success
    case warning
    case error
    case info

    /// The OKLCH hues (degrees) the family spans: green, amber to orange, red, blue.
    public var hueRange: ClosedRange<Double> {
        switch self {
        case .success: return 135...165
        case .warning: return 50...85
        case .error: return 17...35
        case .info: return 228...265
        }
    }

    /// Where the family sits when nothing pushes it: its most typical hue.
    var nominalHue: Double {
        switch self {
        case .success: return 150
        case .warning: return 70
        case .error: return 27
        case .info: return 250
        }
    }

    /// How much lighter than the palette's own lightness the family usually sits (amber reads as
    /// a warning only when it is light; a red error reads best a little darker).
    var lightnessOffset: Double {
        switch self {
        case .success: return 0.02
        case .warning: return 0.14
        case .error: return -0.03
        case .info: return 0
        }
    }
}

/// The smallest CIEDE2000 difference between two colours as seen with normal vision and with
/// each simulated deficiency (Machado 2009, full severity).
public func distinctness(_ a: RGB, _ b: RGB) -> (difference: Double, vision: VisionDeficiency?) {
    var worst = CIEDE2000.difference(a, b)
    var which: VisionDeficiency? = nil
    for deficiency in VisionDeficiency.allCases {
        let d = CIEDE2000.difference(deficiency.simulate(a), deficiency.simulate(b))
        if d < worst {
            worst = d
            which = deficiency
        }
    }
    return (worst, which)
}

/// A colour as seen with normal vision and with each simulated deficiency, in CIELAB, so that
/// the search compares candidates without simulating them again.
struct Seen {
    let color: RGB
    let labs: [CIELab]

    init(_ color: RGB) {
        self.color = color
        labs = [CIELab(color)] + VisionDeficiency.allCases.map { CIELab($0.simulate(color)) }
    }

    /// `distinctness`'s difference, on the precomputed views; once it is known to be below
    /// `floor`, the rest is not computed (the caller only needs to know that).
    func difference(_ other: Seen, floor: Double = -Double.infinity) -> Double {
        var worst = Double.infinity
        for i in 0..<labs.count {
            worst = min(worst, CIEDE2000.difference(labs[i], other.labs[i]))
            if worst < floor { return worst }
        }
        return worst
    }
}

/// Chooses the four status colours for a palette: each in its family, its lightness and chroma
/// tuned to the palette, and as far as can be from the others and from the palette's roles under
/// normal vision and every simulated deficiency.
enum StatusSearch {
    /// The difference the system promises between any two of the status colours and palette roles.
    static let required = 10.0

    static func choose(for palette: Palette, lightBackground: RGB) -> [StatusKind: RGB] {
        let roles = palette.colors
        let lchs = roles.map { OKLCH($0) }
        let chromas = lchs.map(\.c).sorted()
        let targetChroma = min(0.19, max(0.11, chromas[1]))
        let meanL = lchs.map(\.l).reduce(0, +) / 3
        let baseL = min(0.66, max(0.54, meanL))

        func candidates(_ kind: StatusKind) -> [RGB] {
            var out: [RGB] = []
            // Hues a little inside the family, so that the lighter and darker steps of the
            // status colour's scale (rounded to 8 bits) stay in it too.
            let range = kind.hueRange
            var h = range.lowerBound + 3
            while h <= range.upperBound - 3 + 1e-9 {
                for j in -7...7 {
                    let l = min(0.9, max(0.36, baseL + kind.lightnessOffset + Double(j) * 0.038))
                    for c in [targetChroma, targetChroma * 1.35] {
                        let rgb = OKLCH(l: l, c: c, h: h).gamutMapped()
                        // Mapping can only shift the hue by a rounding step; keep what stays in
                        // family, and (amber aside) what stands out from the light background.
                        guard (range.lowerBound + 2...range.upperBound - 2).contains(OKLCH(rgb).h) else { continue }
                        if kind != .warning && WCAG.contrast(rgb, lightBackground) < DesignSystem.fillContrast {
                            continue
                        }
                        out.append(rgb)
                    }
                }
                h += 5
            }
            return out
        }

        func closeness(_ kind: StatusKind, _ c: RGB) -> Double {
            let lch = OKLCH(c)
            return abs(lch.h - kind.nominalHue) / 12 + abs(lch.l - (baseL + kind.lightnessOffset)) * 25
        }
        var start: [StatusKind: RGB] = [:]
        for kind in StatusKind.allCases {
            start[kind] = OKLCH(l: baseL + kind.lightnessOffset, c: targetChroma, h: kind.nominalHue).gamutMapped()
        }
        let pool = Dictionary(uniqueKeysWithValues: StatusKind.allCases.map { ($0, candidates($0)) })
        return spread(start: start, pool: pool, fixed: roles, closeness: closeness)
    }

    /// Coordinate ascent: each status in turn takes the candidate farthest (by `distinctness`)
    /// from the others and from `fixed`, up to a little past the promise, and then the one nearest
    /// its family's usual place.
    static func spread(
        start: [StatusKind: RGB], pool: [StatusKind: [RGB]], fixed: [RGB], closeness: (StatusKind, RGB) -> Double
    ) -> [StatusKind: RGB] {
        var chosen = start.mapValues(Seen.init)
        let seenPool = pool.mapValues { $0.map(Seen.init) }
        let seenFixed = fixed.map(Seen.init)
        for _ in 0..<4 {
            var changed = false
            for kind in StatusKind.allCases {
                let otherStatus = StatusKind.allCases.filter { $0 != kind }.compactMap { chosen[$0] }
                var best: (score: Double, seen: Seen)? = nil
                for c in seenPool[kind] ?? [] {
                    // Apart from the other status colours first (they must tell apart from each
                    // other in any vision), then from the palette's roles.
                    // The roles' term is worth at most `cap * 10`: a candidate whose distance from
                    // the other status colours already loses to the best is not looked at further.
                    let cap = required + 1.5
                    let needed = best.map { ($0.score - cap * 10) / 100 } ?? -Double.infinity
                    var amongStatus = Double.infinity
                    for o in otherStatus {
                        amongStatus = min(amongStatus, c.difference(o, floor: needed))
                        if amongStatus < needed { break }
                    }
                    if amongStatus < needed { continue }
                    var fromRoles = Double.infinity
                    for o in seenFixed { fromRoles = min(fromRoles, c.difference(o)) }
                    let score =
                        min(amongStatus, cap) * 100 + min(fromRoles, cap) * 10
                        - closeness(kind, c.color)
                    if let b = best, score <= b.score { continue }
                    best = (score, c)
                }
                if let best, best.seen.color != chosen[kind]?.color {
                    chosen[kind] = best.seen
                    changed = true
                }
            }
            if !changed { break }
        }
        return chosen.mapValues(\.color)
    }
}
