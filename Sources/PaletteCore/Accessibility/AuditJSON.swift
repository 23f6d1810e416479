extension PaletteAudit {
    /// The audit as one JSON object, keys in a fixed order, numbers unrounded.
    ///
    /// `background` and `palette` (hex), `pairs` (every ordered pair: `fg`, `bg`, `wcag_ratio`,
    /// `apca_lc`, `aa_normal`, `aaa_normal`, `aa_large`, `aaa_large`, `non_text`), `cvd`
    /// (`deficiency`, `a`, `b`, `delta_e00`, `distinguishable`), then `levels`: for AA and AAA,
    /// `meets` and the `failures` (`rule` ink, accent or cvd, with the figures).
    public var json: String {
        func number(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }
        func string(_ s: String) -> String { JSONText.string(s) }
        var out = "{\n"
        out += "  \"background\": \(string(background.hex)),\n"
        out +=
            "  \"palette\": {"
            + Role.allCases.map { "\(string($0.rawValue)): \(string(palette[$0].hex))" }
            .joined(separator: ", ") + "},\n"
        let pairLines = pairs.map { p in
            "    {\"fg\": \(string(p.foreground.description)), \"bg\": \(string(p.background.description)), "
                + "\"wcag_ratio\": \(number(p.ratio)), \"apca_lc\": \(number(p.lc)), "
                + "\"aa_normal\": \(p.aaNormal), \"aaa_normal\": \(p.aaaNormal), \"aa_large\": \(p.aaLarge), "
                + "\"aaa_large\": \(p.aaaLarge), \"non_text\": \(p.nonText)}"
        }
        out += "  \"pairs\": [\n" + pairLines.joined(separator: ",\n") + "\n  ],\n"
        let cvdLines = deficiencies.map { d in
            "    {\"deficiency\": \(string(d.deficiency.rawValue)), \"a\": \(string(d.a.rawValue)), "
                + "\"b\": \(string(d.b.rawValue)), \"delta_e00\": \(number(d.deltaE)), "
                + "\"distinguishable\": \(d.distinguishable)}"
        }
        out += "  \"cvd\": [\n" + cvdLines.joined(separator: ",\n") + "\n  ],\n"
        let levelLines = AccessibilityLevel.allCases.map { level -> String in
            let failures = self.failures(level).map { f -> String in
                switch f {
                case .ink(let role, let ratio):
                    return "{\"rule\": \"ink\", \"role\": \(string(role.rawValue)), \"ratio\": \(number(ratio)), "
                        + "\"needs\": \(number(level.textRatio))}"
                case .accent(let other, let ratio):
                    return "{\"rule\": \"accent\", \"against\": \(string(other.description)), "
                        + "\"ratio\": \(number(ratio)), \"needs\": \(number(Self.nonText))}"
                case .indistinct(let kind, let a, let b, let deltaE):
                    return
                        "{\"rule\": \"cvd\", \"deficiency\": \(string(kind.rawValue)), \"a\": \(string(a.rawValue)), "
                        + "\"b\": \(string(b.rawValue)), \"delta_e00\": \(number(deltaE)), \"needs\": \(number(Self.distinct))}"
                }
            }
            let list = failures.isEmpty ? "[]" : "[\n      " + failures.joined(separator: ",\n      ") + "\n    ]"
            return "    \(string(level.rawValue)): {\"meets\": \(failures.isEmpty), \"failures\": \(list)}"
        }
        out += "  \"levels\": {\n" + levelLines.joined(separator: ",\n") + "\n  }\n}"
        return out
    }
}
