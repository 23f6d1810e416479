/// A level and the background it is judged on: what `--accessible` asks of a generated palette.
public struct AccessibilityRequirement: Hashable, Sendable {
    public var level: AccessibilityLevel
    public var background: RGB

    public init(level: AccessibilityLevel, background: RGB = WCAG.white) {
        self.level = level
        self.background = background
    }

    /// Why `palette` misses the requirement; empty when it meets it.
    public func failures(_ palette: Palette) -> [AccessibilityFailure] {
        PaletteAudit(palette, background: background).failures(level)
    }

    public func isMet(by palette: Palette) -> Bool { failures(palette).isEmpty }

    /// The palette nearest `palette` that meets the requirement, each role keeping its hue, and
    /// the roles that moved; nil only if no lightness of any role can meet it (not seen: black
    /// or white for the accent and two spaced lightnesses for the others always can).
    ///
    /// First, repeatedly, of the roles a failure involves, the one that can move least (ΔE00)
    /// to a lightness where every rule involving it holds is moved: a move keeps the rules of
    /// the roles moved before, so three moves at most. If no single role can, the lightnesses
    /// of all three are chosen together on a coarse lattice (0.02), the sum of their moves
    /// smallest. Roles in `fixed` (locked by the user) never move.
    public func enforce(_ palette: Palette, fixed: Set<Role> = []) -> (palette: Palette, changes: [RoleChange])? {
        var current = palette
        for _ in 0..<Role.allCases.count {
            let failing = failures(current)
            if failing.isEmpty { break }
            var involved: [Role] = []
            for failure in failing { for r in failure.roles where !involved.contains(r) { involved.append(r) } }
            var best: (role: Role, result: LightnessSearch.Result)?
            for role in Role.allCases where involved.contains(role) && !fixed.contains(role) {
                let rules = RoleRules(role, in: current, self)
                if let found = LightnessSearch.nearest(on: LightnessPath(current[role]), score: rules.score),
                   best == nil || found.deltaE < best!.result.deltaE {
                    best = (role, found)
                }
            }
            guard let best else { break }
            current[best.role] = best.result.color
        }
        if !isMet(by: current) {
            guard let joint = jointSearch(palette, fixed: fixed) else { return nil }
            current = joint
        }
        let changes = Role.allCases.compactMap { role in
            palette[role] == current[role] ? nil : RoleChange(role: role, from: palette[role], to: current[role])
        }
        return (current, changes)
    }

    /// Every rule involving one role, the others held: a score of 1 or more when all hold.
    struct RoleRules {
        let role: Role
        let textRatio: Double
        /// Colours the role needs 3:1 against: for the accent, primary, secondary and the
        /// background; for the others, the accent.
        let contrastWith: [RGB]
        /// The other roles' colours as simulated, for each deficiency in order.
        let othersSimulated: [[CIELab]]

        init(_ role: Role, in palette: Palette, _ requirement: AccessibilityRequirement) {
            self.role = role
            textRatio = requirement.level.textRatio
            let others = Role.allCases.filter { $0 != role }
            contrastWith = role == .accent
                ? [palette.primary, palette.secondary, requirement.background] : [palette.accent]
            othersSimulated = VisionDeficiency.allCases.map { kind in
                others.map { CIELab(kind.simulate(palette[$0])) }
            }
        }

        func score(_ c: RGB) -> Double {
            var s = AccessibilityLevel.inkRatio(c) / textRatio
            for other in contrastWith { s = min(s, WCAG.contrast(c, other) / PaletteAudit.nonText) }
            // Below this no simulated difference can change a decision of the search.
            if s < 0.9 { return s }
            for (k, kind) in VisionDeficiency.allCases.enumerated() {
                let lab = CIELab(kind.simulate(c))
                for other in othersSimulated[k] {
                    s = min(s, CIEDE2000.difference(lab, other) / PaletteAudit.distinct)
                }
            }
            return s
        }
    }

    /// All three lightnesses chosen together on a lattice of 0.02 (black and white included),
    /// the originals too; the valid choice with the smallest summed ΔE00 from the originals.
    func jointSearch(_ palette: Palette, fixed: Set<Role>) -> Palette? {
        struct Option {
            var color: RGB
            var cost: Double
            var luminance: Double
            var simulated: [CIELab]
        }
        let ratio = level.textRatio
        func options(_ role: Role) -> [Option] {
            let path = LightnessPath(palette[role])
            var seen: Set<RGB> = []
            var out: [Option] = []
            let stride = LightnessPath.steps / 50
            let lattice = fixed.contains(role) ? [] : Swift.stride(from: 0, through: LightnessPath.steps, by: stride).map(path.color(atStep:))
            for color in [palette[role]] + lattice {
                guard seen.insert(color).inserted, AccessibilityLevel.inkRatio(color) >= ratio,
                      color == palette[role] || path.keepsHue(color) else { continue }
                out.append(Option(color: color, cost: path.distance(to: color), luminance: WCAG.luminance(color),
                                  simulated: VisionDeficiency.allCases.map { CIELab($0.simulate(color)) }))
            }
            return out
        }
        func contrast(_ x: Option, _ y: Double) -> Double {
            (max(x.luminance, y) + 0.05) / (min(x.luminance, y) + 0.05)
        }
        func distinct(_ x: Option, _ y: Option) -> Bool {
            (0..<x.simulated.count).allSatisfy {
                CIEDE2000.difference(x.simulated[$0], y.simulated[$0]) >= PaletteAudit.distinct
            }
        }
        let backgroundY = WCAG.luminance(background)
        let accents = options(.accent).filter { contrast($0, backgroundY) >= PaletteAudit.nonText }
        let primaries = options(.primary), secondaries = options(.secondary)
        func fits(_ x: Option, _ accent: Option) -> Bool {
            contrast(x, accent.luminance) >= PaletteAudit.nonText && distinct(x, accent)
        }
        let primaryPairs = secondaries.isEmpty ? [] : primaries.indices.map { p in
            secondaries.indices.map { s in distinct(primaries[p], secondaries[s]) }
        }
        var best: (cost: Double, palette: Palette)?
        for accent in accents {
            let ps = primaries.indices.filter { fits(primaries[$0], accent) }
            let ss = secondaries.indices.filter { fits(secondaries[$0], accent) }
            for p in ps {
                for s in ss where primaryPairs[p][s] {
                    let cost = accent.cost + primaries[p].cost + secondaries[s].cost
                    if best == nil || cost < best!.cost {
                        best = (cost, Palette(primary: primaries[p].color, secondary: secondaries[s].color,
                                              accent: accent.color))
                    }
                }
            }
        }
        return best?.palette
    }
}
