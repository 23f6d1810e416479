import PaletteCore

/// `palette-tui inspect`'s words: its help and its text report, in three languages.
///
/// The facts come from `ColorReport` (PaletteCore); the labels, the level words and the
/// colour name's language are chosen here. The JSON form stays `ColorReport.json`: its keys and
/// values are data for scripts.
public enum InspectText {
    /// Aligned lines: the hex first, then one fact a line, indented.
    public static func text(_ report: ColorReport, language: Language) -> String {
        func l(_ en: String, _ hant: String, _ hans: String) -> String { Localized(en, hant, hans)(language) }
        let ok = report.oklch
        let hue = ok.isAchromatic ? l("none", "無", "无") : ColorReport.fixed(ok.h, 1)
        let rows: [(String, String)] = [
            ("rgb", "\(report.color.r) \(report.color.g) \(report.color.b)"),
            ("oklch", "oklch(\(ColorReport.fixed(ok.l * 100, 2))% \(ColorReport.fixed(ok.c, 4)) \(hue))"),
            (
                l("contrast", "對比", "对比"),
                l("on white ", "白底 ", "白底 ") + ratio(report.contrastWithWhite, language)
                    + l(", on black ", "，黑底 ", "，黑底 ")
                    + ratio(report.contrastWithBlack, language)
            ),
            (
                l("ink", "文字色", "文字色"),
                (report.ink == WCAG.white ? l("white", "白", "白") : l("black", "黑", "黑")) + " " + report.ink.hex
            ),
            (
                l("name", "名稱", "名称"),
                report.name.name + l(" (", "（", "（") + source(report.name.source)(language) + " "
                    + report.name.color.hex + l(", ", "，", "，") + "ΔE00 " + ColorReport.fixed(report.nameDeltaE, 2)
                    + l(")", "）", "）")
            ),
            (
                "xterm-256",
                "\(report.xtermIndex) \(Xterm256.color(report.xtermIndex)?.hex ?? "")" + l(", ", "，", "，")
                    + "ΔE00 \(ColorReport.fixed(report.xtermDeltaE, 2))"
            ),
        ]
        let kinds = VisionDeficiency.allCases.enumerated().map { k, kind in
            (AccessText.deficiency(kind)(language), report.simulations[k].hex)
        }
        let all = rows + kinds
        let width = max(10, all.map { DisplayWidth.of($0.0) }.max() ?? 0)
        return ([report.color.hex] + all.map { "  " + DisplayWidth.padded($0.0, to: width) + " " + $0.1 })
            .joined(separator: "\n")
    }

    /// `4.47:1 AA large`: the cut ratio and the highest level it passes for text.
    public static func ratio(_ r: Double, _ language: Language) -> String {
        let level: Localized
        if WCAG.passesAAA(r) {
            level = Localized("AAA", chinese: "AAA")
        } else if WCAG.passesAA(r) {
            level = Localized("AA", chinese: "AA")
        } else if WCAG.passesAALarge(r) {
            level = Localized("AA large", "AA 大字", "AA 大字")
        } else {
            level = Localized("fails", "不合格", "不合格")
        }
        return ColorReport.ratioText(r) + " " + level(language)
    }

    /// Where a colour name comes from.
    public static func source(_ s: ColorName.Source) -> Localized {
        switch s {
        case .css: return Localized("css", chinese: "CSS")
        case .xkcd: return Localized("xkcd", chinese: "XKCD")
        case .chinese: return Localized("Chinese traditional colour", "中國傳統色", "中国传统色")
        case .chineseBasic: return Localized("Chinese basic name", "基本色名", "基本色名")
        }
    }
}
