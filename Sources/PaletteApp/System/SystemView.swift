import PaletteCore
import PaletteSystem
import PaletteText

/// The system view (`S`): the shown palette's design system (PaletteSystem's `DesignSystem`) as
/// the four tonal scales, a mock interface in the light and the dark theme, and the contrast of
/// every pair the system guarantees. Modal: Esc gives the screen back as it was.
public struct SystemView: Hashable, Sendable {
    public let system: DesignSystem
    /// The shown palette's description, cleaned, for the title.
    let description: String
    /// The theme shown when the screen is too narrow for both side by side (`v`).
    public internal(set) var theme: PaletteSystem.Theme = .light
    /// Where the mock and the pairs do not both fit under the scales: the pairs instead (`a`).
    public internal(set) var showsPairs = false

    init(palette: Palette, description: String) {
        system = DesignSystem(palette: palette)
        self.description = description
    }

    /// The scales drawn as strips, in the order the formats list them.
    static let strips: [ScaleName] = [.primary, .secondary, .accent, .neutral]
}

/// One pair the system promises a contrast for: `foreground` drawn on `background` in `theme`.
public struct SystemPair: Hashable, Sendable {
    public let theme: PaletteSystem.Theme
    public let foreground: SemanticRole
    public let background: SemanticRole
    /// The WCAG 2 contrast ratio of the two colours.
    public let ratio: Double
    /// What the rule asks for (4.5 for inks and muted text, 7 for text, 3 for the border).
    public let required: Double

    public var passes: Bool { ratio >= required }

    /// Every pair of `theme`: each ink on its fill, text and muted text on the background and on
    /// the surface, the border on the surface.
    public static func all(_ system: DesignSystem, _ theme: PaletteSystem.Theme) -> [SystemPair] {
        var rules: [(SemanticRole, SemanticRole, Double)] = SemanticRole.filled.compactMap { fill in
            fill.ink.map { ($0, fill, DesignSystem.inkContrast) }
        }
        rules += [
            (.text, .background, DesignSystem.textContrast), (.text, .surface, DesignSystem.textContrast),
            (.textMuted, .background, DesignSystem.mutedContrast), (.textMuted, .surface, DesignSystem.mutedContrast),
            (.border, .surface, DesignSystem.borderContrast),
        ]
        return rules.map { fg, bg, required in
            SystemPair(
                theme: theme, foreground: fg, background: bg,
                ratio: WCAG.contrast(system.color(fg, theme), system.color(bg, theme)), required: required)
        }
    }
}

extension AppState {
    /// The view follows the shown palette: a palette that arrives while it shows (a request made
    /// before it opened) is drawn at once. Called at the end of every `reduce`; a case test first,
    /// so an action with the view closed copies nothing.
    mutating func refreshSystemView() {
        guard case .some = systemView, let shown, let view = systemView else { return }
        let description = TextSanitizer.clean(shown.description)
        guard view.system.palette != shown.palette || view.description != description else { return }
        var next = SystemView(palette: shown.palette, description: description)
        next.theme = view.theme
        next.showsPairs = view.showsPairs
        systemView = next
    }

    mutating func performSystem(_ command: Command) -> [Effect] {
        switch command {
        case .openSystem:
            guard let shown else {
                status = StatusMessage(SystemViewWords.nothingToShow(language), kind: .info)
                return []
            }
            systemView = SystemView(palette: shown.palette, description: TextSanitizer.clean(shown.description))
        case .closeSystem:
            systemView = nil
        case .toggleSystemTheme:
            guard let view = systemView else { return [] }
            systemView?.theme = view.theme == .light ? .dark : .light
        case .toggleSystemPairs:
            guard let view = systemView else { return [] }
            systemView?.showsPairs = !view.showsPairs
        default:
            break
        }
        return []
    }
}
