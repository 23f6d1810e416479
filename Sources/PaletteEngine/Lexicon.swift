import PaletteCore

// MARK: - Entry parts

/// What a lexicon word is about; the kind decides how strongly its colours pull the palette.
enum CueKind: String, Sendable, CaseIterable {
    /// A `#RRGGBB` written in the description itself.
    case hex
    case colour, scene, thing, material, place, time, season, weather, mood
    /// An English word that occurs in colour names (data-driven coverage).
    case word
    case modifier, negation
    /// A word that contains a lexicon word but means something else (今天 is not 天).
    case ignore

    /// The pull of one colour of weight 1.
    ///
    /// Explicit colours outrank things (flowers, fruit), which outrank scenes, which outrank
    /// settings (times, seasons, weather), which outrank moods: "calm forest" is a green
    /// palette made calm, "lavender field" is purple, not green.
    var baseWeight: Double {
        switch self {
        case .hex: return 6
        case .colour: return 4
        case .thing: return 2.7
        case .scene: return 2.5
        case .material, .place: return 2
        case .time, .season, .weather: return 1.5
        case .word: return 1.4
        case .mood: return 1
        case .modifier, .negation, .ignore: return 0
        }
    }
}

/// One colour a word evokes, with how typical it is for the word.
struct LexiconColour: Sendable, Hashable {
    var lch: OKLCH
    var weight: Double
    /// The colour a designer would use as this word's accent (sunlight in a forest).
    var isAccent: Bool
}

/// A target on Ou et al.'s (2004) colour-emotion factors: activity, weight and heat.
///
/// Moods, times and weather say which way a palette should lean ("calm" lowers activity,
/// "midnight" raises weight); the steering moves lightness and chroma that way.
struct EmotionTarget: Sendable, Hashable {
    var activity: Double
    var weight: Double
    var heat: Double

    static let zero = EmotionTarget(activity: 0, weight: 0, heat: 0)

    var isZero: Bool { activity == 0 && weight == 0 && heat == 0 }

    static func + (a: EmotionTarget, b: EmotionTarget) -> EmotionTarget {
        EmotionTarget(activity: a.activity + b.activity, weight: a.weight + b.weight, heat: a.heat + b.heat)
    }

    /// Each factor limited to ±limit, so ten mood words do not push ten times as far.
    func clamped(_ limit: Double) -> EmotionTarget {
        func c(_ v: Double) -> Double { min(max(v, -limit), limit) }
        return EmotionTarget(activity: c(activity), weight: c(weight), heat: c(heat))
    }
}

/// A change of lightness, chroma or hue that a word like "dark", "pastel", 淡 or "autumn" asks for.
struct ColourModifier: Sendable, Hashable {
    /// The lightness to move toward, if any, and how far (0...1).
    var targetLightness: Double?
    var lightnessPull = 0.0
    var chromaScale = 1.0
    /// The chroma to move toward ("muted" means moderate chroma, not a fraction of it).
    var targetChroma: Double?
    var chromaPull = 0.0
    var minChroma: Double?
    var maxChroma: Double?
    /// A hue to turn toward, only for hues in `hueRange` ("autumn" turns greens orange).
    var targetHue: Double?
    var huePull = 0.0
    var hueRange: ClosedRange<Double> = 0...360
    /// Global modifiers (pastel, neon, muted, night) apply to the whole palette; local ones
    /// (dark, pale, 深) to the nearest colour word.
    var isGlobal = true

    var changesColour: Bool {
        targetLightness != nil || chromaScale != 1 || targetChroma != nil || minChroma != nil || maxChroma != nil
            || targetHue != nil
    }

    /// The modified colour; `strength` below 1 applies part of the change (for accents).
    func apply(to colour: OKLCH, strength: Double = 1) -> OKLCH {
        var out = colour
        // A dark target only darkens and a light one only lightens: "dark" never lifts a
        // black, "pale" never dims a white. Mid targets (muted, neon) pull both ways.
        if let target = targetLightness, !(target <= 0.5 && out.l < target), !(target >= 0.7 && out.l > target) {
            out.l += (target - out.l) * lightnessPull * strength
        }
        let hasHue = colour.c >= 0.03
        if let target = targetChroma, hasHue || target < colour.c {
            out.c += (target - out.c) * chromaPull * strength
        }
        out.c *= 1 + (chromaScale - 1) * strength
        // Bounds only apply to colours that have a hue: "neon" must not tint a grey.
        if hasHue {
            if let lo = minChroma { out.c = max(out.c, colour.c + (lo - colour.c) * strength) }
            if let hi = maxChroma, out.c > hi { out.c = hi }
            if let target = targetHue, hueRange.contains(colour.h) {
                var delta = (target - colour.h).truncatingRemainder(dividingBy: 360)
                if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
                out.h = (colour.h + delta * huePull * strength + 360).truncatingRemainder(dividingBy: 360)
            }
        }
        out.l = min(max(out.l, 0.05), 0.98)
        out.c = max(out.c, 0)
        return out
    }
}

/// One lexicon entry: the colours a word evokes and how it steers the palette.
struct LexiconEntry: Sendable {
    let kind: CueKind
    let colours: [LexiconColour]
    let emotion: EmotionTarget
    let modifier: ColourModifier?
}

// MARK: - Lexicon

/// The engine's vocabulary: English keys (words and phrases) and CJK keys, each pointing at an entry.
///
/// Built from `LexiconData` (generated by tools/gen_lexicon.py). Chinese keys are stored in
/// Simplified form; input is folded with the same OpenCC table (PaletteCore's `ChineseFolding`)
/// before lookup, so 寧靜 and 宁静 meet the same entry.
struct Lexicon: Sendable {
    let entries: [LexiconEntry]
    let english: [String: Int]
    let cjk: [String: Int]
    /// The longest English key, in words.
    let maxPhraseWords: Int
    /// The longest CJK key, in Unicode scalars.
    let maxCJKLength: Int
    /// U+00C0...U+024F folded to lower-case base letters, indexed from U+00C0.
    let latinBases: [Unicode.Scalar]

    /// The embedded lexicon, parsed on first use.
    ///
    /// A `static let` is initialised once, lazily and thread-safely by the runtime; the
    /// value is immutable data, so every engine and thread shares it safely.
    static let embedded = Lexicon(entries: LexiconData.entries, latinBases: LexiconData.latinBases)

    init(entries text: String, latinBases: String) {
        self.latinBases = Array(latinBases.unicodeScalars)

        var entries: [LexiconEntry] = []
        var english: [String: Int] = [:]
        var cjk: [String: Int] = [:]
        var maxWords = 1
        var maxCJK = 1
        entries.reserveCapacity(2600)
        english.reserveCapacity(3200)
        cjk.reserveCapacity(1400)
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cols.count >= 5, let kind = CueKind(rawValue: String(cols[0])) else { continue }
            let entry = LexiconEntry(
                kind: kind,
                colours: Lexicon.parseColours(cols[3]),
                emotion: Lexicon.parseEmotion(cols[4]),
                modifier: Lexicon.parseModifier(cols[4], kind: kind))
            let index = entries.count
            entries.append(entry)
            for key in cols[1].split(separator: "|") {
                english[String(key)] = index
                maxWords = max(maxWords, key.split(separator: " ").count)
            }
            for key in cols[2].split(separator: "|") {
                cjk[String(key)] = index
                maxCJK = max(maxCJK, key.unicodeScalars.count)
            }
        }
        self.entries = entries
        self.english = english
        self.cjk = cjk
        self.maxPhraseWords = maxWords
        self.maxCJKLength = maxCJK
    }

    /// `RRGGBB:weight[!]` separated by spaces.
    private static func parseColours(_ field: Substring) -> [LexiconColour] {
        var out: [LexiconColour] = []
        for token in field.split(separator: " ") {
            var t = token
            let accent = t.hasSuffix("!")
            if accent { t = t.dropLast() }
            let parts = t.split(separator: ":")
            guard parts.count == 2, let packed = UInt32(parts[0], radix: 16), let w = Double(parts[1]) else { continue }
            out.append(LexiconColour(lch: OKLCH(RGB(packed: packed)), weight: w, isAccent: accent))
        }
        return out
    }

    private static func styleValues(_ field: Substring) -> [Substring: Substring] {
        var values: [Substring: Substring] = [:]
        for pair in field.split(separator: " ") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { values[kv[0]] = kv[1] }
        }
        return values
    }

    private static func parseEmotion(_ field: Substring) -> EmotionTarget {
        let v = styleValues(field)
        func d(_ k: Substring) -> Double { v[k].flatMap { Double($0) } ?? 0 }
        return EmotionTarget(activity: d("act"), weight: d("wt"), heat: d("heat"))
    }

    /// The colour change an entry asks for, if any: modifiers, and words like "night" or "autumn".
    private static func parseModifier(_ field: Substring, kind: CueKind) -> ColourModifier? {
        let v = styleValues(field)
        func d(_ k: Substring) -> Double? { v[k].flatMap { Double($0) } }
        var m = ColourModifier()
        m.targetLightness = d("lt")
        m.lightnessPull = d("ls") ?? 0
        m.chromaScale = d("cm") ?? 1
        m.targetChroma = d("ct")
        m.chromaPull = d("cs") ?? 0
        m.minChroma = d("cmin")
        m.maxChroma = d("cmax")
        m.targetHue = d("ht")
        m.huePull = d("hs") ?? 0
        m.hueRange = (d("hmin") ?? 0)...(d("hmax") ?? 360)
        m.isGlobal = v["scope"] != "local"
        return m.changesColour ? m : nil
    }
}
