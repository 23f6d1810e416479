import Foundation
import PaletteCore

// MARK: - Candidates

/// A colour the palette could use: one cluster of the cues' colours.
struct Candidate {
    var lch: OKLCH
    /// How strongly the words ask for this colour anywhere in the palette.
    var weight: Double
    /// How strongly they ask for it as the primary: a word's first colour counts fully, its
    /// supporting colours less, its accent least.
    var lead: Double
    var words: [String]
    var cues: Set<Int>
    var isAccent: Bool
    var rgb = RGB(r: 0, g: 0, b: 0)
    var lab = CIELab(l: 0, a: 0, b: 0)

    /// Sets the displayable colour: gamut-mapped by chroma reduction, then CIELAB for ΔE00.
    mutating func map() {
        rgb = lch.gamutMapped()
        lab = CIELab(rgb)
    }
}

/// A finished palette with its explanation and the OKLCH colours it was mapped from.
struct Composition {
    var palette: Palette
    var rationale: [Role: [String]]
    /// Each role's OKLCH target in role order; the palette holds their gamut-mapped sRGB.
    var targets: [OKLCH]
}

/// A chosen role colour, with the words that drove it.
struct RoleColour {
    var lch: OKLCH
    var words: [String]
}

// MARK: - Composer

/// Builds a three-colour palette in OKLCH from what the engine read.
///
/// The primary is the heaviest cluster of cue colours; the accent is a cue colour (or a
/// harmony hue) that stands apart from it; the secondary supports the primary. Global
/// modifiers and mood steering shape every candidate before roles are chosen, and the
/// distinctness rules are enforced on the final sRGB colours.
struct PaletteComposer {
    /// Minimum CIEDE2000 between any two roles, measured after gamut mapping.
    static let minimumDistance = 10.0
    /// Minimum CIEDE2000 between the accent and the primary.
    static let accentDistance = 20.0

    let reading: Reading
    let variation: Int

    /// Designer-picked palettes for descriptions with no colour words: never a grey.
    static let fallbackPalettes: [[UInt32]] = [
        [0x2A9D8F, 0xE9C46A, 0xE76F51],
        [0x264653, 0x8AB17D, 0xF4A261],
        [0x3D5A80, 0x98C1D9, 0xEE6C4D],
        [0x6D597A, 0xEAAC8B, 0xE56B6F],
        [0x355070, 0xEAAC8B, 0xE56B6F],
        [0x588157, 0xDAD7CD, 0xBC4749],
        [0x1D3557, 0xA8DADC, 0xE63946],
        [0x5F0F40, 0xF2CC8F, 0xFB8B24],
        [0x22577A, 0xC7F9CC, 0xF4A259],
        [0x344E41, 0xA3B18A, 0xE09F3E],
    ]

    /// Accent hues that read as deliberate (coral, amber, gold, mint, teal, blue, violet, magenta).
    static let accentHues: [Double] = [25, 60, 95, 165, 200, 250, 300, 330]
    /// The first choice for a cool primary is a warm accent, and for a warm one a cool accent:
    /// designers pair forest green with coral or gold more than with magenta.
    static let warmAccentHues: [Double] = [25, 60, 95]
    static let coolAccentHues: [Double] = [165, 200, 250]

    /// The least chroma an accent keeps (OKLCH), whatever the mood.
    static let accentMinimumChroma = 0.07

    /// How far (CIEDE2000) at least one role of a regenerated palette must move from the first.
    static let variationDistance = 8.0

    /// The palette for `variation`.
    ///
    /// A regenerated palette that came out too close to the first (a description with one
    /// colour idea) is rebuilt with the first palette's secondary and accent ruled out.
    func compose() -> Composition {
        let first = build(avoiding: nil)
        guard variation != 0 else { return first }
        let base = PaletteComposer(reading: reading, variation: 0).build(avoiding: nil).palette
        let moved = Role.allCases.contains {
            CIEDE2000.difference(first.palette[$0], base[$0]) >= PaletteComposer.variationDistance
        }
        return moved ? first : build(avoiding: base)
    }

    private func build(avoiding base: Palette?) -> Composition {
        var rng = SeededRandom(seed: reading.seed, variation: variation)
        let avoid = base.map { b in
            (secondary: CIELab(b.secondary), accent: CIELab(b.accent), accentHue: OKLCH(b.accent).h)
        }
        let emotion = reading.emotion.clamped(1.5)
        var candidates = clusters(rng: &rng)
        for i in candidates.indices {
            // An accent keeps half its own character: night dims the scene, not the lamp in it.
            candidates[i].lch = shaped(candidates[i].lch, emotion: emotion, strength: candidates[i].isAccent ? 0.5 : 1)
            candidates[i].map()
        }

        let p = choosePrimary(candidates, rng: &rng)
        var primary = candidates[p]
        // With no words to go on, the text itself still picks a distinct shade of the fallback.
        if variation != 0 || reading.cues.isEmpty {
            primary.lch = jittered(primary.lch, rng: &rng)
            primary.map()
        }
        let extra = reading.globalModifierWords + reading.emotionWords
        let primaryRole = RoleColour(lch: primary.lch, words: primary.words + extra)

        let a = chooseAccent(candidates, primary: p, primaryLab: primary.lab, avoid: avoid?.accent, rng: &rng)
        var accentRole: RoleColour
        var accentLab: CIELab
        if let a {
            accentRole = RoleColour(lch: candidates[a].lch, words: candidates[a].words + extra)
            accentLab = candidates[a].lab
        } else {
            let derived = derivedAccent(primary.lch, candidates: candidates, avoidHue: avoid?.accentHue, rng: &rng)
            let lch = shaped(derived, emotion: emotion, strength: 0.5)
            accentRole = RoleColour(lch: lch, words: primary.words + extra)
            accentLab = CIELab(lch.gamutMapped())
        }

        // An accent has presence even in mist and moonlight: some chroma survives every mood.
        if accentRole.lch.c >= 0.02 { accentRole.lch.c = max(accentRole.lch.c, PaletteComposer.accentMinimumChroma) }
        accentLab = CIELab(accentRole.lch.gamutMapped())

        let s = chooseSecondary(
            candidates, primary: p, primaryLab: primary.lab, accentLab: accentLab, accent: a,
            avoid: avoid?.secondary, rng: &rng)
        var secondaryRole: RoleColour
        if let s {
            secondaryRole = RoleColour(lch: candidates[s].lch, words: candidates[s].words + extra)
        } else {
            let lch = shaped(
                derivedSecondary(primary.lch, alternative: avoid != nil, rng: &rng), emotion: emotion, strength: 1)
            secondaryRole = RoleColour(lch: lch, words: primary.words + extra)
        }

        let primaryRGB = primary.lch.gamutMapped()
        let secondary = Separation.separated(
            secondaryRole.lch, from: [(primaryRGB, PaletteComposer.minimumDistance)], hueShift: false)
        let accent = Separation.separated(
            accentRole.lch,
            from: [(primaryRGB, PaletteComposer.accentDistance), (secondary.rgb, PaletteComposer.minimumDistance)],
            hueShift: true)
        accentRole.lch = accent.lch
        secondaryRole.lch = secondary.lch

        let palette = Palette(primary: primaryRGB, secondary: secondary.rgb, accent: accent.rgb)
        let rationale: [Role: [String]] = [
            .primary: unique(primaryRole.words),
            .secondary: unique(secondaryRole.words),
            .accent: unique(accentRole.words),
        ]
        return Composition(palette: palette, rationale: rationale, targets: [primary.lch, secondary.lch, accent.lch])
    }

    // MARK: Gathering

    /// The cues' colours merged into clusters, heaviest first.
    ///
    /// Colours closer than 0.035 in OKLab are one cluster: repeated or agreeing words add up
    /// ("green forest"). The cluster keeps its heaviest member's colour rather than an
    /// average, so two hues never blend into mud.
    private func clusters(rng: inout SeededRandom) -> [Candidate] {
        var raw: [Candidate] = []
        let cues = reading.cues
        for (ci, cue) in cues.enumerated() {
            var pull = cue.kind.baseWeight * max(0.8, 1 - 0.04 * Double(ci))
            // The head of a phrase leads its kind: "sunset over the sea", 海邊的日出, and of two
            // English scene words side by side the last ("desert canyon" is a canyon).
            if cue.isHead
                || (ci > 0 && cue.isWord && cues[ci - 1].isWord && cue.kind == .scene && cues[ci - 1].kind == .scene
                    && cue.clause == cues[ci - 1].clause && cue.lastOrdinal - cues[ci - 1].lastOrdinal == 1)
            {
                pull *= 1.15
            }
            for (rank, colour) in cue.modifiedColours.enumerated() {
                let w = pull * colour.weight
                raw.append(
                    Candidate(
                        lch: colour.lch, weight: w, lead: w * (colour.isAccent ? 0.4 : rank == 0 ? 1 : 0.6),
                        words: cue.words, cues: [ci], isAccent: colour.isAccent))
            }
        }
        if raw.isEmpty {
            let pick = Int(rng.next() % UInt64(PaletteComposer.fallbackPalettes.count))
            let weights = [3.0, 2.0, 1.5]
            for (i, packed) in PaletteComposer.fallbackPalettes[pick].enumerated() {
                raw.append(
                    Candidate(
                        lch: OKLCH(RGB(packed: packed)), weight: weights[i], lead: weights[i] * (i == 2 ? 0.4 : 1),
                        words: [], cues: [], isAccent: i == 2))
            }
        }
        // Stable: equal weights keep the order of the words in the description.
        let ordered = raw.enumerated().sorted { x, y in
            x.element.weight != y.element.weight ? x.element.weight > y.element.weight : x.offset < y.offset
        }.prefix(64).map(\.element)
        var clusters: [Candidate] = []
        for c in ordered {
            let lab = c.lch.lab
            if let j = clusters.firstIndex(where: { $0.lch.lab.distance(to: lab) < 0.035 }) {
                clusters[j].weight += c.weight
                clusters[j].lead += c.lead
                clusters[j].words += c.words.filter { !clusters[j].words.contains($0) }
                clusters[j].cues.formUnion(c.cues)
                clusters[j].isAccent = clusters[j].isAccent && c.isAccent
            } else {
                clusters.append(c)
            }
        }
        clusters.sort { $0.lead > $1.lead }
        return Array(clusters.prefix(16))
    }

    /// Global modifiers (pastel, neon, muted ...) then mood steering.
    private func shaped(_ colour: OKLCH, emotion: EmotionTarget, strength: Double) -> OKLCH {
        var c = colour
        for m in reading.globalModifiers {
            // Night dims the scene, not the lamps, the moon or the neon in it.
            if strength < 1, let t = m.targetLightness, t <= 0.5 { continue }
            c = m.apply(to: c, strength: strength)
        }
        return ColourEmotion.steer(c, toward: emotion, strength: strength)
    }

    // MARK: Roles

    private func choosePrimary(_ candidates: [Candidate], rng: inout SeededRandom) -> Int {
        guard variation != 0, let top = candidates.first?.lead else { return 0 }
        // Regenerate may lead with another strong cue, never with a passing one.
        let pool = candidates.indices.filter { candidates[$0].lead >= 0.7 * top && !candidates[$0].isAccent }
        guard pool.count > 1 else { return 0 }
        return pool[rng.pick(weights: pool.map { candidates[$0].lead * candidates[$0].lead })]
    }

    private func chooseAccent(
        _ candidates: [Candidate], primary p: Int, primaryLab: CIELab, avoid: CIELab?,
        rng: inout SeededRandom
    ) -> Int? {
        var scored: [(Int, Double)] = []
        for (k, c) in candidates.enumerated() where k != p && c.lch.c >= 0.045 {
            if let avoid, CIEDE2000.difference(avoid, c.lab) < PaletteComposer.variationDistance { continue }
            let d = CIEDE2000.difference(primaryLab, c.lab)
            guard d >= PaletteComposer.accentDistance else { continue }
            let vividness = min(1.5, 0.35 + c.lch.c / 0.1)
            let score = c.weight * (c.isAccent ? 1.8 : 1) * vividness * min(1.3, d / 30)
            scored.append((k, score))
        }
        return pickScored(scored, rng: &rng)
    }

    private func chooseSecondary(
        _ candidates: [Candidate], primary p: Int, primaryLab: CIELab, accentLab: CIELab,
        accent a: Int?, avoid: CIELab?, rng: inout SeededRandom
    ) -> Int? {
        var scored: [(Int, Double)] = []
        for (k, c) in candidates.enumerated() where k != p && k != a {
            if let avoid, CIEDE2000.difference(avoid, c.lab) < PaletteComposer.variationDistance { continue }
            let dp = CIEDE2000.difference(primaryLab, c.lab)
            let da = CIEDE2000.difference(accentLab, c.lab)
            guard dp >= PaletteComposer.minimumDistance, da >= PaletteComposer.minimumDistance else { continue }
            // Supports the primary: not the accent's twin, not a second accent; a word the
            // primary and accent do not show yet is worth more ("calm forest morning" shows morning).
            let fresh = c.cues.isDisjoint(with: candidates[p].cues.union(a.map { candidates[$0].cues } ?? []))
            let score =
                c.weight * (c.isAccent ? 0.5 : 1) * (dp <= 50 ? 1 : 0.75) * (da < 20 ? 0.6 : 1) * (fresh ? 1.2 : 1)
            scored.append((k, score))
        }
        return pickScored(scored, rng: &rng)
    }

    /// The best score for variation 0; otherwise a weighted pick among the best three.
    private func pickScored(_ scored: [(Int, Double)], rng: inout SeededRandom) -> Int? {
        guard !scored.isEmpty else { return nil }
        let sorted = scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        if variation == 0 { return sorted[0].0 }
        let top = Array(sorted.prefix(3)).filter { $0.1 >= 0.4 * sorted[0].1 }
        return top[rng.pick(weights: top.map(\.1))].0
    }

    // MARK: Derived colours

    /// A small change for regenerate: the same colour idea, seen differently.
    private func jittered(_ c: OKLCH, rng: inout SeededRandom) -> OKLCH {
        var out = c
        if c.c >= 0.03 { out.h = (c.h + rng.sign() * rng.uniform(3...10) + 360).truncatingRemainder(dividingBy: 360) }
        // Always a visible step in lightness, turned back from the ends of the scale.
        let dl = rng.uniform(0.03...0.07) * rng.sign()
        out.l = c.l + dl > 0.96 || c.l + dl < 0.1 ? c.l - dl : c.l + dl
        out.c = c.c * rng.uniform(0.88...1.12)
        return out
    }

    /// A supporting colour from the primary alone: a tone, a neighbour hue, or a tinted neutral.
    private func derivedSecondary(_ p: OKLCH, alternative: Bool, rng: inout SeededRandom) -> OKLCH {
        let style = variation == 0 ? 0 : rng.pick(weights: [alternative ? 0 : 2, 1.5, 1])
        switch style {
        case 1:
            let l = p.l > 0.55 ? p.l - 0.14 : p.l + 0.14
            return OKLCH(l: l, c: p.c * 0.85, h: (p.h + rng.sign() * 30 + 360).truncatingRemainder(dividingBy: 360))
        case 2:
            return OKLCH(l: p.l >= 0.55 ? 0.27 : 0.93, c: min(0.025, p.c), h: p.h)
        default:
            let lighter = p.l < 0.62
            let l = lighter ? min(p.l + 0.3, 0.95) : max(p.l - 0.3, 0.2)
            return OKLCH(l: l, c: p.c * (lighter ? 0.55 : 0.8), h: p.h)
        }
    }

    /// An accent from a harmony: the accent hue nearest the primary's complement.
    private func derivedAccent(_ p: OKLCH, candidates: [Candidate], avoidHue: Double?, rng: inout SeededRandom) -> OKLCH
    {
        let reference: Double?
        if p.c >= 0.03 {
            reference = p.h
        } else {
            reference = candidates.first { $0.lch.c >= 0.04 }?.lch.h
        }
        var hue: Double
        if let reference {
            let complement = (reference + 180).truncatingRemainder(dividingBy: 360)
            let isCool = (100..<300).contains(reference)
            let contrasting = isCool ? PaletteComposer.warmAccentHues : PaletteComposer.coolAccentHues
            let nearest = contrasting.min { angle($0, complement) < angle($1, complement) }!
            var ranked = PaletteComposer.accentHues.sorted { angle($0, complement) < angle($1, complement) }
            ranked.removeAll { $0 == nearest }
            ranked.insert(nearest, at: 0)
            if let avoidHue { ranked.removeAll { angle($0, avoidHue) < 25 } }
            hue = variation == 0 ? ranked[0] : ranked[rng.pick(weights: [3, 2, 1])]
        } else {
            let hues = PaletteComposer.accentHues
            hue = hues[Int((reading.seed ^ UInt64(truncatingIfNeeded: variation)) % UInt64(hues.count))]
        }
        if variation != 0 { hue += rng.uniform(-8...8) }
        var l: Double
        switch p.l {
        case ..<0.5: l = 0.75
        case ..<0.65: l = 0.8
        case ..<0.8: l = 0.5
        default: l = 0.55
        }
        if (80...115).contains(hue) { l = max(l, 0.8) }
        let c = max(0.1, min(0.14, p.c * 0.9))
        return OKLCH(l: l, c: c, h: (hue + 360).truncatingRemainder(dividingBy: 360))
    }

    private func angle(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    private func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}

// MARK: - Distinctness

/// Moves a colour until its sRGB form keeps a minimum CIEDE2000 from other colours.
enum Separation {
    /// The first nearby colour (smallest change first) that keeps every distance.
    ///
    /// Lightness moves come first (they keep the hue the words chose), then hue turns when
    /// allowed, then a coarse search of the whole gamut; distances are measured on the
    /// gamut-mapped sRGB colours, the ones the user sees.
    static func separated(_ colour: OKLCH, from others: [(RGB, Double)], hueShift: Bool) -> (lch: OKLCH, rgb: RGB) {
        let labs = others.map { (CIELab($0.0), $0.1) }
        func fits(_ c: OKLCH) -> RGB? {
            let rgb = c.gamutMapped()
            let lab = CIELab(rgb)
            for (o, minimum) in labs where CIEDE2000.difference(lab, o) < minimum { return nil }
            return rgb
        }
        if let rgb = fits(colour) { return (colour, rgb) }

        // Move away from the colour it clashes with most.
        let nearest = others.map { OKLCH($0.0).l }.min { abs($0 - colour.l) < abs($1 - colour.l) } ?? 0.5
        var direction: Double = colour.l >= nearest ? 1 : -1
        if colour.l > 0.88 { direction = -1 } else if colour.l < 0.15 { direction = 1 }
        for step in 1...10 {
            for dir in [direction, -direction] {
                let l = colour.l + dir * 0.035 * Double(step)
                guard l >= 0.08, l <= 0.97 else { continue }
                let c = OKLCH(l: l, c: colour.c, h: colour.h)
                if let rgb = fits(c) { return (c, rgb) }
            }
        }
        if hueShift {
            for dh in [25.0, -25, 50, -50, 90, -90, 135, -135, 180] {
                for dl in [0.0, 0.12, -0.12, 0.24, -0.24] {
                    let l = min(max(colour.l + dl, 0.12), 0.95)
                    let c = OKLCH(
                        l: l, c: max(colour.c, 0.12), h: (colour.h + dh + 360).truncatingRemainder(dividingBy: 360))
                    if let rgb = fits(c) { return (c, rgb) }
                }
            }
        }
        for l in [0.3, 0.45, 0.6, 0.75, 0.9, 0.2, 0.97] {
            for chroma in [0.14, 0.06, 0.0] {
                for k in 0..<12 {
                    let c = OKLCH(l: l, c: chroma, h: (colour.h + Double(k) * 30).truncatingRemainder(dividingBy: 360))
                    if let rgb = fits(c) { return (c, rgb) }
                }
            }
        }
        return (colour, colour.gamutMapped())
    }
}
