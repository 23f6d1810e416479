import FoundationEssentials
import Glibc
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
    var cues: CueSet
    var isAccent: Bool
    /// How much the colour draws the eye: its cue's kind, strength and part in the scene.
    var salience = 1.0
    /// 0...1: resists the setting's darkening and the mood (neon, fire, a lamp).
    var strength = 0.0
    /// A figure placed in a setting ("neon lights *at* a night market"): a candidate accent.
    var isFigure = false
    /// The setting around a figure: a candidate primary.
    var isGround = false
    /// From a thing or a material ("rusty metal"): of two objects the coloured one leads.
    var isObject = false
    /// A light yellow the night left lit (`PaletteComposer.prepared`): not the primary of a
    /// night scene when the night has a dark of its own.
    var isNightLight = false
    /// A colour word named beside black and white ("with a splash of red"): the accent, kept
    /// as named (`Cue.isSpot`).
    var isSpot = false
    /// A hue the description names ("an orange cat", قطة برتقالية): a mood shades it, never
    /// moves it out of its family.
    var isNamedHue = false
    var rgb = RGB(r: 0, g: 0, b: 0)
    var lab = CIELab(l: 0, a: 0, b: 0)

    /// Sets the displayable colour: gamut-mapped by chroma reduction, then CIELAB for ΔE00.
    mutating func map() {
        lch = PaletteComposer.representable(lch)
        rgb = lch.gamutMapped()
        lab = CIELab(rgb)
    }
}

/// A set of cue indices (into `Reading.cues`): a candidate's cues.
///
/// Every candidate starts with one cue and most clusters hold a few, so the first 64 indices
/// are bits of one word and any beyond are kept in a sorted array: a `Set<Int>` allocated and
/// hashed for each of the composer's candidates cost more than choosing among them. Iterates
/// in ascending order; every use asks an order-free question (contains, disjoint, sides) or sorts.
struct CueSet: Sequence, ExpressibleByArrayLiteral {
    private var bits: UInt64 = 0
    private var more: [Int] = []

    init(arrayLiteral elements: Int...) {
        for i in elements { insert(i) }
    }

    /// The set of one cue (a literal's variadic arguments would allocate an array for it).
    init(_ i: Int) { insert(i) }

    mutating func insert(_ i: Int) {
        if i >= 0, i < 64 {
            bits |= 1 << UInt64(i)
        } else if !more.contains(i) {
            more.append(i)
            more.sort()
        }
    }

    func contains(_ i: Int) -> Bool {
        i >= 0 && i < 64 ? bits & (1 << UInt64(i)) != 0 : more.contains(i)
    }

    mutating func formUnion(_ other: CueSet) {
        bits |= other.bits
        for i in other.more { insert(i) }
    }

    func union(_ other: CueSet) -> CueSet {
        var out = self
        out.formUnion(other)
        return out
    }

    func isDisjoint(with other: CueSet) -> Bool {
        bits & other.bits == 0 && !more.contains { other.more.contains($0) }
    }

    struct Iterator: IteratorProtocol {
        var bits: UInt64
        var more: IndexingIterator<[Int]>

        mutating func next() -> Int? {
            if bits != 0 {
                let i = bits.trailingZeroBitCount
                bits &= bits - 1
                return i
            }
            return more.next()
        }
    }

    func makeIterator() -> Iterator { Iterator(bits: bits, more: more.makeIterator()) }
}

/// A finished palette with its explanation and the OKLCH colours it was mapped from.
struct Composition {
    var palette: Palette
    var rationale: [Role: [String]]
    /// Each role's OKLCH target in role order; the palette holds their gamut-mapped sRGB.
    var targets: [OKLCH]
    /// The roles `RoleStructure.repaired` moved so that the roles stand apart.
    var structureMoved: [Role] = []
    /// A composed scene's two sides when its parts were set against each other: the words
    /// of the primary's side (the ground) and of the accent's (the figure).
    var contrast: (ground: [String], figure: [String])?
}

/// A chosen role colour, with the candidate whose words drove it (a colour derived from the
/// primary has the primary's words). The words are gathered once the palette is made, and only
/// when it is explained (`PaletteComposer.build`).
struct RoleColour {
    var lch: OKLCH
    var source: Int
}

// MARK: - Composer

/// Builds a three-colour palette in OKLCH from what the engine read.
///
/// A description is several weighted concepts, not one winner. The steps, in order (each a
/// method below, so later work such as locks or refinements can replace one step):
///
/// 1. `clusters`: every cue's colours, weighted by kind, position and role in the sentence,
///    merged when they agree. When a clause puts a figure in a setting ("neon lights at a
///    night market", "a forest with red berries", 夜市裡的霓虹燈), the setting's colours lead
///    the primary and the figure's are kept for the accent.
/// 2. `shaped`: global modifiers (pastel, night) and the mood (Ou et al.'s factors) move
///    lightness and chroma of the whole scene; strong visual nouns and accents take half.
/// 3. Excluded hue families ("no red", "pas de bleu", 不要藍色) leave the candidates, and
///    every derived colour is checked against them.
/// 4. Roles: the primary is the heaviest cluster; the accent is the most salient colour that
///    stands apart from it (or a harmony hue); the secondary supports the primary.
/// 5. `Separation` enforces the distinctness rules on the final sRGB colours.
struct PaletteComposer {
    /// Minimum CIEDE2000 between any two roles, measured after gamut mapping.
    static let minimumDistance = 10.0
    /// Minimum CIEDE2000 between the accent and the primary.
    static let accentDistance = 20.0

    let reading: Reading
    let variation: Int
    /// The parts of a composed scene opposed in temperature or lightness (`CueSides`), nil
    /// when the description has no such parts.
    let sides: CueSides?

    init(reading: Reading, variation: Int) {
        self.init(reading: reading, variation: variation, sides: CueSides(reading))
    }

    /// A composer for `reading` whose sides are already known (they depend on the reading alone).
    private init(reading: Reading, variation: Int, sides: CueSides?) {
        self.reading = reading
        self.variation = variation
        self.sides = sides
    }

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

    /// Accent hues that read as deliberate (coral, amber, gold, mint, teal, blue, violet, magenta):
    /// for a description with no chromatic colour, and after the analogous hues.
    static let accentHues: [Double] = [25, 60, 95, 165, 200, 250, 300, 330]
    /// How far (OKLCH hue degrees) a derived accent turns from the colour it is derived from:
    /// an analogous neighbour, set apart by lightness and chroma (`accentColour`).
    static let analogousTurn = 25.0
    /// How far a role of a one-hue palette ("all shades of blue") may turn from the primary's hue.
    static let monoHueSpread = 8.0
    /// After the analogous hues, a cool primary takes a warm accent and a warm one a cool accent:
    /// designers pair forest green with coral or gold more than with magenta.
    static let warmAccentHues: [Double] = [25, 60, 95]
    static let coolAccentHues: [Double] = [165, 200, 250]

    /// Light, vivid colours of the yellow band: amber, yellow, lime (OKLCH hue 60-135, L ≥ 0.7,
    /// C ≥ 0.07). sRGB holds these hues' most vivid colours near white, and colour naming has no
    /// dark yellow: the same hue darkened reads as brown or olive, so the roles derived from
    /// such a primary (`derivedSecondary`, `accentColour`) keep lightness and chroma and turn
    /// away from olive instead (docs/decisions.md, 2026-12-01: light yellows).
    static func isLightYellow(_ c: OKLCH) -> Bool {
        c.l >= 0.7 && c.c >= 0.1 && (60..<135).contains(c.h)
    }

    /// The way a derived hue of the yellow band turns: out of the olive centre, toward orange
    /// for amber and yellow (below 115°), toward green for lime and chartreuse.
    static func awayFromOlive(_ h: Double) -> Double { h < 115 ? -1 : 1 }

    /// How far a derived accent of a light yellow turns: farther than `analogousTurn`, so that
    /// it stands apart by hue while it keeps most of the primary's lightness.
    static let yellowTurn = 35.0

    /// A colour of the yellow band dark enough to read as brown or olive (OKLCH h 60-135,
    /// C ≥ 0.04, L < 0.62).
    static func isDarkYellow(_ c: OKLCH) -> Bool { c.c >= 0.04 && (60..<135).contains(c.h) && c.l < 0.62 }

    /// Hues that darken into olive (yellow to lime): a light yellow's derived accent avoids
    /// them unless it stays this light.
    static func isOliveCentre(_ h: Double, l: Double) -> Bool { (95..<135).contains(h) && l < 0.8 }

    /// Above this lightness a yellow has no room for a paler tint: its derived secondary is a
    /// warm charcoal instead.
    static let paleTintLimit = 0.89

    /// How strongly a designer reference asks for its colours (`Cue.isReference`): above a
    /// place or a scene (2 and 2.5), about a scene named as the head of its phrase (2.875),
    /// below a brand (3.5). The reference is the specific part of the description: "a Frida
    /// Kahlo garden" is Frida Kahlo's red and blue in a garden, "a vintage 1970s kitchen" the
    /// seventies' orange and avocado, not a garden's greens or a generic vintage brown; in "a
    /// sunset over Venice" the sunset, the head, still leads (3.2 gave Venice the primary).
    static let referenceWeight = 2.9

    /// The least chroma (OKLCH) of a colour word's colour that counts as a named hue.
    static let namedHueChroma = 0.06

    /// The least chroma an accent keeps (OKLCH), whatever the mood.
    static let accentMinimumChroma = 0.07

    /// How far (CIEDE2000) at least one role of a regenerated palette must move from the first.
    static let variationDistance = 8.0

    /// The palette for `variation`.
    ///
    /// A regenerated palette that came out too close to the first (a description with one
    /// colour idea) is rebuilt with the first palette's secondary and accent ruled out.
    ///
    /// The shaped candidates depend on the words alone (the seeded choices start after them),
    /// unless a fallback palette is drawn for a text with no colour words: so they are
    /// prepared once for the variation, the first palette it is compared with and a rebuild.
    func compose() -> Composition {
        var unused = SeededRandom(seed: reading.seed, variation: variation)
        let shared = reading.cues.contains { !$0.colours.isEmpty } ? prepared(rng: &unused) : nil
        let first = build(avoiding: nil, prepared: shared)
        guard variation != 0 else { return first }
        // The first palette is wanted for its colours alone: its words are not gathered.
        let base = PaletteComposer(reading: reading, variation: 0, sides: sides)
            .build(avoiding: nil, prepared: shared, explained: false).palette
        let moved = Role.allCases.contains {
            CIEDE2000.difference(
                CIELab(first.palette[$0]), CIELab(base[$0]), orInfinityFrom: PaletteComposer.variationDistance)
                >= PaletteComposer.variationDistance
        }
        return moved ? first : build(avoiding: base, prepared: shared)
    }

    /// The candidates, shaped by the global modifiers and the mood, exclusions applied.
    private func prepared(rng: inout SeededRandom) -> [Candidate] {
        let emotion = reading.emotion.clamped(1.5)
        var candidates = clusters(rng: &rng)
        let nightFalls = reading.globalModifiers.contains { $0.darkens }
        for i in candidates.indices {
            // An accent or a strong visual noun keeps half its own character: night dims the
            // scene, not the lamp or the neon in it.
            if candidates[i].isSpot {
                // A spot colour in black and white keeps its own colour: greying it was the point.
            } else if candidates[i].isAccent {
                candidates[i].lch = shaped(candidates[i].lch, emotion: emotion, strength: 0.5)
            } else {
                let s = candidates[i].strength
                // The sides of a composed scene keep their own character: the mood of the
                // whole would average the fire and the ice into one brown.
                let side = sides?.byRelation == true ? nil : sides?.side(of: candidates[i].cues)
                // At night a light yellow (gold, amber, lamplight, a star, a lantern-yellow wall) is
                // a light, not a surface: darkened it turned olive or mud ("Van Gogh's starry
                // night" had a #433300 beside its blues, "phố cổ Hội An về đêm" led with #574000),
                // so it keeps its lightness as a lamp does, and the night leads (`build`).
                let isLight = nightFalls && PaletteComposer.isLightYellow(candidates[i].lch)
                candidates[i].isNightLight = isLight
                // A named hue takes a third of the mood: "a sleepy orange cat" is a soft orange,
                // not the mushroom the whole mood made of it (nor is a calm yellow room brown).
                let mood = side != nil ? 0 : (1 - 0.8 * s) * (candidates[i].isNamedHue ? 0.35 : 1)
                candidates[i].lch = shaped(
                    candidates[i].lch, emotion: emotion, strength: side == true ? 0.5 : 1,
                    darkening: side == true || isLight ? 0 : 1 - s, mood: mood)
            }
            candidates[i].map()
        }
        if !reading.excluded.isEmpty {
            let kept = candidates.filter { allowed($0.lch) }
            if kept.contains(where: { !$0.isAccent }) || !candidates.contains(where: { !$0.isAccent }) {
                candidates = kept
            } else {
                // Every colour the words lead with is in a ruled-out family ("the sea but no
                // blue", "the night sky, no blue"): left with the accent alone, the palette was
                // that accent's browns. Each leading colour turns to its nearest allowed colour
                // instead, so the scene keeps its lightness, depth and temperature (a sea-green
                // sea, a charcoal night).
                let ruledOut = candidates.filter { !$0.isAccent && !allowed($0.lch) }
                var replacements = Separation.turned(ruledOut.map(\.lch), excluded: reading.excluded)[...]
                var turned: [Candidate] = []
                for var c in candidates {
                    if !allowed(c.lch) {
                        guard !c.isAccent, let replacement = replacements.popFirst() else { continue }
                        c.lch = replacement
                        c.map()
                    }
                    if !turned.contains(where: { $0.lch.lab.distance(to: c.lch.lab) < 0.035 }) { turned.append(c) }
                }
                candidates = turned
            }
            if candidates.isEmpty { candidates = standIns(emotion: emotion) }
        }
        return candidates
    }

    /// The palette, avoiding `base`'s colours when given; `explained` false leaves its rationale
    /// and contrast words out (the colours are the same).
    private func build(avoiding base: Palette?, prepared shared: [Candidate]?, explained: Bool = true) -> Composition {
        var rng = SeededRandom(seed: reading.seed, variation: variation)
        let avoid = base.map { b in
            (secondary: CIELab(b.secondary), accent: CIELab(b.accent), accentHue: OKLCH(b.accent).h)
        }
        let emotion = reading.emotion.clamped(1.5)
        let candidates = shared ?? prepared(rng: &rng)

        // A composed scene sets its sides against each other: the primary from the ground,
        // the accent from the figure (the smaller part), the secondary not from the figure.
        var ground: [Int] = []
        var figure: Set<Int> = []
        if let sides {
            for k in candidates.indices {
                switch sides.side(of: candidates[k].cues) {
                case .some(true): figure.insert(k)
                case .some(false): ground.append(k)
                case .none:
                    // One colour for both sides (a white forest, and a fox's white with it): the
                    // ground's colour word names it, so it is the ground's.
                    if candidates[k].cues.contains(where: {
                        sides.side(of: CueSet($0)) == false && reading.cues[$0].kind == .colour
                    }) {
                        ground.append(k)
                    }
                }
            }
            if ground.isEmpty || figure.isEmpty { ground = [] }
        }
        let composed = !ground.isEmpty
        // The ground's colour word names the ground's colour ("un muro terracota", "arena
        // volcánica negra"): it leads before the colours the ground's noun has of itself.
        func leading(_ ks: [Int]) -> Int? {
            ks.max { candidates[$0].lead != candidates[$1].lead ? candidates[$0].lead < candidates[$1].lead : $0 > $1 }
        }
        let coloured = ground.filter { k in candidates[k].cues.contains { reading.cues[$0].kind == .colour } }
        // A night the scene is set in is the field the rest stands in: its own dark colours lead
        // before the ground it greys ("a campfire on a snowy night", 雪夜的篝火: the night's navy,
        // the snow second, the fire the accent). A night has no temperature, so no side.
        let night = candidates.indices.filter { k in
            composed && !figure.contains(k) && !candidates[k].isAccent && candidates[k].lch.l < 0.4
                && candidates[k].cues.contains { reading.cues[$0].kind == .time && reading.cues[$0].isGround }
        }
        var p =
            composed ? (leading(coloured) ?? leading(night) ?? leading(ground)!) : choosePrimary(candidates, rng: &rng)
        // A light the night left lit (`prepared`) does not lead a night scene: the night's own
        // dark does, and the light stays for the other roles (a sunflower field at night is the
        // night's navy with its yellow, not a mud brown; Hội An at night its lanterns on the dark).
        if !composed, candidates[p].isNightLight,
            let dark = leading(
                candidates.indices.filter { k in
                    !candidates[k].isAccent && candidates[k].lch.l < 0.4
                        && candidates[k].cues.contains { reading.cues[$0].kind == .time && reading.cues[$0].isGround }
                })
        {
            p = dark
        }
        var primary = candidates[p]
        // With no words to go on, the text itself still picks a distinct shade of the fallback.
        // A soft palette is light unless a word darkens it (below): an alternative steps from
        // that lightness, so the lift does not undo its step (two variations were one palette).
        let softLift = reading.structure == .soft && !reading.globalModifiers.contains(where: \.darkens)
        if variation != 0 || reading.cues.isEmpty {
            if softLift, primary.lch.l < PaletteComposer.softPrimaryLightness {
                primary.lch.l = PaletteComposer.softPrimaryLightness
                primary.map()
            }
            // A few tries: a step into an excluded family ("no green" near a teal) is not taken,
            // unless the primary is in one already (every colour the words gave was ruled out),
            // where staying put would repeat the palette.
            let stays = allowed(primary.lch)
            var stepped = false
            for attempt in 0..<6 {
                let moved = jittered(primary.lch, rng: &rng)
                if allowed(moved) || (!stays && attempt == 5) {
                    primary.lch = moved
                    primary.map()
                    stepped = true
                    break
                }
            }
            // Every step crossed into a ruled-out family (a near-white beside "no grey"): a
            // smaller step in lightness alone, either way, so the variation still differs.
            if !stepped {
                // Sizes by variation, so neighbours never take the same step.
                let size = 0.012 * Double(1 + variation % 4)
                for dl in [size, -size, size / 2, -size / 2] {
                    var moved = primary.lch
                    moved.l = min(max(moved.l + dl, 0.1), 0.97)
                    if moved.l != primary.lch.l, allowed(moved) {
                        primary.lch = moved
                        primary.map()
                        break
                    }
                }
            }
        }
        let primaryRole = RoleColour(lch: primary.lch, source: p)

        // Each candidate's CIEDE2000 from the primary, worked out once for both role choices.
        var toPrimary = DistanceCache(from: primary.lab, candidates: candidates)
        var a: Int?
        if composed {
            a = chooseAccent(
                candidates, primary: p, toPrimary: &toPrimary, avoid: avoid?.accent, only: figure, rng: &rng)
        }
        let composedAccent = a != nil
        if a == nil {
            a = chooseAccent(candidates, primary: p, toPrimary: &toPrimary, avoid: avoid?.accent, rng: &rng)
        }
        var accentRole: RoleColour
        if let a {
            accentRole = RoleColour(lch: candidates[a].lch, source: a)
        } else {
            let derived =
                namedThingTone(primary, candidates: candidates, rng: &rng)
                ?? derivedAccent(
                    primary.lch, candidates: candidates, avoidHue: avoid?.accentHue, emotion: emotion,
                    rng: &rng)
            let lch = shaped(derived, emotion: emotion, strength: 0.5)
            accentRole = RoleColour(lch: lch, source: p)
        }

        // An accent has presence even in mist and moonlight: some chroma survives every mood.
        let chroma = accentRole.lch.c
        if chroma >= 0.02 { accentRole.lch.c = max(chroma, PaletteComposer.accentMinimumChroma) }
        // A chosen candidate's CIELAB is already that of its (unchanged) colour as shown.
        let accentLab: CIELab
        if let a, accentRole.lch.c == chroma {
            accentLab = candidates[a].lab
        } else {
            accentLab = CIELab(accentRole.lch.gamutMapped())
        }

        let s = chooseSecondary(
            candidates, primary: p, toPrimary: &toPrimary, accentLab: accentLab, accent: a,
            avoid: avoid?.secondary, excluding: composedAccent ? figure : [], rng: &rng)
        var secondaryRole: RoleColour
        if let s {
            secondaryRole = RoleColour(lch: candidates[s].lch, source: s)
        } else {
            var lch = shaped(
                derivedSecondary(primary.lch, alternative: avoid != nil, rng: &rng), emotion: emotion, strength: 1)
            if !allowed(lch) { lch = Separation.firstAllowed(near: lch, excluded: reading.excluded) }
            secondaryRole = RoleColour(lch: lch, source: p)
        }

        // Low contrast asked for ("faint", "misty", 희미한): the other roles keep near the
        // primary's lightness, so the palette stays soft; the accent stands out by its hue.
        if reading.structure == .soft {
            // Faint, misty, pale: a light palette, unless the words darken it (a misty night).
            if softLift {
                let step = variation != 0 || reading.cues.isEmpty ? 0.05 : 0
                primary.lch.l = max(primary.lch.l, PaletteComposer.softPrimaryLightness - step)
            }
            let band = PaletteComposer.softLightnessBand
            let l = primary.lch.l
            secondaryRole.lch.l = min(max(secondaryRole.lch.l, l - band), l + band)
            accentRole.lch.l = min(max(accentRole.lch.l, l - band), l + band)
        }
        // One hue asked for ("all shades of blue", 단색, 灰调): a role of another hue (the sand
        // the ocean brings, a derived complement) takes the primary's hue at its own lightness.
        // A colour word of its own keeps its colour: "black and white with a red accent".
        if reading.structure == .mono {
            // A hue named for the palette ("a monochrome navy palette ... to pale sky blue"): the
            // primary is of it even where a word paled it toward grey.
            if primary.lch.c < PaletteComposer.monoMinimumChroma, primary.lch.c >= 0.01,
                reading.cues.contains(where: \.namesAHue)
            {
                primary.lch.c = PaletteComposer.monoMinimumChroma
            }
            let p = primary.lch
            for k in 0..<2 {
                let role = k == 0 ? secondaryRole : accentRole
                if role.source != primaryRole.source,
                    candidates[role.source].cues.contains(where: { reading.cues[$0].kind == .colour }),
                    p.c < 0.035
                {
                    continue
                }
                var c = role.lch
                if p.c < 0.035 {
                    c.c = min(c.c, 0.03)
                } else if c.c >= 0.035 {
                    // Within a few degrees of the hue asked for: an analogous 25° turn left the
                    // family ("shades of navy" with a lavender, "tutte le sfumature del rosso" with
                    // a salmon). A role of its own colour word keeps a nuance of its side.
                    let d = ((c.h - p.h + 540).truncatingRemainder(dividingBy: 360)) - 180
                    if abs(d) > PaletteComposer.monoHueSpread {
                        let nuance = angle(c.h, p.h) > 45 ? 0 : (d < 0 ? -1.0 : 1.0) * PaletteComposer.monoHueSpread
                        c.h = (p.h + nuance + 360).truncatingRemainder(dividingBy: 360)
                        // The accent of one hue stands out by lightness alone: the shade on the
                        // far side of the primary from the secondary (a navy under powder blue).
                        if k == 1 {
                            c.l = secondaryRole.lch.l > p.l ? max(p.l - 0.22, 0.22) : min(p.l + 0.25, 0.9)
                        }
                    }
                } else {
                    // A grey beside a hue asked for alone is a tint or a shade of that hue: a
                    // monochrome blue has no grey (#8193A0 in "monocroma en azul cielo").
                    c = OKLCH(l: c.l, c: PaletteComposer.monoMinimumChroma, h: p.h)
                }
                if k == 0 { secondaryRole.lch = c } else { accentRole.lch = c }
            }
            // Black, white and grey have no hue to vary: an alternative is a warm or a cool
            // grey scale (neighbouring variations opposite ways, a little more tinted every
            // second one; the seed, which a `--seed` mixes in, picks where the cycle starts).
            if p.c < 0.035, variation != 0 {
                let step = UInt64(variation.magnitude - 1)
                let warm = (step & 1 == 0) != (reading.seed & 1 == 1)
                let hue = warm ? 75.0 : 250.0
                let tint = [0.012, 0.018, 0.024][Int((step / 2 % 3 + (reading.seed >> 1) % 3) % 3)]
                if primary.lch.c < 0.035 { primary.lch = OKLCH(l: primary.lch.l, c: tint, h: hue) }
                if secondaryRole.lch.c < 0.035 { secondaryRole.lch = OKLCH(l: secondaryRole.lch.l, c: tint, h: hue) }
                if accentRole.lch.c < 0.035 { accentRole.lch = OKLCH(l: accentRole.lch.l, c: tint, h: hue) }
            }
        }

        primary.lch = PaletteComposer.representable(primary.lch)
        let primaryRGB = primary.lch.gamutMapped()
        let excluded = reading.excluded
        let primaryLab = CIELab(primaryRGB)
        let secondary = Separation.separated(
            PaletteComposer.representable(secondaryRole.lch),
            from: [(primaryRGB, primaryLab, PaletteComposer.minimumDistance)],
            hueShift: !excluded.isEmpty, excluded: excluded)
        let accent = Separation.separated(
            PaletteComposer.representable(accentRole.lch),
            from: [
                (primaryRGB, primaryLab, PaletteComposer.accentDistance),
                (secondary.rgb, secondary.lab, PaletteComposer.minimumDistance),
            ],
            hueShift: true, excluded: excluded)
        accentRole.lch = accent.lch
        secondaryRole.lch = secondary.lch

        // The role structure (`RoleStructure`): the secondary, then the accent, move by lightness
        // until the roles stand apart as the description asks (softer for "faint", "misty").
        // Lightness moves keep out of the negated families, do not darken a colour of the
        // yellow band into brown or olive (`isDarkYellow`) that was not one already.
        let unmoved = Palette(primary: primaryRGB, secondary: secondary.rgb, accent: accent.rgb)
        // A named thing's documented colours (a brand's, a flag's) stay as documented.
        func documented(_ k: Int?) -> Bool {
            k.map { candidates[$0].cues.contains { reading.cues[$0].kind.isNamed } } ?? false
        }
        var fixed: Set<Role> = []
        if documented(s) { fixed.insert(.secondary) }
        if documented(a) { fixed.insert(.accent) }
        // Each role's colour before any move, converted on the first lightness tried, not on each.
        var unmovedLCH: [OKLCH?] = [nil, nil, nil]
        let (palette, moved) = RoleStructure.repaired(
            unmoved, labs: (primaryLab, secondary.lab, accent.lab), request: reading.structure, fixed: fixed,
            allowedShown: { role, _, shown in
                let c = shown.lch
                let k = role == .primary ? 0 : role == .secondary ? 1 : 2
                let was = unmovedLCH[k] ?? OKLCH(unmoved[role])
                unmovedLCH[k] = was
                if PaletteComposer.isDarkYellow(c), !PaletteComposer.isDarkYellow(was) { return false }
                // An accent keeps its colour: a lightness move may not grey it (sRGB's gamut
                // narrows toward white and black).
                if role == .accent, c.c < min(was.c, 0.09) { return false }
                return excluded.isEmpty || !HueFamily.excludes(excluded, c)
            })
        var targets = [primary.lch, secondary.lch, accent.lch]
        for role in moved { targets[role == .secondary ? 1 : 2] = OKLCH(palette[role]) }
        var composition = Composition(palette: palette, rationale: [:], targets: targets)
        composition.structureMoved = moved
        guard explained else { return composition }
        // Each role's words: its candidate's (the primary's jittered colour keeps its words), then
        // the global modifiers' and the mood's.
        let extra = reading.globalModifierWords + reading.emotionWords
        func words(_ role: RoleColour) -> [String] { candidates[role.source].words + extra }
        // A soft structure says why in every role: the words that asked for low contrast.
        let soft = reading.structure == .soft ? reading.structureWords : []
        composition.rationale = [
            .primary: unique(words(primaryRole) + soft),
            .secondary: unique(words(secondaryRole) + soft),
            .accent: unique(words(accentRole) + soft),
        ]
        if composedAccent { composition.contrast = (unique(words(primaryRole)), unique(words(accentRole))) }
        return composition
    }

    /// The least chroma of a role of a one-hue palette whose hue is a colour (not grey).
    static let monoMinimumChroma = 0.045

    /// How far (OKLCH L) a soft palette's secondary and accent may sit from its primary.
    static let softLightnessBand = 0.16
    /// The least lightness of a soft palette's primary when nothing darkens it.
    static let softPrimaryLightness = 0.76

    /// A target sRGB can show with its lightness: below L 0.07 every colour rounds to #000000
    /// (a brand's pure black jittered darker would otherwise lose its lightness step).
    static func representable(_ c: OKLCH) -> OKLCH {
        c.l >= 0.07 ? c : OKLCH(l: 0.07, c: c.c, h: c.h)
    }

    // MARK: Gathering

    /// Whether the description places figures in a setting: a clause with "at", "in",
    /// "with", 在, で ... holding both a setting (scene, place, weather, night) and a figure
    /// (a thing, a colour, a named thing, a strong visual noun).
    var placesFigures: Bool {
        let related = reading.cues.filter { $0.inRelation && !$0.inNounCompound }
        return related.contains(where: \.isGround)
            && related.contains { !$0.isGround && ($0.kind.isFigure || $0.strength > 0) }
            || lightsInTheDark
    }

    /// At night the lights are the figures, with or without "at": "neon city at night", a
    /// moonlit harbour, 夜の提灯. A darkening setting and a strong visual noun (a light source).
    var lightsInTheDark: Bool {
        reading.globalModifiers.contains(where: \.darkens) && reading.cues.contains { $0.strength > 0 }
            && reading.cues.contains(where: \.isGround)
    }

    /// The cues' colours merged into clusters, heaviest first.
    ///
    /// Colours closer than 0.035 in OKLab are one cluster: repeated or agreeing words add up
    /// ("green forest"). The cluster keeps its heaviest member's colour rather than an
    /// average, so two hues never blend into mud. When figures stand in a setting, the
    /// setting's colours lead the primary and the figures' lead only the accent.
    private func clusters(rng: inout SeededRandom) -> [Candidate] {
        let cues = reading.cues
        // One candidate a colour of each cue: room for all of them at once.
        var raw: [Candidate] = []
        raw.reserveCapacity(cues.reduce(0) { $0 + $1.colours.count })
        let figures = placesFigures
        // A colour word on the setting's noun ("a white room", 하얀 방에, une chambre blanche) is
        // the setting's colour, not a figure in it: "red in a blue room" is set in blue.
        var settingColours = Set<Int>()
        if figures {
            for (i, cue) in cues.enumerated() where cue.kind == .colour && cue.inRelation && !cue.isTouch {
                // The same for the day or the weather it names: "a grey day in Paris" is grey.
                guard let j = reading.nounOfColourWord(at: i),
                    cues[j].isGround && cues[j].inRelation || [.time, .weather].contains(cues[j].kind),
                    !cues[j].inNounCompound
                else { continue }
                settingColours.insert(i)
            }
        }
        for (ci, cue) in cues.enumerated() {
            // A reference named as the setting of its clause ("a sunset in Venice", غروب الشمس
            // على النيل) speaks as the place it is: the sunset leads there.
            let asReference = cue.isReference && !cue.inRelation && !cue.isContainer
            var pull =
                (asReference ? PaletteComposer.referenceWeight : cue.kind.baseWeight)
                * max(0.8, 1 - 0.04 * Double(ci))
            // The head of a phrase leads its kind: "sunset over the sea", 海邊的日出, and of two
            // English scene words side by side the last ("desert canyon" is a canyon).
            // In a noun compound the thing gives the colour, whatever the word order: a lavender
            // field, Lavendelfeld, حقول القمح (fields of wheat) and cánh đồng oải hương are lavender
            // and wheat; the scene part is not the head colour-wise.
            let compoundThing = cue.inNounCompound && cue.kind.isThingOrMaterial
            if (cue.isHead && !cue.inNounCompound)
                || (ci > 0 && cue.isWord && cues[ci - 1].isWord && cue.kind == .scene && cues[ci - 1].kind == .scene
                    && cue.clause == cues[ci - 1].clause && cue.lastOrdinal - cues[ci - 1].lastOrdinal == 1)
            {
                pull *= 1.15
            }
            if compoundThing { pull *= 1.1 }
            let night = figures && lightsInTheDark
            let related = figures && cue.inRelation && !cue.inNounCompound
            // In the dark a light is a figure even when it is a scene word (the moon, a fire).
            let isGround =
                (related || night) && (cue.isGround || settingColours.contains(ci)) && !(night && cue.strength > 0)
            let isFigure =
                !isGround && ((related && (cue.kind.isFigure || cue.strength > 0)) || (night && cue.strength > 0))
            let salience = cue.kind.salience * (1 + 0.6 * cue.strength) * (isFigure ? 1.6 : 1)
            for (rank, colour) in cue.modifiedColours.enumerated() {
                let w = pull * colour.weight
                let isAccent = colour.isAccent || cue.isSpot || cue.isTouch
                var lead = w * (isAccent ? 0.4 : rank == 0 ? 1 : 0.6)
                if isGround { lead *= 1.6 } else if isFigure { lead *= 0.35 }
                var c = Candidate(
                    lch: colour.lch, weight: w, lead: lead, words: cue.words, cues: CueSet(ci),
                    isAccent: isAccent)
                c.isSpot = cue.isSpot
                c.isNamedHue = cue.kind == .colour && !isAccent && colour.lch.c >= PaletteComposer.namedHueChroma
                c.salience = salience
                c.strength = cue.strength
                c.isFigure = isFigure
                c.isGround = isGround
                c.isObject = cue.kind.isThingOrMaterial
                raw.append(c)
            }
        }
        if raw.isEmpty {
            let pick = Int(rng.next() % UInt64(PaletteComposer.fallbackPalettes.count))
            raw = fallbackCandidates(pick)
        }
        // Stable: equal weights keep the order of the words in the description. Their indices
        // are sorted, not the candidates themselves (large values, copied at every move).
        let ordered = raw.indices.sorted { x, y in
            raw[x].weight != raw[y].weight ? raw[x].weight > raw[y].weight : x < y
        }.prefix(64).map { raw[$0] }
        var clusters: [Candidate] = []
        clusters.reserveCapacity(ordered.count)
        // Each cluster's OKLab, computed once (its colour is its first member's).
        var clusterLabs: [OKLab] = []
        clusterLabs.reserveCapacity(ordered.count)
        for c in ordered {
            let lab = c.lch.lab
            if let j = clusterLabs.firstIndex(where: { $0.distance(to: lab) < 0.035 }) {
                clusters[j].weight += c.weight
                clusters[j].lead += c.lead
                clusters[j].words += c.words.filter { !clusters[j].words.contains($0) }
                clusters[j].cues.formUnion(c.cues)
                clusters[j].isAccent = clusters[j].isAccent && c.isAccent
                clusters[j].salience = max(clusters[j].salience, c.salience)
                clusters[j].strength = max(clusters[j].strength, c.strength)
                clusters[j].isFigure = clusters[j].isFigure || c.isFigure
                clusters[j].isGround = clusters[j].isGround || c.isGround
                clusters[j].isObject = clusters[j].isObject && c.isObject
                clusters[j].isSpot = clusters[j].isSpot || c.isSpot
                clusters[j].isNamedHue = clusters[j].isNamedHue || c.isNamedHue
            } else {
                clusters.append(c)
                clusterLabs.append(lab)
            }
        }
        // Of two objects that ask about equally, the one with a colour leads: rusty metal is rust,
        // métal rouillé too, whichever word comes first. (Settings keep their greys: a rainy
        // afternoon is grey.)
        func order(_ c: Candidate) -> Double { c.isObject ? c.lead * (0.9 + 0.2 * min(c.lch.c / 0.1, 1)) : c.lead }
        clusters.sort { order($0) > order($1) }
        return Array(clusters.prefix(16))
    }

    /// One of the designer-picked fallback palettes as candidates.
    private func fallbackCandidates(_ pick: Int) -> [Candidate] {
        let weights = [3.0, 2.0, 1.5]
        return PaletteComposer.fallbackPalettes[pick].enumerated().map { i, packed in
            Candidate(
                lch: OKLCH(RGB(packed: packed)), weight: weights[i], lead: weights[i] * (i == 2 ? 0.4 : 1),
                words: [], cues: [], isAccent: i == 2)
        }
    }

    /// Candidates when every colour the words asked for is excluded ("no red" alone, "no
    /// green" for a forest): the fallback palettes' allowed colours, else allowed hues.
    private func standIns(emotion: EmotionTarget) -> [Candidate] {
        let start = Int(reading.seed % UInt64(PaletteComposer.fallbackPalettes.count))
        var out: [Candidate] = []
        for k in 0..<PaletteComposer.fallbackPalettes.count {
            for var c in fallbackCandidates((start + k) % PaletteComposer.fallbackPalettes.count) {
                c.lch = shaped(c.lch, emotion: emotion, strength: c.isAccent ? 0.5 : 1)
                c.map()
                if allowed(c.lch), !out.contains(where: { $0.lch.lab.distance(to: c.lch.lab) < 0.035 }) {
                    out.append(c)
                }
            }
            if out.count >= 3 { break }
        }
        if out.isEmpty {
            var c = Candidate(
                lch: Separation.firstAllowed(near: OKLCH(l: 0.55, c: 0.1, h: 60), excluded: reading.excluded),
                weight: 1,
                lead: 1, words: [], cues: [], isAccent: false)
            c.map()
            out.append(c)
        }
        return out
    }

    /// Whether a colour is outside every hue family the description ruled out, as shown.
    func allowed(_ lch: OKLCH) -> Bool { Separation.allowed(lch, excluded: reading.excluded) }

    /// Global modifiers (pastel, neon, muted ...) then mood steering.
    ///
    /// `strength` scales every change; an accent (strength below 1) skips darkening: night
    /// dims the scene, not the lamps or the moon in it. A strong visual noun gives its own
    /// `darkening` and `mood` shares: neon keeps its glow at night and its colour when sad.
    private func shaped(
        _ colour: OKLCH, emotion: EmotionTarget, strength: Double, darkening: Double? = nil,
        mood: Double? = nil
    ) -> OKLCH {
        var c = colour
        for m in reading.globalModifiers {
            if m.darkens {
                let d = darkening ?? (strength < 1 ? 0 : 1)
                if d > 0 { c = m.apply(to: c, strength: d) }
            } else {
                c = m.apply(to: c, strength: strength)
            }
        }
        return ColourEmotion.steer(c, toward: emotion, strength: mood ?? strength)
    }

    // MARK: Roles

    private func choosePrimary(_ candidates: [Candidate], rng: inout SeededRandom) -> Int {
        guard variation != 0, let top = candidates.first?.lead else { return 0 }
        // Regenerate may lead with another strong cue, never with a passing one.
        let pool = candidates.indices.filter { candidates[$0].lead >= 0.7 * top && !candidates[$0].isAccent }
        guard pool.count > 1 else { return 0 }
        return pool[rng.pick(weights: pool.map { candidates[$0].lead * candidates[$0].lead })]
    }

    // The two choices below read each candidate through its index: a `for (k, c)` loop copies
    // every candidate it looks at (its words and cues retained, then released).

    private func chooseAccent(
        _ candidates: [Candidate], primary p: Int, toPrimary: inout DistanceCache, avoid: CIELab?,
        only: Set<Int>? = nil, rng: inout SeededRandom
    ) -> Int? {
        // A composed scene's figure may be white or black when it stands apart by lightness (a
        // white sail on a deep blue sea, a black gondola in the golden light): a designer keeps it.
        let eligible = candidates.indices.filter { k in
            k != p
                && (candidates[k].lch.c >= 0.045
                    || ((only != nil || reading.structure == .mono)
                        && abs(candidates[k].lch.l - candidates[p].lch.l) >= 0.3))
                && only.map { $0.contains(k) } ?? true
        }
        func vividness(_ k: Int) -> Double { min(1.5, 0.35 + candidates[k].lch.c / 0.1) }
        // The accent carries the most salient concept: a figure, a strong visual noun, a
        // named colour, more than a setting or a mood.
        func score(_ k: Int) -> Double? {
            if let avoid,
                CIEDE2000.difference(avoid, candidates[k].lab, orInfinityFrom: PaletteComposer.variationDistance)
                    < PaletteComposer.variationDistance
            {
                return nil
            }
            let d = toPrimary.distance(k)
            guard d >= PaletteComposer.accentDistance else { return nil }
            return candidates[k].weight * (candidates[k].isAccent ? 1.8 : 1) * vividness(k) * min(1.3, d / 30)
                * candidates[k].salience
        }
        // The score with its distance factor at its most (1.3), the same products in the same order.
        func bound(_ k: Int) -> Double? {
            let c = candidates[k]
            guard c.weight.isFinite, c.weight >= 0, c.salience.isFinite, c.salience >= 0 else { return nil }
            return c.weight * (c.isAccent ? 1.8 : 1) * vividness(k) * 1.3 * c.salience
        }
        return choose(eligible, bound: bound, score: score, rng: &rng)
    }

    private func chooseSecondary(
        _ candidates: [Candidate], primary p: Int, toPrimary: inout DistanceCache, accentLab: CIELab,
        accent a: Int?, avoid: CIELab?, excluding: Set<Int> = [], rng: inout SeededRandom
    ) -> Int? {
        // The words the primary and accent show already.
        let shown = candidates[p].cues.union(a.map { candidates[$0].cues } ?? [])
        let eligible = candidates.indices.filter { $0 != p && $0 != a && !excluding.contains($0) }
        // Supports the primary: not the accent's twin, not a second accent; a word the
        // primary and accent do not show yet is worth more ("calm forest morning" shows morning).
        func score(_ k: Int) -> Double? {
            let lab = candidates[k].lab
            if let avoid,
                CIEDE2000.difference(avoid, lab, orInfinityFrom: PaletteComposer.variationDistance)
                    < PaletteComposer.variationDistance
            {
                return nil
            }
            let dp = toPrimary.distance(k)
            guard dp >= PaletteComposer.minimumDistance else { return nil }
            // Compared with 10 and 20 only.
            let da = CIEDE2000.difference(accentLab, lab, orInfinityFrom: 20)
            guard da >= PaletteComposer.minimumDistance else { return nil }
            let fresh = candidates[k].cues.isDisjoint(with: shown)
            return candidates[k].weight * (candidates[k].isAccent ? 0.5 : 1) * (dp <= 50 ? 1 : 0.75)
                * (da < 20 ? 0.6 : 1) * (fresh ? 1.2 : 1) * (candidates[k].isGround ? 1.3 : 1)
        }
        // The score with both distance factors at their most (1), the same products in the same order.
        func bound(_ k: Int) -> Double? {
            let c = candidates[k]
            guard c.weight.isFinite, c.weight >= 0 else { return nil }
            let fresh = c.cues.isDisjoint(with: shown)
            return c.weight * (c.isAccent ? 0.5 : 1) * 1 * 1 * (fresh ? 1.2 : 1) * (c.isGround ? 1.3 : 1)
        }
        return choose(eligible, bound: bound, score: score, rng: &rng)
    }

    /// `pickScored` of the `eligible` candidates whose `score` is not nil.
    ///
    /// `bound(k)`, when not nil, is at least `score(k)` and needs no distance: the score's other
    /// factors are non-negative, so putting its distance factors at their most can only raise
    /// it (rounding keeps the order of products). Variation 0 takes the single best (highest
    /// score, lowest index on a tie): the candidates are scored from the highest bound down,
    /// until a bound falls below the best score found. The rest could not beat it, and their
    /// CIEDE2000 distances, most of a choice's cost, are never worked out. Other variations
    /// weigh the best three, and score every candidate.
    private func choose(
        _ eligible: [Int], bound: (Int) -> Double?, score: (Int) -> Double?, rng: inout SeededRandom
    ) -> Int? {
        if variation == 0 {
            var bounded: [(k: Int, bound: Double)] = []
            bounded.reserveCapacity(eligible.count)
            for k in eligible {
                guard let b = bound(k) else { break }
                bounded.append((k, b))
            }
            if bounded.count == eligible.count {
                bounded.sort { $0.bound != $1.bound ? $0.bound > $1.bound : $0.k < $1.k }
                var best: (k: Int, score: Double)?
                var allScored = true
                for (k, b) in bounded {
                    if let best, b < best.score { break }
                    guard let s = score(k) else { continue }
                    // A NaN score has no place in the order: leave it to `pickScored`, as before.
                    if s.isNaN {
                        allScored = false
                        break
                    }
                    if let current = best, !(s > current.score || (s == current.score && k < current.k)) { continue }
                    best = (k, s)
                }
                if allScored { return best?.k }
            }
        }
        var scored: [(Int, Double)] = []
        scored.reserveCapacity(eligible.count)
        for k in eligible {
            if let s = score(k) { scored.append((k, s)) }
        }
        return pickScored(scored, rng: &rng)
    }

    /// The best score for variation 0; otherwise a weighted pick among the best three.
    private func pickScored(_ scored: [(Int, Double)], rng: inout SeededRandom) -> Int? {
        guard !scored.isEmpty else { return nil }
        func before(_ x: (Int, Double), _ y: (Int, Double)) -> Bool { x.1 != y.1 ? x.1 > y.1 : x.0 < y.0 }
        // Variation 0 takes the first in that order: one pass finds it without sorting (the
        // order is a total one unless a score is NaN, which is left to the sort as before).
        if variation == 0, !scored.contains(where: { $0.1.isNaN }) {
            var best = scored[0]
            for x in scored.dropFirst() where before(x, best) { best = x }
            return best.0
        }
        let sorted = scored.sorted(by: before)
        if variation == 0 { return sorted[0].0 }
        let top = Array(sorted.prefix(3)).filter { $0.1 >= 0.4 * sorted[0].1 }
        return top[rng.pick(weights: top.map(\.1))].0
    }

    // MARK: Derived colours

    /// A small change for regenerate: the same colour idea, seen differently.
    private func jittered(_ c: OKLCH, rng: inout SeededRandom) -> OKLCH {
        var out = c
        if c.c >= 0.03 { out.h = (c.h + rng.sign() * rng.uniform(3...10) + 360).truncatingRemainder(dividingBy: 360) }
        // Always a visible step in lightness, turned back from the ends of the scale; odd and
        // even variations step opposite ways and by sizes that do not overlap, so neighbours
        // never land on the same colour, even when both are turned back from white.
        let odd = variation & 1 != 0
        let dl = odd ? rng.uniform(0.055...0.075) : -rng.uniform(0.03...0.045)
        out.l = c.l + dl > 0.96 || c.l + dl < 0.1 ? c.l - dl : c.l + dl
        out.c = c.c * rng.uniform(0.88...1.12)
        return out
    }

    /// A supporting colour from the primary alone: a tone, a neighbour hue, or a tinted neutral.
    ///
    /// For a light, vivid primary of the yellow band (`isLightYellow`) the tone is a pale tint
    /// while there is room above it, else a warm charcoal: the same hue darkened would read as
    /// brown or olive.
    private func derivedSecondary(_ p: OKLCH, alternative: Bool, rng: inout SeededRandom) -> OKLCH {
        let style = variation == 0 ? 0 : rng.pick(weights: [alternative ? 0 : 2, 1.5, 1])
        let yellow = PaletteComposer.isLightYellow(p)
        switch style {
        case 1:
            var l = p.l > 0.55 ? p.l - 0.14 : p.l + 0.14
            // A light yellow's neighbour is lighter while there is room: darker, it is brown.
            if yellow, p.l < PaletteComposer.paleTintLimit { l = min(p.l + 0.12, 0.95) }
            let sign = rng.sign()
            let turn = yellow ? PaletteComposer.awayFromOlive(p.h) : sign
            return OKLCH(l: l, c: p.c * 0.85, h: (p.h + turn * 30 + 360).truncatingRemainder(dividingBy: 360))
        case 2:
            return OKLCH(l: p.l >= 0.55 ? 0.27 : 0.93, c: min(0.025, p.c), h: p.h)
        default:
            if yellow {
                guard p.l >= PaletteComposer.paleTintLimit else {
                    return OKLCH(l: min(p.l + 0.3, 0.95), c: p.c * 0.55, h: p.h)
                }
                // A yellow near white (canary, lemon yellow): a warm charcoal, yellow's classic partner.
                return OKLCH(l: 0.3, c: min(0.03, p.c), h: p.h)
            }
            let lighter = p.l < 0.62
            let l = lighter ? min(p.l + 0.3, 0.95) : max(p.l - 0.3, 0.2)
            return OKLCH(l: l, c: p.c * (lighter ? 0.55 : 0.8), h: p.h)
        }
    }

    /// The third colour of a named thing documented with two colours and no accent among them
    /// (Coca-Cola red and white, Starbucks green and white, Facebook blue and white): a tone of
    /// its lead colour, not a harmony hue the brand never uses. A shade when the lead is light
    /// enough to darken (OKLCH L ≥ 0.5: L − 0.22, not below 0.3), else a tint (L + 0.3, at most 0.88);
    /// the same hue, chroma mostly kept (at least the accent's 0.07).
    /// Brand guides extend their palettes the same way (Starbucks' House Green beside its
    /// Siren green). The distance rules are then enforced by `Separation` like any accent's,
    /// lightness first, so the tone stays on the lead's hue. `nil` when the primary is not led
    /// by such a thing (one-colour names keep the harmony accent: a tone would twin the
    /// secondary's).
    private func namedThingTone(_ primary: Candidate, candidates: [Candidate], rng: inout SeededRandom) -> OKLCH? {
        // A black or white lead has no hue to tone: the harmony accent stays.
        guard primary.lch.c >= 0.03,
            let cue = primary.cues.sorted().first(where: {
                reading.cues[$0].kind.isNamed && reading.cues[$0].colours.count >= 2
            })
        else { return nil }
        // The thing's own documented colours must be in the palette's other candidates
        // (so the secondary shows them): the tone is the third.
        guard candidates.contains(where: { $0.cues.contains(cue) && $0.lch != primary.lch }) else { return nil }
        let p = primary.lch
        let darken = p.l >= 0.5
        var l = darken ? max(p.l - 0.22, 0.3) : min(p.l + 0.3, 0.88)
        if variation != 0 { l += rng.uniform(-0.04...0.04) }
        return OKLCH(l: l, c: max(p.c * (darken ? 0.85 : 0.6), PaletteComposer.accentMinimumChroma), h: p.h)
    }

    /// An accent from the description's own colours: an analogous hue, `analogousTurn` from
    /// the primary's (or, for a grey primary, from the first chromatic candidate's), turned
    /// toward the description's next chromatic colour when it has one, with the lightness
    /// contrast of `accentColour`.
    ///
    /// A complementary accent is a colour the words never asked for: on human palettes for
    /// the same texts (PAT, evaluation only) the complement sat farther from the text's own
    /// colours than from other texts' (see docs/decisions.md, 2026-12-01: analogous accents).
    /// The far side, then the temperature-contrasting hues nearest the complement (coral,
    /// amber or gold for cool primaries; mint, teal or blue for warm ones) are the next
    /// choices: regenerate picks among the first three, and hues the description ruled out
    /// ("no orange") or the first palette used are skipped.
    private func derivedAccent(
        _ p: OKLCH, candidates: [Candidate], avoidHue: Double?, emotion: EmotionTarget,
        rng: inout SeededRandom
    ) -> OKLCH {
        let reference: Double?
        if p.c >= 0.03 {
            reference = p.h
        } else {
            reference = candidates.first { $0.lch.c >= 0.04 }?.lch.h
        }
        var hue: Double
        if let reference {
            // Toward the next chromatic colour the words asked for, else counter-clockwise.
            let other = candidates.first { $0.lch.c >= 0.04 && angle($0.lch.h, reference) > 10 }?.lch.h
            // A light yellow (`isLightYellow`) turns out of the olive centre when no other colour
            // sets the way, and farther, so that it stands apart by hue more than by darkness.
            let yellow = PaletteComposer.isLightYellow(p)
            let toward =
                other.map { (($0 - reference + 540).truncatingRemainder(dividingBy: 360) - 180) >= 0 }
                ?? (yellow ? PaletteComposer.awayFromOlive(p.h) > 0 : true)
            let step = yellow ? PaletteComposer.yellowTurn : PaletteComposer.analogousTurn
            let turn = toward ? step : -step
            let complement = (reference + 180).truncatingRemainder(dividingBy: 360)
            let isCool = (100..<300).contains(reference)
            let contrasting = isCool ? PaletteComposer.warmAccentHues : PaletteComposer.coolAccentHues
            let nearest = contrasting.min { angle($0, complement) < angle($1, complement) }!
            var harmony = PaletteComposer.accentHues.sorted { angle($0, complement) < angle($1, complement) }
            harmony.removeAll { $0 == nearest }
            var ranked = [reference + turn, reference - turn, nearest] + harmony
            ranked = ranked.map { ($0 + 360).truncatingRemainder(dividingBy: 360) }
            if yellow { ranked.removeAll { PaletteComposer.isOliveCentre($0, l: accentColour(p, hue: $0).l) } }
            if let avoidHue { ranked.removeAll { angle($0, avoidHue) < 25 } }
            // Hues the description ruled out ("no orange") are skipped (with nothing ruled out,
            // every hue is open: its shaped colour is not worked out only to be allowed).
            if !reading.excluded.isEmpty {
                let open = ranked.filter { allowed(shaped(accentColour(p, hue: $0), emotion: emotion, strength: 0.5)) }
                if !open.isEmpty { ranked = open }
            }
            hue = variation == 0 ? ranked[0] : ranked[min(rng.pick(weights: [3, 2, 1]), ranked.count - 1)]
        } else {
            let hues = PaletteComposer.accentHues
            hue = hues[Int((reading.seed ^ UInt64(truncatingIfNeeded: variation)) % UInt64(hues.count))]
        }
        if variation != 0 { hue += rng.uniform(-8...8) }
        return accentColour(p, hue: hue)
    }

    /// A harmony accent of `hue` for primary `p`: light on a dark primary, dark on a light one.
    ///
    /// On a light, vivid primary of the yellow band the accent is only a step darker and keeps
    /// its chroma: at L 0.5-0.55 these hues are brown and olive (yellow's murky green accent).
    private func accentColour(_ p: OKLCH, hue: Double) -> OKLCH {
        if PaletteComposer.isLightYellow(p) {
            return OKLCH(
                l: max(p.l - 0.16, 0.64), c: max(0.12, min(0.17, p.c)),
                h: (hue + 360).truncatingRemainder(dividingBy: 360))
        }
        var l: Double
        switch p.l {
        case ..<0.5: l = 0.75
        case ..<0.65: l = 0.8
        case ..<0.8: l = 0.5
        default: l = 0.55
        }
        let h = (hue + 360).truncatingRemainder(dividingBy: 360)
        if (80...115).contains(h) { l = max(l, 0.8) }
        let c = max(0.1, min(0.14, p.c * 0.9))
        return OKLCH(l: l, c: c, h: h)
    }

    private func angle(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    /// The words in order, each once. A role has a handful of words: a linear scan costs less
    /// than hashing every word into a set.
    private func unique(_ words: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(words.count)
        for w in words where !out.contains(w) { out.append(w) }
        return out
    }
}

/// CIEDE2000 from one colour to each candidate, each worked out on first use.
struct DistanceCache {
    let from: CIELab
    let candidates: [Candidate]
    private var known: [Double]

    init(from: CIELab, candidates: [Candidate]) {
        self.from = from
        self.candidates = candidates
        known = [Double](repeating: -1, count: candidates.count)
    }

    /// The distance, or infinity when the lightness alone shows it above 50.5: its users compare
    /// it with 10, 20 and 50 and take `min(1.3, d / 30)`, all alike for any distance over 50.
    mutating func distance(_ k: Int) -> Double {
        if known[k] < 0 { known[k] = CIEDE2000.difference(from, candidates[k].lab, orInfinityFrom: 50.5) }
        return known[k]
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
    ///
    /// `others` come with their CIELAB, and the colour found with its own: the composer measures
    /// the same colours again for the role structure, and converts each once.
    static func separated(
        _ colour: OKLCH, from others: [(rgb: RGB, lab: CIELab, minimum: Double)], hueShift: Bool,
        excluded: [HueFamily] = []
    ) -> (lch: OKLCH, rgb: RGB, lab: CIELab) {
        func allowed(_ c: OKLCH) -> Bool { Separation.allowed(c, excluded: excluded) }
        func fits(_ c: OKLCH) -> (RGB, CIELab)? {
            let rgb = c.gamutMapped()
            let lab = CIELab(rgb)
            for o in others where CIEDE2000.difference(lab, o.lab, orInfinityFrom: o.minimum) < o.minimum { return nil }
            return allowed(c) ? (rgb, lab) : nil
        }
        if let (rgb, lab) = fits(colour) { return (colour, rgb, lab) }

        // Move away from the colour it clashes with most.
        let nearest = others.map { OKLCH($0.rgb).l }.min { abs($0 - colour.l) < abs($1 - colour.l) } ?? 0.5
        var direction: Double = colour.l >= nearest ? 1 : -1
        if colour.l > 0.88 { direction = -1 } else if colour.l < 0.15 { direction = 1 }
        for step in 1...10 {
            for dir in [direction, -direction] {
                let l = colour.l + dir * 0.035 * Double(step)
                guard l >= 0.08, l <= 0.97 else { continue }
                let c = OKLCH(l: l, c: colour.c, h: colour.h)
                if let (rgb, lab) = fits(c) { return (c, rgb, lab) }
            }
        }
        if hueShift {
            for dh in [25.0, -25, 50, -50, 90, -90, 135, -135, 180] {
                for dl in [0.0, 0.12, -0.12, 0.24, -0.24] {
                    let l = min(max(colour.l + dl, 0.12), 0.95)
                    let c = OKLCH(
                        l: l, c: max(colour.c, 0.12), h: (colour.h + dh + 360).truncatingRemainder(dividingBy: 360))
                    if let (rgb, lab) = fits(c) { return (c, rgb, lab) }
                }
            }
        }
        for l in [0.3, 0.45, 0.6, 0.75, 0.9, 0.2, 0.97] {
            for chroma in [0.14, 0.06, 0.0] {
                for k in 0..<12 {
                    let c = OKLCH(l: l, c: chroma, h: (colour.h + Double(k) * 30).truncatingRemainder(dividingBy: 360))
                    if let (rgb, lab) = fits(c) { return (c, rgb, lab) }
                }
            }
        }
        // The exclusions cannot all be kept with these distances: keep the distances.
        guard allowed(colour) else { return separated(colour, from: others, hueShift: hueShift) }
        let rgb = colour.gamutMapped()
        return (colour, rgb, CIELab(rgb))
    }

    /// Whether a colour, as shown (gamut-mapped), is outside every excluded hue family.
    static func allowed(_ lch: OKLCH, excluded: [HueFamily]) -> Bool {
        excluded.isEmpty || !HueFamily.excludes(excluded, OKLCH(lch.gamutMapped()))
    }

    /// The allowed colour nearest to `colour` by ΔE00, with its distance: its hue turned in steps
    /// of 5° (at its own lightness and chroma) the way `turn` says (+1 up, -1 down), or the grey of
    /// its lightness; nil when neither gives one.
    static func nearestAllowed(to colour: OKLCH, turn: Double, excluded: [HueFamily]) -> (OKLCH, Double)? {
        let target = CIELab(colour.gamutMapped())
        var best: (OKLCH, Double)?
        func consider(_ c: OKLCH) {
            guard allowed(c, excluded: excluded) else { return }
            let delta = CIEDE2000.difference(target, CIELab(c.gamutMapped()))
            if best == nil || delta < best!.1 { best = (c, delta) }
        }
        for step in stride(from: 5.0, through: 180, by: 5) {
            consider(
                OKLCH(l: colour.l, c: colour.c, h: (colour.h + turn * step + 360).truncatingRemainder(dividingBy: 360)))
        }
        consider(OKLCH(l: colour.l, c: 0, h: 0))
        return best
    }

    /// Ruled-out colours turned to allowed ones, all the same way round the hue circle (the way
    /// whose turns cost the least ΔE00 in all), or to the grey of their lightness where that is
    /// nearer: a blue sea's blues turn toward sea green together, a navy night's toward violet
    /// and charcoal, rather than each its own way.
    static func turned(_ colours: [OKLCH], excluded: [HueFamily]) -> [OKLCH] {
        let ways = [1.0, -1.0].map { turn in colours.map { nearestAllowed(to: $0, turn: turn, excluded: excluded) } }
        func cost(_ way: [(OKLCH, Double)?]) -> Double { way.reduce(0) { $0 + ($1?.1 ?? 1000) } }
        let way = cost(ways[0]) <= cost(ways[1]) ? ways[0] : ways[1]
        return zip(colours, way).map { colour, found in found?.0 ?? firstAllowed(near: colour, excluded: excluded) }
    }

    /// The nearest colour to `colour` outside the excluded families: hue turns first, then greys.
    static func firstAllowed(near colour: OKLCH, excluded: [HueFamily]) -> OKLCH {
        func allowed(_ c: OKLCH) -> Bool { Separation.allowed(c, excluded: excluded) }
        if allowed(colour) { return colour }
        for dh in [30.0, -30, 60, -60, 90, -90, 120, -120, 150, -150, 180] {
            for c in [max(colour.c, 0.08), 0.12] {
                let candidate = OKLCH(l: colour.l, c: c, h: (colour.h + dh + 360).truncatingRemainder(dividingBy: 360))
                if allowed(candidate) { return candidate }
            }
        }
        for l in [colour.l, 0.5, 0.2, 0.95] {
            let grey = OKLCH(l: l, c: 0, h: 0)
            if allowed(grey) { return grey }
        }
        return colour
    }
}

// MARK: - Composition by contrast

/// The two sides of a composed scene: cues whose colours are opposed in temperature (Ou's
/// heat: warm above 0.3, cool below −0.45) or, failing that, in lightness (OKLCH L ≥ 0.8
/// against ≤ 0.32): "a bonfire on a frozen beach", 雪の路地の赤い提灯, "a candle in a dark
/// cathedral". The figure (the smaller part) is the side of light sources, things and colour
/// words; the ground the side of settings (scenes, places, weather). nil when the description
/// has no such opposition, when both sides are settings or both figures ("sunset over the
/// ocean" keeps its usual choice), or when a side is only a noun compound's part (a lavender
/// field is one thing).
struct CueSides {
    /// For each cue index on a side: true for the figure's side.
    private let figureByCue: [Int: Bool]
    /// Set apart by a relation word alone, not by opposed temperature, lightness or chroma: the
    /// mood still steers both sides ("a sad clown at a birthday party" is duller).
    private(set) var byRelation = false

    init?(_ reading: Reading) {
        let cues = reading.cues
        guard cues.count >= 2 else { return nil }
        // The parts: not moods, times or seasons (the atmosphere, not a part one sees), nor a
        // hex code (a colour the user set, which leads as written), and of a
        // noun compound only its colour-giving thing ("frozen beach" is frozen, a lavender
        // field lavender); the compound's scene joins its thing's side below.
        var parts: [(i: Int, lch: OKLCH)] = []
        // A colour word on the day or the weather ("a grey day in Paris", un jour gris) is the
        // whole scene's light: whatever side it sets apart, it is the ground's.
        let atmosphere = cues.indices.filter { i in
            cues[i].kind == .colour
                && reading.nounOfColourWord(at: i).map { [.time, .weather].contains(cues[$0].kind) } == true
        }
        for (i, cue) in cues.enumerated() where ![.mood, .time, .season, .hex].contains(cue.kind) {
            if cue.inNounCompound, !cue.kind.isThingOrMaterial { continue }
            guard let c = cue.modifiedColours.first else { continue }
            parts.append((i, OKLCH(c.lch.gamutMapped())))
        }
        // Temperature first (Ou's heat), then lightness, then chroma (vivid against grey).
        let tests: [(OKLCH) -> Int?] = [
            { c in
                let h = RoleStructure.heat(CIELab(c.gamutMapped()))
                return h > 0.3 ? 0 : h < -0.45 ? 1 : nil
            },
            { c in c.l >= 0.8 ? 0 : c.l <= 0.32 ? 1 : nil },
            { c in c.c >= 0.1 ? 0 : c.c <= 0.04 ? 1 : nil },
        ]
        var side: [Int: Int] = [:]
        for test in tests {
            side = [:]
            for part in parts { if let s = test(part.lch) { side[part.i] = s } }
            if Set(side.values).count == 2 { break }
        }
        // Parts no test sets apart ("a red poppy in a pale wheat field": warm on warm, the field's
        // chroma between the bounds) are still set apart by a relation word: what it names is
        // the ground, the colour words and things of its clause that differ from it by ΔE00 20
        // or more the figure (autumn leaves in a beech forest are one scene, not two sides).
        var byRelation = false
        if Set(side.values).count != 2 {
            byRelation = true
            let named = parts.filter { cues[$0.i].isContainer }
            guard named.count == 1, let ground = named.first else { return nil }
            let lab = CIELab(ground.lch.gamutMapped())
            side = [ground.i: 1]
            for part in parts where part.i != ground.i && cues[part.i].clause == cues[ground.i].clause {
                let cue = cues[part.i]
                guard [.colour, .thing, .material].contains(cue.kind) || cue.strength >= 0.6 else { continue }
                if CIEDE2000.difference(CIELab(part.lch.gamutMapped()), lab) >= 20 { side[part.i] = 0 }
            }
            guard Set(side.values).count == 2 else { return nil }
        }
        let (after, linkedGap) = Reading.nounOfColourWord(in: reading.language)
        func nounSide(_ i: Int) -> Int { after ? i - 1 : i + 1 }
        // A colour word names its noun's colour ("blood-orange skies", 紅狐狸, "une porte
        // bleue"): the word beside it in its clause takes the colour's side.
        for (i, cue) in cues.enumerated() where cue.kind == .colour {
            guard let s = side[i] else { continue }
            // On the side the language puts its noun one word may stand between: "une mer d'un
            // bleu profond", 黄色的树叶 (not "فانوس أحمر في زقاق", where it is the relation word).
            for j in [i + 1, i - 1] where cues.indices.contains(j) && cues[j].kind != .colour {
                let gap = j == nounSide(i) ? linkedGap : 1
                if cues[j].clause == cue.clause, abs(cues[j].lastOrdinal - cue.lastOrdinal) <= gap {
                    // The setting a relation word names keeps its side, and its colour word
                    // joins it: "a white egret in a dark green rice paddy" is set in dark green.
                    if cues[j].isContainer, let ground = side[j], ground != s {
                        side[i] = ground
                    } else {
                        side[j] = s
                    }
                    break
                }
            }
        }
        // A compound's scene takes its thing's side.
        for (i, cue) in cues.enumerated() where cue.inNounCompound && !cue.kind.isThingOrMaterial && side[i] == nil {
            for j in [i - 1, i + 1] where cues.indices.contains(j) && cues[j].inNounCompound {
                if let s = side[j] {
                    side[i] = s
                    break
                }
            }
        }
        func figureScore(_ cue: Cue) -> Double {
            var s = cue.strength >= 0.6 ? 2.0 : 0
            switch cue.kind {
            case .thing, .material, .colour, .hex, .brand, .flag, .team, .icon: s += 1
            case .scene, .place, .weather: if cue.strength < 0.6 { s -= 1.5 }
            default: break
            }
            return s
        }
        func isSetting(_ cue: Cue) -> Bool { [.scene, .place, .weather].contains(cue.kind) && cue.strength < 0.6 }
        var score = [0.0, 0.0]
        var settings = [false, false]
        for (i, s) in side {
            score[s] += figureScore(cues[i])
            if isSetting(cues[i]) { settings[s] = true }
        }
        // With a setting on both sides (a reef in the deep sea, 深海裡的珊瑚礁), the one a relation
        // word names is the ground, when the words name one side only.
        var containerSides = Set(side.compactMap { cues[$0.key].isContainer ? $0.value : nil })
        // Held on both sides ("a woman in a red saree in a green rice paddy"): the outer setting
        // is the ground, named last by prepositions and first by postpositions (田んぼの中の…).
        if containerSides.count == 2 {
            let held = side.keys.filter { cues[$0].isContainer }.sorted { cues[$0].lastOrdinal < cues[$1].lastOrdinal }
            let postposed = [LanguageCode.ja, .ko, .tr, .hi].contains { $0 == reading.language }
            if let outer = postposed ? held.first : held.last, let s = side[outer] { containerSides = [s] }
        }
        let figureSide: Int
        let touched = Set(side.compactMap { cues[$0.key].isTouch ? $0.value : nil })
        if touched.count == 1, let s = touched.first {
            // A small amount of a colour ("with red accents", une touche de rouge) is the figure.
            figureSide = s
        } else if settings[0], settings[1] {
            guard containerSides.count == 1, let ground = containerSides.first else { return nil }
            figureSide = 1 - ground
            // What colours the sky (a sunset, the night) is over a setting, never held in it:
            // "denizde gün batımı" (sunset at sea) keeps its usual choice.
            if side.contains(where: { $0.value == figureSide && cues[$0.key].sky == .colour }) { return nil }
        } else if containerSides.count == 1, let ground = containerSides.first {
            // What a relation word names is the ground, whatever its kind: "yellow leaves on wet
            // asphalt" is leaves on the asphalt's grey, "a cat on a red sofa" the cat on red.
            figureSide = 1 - ground
        } else {
            guard score[0] != score[1] else { return nil }
            figureSide = score[0] > score[1] ? 0 : 1
            // The ground is a setting one can see as a field (a scene, a place, weather), or at
            // least clearly less of a figure than the other side ("a yellow balloon at a grey funeral").
            guard !settings[figureSide], settings[1 - figureSide] || abs(score[0] - score[1]) >= 1 else {
                return nil
            }
        }
        var map: [Int: Bool] = [:]
        for (i, s) in side { map[i] = s == figureSide }
        for i in atmosphere { map[i] = false }
        figureByCue = map
        self.byRelation = byRelation
    }

    /// true: the figure's side; false: the ground's; nil: on neither, or on both.
    func side(of cues: CueSet) -> Bool? {
        var out: Bool?
        for i in cues {
            guard let f = figureByCue[i] else { continue }
            if let o = out, o != f { return nil }
            out = f
        }
        return out
    }
}
