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
    /// the roles moved before, so three moves at most. If that does not reach the level, the
    /// lightnesses of all three are chosen together on a coarse lattice (0.02), the sum of
    /// their moves smallest, and each moved role is then brought back as near its original as
    /// the fine lattice allows with the others held. Roles in `fixed` (locked) never move.
    public func enforce(_ palette: Palette, fixed: Set<Role> = []) -> (palette: Palette, changes: [RoleChange])? {
        var current = palette
        for _ in 0..<Role.allCases.count {
            let failing = failures(current)
            if failing.isEmpty { break }
            var involved: [Role] = []
            for failure in failing { for r in failure.roles where !involved.contains(r) { involved.append(r) } }
            var best: (role: Role, result: LightnessSearch.Result)?
            for role in Role.allCases where involved.contains(role) && !fixed.contains(role) {
                if let found = nearest(role, from: palette[role], in: current),
                    best == nil || found.deltaE < best!.result.deltaE
                {
                    best = (role, found)
                }
            }
            guard let best else { break }
            current[best.role] = best.result.color
        }
        if !isMet(by: current) {
            guard var joint = jointSearch(palette, fixed: fixed) else { return nil }
            for role in Role.allCases where joint[role] != palette[role] {
                if let nearer = nearest(role, from: palette[role], in: joint) { joint[role] = nearer.color }
            }
            current = joint
        }
        let changes = Role.allCases.compactMap { role in
            palette[role] == current[role] ? nil : RoleChange(role: role, from: palette[role], to: current[role])
        }
        return (current, changes)
    }

    /// The colour nearest `original` on its lightness path where every rule involving `role`
    /// holds, the other roles as in `palette`.
    func nearest(_ role: Role, from original: RGB, in palette: Palette) -> LightnessSearch.Result? {
        var probe = palette
        probe[role] = original
        let rules = RoleRules(role, in: probe, self)
        if rules.score(original) >= 1 { return LightnessSearch.Result(color: original, deltaE: 0) }
        return LightnessSearch.nearest(on: LightnessPath(original), score: rules.score)
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
            contrastWith =
                role == .accent
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
                    // Lightness alone may already settle it (a lower bound of ΔE00).
                    if CIEDE2000.lightnessBound(lab, other) >= PaletteAudit.distinct { continue }
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
            let lattice =
                fixed.contains(role)
                ? [] : Swift.stride(from: 0, through: LightnessPath.steps, by: stride).map(path.color(atStep:))
            for color in [palette[role]] + lattice {
                guard seen.insert(color).inserted, AccessibilityLevel.inkRatio(color) >= ratio,
                    color == palette[role] || path.keepsHue(color)
                else { continue }
                out.append(
                    Option(
                        color: color, cost: path.distance(to: color), luminance: WCAG.luminance(color),
                        simulated: VisionDeficiency.allCases.map { CIELab($0.simulate(color)) }))
            }
            return out.sorted { $0.cost < $1.cost }
        }
        func contrast(_ x: Option, _ y: Double) -> Double {
            (max(x.luminance, y) + 0.05) / (min(x.luminance, y) + 0.05)
        }
        func distinct(_ x: Option, _ y: Option) -> Bool {
            (0..<x.simulated.count).allSatisfy {
                CIEDE2000.lightnessBound(x.simulated[$0], y.simulated[$0]) >= PaletteAudit.distinct
                    || CIEDE2000.difference(x.simulated[$0], y.simulated[$0]) >= PaletteAudit.distinct
            }
        }
        let backgroundY = WCAG.luminance(background)
        let accents = options(.accent).filter { contrast($0, backgroundY) >= PaletteAudit.nonText }
        let primaries = options(.primary)
        let secondaries = options(.secondary)
        func fits(_ x: Option, _ accent: Option) -> Bool {
            contrast(x, accent.luminance) >= PaletteAudit.nonText && distinct(x, accent)
        }
        // Options are sorted by cost, so a branch stops as soon as it cannot beat the best.
        var best: (cost: Double, palette: Palette)?
        var apart: [Int: Bool] = [:]
        for accent in accents {
            if let best, accent.cost >= best.cost { break }
            let ss = secondaries.indices.filter { fits(secondaries[$0], accent) }
            guard let cheapestS = ss.first else { continue }
            for (p, primary) in primaries.enumerated() {
                let base = accent.cost + primary.cost
                if let best, base + secondaries[cheapestS].cost >= best.cost { break }
                guard fits(primary, accent) else { continue }
                for s in ss {
                    let cost = base + secondaries[s].cost
                    if let best, cost >= best.cost { break }
                    let key = p * secondaries.count + s
                    let ok = apart[key] ?? distinct(primary, secondaries[s])
                    apart[key] = ok
                    if ok {
                        best = (
                            cost, Palette(primary: primary.color, secondary: secondaries[s].color, accent: accent.color)
                        )
                        break
                    }
                }
            }
        }
        return best?.palette
    }
}
