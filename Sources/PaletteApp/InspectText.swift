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
    static func ratio(_ r: Double, _ language: Language) -> String {
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

    public static let usage = Localized(
        """
        usage: palette-tui inspect [--format text|json] [--lang L] COLOR...

        For each colour: its canonical hex, RGB, OKLCH, WCAG contrast on white and on black, the
        readable ink, the nearest name, the nearest xterm-256 index with its CIEDE2000 difference,
        and how it looks with protanopia, deuteranopia and tritanopia.

        A COLOR is written as CSS writes it, or by name:
          #RGB, #RRGGBB (# optional), #RGBA, #RRGGBBAA   2E86AB, #2E86ABFF
          rgb() rgba() hsl() hsla() hwb()                 'rgb(47, 93, 80)', 'rgb(47 93 80)', 'hsl(163 33% 27%)'
          lab() lch() oklab() oklch()                     'oklch(44% 0.056 173)'
          color(SPACE …): srgb, srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50, xyz-d65
          a CSS, XKCD or Chinese colour name              navy, rebeccapurple, 'slate green', 靛青
        Colours outside sRGB are brought in by lowering chroma at the same OKLCH lightness and hue;
        a colour that is not opaque is refused.

          --format text|json         text (default) or JSON
          --lang en|zh-Hant|zh-Hans  language of the text and of the names (default: from the locale)

        Exit status: 0 every colour read, 1 a colour could not be read, 2 bad usage.
        """,
        """
        用法：palette-tui inspect [--format text|json] [--lang L] 顏色...

        對每個顏色列出：標準十六進位色碼、RGB、OKLCH、白底與黑底的 WCAG 對比、可讀的文字色、最接近的
        名稱、最接近的 xterm-256 色號及其 CIEDE2000 差異，以及紅色盲、綠色盲、藍色盲看到的樣子。

        顏色可依 CSS 的寫法，或用名稱：
          #RGB、#RRGGBB（# 可省略）、#RGBA、#RRGGBBAA   2E86AB、#2E86ABFF
          rgb() rgba() hsl() hsla() hwb()                 'rgb(47, 93, 80)'、'rgb(47 93 80)'、'hsl(163 33% 27%)'
          lab() lch() oklab() oklch()                     'oklch(44% 0.056 173)'
          color(色彩空間 …)：srgb、srgb-linear、display-p3、a98-rgb、prophoto-rgb、rec2020、xyz、xyz-d50、xyz-d65
          CSS、XKCD 或中文顏色名稱                        navy、rebeccapurple、'slate green'、靛青
        超出 sRGB 的顏色會在相同的 OKLCH 明度與色相下降低彩度；不是不透明的顏色會被拒絕。

          --format text|json         文字（預設）或 JSON
          --lang en|zh-Hant|zh-Hans  文字與名稱的語言（預設依地區設定）

        結束狀態：0 每個顏色都已讀取，1 有顏色無法讀取，2 用法有誤。
        """,
        """
        用法：palette-tui inspect [--format text|json] [--lang L] 颜色...

        对每个颜色列出：标准十六进制色码、RGB、OKLCH、白底与黑底的 WCAG 对比、可读的文字色、最接近的
        名称、最接近的 xterm-256 色号及其 CIEDE2000 差异，以及红色盲、绿色盲、蓝色盲看到的样子。

        颜色可按 CSS 的写法，或用名称：
          #RGB、#RRGGBB（# 可省略）、#RGBA、#RRGGBBAA   2E86AB、#2E86ABFF
          rgb() rgba() hsl() hsla() hwb()                 'rgb(47, 93, 80)'、'rgb(47 93 80)'、'hsl(163 33% 27%)'
          lab() lch() oklab() oklch()                     'oklch(44% 0.056 173)'
          color(色彩空间 …)：srgb、srgb-linear、display-p3、a98-rgb、prophoto-rgb、rec2020、xyz、xyz-d50、xyz-d65
          CSS、XKCD 或中文颜色名称                        navy、rebeccapurple、'slate green'、靛青
        超出 sRGB 的颜色会在相同的 OKLCH 明度与色相下降低彩度；不是不透明的颜色会被拒绝。

          --format text|json         文字（默认）或 JSON
          --lang en|zh-Hant|zh-Hans  文字与名称的语言（默认依区域设置）

        结束状态：0 每个颜色都已读取，1 有颜色无法读取，2 用法有误。
        """)
}
