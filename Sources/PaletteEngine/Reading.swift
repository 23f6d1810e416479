import PaletteCore

/// A colour-bearing word of the description, with the modifiers that bind to it.
struct Cue {
    var kind: CueKind
    var colours: [LexiconColour]
    /// The user's words for this cue, modifiers included ("deep", "ocean").
    var words: [String]
    var lastOrdinal: Int
    var clause: Int
    var modifiers: [ColourModifier]
    /// Whether this cue already absorbed a neighbour ("grey blue"); compounds do not chain.
    var isCompound = false
    /// Its word follows a coordinator after another word ("pink *or* purple"): `Match.coordinated`.
    var coordinated = false
    var isWord = false
    var isHead = false
    /// 0...1: how far a strong visual noun (neon, fire, snow, gold) resists the setting.
    var strength = 0.0
    /// Its clause puts a figure in a setting ("at", "with", 在, で ...).
    var inRelation = false
    /// A setting a figure can stand on: scenes, places, weather, and times that darken (night).
    var isGround = false
    /// Part of a noun compound ("lavender field", Lavendelfeld, 薰衣草田): the parts describe one
    /// thing, so neither is a figure on the other, and the first part gives the colour.
    var inNounCompound = false
    /// Joined to the cue before by "of" (a field of sunflowers, गेहूं के खेत).
    var ofLinked = false
    /// The setting a relation word names: the noun phrase after a preposition ("in the deep
    /// sea"), before a postposition (深海裡, 바다 속). With settings on both sides of a
    /// composed scene, it is the ground (`CueSides`).
    var isContainer = false
    /// The entry's part in a sky (`LexiconEntry.sky`).
    var sky: SkyPart?
    /// A designer reference (references.tsv: a movement, an artist, a festival, a city): it
    /// speaks with `PaletteComposer.referenceWeight`, not as the generic place its kind says,
    /// unless its clause places it as a setting.
    var isReference = false
    /// The colours of a modifier that moves no colour itself ("warm tones", 寒色: its warmth is
    /// a mood): they stand in only when no other word brings colour (`init`), and a black,
    /// white or grey beside them is a colour of its own, not a shade of them.
    var standsInAlone = false
    /// Black, white or grey beside it shades it rather than colouring it (`LexiconEntry.shadedByColourWords`):
    /// foods and drinks, whose colour words name varieties, and materials.
    var takesShade = false
    /// A colour word beside black and white ("a black and white photo with a splash of red",
    /// noir et blanc avec une touche de rouge): the spot colour, the accent, kept ungreyed.
    var isSpot = false
    /// A colour named as a small amount of it ("a hint of pink", une touche de rouge, 一抹红,
    /// "gold accents"): an accent, never the lead; unlike a spot it takes an accent's share of
    /// the mood.
    var isTouch = false
    /// A word for blue and green alike (푸른, xanh, 青 in Chinese): beside a noun that is green
    /// or blue it becomes a colour word of that noun's lead colour (`grueWordsTakeTheirNounsHue`).
    var isGrue = false

    /// A colour word of a hue (not black, white or grey): "navy", "rouge", 파랑.
    var namesAHue: Bool { kind == .colour && (colours.first?.lch.c ?? 0) >= 0.04 }

    /// The cue's colours with its own modifiers applied.
    ///
    /// Like night for the whole palette, "dark" dims a scene but not the light in it: an
    /// accent colour skips darkening and takes half of any other change.
    var modifiedColours: [LexiconColour] {
        colours.map { c in
            var out = c
            for m in modifiers {
                if c.isAccent, m.darkens { continue }
                out.lch = m.apply(to: out.lch, strength: c.isAccent ? 0.5 : 1)
            }
            return out
        }
    }
}

/// Everything the engine read in a description: cues, mood, modifiers and what it ignored.
struct Reading {
    var cues: [Cue] = []
    /// The emotion targets of the mood-bearing words: mood words count fully; what scenes
    /// and things imply (a party is lively) counts less once a mood word says otherwise.
    var emotion: EmotionTarget = .zero
    private var impliedEmotion: EmotionTarget = .zero
    var emotionWords: [String] = []
    var globalModifiers: [ColourModifier] = []
    var globalModifierWords: [String] = []
    var negatedWords: [String] = []
    /// Colours the description rules out ("no red", "pas de bleu", 不要藍色): their hue
    /// families are kept out of every role.
    var excluded: [HueFamily] = []
    /// The language the description reads as, when one can be told.
    var language: LanguageCode?
    /// The words the engine used, in the user's spelling and order.
    var usedWords: [String] = []
    /// Content words it did not know.
    var unknownWords: [String] = []
    /// What the matcher read beyond the cues, for the notes (ReadingNotes.swift).
    var matched = MatchResult()
    var wasTruncated = false
    /// FNV-1a of the folded text: the same description always seeds the same choices.
    var seed: UInt64 = 0
    /// The role structure the description asks for (`StructureWords`): one hue, low contrast,
    /// or the full structure; and the words that asked, as the user wrote them.
    var structure: RoleStructure.Request = .full
    var structureWords: [String] = []
    /// The words of things a colour word coloured ("a white dress"): their notes do not name
    /// the thing's own colours, which the palette no longer has.
    var colouredThings: Set<String> = []
    /// The words of the `monochrome` concept read: one hue when a hue is named beside them.
    private var monochromeWords: [String] = []

    /// True when no word at all was recognised.
    var isEmpty: Bool { cues.isEmpty && emotionWords.isEmpty && globalModifiers.isEmpty && excluded.isEmpty }

    /// How many ordinals a modifier or negation reaches ("dark and misty forest" still binds).
    static let reach = 3

    init() {}

    init(_ description: String, lexicon: Lexicon) {
        let text = NormalisedText(description, folding: lexicon.folding)
        wasTruncated = text.wasTruncated
        seed = Reading.fnv1a(text.scalars)
        (structure, structureWords) = StructureWords.request(in: description)
        let result = Matcher(lexicon: lexicon).read(text)
        language = result.language
        // A word that asked for the structure ("whisper", "sfumature") was read, not lost.
        // In unspaced scripts the matcher may cut such a word apart (雾·蒙蒙, 几乎看·不): a piece
        // of it is read too.
        let structural = structureWords.map { $0.lowercased() }
        unknownWords = result.unknown.filter { word in
            let w = word.lowercased()
            return !structural.contains {
                $0.split(whereSeparator: { $0 == " " || $0 == "-" }).contains(Substring(w)) || w.hasPrefix($0)
                    || (!w.unicodeScalars.contains(where: \.isASCII) && $0.contains(w))
            }
        }
        matched = result
        bind(result, lexicon: lexicon)
        // "warm tones" alone is an amber and brick palette; "a warm-toned grey" is a grey, warmed.
        if cues.contains(where: { !$0.standsInAlone }) { cues.removeAll(where: \.standsInAlone) }
        // A touch of a colour is an accent against something else; alone ("a pale whisper of
        // peach", "a hint of pink") it is the palette.
        if !cues.contains(where: { !$0.isTouch && !$0.colours.isEmpty && $0.kind != .mood }) {
            for i in cues.indices { cues[i].isTouch = false }
        }
        monochromeOfANamedHue()
        spotColoursInGrey()
        colourWordsColourTheirNouns()
        grueWordsTakeTheirNounsHue()
        blackAndWhiteColourTheirNouns()
        skiesTakeTheirColour()
        markContainers(result.relations)
    }

    /// "A monochrome navy palette", "una paleta monocroma en azul cielo", 단색 파랑: with a hue
    /// named beside it, monochrome asks for that hue alone (the mono structure), not for greys.
    /// The greying modifier the word also is (black, grey and white, chroma pulled to almost
    /// none) is dropped with its colours; "monochrome" alone, or beside things only, keeps it,
    /// and "black and white" (the `grayscale` concept) always does.
    private mutating func monochromeOfANamedHue() {
        guard structure == .mono, cues.contains(where: \.namesAHue) else { return }
        var greying: [String] = []
        var kept: [(ColourModifier, String)] = []
        for (modifier, word) in zip(globalModifiers, globalModifierWords) {
            if monochromeWords.contains(word) {
                greying.append(word)
            } else {
                kept.append((modifier, word))
            }
        }
        guard !greying.isEmpty else { return }
        globalModifiers = kept.map(\.0)
        globalModifierWords = kept.map(\.1)
        cues.removeAll { $0.kind == .material && $0.words.count == 1 && greying.contains($0.words[0]) }
    }

    /// Black and white with a colour named ("with a red accent", 黑白加一点红): the greying
    /// modifier greys the rest, the colour word stays a spot of colour (`Cue.isSpot`).
    private mutating func spotColoursInGrey() {
        guard
            globalModifiers.contains(where: { m in
                m.targetChroma.map { $0 <= 0.02 } == true && m.chromaPull >= 0.5
            })
        else { return }
        for i in cues.indices where cues[i].namesAHue { cues[i].isSpot = true }
    }

    /// Languages whose colour adjective follows its noun (une porte bleue, hojas amarillas,
    /// hoa đỏ, وردة حمراء); the others put it before (yellow leaves, 黄色的树叶, жёлтые листья).
    private static let colourAfterNoun: Set<LanguageCode> = [.fr, .es, .pt, .it, .vi, .ar]

    /// Where `language` puts a colour word's noun (after the colour word, or before it), and
    /// how far (in words) it may stand on that side: Chinese and Japanese may link the two
    /// with a particle (黄色的树叶, 赤の花), the Romance languages with "of a" (une mer d'un bleu
    /// profond); elsewhere the noun is the next word.
    static func nounOfColourWord(in language: LanguageCode?) -> (before: Bool, gap: Int) {
        let before = language.map { colourAfterNoun.contains($0) } ?? false
        return (before, language == .zh || language == .ja || before ? 2 : 1)
    }

    /// The cue colour word `i` is the colour of, by `nounOfColourWord`: the cue on its noun's
    /// side, in its clause, within the language's gap (nil when there is none).
    func nounOfColourWord(at i: Int) -> Int? {
        let (before, gap) = Reading.nounOfColourWord(in: language)
        let j = before ? i - 1 : i + 1
        guard cues.indices.contains(j), cues[j].clause == cues[i].clause,
            abs(cues[j].lastOrdinal - cues[i].lastOrdinal) <= gap
        else { return nil }
        return j
    }

    /// The colours of the basic colour words in concepts.tsv (red, orange, yellow, green, blue,
    /// purple, pink, brown, grey, black, white, gold, silver), in every language: the adjectives
    /// that colour a noun. A colour name that is also a thing (mint, cherry, salmon) does not.
    static let basicColourWords: [OKLab] = [
        0xD62839, 0xF28C28, 0xF5C518, 0x3A9D5D, 0x2F6FD0, 0x7B3FA0, 0xF39BC0, 0x8B5A2B, 0x8E9196, 0x1D1D20,
        0xF6F5F0, 0xD4A437, 0xBFC4C9,
    ].map { OKLCH(RGB(packed: $0)).lab }

    /// A colour word on its noun ("yellow leaves", 黄色的树叶, une porte bleue, a black cat) is
    /// that noun's colour: the noun's own colours of its lead hue take the colour word's hue
    /// and chroma, their lightness steps kept around the colour word's lightness. Yellow leaves
    /// were golden beside the leaves' greens, a black cat black beside a ginger cat's orange. The
    /// noun's colours of other hues stay (a white rose keeps its green leaves), as do an accent
    /// and a shadow.
    private mutating func colourWordsColourTheirNouns() {
        let (after, gap) = Reading.nounOfColourWord(in: language)
        for i in cues.indices where cues[i].kind == .colour && cues[i].colours.count == 1 {
            // Only a basic colour word: "mint chocolate" is a flavour, "cherry wood" a wood.
            let named = cues[i].colours[0].lch
            guard Reading.basicColourWords.contains(where: { $0.distance(to: named.lab) < 0.004 }) else { continue }
            // Only on the side the language puts its noun: 바다에 빨간 배 is a red boat (a word the
            // lexicon lacks), not a red sea.
            let j = after ? i - 1 : i + 1
            guard cues.indices.contains(j), cues[j].clause == cues[i].clause,
                abs(cues[j].lastOrdinal - cues[i].lastOrdinal) <= gap,
                [.thing, .material, .scene].contains(cues[j].kind), !cues[j].isReference, cues[j].sky == nil,
                let lead = cues[j].colours.first(where: { !$0.isAccent })?.lch
            else { continue }
            func sameHue(_ c: OKLCH) -> Bool {
                if c.c < 0.03 || lead.c < 0.03 { return c.c < 0.03 && lead.c < 0.03 }
                return LightnessPath.hueDifference(c.h, lead.h) < 45
            }
            // A shadow or a highlight far from the lead's lightness keeps its own colour (a
            // lantern's dark frame), and no step darkens a light yellow into olive.
            var coloured = false
            for k in cues[j].colours.indices where !cues[j].colours[k].isAccent {
                let own = cues[j].colours[k].lch
                guard sameHue(own), abs(own.l - lead.l) <= 0.25 else { continue }
                var c = OKLCH(l: min(max(named.l + own.l - lead.l, 0.12), 0.97), c: named.c, h: named.h)
                if PaletteComposer.isDarkYellow(c), !PaletteComposer.isDarkYellow(named) { c.l = named.l }
                cues[j].colours[k].lch = c
                coloured = true
            }
            if coloured { colouredThings.formUnion(cues[j].words) }
        }
    }

    /// A word for blue and green alike on a green or blue noun is that noun's hue: 푸른 하늘 is
    /// a blue sky, 푸른 숲 a green forest, bầu trời xanh a blue sky and 青草 green grass. Its teal
    /// stood beside the noun's colours (a dark cyan primary for 푸른 하늘). It becomes a colour
    /// word of the noun's own lead colour, so the noun leads as after any colour word; of the
    /// nouns within two words the nearest green or blue one is its noun (푸른 새벽 바다, the blue
    /// dawn sea). Alone, or beside nouns of other hues, it stays teal.
    private mutating func grueWordsTakeTheirNounsHue() {
        guard cues.contains(where: \.isGrue) else { return }
        for i in cues.indices where cues[i].isGrue {
            func lead(_ j: Int) -> LexiconColour? {
                guard j != i, !cues[j].isGrue, cues[j].clause == cues[i].clause,
                    abs(cues[j].lastOrdinal - cues[i].lastOrdinal) <= 2,
                    [.thing, .scene, .material, .place, .weather, .season].contains(cues[j].kind),
                    let c = cues[j].colours.first(where: { !$0.isAccent }), c.lch.c >= 0.03,
                    (110...285).contains(c.lch.h)
                else { return nil }
                return c
            }
            let nouns = cues.indices.compactMap { j in lead(j).map { (j, $0) } }
            guard
                let (_, colour) = nouns.min(by: {
                    abs(cues[$0.0].lastOrdinal - cues[i].lastOrdinal)
                        < abs(cues[$1.0].lastOrdinal - cues[i].lastOrdinal)
                })
            else { continue }
            cues[i].kind = .colour
            cues[i].colours = [LexiconColour(lch: colour.lch, weight: 1, isAccent: false)]
        }
    }

    /// "A black and white cat", um gato preto e branco, 黑白相间的猫: black and white on a thing
    /// is its colours, and not the greying of the whole palette the words ask for alone. The
    /// cat's ginger, greyed, was a mushroom beside the black.
    private mutating func blackAndWhiteColourTheirNouns() {
        guard !globalModifierWords.isEmpty else { return }
        let (after, gap) = Reading.nounOfColourWord(in: language)
        for i in cues.indices where cues[i].kind == .material && cues[i].colours.count >= 2 {
            guard cues[i].colours.allSatisfy({ $0.lch.c < 0.03 }),
                cues[i].words.contains(where: { globalModifierWords.contains($0) })
            else { continue }
            let j = after ? i - 1 : i + 1
            guard cues.indices.contains(j), cues[j].clause == cues[i].clause,
                abs(cues[j].lastOrdinal - cues[i].lastOrdinal) <= gap, cues[j].kind == .thing,
                !cues[j].isReference
            else { continue }
            cues[j].colours = cues[i].colours
            colouredThings.formUnion(cues[j].words)
            // The words say how the thing looks, not that the palette is grey: the lighthouse
            // beside a black and white cat keeps its red and its light.
            for (k, word) in globalModifierWords.enumerated().reversed() where cues[i].words.contains(word) {
                globalModifiers.remove(at: k)
                globalModifierWords.remove(at: k)
            }
        }
    }

    /// A sky with what colours it in its clause (a sunset, the night) is that colour: the sky's
    /// own blue leaves, its word goes to the cue that colours it.
    private mutating func skiesTakeTheirColour() {
        guard cues.contains(where: { $0.sky == .field }) else { return }
        var dropped = Set<Int>()
        for (i, cue) in cues.enumerated() where cue.sky == .field {
            guard let j = cues.firstIndex(where: { $0.sky == .colour && $0.clause == cue.clause }) else { continue }
            cues[j].words += cue.words.filter { !cues[j].words.contains($0) }
            dropped.insert(i)
        }
        cues = cues.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }

    /// Marks the cue each relation word names as its setting: the nearest cue after a
    /// preposition (within four words: "in the deep blue sea"; a noun before a colour word or an
    /// adjective such as "wet" in "on wet asphalt"), before a postposition (within two).
    private mutating func markContainers(_ relations: [(clause: Int, ordinal: Int, settingAfter: Bool)]) {
        for r in relations {
            let found =
                r.settingAfter
                ? (cues.indices.first {
                    cues[$0].clause == r.clause && cues[$0].lastOrdinal > r.ordinal
                        && ![.colour, .word, .mood, .modifier].contains(cues[$0].kind)
                } ?? cues.indices.first { cues[$0].clause == r.clause && cues[$0].lastOrdinal > r.ordinal })
                .flatMap { cues[$0].lastOrdinal - r.ordinal <= 4 ? $0 : nil }
                : cues.indices.last { cues[$0].clause == r.clause && cues[$0].lastOrdinal < r.ordinal }
                    .flatMap { r.ordinal - cues[$0].lastOrdinal <= 2 ? $0 : nil }
            guard var i = found else { continue }
            // English puts a compound's head last: in "a red buoy on a dawn sea" the sea holds
            // the buoy, not the dawn (whose warm peach then made the buoy's red the ground).
            if r.settingAfter, language == .en {
                while i + 1 < cues.count, cues[i + 1].clause == r.clause,
                    cues[i + 1].lastOrdinal == cues[i].lastOrdinal + 1,
                    ![.colour, .word, .mood, .modifier].contains(cues[i + 1].kind)
                {
                    i += 1
                }
            }
            cues[i].isContainer = true
        }
    }

    static func fnv1a(_ scalars: [Unicode.Scalar]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for s in scalars {
            var v = s.value
            for _ in 0..<3 {
                h ^= UInt64(v & 0xFF)
                h &*= 0x0000_0100_0000_01B3
                v >>= 8
            }
        }
        return h
    }

    private typealias Pending = (modifier: ColourModifier, word: String, ordinal: Int, clause: Int)

    /// Turns matches into cues: negation drops the cue it names (the next one, or the one
    /// before for postposed negation: 赤じゃない, 빨간색 없이, kırmızı değil), modifiers bind
    /// to the nearest cue in their clause (the next one first, then the previous), adjacent
    /// colour words make a compound ("grey blue", 灰藍) whose head is the last word.
    private mutating func bind(_ result: MatchResult, lexicon: Lexicon) {
        var pendingModifiers: [Pending] = []
        var negation: (ordinal: Int, clause: Int)?
        // The colour a negation before it just ruled out: a colour joined to it by a
        // coordinator is ruled out too ("no orange or black", "不要粉红色或紫色").
        var negatedColourAt: Int?
        // A word of quantity before its colour ("a hint of", "un toque de", 一抹), waiting for it.
        var touch: (ordinal: Int, clause: Int)?

        // Words from `from` to `to`, not counting the function words between them.
        func words(from: Int, to: Int) -> Int {
            to - from - ((from + 1)..<to).filter { result.functionOrdinals.contains($0) }.count
        }

        // Whether `m`, a colour, is the one a waiting quantity word names: in its clause, within
        // reach, not counting the function words on the way ("a touch of the palest pink").
        func touched(_ m: Match) -> Bool {
            guard let t = touch, t.clause == m.clause, m.ordinal > t.ordinal,
                words(from: t.ordinal, to: m.ordinal) <= Reading.reach
            else { return false }
            touch = nil
            return true
        }

        // A negation waiting before quantity word `m` reaches over it to its colour: "without a
        // single touch of orange", "sans la moindre touche d'orange", "ohne einen Hauch von Orange".
        func carryNegation(over m: Match) {
            guard let n = negation, n.clause == m.clause, m.ordinal > n.ordinal,
                words(from: n.ordinal, to: m.ordinal) <= Reading.reach
            else { return }
            negation = (m.ordinal, m.clause)
        }

        func negates(_ m: Match) -> Bool {
            if m.coordinated, negatedColourAt == m.ordinal - 2, namesAColour(m) {
                negatedColourAt = m.ordinal
                return true
            }
            guard let n = negation, n.clause == m.clause else { return false }
            var distance = m.ordinal - n.ordinal
            // "without a single touch of orange", "sans la moindre touche d'orange", "ohne einen
            // Hauch von Orange": a colour led to by an of-word is a quantity of it, and the
            // function words on the way do not count (a colour after "in the" is not reached).
            if distance > Reading.reach, result.ofLedOrdinals.contains(m.ordinal) {
                distance = words(from: n.ordinal, to: m.ordinal)
            }
            guard distance <= Reading.reach else { return false }
            negation = nil
            if namesAColour(m) { negatedColourAt = m.ordinal }
            return true
        }

        func namesAColour(_ m: Match) -> Bool {
            m.hexColour != nil || (m.entry >= 0 && lexicon.entries[Int(m.entry)].kind.excludesHue)
        }

        for (index, m) in result.matches.enumerated() {
            if let rgb = m.hexColour {
                if negates(m) || m.negatedBySuffix {
                    negate(m.surface, colour: OKLCH(rgb))
                    continue
                }
                let colour = LexiconColour(lch: OKLCH(rgb), weight: 1, isAccent: false)
                usedWords.append(m.surface)
                var cue = Cue(
                    kind: .hex, colours: [colour], words: [m.surface], lastOrdinal: m.ordinal, clause: m.clause,
                    modifiers: [])
                cue.coordinated = m.coordinated
                cue.isTouch = touched(m)
                appendCue(cue, pending: &pendingModifiers)
                continue
            }
            let entry = lexicon.entries[Int(m.entry)]
            switch entry.kind {
            case .ignore:
                if entry.id.hasPrefix("quantity") { carryNegation(over: m) }
                switch entry.id {
                case "quantity":
                    touch = (m.ordinal, m.clause)
                case "quantity-either":
                    // After its colour ("gold accents", 赤のアクセント) it names that one; else the next.
                    if let i = cues.indices.last, cues[i].clause == m.clause,
                        cues[i].kind == .colour || cues[i].kind == .hex,
                        m.ordinal - cues[i].lastOrdinal <= 2
                    {
                        cues[i].isTouch = true
                    } else {
                        touch = (m.ordinal, m.clause)
                    }
                default:
                    break
                }
                continue
            case .negation:
                switch entry.negation ?? .before {
                case .before:
                    negation = (m.ordinal, m.clause)
                case .after:
                    negatePrevious(before: m, pending: &pendingModifiers)
                case .either:
                    // A colour named right after the word is the one negated (Hindi "बिना नारंगी
                    // के", without orange): colours are what a description rules out.
                    if colourFollows(index, in: result, lexicon: lexicon)
                        || !negatePrevious(before: m, pending: &pendingModifiers, reach: 2)
                    {
                        negation = (m.ordinal, m.clause)
                    }
                }
            case .modifier:
                // A faint amount ("a whisper of", ein Hauch von, 一丝): the next colour is a touch,
                // paled; a negation reaches over it to that colour, as over any quantity.
                if entry.id == "quantity-faint" {
                    carryNegation(over: m)
                    touch = (m.ordinal, m.clause)
                    if let mod = entry.modifier { pendingModifiers.append((mod, m.surface, m.ordinal, m.clause)) }
                    continue
                }
                if negates(m) || m.negatedBySuffix {
                    negatedWords.append(m.surface)
                    continue
                }
                usedWords.append(m.surface)
                if !entry.emotion.isZero {
                    emotion = emotion + entry.emotion
                    emotionWords.append(m.surface)
                }
                if let mod = entry.modifier {
                    if entry.id == "monochrome" { monochromeWords.append(m.surface) }
                    if mod.isGlobal {
                        globalModifiers.append(mod)
                        globalModifierWords.append(m.surface)
                    } else {
                        pendingModifiers.append((mod, m.surface, m.ordinal, m.clause))
                    }
                }
                // A modifier with colours of its own ("neon" alone means neon lights) adds
                // them with a material's weight; the colour words it modifies still lead.
                if !entry.colours.isEmpty {
                    var cue = Cue(
                        kind: .material, colours: entry.colours, words: [m.surface], lastOrdinal: m.ordinal,
                        clause: m.clause, modifiers: [])
                    cue.standsInAlone = entry.modifier == nil
                    cue.isGrue = entry.id == "blue-green"
                    cue.strength = entry.strength
                    cue.inRelation = result.relationClauses.contains(m.clause)
                    cues.append(cue)
                }
            default:
                if negates(m) || m.negatedBySuffix {
                    negate(m.surface, colour: entry.kind.excludesHue ? entry.colours.first?.lch : nil)
                    continue
                }
                usedWords.append(m.surface)
                // "Mature" beside a food is ripe (un mango maduro, eine reife Mango, olgun bir mango):
                // the fruit's own colours, not the sober greys the mood brings.
                if entry.id == "mature", Reading.isBesideAFood(m, in: result, lexicon: lexicon) { continue }
                if !entry.emotion.isZero {
                    if entry.kind == .mood {
                        emotion = emotion + entry.emotion
                    } else {
                        impliedEmotion = impliedEmotion + entry.emotion
                    }
                    emotionWords.append(m.surface)
                }
                if let mod = entry.modifier {
                    // "night" darkens the whole scene, "autumn" turns its foliage.
                    globalModifiers.append(mod)
                    globalModifierWords.append(m.surface)
                }
                guard !entry.colours.isEmpty else { continue }
                var cue = Cue(
                    kind: entry.kind, colours: entry.colours, words: [m.surface], lastOrdinal: m.ordinal,
                    clause: m.clause, modifiers: [], isWord: m.isWord, isHead: m.isHead)
                cue.ofLinked = m.ofLinked
                cue.coordinated = m.coordinated
                cue.isTouch = entry.kind == .colour && touched(m)
                cue.sky = entry.sky
                cue.isReference = entry.id.hasPrefix("ref:")
                cue.takesShade = entry.kind == .material || entry.shadedByColourWords
                cue.strength = entry.strength
                cue.inRelation = result.relationClauses.contains(m.clause)
                switch entry.kind {
                case .scene, .place, .weather: cue.isGround = true
                case .time, .season: cue.isGround = entry.modifier?.darkens ?? false
                default: break
                }
                appendCue(cue, ordinal: m.ordinal, pending: &pendingModifiers)
            }
        }
        let moods = emotion
        let implied = impliedEmotion
        let scale = moods.isZero ? 1 : 0.4
        emotion =
            moods
            + EmotionTarget(
                activity: implied.activity * scale, weight: implied.weight * scale,
                heat: implied.heat * scale)
        // Modifiers after their word ("the sea is deep", "un lac gelé"), or with no word at all
        // ("dark and moody"). A modifier with colours of its own made a cue of them: it binds to
        // the word before that cue.
        // A relation word between them ends the reach: in "a candle in a dark room" (a room the
        // lexicon lacks) the dark is the setting's, not the candle's (it made the candle mud brown).
        for p in pendingModifiers {
            var target = cues.indices.last
            if let i = target, i > 0, cues[i].lastOrdinal == p.ordinal, cues[i].words == [p.word] { target = i - 1 }
            if let i = target, cues[i].clause == p.clause, p.ordinal - cues[i].lastOrdinal <= Reading.reach,
                !result.relations.contains(where: {
                    $0.clause == p.clause && $0.ordinal > cues[i].lastOrdinal && $0.ordinal < p.ordinal
                })
            {
                cues[i].modifiers.append(p.modifier)
                if !cues[i].words.contains(p.word) { cues[i].words.append(p.word) }
            } else {
                globalModifiers.append(p.modifier)
                globalModifierWords.append(p.word)
            }
        }
    }

    /// Whether a food or drink (an entry shaded by colour words: mango, wine, tea) is read within
    /// two words of `m` in its clause.
    private static func isBesideAFood(_ m: Match, in result: MatchResult, lexicon: Lexicon) -> Bool {
        result.matches.contains { (other: Match) -> Bool in
            // A hex code typed in the description is a match with no entry.
            guard other.hexColour == nil, other.clause == m.clause, other.ordinal != m.ordinal,
                abs(other.ordinal - m.ordinal) <= 2, lexicon.entries.indices.contains(Int(other.entry))
            else { return false }
            let entry = lexicon.entries[Int(other.entry)]
            return entry.kind == .thing && entry.shadedByColourWords
        }
    }

    /// An achromatic colour word as a shade for the thing beside it: black darkens, white lightens.
    ///
    /// Black on a material (`onMaterial`) is the material's colour more than a variety of it:
    /// black velvet and black leather are black with a trace of their hue (they were maroon and
    /// chocolate), where black tea keeps its amber and gris perle its pearl.
    static func shade(_ cue: Cue, onMaterial: Bool = false) -> ColourModifier? {
        guard cue.colours.count == 1, cue.colours[0].lch.c < 0.04 else { return nil }
        let l = cue.colours[0].lch.l
        var m = ColourModifier()
        m.targetLightness = min(max(l, 0.22), 0.92)
        let black = onMaterial && l < 0.3
        m.lightnessPull = black ? 0.75 : 0.6
        m.chromaScale = black ? 0.35 : l > 0.8 ? 0.6 : 0.9
        m.isGlobal = false
        return m
    }

    /// Records a negated word, and its colour's hue family when it names a colour.
    private mutating func negate(_ word: String, colour: OKLCH?) {
        negatedWords.append(word)
        if let colour {
            let family = HueFamily.of(colour)
            if !excluded.contains(family) { excluded.append(family) }
        }
    }

    /// A postposed negation (赤じゃない, 빨간색 없이, लाल नहीं): removes the cue just before it.
    /// Whether the match after `index` is a colour word or code in the same clause, within reach.
    private func colourFollows(_ index: Int, in result: MatchResult, lexicon: Lexicon) -> Bool {
        guard index + 1 < result.matches.count else { return false }
        let m = result.matches[index]
        let next = result.matches[index + 1]
        guard next.clause == m.clause, next.ordinal - m.ordinal <= Reading.reach else { return false }
        return next.hexColour != nil || (next.entry >= 0 && lexicon.entries[Int(next.entry)].kind == .colour)
    }

    @discardableResult
    private mutating func negatePrevious(before m: Match, pending: inout [Pending], reach: Int = Reading.reach) -> Bool
    {
        if let p = pending.last, p.clause == m.clause, m.ordinal - p.ordinal <= reach,
            cues.last.map({ $0.lastOrdinal < p.ordinal }) ?? true
        {
            pending.removeLast()
            negatedWords.append(p.word)
            usedWords.removeAll { $0 == p.word }
            return true
        }
        guard let i = cues.indices.last, cues[i].clause == m.clause, m.ordinal - cues[i].lastOrdinal <= reach else {
            return false
        }
        // "pembe ve mor olmadan", "ピンクや紫は使わない": the colours listed before it go too,
        // named in the note in the user's order.
        var removed = [cues.remove(at: i)]
        while let last = removed.last, last.coordinated, last.kind.excludesHue, !last.isCompound,
            let j = cues.indices.last, cues[j].clause == last.clause, cues[j].kind.excludesHue,
            cues[j].lastOrdinal == last.lastOrdinal - 2
        {
            removed.append(cues.remove(at: j))
        }
        for cue in removed.reversed() {
            usedWords.removeAll { cue.words.contains($0) }
            negate(cue.words.last ?? "", colour: cue.kind.excludesHue ? cue.modifiedColours.first?.lch : nil)
        }
        return true
    }

    private mutating func appendCue(_ cue: Cue, ordinal: Int? = nil, pending: inout [Pending]) {
        var cue = cue
        let at = ordinal ?? cue.lastOrdinal
        var leftover: [Pending] = []
        for p in pending {
            if p.clause == cue.clause, at - p.ordinal <= Reading.reach {
                cue.modifiers.append(p.modifier)
                if !cue.words.contains(p.word) { cue.words.insert(p.word, at: cue.words.count - 1) }
            } else {
                leftover.append(p)
            }
        }
        pending.removeAll()
        // Modifiers too far from this cue belong to the one before it, or to the whole palette.
        for p in leftover {
            if let i = cues.indices.last, cues[i].clause == p.clause, p.ordinal > cues[i].lastOrdinal,
                p.ordinal - cues[i].lastOrdinal <= Reading.reach
            {
                cues[i].modifiers.append(p.modifier)
                if !cues[i].words.contains(p.word) { cues[i].words.append(p.word) }
            } else {
                globalModifiers.append(p.modifier)
                globalModifierWords.append(p.word)
            }
        }
        if cue.kind == .colour, let i = cues.indices.last, cues[i].kind == .colour, !cues[i].isCompound,
            cues[i].clause == cue.clause, at - cues[i].lastOrdinal == 1, cue.colours.count == 1,
            cues[i].colours.count == 1
        {
            // "grey blue", 灰藍, "greenish blue": the last word is the head, the first tints it.
            let tint = cues[i].colours[0].lch.lab
            let head = cue.colours[0].lch.lab
            let mixed = OKLab(
                l: head.l * 0.7 + tint.l * 0.3, a: head.a * 0.7 + tint.a * 0.3, b: head.b * 0.7 + tint.b * 0.3)
            var merged = cues[i]
            merged.colours = [LexiconColour(lch: mixed.lch, weight: 1, isAccent: false)]
            merged.words += cue.words
            merged.modifiers += cue.modifiers
            merged.lastOrdinal = at
            merged.isCompound = true
            cues[i] = merged
            return
        }
        // "lavender field", Lavendelfeld, حقول القمح: a thing right beside a scene or place names
        // one scene coloured by the thing (either order: languages put the head first or last).
        if let i = cues.indices.last, cues[i].clause == cue.clause, at - cues[i].lastOrdinal == 1 || cue.ofLinked,
            cues[i].kind.isThingOrMaterial && cue.kind.isSceneOrPlace
                || cues[i].kind.isSceneOrPlace && cue.kind.isThingOrMaterial
        {
            cues[i].inNounCompound = true
            cue.inNounCompound = true
        }
        // "chocolat noir", 黑巧克力, "white wine": black, white or grey beside a food, a drink or a
        // material shades it rather than standing as a colour of its own; beside another thing
        // (a white dress, a black umbrella) it is the thing's colour (`colourWordsColourTheirNouns`).
        if let i = cues.indices.last, cues[i].clause == cue.clause, at - cues[i].lastOrdinal == 1,
            !cues[i].standsInAlone, !cue.standsInAlone
        {
            if cue.kind == .colour, let shade = Reading.shade(cue, onMaterial: cues[i].kind == .material),
                cues[i].kind.isThingOrMaterial, cues[i].takesShade
            {
                cues[i].modifiers.append(shade)
                cues[i].words.append(contentsOf: cue.words)
                cues[i].lastOrdinal = at
                return
            }
            if cue.kind.isThingOrMaterial, cue.takesShade, cues[i].kind == .colour,
                let shade = Reading.shade(cues[i], onMaterial: cue.kind == .material)
            {
                cue.modifiers.append(shade)
                cue.words.insert(contentsOf: cues[i].words, at: 0)
                cues.removeLast()
            }
        }
        cue.lastOrdinal = at
        cues.append(cue)
    }
}

extension CueKind {
    /// Negating a word of this kind rules its hue out ("no red"); negating a thing ("no
    /// snow") only drops the thing.
    var excludesHue: Bool {
        switch self {
        case .colour, .hex, .word: return true
        default: return false
        }
    }
}

// MARK: - Hue families

/// The families a reader names colours by; "no red" keeps the red family out of the palette.
///
/// Judged on OKLCH after gamut mapping. Greys split into black, grey and white, so "no
/// black" still allows a charcoal-free dark navy.
enum HueFamily: String, Sendable, CaseIterable {
    case red, orange, yellow, green, teal, blue, purple, pink, brown, black, grey, white

    static func of(_ c: OKLCH) -> HueFamily {
        if c.c < 0.035 {
            if c.l < 0.3 { return .black }
            return c.l > 0.9 ? .white : .grey
        }
        return chromatic(hue: c.h, c: c.c, l: c.l)
    }

    private static func chromatic(hue h: Double, c: Double, l: Double) -> HueFamily {
        switch h {
        case 345..., ..<35:
            if h >= 20, h < 35, c < 0.09, l < 0.6 { return .brown }
            return l >= 0.70 ? .pink : .red
        case 35..<100:
            if (l < 0.62 && c < 0.16) || (c < 0.08 && l < 0.85) { return .brown }
            return h < 70 ? .orange : .yellow
        case 100..<115:
            return l >= 0.75 ? .yellow : .green
        case 115..<175:
            return .green
        case 175..<215:
            return .teal
        case 215..<275:
            return .blue
        case 275..<335:
            return h >= 320 && l >= 0.72 ? .pink : .purple
        default:
            return l >= 0.6 ? .pink : .purple
        }
    }

    /// Whether `c` reads as one of `families`, with a margin of 10° of hue on each side so
    /// that "no red" does not allow a red that is 1° short of orange.
    ///
    /// "No pink" also rules out the deep pinks of the bluish reds (hue 335° to 15°, lightness
    /// from 0.62): deep pink #FF1493 and pale violet red #DB7093 sit below the red/pink line of
    /// `of` at 0.70, but a designer, and the colour names a user reads beside them, call them pink.
    static func excludes(_ families: [HueFamily], _ c: OKLCH) -> Bool {
        guard !families.isEmpty else { return false }
        if families.contains(of(c)) { return true }
        guard c.c >= 0.035 else { return false }
        if families.contains(.pink), c.l >= 0.62, c.h >= 335 || c.h < 15 { return true }
        for dh in [-10.0, 10.0] {
            let h = (c.h + dh + 360).truncatingRemainder(dividingBy: 360)
            if families.contains(chromatic(hue: h, c: c.c, l: c.l)) { return true }
        }
        return false
    }
}
