import PaletteCore

/// The words of the accessibility work: the audit, repairs and their notes, in every language.
///
/// The command line (`audit`, `repair`, `generate --accessible`) and the app's audit panel
/// both word their results here. Figures are cut, never rounded up, so a shown figure never
/// claims a pass the exact one lacks (4.4999:1 shows as 4.49:1, ΔE00 9.99 as 9.9).
public enum AccessText {
    // MARK: - Names

    /// A role's label, or Background / 背景.
    public static func subject(_ s: AuditSubject) -> Localized {
        switch s {
        case .role(let role):
            return Localized(role.label(.english), role.label(.traditionalChinese), role.label(.simplifiedChinese))
        case .background: return Localized("Background", chinese: "背景")
        }
    }

    /// protan / 紅色盲 ...: the deficiency as the audit and the vision toggle name it.
    public static func deficiency(_ d: VisionDeficiency) -> Localized {
        switch d {
        case .protan: return Localized("protan", "紅色盲", "红色盲")
        case .deutan: return Localized("deutan", "綠色盲", "绿色盲")
        case .tritan: return Localized("tritan", "藍色盲", "蓝色盲")
        }
    }

    /// The vision toggle's name for no simulation.
    static let normalVision = Localized("normal", "一般", "一般")

    // MARK: - Figures

    /// `4.47:1`: cut to two decimals.
    public static func ratio(_ r: Double) -> String { ColorReport.ratioText(r) }

    /// `-67.9`: cut toward zero to one decimal.
    public static func lc(_ v: Double) -> String {
        let cut = (v * 10).rounded(.towardZero) / 10
        return ColorReport.fixed(cut, 1)
    }

    /// `8.4`: cut down to one decimal.
    public static func deltaE(_ v: Double) -> String {
        ColorReport.fixed((v * 10).rounded(.down) / 10, 1)
    }

    /// A target's figure: `3.02:1`, or `Lc 61.2` for APCA (the magnitude).
    public static func figure(_ value: Double, of target: ContrastTarget) -> String {
        switch target {
        case .ratio: return ratio(value)
        case .lc: return "Lc " + lc(value)
        }
    }

    /// The pass mark and the fail mark: the audit never shows a result by colour alone.
    public static func mark(_ passes: Bool) -> String { passes ? "✓" : "✗" }

    // MARK: - Results

    /// One reason a palette misses a level, as a sentence without its final stop.
    public static func failure(_ f: AccessibilityFailure, _ level: AccessibilityLevel) -> Localized {
        switch f {
        case .ink(let role, let ratio):
            let r = Self.ratio(ratio)
            let need = ContrastTarget.ratio(level.textRatio).description
            return Localized(
                "\(role.label(.english)) with its readable ink: \(r), needs \(need)",
                "\(role.label(.traditionalChinese))與其可讀文字色只有 \(r)，需要 \(need)",
                "\(role.label(.simplifiedChinese))与其可读文字色只有 \(r)，需要 \(need)")
        case .accent(let other, let ratio):
            let r = Self.ratio(ratio)
            let o = subject(other)
            return Localized(
                "Accent against \(o.english): \(r), needs 3:1",
                "強調色對\(o.traditional)只有 \(r)，需要 3:1",
                "强调色对\(o.simplified)只有 \(r)，需要 3:1")
        case .indistinct(let kind, let a, let b, let deltaE):
            let d = Self.deltaE(deltaE)
            let k = deficiency(kind)
            return Localized(
                "\(a.label(.english)) and \(b.label(.english)) are hard to tell apart with \(k.english) vision: ΔE00 \(d), needs 10",
                "\(a.label(.traditionalChinese))與\(b.label(.traditionalChinese))在\(k.traditional)下難以分辨：ΔE00 \(d)，需要 10",
                "\(a.label(.simplifiedChinese))与\(b.label(.simplifiedChinese))在\(k.simplified)下难以分辨：ΔE00 \(d)，需要 10")
        }
    }

    /// What a repair did: old hex -> new hex, figure before -> after, against what.
    public static func repairOutcome(_ repair: ContrastRepair, role: Role, against: AuditSubject) -> Localized {
        let who = subject(.role(role))
        let other = subject(against)
        let otherHex = repair.against.hex
        let target = repair.target.description
        let before = figure(repair.before, of: repair.target)
        switch repair.outcome {
        case .alreadyMet:
            return Localized(
                "\(who.english) \(repair.original.hex) already reaches \(target) against \(other.english) (\(otherHex)): \(before); nothing changed.",
                "\(who.traditional) \(repair.original.hex) 對\(other.traditional)（\(otherHex)）已達 \(target)：\(before)；未作變更。",
                "\(who.simplified) \(repair.original.hex) 对\(other.simplified)（\(otherHex)）已达 \(target)：\(before)；未作更改。"
            )
        case .repaired(let color):
            let after = figure(repair.after, of: repair.target)
            let moved = deltaE(repair.deltaE)
            return Localized(
                "\(who.english) \(repair.original.hex) -> \(color.hex): \(before) -> \(after) against \(other.english) (\(otherHex)), target \(target); hue kept, ΔE00 \(moved).",
                "\(who.traditional) \(repair.original.hex) -> \(color.hex)：對\(other.traditional)（\(otherHex)）由 \(before) -> \(after)，目標 \(target)；色相不變，ΔE00 \(moved)。",
                "\(who.simplified) \(repair.original.hex) -> \(color.hex)：对\(other.simplified)（\(otherHex)）由 \(before) -> \(after)，目标 \(target)；色相不变，ΔE00 \(moved)。"
            )
        case .unreachable(let ink, let inkMeets):
            let inkFigure = figure(repair.target.measure(ink, against: repair.against), of: repair.target)
            if inkMeets {
                return Localized(
                    "No lightness of \(who.english) \(repair.original.hex) reaches \(target) against \(other.english) (\(otherHex)) with its hue; the readable ink \(ink.hex) reaches \(inkFigure): use it instead.",
                    "\(who.traditional) \(repair.original.hex) 在保持色相下，任何明度都無法對\(other.traditional)（\(otherHex)）達到 \(target)；可讀文字色 \(ink.hex) 可達 \(inkFigure)，請改用它。",
                    "\(who.simplified) \(repair.original.hex) 在保持色相下，任何明度都无法对\(other.simplified)（\(otherHex)）达到 \(target)；可读文字色 \(ink.hex) 可达 \(inkFigure)，请改用它。"
                )
            }
            return Localized(
                "No colour reaches \(target) against \(other.english) (\(otherHex)): the most readable ink, \(ink.hex), reaches only \(inkFigure); choose a lower target or change \(other.english).",
                "沒有任何顏色能對\(other.traditional)（\(otherHex)）達到 \(target)：最易讀的文字色 \(ink.hex) 也只有 \(inkFigure)；請降低目標或改變\(other.traditional)。",
                "没有任何颜色能对\(other.simplified)（\(otherHex)）达到 \(target)：最易读的文字色 \(ink.hex) 也只有 \(inkFigure)；请降低目标或改变\(other.simplified)。"
            )
        }
    }

    // MARK: - The audit as text

    static let paletteOn = Localized("Palette on", "配色，背景", "配色，背景")
    static let contrastTitle = Localized(
        "Contrast: WCAG 2.2 ratio (pass/fail); APCA Lc beside it, advisory",
        "對比：WCAG 2.2 比值（判定合格與否）；旁邊的 APCA Lc 僅供參考",
        "对比：WCAG 2.2 比值（判定合格与否）；旁边的 APCA Lc 仅供参考")
    public static let columns: [Localized] = [
        Localized("Text", "前景", "前景"), Localized("On", "底色", "底色"), Localized("Ratio", "比值", "比值"),
        Localized("AA", chinese: "AA"), Localized("AAA", chinese: "AAA"),
        Localized("AA large", "AA 大字", "AA 大字"), Localized("AAA large", "AAA 大字", "AAA 大字"),
        Localized("Non-text", "非文字", "非文字"), Localized("APCA Lc", chinese: "APCA Lc"),
    ]
    public static let visionTitle = Localized(
        "Colour vision: ΔE00 between roles after simulation (Machado 2009); below 10 is hard to tell apart",
        "色覺：模擬後各角色之間的 ΔE00（Machado 2009）；低於 10 難以分辨",
        "色觉：模拟后各角色之间的 ΔE00（Machado 2009）；低于 10 难以分辨")
    public static let meets = Localized("meets", "符合", "符合")
    public static let fails = Localized("fails", "未符合", "未符合")
    static let levelRule = Localized(
        "Levels: each role's readable ink at 4.5:1 (AA) or 7:1 (AAA); the accent at 3:1 against primary, secondary and the background; every two roles ΔE00 10 apart under each deficiency.",
        "等級：每個角色與其可讀文字色達 4.5:1（AA）或 7:1（AAA）；強調色對主色、輔助色與背景達 3:1；每種色覺缺陷下任兩個角色的 ΔE00 至少 10。",
        "等级：每个角色与其可读文字色达 4.5:1（AA）或 7:1（AAA）；强调色对主色、辅助色与背景达 3:1；每种色觉缺陷下任两个角色的 ΔE00 至少 10。")

    /// The audit as aligned text: the palette, twelve contrast rows, nine colour-vision rows,
    /// then each level with why it fails.
    public static func auditText(_ audit: PaletteAudit, language: Language) -> String {
        var lines: [String] = []
        let roles = Role.allCases.map { "\($0.label(language)) \(audit.palette[$0].hex)" }
        let separator = language == .english ? ", " : "、"
        let colon = language == .english ? ": " : "："
        lines.append("\(paletteOn(language)) \(audit.background.hex)\(colon)" + roles.joined(separator: separator))
        lines.append("")
        lines.append(contrastTitle(language))
        var rows: [[String]] = [columns.map { $0(language) }]
        for p in audit.pairs {
            rows.append([
                subject(p.foreground)(language), subject(p.background)(language), ratio(p.ratio),
                mark(p.aaNormal), mark(p.aaaNormal), mark(p.aaLarge), mark(p.aaaLarge), mark(p.nonText), lc(p.lc),
            ])
        }
        lines += table(rows, rightAligned: [2, 8])
        lines.append("")
        lines.append(visionTitle(language))
        var vision: [[String]] = []
        for d in audit.deficiencies {
            let pair = "\(d.a.label(language)) / \(d.b.label(language))"
            vision.append([deficiency(d.deficiency)(language), pair, deltaE(d.deltaE), mark(d.distinguishable)])
        }
        lines += table(vision, rightAligned: [2])
        lines.append("")
        for level in AccessibilityLevel.allCases {
            let failures = audit.failures(level)
            lines.append("\(level.rawValue)\(colon)\(failures.isEmpty ? meets(language) : fails(language))")
            for f in failures { lines.append("  ✗ " + failure(f, level)(language)) }
        }
        lines.append(levelRule(language))
        return lines.joined(separator: "\n")
    }

    /// Rows padded to columns two spaces apart, indented by two; `rightAligned` columns are
    /// padded on the left.
    public static func table(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { c in rows.map { c < $0.count ? DisplayWidth.of($0[c]) : 0 }.max() ?? 0 }
        return rows.map { row in
            var cells: [String] = []
            for (c, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[c] - DisplayWidth.of(cell)))
                cells.append(rightAligned.contains(c) ? pad + cell : (c == row.count - 1 ? cell : cell + pad))
            }
            return "  " + cells.joined(separator: "  ")
        }
    }
}
