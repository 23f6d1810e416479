/// The three roles of a palette, in the order the original app used.
public enum Role: String, CaseIterable, Codable, Sendable, Hashable {
    case primary
    case secondary
    case accent
}

/// The language of role labels and other user-facing words.
public enum Language: String, CaseIterable, Sendable, Hashable {
    case english = "en"
    case traditionalChinese = "zh-Hant"
    case simplifiedChinese = "zh-Hans"
}

extension Role {
    /// The role's label: Primary / 主色, Secondary / 輔助色 (辅助色), Accent / 強調色 (强调色).
    public func label(_ language: Language) -> String {
        switch (self, language) {
        case (.primary, .english): return "Primary"
        case (.secondary, .english): return "Secondary"
        case (.accent, .english): return "Accent"
        case (.primary, _): return "主色"
        case (.secondary, .traditionalChinese): return "輔助色"
        case (.secondary, .simplifiedChinese): return "辅助色"
        case (.accent, .traditionalChinese): return "強調色"
        case (.accent, .simplifiedChinese): return "强调色"
        }
    }
}

/// Exactly three colours: a primary, a supporting secondary and an accent.
///
/// Encodes as `{"primary":"#RRGGBB","secondary":"#RRGGBB","accent":"#RRGGBB"}`.
public struct Palette: Hashable, Sendable, Codable {
    public var primary: RGB
    public var secondary: RGB
    public var accent: RGB

    public init(primary: RGB, secondary: RGB, accent: RGB) {
        self.primary = primary
        self.secondary = secondary
        self.accent = accent
    }

    public subscript(role: Role) -> RGB {
        get {
            switch role {
            case .primary: return primary
            case .secondary: return secondary
            case .accent: return accent
            }
        }
        set {
            switch role {
            case .primary: primary = newValue
            case .secondary: secondary = newValue
            case .accent: accent = newValue
            }
        }
    }

    /// The colours in role order.
    public var colors: [RGB] { [primary, secondary, accent] }
}
