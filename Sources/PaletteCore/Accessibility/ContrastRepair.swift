/// A colour moved, by lightness only, until it reaches a contrast target against another.
///
/// The nearest passing colour keeps the original's OKLCH hue (within 2° after rounding, where
/// both have chroma above 0.05), is mapped into sRGB by reducing chroma at constant lightness
/// and hue, is rounded to `#RRGGBB` and checked again after rounding. Nearest means the
/// smallest CIEDE2000 from the original among the passing colours, lighter or darker.
public struct ContrastRepair: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// The colour already reaches the target: nothing moved.
        case alreadyMet
        /// The nearest passing colour.
        case repaired(RGB)
        /// No lightness reaches the target with this hue. `ink` is the more readable of black
        /// and white against the other colour, the one to offer instead; `inkMeets` says
        /// whether even it reaches the target.
        case unreachable(ink: RGB, inkMeets: Bool)
    }

    public var original: RGB
    public var against: RGB
    public var target: ContrastTarget
    public var outcome: Outcome
    /// The target's figure before the repair (ratio or |Lc|).
    public var before: Double

    public init(_ color: RGB, against other: RGB, target: ContrastTarget) {
        original = color
        against = other
        self.target = target
        before = target.measure(color, against: other)
        if before >= target.threshold {
            outcome = .alreadyMet
            return
        }
        let path = LightnessPath(color)
        let threshold = target.threshold
        let found = LightnessSearch.nearest(on: path) { target.measure($0, against: other) / threshold }
        if let found {
            outcome = .repaired(found.color)
        } else {
            let ink = target.ink(against: other)
            outcome = .unreachable(ink: ink, inkMeets: target.isMet(ink, against: other))
        }
    }

    /// The colour after the repair: the repaired one, else the original.
    public var result: RGB {
        if case .repaired(let c) = outcome { return c }
        return original
    }

    /// The target's figure for `result`.
    public var after: Double { target.measure(result, against: against) }

    /// CIEDE2000 between the original and the result.
    public var deltaE: Double { CIEDE2000.difference(original, result) }
}

/// One role's colour changed by a repair: which, from what, to what.
public struct RoleChange: Hashable, Sendable {
    public var role: Role
    public var from: RGB
    public var to: RGB

    public init(role: Role, from: RGB, to: RGB) {
        self.role = role
        self.from = from
        self.to = to
    }
}

extension Palette {
    /// Splits two roles that collapse under a colour-vision deficiency.
    ///
    /// Moves the lightness of `a` or of `b` away from the other's until their colours,
    /// simulated for `deficiency`, are at least ΔE00 10 apart (`PaletteAudit.distinct`); of
    /// the two, the role that moves least (ΔE00 from its own colour) changes, or `moving` when
    /// it is given (the app's repair key moves the selected pane). Nil when they are already
    /// that far apart, or no lightness of the role or roles allowed to move gets there.
    public func split(_ a: Role, _ b: Role, under deficiency: VisionDeficiency, moving: Role? = nil) -> RoleChange? {
        let distinct = PaletteAudit.distinct
        if CIEDE2000.difference(deficiency.simulate(self[a]), deficiency.simulate(self[b])) >= distinct {
            return nil
        }
        var best: (role: Role, result: LightnessSearch.Result)?
        for (mover, other) in [(a, b), (b, a)] where moving == nil || moving == mover {
            let path = LightnessPath(self[mover])
            let otherLab = CIELab(deficiency.simulate(self[other]))
            let otherL = OKLCH(self[other]).l
            let direction: LightnessSearch.Direction =
                path.lch.l > otherL ? .lighter : path.lch.l < otherL ? .darker : .both
            let found = LightnessSearch.nearest(on: path, direction: direction) { candidate in
                CIEDE2000.difference(CIELab(deficiency.simulate(candidate)), otherLab) / distinct
            }
            if let found, best == nil || found.deltaE < best!.result.deltaE { best = (mover, found) }
        }
        guard let best else { return nil }
        return RoleChange(role: best.role, from: self[best.role], to: best.result.color)
    }
}
