import PaletteCore

/// The app's words for the audit panel, the repair key, its undo and the vision toggle, in
/// every language. Figures are cut, never rounded up (`AccessText`).
public enum AccessWords {
    // MARK: - The vision toggle and the background

    /// The title bar's mark while the screen is simulated: "Vision: protan".
    public static func visionTitle(_ d: VisionDeficiency) -> Localized {
        let k = AccessText.deficiency(d)
        return Localized("Vision: \(k.english)", "色覺：\(k.traditional)", "色觉：\(k.simplified)")
    }

    /// The status line after `v`.
    public static func visionNow(_ d: VisionDeficiency?) -> Localized {
        guard let d else {
            return Localized("Colour vision: normal (no simulation).", "色覺：一般（不模擬）。", "色觉：一般（不模拟）。")
        }
        let k = AccessText.deficiency(d)
        return Localized(
            "Colour vision: \(k.english), whole screen simulated (Machado 2009); v: next.",
            "色覺：\(k.traditional)，整個畫面模擬顯示（Machado 2009）；v：下一種。",
            "色觉：\(k.simplified)，整个画面模拟显示（Machado 2009）；v：下一种。")
    }

    /// light #FFFFFF, dark #000000, or the hex alone.
    static func backgroundName(_ color: RGB) -> Localized {
        if color == WCAG.white { return Localized("light \(color.hex)", "淺色 \(color.hex)", "浅色 \(color.hex)") }
        if color == WCAG.black { return Localized("dark \(color.hex)", "深色 \(color.hex)", "深色 \(color.hex)") }
        return Localized(color.hex, chinese: color.hex)
    }

    /// The status line after `b`.
    public static func backgroundNow(_ color: RGB) -> Localized {
        let name = backgroundName(color)
        return Localized(
            "Audit background: \(name.english).", "檢查背景：\(name.traditional)。", "检查背景：\(name.simplified)。")
    }

    // MARK: - The panel

    public static let noPalette = Localized(
        "Contrast audit: no palette to check yet.", "對比檢查：尚無配色可檢查。", "对比检查：尚无配色可检查。")

    /// "Contrast on light #FFFFFF · AA ✗ · AAA ✗ · WCAG 2.2, APCA Lc advisory"
    public static func header(_ audit: PaletteAudit) -> Localized {
        let bg = backgroundName(audit.background)
        let levels = AccessibilityLevel.allCases.map { "\($0.rawValue) \(AccessText.mark(audit.meets($0)))" }
            .joined(separator: " · ")
        return Localized(
            "Contrast on \(bg.english) · \(levels) · WCAG 2.2; APCA Lc advisory",
            "對比，背景\(bg.traditional) · \(levels) · WCAG 2.2；APCA Lc 僅供參考",
            "对比，背景\(bg.simplified) · \(levels) · WCAG 2.2；APCA Lc 仅供参考")
    }

    public static let large = Localized("Large", "大字", "大字")
    public static let nonText = Localized("UI", "非文字", "非文字")
    public static let vision = Localized("Colour vision ΔE00", "色覺 ΔE00", "色觉 ΔE00")

    /// The pass marks of one pair after its ratio: "AA ✓  AAA ✗  Large ✓/✗  UI ✓  Lc 40.7".
    public static func marks(_ p: ContrastPair, _ language: Language) -> String {
        let m = AccessText.mark
        return "AA \(m(p.aaNormal))  AAA \(m(p.aaaNormal))  \(large(language)) \(m(p.aaLarge))/\(m(p.aaaLarge))  "
            + "\(nonText(language)) \(m(p.nonText))  Lc \(AccessText.lc(p.lc))"
    }

    // MARK: - The repair key

    /// What the rule repaired is measured against: "against Secondary", "with its ink #000000",
    /// "apart from Primary with tritan vision".
    public static func rule(_ rule: RoleRepair.Rule) -> Localized {
        switch rule {
        case .contrast(let against, _, _):
            let o = AccessText.subject(against)
            return Localized("against \(o.english)", "對\(o.traditional)", "对\(o.simplified)")
        case .ink(let ink, _):
            return Localized("with its ink \(ink.hex)", "與其文字色 \(ink.hex)", "与其文字色 \(ink.hex)")
        case .vision(let kind, let other):
            let k = AccessText.deficiency(kind)
            let o = AccessText.subject(.role(other))
            return Localized(
                "apart from \(o.english) with \(k.english) vision", "在\(k.traditional)下與\(o.traditional)的差距",
                "在\(k.simplified)下与\(o.simplified)的差距")
        }
    }

    /// A rule's figure: a ratio, or a simulated ΔE00.
    public static func figure(_ value: Double, _ rule: RoleRepair.Rule) -> String {
        switch rule {
        case .contrast, .ink: return AccessText.ratio(value)
        case .vision: return "ΔE00 " + AccessText.deltaE(value)
        }
    }

    /// What a rule needs: "3:1", "4.5:1", "ΔE00 10".
    public static func need(_ rule: RoleRepair.Rule) -> String {
        switch rule {
        case .contrast(_, _, let target), .ink(_, let target): return target.description
        case .vision: return "ΔE00 10"
        }
    }

    /// The panel's offer line without its swatches: "1.12:1 -> 3.01:1 against Secondary".
    public static func change(_ repair: RoleRepair) -> Localized {
        guard let rule = repair.rule else { return Localized("", chinese: "") }
        let r = Self.rule(rule)
        let before = figure(repair.before, rule)
        let after = figure(repair.after, rule)
        return Localized(
            "\(before) -> \(after) \(r.english)", "\(r.traditional)由 \(before) -> \(after)",
            "\(r.simplified)由 \(before) -> \(after)")
    }

    /// The offer line's first word: "x repairs Accent:".
    public static func offer(_ role: Role) -> Localized {
        let who = AccessText.subject(.role(role))
        return Localized("x repairs \(who.english):", "x 修正\(who.traditional)：", "x 修正\(who.simplified)：")
    }

    /// Why `x` makes no change: nothing of the role fails, or no lightness reaches the rule.
    /// `failing` names the roles that do fail, to select instead.
    public static func repairNotMade(_ repair: RoleRepair, level: AccessibilityLevel, failing: [Role] = []) -> Localized
    {
        let who = AccessText.subject(.role(repair.role))
        switch repair.outcome {
        case .nothingFails, .repaired:
            let l = level.rawValue
            guard !failing.isEmpty else {
                return Localized(
                    "Nothing involving \(who.english) fails \(l): no change.",
                    "\(who.traditional)沒有未達 \(l) 的項目：未作變更。", "\(who.simplified)没有未达 \(l) 的项目：未作更改。")
            }
            let names = failing.map { AccessText.subject(.role($0)) }
            let en = names.map(\.english).joined(separator: " or ")
            let hant = names.map(\.traditional).joined(separator: "或")
            let hans = names.map(\.simplified).joined(separator: "或")
            return Localized(
                "Nothing involving \(who.english) fails \(l); select \(en) (←/→) to repair.",
                "\(who.traditional)沒有未達 \(l) 的項目；請選擇\(hant)（←/→）來修正。",
                "\(who.simplified)没有未达 \(l) 的项目；请选择\(hans)（←/→）来修正。")
        case .unreachable:
            guard let rule = repair.rule else { return Localized("", chinese: "") }
            let r = Self.rule(rule)
            let need = Self.need(rule)
            let now = figure(repair.before, rule)
            return Localized(
                "No lightness of \(who.english) reaches \(need) \(r.english) (now \(now)) with its hue: no change; change the other colour, or use the readable ink.",
                "\(who.traditional)在保持色相下，任何明度都無法\(r.traditional)達到 \(need)（目前 \(now)）：未作變更；請改變另一個顏色，或改用可讀文字色。",
                "\(who.simplified)在保持色相下，任何明度都无法\(r.simplified)达到 \(need)（目前 \(now)）：未作更改；请改变另一个颜色，或改用可读文字色。"
            )
        }
    }

    /// Why `x` leaves a locked pane alone.
    public static func repairLocked(_ role: Role) -> Localized {
        let who = AccessText.subject(.role(role))
        return Localized(
            "\(who.english) is locked, so the repair leaves it alone: unlock it first (Space).",
            "\(who.traditional)已鎖定，修正不會改變它：請先解除鎖定（空白鍵）。",
            "\(who.simplified)已锁定，修正不会改变它：请先解除锁定（空格键）。")
    }

    /// The status line after a repair: old hex -> new hex, figure before -> after, u undoes.
    public static func repaired(_ repair: RoleRepair, _ change: RoleChange, level: AccessibilityLevel) -> Localized {
        let who = AccessText.subject(.role(change.role))
        let what = Self.change(repair)
        let l = level.rawValue
        if repair.clearsRole {
            return Localized(
                "Repaired \(who.english) \(change.from.hex) -> \(change.to.hex): \(what.english); u undoes; all its \(l) checks pass, hue kept.",
                "已修正\(who.traditional) \(change.from.hex) -> \(change.to.hex)：\(what.traditional)；按 u 復原；其 \(l) 檢查全部通過，色相不變。",
                "已修正\(who.simplified) \(change.from.hex) -> \(change.to.hex)：\(what.simplified)；按 u 撤销；其 \(l) 检查全部通过，色相不变。"
            )
        }
        return Localized(
            "Repaired \(who.english) \(change.from.hex) -> \(change.to.hex): \(what.english); u undoes; hue kept, but no lightness passes all its \(l) checks.",
            "已修正\(who.traditional) \(change.from.hex) -> \(change.to.hex)：\(what.traditional)；按 u 復原；色相不變，但沒有明度能通過其全部 \(l) 檢查。",
            "已修正\(who.simplified) \(change.from.hex) -> \(change.to.hex)：\(what.simplified)；按 u 撤销；色相不变，但没有明度能通过其全部 \(l) 检查。"
        )
    }

    // MARK: - The checks a repair fixed or broke

    /// One check of the level, by name, without figures: "Accent / Secondary (UI 3:1)",
    /// "Primary's ink (4.5:1)", "Primary / Accent, tritan (ΔE00 10)".
    public static func check(_ check: AuditCheck, level: AccessibilityLevel) -> Localized {
        switch check {
        case .ink(let role):
            let who = AccessText.subject(.role(role))
            let need = ContrastTarget.ratio(level.textRatio).description
            return Localized(
                "\(who.english)'s ink (\(need))", "\(who.traditional)的文字色（\(need)）",
                "\(who.simplified)的文字色（\(need)）")
        case .accent(let other):
            let o = AccessText.subject(other)
            let a = AccessText.subject(.role(.accent))
            return Localized(
                "\(a.english) / \(o.english) (UI 3:1)", "\(a.traditional) / \(o.traditional)（非文字 3:1）",
                "\(a.simplified) / \(o.simplified)（非文字 3:1）")
        case .vision(let kind, let a, let b):
            let k = AccessText.deficiency(kind)
            let x = AccessText.subject(.role(a))
            let y = AccessText.subject(.role(b))
            return Localized(
                "\(x.english) / \(y.english), \(k.english) (ΔE00 10)",
                "\(x.traditional) / \(y.traditional)，\(k.traditional)（ΔE00 10）",
                "\(x.simplified) / \(y.simplified)，\(k.simplified)（ΔE00 10）")
        }
    }

    /// A check's figure: a ratio, or a simulated ΔE00.
    public static func checkFigure(_ check: AuditCheck, _ value: Double) -> String {
        if case .vision = check { return "ΔE00 " + AccessText.deltaE(value) }
        return AccessText.ratio(value)
    }

    /// "Accent / Secondary (UI 3:1) 1.12:1 -> 3.01:1".
    static func moved(_ move: CheckMove, level: AccessibilityLevel) -> Localized {
        let name = check(move.check, level: level)
        let figures = "\(checkFigure(move.check, move.before)) -> \(checkFigure(move.check, move.after))"
        return Localized(
            "\(name.english) \(figures)", "\(name.traditional) \(figures)", "\(name.simplified) \(figures)")
    }

    private static func list(_ moves: [CheckMove], level: AccessibilityLevel) -> Localized {
        let all = moves.map { moved($0, level: level) }
        return Localized(
            all.map(\.english).joined(separator: ", "), all.map(\.traditional).joined(separator: "、"),
            all.map(\.simplified).joined(separator: "、"))
    }

    /// The status line after a repair: the colour, exactly the checks it fixed, the ones it
    /// broke and the ones of the role that still fail, and that u undoes.
    public static func repairReport(_ report: RepairReport, level: AccessibilityLevel) -> Localized {
        let who = AccessText.subject(.role(report.change.role))
        let hexes = "\(report.change.from.hex) -> \(report.change.to.hex)"
        var en = "Repaired \(who.english) \(hexes): fixed \(list(report.fixed, level: level).english)"
        var hant = "已修正\(who.traditional) \(hexes)：修好\(list(report.fixed, level: level).traditional)"
        var hans = "已修正\(who.simplified) \(hexes)：修好\(list(report.fixed, level: level).simplified)"
        if !report.broke.isEmpty {
            let b = list(report.broke, level: level)
            en += "; broke \(b.english)"
            hant += "；但弄壞了\(b.traditional)"
            hans += "；但弄坏了\(b.simplified)"
        }
        if !report.stillFailing.isEmpty {
            let f = list(report.stillFailing, level: level)
            en += "; still failing \(f.english)"
            hant += "；仍未通過\(f.traditional)"
            hans += "；仍未通过\(f.simplified)"
        }
        if report.broke.isEmpty && report.stillFailing.isEmpty {
            en += "; all its \(level.rawValue) checks pass"
            hant += "；其 \(level.rawValue) 檢查全部通過"
            hans += "；其 \(level.rawValue) 检查全部通过"
        }
        return Localized(en + "; u undoes.", hant + "；按 u 復原。", hans + "；按 u 撤销。")
    }

    /// Why `x` made no change: the nearest colour it found leaves the check it was asked to fix failing.
    public static func repairFellShort(_ role: Role, _ move: CheckMove, level: AccessibilityLevel) -> Localized {
        let who = AccessText.subject(.role(role))
        let m = moved(move, level: level)
        return Localized(
            "No change: the nearest \(who.english) found leaves \(m.english), still failing; change another colour, or use the readable ink.",
            "未作變更：找到的最接近的\(who.traditional)使\(m.traditional)，仍未通過；請改變另一個顏色，或改用可讀文字色。",
            "未作更改：找到的最接近的\(who.simplified)使\(m.simplified)，仍未通过；请改变另一个颜色，或改用可读文字色。")
    }

    /// The offer line's tail when the repair would break other checks: "; breaks Accent / Background (UI 3:1)".
    public static func offerBreaks(_ checks: [AuditCheck], level: AccessibilityLevel) -> Localized {
        let names = checks.map { check($0, level: level) }
        return Localized(
            "; breaks " + names.map(\.english).joined(separator: ", "),
            "；會弄壞" + names.map(\.traditional).joined(separator: "、"),
            "；会弄坏" + names.map(\.simplified).joined(separator: "、"))
    }

    /// The ink line of the audit panel: "Ink 4.5:1: Primary ✓ 8.20:1 · Secondary ✗ 3.91:1 · Accent ✓ 5.10:1".
    public static func inkLine(_ audit: PaletteAudit, level: AccessibilityLevel, _ language: Language) -> String {
        let need = ContrastTarget.ratio(level.textRatio).description
        let parts = Role.allCases.map { role -> String in
            let r = AccessibilityLevel.inkRatio(audit.palette[role])
            return AccessText.subject(.role(role))(language) + " " + AccessText.mark(r >= level.textRatio) + " "
                + AccessText.ratio(r)
        }
        let head = Localized("Ink \(need)", "文字色 \(need)", "文字色 \(need)")(language)
        let colon = language == .english ? ": " : "："
        return head + colon + parts.joined(separator: " · ")
    }

    /// The status line after `u` took a repair back.
    public static func undone(_ role: Role, from: RGB, to: RGB) -> Localized {
        let who = AccessText.subject(.role(role))
        return Localized(
            "Undone: \(who.english) back to \(to.hex) (was \(from.hex)).",
            "已復原：\(who.traditional)回到 \(to.hex)（原為 \(from.hex)）。",
            "已撤销：\(who.simplified)回到 \(to.hex)（原为 \(from.hex)）。")
    }
}

/// One check of a level, without its figure: what a repair can fix or break.
public enum AuditCheck: Hashable, Sendable {
    /// The role's readable ink at the level's ratio.
    case ink(Role)
    /// The accent against another subject at 3:1.
    case accent(against: AuditSubject)
    /// Two roles apart (ΔE00 10) under a deficiency; the roles in role order.
    case vision(VisionDeficiency, Role, Role)

    public init(_ failure: AccessibilityFailure) {
        switch failure {
        case .ink(let role, _): self = .ink(role)
        case .accent(let other, _): self = .accent(against: other)
        case .indistinct(let kind, let a, let b, _): self = .vision(kind, a, b)
        }
    }

    /// The check's figure in `audit`: a ratio, or a simulated ΔE00.
    public func figure(in audit: PaletteAudit) -> Double {
        switch self {
        case .ink(let role): return AccessibilityLevel.inkRatio(audit.palette[role])
        case .accent(let other): return audit.pair(.role(.accent), on: other)?.ratio ?? 0
        case .vision(let kind, let a, let b):
            return audit.deficiencies.first { $0.deficiency == kind && $0.a == a && $0.b == b }?.deltaE ?? 0
        }
    }
}

/// A check and its figure before and after a change.
public struct CheckMove: Hashable, Sendable {
    public var check: AuditCheck
    public var before: Double
    public var after: Double

    public init(_ check: AuditCheck, before: Double, after: Double) {
        self.check = check
        self.before = before
        self.after = after
    }
}

/// What a repair did, check by check, worked out from the audits before and after it.
public struct RepairReport: Hashable, Sendable {
    public var change: RoleChange
    /// Failing before, passing after.
    public var fixed: [CheckMove]
    /// Passing before, failing after.
    public var broke: [CheckMove]
    /// Checks involving the role that fail before and after.
    public var stillFailing: [CheckMove]

    public init(_ change: RoleChange, before: PaletteAudit, after: PaletteAudit, level: AccessibilityLevel) {
        self.change = change
        let was = before.failures(level).map(AuditCheck.init)
        let now = after.failures(level).map(AuditCheck.init)
        func move(_ c: AuditCheck) -> CheckMove {
            CheckMove(c, before: c.figure(in: before), after: c.figure(in: after))
        }
        fixed = was.filter { !now.contains($0) }.map(move)
        broke = now.filter { !was.contains($0) }.map(move)
        stillFailing = now.filter { was.contains($0) && Self.involves($0, change.role) }.map(move)
    }

    static func involves(_ check: AuditCheck, _ role: Role) -> Bool {
        switch check {
        case .ink(let r): return r == role
        case .accent(let other): return role == .accent || other == .role(role)
        case .vision(_, let a, let b): return a == role || b == role
        }
    }
}
