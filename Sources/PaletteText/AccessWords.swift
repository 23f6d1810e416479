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

    /// The status line after `u` took a repair back.
    public static func undone(_ role: Role, from: RGB, to: RGB) -> Localized {
        let who = AccessText.subject(.role(role))
        return Localized(
            "Undone: \(who.english) back to \(to.hex) (was \(from.hex)).",
            "已復原：\(who.traditional)回到 \(to.hex)（原為 \(from.hex)）。",
            "已撤销：\(who.simplified)回到 \(to.hex)（原为 \(from.hex)）。")
    }
}
