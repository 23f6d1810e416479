import PaletteCore

/// The scales a design system holds: the palette's three roles, a neutral tinted toward the
/// primary, and the four status colours.
public enum ScaleName: String, CaseIterable, Sendable, Hashable, Codable {
    case primary, secondary, accent, neutral, success, warning, error, info
}

/// A light or a dark theme.
public enum Theme: String, CaseIterable, Sendable, Hashable, Codable {
    case light, dark
}

/// The semantic roles every theme defines, in the order they are written.
public enum SemanticRole: String, CaseIterable, Sendable, Hashable, Codable {
    case background, surface, text
    case textMuted = "text-muted"
    case border
    case primary
    case onPrimary = "on-primary"
    case secondary
    case onSecondary = "on-secondary"
    case accent
    case onAccent = "on-accent"
    case success
    case onSuccess = "on-success"
    case warning
    case onWarning = "on-warning"
    case error
    case onError = "on-error"
    case info
    case onInfo = "on-info"

    /// The role's name in tokens and CSS: "text-muted", "on-primary".
    public var name: String { rawValue }

    /// For a filled role, the role of the ink drawn on it (`primary` → `on-primary`).
    public var ink: SemanticRole? {
        switch self {
        case .primary: return .onPrimary
        case .secondary: return .onSecondary
        case .accent: return .onAccent
        case .success: return .onSuccess
        case .warning: return .onWarning
        case .error: return .onError
        case .info: return .onInfo
        default: return nil
        }
    }

    /// The filled roles, each with an ink.
    public static let filled: [SemanticRole] = allCases.filter { $0.ink != nil }
}

/// A role's colour: a step of one of the system's scales where one meets the role's rule, else
/// a plain colour (only ever pure white or black ink).
public struct RoleColor: Sendable, Hashable {
    public let color: RGB
    /// The scale step the role aliases, when it is one.
    public let step: (scale: ScaleName, step: ScaleStep)?

    public init(_ color: RGB, scale: ScaleName, step: ScaleStep) {
        self.color = color
        self.step = (scale, step)
    }

    public init(plain color: RGB) {
        self.color = color
        self.step = nil
    }

    public static func == (a: RoleColor, b: RoleColor) -> Bool {
        a.color == b.color && a.step?.scale == b.step?.scale && a.step?.step == b.step?.step
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(color)
        hasher.combine(step?.scale)
        hasher.combine(step?.step)
    }
}

/// A guarantee the system could not keep for one palette, with what was measured.
public struct UnmetGuarantee: Sendable, Hashable {
    public enum Rule: String, Sendable, Hashable {
        /// An ink on its fill below 4.5:1.
        case inkContrast = "ink-contrast"
        /// `text` below 7:1, or `text-muted` below 4.5:1, on the background or the surface.
        case textContrast = "text-contrast"
        /// `border` below 3:1 against the surface.
        case borderContrast = "border-contrast"
        /// Two of the status colours and palette roles closer than ΔE00 10.
        case distinct = "distinct"
        /// A status colour outside its family's hues.
        case family = "family"
    }

    public let theme: Theme
    public let rule: Rule
    /// The roles involved: one or two.
    public let roles: [SemanticRole]
    /// The value measured (a contrast ratio, a ΔE00, or a hue in degrees).
    public let measured: Double
    /// What the rule asks for.
    public let required: Double
    /// For `distinct`, the vision under which the pair came closest (nil: normal vision).
    public let vision: VisionDeficiency?
}

/// Tonal scales, semantic roles for a light and a dark theme, and what could not be met.
public struct DesignSystem: Sendable, Hashable {
    public let palette: Palette
    public let scales: [ScaleName: TonalScale]
    public let roles: [Theme: [SemanticRole: RoleColor]]
    public let unmet: [UnmetGuarantee]

    /// Contrast ratios the rules ask for.
    public static let inkContrast = 4.5
    public static let textContrast = 7.0
    public static let mutedContrast = 4.5
    public static let borderContrast = 3.0
    /// The contrast a filled role keeps against its theme's background (WCAG 1.4.11's 3:1 for
    /// the parts of a control), where a step of its scale allows it.
    public static let fillContrast = 3.0

    public init(palette: Palette) {
        self.palette = palette
        var scales: [ScaleName: TonalScale] = [
            .primary: TonalScale(source: palette.primary),
            .secondary: TonalScale(source: palette.secondary),
            .accent: TonalScale(source: palette.accent),
        ]
        let primary = OKLCH(palette.primary)
        let neutralChroma = primary.isAchromatic ? 0 : min(0.018, max(0.006, primary.c * 0.12))
        scales[.neutral] = TonalScale(hue: primary.h, chroma: neutralChroma)
        let status = StatusSearch.choose(for: palette, lightBackground: scales[.neutral]?[.s50] ?? WCAG.white)
        for kind in StatusKind.allCases {
            if let c = status[kind] { scales[ScaleName(kind)] = TonalScale(source: c) }
        }
        self.scales = scales
        var roles: [Theme: [SemanticRole: RoleColor]] = [:]
        for theme in Theme.allCases { roles[theme] = Self.roles(theme, scales) }
        self.roles = roles
        self.unmet = Theme.allCases.flatMap { Self.check($0, roles[$0] ?? [:]) }
    }

    /// The colour of a role in a theme.
    public func color(_ role: SemanticRole, _ theme: Theme) -> RGB {
        roles[theme]?[role]?.color ?? RGB(r: 0, g: 0, b: 0)
    }

    // MARK: Roles

    private static func roles(_ theme: Theme, _ scales: [ScaleName: TonalScale]) -> [SemanticRole: RoleColor] {
        func scale(_ name: ScaleName) -> TonalScale { scales[name] ?? TonalScale(source: RGB(r: 128, g: 128, b: 128)) }
        func at(_ name: ScaleName, _ step: ScaleStep) -> RoleColor {
            RoleColor(scale(name)[step], scale: name, step: step)
        }
        let light = theme == .light
        var out: [SemanticRole: RoleColor] = [:]
        let background = at(.neutral, light ? .s50 : .s950)
        let surface = at(.neutral, light ? .s100 : .s900)
        out[.background] = background
        out[.surface] = surface
        // Steps from the background's end toward the other: the first that meets a rule is the
        // quietest colour that still does its job.
        let towardInk: [ScaleStep] = light ? ScaleStep.allCases : ScaleStep.allCases.reversed()
        func first(_ name: ScaleName, from start: ScaleStep, _ rule: (RGB) -> Bool) -> RoleColor? {
            let steps = towardInk.drop { light ? $0 < start : $0 > start }
            return steps.first { rule(scale(name)[$0]) }.map { at(name, $0) }
        }
        let onBoth = { (c: RGB, ratio: Double) in
            WCAG.contrast(c, background.color) >= ratio && WCAG.contrast(c, surface.color) >= ratio
        }
        out[.text] =
            first(.neutral, from: light ? .s900 : .s100) { onBoth($0, textContrast) }
            ?? RoleColor(plain: light ? WCAG.black : WCAG.white)
        out[.textMuted] =
            first(.neutral, from: light ? .s500 : .s500) { onBoth($0, mutedContrast) }
            ?? RoleColor(plain: light ? WCAG.black : WCAG.white)
        out[.border] =
            first(.neutral, from: light ? .s200 : .s800) { WCAG.contrast($0, surface.color) >= borderContrast }
            ?? RoleColor(plain: light ? WCAG.black : WCAG.white)

        let paletteFills: [(SemanticRole, ScaleName)] = [
            (.primary, .primary), (.secondary, .secondary), (.accent, .accent),
        ]
        for (role, name) in paletteFills {
            out[role] = Self.fill(scale(name), name, theme: theme, background: background.color)
        }
        // The status colours: in the light theme the steps their search chose; in the dark one,
        // the steps of their scales that stand out from the background, spread apart again
        // against the dark theme's palette roles.
        var status: [StatusKind: RoleColor] = [:]
        for kind in StatusKind.allCases {
            status[kind] = Self.fill(
                scale(ScaleName(kind)), ScaleName(kind), theme: theme, background: background.color)
        }
        if theme == .dark {
            var pool: [StatusKind: [RGB]] = [:]
            var stepOf: [StatusKind: [RGB: ScaleStep]] = [:]
            for kind in StatusKind.allCases {
                let sc = scale(ScaleName(kind))
                let usable = ScaleStep.allCases.filter {
                    $0 >= .s200 && $0 <= .s500 && WCAG.contrast(sc[$0], background.color) >= fillContrast
                        && kind.hueRange.contains(OKLCH(sc[$0]).h)
                }
                pool[kind] = usable.map { sc[$0] }
                stepOf[kind] = Dictionary(usable.map { (sc[$0], $0) }, uniquingKeysWith: { a, _ in a })
            }
            let start = status.mapValues(\.color)
            let fixed = paletteFills.compactMap { out[$0.0]?.color }
            let spread = StatusSearch.spread(start: start, pool: pool, fixed: fixed) { _, c in
                abs(OKLCH(c).l - 0.74) * 25
            }
            for kind in StatusKind.allCases {
                if let c = spread[kind], let step = stepOf[kind]?[c] {
                    status[kind] = RoleColor(c, scale: ScaleName(kind), step: step)
                }
            }
        }
        let statusRoles: [(SemanticRole, StatusKind)] = [
            (.success, .success), (.warning, .warning), (.error, .error), (.info, .info),
        ]
        for (role, kind) in statusRoles { out[role] = status[kind] }
        for role in SemanticRole.filled {
            guard let fill = out[role], let ink = role.ink, let name = fill.step?.scale else { continue }
            out[ink] = Self.ink(on: fill.color, scale(name), name, scale(.neutral))
        }
        return out
    }

    /// A filled role: the source step itself where it stands out from the background (3:1); else
    /// the nearest step toward the ink's side that does, and the source when none does. Amber
    /// keeps its own light step in the light theme: a darker amber turns brown, and the warning
    /// reads by its ink.
    private static func fill(_ scale: TonalScale, _ name: ScaleName, theme: Theme, background: RGB) -> RoleColor {
        let source = scale.sourceStep
        if WCAG.contrast(scale.source, background) >= fillContrast || (theme == .light && name == .warning) {
            return RoleColor(scale.source, scale: name, step: source)
        }
        let steps: [ScaleStep] =
            theme == .light
            ? ScaleStep.allCases.filter { $0 > source } : ScaleStep.allCases.filter { $0 < source }.reversed()
        for step in steps where WCAG.contrast(scale[step], background) >= fillContrast {
            return RoleColor(scale[step], scale: name, step: step)
        }
        return RoleColor(scale.source, scale: name, step: source)
    }

    /// The ink for a fill: the lightest or darkest step of the fill's own scale, else of the
    /// neutral, else pure white or black, whichever reads at 4.5:1 with the most contrast.
    private static func ink(on fill: RGB, _ scale: TonalScale, _ name: ScaleName, _ neutral: TonalScale) -> RoleColor {
        let own = [RoleColor(scale[.s50], scale: name, step: .s50), RoleColor(scale[.s950], scale: name, step: .s950)]
        let grey = [
            RoleColor(neutral[.s50], scale: .neutral, step: .s50),
            RoleColor(neutral[.s950], scale: .neutral, step: .s950),
        ]
        for group in [own, grey] {
            let best = group.max { WCAG.contrast($0.color, fill) < WCAG.contrast($1.color, fill) }
            if let best, WCAG.contrast(best.color, fill) >= inkContrast { return best }
        }
        return RoleColor(plain: WCAG.readableInk(on: fill))
    }

    // MARK: Guarantees

    private static func check(_ theme: Theme, _ roles: [SemanticRole: RoleColor]) -> [UnmetGuarantee] {
        func c(_ r: SemanticRole) -> RGB { roles[r]?.color ?? RGB(r: 0, g: 0, b: 0) }
        var out: [UnmetGuarantee] = []
        func ratio(_ rule: UnmetGuarantee.Rule, _ a: SemanticRole, _ b: SemanticRole, _ required: Double) {
            let measured = WCAG.contrast(c(a), c(b))
            if measured < required {
                out.append(
                    UnmetGuarantee(
                        theme: theme, rule: rule, roles: [a, b], measured: measured, required: required, vision: nil))
            }
        }
        for fill in SemanticRole.filled {
            if let ink = fill.ink { ratio(.inkContrast, ink, fill, inkContrast) }
        }
        for ground in [SemanticRole.background, .surface] {
            ratio(.textContrast, .text, ground, textContrast)
            ratio(.textContrast, .textMuted, ground, mutedContrast)
        }
        ratio(.borderContrast, .border, .surface, borderContrast)
        let statuses: [(SemanticRole, StatusKind)] = [
            (.success, .success), (.warning, .warning), (.error, .error), (.info, .info),
        ]
        for (role, kind) in statuses {
            let lch = OKLCH(c(role))
            if !kind.hueRange.contains(lch.h) {
                out.append(
                    UnmetGuarantee(
                        theme: theme, rule: .family, roles: [role], measured: lch.h, required: kind.nominalHue,
                        vision: nil))
            }
        }
        let compared: [SemanticRole] = [.success, .warning, .error, .info, .primary, .secondary, .accent]
        for i in 0..<4 {
            for j in (i + 1)..<compared.count {
                let d = distinctness(c(compared[i]), c(compared[j]))
                if d.difference < StatusSearch.required {
                    out.append(
                        UnmetGuarantee(
                            theme: theme, rule: .distinct, roles: [compared[i], compared[j]], measured: d.difference,
                            required: StatusSearch.required, vision: d.vision))
                }
            }
        }
        return out
    }
}

extension ScaleName {
    init(_ kind: StatusKind) {
        switch kind {
        case .success: self = .success
        case .warning: self = .warning
        case .error: self = .error
        case .info: self = .info
        }
    }
}
