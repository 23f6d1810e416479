import FoundationEssentials
import Glibc
import PaletteCore

/// The formats `palette-tui system` writes.
public enum SystemFormat: String, CaseIterable, Sendable, Hashable {
    case json, css, scss, tailwind, tokens, swatch

    public var fileExtension: String {
        switch self {
        case .json: return ".system.json"
        case .css: return ".css"
        case .scss: return ".scss"
        case .tailwind: return ".tailwind.css"
        case .tokens: return ".resolver.json"
        case .swatch: return ".png"
        }
    }

    public var isBinary: Bool { self == .swatch }
}

/// The text formats of a design system. Every writer lists the same things in the same order:
/// the scales (`ScaleName.allCases`, steps 50 to 950), then the semantic roles
/// (`SemanticRole.allCases`) for the light theme and the dark one, each role naming the scale
/// step it aliases where it is one.
public enum SystemWriters {
    public static func render(_ system: DesignSystem, _ format: SystemFormat, name: String) -> String {
        switch format {
        case .json: return json(system)
        case .css: return css(system, name: name)
        case .scss: return scss(system, name: name)
        case .tailwind: return tailwind(system, name: name)
        case .tokens: return tokens(system, name: name)
        case .swatch: return ""
        }
    }

    // MARK: JSON

    /// `{palette, source_steps, scales, roles, aliases, contrast, unmet}`, keys in a fixed order.
    public static func json(_ s: DesignSystem) -> String {
        var out = "{\n"
        out += "  \"palette\": {"
        out += Role.allCases.map { "\"\($0.rawValue)\": \"\(s.palette[$0].hex)\"" }.joined(separator: ", ")
        out += "},\n  \"source_steps\": {"
        out += [ScaleName.primary, .secondary, .accent].map {
            "\"\($0.rawValue)\": \"\(scale(s, $0).sourceStep.name)\""
        }
        .joined(separator: ", ")
        out += "},\n  \"scales\": {\n"
        out += ScaleName.allCases.map { name in
            let sc = scale(s, name)
            let steps = ScaleStep.allCases.map { "\"\($0.name)\": \"\(sc[$0].hex)\"" }.joined(separator: ", ")
            return "    \"\(name.rawValue)\": {\(steps)}"
        }.joined(separator: ",\n")
        out += "\n  },\n  \"roles\": {\n"
        out += Theme.allCases.map { theme in
            let pairs = SemanticRole.allCases.map { "\"\($0.name)\": \"\(s.color($0, theme).hex)\"" }
            return "    \"\(theme.rawValue)\": {\(pairs.joined(separator: ", "))}"
        }.joined(separator: ",\n")
        out += "\n  },\n  \"aliases\": {\n"
        out += Theme.allCases.map { theme in
            let pairs = SemanticRole.allCases.map { role -> String in
                guard let step = s.roles[theme]?[role]?.step else { return "\"\(role.name)\": null" }
                return "\"\(role.name)\": \"\(step.scale.rawValue).\(step.step.name)\""
            }
            return "    \"\(theme.rawValue)\": {\(pairs.joined(separator: ", "))}"
        }.joined(separator: ",\n")
        out += "\n  },\n  \"contrast\": {\n"
        out += ScaleName.allCases.map { name in
            let sc = scale(s, name)
            let whiteFrom = ScaleStep.allCases.first { WCAG.contrast(sc[$0], WCAG.white) >= 4.5 }
            let blackUntil = ScaleStep.allCases.last { WCAG.contrast(sc[$0], WCAG.black) >= 4.5 }
            let mid = sc[.s500]
            return "    \"\(name.rawValue)\": {\"500_on_white\": \(number(WCAG.contrast(mid, WCAG.white))), "
                + "\"500_on_black\": \(number(WCAG.contrast(mid, WCAG.black))), "
                + "\"white_text_from\": \(whiteFrom.map { "\"\($0.name)\"" } ?? "null"), "
                + "\"black_text_until\": \(blackUntil.map { "\"\($0.name)\"" } ?? "null")}"
        }.joined(separator: ",\n")
        out += "\n  },\n  \"unmet\": ["
        if !s.unmet.isEmpty {
            out += "\n"
            out += s.unmet.map { u in
                "    {\"theme\": \"\(u.theme.rawValue)\", \"rule\": \"\(u.rule.rawValue)\", \"roles\": ["
                    + u.roles.map { "\"\($0.name)\"" }.joined(separator: ", ")
                    + "], \"measured\": \(number(u.measured)), \"required\": \(number(u.required)), \"vision\": "
                    + (u.vision.map { "\"\($0.rawValue)\"" } ?? "\"normal\"") + "}"
            }.joined(separator: ",\n")
            out += "\n  "
        }
        out += "]\n}\n"
        return out
    }

    // MARK: CSS

    /// Custom properties: each step as hex, then as oklch() where the browser reads it; each role
    /// as a `light-dark()` pair of the steps it aliases under `color-scheme: light dark`, and, for
    /// browsers without `light-dark()`, the same pairs through `prefers-color-scheme`.
    public static func css(_ s: DesignSystem, name: String) -> String {
        var out = "/* \(comment(name)): a design system by palette-tui (scales 50-950, light and dark roles) */\n"
        out += ":root {\n  color-scheme: light dark;\n"
        for n in ScaleName.allCases {
            for step in ScaleStep.allCases {
                out += "  --color-\(n.rawValue)-\(step.name): \(scale(s, n)[step].hex);\n"
            }
        }
        for role in SemanticRole.allCases {
            out += "  --color-\(role.name): light-dark(\(ref(s, role, .light)), \(ref(s, role, .dark)));\n"
        }
        out += "}\n\n@supports (color: oklch(0% 0 0)) {\n  :root {\n"
        for n in ScaleName.allCases {
            for step in ScaleStep.allCases {
                out += "    --color-\(n.rawValue)-\(step.name): \(oklch(scale(s, n)[step]));\n"
            }
        }
        out += "  }\n}\n\n@supports not (color: light-dark(#000, #fff)) {\n  :root {\n"
        for role in SemanticRole.allCases { out += "    --color-\(role.name): \(ref(s, role, .light));\n" }
        out += "  }\n  @media (prefers-color-scheme: dark) {\n    :root {\n"
        for role in SemanticRole.allCases { out += "      --color-\(role.name): \(ref(s, role, .dark));\n" }
        out += "    }\n  }\n}\n"
        return out
    }

    // MARK: Tailwind v4

    /// A Tailwind v4 theme: `@theme` with every step (`--color-primary-50` ...) in oklch() and the
    /// roles as the light theme's steps; the dark theme's roles through `@variant dark` on
    /// `:root` in the theme layer, as Tailwind v4 documents overriding theme variables.
    public static func tailwind(_ s: DesignSystem, name: String) -> String {
        var out = "/* \(comment(name)): a Tailwind CSS v4 theme by palette-tui. Import it after tailwindcss. */\n"
        out += "@theme {\n"
        for n in ScaleName.allCases {
            for step in ScaleStep.allCases {
                out += "  --color-\(n.rawValue)-\(step.name): \(oklch(scale(s, n)[step]));\n"
            }
        }
        for role in SemanticRole.allCases { out += "  --color-\(role.name): \(ref(s, role, .light));\n" }
        out += "}\n\n@layer theme {\n  :root {\n    @variant dark {\n"
        for role in SemanticRole.allCases { out += "      --color-\(role.name): \(ref(s, role, .dark));\n" }
        out += "    }\n  }\n}\n"
        return out
    }

    // MARK: SCSS

    /// A variable for each step, a map for each scale, and a map of roles for each theme whose
    /// values are the step variables they alias.
    public static func scss(_ s: DesignSystem, name: String) -> String {
        var out = "// \(comment(name)): a design system by palette-tui (scales 50-950, light and dark roles)\n"
        for n in ScaleName.allCases {
            for step in ScaleStep.allCases { out += "$\(n.rawValue)-\(step.name): \(scale(s, n)[step].hex);\n" }
            out += "$\(n.rawValue): ("
            out += ScaleStep.allCases.map { "\"\($0.name)\": $\(n.rawValue)-\($0.name)" }.joined(separator: ", ")
            out += ");\n"
        }
        for theme in Theme.allCases {
            out += "$roles-\(theme.rawValue): (\n"
            out += SemanticRole.allCases.map { role -> String in
                let value =
                    s.roles[theme]?[role]?.step.map { "$\($0.scale.rawValue)-\($0.step.name)" }
                    ?? s.color(role, theme).hex
                return "  \"\(role.name)\": \(value)"
            }.joined(separator: ",\n")
            out += "\n);\n"
        }
        return out
    }

    // MARK: DTCG 2025.10

    /// One resolver document (version 2025.10): a set holding the scales as colour tokens
    /// (`color.primary.600`: sRGB components and the hex fallback), and a `theme` modifier whose
    /// `light` and `dark` contexts hold the roles as aliases of the steps (`{color.primary.600}`).
    public static func tokens(_ s: DesignSystem, name: String) -> String {
        var out = "{\n  \"name\": \(quoted(name)),\n  \"version\": \"2025.10\",\n"
        out += "  \"description\": \"Tonal scales and light and dark semantic roles, by palette-tui\",\n"
        out += "  \"sets\": {\n    \"scales\": {\n      \"sources\": [\n        {\n          \"color\": {\n"
        out += "            \"$type\": \"color\",\n"
        out += ScaleName.allCases.map { n in
            let steps = ScaleStep.allCases.map { step in
                "              \"\(step.name)\": {\"$value\": \(colourValue(scale(s, n)[step]))}"
            }.joined(separator: ",\n")
            return "            \"\(n.rawValue)\": {\n\(steps)\n            }"
        }.joined(separator: ",\n")
        out += "\n          }\n        }\n      ]\n    }\n  },\n"
        out += "  \"modifiers\": {\n    \"theme\": {\n      \"contexts\": {\n"
        out += Theme.allCases.map { theme in
            let roles = SemanticRole.allCases.map { role -> String in
                let value =
                    s.roles[theme]?[role]?.step.map { "\"{color.\($0.scale.rawValue).\($0.step.name)}\"" }
                    ?? colourValue(s.color(role, theme))
                return "              \"\(role.name)\": {\"$value\": \(value)}"
            }.joined(separator: ",\n")
            return "        \"\(theme.rawValue)\": [\n          {\n            \"color\": {\n"
                + "              \"$type\": \"color\",\n\(roles)\n            }\n          }\n        ]"
        }.joined(separator: ",\n")
        out += "\n      },\n      \"default\": \"light\"\n    }\n  },\n"
        out += "  \"resolutionOrder\": [{\"$ref\": \"#/sets/scales\"}, {\"$ref\": \"#/modifiers/theme\"}]\n}\n"
        return out
    }

    // MARK: Helpers

    static func scale(_ s: DesignSystem, _ name: ScaleName) -> TonalScale {
        s.scales[name] ?? TonalScale(source: RGB(r: 128, g: 128, b: 128))
    }

    /// A role's value in CSS: `var(--color-SCALE-STEP)` where it aliases a step, else its hex.
    static func ref(_ s: DesignSystem, _ role: SemanticRole, _ theme: Theme) -> String {
        if let step = s.roles[theme]?[role]?.step { return "var(--color-\(step.scale.rawValue)-\(step.step.name))" }
        return s.color(role, theme).hex
    }

    /// `oklch(L% C H)` to four significant places: the same sRGB colour, written as CSS Color 4's
    /// perceptual form.
    public static func oklch(_ c: RGB) -> String {
        let lch = OKLCH(c)
        let l = cFormat("%.2f", lch.l * 100)
        if lch.c < 0.0005 { return "oklch(\(l)% 0 0)" }
        return "oklch(\(l)% \(cFormat("%.4f", lch.c)) \(cFormat("%.2f", lch.h)))"
    }

    static func colourValue(_ c: RGB) -> String {
        let parts = [c.r, c.g, c.b].map { cFormat("%.4f", Double($0) / 255) }.joined(separator: ", ")
        return "{\"colorSpace\": \"srgb\", \"components\": [\(parts)], \"hex\": \"\(c.hex.lowercased())\"}"
    }

    static func number(_ x: Double) -> String { cFormat("%.2f", x) }

    /// A name inside a comment: no comment terminator, one line.
    static func comment(_ name: String) -> String {
        name.replacingAll("*/", with: "* /").replacingAll("\n", with: " ")
            .filter { !$0.isNewline }
    }

    static func quoted(_ text: String) -> String { JSONText.string(text) }
}
