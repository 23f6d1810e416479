import PaletteCore
import PaletteSystem

/// The words of the app's system view (`S`): its title, the mock interface's text, the pairs'
/// contrast list, and the export menu's rows for the system formats. Token names (`primary-600`,
/// `on-error`) are what a developer types, and stay the same in every language.
public enum SystemViewWords {
    public static func title(_ description: String) -> Localized {
        Localized(
            "Design system · \(description)", "設計系統 · \(description)", "设计系统 · \(description)")
    }

    public static let nothingToShow = Localized(
        "No palette yet: generate one or pick one in the history, then press S.",
        "還沒有配色：先生成或在歷史中選一個，再按 S。", "还没有配色：先生成或在历史中选一个，再按 S。")

    /// The theme's name above its mock interface.
    public static func themeName(_ theme: Theme) -> Localized {
        switch theme {
        case .light: return Localized("Light theme", "淺色主題", "浅色主题")
        case .dark: return Localized("Dark theme", "深色主題", "深色主题")
        }
    }

    public static let heading = Localized("Heading", "標題", "标题")
    public static let body = Localized("Body text, 7:1 or more.", "內文，對比至少 7:1。", "正文，对比至少 7:1。")
    public static let muted = Localized("Muted text for captions.", "次要文字用於說明。", "次要文字用于说明。")
    public static let cardTitle = Localized("Card", "卡片", "卡片")
    public static let cardBody = Localized("On the surface colour.", "位於表面色上。", "位于表面色上。")

    /// An alert's message in a status colour.
    public static func alert(_ kind: StatusKind) -> Localized {
        switch kind {
        case .success: return Localized("Saved.", "已儲存。", "已保存。")
        case .warning: return Localized("Check this.", "請留意。", "请留意。")
        case .error: return Localized("Failed.", "失敗。", "失败。")
        case .info: return Localized("Note.", "提示。", "提示。")
        }
    }

    /// The mark before the source steps' line: "◆ = the palette's own colour".
    public static let sourceLegend = Localized(
        "◆ the palette's own colour:", "◆ 配色本身的顏色：", "◆ 配色本身的颜色：")

    /// The pairs' heading, one a theme.
    public static func pairsHeading(_ theme: Theme) -> Localized {
        switch theme {
        case .light: return Localized("Light: contrast", "淺色：對比", "浅色：对比")
        case .dark: return Localized("Dark: contrast", "深色：對比", "深色：对比")
        }
    }

    public static let pass = Localized("pass", "通過", "通过")
    public static let fail = Localized("FAIL", "未達", "未达")

    /// The line when the screen holds one theme: which key shows the other.
    public static func otherTheme(_ key: String) -> Localized {
        Localized("\(key): the other theme", "\(key)：另一個主題", "\(key)：另一个主题")
    }

    /// How many guarantees the pairs miss, or that none do.
    public static func pairsSummary(failed: Int, total: Int) -> Localized {
        failed == 0
            ? Localized(
                "All \(total) pairs meet their contrast.", "全部 \(total) 組對比都達標。", "全部 \(total) 组对比都达标。")
            : Localized(
                "\(failed) of \(total) pairs miss their contrast.", "\(total) 組中有 \(failed) 組對比未達標。",
                "\(total) 组中有 \(failed) 组对比未达标。")
    }

    /// The export menu's heading over the system formats.
    public static let menuHeading = Localized(
        "Design system (as palette-tui system)", "設計系統（同 palette-tui system）", "设计系统（同 palette-tui system）")

    /// A system format's row in the export menu.
    public static func menuSummary(_ format: SystemFormat) -> Localized {
        switch format {
        case .json:
            return Localized(
                "Scales, roles and contrast as JSON", "色階、角色與對比（JSON）", "色阶、角色与对比（JSON）")
        case .css:
            return Localized(
                "CSS custom properties, light-dark()", "CSS 自訂屬性，light-dark()", "CSS 自定义属性，light-dark()")
        case .scss:
            return Localized("SCSS maps", "SCSS 對應表", "SCSS 映射表")
        case .tailwind:
            return Localized(
                "Tailwind v4 @theme with a dark override", "Tailwind v4 @theme 與深色覆寫",
                "Tailwind v4 @theme 与深色覆盖")
        case .tokens:
            return Localized(
                "DTCG 2025.10 tokens, light and dark", "DTCG 2025.10 設計權杖，淺色與深色",
                "DTCG 2025.10 设计令牌，浅色与深色")
        case .swatch:
            return Localized(
                "PNG of the scales and both themes", "色階與兩種主題的 PNG", "色阶与两种主题的 PNG")
        }
    }
}
