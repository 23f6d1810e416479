/// Everything worth knowing about one colour for a designer at a terminal.
///
/// Computed once from the colour; `json` renders it for `palette-tui inspect --format json`
/// and PaletteApp's `InspectText` words it as text, and the app can show the same facts.
public struct ColorReport: Hashable, Sendable {
    public var color: RGB
    public var oklch: OKLCH
    public var contrastWithWhite: Double
    public var contrastWithBlack: Double
    /// Black or white, whichever reads better on this colour.
    public var ink: RGB
    public var name: ColorName
    /// CIEDE2000 between the colour and its name's colour.
    public var nameDeltaE: Double
    /// The nearest fixed xterm-256 index (16...255).
    public var xtermIndex: Int
    public var xtermDeltaE: Double
    /// The colour as seen with each deficiency, in `VisionDeficiency.allCases` order.
    public var simulations: [RGB]

    /// - Parameter language: whose colour names `name` is chosen from (`ColorNames.names`).
    public init(_ color: RGB, language: Language = .english) {
        self.color = color
        oklch = OKLCH(color)
        contrastWithWhite = WCAG.contrast(color, WCAG.white)
        contrastWithBlack = WCAG.contrast(color, WCAG.black)
        ink = WCAG.readableInk(on: color)
        (name, nameDeltaE) = ColorNames.nearest(to: color, language: language)
        (xtermIndex, xtermDeltaE) = Xterm256.nearest(to: color)
        simulations = VisionDeficiency.allCases.map { $0.simulate(color) }
    }

    /// A ratio for display, cut (not rounded) to two decimals so it never shows a pass it lacks.
    public static func ratioText(_ ratio: Double) -> String {
        fixed((ratio * 100).rounded(.down) / 100, 2) + ":1"
    }

    // MARK: - Rendering

    /// One JSON object (two-space indent at `indent` levels), keys in a fixed order.
    public func json(input: String? = nil, indent: Int = 0) -> String {
        func contrast(_ r: Double) -> String {
            "{\"ratio\": \(Self.number(r)), \"aa\": \(WCAG.passesAA(r)), \"aaLarge\": \(WCAG.passesAALarge(r)), "
                + "\"aaa\": \(WCAG.passesAAA(r)), \"aaaLarge\": \(WCAG.passesAAALarge(r))}"
        }
        var fields: [(String, String)] = []
        if let input { fields.append(("input", JSONText.string(input))) }
        fields += [
            ("hex", JSONText.string(color.hex)),
            ("rgb", "[\(color.r), \(color.g), \(color.b)]"),
            (
                "oklch",
                "{\"l\": \(Self.number(oklch.l)), \"c\": \(Self.number(oklch.c)), "
                    + "\"h\": \(oklch.isAchromatic ? "null" : Self.number(oklch.h))}"
            ),
            ("contrast", "{\"white\": \(contrast(contrastWithWhite)), \"black\": \(contrast(contrastWithBlack))}"),
            ("ink", JSONText.string(ink.hex)),
            (
                "name",
                "{\"name\": \(JSONText.string(name.name)), \"source\": \"\(name.source.rawValue)\", "
                    + "\"hex\": \"\(name.color.hex)\", \"deltaE00\": \(Self.number(nameDeltaE))}"
            ),
            (
                "xterm256",
                "{\"index\": \(xtermIndex), \"hex\": \"\(Xterm256.color(xtermIndex)?.hex ?? "")\", "
                    + "\"deltaE00\": \(Self.number(xtermDeltaE))}"
            ),
            (
                "simulations",
                "{"
                    + VisionDeficiency.allCases.enumerated().map { k, kind in
                        "\"\(kind.rawValue)\": \"\(simulations[k].hex)\""
                    }.joined(separator: ", ") + "}"
            ),
        ]
        let pad = String(repeating: "  ", count: indent)
        let body = fields.map { "\(pad)  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n")
        return "\(pad){\n" + body + "\n\(pad)}"
    }

    /// A JSON number with 6 decimals at most (no exponent, no trailing zeros).
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        var s = fixed(v, 6)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// `v` with exactly `decimals` digits after the point, without Foundation's `String(format:)`.
    public static func fixed(_ v: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(v) * scale).rounded()
        guard scaled < 9e15 else { return String(v) }
        let whole = Int(scaled)
        let intPart = whole / Int(scale)
        var frac = String(whole % Int(scale))
        frac = String(repeating: "0", count: max(0, decimals - frac.count)) + frac
        let sign = v < 0 && scaled != 0 ? "-" : ""
        return decimals == 0 ? "\(sign)\(intPart)" : "\(sign)\(intPart).\(frac)"
    }
}
