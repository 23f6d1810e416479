import FoundationEssentials
import Glibc
import PaletteCore

/// The offline engine's workbench: seeds, locked roles, refinements and candidates, built on
/// the composer's palettes (`OfflineEngine.palette(for:variation:)`) without changing them.
///
/// - **Seed**: the reading's seed is mixed with the request's (SplitMix64, no clock, no
///   platform hash), and the composer is asked for its jittered alternative, so one seed is
///   one palette on every run and machine, and other seeds give others.
/// - **Locks**: the locked colours replace their roles; the free roles keep the composed
///   colours when they meet the distinctness rules against them (ΔE00 ≥ 10 pairwise, ≥ 20
///   accent to primary), else move to the nearest colour that does (`nearest`). Of the first
///   four variations, the one whose free roles need the least moving is taken.
/// - **Refinement**: `RefinementReading` turns the instruction into OKLCH moves on the roles
///   it names (every free role when it names none); the rules are then restored by moving the
///   roles the instruction did not name first, and a named role only in its move's direction.
/// - **Image**: the palette read from the request's picture (`fromImage`), the description applied
///   to it as a refinement.
/// - **Candidates**: variations (or, for a refinement, stronger and weaker readings) kept only
///   when at least ΔE00 10 from every candidate already kept on some role.
struct EngineWorkbench {
    let engine: OfflineEngine
    let request: GenerationRequest
    /// The request's picture as read once for every candidate (`ImagePalette.swift`).
    var imageReading: ImageReading? = nil

    static let minimumDistance = 10.0
    static let accentDistance = 20.0
    static let candidateDistance = 10.0

    func generate() -> GeneratedPalette {
        let count = request.candidateCount
        var kept: [GeneratedPalette] = []
        var attempt = 0
        let attempts = count == 1 ? 1 : max(request.refinement == nil ? 24 : 42, count * 6)
        while kept.count < count, attempt < attempts {
            let candidate = make(attempt: attempt)
            attempt += 1
            if kept.allSatisfy({ Self.distinct($0.palette, candidate.palette) }) { kept.append(candidate) }
        }
        var first = kept[0]
        if count > 1 {
            first.alternatives = Array(kept.dropFirst())
            if kept.count < count { first.notes.append(.fewerCandidates(requested: count, found: kept.count)) }
        }
        return first
    }

    /// True when some role differs by at least `candidateDistance`.
    static func distinct(_ a: Palette, _ b: Palette) -> Bool {
        Role.allCases.contains { CIEDE2000.difference(a[$0], b[$0]) >= candidateDistance }
    }

    /// One palette: the request's own for attempt 0, then alternatives.
    func make(attempt: Int) -> GeneratedPalette {
        if let image = request.image {
            return fromImage(imageReading ?? ImageReading(image.picture), attempt: attempt)
        }
        if let refinement = request.refinement { return refine(refinement, attempt: attempt) }
        if attempt >= Self.composedAttempts { return turned(attempt - Self.composedAttempts) }
        if request.locked.isEmpty { return composed(variation: request.variation &+ attempt) }
        // Locks: of four neighbouring variations, the one the locks disturb least.
        var best: (GeneratedPalette, Double)?
        for k in 0..<4 {
            var result = composed(variation: request.variation &+ attempt &* 4 &+ k)
            let (palette, moved) = locked(result.palette)
            result.palette = palette
            if best == nil || moved < best!.1 { best = (result, moved) }
            if moved == 0 { break }
        }
        return best!.0
    }

    /// Candidates drawn from the composer's variations before `turned` ones are made.
    static let composedAttempts = 8

    /// A candidate for when the variations run out (descriptions with one strong cue): a
    /// variation with each free role's hue turned by a different step and its lightness moved,
    /// then the rules restored around the locks.
    func turned(_ j: Int) -> GeneratedPalette {
        var result = composed(variation: request.variation &+ j % 4)
        var palette = result.palette
        for (i, role) in request.freeRoles.enumerated() {
            var c = OKLCH(palette[role])
            if c.c < 0.03 { c.c = 0.06 }
            c.h = (c.h + Double((j + 1) * 37 * (i + 1) % 360) + 360).truncatingRemainder(dividingBy: 360)
            c.l = min(max(c.l + Double(j % 3 - 1) * 0.08, 0.08), 0.95)
            palette[role] = c.gamutMapped()
        }
        result.palette = locked(palette).0
        return result
    }

    /// The composer's palette for `variation`, under the request's seed.
    func composed(variation: Int) -> GeneratedPalette {
        var result = engine.palette(for: request.description, variation: variation)
        guard let seed = request.seed else { return result }
        var reading = Reading(request.description, lexicon: Lexicon.embedded)
        reading.seed ^= Self.mix(seed)
        let composition = PaletteComposer(reading: reading, variation: variation &+ 1).compose()
        result.palette = composition.palette
        result.rationale = composition.rationale
        return result
    }

    /// SplitMix64's finaliser: every bit of the seed moves every bit of the result.
    static func mix(_ seed: UInt64) -> UInt64 {
        var z = seed &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `palette` with the locks in place and the free roles moved to meet the rules; how far
    /// (ΔE00, summed) the free roles had to move.
    func locked(_ palette: Palette) -> (Palette, Double) {
        var out = palette
        for (role, colour) in request.locked { out[role] = colour }
        let free = request.freeRoles
        let fixed = out
        out = Self.separate(out, movable: free, direction: [:])
        let moved = free.reduce(0.0) { $0 + CIEDE2000.difference(fixed[$1], out[$1]) }
        return (out, moved)
    }

    // MARK: - Refinement

    func refine(_ refinement: Refinement, attempt: Int) -> GeneratedPalette {
        let reading = RefinementReading(refinement.instruction)
        let free = request.freeRoles
        var base = refinement.base
        for (role, colour) in request.locked { base[role] = colour }
        var notes: [GenerationNote] = []
        var rationale: [Role: [String]] = [:]
        var target = base
        var direction: [Role: [RefinementLexicon.Move]] = [:]
        // The roles the instruction may change: those it names (when it names any), else every
        // free role. A role it does not name is never moved, not even to keep the rules.
        var movable = free
        if !reading.isEmpty {
            let named = Set(reading.steps.compactMap(\.roles).joined())
            if !named.isEmpty {
                movable = free.filter(named.contains)
                let lockedNamed = Role.allCases.filter { named.contains($0) && !free.contains($0) }
                if movable.isEmpty {
                    // Every role it names is locked: nothing to do, and said.
                    notes.append(.refinementLocked(lockedNamed))
                    return GeneratedPalette(palette: base, provider: engine.name, model: engine.model, notes: notes)
                }
            }
            // Later attempts read the instruction more strongly, then more gently.
            let scales = [1.0, 1.7, 0.6, 2.4, 1.3, 0.8, 3.0]
            let scale = scales[attempt % scales.count]
            let variationScale = 1 + 0.35 * Double(min(max(request.variation, 0), 6))
            var lch = Dictionary(uniqueKeysWithValues: Role.allCases.map { ($0, OKLCH(base[$0])) })
            for step in reading.steps {
                let roles = (step.roles ?? movable).filter { movable.contains($0) }
                guard !roles.isEmpty else { continue }
                Self.apply(step.move, to: &lch, roles: roles, strength: step.strength * scale * variationScale)
                for role in roles {
                    direction[role, default: []].append(step.move)
                    rationale[role, default: []].append(contentsOf: step.words)
                }
            }
            movable = movable.filter { direction[$0] != nil }
            for role in movable {
                target[role] = lch[role]!.gamutMapped()
                // Vivid and muted are measured as CIELAB chroma: where the OKLCH step did not
                // move it (the gamut's edge), the nearest colour that does.
                if let moves = direction[role], moves.count == 1, let move = moves.first,
                    move == .vivid || move == .muted
                {
                    let sign: Double = move == .vivid ? 1 : -1
                    if sign * (Self.labChroma(target[role]) - Self.labChroma(base[role])) <= 0 {
                        target[role] = Self.nearestChroma(from: base[role], sign: sign) ?? target[role]
                    }
                }
            }
            // Attempts after the first also move each changed role along a property its moves
            // leave alone (hue, else lightness, else chroma), so candidates differ.
            if attempt > 0 {
                // Steps of ±1 to ±3 (hue turns of at most 48°: a darker red stays a red).
                let m = Double((attempt - 1) / 2 % 3 + 1) * (attempt.isMultiple(of: 2) ? 1 : -1)
                for role in movable {
                    let moves = direction[role] ?? []
                    let start = OKLCH(target[role])
                    // Hue (not for a near-grey, whose hue barely shows, nor for moves of hue),
                    // else lightness, else chroma (a grey takes a tint): the first variation
                    // that still moves the way the instruction asked.
                    var tries: [OKLCH] = []
                    for sign in [m, -m] {
                        if start.c >= 0.04, !moves.contains(where: { [.night, .day].contains($0) }) {
                            tries.append(
                                OKLCH(
                                    l: start.l, c: start.c,
                                    h: (start.h + 16 * sign + 720).truncatingRemainder(dividingBy: 360)))
                        }
                        if !moves.contains(where: {
                            [.lighter, .darker, .night, .day, .pastel, .moreContrast, .lessContrast].contains($0)
                        }) {
                            // Past the ends of lightness, the other way.
                            let l = start.l + 0.07 * sign
                            tries.append(
                                OKLCH(l: l < 0.05 || l > 0.96 ? start.l - 0.07 * sign : l, c: start.c, h: start.h))
                        }
                        if !moves.contains(where: { [.muted, .vivid, .softer, .bolder, .pastel].contains($0) }) {
                            tries.append(
                                start.c < 0.04
                                    ? OKLCH(
                                        l: start.l, c: start.c + 0.03 * abs(sign),
                                        h: (start.h + 60 * sign + 720).truncatingRemainder(dividingBy: 360))
                                    : OKLCH(l: start.l, c: max(0, start.c * (1 + 0.25 * sign)), h: start.h))
                        }
                    }
                    // A variation never undoes what the instruction asked.
                    if let moved = tries.lazy.map({ $0.gamutMapped() }).first(where: {
                        Self.keeps(moves, from: base[role], to: $0)
                    }) {
                        target[role] = moved
                    }
                }
            }
        } else {
            // No modifier: the instruction may still be a description ("more like the sea"):
            // the free roles move halfway to the palette it reads as.
            let described = Reading(refinement.instruction, lexicon: Lexicon.embedded)
            if described.isEmpty {
                // Nothing read: the palette exactly as it was asked about, and said so.
                notes.append(.refinementNotUnderstood)
                return GeneratedPalette(palette: base, provider: engine.name, model: engine.model, notes: notes)
            }
            let toward = PaletteComposer(reading: described, variation: attempt).compose()
            for role in free {
                let a = OKLab(base[role])
                let b = OKLab(toward.palette[role])
                target[role] =
                    OKLab(l: (a.l + b.l) / 2, a: (a.a + b.a) / 2, b: (a.b + b.b) / 2).lch.gamutMapped()
                rationale[role] = toward.rationale[role] ?? []
            }
        }
        let result = Self.separate(target, movable: movable, direction: direction, from: base)
        if result == base { notes.append(.refinementUnchanged) }
        return GeneratedPalette(
            palette: result, provider: engine.name, model: engine.model, rationale: rationale, notes: notes)
    }

    /// Moves `roles` of `lch` by `move` at `strength`.
    static func apply(
        _ move: RefinementLexicon.Move, to lch: inout [Role: OKLCH], roles: [Role], strength s: Double
    ) {
        func turn(_ c: inout OKLCH, toward hue: Double, by degrees: Double) {
            let d = signedAngle(from: c.h, to: hue)
            c.h = (c.h + (d < 0 ? -1 : 1) * min(abs(d), degrees) + 360).truncatingRemainder(dividingBy: 360)
        }
        switch move {
        case .moreContrast, .lessContrast:
            let others = Role.allCases.filter { !roles.contains($0) }
            if roles.count == 1, let role = roles.first {
                // One role set apart from the others ("make the accent pop").
                let mean = others.map { lch[$0]!.l }.reduce(0, +) / Double(max(others.count, 1))
                var c = lch[role]!
                let away: Double = c.l >= mean ? 1 : -1
                c.l += (move == .moreContrast ? away : -away) * 0.1 * s
                c.l = min(max(c.l, 0.03), 0.98)
                lch[role] = c
                return
            }
            let mean = roles.map { lch[$0]!.l }.reduce(0, +) / Double(roles.count)
            let factor = move == .moreContrast ? 1 + 0.7 * s : 1 / (1 + 0.7 * s)
            let spread = roles.map { abs(lch[$0]!.l - mean) }.max() ?? 0
            let darkest = roles.min { lch[$0]!.l < lch[$1]!.l }!
            for role in roles {
                var c = lch[role]!
                var offset = (c.l - mean) * factor
                if move == .moreContrast, spread < 0.05 { offset += (role == darkest ? -0.12 : 0.06) * s }
                c.l = min(max(mean + offset, 0.03), 0.98)
                lch[role] = c
            }
            return
        default:
            break
        }
        for role in roles {
            var c = lch[role]!
            switch move {
            case .warmer, .cooler:
                c = warmed(c, warmer: move == .warmer, strength: s)
            case .lighter:
                c.l = min(0.985, c.l + max(0.06 * s, (0.985 - c.l) * 0.3 * s))
            case .darker:
                c.l = max(0.02, c.l - max(0.06 * s, c.l * 0.28 * s))
            case .muted:
                c.c *= max(0.1, 1 - 0.45 * s)
            case .vivid:
                c.c = c.c * (1 + 0.5 * s) + 0.03 * s
                c = roomForChroma(c, from: lch[role]!)
            case .pastel:
                c.l += (0.88 - c.l) * min(0.7 * s, 1)
                c.c = min(c.c * 0.6 + 0.02, 0.09)
            case .night:
                c.l = max(0.05, c.l * (1 - (role == .accent ? 0.2 : 0.45) * min(s, 1.8)))
                c.c *= 0.85
                if c.c >= 0.02 { turn(&c, toward: 260, by: 10 * s) }
            case .day:
                c.l = min(0.97, c.l + max(0.05 * s, (0.88 - c.l) * min(0.45 * s, 1)))
                if c.c >= 0.02 { turn(&c, toward: 75, by: 8 * s) }
            case .softer:
                c.c *= max(0.15, 1 - 0.3 * s)
                c.l += (0.72 - c.l) * min(0.25 * s, 1)
            case .bolder:
                c.c = c.c * (1 + 0.35 * s) + 0.02 * s
                c.l = min(max(0.6 + (c.l - 0.6) * (1 + 0.3 * s), 0.03), 0.97)
                c = roomForChroma(c, from: lch[role]!)
            case .moreContrast, .lessContrast:
                break
            }
            lch[role] = c
        }
    }

    /// Ou, Luo, Woodcock & Wright's colour warmth (Color Res. Appl. 2004), on CIELAB:
    /// −0.5 + 0.02 · C*^1.07 · cos(h − 50°). "Warmer" and "cooler" move it, nothing else does.
    static func warmth(_ colour: RGB) -> Double { ColourEmotion.heat(CIELab(colour)) }

    /// The warmth `warmer` (or cooler) asks for at strength `s`, in Ou's units.
    static let warmthStep = 0.15

    /// `c` made warmer or cooler: of the colours near it (its hue turned by at most 12° per
    /// unit of strength, so a blue stays a blue; its chroma scaled; its lightness nudged), the
    /// one nearest in ΔE00 whose warmth moves by `warmthStep · s` the asked way, else the one
    /// that moves it furthest that way. A grey takes a faint tint of a warm or a cool hue.
    /// Unchanged only when no nearby colour moves the warmth that way at all.
    static func warmed(_ c: OKLCH, warmer: Bool, strength s: Double) -> OKLCH {
        let sign: Double = warmer ? 1 : -1
        let original = c.gamutMapped()
        let before = warmth(original)
        let want = warmthStep * min(max(s, 0.3), 3)
        let turn = 12 * min(max(s, 0.5), 2.5)
        var hues: [Double] = []
        var chromas: [Double] = []
        if c.c < 0.02 {
            // A grey: Ou's warm pole (CIELAB 50°, about OKLCH 45°) or the cool one opposite.
            hues = warmer ? [45, 60, 30] : [235, 250, 220]
            chromas = [0.015, 0.025, 0.035, 0.05].map { $0 * min(max(s, 0.5), 2) + c.c }
        } else {
            hues = stride(from: -turn, through: turn, by: turn / 4).map { c.h + $0 }
            chromas = [0.35, 0.55, 0.7, 0.85, 1, 1.15, 1.3, 1.5].map { c.c * $0 }
        }
        var best: (colour: OKLCH, rgb: RGB, cost: Double)?
        var furthest: (colour: OKLCH, gain: Double)?
        for h in hues {
            for chroma in chromas {
                for dl in [0.0, -0.03, 0.03] {
                    let probe = OKLCH(
                        l: min(max(c.l + dl, 0.01), 0.99), c: chroma, h: (h + 360).truncatingRemainder(dividingBy: 360))
                    let rgb = probe.gamutMapped()
                    let gain = sign * (warmth(rgb) - before)
                    guard gain > 0.004 else { continue }
                    if furthest == nil || gain > furthest!.gain { furthest = (probe, gain) }
                    guard gain >= want else { continue }
                    let cost = CIEDE2000.difference(original, rgb) + abs(dl) * 40
                    if best == nil || cost < best!.cost { best = (probe, rgb, cost) }
                }
            }
        }
        return best?.colour ?? furthest?.colour ?? c
    }

    /// CIELAB chroma C*.
    static func labChroma(_ c: RGB) -> Double {
        let lab = CIELab(c)
        return (lab.a * lab.a + lab.b * lab.b).squareRoot()
    }

    /// The colour nearest `colour` in ΔE00 (lightness, hue within 8° and chroma varied) whose
    /// CIELAB chroma is at least 2 more (`sign` 1) or less (−1); nil when none is.
    static func nearestChroma(from colour: RGB, sign: Double) -> RGB? {
        let c = OKLCH(colour)
        let before = labChroma(colour)
        var best: (RGB, Double)?
        for dl in stride(from: -0.15, through: 0.15, by: 0.03) {
            for dh in [-8.0, -4, 0, 4, 8] {
                for scale in [0.5, 0.7, 0.85, 1, 1.15, 1.3, 1.6] {
                    let probe = OKLCH(
                        l: min(max(c.l + dl, 0.02), 0.98), c: max(c.c, 0.02) * scale,
                        h: (c.h + dh + 360).truncatingRemainder(dividingBy: 360)
                    ).gamutMapped()
                    guard sign * (labChroma(probe) - before) >= 2 else { continue }
                    let cost = CIEDE2000.difference(colour, probe)
                    if best == nil || cost < best!.1 { best = (probe, cost) }
                }
            }
        }
        return best?.0
    }

    /// `c`, or `c` at a lightness nearer the gamut's most colourful one for its hue, so that
    /// in sRGB it is more colourful than `original` (a colour at the gamut's edge can gain
    /// chroma only by moving toward the cusp).
    static func roomForChroma(_ c: OKLCH, from original: OKLCH) -> OKLCH {
        let before = OKLCH(original.gamutMapped()).c
        if OKLCH(c.gamutMapped()).c > before + 0.004 { return c }
        for step in 1...12 {
            for direction in [1.0, -1.0] {
                var probe = c
                probe.l = c.l + direction * Double(step) * 0.03
                guard probe.l > 0.05, probe.l < 0.97 else { continue }
                if OKLCH(probe.gamutMapped()).c > before + 0.004 { return probe }
            }
        }
        return c
    }

    /// The angle from `a` to `b`, in (-180, 180].
    static func signedAngle(from a: Double, to b: Double) -> Double {
        var d = (b - a).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }

    /// Whether `to` went from `from` the way every one of `moves` asks (the properties the
    /// must-show figures measure; other moves ask nothing the search must keep).
    static func keeps(_ moves: [RefinementLexicon.Move], from: RGB, to: RGB) -> Bool {
        let a = OKLCH(from)
        let b = OKLCH(to)
        for move in moves {
            switch move {
            case .warmer, .cooler:
                let change = warmth(to) - warmth(from)
                if move == .warmer ? change <= 0 : change >= 0 { return false }
            case .lighter, .day: if b.l <= a.l { return false }
            case .darker, .night: if b.l >= a.l { return false }
            // Chroma both ways it is measured: OKLCH's, and CIELAB's (what a "more vivid" that
            // turned a blue to a purple at the gamut's edge had lost).
            case .muted, .softer: if b.c >= a.c || labChroma(to) >= labChroma(from) { return false }
            case .vivid, .bolder: if b.c <= a.c || labChroma(to) <= labChroma(from) { return false }
            case .pastel, .moreContrast, .lessContrast: break
            }
        }
        return true
    }

    // MARK: - The rules and the nearest colour that meets them

    /// Whether `role` meets the rules against the other roles of `p`.
    static func meetsRules(_ role: Role, in p: Palette) -> Bool {
        for other in Role.allCases where other != role {
            let need =
                (role == .accent && other == .primary) || (role == .primary && other == .accent)
                ? accentDistance : minimumDistance
            if CIEDE2000.difference(p[role], p[other]) < need { return false }
        }
        return true
    }

    /// `p` with the `movable` roles moved, fewest and least first, until every movable role
    /// meets the rules: roles without a direction first, then those with one (which move only
    /// the way their moves ask, measured from `from`).
    static func separate(
        _ p: Palette, movable: [Role], direction: [Role: [RefinementLexicon.Move]], from: Palette? = nil
    ) -> Palette {
        var out = p
        let order = movable.sorted {
            (direction[$0] == nil ? 0 : 1, rank($0)) < (direction[$1] == nil ? 0 : 1, rank($1))
        }
        for _ in 0..<3 {
            guard let role = order.first(where: { !meetsRules($0, in: out) }) else { break }
            let keep: ((RGB) -> Bool)?
            if let moves = direction[role], let from {
                keep = { keeps(moves, from: from[role], to: $0) }
            } else {
                keep = nil
            }
            guard let found = nearest(out[role], role: role, in: out, keeping: keep) else { break }
            out[role] = found
        }
        return out
    }

    /// Secondary moves before accent before primary: the primary carries the palette.
    static func rank(_ role: Role) -> Int {
        switch role {
        case .secondary: return 0
        case .accent: return 1
        case .primary: return 2
        }
    }

    /// Offsets tried around a colour, cheapest first: lightness steps, hue turns, chroma scales.
    static let offsets: [(dl: Double, dh: Double, cs: Double)] = {
        var out: [(Double, Double, Double, Double)] = []
        for li in -15...15 {
            for hi in -15...15 {
                for (ci, cs) in [1.0, 0.6, 1.4, 0.3].enumerated() {
                    let dl = Double(li) * 0.03
                    let dh = Double(hi) * 12
                    let cost = abs(dl) * 100 + abs(dh) * 0.12 + Double(ci) * 4
                    out.append((dl, dh, cs, cost))
                }
            }
        }
        return out.sorted { $0.3 < $1.3 }.map { ($0.0, $0.1, $0.2) }
    }()

    /// The colour nearest `colour` (by the offsets' order) at which `role` meets the rules in
    /// `p`, and `keeping` holds; nil when none does.
    static func nearest(_ colour: RGB, role: Role, in p: Palette, keeping: ((RGB) -> Bool)?) -> RGB? {
        let c = OKLCH(colour)
        var probe = p
        for o in offsets {
            let l = c.l + o.dl
            guard l > 0.005, l < 0.995 else { continue }
            let chroma = max(c.c, 0.02) * o.cs
            let candidate = OKLCH(l: l, c: chroma, h: (c.h + o.dh + 360).truncatingRemainder(dividingBy: 360))
                .gamutMapped()
            probe[role] = candidate
            if meetsRules(role, in: probe), keeping?(candidate) ?? true { return candidate }
        }
        return nil
    }
}
