/// One side of an audited pair: a role of the palette, or the background it is shown on.
public enum AuditSubject: Hashable, Sendable, CustomStringConvertible {
    case role(Role)
    case background

    /// Every subject in audit order: primary, secondary, accent, background.
    public static let all: [AuditSubject] = Role.allCases.map(AuditSubject.role) + [.background]

    /// `primary`, `secondary`, `accent` or `background`: the machine name (JSON, options).
    public var description: String {
        switch self {
        case .role(let role): return role.rawValue
        case .background: return "background"
        }
    }
}

/// The contrast of one colour shown on another.
public struct ContrastPair: Hashable, Sendable {
    /// The text (or mark) side.
    public var foreground: AuditSubject
    /// The side it is shown on.
    public var background: AuditSubject
    public var foregroundColor: RGB
    public var backgroundColor: RGB
    /// WCAG 2.2 contrast ratio, unrounded (the same either way round).
    public var ratio: Double
    /// APCA Lc of the foreground on the background, signed by polarity; advisory.
    public var lc: Double

    public init(_ foreground: AuditSubject, _ fg: RGB, on background: AuditSubject, _ bg: RGB) {
        self.foreground = foreground
        self.background = background
        foregroundColor = fg
        backgroundColor = bg
        ratio = WCAG.contrast(fg, bg)
        lc = APCA.lc(text: fg, background: bg)
    }

    /// Normal text, AA: 4.5:1.
    public var aaNormal: Bool { ratio >= 4.5 }
    /// Normal text, AAA: 7:1.
    public var aaaNormal: Bool { ratio >= 7 }
    /// Large text, AA: 3:1.
    public var aaLarge: Bool { ratio >= 3 }
    /// Large text, AAA: 4.5:1.
    public var aaaLarge: Bool { ratio >= 4.5 }
    /// User-interface components and graphics (success criterion 1.4.11): 3:1.
    public var nonText: Bool { ratio >= PaletteAudit.nonText }
}

/// Two roles as seen with a colour-vision deficiency.
public struct DeficiencyPair: Hashable, Sendable {
    public var deficiency: VisionDeficiency
    public var a: Role
    public var b: Role
    public var simulatedA: RGB
    public var simulatedB: RGB
    /// CIEDE2000 between the simulated colours.
    public var deltaE: Double

    public init(_ deficiency: VisionDeficiency, _ a: Role, _ b: Role, in palette: Palette) {
        self.deficiency = deficiency
        self.a = a
        self.b = b
        simulatedA = deficiency.simulate(palette[a])
        simulatedB = deficiency.simulate(palette[b])
        deltaE = CIEDE2000.difference(simulatedA, simulatedB)
    }

    /// False when the two are hard to tell apart: simulated ΔE00 below 10.
    public var distinguishable: Bool { deltaE >= PaletteAudit.distinct }
}

/// Everything about a palette's readability on a background.
///
/// Every ordered pair among primary, secondary, accent and the background (WCAG 2.2 ratio with
/// its pass flags, APCA Lc beside it), and for each colour-vision deficiency (Machado 2009,
/// severity 1.0) the ΔE00 between every two roles after simulation.
public struct PaletteAudit: Hashable, Sendable {
    /// Simulated ΔE00 below this is hard to tell apart.
    public static let distinct = 10.0
    /// The non-text contrast (1.4.11) the accent needs against everything it sits beside.
    public static let nonText = 3.0

    public var palette: Palette
    public var background: RGB
    /// Twelve pairs: each subject (primary, secondary, accent, background) on each other one.
    public var pairs: [ContrastPair]
    /// Nine pairs: for protan, deutan and tritan, primary/secondary, primary/accent, secondary/accent.
    public var deficiencies: [DeficiencyPair]

    public init(_ palette: Palette, background: RGB) {
        self.palette = palette
        self.background = background
        func color(_ s: AuditSubject) -> RGB {
            if case .role(let r) = s { return palette[r] }
            return background
        }
        var pairs: [ContrastPair] = []
        for fg in AuditSubject.all {
            for bg in AuditSubject.all where bg != fg {
                pairs.append(ContrastPair(fg, color(fg), on: bg, color(bg)))
            }
        }
        self.pairs = pairs
        deficiencies = VisionDeficiency.allCases.flatMap { kind in
            Self.rolePairs.map { DeficiencyPair(kind, $0.0, $0.1, in: palette) }
        }
    }

    /// The three unordered pairs of roles, in audit order.
    public static let rolePairs: [(Role, Role)] = [(.primary, .secondary), (.primary, .accent), (.secondary, .accent)]

    /// The pair with `foreground` shown on `background`.
    public func pair(_ foreground: AuditSubject, on background: AuditSubject) -> ContrastPair? {
        pairs.first { $0.foreground == foreground && $0.background == background }
    }

    /// Why the palette misses `level`, in a fixed order; empty when it meets it.
    public func failures(_ level: AccessibilityLevel) -> [AccessibilityFailure] {
        var out: [AccessibilityFailure] = []
        for role in Role.allCases {
            let ratio = AccessibilityLevel.inkRatio(palette[role])
            if ratio < level.textRatio { out.append(.ink(role, ratio: ratio)) }
        }
        for other in [AuditSubject.role(.primary), .role(.secondary), .background] {
            if let pair = pair(.role(.accent), on: other), !pair.nonText {
                out.append(.accent(against: other, ratio: pair.ratio))
            }
        }
        for pair in deficiencies where !pair.distinguishable {
            out.append(.indistinct(pair.deficiency, pair.a, pair.b, deltaE: pair.deltaE))
        }
        return out
    }

    /// True when the palette meets `level` on this background.
    public func meets(_ level: AccessibilityLevel) -> Bool { failures(level).isEmpty }
}

/// A level a palette can be generated to or checked against.
///
/// A palette meets it on a background when each role carries its readable ink (black or
/// white) at the level's normal-text ratio, the accent reaches 3:1 against primary, secondary
/// and the background, and no two roles fall below ΔE00 10 under any colour-vision deficiency.
public enum AccessibilityLevel: String, CaseIterable, Hashable, Sendable {
    case aa = "AA"
    case aaa = "AAA"

    /// The normal-text ratio each role's ink must reach: 4.5 for AA, 7 for AAA.
    public var textRatio: Double {
        switch self {
        case .aa: return 4.5
        case .aaa: return 7
        }
    }

    /// Parses `AA` or `AAA`, any case.
    public init?(parsing text: String) {
        self.init(rawValue: text.trimmingSpaces.uppercased())
    }

    /// The contrast of a colour with its readable ink.
    public static func inkRatio(_ color: RGB) -> Double {
        max(WCAG.contrast(color, WCAG.white), WCAG.contrast(color, WCAG.black))
    }
}

/// One reason a palette misses a level.
public enum AccessibilityFailure: Hashable, Sendable {
    /// The role's readable ink reaches only `ratio`.
    case ink(Role, ratio: Double)
    /// The accent reaches only `ratio` against this subject (3:1 needed).
    case accent(against: AuditSubject, ratio: Double)
    /// The two roles are hard to tell apart with this deficiency.
    case indistinct(VisionDeficiency, Role, Role, deltaE: Double)

    /// The roles this failure involves.
    public var roles: [Role] {
        switch self {
        case .ink(let role, _): return [role]
        case .accent(let other, _):
            if case .role(let r) = other { return [.accent, r] }
            return [.accent]
        case .indistinct(_, let a, let b, _): return [a, b]
        }
    }
}
