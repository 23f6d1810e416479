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
    var isWord = false
    var isHead = false

    /// The cue's colours with its own modifiers applied.
    ///
    /// Like night for the whole palette, "dark" dims a scene but not the light in it: an
    /// accent colour skips darkening and takes half of any other change.
    var modifiedColours: [LexiconColour] {
        colours.map { c in
            var out = c
            for m in modifiers {
                if c.isAccent, let t = m.targetLightness, t <= 0.5 { continue }
                out.lch = m.apply(to: out.lch, strength: c.isAccent ? 0.5 : 1)
            }
            return out
        }
    }
}

/// Everything the engine read in a description: cues, mood, modifiers and what it ignored.
struct Reading {
    var cues: [Cue] = []
    /// The sum of the emotion targets of every mood-bearing word.
    var emotion: EmotionTarget = .zero
    var emotionWords: [String] = []
    var globalModifiers: [ColourModifier] = []
    var globalModifierWords: [String] = []
    var negatedWords: [String] = []
    var wasTruncated = false
    /// FNV-1a of the folded text: the same description always seeds the same choices.
    var seed: UInt64 = 0

    /// True when no word at all was recognised.
    var isEmpty: Bool { cues.isEmpty && emotionWords.isEmpty && globalModifiers.isEmpty }

    /// How many ordinals a modifier or negation reaches ("dark and misty forest" still binds).
    static let reach = 3

    init() {}

    init(_ description: String, lexicon: Lexicon) {
        let text = NormalisedText(description, lexicon: lexicon)
        wasTruncated = text.wasTruncated
        seed = Reading.fnv1a(text.scalars)
        let matches = Matcher(lexicon: lexicon).matches(in: text, tokens: Tokenizer.tokens(text))
        bind(matches, lexicon: lexicon)
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

    /// Turns matches into cues: negation drops the next cue, modifiers bind to the nearest
    /// cue in their clause (the next one first, then the previous), adjacent colour words
    /// make a compound ("grey blue", 灰藍) whose head is the last word.
    private mutating func bind(_ matches: [Match], lexicon: Lexicon) {
        var pendingModifiers: [(modifier: ColourModifier, word: String, ordinal: Int, clause: Int)] = []
        var negation: (ordinal: Int, clause: Int)?

        func negates(_ m: Match) -> Bool {
            guard let n = negation, n.clause == m.clause, m.ordinal - n.ordinal <= Reading.reach else { return false }
            negation = nil
            negatedWords.append(m.surface)
            return true
        }

        for m in matches {
            if let rgb = m.hexColour {
                if negates(m) { continue }
                let colour = LexiconColour(lch: OKLCH(rgb), weight: 1, isAccent: false)
                appendCue(
                    Cue(
                        kind: .hex, colours: [colour], words: [m.surface], lastOrdinal: m.ordinal, clause: m.clause,
                        modifiers: []),
                    pending: &pendingModifiers)
                continue
            }
            let entry = lexicon.entries[m.entry]
            switch entry.kind {
            case .ignore:
                continue
            case .negation:
                negation = (m.ordinal, m.clause)
            case .modifier:
                if negates(m) { continue }
                if !entry.emotion.isZero {
                    emotion = emotion + entry.emotion
                    emotionWords.append(m.surface)
                }
                if let mod = entry.modifier {
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
                    cues.append(
                        Cue(
                            kind: .material, colours: entry.colours, words: [m.surface], lastOrdinal: m.ordinal,
                            clause: m.clause, modifiers: []))
                }
            default:
                if negates(m) { continue }
                if !entry.emotion.isZero {
                    emotion = emotion + entry.emotion
                    emotionWords.append(m.surface)
                }
                if let mod = entry.modifier {
                    // "night" darkens the whole scene, "autumn" turns its foliage.
                    globalModifiers.append(mod)
                    globalModifierWords.append(m.surface)
                }
                guard !entry.colours.isEmpty else { continue }
                let cue = Cue(
                    kind: entry.kind, colours: entry.colours, words: [m.surface], lastOrdinal: m.ordinal,
                    clause: m.clause, modifiers: [], isWord: m.isWord, isHead: m.isHead)
                appendCue(cue, ordinal: m.ordinal, pending: &pendingModifiers)
            }
        }
        // Modifiers after their word ("the sea is deep"), or with no word at all ("dark and moody").
        for p in pendingModifiers {
            if let i = cues.indices.last, cues[i].clause == p.clause, p.ordinal - cues[i].lastOrdinal <= Reading.reach {
                cues[i].modifiers.append(p.modifier)
                cues[i].words.append(p.word)
            } else {
                globalModifiers.append(p.modifier)
                globalModifierWords.append(p.word)
            }
        }
    }

    private mutating func appendCue(
        _ cue: Cue, ordinal: Int? = nil,
        pending: inout [(modifier: ColourModifier, word: String, ordinal: Int, clause: Int)]
    ) {
        var cue = cue
        let at = ordinal ?? cue.lastOrdinal
        var leftover: [(modifier: ColourModifier, word: String, ordinal: Int, clause: Int)] = []
        for p in pending {
            if p.clause == cue.clause, at - p.ordinal <= Reading.reach {
                cue.modifiers.append(p.modifier)
                cue.words.insert(p.word, at: cue.words.count - 1)
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
                cues[i].words.append(p.word)
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
        cue.lastOrdinal = at
        cues.append(cue)
    }
}
