import PaletteCore
import PaletteHistory
import PaletteText

/// What the app judges palettes against: the level, the background, and whether every
/// request asks for palettes that meet the level (`--accessible`).
public struct AccessSettings: Hashable, Sendable {
    /// The level the audit panel and the repair key judge by: `--accessible`, else AA.
    public var level: AccessibilityLevel
    /// The background the audit judges on: `--background`, else light (#FFFFFF).
    public var background: RGB
    /// Set by `--accessible`: each request carries the level and the background.
    public var generatesToLevel: Bool

    public init(level: AccessibilityLevel = .aa, background: RGB = WCAG.white, generatesToLevel: Bool = false) {
        self.level = level
        self.background = background
        self.generatesToLevel = generatesToLevel
        backgrounds = [WCAG.white, WCAG.black]
        if !backgrounds.contains(background) { backgrounds.append(background) }
    }

    /// The backgrounds `b` cycles through: light, dark, and the one given, if another.
    public private(set) var backgrounds: [RGB]

    /// The constraint a request carries, when generating to the level.
    public var requirement: AccessibilityRequirement? {
        generatesToLevel ? AccessibilityRequirement(level: level, background: background) : nil
    }
}

/// A palette change the repair key made, which `u` takes back.
/// The audit panel's content, computed by the reducer when its inputs change, never while
/// drawing: the audit of the shown palette and the repair the key would make to the selected
/// pane.
public struct AuditView: Hashable, Sendable {
    public var audit: PaletteAudit
    public var level: AccessibilityLevel
    /// What `x` would do to the selected pane.
    public var offer: RoleRepair
    /// The checks the offered repair would break (passing now, failing after).
    public var offerBreaks: [AuditCheck] = []

    init(palette: Palette, background: RGB, level: AccessibilityLevel, selected: Role) {
        audit = PaletteAudit(palette, background: background)
        self.level = level
        offer = RoleRepair(selected, in: audit, level: level)
        if case .repaired(let change) = offer.outcome {
            var after = palette
            after[change.role] = change.to
            let report = RepairReport(
                change, before: audit, after: PaletteAudit(after, background: background), level: level)
            offerBreaks = report.broke.map(\.check)
        }
    }

    /// The roles some rule of the level fails for, in role order.
    var failingRoles: [Role] {
        let failures = audit.failures(level)
        return Role.allCases.filter { role in failures.contains { $0.roles.contains(role) } }
    }

    /// True when the view was computed from these inputs.
    func isFor(_ palette: Palette, _ background: RGB, _ level: AccessibilityLevel, _ selected: Role) -> Bool {
        audit.palette == palette && audit.background == background && self.level == level && offer.role == selected
    }
}

extension AppState {
    // MARK: - The commands

    /// `a`: shows or hides the audit panel under the panes.
    mutating func toggleAudit() {
        isShowingAudit.toggle()
        keepViewsInBounds()
    }

    /// `v`: normal, protan, deutan, tritan, normal... The whole screen is drawn through the
    /// simulation.
    mutating func cycleVision() {
        let all: [VisionDeficiency?] = [nil] + VisionDeficiency.allCases.map(Optional.some)
        let i = all.firstIndex(of: vision) ?? 0
        vision = all[(i + 1) % all.count]
        say(AccessWords.visionNow(vision), .info)
    }

    /// `b`: the next background the audit (and generation to a level) judges on.
    mutating func cycleBackground() {
        let all = access.backgrounds
        let i = all.firstIndex(of: access.background) ?? 0
        access.background = all[(i + 1) % all.count]
        say(AccessWords.backgroundNow(access.background), .info)
    }

    /// `x`: repairs the selected pane against its worst failure at the level and says what
    /// changed; the palette before is one undo step and the repaired one goes into history.
    mutating func repairSelected() -> [Effect] {
        guard let current = shown else {
            say(UIText.noPalette, .info)
            return []
        }
        let role = selectedRole
        // A locked colour is kept exactly: the repair says so instead of moving it.
        if workbench.locked.contains(role) {
            say(AccessWords.repairLocked(role), .warning)
            return []
        }
        let audit = PaletteAudit(current.palette, background: access.background)
        let repair = RoleRepair(role, in: audit, level: access.level)
        guard case .repaired(let change) = repair.outcome else {
            say(AccessWords.repairNotMade(repair, level: access.level), .info)
            return []
        }
        var palette = current.palette
        palette[role] = change.to
        // What the change does, check by check, from the audits before and after it: the check
        // it was asked to fix must pass, or nothing changes.
        let report = RepairReport(
            change, before: audit, after: PaletteAudit(palette, background: access.background), level: access.level)
        if let rule = repair.rule, let short = report.stillFailing.first(where: { $0.check == Self.check(rule, role) })
        {
            say(AccessWords.repairFellShort(role, short, level: access.level), .warning)
            return []
        }
        let before = snapshot
        let entry = HistoryEntry(
            id: clock.value.makeID(), created: clock.value.now(), description: current.description,
            palette: palette, provider: current.provider, model: current.model,
            lineage: HistoryEntry.Lineage(parent: current.entryID, change: .repaired(role)))
        shown = ShownPalette(
            palette: palette, description: current.description, provider: current.provider,
            model: current.model, isFallback: current.isFallback,
            names: colorNames.value.names(for: palette, language: language),
            rationale: current.rationale, entryID: entry.id, creditedToLock: current.creditedToLock)
        history.append(entry)
        // The panes keep the repaired palette in view (the history's focus shows its own row).
        if focus == .history { focus = .panes }
        keepViewsInBounds()
        // One step of the workbench's undo history (`u` puts the palette before it back).
        workbench.record(.workbench(before: before, after: snapshot))
        let clean = report.broke.isEmpty && report.stillFailing.isEmpty
        say(AccessWords.repairReport(report, level: access.level), clean ? .success : .warning)
        return [.appendHistory(entry)]
    }

    /// The check a repair's rule names, for `role`.
    static func check(_ rule: RoleRepair.Rule, _ role: Role) -> AuditCheck {
        switch rule {
        case .ink: return .ink(role)
        case .contrast(let against, _, _):
            return role == .accent ? .accent(against: against) : .accent(against: .role(role))
        case .vision(let kind, let other):
            let order = Role.allCases
            let (a, b) =
                (order.firstIndex(of: role) ?? 0) < (order.firstIndex(of: other) ?? 0) ? (role, other) : (other, role)
            return .vision(kind, a, b)
        }
    }

    /// Recomputes the audit panel's content when what it shows has changed.
    mutating func refreshAuditView() {
        guard isShowingAudit, let palette = shown?.palette else {
            // A case test, not `!= nil`, which copied the view out of the state on every action.
            if case .some = auditView { auditView = nil }
            return
        }
        if let view = auditView, view.isFor(palette, access.background, access.level, selectedRole) { return }
        auditView = AuditView(
            palette: palette, background: access.background, level: access.level, selected: selectedRole)
    }
}
