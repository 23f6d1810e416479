import PaletteCore

// MARK: - Entry parts

/// What a lexicon word is about; the kind decides how strongly its colours pull the palette.
enum CueKind: String, Sendable, CaseIterable {
    /// A `#RRGGBB` written in the description itself.
    case hex
    case colour, scene, thing, material, place, time, season, weather, mood
    /// A brand, a flag, a sports team or a cultural icon with documented colours (brands.tsv).
    case brand, flag, team, icon
    /// An English word that occurs in colour names (data-driven coverage).
    case word
    case modifier, negation
    /// A word that contains a lexicon word but means something else (今天 is not 天).
    case ignore

    /// The pull of one colour of weight 1.
    ///
    /// Explicit colours outrank named things with documented colours, which outrank things
    /// (flowers, fruit), which outrank scenes, which outrank settings (times, seasons, weather),
    /// which outrank moods: "calm forest" is a green palette made calm, "lavender field" is
    /// purple, not green.
    var baseWeight: Double {
        switch self {
        case .hex: return 6
        case .colour: return 4
        case .brand, .team, .icon: return 3.5
        // A country's name is often a setting ("a café in France"): its flag speaks like a place.
        case .flag: return 2.2
        case .thing: return 2.7
        case .scene: return 2.5
        case .material, .place: return 2
        case .time, .season, .weather: return 1.5
        case .word: return 1.4
        case .mood: return 1
        case .modifier, .negation, .ignore: return 0
        }
    }

    /// A named thing with documented colours: a brand, a flag, a team, a cultural icon.
    var isNamed: Bool {
        switch self {
        case .brand, .flag, .team, .icon: return true
        default: return false
        }
    }

    /// A thing one holds or a material: what colours a scene in a noun compound ("lavender field").
    var isThingOrMaterial: Bool { self == .thing || self == .material }

    /// A scene or a place: the head a thing colours in a noun compound.
    var isSceneOrPlace: Bool { self == .scene || self == .place }

    /// A noun of a scene: a scene, a place, a thing or a material.
    var isNoun: Bool { isSceneOrPlace || isThingOrMaterial }

    /// The setting of a scene: the ground a figure stands on ("at a night market", "a forest with ...").
    var isGround: Bool {
        switch self {
        case .scene, .place, .time, .season, .weather: return true
        default: return false
        }
    }

    /// Something seen in a scene rather than the scene itself: a thing, a colour, a named thing.
    var isFigure: Bool {
        switch self {
        case .hex, .colour, .thing, .material, .brand, .flag, .team, .icon, .word: return true
        default: return false
        }
    }

    /// How much a cue of this kind draws the eye, before its colour and strength count.
    var salience: Double {
        switch self {
        case .hex: return 1.2
        case .brand, .flag, .team, .icon: return 1.1
        case .colour, .thing: return 1
        case .material: return 0.75
        case .scene: return 0.6
        case .word: return 0.55
        case .place: return 0.5
        case .weather: return 0.45
        case .time, .season: return 0.4
        case .mood: return 0.3
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

    /// True for a modifier that darkens (night, dim): lights in the scene resist it.
    var darkens: Bool { (targetLightness ?? 1) <= 0.5 }

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

/// Which cue a negation word removes: the next ("no red", "pas de bleu", 不要藍色), the one
/// before ("赤じゃない", "빨간색 없이", "kırmızı değil"), or whichever is nearer ("लाल के बिना").
enum NegationDirection: String, Sendable {
    case before, after, either
}

/// One lexicon entry: the colours a word evokes and how it steers the palette.
struct LexiconEntry: Sendable {
    let kind: CueKind
    /// The concept's id: its first English term, `id=` in concepts.tsv, or the source and name.
    let id: String
    let colours: [LexiconColour]
    let emotion: EmotionTarget
    let modifier: ColourModifier?
    /// 0...1: how far a strong visual noun (neon, fire, snow, gold) resists the setting's
    /// darkening and the mood's dulling. 1 keeps half of its own lightness and chroma, like a lamp.
    let strength: Double
    let negation: NegationDirection?
    /// `sky=field`: a sky, whose colour is the time's or the weather's when a description names
    /// one (`sky=colour`: a sunset, the night, an aurora); "夕焼けの空", "sunset sky" is the sunset.
    var sky: SkyPart? = nil
    /// `shade=1`: a food or drink whose black, white or grey is a variety of it (white wine,
    /// black tea, white peach): the colour word shades its colours. Any other thing a colour
    /// word names is that colour (a white dress, a black umbrella).
    var shadedByColourWords = false
}

/// A sky and what colours it (`LexiconEntry.sky`).
enum SkyPart: String, Sendable {
    case field, colour
}

// MARK: - Languages

/// A language the engine reads; `any` marks names that are the same in every language (brands).
enum LanguageCode: UInt8, Sendable, CaseIterable, Comparable {
    case en, zh, ja, ko, fr, es, pt, de, it, ru, ar, hi, vi, tr
    case any

    init?(code: Substring) {
        switch code {
        case "en": self = .en
        case "zh": self = .zh
        case "ja": self = .ja
        case "ko": self = .ko
        case "fr": self = .fr
        case "es": self = .es
        case "pt": self = .pt
        case "de": self = .de
        case "it": self = .it
        case "ru": self = .ru
        case "ar": self = .ar
        case "hi": self = .hi
        case "vi": self = .vi
        case "tr": self = .tr
        case "any": self = .any
        default: return nil
        }
    }

    static func < (a: LanguageCode, b: LanguageCode) -> Bool { a.rawValue < b.rawValue }

    /// The script its words are written in (Chinese and Japanese are unspaced runs).
    var script: ScriptClass {
        switch self {
        case .en, .fr, .es, .pt, .de, .it, .vi, .tr, .any: return .latin
        case .zh, .ja: return .run
        case .ko: return .hangul
        case .ru: return .cyrillic
        case .ar: return .arabic
        case .hi: return .devanagari
        }
    }
}

/// What one lexicon key means in one language.
struct Sense: Sendable, Hashable {
    let entry: Int32
    let language: LanguageCode
    /// Used only when the description reads as `language`: a term that is a common word of
    /// another language (French "or" is gold, English "or" is not).
    let bound: Bool
}

/// Every language's rules, indexed by language, each behind one reference.
///
/// The matcher reads a language's rules for every word; a `LanguageRules` (eleven sets and
/// arrays) copied out of a dictionary cost a retain and a release for each of them, and the
/// lookup a hash of the key.
struct RulesTable: Sendable {
    final class Box: Sendable {
        let rules: LanguageRules
        init(_ rules: LanguageRules) { self.rules = rules }
    }

    private let boxes: [Box?]

    init(_ rules: [LanguageCode: LanguageRules]) {
        var boxes = [Box?](repeating: nil, count: LanguageCode.allCases.count)
        for (l, r) in rules { boxes[Int(l.rawValue)] = Box(r) }
        self.boxes = boxes
    }

    subscript(language: LanguageCode) -> Box? { boxes[Int(language.rawValue)] }

    /// Each language's rules, in language order.
    var values: [LanguageRules] { boxes.compactMap { $0?.rules } }
}

/// One suffix rule: strip `suffix`, then append `replacement`.
struct SuffixRule: Sendable, Equatable {
    let suffix: [Unicode.Scalar]
    let replacement: [Unicode.Scalar]
}

/// A language's reading rules, from the `@rule` lines of tools/lexicon/lang/<code>.tsv.
struct LanguageRules: Sendable, Equatable {
    /// Articles, prepositions, pronouns ...: they say which language a text is in and are not
    /// reported as words the engine did not understand.
    var function: Set<String> = []
    /// Letters only this language (or few others) uses: ñ, ß, ğ, ơ ...
    var letters: Set<Unicode.Scalar> = []
    /// Elided articles before an apostrophe: l'océan, dell'alba.
    var elision: Set<String> = []
    /// Suffix rules, longest first.
    var suffixes: [SuffixRule] = []
    /// The suffix rules by their last scalar, each list in `suffixes`' order: a word is tried
    /// only against the rules it can end in (Turkish lists 70). Empty when a rule has no suffix.
    var suffixesByLast: [Unicode.Scalar: [SuffixRule]] = [:]
    var prefixes: [[Unicode.Scalar]] = []
    /// Stem-final rewrites applied after stripping (Spanish luz/luces, Turkish renk/rengi).
    var finals: [SuffixRule] = []
    /// The shortest stem left after stripping, in scalars.
    var minStem = 3
    /// How many suffixes may be stripped one after another (agglutination).
    var passes = 1
    /// Unknown long words may be read as compounds of known words (German, Korean).
    var compounds = false
    /// What may join the parts of a compound: Meer-es-blau, Sonne-n-licht.
    var joints: [[Unicode.Scalar]] = []
    /// Suffixes that mean "without": Turkish kırmızı-sız.
    var negatives: [[Unicode.Scalar]] = []
    /// Case endings that put a setting around the figure, as `inside` words do: Turkish
    /// orman-da (in the forest), deniz-deki; Korean 바다-에. Read only where what is left is the
    /// same term.
    var locatives: [[Unicode.Scalar]] = []
    /// Words that stand between a modifier and its noun without parting them: Turkish
    /// "kırmızı bir tilki" (a red fox) puts its article there.
    var between: Set<String> = []
    /// Words after which the next noun is the head: "field of sunflowers", "champ de lavande".
    var of: Set<String> = []
    /// Words after which a phrase's head has ended: "sunset over the sea".
    var after: Set<String> = []
    /// "forest with red berries", "neon lights at a night market": words that put a figure in
    /// a setting, so the setting gives the ground and the figure the accent.
    var with: Set<String> = []
    /// Relation words that name a setting holding the figure ("in", "dans", 裡, 속, में): with
    /// settings on both sides of a composed scene, the one they name is the ground.
    var inside: Set<String> = []
    /// Particles between a modifier and its head in unspaced text: 的, の.
    var linkers: Set<String> = []
    /// Genitive words after the possessor (Hindi का, की, के): "X का Y" is "the Y of X".
    var genitive: Set<String> = []
    /// Words that join two colours into one list ("or", "and", "nor", 或, や): a negation of
    /// the list reaches each colour in it ("no orange or black", "ピンクや紫は使わない").
    var coordinators: Set<String> = []
    /// Derivational endings left on a stem that is no term (Russian гранатов·ый, "of
    /// pomegranate", лимон·н·ый): the stem without them is looked up, after every other form.
    var derivations: [SuffixRule] = []

    /// The stem of a folded word under these rules; the word itself when nothing applies.
    /// `stem` of a word as a string; the same string when nothing is stripped.
    func stem(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        let stemmed = stem(scalars)
        return stemmed == scalars ? word : string(stemmed)
    }

    /// The other stems of a folded word: for each suffix rule its end matches after the first
    /// (which `stem` strips), the stem of what that rule leaves. Turkish "kızılı" (the crimson)
    /// strips "-lı" first and stems to "kız" (girl); stripping "-ı" leaves "kızıl". Which is
    /// read is the matcher's choice (the longest stem that is a term). Empty for most words.
    func otherStems(_ word: String) -> [String] {
        guard passes > 1 else { return [] }
        let scalars = Array(word.unicodeScalars)
        guard let last = scalars.last else { return [] }
        let candidates = suffixesByLast.isEmpty ? suffixes : suffixesByLast[last] ?? []
        var out: [String] = []
        var first = true
        for rule in candidates
        where scalars.count - rule.suffix.count >= minStem && scalars.count > rule.suffix.count
            && scalars.suffix(rule.suffix.count).elementsEqual(rule.suffix)
        {
            if first {
                first = false
                continue
            }
            let stemmed = string(stem(Array(scalars.dropLast(rule.suffix.count)) + rule.replacement))
            if !out.contains(stemmed) { out.append(stemmed) }
        }
        return out
    }

    func stem(_ word: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var w = word
        for p in prefixes where w.count - p.count >= minStem && w.starts(with: p) {
            w.removeFirst(p.count)
            // A term is stemmed once too, so one whose first letter is a one-letter prefix
            // (برتقالي, بنفسجي) lost it: after an article (البرتقالي) that letter goes as well.
            if p.count > 1 {
                for q in prefixes where q.count == 1 && w.count - 1 >= minStem && w.starts(with: q) {
                    w.removeFirst()
                    break
                }
            }
            break
        }
        for _ in 0..<passes {
            var changed = false
            let candidates: [SuffixRule]
            if suffixesByLast.isEmpty {
                candidates = suffixes
            } else {
                guard let last = w.last, let rules = suffixesByLast[last] else { break }
                candidates = rules
            }
            for rule in candidates where w.count - rule.suffix.count >= minStem && w.count > rule.suffix.count {
                if w.suffix(rule.suffix.count).elementsEqual(rule.suffix) {
                    w.removeLast(rule.suffix.count)
                    w.append(contentsOf: rule.replacement)
                    changed = true
                    break
                }
            }
            if !changed { break }
        }
        for rule in finals where w.count > rule.suffix.count && w.suffix(rule.suffix.count).elementsEqual(rule.suffix) {
            w.removeLast(rule.suffix.count)
            w.append(contentsOf: rule.replacement)
            break
        }
        return w
    }
}

// MARK: - Keys

/// A folded key compared and hashed by its UTF-8 bytes.
///
/// Keys are folded (and composed) before they are stored or looked up, so byte equality is
/// the equality wanted, and it spares `String`'s Unicode-aware hashing and comparison, which
/// normalise every non-ASCII key again (most of the lexicon's build time and much of a reading).
struct FoldedKey: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        var t = text
        t.makeContiguousUTF8()
        self.text = t
    }

    static func == (a: FoldedKey, b: FoldedKey) -> Bool {
        var x = a.text
        var y = b.text
        return x.utf8.count == y.utf8.count && x.withUTF8 { p in y.withUTF8 { q in p.elementsEqual(q) } }
    }

    func hash(into hasher: inout Hasher) {
        var t = text
        t.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// A dictionary from folded keys, read and written with strings.
struct KeyIndex<Value: Sendable>: Sendable {
    private(set) var storage: [FoldedKey: Value] = [:]

    subscript(key: String) -> Value? {
        get { storage[FoldedKey(key)] }
        set { storage[FoldedKey(key)] = newValue }
    }

    var keys: LazyMapSequence<Dictionary<FoldedKey, Value>.Keys, String> { storage.keys.lazy.map(\.text) }
    var values: Dictionary<FoldedKey, Value>.Values { storage.values }
    var count: Int { storage.count }

    mutating func reserveCapacity(_ n: Int) { storage.reserveCapacity(n) }
}

// MARK: - Lexicon

/// The engine's vocabulary: keys in every language it reads, each pointing at entries.
///
/// Built from `LexiconData` (generated by tools/gen_lexicon.py). Terms are folded here with
/// the code that folds descriptions (`Folding`), so a term and the same word typed by a
/// user always meet. Three indexes: `exact` (folded, accents kept), `bare` (accents
/// dropped, for "foret" and "KIRMIZI"), and one stem index a language for its inflections.
/// A bare form or stem claimed by two different concepts is left out: 'trang' could be
/// trắng (white) or trăng (moon), so only the accented spellings are read.
struct Lexicon: Sendable {
    let entries: [LexiconEntry]
    let exact: PackedKeyIndex
    let bare: PackedKeyIndex
    let stems: [LanguageCode: PackedKeyIndex]
    /// `stems` by the language's raw value: the matcher asks for a language's index for every
    /// window it looks up, and an array spares hashing the language each time.
    private let stemsByLanguage: [PackedKeyIndex?]
    /// The languages with a stem index, by script (raw value), in language order.
    let stemmingLanguages: [[LanguageCode]]
    let rules: RulesTable
    /// The longest key, in words and in unspaced scalars.
    let maxPhraseWords: Int
    let maxRunLength: Int
    /// The first words of every key of two or more words (exact, bare and stems): a word that
    /// starts none is looked up alone, which spares the longer windows for most words.
    let phraseStarts: PackedKeyIndex
    /// Every key of three or more words (exact, bare and stems) up to each space after its first
    /// word: with `phraseStarts`, the first words of every multi-word key, so a run of words that
    /// is neither starts no key longer than itself (`Matcher.livePhraseLength`).
    let phrasePrefixes: PackedKeyIndex
    /// Every language's grammar words together, for the matcher (built once, not per reading).
    let grammar: GrammarWords
    let folding: Folding
    /// The entry of the `negation` concept a language's stripped negative suffix stands for (Turkish -sız).
    let negationEntry: Int32?
    /// True when the indexes came from the generated index text, false when they were built
    /// from the terms (the index text was of other source texts, or damaged).
    let isPrebuilt: Bool
    /// The rule lines with their values folded, as the index text keeps them.
    private(set) var foldedRuleText = ""

    /// The embedded lexicon, loaded on first use.
    ///
    /// A `static let` is initialised once, lazily and thread-safely by the runtime; the
    /// value is immutable data, so every engine and thread shares it safely. Its indexes come
    /// from `LexiconIndexData` (built from the same terms by `lexicon-index`), so start-up
    /// reads them instead of folding and stemming every term: docs/decisions.md, "lexicon loading".
    static let embedded = Lexicon(
        entries: LexiconData.entries, rules: LexiconData.languageRules, bareLetters: LexiconData.bareLetters,
        index: LexiconIndexData.text)

    /// The lexicon of these texts, its indexes read from `index` when it was built from them,
    /// else built from the terms (slower, the same result).
    init(entries text: String, rules ruleText: String, bareLetters: String, index: String) {
        let folding = Folding(bareLetters: bareLetters)
        let fingerprint = LexiconIndexText.fingerprint(entries: text, rules: ruleText, bareLetters: bareLetters)
        guard let indexes = LexiconIndexText.read(index, fingerprint: fingerprint) else {
            self.init(entries: text, rules: ruleText, folding: folding)
            return
        }
        let rules = Lexicon.parseRules(indexes.foldedRules, folding: folding, isFolded: true)
        self.init(
            entries: Lexicon.parseEntries(text), rules: rules, folding: folding, indexes: indexes, prebuilt: true)
    }

    /// The lexicon built from its terms: every term folded, stemmed and claimed (the reference
    /// that the generated index is checked against).
    init(entries text: String, rules ruleText: String, folding: Folding) {
        let rules = Lexicon.parseRules(ruleText, folding: folding)
        var built = Lexicon.build(entries: text, rules: rules, folding: folding)
        built.indexes.foldedRules = Lexicon.foldedRules(ruleText, folding: folding).joined(separator: "\n")
        self.init(entries: built.entries, rules: rules, folding: folding, indexes: built.indexes, prebuilt: false)
    }

    private init(
        entries: [LexiconEntry], rules: [LanguageCode: LanguageRules], folding: Folding,
        indexes: LexiconIndexText.Indexes, prebuilt: Bool
    ) {
        self.folding = folding
        self.rules = RulesTable(rules)
        self.entries = entries
        self.exact = indexes.exact
        self.bare = indexes.bare
        self.stems = indexes.stems
        self.stemsByLanguage = LanguageCode.allCases.map { indexes.stems[$0] }
        var stemming = [[LanguageCode]](repeating: [], count: Int(ScriptClass.other.rawValue) + 1)
        for l in LanguageCode.allCases where indexes.stems[l] != nil { stemming[Int(l.script.rawValue)].append(l) }
        self.stemmingLanguages = stemming
        self.maxPhraseWords = indexes.maxPhraseWords
        self.maxRunLength = indexes.maxRunLength
        self.phraseStarts = indexes.phraseStarts
        self.phrasePrefixes = indexes.phrasePrefixes
        self.grammar = GrammarWords(rules: rules)
        self.negationEntry = entries.firstIndex { $0.kind == .negation && $0.negation == .before }.map { Int32($0) }
        self.isPrebuilt = prebuilt
        self.foldedRuleText = indexes.foldedRules
    }

    /// `stems[l]`.
    func stemIndex(_ l: LanguageCode) -> PackedKeyIndex? { stemsByLanguage[Int(l.rawValue)] }

    /// This lexicon's indexes as index text (what `lexicon-index` writes into LexiconIndexData.swift).
    func indexText(fingerprint: UInt64) -> String {
        LexiconIndexText.write(
            LexiconIndexText.Indexes(
                exact: exact, bare: bare, stems: stems, phraseStarts: phraseStarts, phrasePrefixes: phrasePrefixes,
                maxPhraseWords: maxPhraseWords, maxRunLength: maxRunLength, foldedRules: foldedRuleText),
            fingerprint: fingerprint)
    }

    /// The embedded texts' index text, built from their terms.
    static func embeddedIndexText() -> String {
        let fingerprint = LexiconIndexText.fingerprint(
            entries: LexiconData.entries, rules: LexiconData.languageRules, bareLetters: LexiconData.bareLetters)
        let built = Lexicon(
            entries: LexiconData.entries, rules: LexiconData.languageRules,
            folding: Folding(bareLetters: LexiconData.bareLetters))
        return built.indexText(fingerprint: fingerprint)
    }

    /// One entry from its first four columns (kind, id, colours, style), or nil for a line that is not one.
    private static func parseEntry(_ cols: [Substring]) -> LexiconEntry? {
        guard cols.count >= 4, let kind = CueKind(rawValue: String(cols[0])) else { return nil }
        var field = String(cols[2])
        let colours = field.withUTF8 { Lexicon.parseColours($0) }
        return entry(kind: kind, id: String(cols[1]), colours: colours, style: Lexicon.styleValues(cols[3]))
    }

    private static func entry(
        kind: CueKind, id: String, colours: [LexiconColour], style: [Substring: Substring]
    ) -> LexiconEntry {
        LexiconEntry(
            kind: kind, id: id, colours: colours,
            emotion: Lexicon.parseEmotion(style),
            modifier: Lexicon.parseModifier(style),
            strength: style["strong"].flatMap { Double($0) } ?? 0,
            negation: kind == .negation
                ? NegationDirection(rawValue: String(style["neg"] ?? "before")) ?? .before : nil,
            sky: style["sky"].flatMap { SkyPart(rawValue: String($0)) },
            shadedByColourWords: style["shade"] == "1")
    }

    /// The entries alone, without their terms (what a prebuilt index needs): the first four
    /// columns of each line, found by bytes; only the id and a style that is not empty become strings.
    private static func parseEntries(_ text: String) -> [LexiconEntry] {
        var entries: [LexiconEntry] = []
        entries.reserveCapacity(3000)
        var t = text
        t.withUTF8 { b in
            let n = b.count
            var i = 0
            while i < n {
                // Columns 0 to 3 end at a tab (or the line's end); the rest of the line is terms.
                var ends = (0, 0, 0, 0)
                var column = 0
                let lineStart = i
                while i < n, b[i] != 0x0A {
                    if b[i] == 0x09, column < 4 {
                        switch column {
                        case 0: ends.0 = i
                        case 1: ends.1 = i
                        case 2: ends.2 = i
                        default: ends.3 = i
                        }
                        column += 1
                    }
                    i += 1
                }
                let lineEnd = i
                i += 1
                guard lineEnd > lineStart, column >= 3 else { continue }
                if column == 3 { ends.3 = lineEnd }
                func text(_ from: Int, _ to: Int) -> String {
                    String(decoding: UnsafeBufferPointer(rebasing: b[from..<to]), as: UTF8.self)
                }
                guard let kind = CueKind(rawValue: text(lineStart, ends.0)) else { continue }
                let colours = Lexicon.parseColours(UnsafeBufferPointer(rebasing: b[(ends.1 + 1)..<ends.2]))
                let style = ends.3 > ends.2 + 1 ? Lexicon.styleValues(Substring(text(ends.2 + 1, ends.3))) : [:]
                entries.append(
                    Lexicon.entry(kind: kind, id: text(ends.0 + 1, ends.1), colours: colours, style: style))
            }
        }
        return entries
    }

    /// The entries and indexes of the terms in `text`.
    private static func build(entries text: String, rules: [LanguageCode: LanguageRules], folding: Folding)
        -> (entries: [LexiconEntry], indexes: LexiconIndexText.Indexes)
    {
        var entries: [LexiconEntry] = []
        var exact = KeyIndex<[Sense]>()
        var bare = KeyIndex<[Sense]>()
        var bareOwners = KeyIndex<Int32>()
        var ambiguousBare = Set<String>()
        var stems: [LanguageCode: KeyIndex<[Sense]>] = [:]
        var stemOwners: [LanguageCode: KeyIndex<Int32>] = [:]
        // A term that is its own stem (जंगल) owns it over a term that only strips to it (जंगली).
        var stemOwnedExactly: [LanguageCode: KeyIndex<Bool>] = [:]
        var ambiguousStems: [LanguageCode: Set<String>] = [:]
        var maxWords = 1
        var maxRun = 1
        entries.reserveCapacity(3000)
        exact.reserveCapacity(12_000)
        // Which languages list each function word, to bind terms that are grammar elsewhere.
        var functionLanguages = KeyIndex<Set<LanguageCode>>()
        for (l, r) in rules {
            for word in r.function { functionLanguages[word] = (functionLanguages[word] ?? []).union([l]) }
        }
        func isFunctionWord(_ key: String, elsewhereThan language: LanguageCode) -> Bool {
            functionLanguages[key].map { $0.contains { $0 != language } } ?? false
        }
        let elisions = rules.values.reduce(into: Set<String>()) { $0.formUnion($1.elision) }

        // The rules of the languages that inflect, by raw value (looked up for every term).
        var inflecting = [LanguageRules?](repeating: nil, count: LanguageCode.allCases.count)
        for (l, r) in rules where !r.suffixes.isEmpty || !r.prefixes.isEmpty { inflecting[Int(l.rawValue)] = r }

        func add(_ sense: Sense, _ key: String, to index: inout KeyIndex<[Sense]>) {
            if let list = index[key] {
                // One sense a language: the first concept to claim a key in a language keeps it.
                if list.contains(where: { $0.language == sense.language }) { return }
                index[key] = list + [sense]
            } else {
                index[key] = [sense]
            }
        }

        for line in Lexicon.fields(Substring(text), "\n") where !line.isEmpty {
            let cols = Lexicon.fields(line, "\t")
            guard let entry = parseEntry(cols) else { continue }
            let index = Int32(entries.count)
            entries.append(entry)
            // A concept generated from emoji data comes after every other source: where its
            // bare form or stem meets an earlier concept's, the earlier one keeps it (Turkish
            // "sari", the garment, would otherwise make sarı's stem "sar" ambiguous).
            let generated = entry.id.hasPrefix("emoji:")
            for col in cols.dropFirst(4) {
                guard let eq = col.unicodeScalars.firstIndex(of: "="),
                    let language = LanguageCode(code: Substring(col.unicodeScalars[..<eq]))
                else { continue }
                for rawTerm in Lexicon.fields(
                    Substring(col.unicodeScalars[col.unicodeScalars.index(after: eq)...]), "|")
                where !rawTerm.isEmpty {
                    var term = rawTerm
                    var bound = false
                    if term.hasSuffix("?") {
                        term = term.dropLast()
                        bound = true
                    }
                    guard let key = Lexicon.key(of: String(term), folding: folding, elisions: elisions) else {
                        continue
                    }
                    // A term that is a function word of another language reads only in its own
                    // (French "or"; Japanese 和, which is "and" in Chinese).
                    if !bound, language != .any, key.words.count <= 1 {
                        bound = isFunctionWord(key.text, elsewhereThan: language)
                    }
                    let sense = Sense(entry: index, language: language, bound: bound)
                    add(sense, key.text, to: &exact)
                    if key.isRun {
                        maxRun = max(maxRun, key.text.unicodeScalars.count)
                        continue
                    }
                    maxWords = max(maxWords, key.words.count)
                    let bareText = key.words.map { folding.bare($0) }.joined(separator: " ")
                    if bareText != key.text {
                        if let owner = bareOwners[bareText], owner != index {
                            if !generated { ambiguousBare.insert(bareText) }
                        } else {
                            bareOwners[bareText] = index
                            // "thé" typed bare is "the": a bare form that is a function word elsewhere
                            // reads only in its own language.
                            let bareBound =
                                sense.bound
                                || (key.words.count == 1
                                    && isFunctionWord(bareText, elsewhereThan: language))
                            add(Sense(entry: index, language: language, bound: bareBound), bareText, to: &bare)
                        }
                    }
                    // Stems in every language of the term's script (a brand's name inflects as
                    // the sentence around it: "코카콜라의", "Coca-Colas").
                    let script = Tokenizer.scriptClass(key.words[0].unicodeScalars.first ?? " ")
                    let languages: [LanguageCode] =
                        language == .any
                        ? LanguageCode.allCases.filter { $0 != .any && $0.script == script } : [language]
                    let bareWords = bareText == key.text ? key.words : key.words.map { folding.bare($0) }
                    for l in languages {
                        guard let r = inflecting[Int(l.rawValue)] else { continue }
                        for form in bareWords == key.words ? [key.words] : [key.words, bareWords] {
                            let stemmed =
                                form.count == 1 ? r.stem(form[0]) : form.map { r.stem($0) }.joined(separator: " ")
                            let exactly = (form.count == 1 ? form[0] : form.joined(separator: " ")) == stemmed
                            // A generated term's short stem meets ordinary words (Korean 오이,
                            // cucumber, stems to 오, as 오는 "coming" does): it has none.
                            if generated, stemmed.unicodeScalars.count < (script == .hangul ? 2 : 4) { continue }
                            if let owner = stemOwners[l]?[stemmed], owner != index {
                                if generated { continue }
                                let ownerExact = stemOwnedExactly[l]?[stemmed] ?? false
                                if exactly, !ownerExact {
                                    // Take the stem over from a word that only stripped to it.
                                    stemOwners[l]?[stemmed] = index
                                    stemOwnedExactly[l, default: KeyIndex()][stemmed] = true
                                    stems[l]?[stemmed] = [Sense(entry: index, language: l, bound: bound)]
                                    ambiguousStems[l]?.remove(stemmed)
                                } else if exactly == ownerExact {
                                    ambiguousStems[l, default: []].insert(stemmed)
                                }
                            } else {
                                if exactly { stemOwnedExactly[l, default: KeyIndex()][stemmed] = true }
                                stemOwners[l, default: KeyIndex()][stemmed] = index
                                let stemBound =
                                    bound
                                    || (key.words.count == 1
                                        && isFunctionWord(stemmed, elsewhereThan: l))
                                add(
                                    Sense(entry: index, language: l, bound: stemBound), stemmed,
                                    to: &stems[l, default: KeyIndex()])
                            }
                        }
                    }
                }
            }
        }
        for key in ambiguousBare { bare[key] = nil }
        for (l, keys) in ambiguousStems {
            for key in keys { stems[l]?[key] = nil }
        }
        var starts = Set<String>()
        // Compared by their bytes, as the matcher looks them up.
        var prefixes = Set<FoldedKey>()
        func collect(_ index: KeyIndex<[Sense]>) {
            for key in index.keys {
                guard let space = key.unicodeScalars.firstIndex(of: " ") else { continue }
                starts.insert(String(key.unicodeScalars[..<space]))
                var next = key.unicodeScalars.index(after: space)
                while let more = key.unicodeScalars[next...].firstIndex(of: " ") {
                    prefixes.insert(FoldedKey(String(key.unicodeScalars[..<more])))
                    next = key.unicodeScalars.index(after: more)
                }
            }
        }
        collect(exact)
        collect(bare)
        for index in stems.values { collect(index) }
        func packed(_ index: KeyIndex<[Sense]>) -> PackedKeyIndex {
            PackedKeyIndex(index.storage.map { (key: $0.key.text, senses: $0.value) })
        }
        let indexes = LexiconIndexText.Indexes(
            exact: packed(exact), bare: packed(bare), stems: stems.mapValues(packed),
            phraseStarts: PackedKeyIndex(
                starts.map { (key: $0, senses: []) }),
            phrasePrefixes: PackedKeyIndex(prefixes.map { (key: $0.text, senses: []) }),
            maxPhraseWords: maxWords, maxRunLength: maxRun)
        return (entries, indexes)
    }

    /// Whether an entry is a hand-written concept or named thing, not a name from a colour list.
    func isHandWritten(_ entry: Int32) -> Bool {
        let e = entries[Int(entry)]
        // A byte search: Foundation's `contains` costs a string search object per call, and
        // no id has a combining mark after its colon (one that would join it to the colon).
        return e.kind != .word && !e.id.utf8.contains(UInt8(ascii: ":"))
    }

    /// A term's lookup key: folded words joined by spaces, or a folded unspaced run.
    static func key(of term: String, folding: Folding, elisions: Set<String>)
        -> (text: String, words: [String], isRun: Bool)?
    {
        if let fast = plainKey(of: term) { return fast }
        return tokenisedKey(of: term, folding: folding, elisions: elisions)
    }

    /// The key of a term that is already folded and plain: lower-case letters of one spaced
    /// script a word, single spaces between words, or a run of kana and ideographs that fold to
    /// themselves. Most terms are; the rest go through the tokeniser. A test holds the two
    /// paths equal for every term of the lexicon.
    static func plainKey(of term: String) -> (text: String, words: [String], isRun: Bool)? {
        enum Kind { case none, latin, cyrillic, hangul, arabic, devanagari, run }
        func kind(_ v: UInt32) -> Kind {
            switch v {
            case 0x61...0x7A, 0x30...0x39, 0xDF...0xF6, 0xF8...0xFF: return .latin
            case 0x100...0x17F, 0x1E00...0x1EFF:
                // Lower-case letters of Latin Extended-A and Vietnamese: odd code points, with exceptions.
                let lower = Unicode.Scalar(v).map { $0.properties.isLowercase } ?? false
                return lower ? .latin : .none
            case 0x430...0x44F: return .cyrillic
            case 0xAC00...0xD7A3: return .hangul
            case 0x621, 0x624, 0x626...0x628, 0x62A...0x63A, 0x641...0x648, 0x64A: return .arabic
            case 0x902...0x939, 0x93E...0x94D, 0x958...0x961: return .devanagari
            case 0x3041...0x3096, 0x4E00...0x9FFF: return .run
            default: return .none
            }
        }
        var current: Kind = .none
        var length = 0
        var spaces = 0
        var runs = false
        for s in term.unicodeScalars {
            if s == " " {
                guard length > 0, current != .run else { return nil }
                length = 0
                spaces += 1
                current = .none
                continue
            }
            let k = kind(s.value)
            guard k != .none else { return nil }
            if k == .run {
                // Traditional characters fold to Simplified: only those that fold to themselves.
                guard s.value < 0x4E00 || ChineseFolding.simplified(s) == nil else { return nil }
                runs = true
            }
            if current == .none { current = k } else if k != current { return nil }
            length += 1
        }
        guard length > 0 else { return nil }
        if runs { return spaces == 0 ? (term, [], true) : nil }
        return (term, spaces == 0 ? [term] : term.split(separator: " ").map(String.init), false)
    }

    /// The key of any term, as the tokeniser reads it in a description.
    static func tokenisedKey(of term: String, folding: Folding, elisions: Set<String>)
        -> (text: String, words: [String], isRun: Bool)?
    {
        let text = NormalisedText(term, folding: folding)
        var words: [String] = []
        var run = String.UnicodeScalarView()
        for token in Tokenizer.tokens(text, elisions: elisions, folding: folding) {
            switch token {
            case .word(let w):
                words.append(w.folded)
            case .run(let range):
                run.append(contentsOf: text.scalars[range])
            case .hex, .clauseBreak:
                continue
            }
        }
        if !words.isEmpty, run.isEmpty { return (words.joined(separator: " "), words, false) }
        if words.isEmpty, !run.isEmpty { return (String(run), [], true) }
        return nil
    }

    /// The entries a folded key means, best first for `language`.
    func senses(
        _ key: String, in index: PackedKeyIndex, language: LanguageCode?, preferred: LanguageCode? = nil,
        only: LanguageCode? = nil
    ) -> Sense? {
        guard let list = index[key] else { return nil }
        return choose(list, language: language, preferred: preferred, only: only)
    }

    /// `Lexicon.choose` with this lexicon's colour-name words (`.word`, read from colour-name
    /// lists) yielding to a country's name: in "Morocco flag", an English text, "morocco" is
    /// the flag, not the leather colour of the name lists. A brand does not win so ("a sea
    /// shell" is no oil company).
    func choose(
        _ list: [Sense], language: LanguageCode?, preferred: LanguageCode? = nil, only: LanguageCode? = nil
    ) -> Sense? {
        guard let s = Lexicon.choose(list, language: language, preferred: preferred, only: only) else { return nil }
        guard list.count > 1, s.language != .any, entries[Int(s.entry)].kind == .word else { return s }
        return list.first { $0.language == .any && entries[Int($0.entry)].kind == .flag } ?? s
    }

    /// One sense for a text read as `language`: that language's own, else a shared name, else
    /// the first unbound one (languages mix: "我喜歡 ocean blue"). With `only`, a text that
    /// clearly reads as one language takes only its own senses, shared names and English
    /// (the lingua franca of colour words): "hell" in an English sentence is not German.
    static func choose(
        _ list: [Sense], language: LanguageCode?, preferred: LanguageCode? = nil,
        only: LanguageCode? = nil
    ) -> Sense? {
        if let only {
            let kept = list.filter { $0.language == only || $0.language == .any || $0.language == .en }
            return kept.isEmpty ? nil : choose(kept, language: language, preferred: preferred)
        }
        if list.count == 1 {
            let s = list[0]
            return reads(s, in: language) ? s : nil
        }
        if let language, let s = list.first(where: { $0.language == language }) { return s }
        if let preferred, let s = list.first(where: { $0.language == preferred && !$0.bound }) { return s }
        if let s = list.first(where: { $0.language == .any }) { return s }
        return list.first { reads($0, in: language) }
    }

    /// Whether a sense reads in a text of `language`: an unbound one anywhere, a bound one in
    /// its own language, and a bound English one also in a text of another script (a Latin
    /// word in a Chinese or Russian sentence is English, the lingua franca: 海边的 girl).
    @inline(__always)
    static func reads(_ s: Sense, in language: LanguageCode?) -> Bool {
        !s.bound || s.language == language || (s.language == .en && language.map { $0.script != .latin } ?? false)
    }

    // MARK: Parsing

    /// The rule lines with every value folded (what the index text keeps, so that start-up
    /// folds nothing): `code TAB rule TAB value|value`, the lines `parseRules` reads, in order.
    static func foldedRules(_ text: String, folding: Folding) -> [String] {
        var out: [String] = []
        for line in Lexicon.fields(Substring(text), "\n") where !line.isEmpty {
            let cols = Lexicon.fields(line, "\t")
            guard cols.count == 3, LanguageCode(code: cols[0]) != nil else { continue }
            let values = Lexicon.fields(cols[2], "|").filter { !$0.isEmpty }.map { folded($0, folding) }
            precondition(
                values.allSatisfy { v in !v.isEmpty && !v.unicodeScalars.contains { $0 == "|" || $0 == "\t" } },
                "a rule value that folds to nothing or to a separator: \(line)")
            out.append("\(cols[0])\t\(cols[1])\t\(values.joined(separator: "|"))")
        }
        return out
    }

    private static func folded(_ s: Substring, _ folding: Folding) -> String {
        string(s.unicodeScalars.compactMap { folding.fold($0) })
    }

    /// Each language's rules; `isFolded` for rule text whose values are folded already (`foldedRules`).
    static func parseRules(_ text: String, folding: Folding, isFolded: Bool = false)
        -> [LanguageCode: LanguageRules]
    {
        var out: [LanguageCode: LanguageRules] = [:]
        for line in Lexicon.fields(Substring(text), "\n") where !line.isEmpty {
            let cols = Lexicon.fields(line, "\t")
            guard cols.count == 3, let language = LanguageCode(code: cols[0]) else { continue }
            var r = out[language] ?? LanguageRules()
            let values = Lexicon.fields(cols[2], "|").filter { !$0.isEmpty }.map {
                isFolded ? String($0) : folded($0, folding)
            }
            func rule(_ v: String) -> SuffixRule {
                let parts = v.split(separator: ">", maxSplits: 1, omittingEmptySubsequences: false)
                return SuffixRule(
                    suffix: Array(parts[0].unicodeScalars),
                    replacement: parts.count > 1 ? Array(parts[1].unicodeScalars) : [])
            }
            switch cols[1] {
            case "function": r.function.formUnion(values)
            case "letters": r.letters.formUnion(values.flatMap(\.unicodeScalars))
            case "elision": r.elision.formUnion(values)
            case "suffix": r.suffixes += values.map(rule)
            case "prefix": r.prefixes += values.map { Array($0.unicodeScalars) }
            case "final": r.finals += values.map(rule)
            case "minstem": r.minStem = values.first.flatMap { Int($0) } ?? r.minStem
            case "passes": r.passes = values.first.flatMap { Int($0) } ?? r.passes
            case "compound": r.compounds = values.first == "yes"
            case "joint": r.joints += values.map { Array($0.unicodeScalars) }
            case "negative": r.negatives += values.map { Array($0.unicodeScalars) }
            case "locative": r.locatives += values.map { Array($0.unicodeScalars) }
            case "between": r.between.formUnion(values)
            case "of": r.of.formUnion(values)
            case "after": r.after.formUnion(values)
            case "with", "at": r.with.formUnion(values)
            case "inside":
                r.inside.formUnion(values)
                r.with.formUnion(values)
            case "linker": r.linkers.formUnion(values)
            case "genitive": r.genitive.formUnion(values)
            case "and": r.coordinators.formUnion(values)
            case "derive": r.derivations += values.map(rule)
            default: break
            }
            out[language] = r
        }
        for (l, var r) in out {
            // Longest first: "euses" before "es" before "s".
            r.suffixes.sort { $0.suffix.count > $1.suffix.count }
            r.suffixesByLast = [:]
            if !r.suffixes.contains(where: { $0.suffix.isEmpty }) {
                for rule in r.suffixes { r.suffixesByLast[rule.suffix.last!, default: []].append(rule) }
            }
            r.prefixes.sort { $0.count > $1.count }
            r.finals.sort { $0.suffix.count > $1.suffix.count }
            r.negatives.sort { $0.count > $1.count }
            r.locatives.sort { $0.count > $1.count }
            out[l] = r
        }
        return out
    }

    /// Fields separated by one scalar, split on scalars: as Characters, "|" followed by a
    /// Devanagari vowel sign is one grapheme cluster and would not split.
    static func fields(_ text: Substring, _ separator: Unicode.Scalar) -> [Substring] {
        precondition(separator.isASCII, "fields splits on an ASCII separator")
        let byte = UInt8(separator.value)
        var out: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var i = start
        while i < bytes.endIndex {
            if bytes[i] == byte {
                out.append(text[start..<i])
                start = bytes.index(after: i)
            }
            i = bytes.index(after: i)
        }
        out.append(text[start...])
        return out
    }

    /// `RRGGBB:weight[!]` separated by spaces, read from bytes; a token of another shape is skipped.
    private static func parseColours(_ field: UnsafeBufferPointer<UInt8>) -> [LexiconColour] {
        var out: [LexiconColour] = []
        var i = 0
        let n = field.count
        while i < n {
            while i < n, field[i] == 0x20 { i += 1 }
            let start = i
            while i < n, field[i] != 0x20 { i += 1 }
            guard i > start else { continue }
            var end = i
            let accent = field[end - 1] == 0x21  // !
            if accent { end -= 1 }
            // One colon, with something on both sides (as `split(separator: ":")` into two parts).
            var colon = -1
            var colons = 0
            for k in start..<end where field[k] == 0x3A {
                colons += 1
                if colon < 0 { colon = k }
            }
            var packed: UInt32 = 0
            var hexDigits = 0
            if colons == 1, colon > start, colon + 1 < end {
                for k in start..<colon {
                    guard let digit = RGB.hexDigitValue(field[k]) else {
                        hexDigits = -1
                        break
                    }
                    packed = packed << 4 | UInt32(digit)
                    hexDigits += 1
                }
            }
            guard (1...8).contains(hexDigits),
                let w = Double(String(decoding: UnsafeBufferPointer(rebasing: field[(colon + 1)..<end]), as: UTF8.self))
            else { continue }
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

    private static func parseEmotion(_ v: [Substring: Substring]) -> EmotionTarget {
        func d(_ k: Substring) -> Double { v[k].flatMap { Double($0) } ?? 0 }
        return EmotionTarget(activity: d("act"), weight: d("wt"), heat: d("heat"))
    }

    /// The colour change an entry asks for, if any: modifiers, and words like "night" or "autumn".
    private static func parseModifier(_ v: [Substring: Substring]) -> ColourModifier? {
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
