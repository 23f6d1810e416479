import FoundationEssentials
import Glibc
import PaletteCore
import PaletteSystem

/// The words of `palette-tui system`: what it says about a guarantee a palette could not meet.
public enum SystemWords {
    /// "Try ..." after a usage error of `system`.
    public static let tryHelp = Localized(
        "Try 'palette-tui system --help' for usage.", "用法請見 palette-tui system --help。",
        "用法请见 palette-tui system --help。")

    /// "2 guarantees could not be met for this palette:" — the line before the list.
    public static func unmetHeading(_ count: Int) -> Localized {
        Localized(
            count == 1
                ? "1 guarantee could not be met for this palette:"
                : "\(count) guarantees could not be met for this palette:",
            "此配色有 \(count) 項保證無法達成：", "此配色有 \(count) 项保证无法达成：")
    }

    static func theme(_ t: Theme) -> Localized {
        switch t {
        case .light: return Localized("light theme", "淺色主題", "浅色主题")
        case .dark: return Localized("dark theme", "深色主題", "深色主题")
        }
    }

    static func vision(_ v: VisionDeficiency?) -> Localized {
        switch v {
        case nil: return Localized("normal vision", "一般色覺", "一般色觉")
        case .protan?: return Localized("protanopia", "紅色盲", "红色盲")
        case .deutan?: return Localized("deuteranopia", "綠色盲", "绿色盲")
        case .tritan?: return Localized("tritanopia", "藍色盲", "蓝色盲")
        }
    }

    /// One unmet guarantee as one line, naming the roles (as the tokens name them), what was
    /// measured and what the rule asks for.
    public static func unmet(_ u: UnmetGuarantee) -> Localized {
        let names = u.roles.map(\.name)
        let a = names.first ?? ""
        let b = names.count > 1 ? names[1] : ""
        let measured = cFormat("%.2f", u.measured)
        let required = cFormat("%.1f", u.required)
        let t = theme(u.theme)
        switch u.rule {
        case .inkContrast, .textContrast, .borderContrast:
            return Localized(
                "\(t.english): \(a) on \(b) is \(measured):1, below \(required):1",
                "\(t.traditional)：\(a) 在 \(b) 上的對比為 \(measured):1，低於 \(required):1",
                "\(t.simplified)：\(a) 在 \(b) 上的对比为 \(measured):1，低于 \(required):1")
        case .distinct:
            let v = vision(u.vision)
            return Localized(
                "\(t.english): \(a) and \(b) are only ΔE00 \(measured) apart for \(v.english), below \(required)",
                "\(t.traditional)：\(a) 與 \(b) 在\(v.traditional)下僅相差 ΔE00 \(measured)，低於 \(required)",
                "\(t.simplified)：\(a) 与 \(b) 在\(v.simplified)下仅相差 ΔE00 \(measured)，低于 \(required)")
        case .family:
            return Localized(
                "\(t.english): \(a)'s hue \(cFormat("%.0f", u.measured))° is outside its family",
                "\(t.traditional)：\(a) 的色相 \(cFormat("%.0f", u.measured))° 超出其色系",
                "\(t.simplified)：\(a) 的色相 \(cFormat("%.0f", u.measured))° 超出其色系")
        }
    }
}
