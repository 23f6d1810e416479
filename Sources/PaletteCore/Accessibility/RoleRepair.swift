/// What repairing one role against its worst failure did: the app's repair key.
///
/// The worst failure involving the role is the one furthest below its threshold (figure over
/// threshold smallest): the accent's 3:1 against a role or the background, the role's own ink
/// at the level's ratio, or a deficiency under which it collapses with another role. The role
/// is moved by lightness only, keeping its hue: to the nearest colour where every rule of the
/// level involving it holds, the other roles as they are (`clearsRole`), so a repair does not
/// trade one failure for another; when no lightness does that, to the nearest that passes the
/// worst failure (`ContrastRepair`, `Palette.split` moving this role).
public struct RoleRepair: Hashable, Sendable {
    public enum Rule: Hashable, Sendable {
        /// A contrast against another role or the background.
        case contrast(against: AuditSubject, color: RGB, target: ContrastTarget)
        /// The role's own readable ink (black or white) at the level's ratio.
        case ink(RGB, target: ContrastTarget)
        /// The simulated ΔE00 against another role under a deficiency.
        case vision(VisionDeficiency, other: Role)
    }

    public enum Outcome: Hashable, Sendable {
        /// No rule involving the role fails.
        case nothingFails
        /// The role moved.
        case repaired(RoleChange)
        /// No lightness of the role meets the rule.
        case unreachable
    }

    public var role: Role
    /// The rule repaired; nil when nothing fails.
    public var rule: Rule?
    /// The rule's figure before and after (ratio, or simulated ΔE00).
    public var before: Double
    public var after: Double
    public var outcome: Outcome
    /// True when, after the repair, no rule of the level involving the role fails.
    public var clearsRole: Bool

    /// Repairs `role` of `audit`'s palette against its worst failure at `level`.
    public init(_ role: Role, in audit: PaletteAudit, level: AccessibilityLevel) {
        self.role = role
        let palette = audit.palette
        func severity(_ f: AccessibilityFailure) -> Double {
            switch f {
            case .ink(_, let r): return r / level.textRatio
            case .accent(_, let r): return r / PaletteAudit.nonText
            case .indistinct(_, _, _, let d): return d / PaletteAudit.distinct
            }
        }
        let worst = audit.failures(level).filter { $0.roles.contains(role) }.min { severity($0) < severity($1) }
        guard let worst else {
            rule = nil
            before = 0
            after = 0
            outcome = .nothingFails
            clearsRole = true
            return
        }
        let requirement = AccessibilityRequirement(level: level, background: audit.background)
        if let whole = requirement.nearestScanning(role, from: palette[role], in: palette), whole.color != palette[role]
        {
            self = RoleRepair(role, palette, worst, level: level, background: audit.background, to: whole.color)
            return
        }
        // No lightness clears every rule of the role: the worst one alone (which leaves others).
        clearsRole = false
        switch worst {
        case .ink(_, let ratio):
            // Against whichever ink the nearer repair reaches.
            let target = ContrastTarget.ratio(level.textRatio)
            let tries = [WCAG.black, WCAG.white].map { ContrastRepair(palette[role], against: $0, target: target) }
            let best = tries.filter { if case .repaired = $0.outcome { return true } else { return false } }
                .min { $0.deltaE < $1.deltaE }
            let ink = best?.against ?? WCAG.readableInk(on: palette[role])
            rule = .ink(ink, target: target)
            before = ratio
            if let best {
                after = AccessibilityLevel.inkRatio(best.result)
                outcome = .repaired(RoleChange(role: role, from: palette[role], to: best.result))
            } else {
                after = ratio
                outcome = .unreachable
            }
        case .accent(let other, let ratio):
            let (against, color): (AuditSubject, RGB)
            if role == .accent {
                against = other
                if case .role(let r) = other { color = palette[r] } else { color = audit.background }
            } else {
                against = .role(.accent)
                color = palette.accent
            }
            let target = ContrastTarget.ratio(PaletteAudit.nonText)
            let repair = ContrastRepair(palette[role], against: color, target: target)
            rule = .contrast(against: against, color: color, target: target)
            before = ratio
            after = repair.after
            if case .repaired(let c) = repair.outcome {
                outcome = .repaired(RoleChange(role: role, from: palette[role], to: c))
            } else {
                outcome = .unreachable
            }
        case .indistinct(let kind, let a, let b, let deltaE):
            let other = a == role ? b : a
            rule = .vision(kind, other: other)
            before = deltaE
            if let change = palette.split(a, b, under: kind, moving: role) {
                after = CIEDE2000.difference(kind.simulate(change.to), kind.simulate(palette[other]))
                outcome = .repaired(change)
            } else {
                after = deltaE
                outcome = .unreachable
            }
        }
    }

    /// `role` moved to `color`, where every rule involving it holds; `worst` is the failure
    /// reported, its figure before and after.
    private init(
        _ role: Role, _ palette: Palette, _ worst: AccessibilityFailure, level: AccessibilityLevel, background: RGB,
        to color: RGB
    ) {
        self.role = role
        outcome = .repaired(RoleChange(role: role, from: palette[role], to: color))
        clearsRole = true
        switch worst {
        case .ink(_, let ratio):
            rule = .ink(WCAG.readableInk(on: color), target: .ratio(level.textRatio))
            before = ratio
            after = AccessibilityLevel.inkRatio(color)
        case .accent(let other, let ratio):
            let against: AuditSubject
            let otherColor: RGB
            if role == .accent {
                against = other
                if case .role(let r) = other { otherColor = palette[r] } else { otherColor = background }
            } else {
                against = .role(.accent)
                otherColor = palette.accent
            }
            rule = .contrast(against: against, color: otherColor, target: .ratio(PaletteAudit.nonText))
            before = ratio
            after = WCAG.contrast(color, otherColor)
        case .indistinct(let kind, let a, let b, let deltaE):
            let other = a == role ? b : a
            rule = .vision(kind, other: other)
            before = deltaE
            after = CIEDE2000.difference(kind.simulate(color), kind.simulate(palette[other]))
        }
    }
}
