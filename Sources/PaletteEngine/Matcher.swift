import PaletteCore

// MARK: - English inflection

/// Simple English inflection: the stems to try when a word is not in the lexicon as written.
///
/// Plurals (berries, leaves, beaches), -ing/-ed, comparatives (darker), adverbs (calmly),
/// -ness, -ish (reddish) and adjectives in -y (snowy, foggy, icy). Candidates are tried in
/// order; a stem shorter than three letters is never tried. Other languages' inflections
/// come from their suffix rules (`LanguageRules.stem`).
enum Inflection {
    static func stems(_ word: String) -> [String] {
        var out: [String] = []
        func add(_ s: String) {
            if s.count >= 3, s != word, !out.contains(s) { out.append(s) }
        }
        func drop(_ suffix: String) -> String? {
            word.hasSuffix(suffix) && word.count > suffix.count + 1 ? String(word.dropLast(suffix.count)) : nil
        }
        func undouble(_ s: String) -> String? {
            guard s.count >= 3, let last = s.last, s.dropLast().last == last, !"aeiouls".contains(last) else {
                return nil
            }
            return String(s.dropLast())
        }
        if let s = drop("ies") { add(s + "y") }
        if let s = drop("ves") {
            add(s + "f")
            add(s + "fe")
        }
        if let s = drop("es") { add(s) }
        if let s = drop("s"), !word.hasSuffix("ss") { add(s) }
        if let s = drop("iness") { add(s + "y") }
        if let s = drop("ness") { add(s) }
        if let s = drop("ily") { add(s + "y") }
        if let s = drop("ly") { add(s) }
        for suffix in ["ing", "ed", "est", "er", "ish", "y"] {
            guard let s = drop(suffix) else { continue }
            add(s)
            add(s + "e")
            if let u = undouble(s) { add(u) }
            if suffix == "ed" || suffix == "er" || suffix == "est" { add(String(word.dropLast(suffix.count - 1))) }
        }
        return out
    }
}

// MARK: - Matches

/// A lexicon word found in the description.
struct Match {
    /// The entry, or -1 for a `#RRGGBB` written in the text.
    let entry: Int32
    /// The user's own spelling, for the rationale.
    let surface: String
    /// Position in words (spaced scripts) or characters (unspaced runs), counting unmatched ones too.
    let ordinal: Int
    let clause: Int
    var hexColour: RGB?
    /// Found among spaced words (not in an unspaced run).
    var isWord = false
    /// The head of its phrase: before a preposition ("sunset over the sea"), after "of"
    /// ("a field of sunflowers", "champ de lavande") or after 的 / の (海邊的日出).
    var isHead = false
    /// Negated by its own suffix (Turkish kırmızısız: "without red").
    var negatedBySuffix = false
    /// Joined to the match before by "of" (a field of sunflowers, champ de lavande, गेहूं के खेत):
    /// the two name one thing.
    var ofLinked = false
    /// The language of the sense read (`any` for names, hex codes and compound parts).
    var language: LanguageCode = .any
    /// Joined to the match two ordinals before by a coordinator alone ("orange *or* black",
    /// 粉红色*或*紫色): the two are one list, and a negation of one reaches the other.
    var coordinated = false
}

/// What the matcher read.
struct MatchResult {
    var matches: [Match] = []
    /// The language the description reads as, when one can be told.
    var language: LanguageCode?
    /// Set when a Latin-script description clearly reads as one language: its words then
    /// take only that language's senses (and shared names and English).
    var strictLatin: LanguageCode?
    /// Content words the lexicon does not know (function words and numbers are not counted).
    var unknown: [String] = []
    /// The ordinals of function words, and of the words an `@of` word leads to ("a touch of
    /// *orange*", "la moindre touche d'*orange*"): a negation reaches over them to that word.
    var functionOrdinals: Set<Int> = []
    var ofLedOrdinals: Set<Int> = []
    /// Clauses that put a figure in a setting ("at", "with", 在, で ...).
    var relationClauses: Set<Int> = []
    /// Each relation word that names a setting holding the figure (`@inside`): its clause and
    /// ordinal, and whether the setting comes after it (a preposition: "a reef *in* the deep
    /// sea") or before it (a postposition: 深海裡, 바다 속, समुद्र में).
    var relations: [(clause: Int, ordinal: Int, settingAfter: Bool)] = []
    /// Spaced words read as another language's word than the text's (not a name):
    /// the word as typed and the language it was read in.
    var foreign: [(word: String, language: LanguageCode)] {
        guard let language else { return [] }
        var seen = Set<String>()
        return matches.compactMap { m in
            // English is every Latin-script text's second language (vintage, neon), except in
            // Vietnamese, whose syllables are often English words (long in thanh long).
            guard m.isWord, m.language != language, m.language != .any, m.language != .en || language == .vi,
                m.language.script == language.script, seen.insert(m.surface).inserted
            else { return nil }
            return (m.surface, m.language)
        }
    }
}

/// Every language's rules that do not depend on which language a word is in, united once
/// when the lexicon is built.
struct GrammarWords: Sendable {
    let elisions: Set<String>
    /// Function words, prepositions and linking words of spaced scripts: grammar, never unknown.
    let functionWords: Set<String>
    /// Function words of unspaced runs (の, 的, linkers, relation words), and the longest.
    let runFunction: Set<String>
    let runFunctionMax: Int
    /// `runFunction` by UTF-8 bytes, for keys whose scalars are all `isSettled`; nil when a
    /// word is not in NFC (then only `String` equality decides).
    let runFunctionBytes: PackedKeyIndex?
    let linkers: Set<String>
    let relationWords: Set<String>
    /// Relation words of unspaced runs that name a setting holding the figure (裡, 中, の中).
    let insideRunWords: Set<String>
    let vietnameseLetters: Set<Unicode.Scalar>
    /// For language detection, built once: the Latin-script languages that list each
    /// function word, and those that list each letter (ñ, ß, ğ), as bit sets of raw values.
    let latinFunctionLanguages: KeyIndex<UInt16>
    let latinLetterLanguages: [Unicode.Scalar: UInt16]
    /// The lowest of those letters: most words have none, and skip the lookups.
    let lowestLatinLetter: UInt32

    /// Scalars that are in NFC whatever stands around them in a key (no decomposition,
    /// combining class 0): kana and the unified Han ideographs, most of what unspaced runs hold.
    /// A key of these alone equals a string in NFC exactly when their bytes are equal.
    static func isSettled(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x3005...0x3007, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC, 0x3400...0x4DBF, 0x4E00...0x9FFF: return true
        default: return false
        }
    }

    init(rules: [LanguageCode: LanguageRules]) {
        var elisions = Set<String>()
        var function = Set<String>()
        var runFunction = Set<String>()
        var linkers = Set<String>()
        var relation = Set<String>()
        var inside = Set<String>()
        for (l, r) in rules {
            elisions.formUnion(r.elision)
            linkers.formUnion(r.linkers)
            relation.formUnion(r.with)
            if l.script == .run { inside.formUnion(r.inside) }
            // Prepositions and linking words are grammar too: not reported as unknown.
            let grammar = r.function.union(r.of).union(r.after).union(r.with)
            if l.script == .run { runFunction.formUnion(r.function) } else { function.formUnion(grammar) }
        }
        self.elisions = elisions
        self.functionWords = function
        self.runFunction = runFunction.union(linkers).union(
            relation.filter { Tokenizer.scriptClass($0.unicodeScalars.first!) == .run })
        self.runFunctionMax = self.runFunction.map(\.unicodeScalars.count).max() ?? 1
        self.runFunctionBytes =
            self.runFunction.allSatisfy(isComposed)
            ? PackedKeyIndex(self.runFunction.map { (key: $0, senses: []) }) : nil
        self.linkers = linkers
        self.relationWords = relation
        self.insideRunWords = inside
        self.vietnameseLetters = rules[.vi]?.letters ?? []
        var functionLanguages = KeyIndex<UInt16>()
        var letterLanguages: [Unicode.Scalar: UInt16] = [:]
        for (l, r) in rules where l.script == .latin {
            let bit = UInt16(1) << l.rawValue
            for w in r.function { functionLanguages[w] = (functionLanguages[w] ?? 0) | bit }
            for c in r.letters { letterLanguages[c, default: 0] |= bit }
        }
        self.latinFunctionLanguages = functionLanguages
        self.latinLetterLanguages = letterLanguages
        self.lowestLatinLetter = letterLanguages.keys.map(\.value).min() ?? UInt32.max
    }
}

/// Finds lexicon words: spaced words by longest phrase (with each language's inflections,
/// elision, particles and compounds), unspaced runs by longest match.
struct Matcher {
    let lexicon: Lexicon
    private var elisions: Set<String> { lexicon.grammar.elisions }
    private var functionWords: Set<String> { lexicon.grammar.functionWords }
    private var runFunction: Set<String> { lexicon.grammar.runFunction }
    private var runFunctionMax: Int { lexicon.grammar.runFunctionMax }
    private var linkers: Set<String> { lexicon.grammar.linkers }
    private var relationWords: Set<String> { lexicon.grammar.relationWords }
    private var vietnameseLetters: Set<Unicode.Scalar> { lexicon.grammar.vietnameseLetters }
    private var grammar: GrammarWords { lexicon.grammar }

    init(lexicon: Lexicon) {
        self.lexicon = lexicon
    }

    /// The matches in `text`; `language` overrides detection (tests read a term as its language).
    func read(_ text: NormalisedText, language: LanguageCode? = nil) -> MatchResult {
        let tokens = Tokenizer.tokens(text, elisions: elisions, folding: lexicon.folding)
        let result = read(tokens, text, language: language, strict: true)
        // The language the function words pointed to read no word at all ("un cappotto color
        // cammello" reads as Spanish by "un" and "color"): the words are read in any language,
        // when two or more of them are one other language's. One word alone is a chance
        // spelling ("cảm ơn", thank you, would be Spanish "cam").
        if let strict = result.strictLatin, result.matches.isEmpty, result.unknown.count >= 2 {
            let again = read(tokens, text, language: language, strict: false)
            var counts: [LanguageCode: Int] = [:]
            for m in again.matches where m.isWord && m.language != strict && m.language != .any {
                counts[m.language, default: 0] += 1
            }
            if counts.values.contains(where: { $0 >= 2 }) { return again }
        }
        return result
    }

    private func read(
        _ tokens: [Token], _ text: NormalisedText, language: LanguageCode?, strict: Bool
    ) -> MatchResult {
        var result = MatchResult()
        if let language {
            result.language = language
        } else {
            let (best, confident) = detect(tokens, text)
            result.language = best
            if strict, confident, let best, best.script == .latin { result.strictLatin = best }
        }
        var state = State()
        var words: [Word] = []
        for token in tokens {
            switch token {
            case .word(let w):
                words.append(w)
            case .run(let range):
                flushWords(&words, text, &state, &result)
                matchRun(text, range, &state, &result)
            case .hex(let rgb, let range):
                flushWords(&words, text, &state, &result)
                result.matches.append(
                    Match(
                        entry: -1, surface: text.surface(range), ordinal: state.ordinal,
                        clause: state.clause, hexColour: rgb))
                state.ordinal += 1
            case .clauseBreak:
                flushWords(&words, text, &state, &result)
                markHeadFinal(&result, clause: state.clause)
                state.ofPending = false
                state.clause += 1
                state.ordinal += 1
            }
        }
        flushWords(&words, text, &state, &result)
        markHeadFinal(&result, clause: state.clause)
        markCoordinated(&result, coordinators: state.coordinators)
        return result
    }

    /// A match with a coordinator alone between it and the match before, in one clause.
    private func markCoordinated(_ result: inout MatchResult, coordinators: Set<Int>) {
        guard !coordinators.isEmpty else { return }
        for j in result.matches.indices.dropFirst() {
            let m = result.matches[j]
            let before = result.matches[j - 1]
            if coordinators.contains(m.ordinal - 1), before.ordinal == m.ordinal - 2, before.clause == m.clause {
                result.matches[j].coordinated = true
            }
        }
    }

    /// Languages whose noun phrases end in their head and mark the rest with particles or
    /// cases: 海に沈む夕日 is a sunset. (Chinese juxtaposes nouns in lists too, 藍天白雲, so
    /// only 的 marks a head there.)
    static let headFinal: Set<LanguageCode> = [.ja, .ko, .tr, .hi]

    /// In a head-final language, the clause's last noun (scene, place, thing, material) is its
    /// head unless a linker already named one.
    private func markHeadFinal(_ result: inout MatchResult, clause: Int) {
        guard let language = result.language, Matcher.headFinal.contains(language) else { return }
        let inClause = result.matches.indices.filter {
            result.matches[$0].clause == clause && result.matches[$0].entry >= 0
        }
        guard !inClause.contains(where: { result.matches[$0].isHead }) else { return }
        if let last = inClause.last, lexicon.entries[Int(result.matches[last].entry)].kind.isNoun,
            inClause.count > 1
        {
            result.matches[last].isHead = true
        }
    }

    private struct State {
        var ordinal = 0
        var clause = 0
        var ofPending = false
        /// An "of" word was just read after a match.
        var ofLink = false
        /// The ordinals of the coordinators read ("or", 或, や).
        var coordinators: Set<Int> = []
    }

    // MARK: Language

    /// The language a description reads as: scripts, function words, letters only some
    /// languages use (ñ, ß, ğ, ơ) and which languages its known words belong to.
    func detect(_ tokens: [Token], _ text: NormalisedText) -> (LanguageCode?, confident: Bool) {
        var scores = [Double](repeating: 0, count: LanguageCode.allCases.count)
        for token in tokens {
            switch token {
            case .word(let w):
                switch w.script {
                case .latin:
                    let function = grammar.latinFunctionLanguages[w.folded] ?? 0
                    var letters: UInt16 = 0
                    for c in w.folded.unicodeScalars where c.value >= grammar.lowestLatinLetter {
                        letters |= grammar.latinLetterLanguages[c] ?? 0
                    }
                    // Hand-written concepts vote for their language; names from colour lists do not.
                    let own =
                        lexicon.exact[w.folded]?.filter { $0.language != .any && lexicon.isHandWritten($0.entry) }
                        ?? []
                    // A function word that is another language's word is half a vote: Spanish
                    // "sea" (be) is the English sea, and "sea" alone is the sea.
                    let functionVote =
                        own.contains { function & (UInt16(1) << $0.language.rawValue) == 0 } ? 0.5 : 1
                    if function | letters != 0 {
                        for l in 0..<scores.count {
                            let bit = UInt16(1) << l
                            if function & bit != 0 { scores[l] += functionVote }
                            if letters & bit != 0 { scores[l] += 0.6 }
                        }
                    }
                    if w.elided {
                        scores[Int(LanguageCode.fr.rawValue)] += 0.3
                        scores[Int(LanguageCode.it.rawValue)] += 0.3
                    }
                    for s in own { scores[Int(s.language.rawValue)] += 0.7 / Double(own.count) }
                case .cyrillic: scores[Int(LanguageCode.ru.rawValue)] += 1
                case .arabic: scores[Int(LanguageCode.ar.rawValue)] += 1
                case .devanagari: scores[Int(LanguageCode.hi.rawValue)] += 1
                case .hangul: scores[Int(LanguageCode.ko.rawValue)] += 1
                default: break
                }
            case .run(let range):
                let kana = text.scalars[range].contains { (0x3041...0x309F).contains($0.value) || $0.value == 0x30FC }
                let han = text.scalars[range].contains {
                    (0x4E00...0x9FFF).contains($0.value) || (0x3400...0x4DBF).contains($0.value)
                }
                if kana {
                    scores[Int(LanguageCode.ja.rawValue)] += 2
                } else if han {
                    scores[Int(LanguageCode.zh.rawValue)] += 1
                }
            default:
                break
            }
        }
        var best: LanguageCode?
        var top = 0.0
        var second = 0.0
        for l in LanguageCode.allCases where l != .any {
            let v = scores[Int(l.rawValue)]
            if v > top {
                second = top
                top = v
                best = l
            } else if v > second {
                second = v
            }
        }
        return (best, top >= 2 && top >= 1.5 * second)
    }

    // MARK: Spaced words

    private func flushWords(
        _ words: inout [Word], _ text: NormalisedText, _ state: inout State, _ result: inout MatchResult
    ) {
        guard !words.isEmpty else { return }
        let language = result.language
        // Each word's stems once, in the languages of its script (and only the clear language's).
        for k in words.indices {
            for l in stemLanguages(words[k].script, language)
            where result.strictLatin == nil || l == result.strictLatin
                || words[k].script != .latin
            {
                guard let r = lexicon.rules[l] else { continue }
                let f = r.rules.stem(words[k].folded)
                words[k].stems[l] = (f, words[k].bare == words[k].folded ? f : r.rules.stem(words[k].bare))
            }
        }
        var i = 0
        var lastUnknown: (index: Int, start: Int)?
        var lastUnknownEnd = -2
        // Each word's English inflections (`Inflection.stems`), made on first use: a word ends
        // several windows.
        var inflections = [[String]?](repeating: nil, count: words.count)
        while i < words.count {
            if let (sense, n, negated) = longestPhrase(
                words, at: i, language: language, only: result.strictLatin, inflections: &inflections)
            {
                let range = words[i].range.lowerBound..<words[i + n - 1].range.upperBound
                if hasLocativeEnding(words[i..<(i + n)], sense: sense, language: language) {
                    // A postposition right after the word: the word is the setting.
                    result.relationClauses.insert(state.clause)
                    result.relations.append((state.clause, state.ordinal + 1, false))
                }
                if words[i].elidedOf { result.ofLedOrdinals.insert(state.ordinal) }
                result.matches.append(
                    Match(
                        entry: sense.entry, surface: text.surface(range), ordinal: state.ordinal,
                        clause: state.clause, isWord: true, isHead: state.ofPending,
                        negatedBySuffix: negated, ofLinked: state.ofLink, language: sense.language))
                lastUnknown = nil
                state.ofPending = false
                state.ofLink = false
                i += n
                state.ordinal += 1
                continue
            }
            let w = words[i]
            if isCoordinator(w.folded, language) { state.coordinators.insert(state.ordinal) }
            if isAfterWord(w.folded, language), let last = result.matches.indices.last,
                result.matches[last].isWord, result.matches[last].ordinal == state.ordinal - 1
            {
                result.matches[last].isHead = true
            }
            if isOfWord(w.folded, language) {
                result.ofLedOrdinals.insert(state.ordinal + 1)
                state.ofPending = true
                // "champ de lavande" links two nouns; "une forêt avec des baies": the article
                // after "avec" links nothing.
                state.ofLink = result.matches.last.map { $0.isWord && $0.ordinal == state.ordinal - 1 } ?? false
            }
            if let language, lexicon.rules[language]?.rules.genitive.contains(w.folded) ?? false,
                let last = result.matches.indices.last,
                result.matches[last].isWord, result.matches[last].ordinal == state.ordinal - 1
            {
                // गेहूं के खेत: the word before the genitive gives the colour, the one after is its frame.
                result.matches[last].isHead = true
                state.ofLink = true
            }
            if isRelationWord(w.folded, language) {
                result.relationClauses.insert(state.clause)
                if isInsideWord(w.folded, language) {
                    result.relations.append((state.clause, state.ordinal, isAfterWord(w.folded, language)))
                }
            }
            if let parts = decompose(w, language: language) {
                for (entry, range) in parts {
                    result.matches.append(
                        Match(
                            entry: entry, surface: text.surface(range), ordinal: state.ordinal,
                            clause: state.clause, isWord: true, isHead: state.ofPending))
                    state.ofPending = false
                    state.ordinal += 1
                }
                i += 1
                continue
            }
            let isFunction = functionWords.contains(w.folded) || functionWords.contains(w.bare)
            if !isFunction, !isNumber(w.folded), w.folded.unicodeScalars.count >= (w.script == .latin ? 2 : 1) {
                // Vietnamese writes a word of several syllables as several words (thanh long,
                // Hội An): unknown syllables in a row are one unknown word, quoted whole.
                if language == .vi, let (k, start) = lastUnknown, k == result.unknown.count - 1, i > 0,
                    lastUnknownEnd == i - 1
                {
                    result.unknown[k] = text.surface(start..<w.range.upperBound)
                } else {
                    result.unknown.append(text.surface(w.range))
                    lastUnknown = (result.unknown.count - 1, w.range.lowerBound)
                }
                lastUnknownEnd = i
            } else {
                lastUnknown = nil
                if isFunction { result.functionOrdinals.insert(state.ordinal) }
            }
            i += 1
            if let language, lexicon.rules[language]?.rules.between.contains(w.folded) ?? false { continue }
            state.ordinal += 1
        }
        words.removeAll(keepingCapacity: true)
    }

    private func isNumber(_ s: String) -> Bool {
        s.unicodeScalars.allSatisfy { $0.properties.numericType != nil }
    }

    private func isAfterWord(_ w: String, _ language: LanguageCode?) -> Bool {
        if lexicon.rules[.en]?.rules.after.contains(w) ?? false { return true }
        guard let language else { return false }
        return lexicon.rules[language]?.rules.after.contains(w) ?? false
    }

    private func isRelationWord(_ w: String, _ language: LanguageCode?) -> Bool {
        if lexicon.rules[.en]?.rules.with.contains(w) ?? false { return true }
        guard let language else { return false }
        return lexicon.rules[language]?.rules.with.contains(w) ?? false
    }

    private func isCoordinator(_ w: String, _ language: LanguageCode?) -> Bool {
        if lexicon.rules[.en]?.rules.coordinators.contains(w) ?? false { return true }
        guard let language else { return false }
        return lexicon.rules[language]?.rules.coordinators.contains(w) ?? false
    }

    private func isInsideWord(_ w: String, _ language: LanguageCode?) -> Bool {
        if lexicon.rules[.en]?.rules.inside.contains(w) ?? false { return true }
        guard let language else { return false }
        return lexicon.rules[language]?.rules.inside.contains(w) ?? false
    }

    /// Whether the last word of `window` ends in a case ending of `@locative` (Turkish ormanda,
    /// "in the forest"; çam ormanında, "in the pine forest") with the same term left before it:
    /// "oda" (a room) is no locative of "o".
    private func hasLocativeEnding(_ window: ArraySlice<Word>, sense: Sense, language: LanguageCode?) -> Bool {
        guard let l = language ?? Optional(sense.language), let box = lexicon.rules[l], !box.rules.locatives.isEmpty,
            let w = window.last
        else { return false }
        let r = box.rules
        let scalars = Array(w.folded.unicodeScalars)
        for ending in r.locatives
        where scalars.count > ending.count && scalars.suffix(ending.count).elementsEqual(ending) {
            let left = string(scalars.dropLast(ending.count))
            if window.count == 1 {
                for key in [left, r.stem(left)] {
                    if let senses = lexicon.exact[key], senses.contains(where: { $0.entry == sense.entry }) {
                        return true
                    }
                }
                continue
            }
            // A phrase: the same phrase with its last word cut is the same term.
            var cut = w
            cut.folded = left
            cut.bare = lexicon.folding.bare(left)
            var none: [[String]?] = []
            let shorter = Array(window.dropLast()) + [cut]
            if let s = lookup(shorter[...], language: l, stemLanguages: [l], only: nil, inflections: &none),
                s.entry == sense.entry
            {
                return true
            }
        }
        return false
    }

    private func isOfWord(_ w: String, _ language: LanguageCode?) -> Bool {
        if lexicon.rules[.en]?.rules.of.contains(w) ?? false { return true }
        guard let language else { return false }
        return lexicon.rules[language]?.rules.of.contains(w) ?? false
            || lexicon.rules[language]?.rules.linkers.contains(w) ?? false
    }

    /// Languages whose inflections to try for a word of `script`: the text's language first.
    private func stemLanguages(_ script: ScriptClass, _ language: LanguageCode?) -> [LanguageCode] {
        let all = lexicon.stemmingLanguages[Int(script.rawValue)]
        guard let language, all.count > 1, let k = all.firstIndex(of: language), k > 0 else { return all }
        var out = all
        out.remove(at: k)
        out.insert(language, at: 0)
        return out
    }

    /// The longest lexicon phrase starting at word `i`: its sense, its length in words, and
    /// whether a negative suffix was stripped from it.
    private func longestPhrase(
        _ words: [Word], at i: Int, language: LanguageCode?, only strict: LanguageCode?,
        inflections: inout [[String]?]
    ) -> (Sense, Int, Bool)? {
        let script = words[i].script
        let only = script == .latin ? strict : nil
        var maxN = 1
        let startsPhrase =
            lexicon.phraseStarts.contains(words[i].folded) || lexicon.phraseStarts.contains(words[i].bare)
            || words[i].stems.contains {
                lexicon.phraseStarts.contains($0.folded) || lexicon.phraseStarts.contains($0.bare)
            }
        while startsPhrase, maxN < lexicon.maxPhraseWords, i + maxN < words.count, words[i + maxN].script == script {
            maxN += 1
        }
        let stemLanguages = self.stemLanguages(script, language).filter { only == nil || $0 == only }
        if maxN > 1 { maxN = livePhraseLength(words, at: i, upTo: maxN, stemLanguages: stemLanguages) }
        // A function word of the text's language ("sobre" in Spanish) is grammar, not a
        // content word of another language, unless that language itself lists it.
        let first = words[i].folded
        let isGrammar =
            language.flatMap { lexicon.rules[$0]?.rules.function.contains(first) } ?? false
            && !(lexicon.exact[first]?.contains { $0.language == language } ?? false)
        var n = maxN
        while n >= (isGrammar ? 2 : 1) {
            let window = words[i..<(i + n)]
            if let s = lookup(
                window, language: language, stemLanguages: stemLanguages, only: only, inflections: &inflections)
            {
                return (s, n, false)
            }
            // A phrase of another language is specific enough to read even in a clear text.
            if n > 1, only != nil,
                let s = lookup(window, language: language, stemLanguages: [], only: nil, inflections: &inflections)
            {
                return (s, n, false)
            }
            n -= 1
        }
        if isGrammar { return nil }
        // "kırmızısız" (without red): a negative suffix, then the word again.
        for l in stemLanguages {
            guard let box = lexicon.rules[l], !box.rules.negatives.isEmpty else { continue }
            let r = box.rules
            let scalars = Array(words[i].folded.unicodeScalars)
            for neg in r.negatives
            where scalars.count - neg.count >= r.minStem && scalars.suffix(neg.count).elementsEqual(neg) {
                let stripped = string(scalars.dropLast(neg.count))
                var w = words[i]
                w.folded = stripped
                w.bare = lexicon.folding.bare(stripped)
                var none: [[String]?] = []
                if let s = lookup([w][...], language: l, stemLanguages: [l], only: only, inflections: &none) {
                    return (s, 1, true)
                }
            }
        }
        return nil
    }

    /// The longest window of words from `i` (at most `upTo`) that `lookup` could find anything
    /// for: longer ones meet no key, and are not looked up.
    ///
    /// Every key `lookup` tries for a window of n words is its first n - 1 words in one form
    /// (folded, bare, or a language's stems, as its stems and derivations join them), joined by
    /// spaces, then a space and more. Such a key is in an index only if those joined words are
    /// the first words of one of its keys: `lexicon.phraseStarts` holds every multi-word key's
    /// first word, `lexicon.phrasePrefixes` its longer runs of first words. So a form's joined
    /// words that are not there will not be there with more words added either.
    /// Each form is extended a word at a time until it drops out; the longest that stays in, plus
    /// its last word, is the longest window worth looking up. Most descriptions' words start no
    /// phrase of two words: their longer windows were the matcher's main cost.
    ///
    /// `lookup` joins a plural or an inflection to its key minus the last word's characters,
    /// which is the joined first words and a space unless that word begins with a scalar that
    /// joins the space into one character (a mark, a joiner): then nothing is cut.
    private func livePhraseLength(
        _ words: [Word], at i: Int, upTo maxN: Int, stemLanguages: [LanguageCode]
    ) -> Int {
        for k in (i + 1)..<(i + maxN) {
            guard let first = words[k].folded.unicodeScalars.first, first.value >= 0x300 else { continue }
            let p = first.properties
            if p.isGraphemeExtend || p.generalCategory == .spacingMark || p.generalCategory == .nonspacingMark
                || p.generalCategory == .enclosingMark || first.value == 0x200D
                || (0x1F3FB...0x1F3FF).contains(first.value) || first.value == 0xE33 || first.value == 0xEB3
            {
                return maxN
            }
        }
        let starts = lexicon.phraseStarts
        let prefixes = lexicon.phrasePrefixes
        var live = 1
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64)
        // How many words from `i`, in the form `part` gives each, stay a known prefix (at most
        // maxN - 1: the window's last word follows them).
        func extent(_ part: (Int) -> String) {
            buffer.removeAll(keepingCapacity: true)
            var n = 0
            while n < maxN - 1 {
                if n > 0 { buffer.append(0x20) }
                var text = part(i + n)
                text.withUTF8 { buffer.append(contentsOf: $0) }
                guard buffer.withUnsafeBufferPointer({ (n == 0 ? starts : prefixes).contains(utf8: $0) }) else { break }
                n += 1
            }
            live = max(live, n + 1)
        }
        extent { words[$0].folded }
        extent { words[$0].bare }
        for l in stemLanguages where live < maxN {
            guard let r = lexicon.rules[l], lexicon.stemIndex(l) != nil else { continue }
            extent { words[$0].stems[l]?.folded ?? r.rules.stem(words[$0].folded) }
            extent { words[$0].stems[l]?.bare ?? r.rules.stem(words[$0].bare) }
            extent { words[$0].stems[l]?.folded ?? words[$0].folded }
        }
        return live
    }

    /// One window of words looked up exactly, without accents, with English inflection of
    /// the last word, and through each language's stems.
    ///
    /// `inflections` caches `Inflection.stems` of each word of `window`'s array by its index
    /// (empty: no cache, for a window made up by the caller).
    private func lookup(
        _ window: ArraySlice<Word>, language: LanguageCode?, stemLanguages: [LanguageCode],
        only: LanguageCode?, inflections: inout [[String]?]
    ) -> Sense? {
        let key =
            window.count == 1
            ? window[window.startIndex].folded : spaced(window.count) { window[window.startIndex + $0].folded }
        let exact = lexicon.exact[key]
        if let exact, let s = lexicon.choose(exact, language: language, only: only) { return s }
        // A word that is a term only where another language binds it (English "male", a gender
        // word; French "sale", dirty) is that language's word: not read, and not read through
        // the weaker forms either (German "man" is not Vietnamese mận, plums, typed bare).
        if window.count == 1, let exact, !exact.contains(where: { !$0.bound }) { return nil }
        // A word typed with Vietnamese tone marks means that spelling: trắng is not trang.
        // (Vietnamese letters are all beyond ASCII: most scalars skip the set.)
        let toned = window.indices.contains { k in
            window[k].folded.unicodeScalars.contains { $0.value >= 0x80 && vietnameseLetters.contains($0) }
        }
        let bareKey =
            window.count == 1
            ? window[window.startIndex].bare : spaced(window.count) { window[window.startIndex + $0].bare }
        if !toned {
            if bareKey != key, let s = lexicon.senses(bareKey, in: lexicon.exact, language: language, only: only) {
                return s
            }
            // A word typed with its accents means that spelling: chào (hello) is not cháo
            // (congee), año is not ano. Typed without accents, it may stand for any spelling.
            if bareKey == key, let s = lexicon.senses(bareKey, in: lexicon.bare, language: language, only: only) {
                return s
            }
        }
        let lastIndex = window.endIndex - 1
        // The last word's fields, not a copy of the word (two strings and its stems).
        let lastFolded = window[lastIndex].folded
        let lastScript = window[lastIndex].script
        // The key without the last word, made once and only when a form of the last word is tried.
        var keyPrefix: String?
        func prefix() -> String {
            if let keyPrefix { return keyPrefix }
            let made = window.count > 1 ? String(key.dropLast(lastFolded.count)) : ""
            keyPrefix = made
            return made
        }
        // Plurals every Latin-script language writes alike (fraises, fresas, morangos, pumpkins),
        // looked up exactly before stems, whose shared forms may have been left out.
        if lastScript == .latin, lastFolded.unicodeScalars.count > 3 {
            for suffix in ["s", "es", "x"] where lastFolded.hasSuffix(suffix) {
                let singular = prefix() + String(lastFolded.dropLast(suffix.count))
                if let s = lexicon.senses(singular, in: lexicon.exact, language: language, only: only) { return s }
            }
        }
        if lastScript == .latin {
            let stems: [String]
            if inflections.indices.contains(lastIndex) {
                if let cached = inflections[lastIndex] {
                    stems = cached
                } else {
                    stems = Inflection.stems(lastFolded)
                    inflections[lastIndex] = stems
                }
            } else {
                stems = Inflection.stems(lastFolded)
            }
            let prefix = stems.isEmpty ? "" : prefix()
            for stem in stems {
                if let list = lexicon.exact[prefix + stem],
                    let s = list.first(where: {
                        ($0.language == .en || $0.language == .any) && Lexicon.reads($0, in: language)
                    })
                {
                    return s
                }
            }
        }
        for l in stemLanguages {
            guard let r = lexicon.rules[l], let index = lexicon.stemIndex(l) else { continue }
            func stems(_ w: Word) -> (folded: String, bare: String) {
                if let cached = w.stems[l] { return cached }
                let f = r.rules.stem(w.folded)
                return (f, r.rules.stem(w.bare))
            }
            // A lone word's stems without an array around them (most windows are one word).
            let lone = window.count == 1 ? stems(window[lastIndex]) : nil
            let forms = lone == nil ? window.map { stems($0) } : []
            // A name (brand, flag, team) stripped to a stem of three letters meets ordinary
            // words: Turkish Hollanda -> hol, Spanish hola -> hol. Names take stems of four or more.
            // And a word that is grammar in a language is not one of its inflected terms there:
            // French "mal" (bad) is German "mal" (once), not Maler (painter) stripped to "mal".
            // (Checked on a hit only: most words meet no stem.)
            // A German word no ending was stripped from is not a longer term's stem: Hamburg is not
            // Hamburger (its -er stripped), a word that is its own stem reads exactly or not at all.
            func usable(_ s: Sense, _ stem: String) -> Bool {
                if window.count == 1, r.rules.function.contains(lastFolded) { return false }
                if l == .de, window.count == 1, stem == lastFolded { return false }
                guard stem.unicodeScalars.count < 4, s.entry >= 0 else { return true }
                switch lexicon.entries[Int(s.entry)].kind {
                case .brand, .flag, .team, .icon: return false
                default: return true
                }
            }
            let stemmed = lone?.folded ?? spaced(forms.count) { forms[$0].folded }
            var hit = lexicon.senses(stemmed, in: index, language: language ?? l, only: only).flatMap {
                usable($0, stemmed) ? $0 : nil
            }
            // An ending stripped first may take the stem's own last letters (Turkish "kızılı",
            // the crimson: -lı, then -ı, leaves kız, girl; "yeşile" leaves "yeş"): the longest
            // stem that is a term is read, as a dictionary would.
            if lone != nil {
                var longest = hit == nil ? 0 : stemmed.unicodeScalars.count
                for other in r.rules.otherStems(lastFolded) where other.unicodeScalars.count > longest {
                    if let s = lexicon.senses(other, in: index, language: language ?? l, only: only), usable(s, other) {
                        hit = s
                        longest = other.unicodeScalars.count
                    }
                }
            }
            if let hit { return hit }
            let stemmedBare = lone?.bare ?? spaced(forms.count) { forms[$0].bare }
            if stemmedBare != stemmed,
                let s = lexicon.senses(stemmedBare, in: index, language: language ?? l, only: only),
                usable(s, stemmedBare)
            {
                return s
            }
        }
        // A derived word whose base is a term (гранатовый -> гранат, лимонный -> лимон): the
        // derivational ending is stripped from the stem, in the languages that list one.
        for l in stemLanguages {
            guard let r = lexicon.rules[l], !r.rules.derivations.isEmpty, let index = lexicon.stemIndex(l) else {
                continue
            }
            let stem = Array((window[lastIndex].stems[l]?.folded ?? r.rules.stem(lastFolded)).unicodeScalars)
            let prefix = window.count > 1 ? window.dropLast().map { $0.stems[l]?.folded ?? $0.folded } : []
            for rule in r.rules.derivations
            where stem.count - rule.suffix.count >= r.rules.minStem
                && stem.suffix(rule.suffix.count).elementsEqual(rule.suffix)
            {
                let base = string(stem.dropLast(rule.suffix.count) + rule.replacement)
                for form in [base, r.rules.stem(base)] {
                    let key = (prefix + [form]).joined(separator: " ")
                    if let s = lexicon.senses(key, in: index, language: language ?? l, only: only) { return s }
                }
            }
        }
        return nil
    }

    /// `(0..<count).map(part).joined(separator: " ")` without the intermediate array: the key of a
    /// window of two or more words. `part` reads one field of a word by its index: a loop over
    /// the words themselves would copy each (two strings and its stems retained, then released).
    private func spaced(_ count: Int, _ part: (Int) -> String) -> String {
        var length = -1
        for k in 0..<count { length += part(k).utf8.count + 1 }
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var at = 0
            for k in 0..<count {
                if at > 0 {
                    buffer[at] = 0x20
                    at += 1
                }
                var text = part(k)
                text.withUTF8 { bytes in
                    for b in bytes {
                        buffer[at] = b
                        at += 1
                    }
                }
            }
            return at
        }
    }

    // MARK: Compounds

    /// An unknown word read as known parts: Lavendelfeld = Lavendel + Feld, Meeresblau =
    /// Meer + es + blau, 밤하늘 = 밤 + 하늘. Only in languages that write compounds as one word.
    private func decompose(_ w: Word, language: LanguageCode?) -> [(Int32, Range<Int>)]? {
        let candidates: [LanguageCode]
        switch w.script {
        case .latin:
            // English writes closed compounds too (seabreeze, bluebird, sunsetglow); German first
            // when the text reads as German, English when it reads as English.
            switch language {
            case nil: candidates = [.de, .en]
            case .de?: candidates = [.de]
            case .en?: candidates = [.en]
            default: return nil
            }
        case .hangul:
            candidates = [.ko]
        default:
            return nil
        }
        let scalars = Array(w.folded.unicodeScalars)
        for l in candidates {
            guard let r = lexicon.rules[l], r.rules.compounds, scalars.count >= (l == .ko ? 2 : 6) else { continue }
            if let parts = split(scalars[...], offset: w.range.lowerBound, language: l, rules: r, depth: 0) {
                return parts
            }
            if l == .de, let part = knownPart(scalars, l) { return [(part, w.range)] }
        }
        return nil
    }

    /// A German compound of which only one part is known, read as that part, as a reader who
    /// knows one of the words would: its head (Nordsee, Flohmarkt: a sea, a market) or its
    /// modifier (Currywurst, Winterlandschaft: curry, winter), the longer when both would do.
    /// Only nouns (scenes, places, things, materials) and the ground words (seasons, times,
    /// weather), never a mood or a function word, and both parts of three letters or more (a
    /// known modifier four), so a word that merely starts or ends like a short one stays unknown.
    private func knownPart(_ s: [Unicode.Scalar], _ l: LanguageCode) -> Int32? {
        func fits(_ e: Int32) -> Bool {
            let kind = lexicon.entries[Int(e)].kind
            return kind.isNoun || kind.isGround
        }
        guard s.count >= 7 else { return nil }
        var head: (entry: Int32, length: Int)?
        // The longest known head: the shortest unknown modifier before it.
        for p in 3...(s.count - 3) {
            if let e = single(s[p...], l), fits(e) {
                head = (e, s.count - p)
                break
            }
        }
        // The longest known modifier.
        for p in stride(from: s.count - 4, through: 4, by: -1) {
            if let e = single(s[..<p], l), fits(e) {
                return p > (head?.length ?? 0) ? e : head?.entry
            }
        }
        return head?.entry
    }

    private func split(
        _ s: ArraySlice<Unicode.Scalar>, offset: Int, language l: LanguageCode, rules box: RulesTable.Box,
        depth: Int
    ) -> [(Int32, Range<Int>)]? {
        guard depth < 4 else { return nil }
        let r = box.rules
        let minPart = l == .ko ? 1 : 3
        var p = s.count - minPart
        while p >= minPart {
            defer { p -= 1 }
            let head = s.prefix(p)
            let rest = s.dropFirst(p)
            guard let e = single(head, l) else { continue }
            let headRange = offset..<(offset + p)
            if l == .ko, head.count == 1, rest.count == 1 { continue }
            let restString = string(rest)
            if rest.isEmpty { return [(e, headRange)] }
            if let e2 = single(rest, l), !(l == .ko && rest.count == 1) {
                return [(e, headRange), (e2, (offset + p)..<(offset + s.count))]
            }
            for joint in r.joints where rest.count > joint.count + minPart && rest.starts(with: joint) {
                if let e2 = single(rest.dropFirst(joint.count), l) {
                    return [(e, headRange), (e2, (offset + p + joint.count)..<(offset + s.count))]
                }
            }
            // A German compound may end in a function word; in English that
            // would change the meaning (heartless, homeless), so the whole word stays unknown.
            if l != .en, r.function.contains(restString) { return [(e, headRange)] }
            if let more = split(rest, offset: offset + p, language: l, rules: box, depth: depth + 1) {
                return [(e, headRange)] + more
            }
            // Rotkehlchen, Dunkelheit: a colour or shade word leads a compound whose rest is unknown,
            // unless the rest is a loanword's ending (Rotation is not red).
            let kind = lexicon.entries[Int(e)].kind
            if l == .de, depth == 0, rest.count >= 3, kind == .colour || kind == .modifier,
                !Matcher.loanwordEndings.contains(restString)
            {
                return [(e, headRange)]
            }
        }
        return nil
    }

    /// Endings of German words taken from Latin or French, never the rest of a compound after a
    /// colour (Rot·ation, Rot·ationen, Gold·ine), folded as words are.
    static let loanwordEndings: Set<String> = [
        "ation", "ationen", "ition", "itionen", "ion", "ionen", "itat", "itaten", "ismus", "ieren", "iert", "ette",
        "ine", "ur", "ik", "ie", "ier",
    ]

    /// One folded word part looked up in language `l`: exactly, bare, or by its stem.
    private func single(_ part: ArraySlice<Unicode.Scalar>, _ l: LanguageCode) -> Int32? {
        let key = string(part)
        func pick(_ list: [Sense]?) -> Int32? {
            list?.first { $0.language == l || $0.language == .any }?.entry
        }
        if let e = pick(lexicon.exact[key]) { return e }
        let bareKey = lexicon.folding.bare(key)
        if let e = pick(lexicon.exact[bareKey]) ?? pick(lexicon.bare[bareKey]) { return e }
        if let r = lexicon.rules[l], let index = lexicon.stemIndex(l) {
            let stemmed = string(r.rules.stem(Array(part)))
            if let e = pick(index[stemmed]) { return e }
        }
        if l == .en {
            // seashells, bluebirds: the English inflection of the last part.
            for stem in Inflection.stems(key) {
                if let e = lexicon.exact[stem]?.first(where: { $0.language == .en || $0.language == .any })?.entry {
                    return e
                }
            }
        }
        return nil
    }

    // MARK: Unspaced runs

    /// One way to read the characters at a place in an unspaced run: a term of so many
    /// characters, a function word, or one unknown character.
    private enum Piece {
        case term(Sense, Int)
        case function(String, Int)
        case unknown
    }

    /// A katakana word is a loanword spelt out whole: ベランダ (veranda) and ランドセル (a school
    /// bag) are not ラン (orchid) with unknown letters around it. In each stretch of katakana
    /// letters that the run's terms cannot cover end to end (ブルーグレー is ブルー + グレー), only
    /// a term of three letters or more at either end is read; the rest is one unknown word.
    private func dropKatakanaFragments(_ pieces: inout [[Piece]], range: Range<Int>, text: NormalisedText) {
        func isKatakana(_ k: Int) -> Bool {
            let v = text.original[text.origin[range.lowerBound + k]].value
            return (0x30A1...0x30FA).contains(v) || (0x30FC...0x30FE).contains(v)
        }
        let count = range.upperBound - range.lowerBound
        var a = 0
        while a < count {
            guard isKatakana(a) else {
                a += 1
                continue
            }
            var b = a
            while b < count, isKatakana(b) { b += 1 }
            // Which ends the terms inside [a, b) reach, starting at a.
            var reach = [Bool](repeating: false, count: b - a + 1)
            reach[0] = true
            for p in a..<b where reach[p - a] {
                for case .term(_, let n) in pieces[p] where p + n <= b { reach[p + n - a] = true }
            }
            if !reach[b - a] {
                for p in a..<b {
                    pieces[p].removeAll { piece in
                        switch piece {
                        case .term(_, let n):
                            // A word of three letters and more that starts or ends the stretch
                            // stays (ピンク of ピンクローズ, the rest unknown).
                            return p + n <= b && !(n >= 3 && (p == a || p + n == b))
                        case .function(_, let n):
                            // Folded kana: ダ of ベランダ is not the copula だ.
                            return p + n <= b
                        case .unknown:
                            return false
                        }
                    }
                }
            }
            a = b
        }
    }

    /// Forward maximum matching over an unspaced run; function words are consumed, other
    /// unmatched characters are collected as unknown.
    private func matchRun(
        _ text: NormalisedText, _ range: Range<Int>, _ state: inout State, _ result: inout MatchResult
    ) {
        let scalars = text.scalars
        let hasKana = scalars[range].contains { (0x3041...0x309F).contains($0.value) }
        let preferred: LanguageCode = hasKana ? .ja : .zh
        let language = result.language ?? preferred
        var i = range.lowerBound
        var k = ""
        var unknownStart: Int?
        // Hiragana and katakana are folded together, but a short word does not span both as
        // typed: in 新鮮なイチゴ, な + イ is not ない ("not"). Longer terms may mix them (ヤシの実).
        func kana(_ k: Int) -> UInt8 {
            let v = text.original[text.origin[k]].value
            return (0x3041...0x309F).contains(v) ? 1 : (0x30A0...0x30FA).contains(v) ? 2 : 0
        }
        // A function word met inside an unknown stretch (the に and は of こんにちは, the タ of
        // クオンタム): it joins the stretch if unknown characters follow, else ends it.
        var functionInUnknown: Int?
        func flushUnknown(_ end: Int) {
            defer { functionInUnknown = nil }
            guard let start = unknownStart else { return }
            unknownStart = nil
            // Hiragana that ends the run after unknown hiragana (the は of こんにちは) cannot be
            // told from the word's own letters: the note quotes the whole word as typed.
            let keepsTail =
                functionInUnknown.map { cut in
                    end == range.upperBound && cut > start && kana(cut - 1) == 1
                        && (cut..<end).allSatisfy { kana($0) == 1 }
                } ?? false
            let end = keepsTail ? end : functionInUnknown ?? end
            let letters = scalars[start..<end].contains { Tokenizer.scriptClass($0) == .run }
            if letters { result.unknown.append(text.surface(start..<end)) }
        }
        func crossesKana(_ from: Int, _ n: Int) -> Bool {
            var seen: UInt8 = 0
            for k in from..<(from + n) {
                let c = kana(k)
                if c == 0 { continue }
                if seen != 0, c != seen { return true }
                seen = c
            }
            return false
        }
        // Segmentation: of every way to cut the run into terms, function words and unknown
        // characters, the one that covers the most characters with terms and function words,
        // then the one with the fewest pieces, then the longest piece first (forward maximum
        // matching where it cuts nothing wrongly). 天青色瓷器 is 天青色 + 瓷器, not 天青色瓷
        // (a term) and an unknown 器; 胭脂红萝卜 is 胭脂 + 红萝卜.
        let count = range.upperBound - range.lowerBound
        var pieces = [[Piece]](repeating: [], count: count)
        // The run's UTF-8 once, where each scalar starts in it, and how many scalars before each
        // may not be in NFC as they stand: every key tried is a slice of the bytes, looked up
        // without a `String` made for it (the indexes compare bytes).
        var utf8: [UInt8] = []
        utf8.reserveCapacity(count * 3)
        var starts = [Int](repeating: 0, count: count + 1)
        var unsettled = [Int](repeating: 0, count: count + 1)
        for k in 0..<count {
            let c = scalars[range.lowerBound + k]
            starts[k] = utf8.count
            unsettled[k + 1] = unsettled[k] + (GrammarWords.isSettled(c) ? 0 : 1)
            UTF8.encode(c) { utf8.append($0) }
        }
        starts[count] = utf8.count
        let functionBytes = grammar.runFunctionBytes
        utf8.withUnsafeBufferPointer { bytes in
            for at in 0..<count {
                let from = range.lowerBound + at
                var n = min(max(lexicon.maxRunLength, runFunctionMax), range.upperBound - from)
                while n >= 1 {
                    if n > 1, n <= 3, hasKana, crossesKana(from, n) {
                        n -= 1
                        continue
                    }
                    let key = UnsafeBufferPointer(rebasing: bytes[starts[at]..<starts[at + n]])
                    if let list = lexicon.exact.senses(utf8: key),
                        let s = lexicon.choose(list, language: language, preferred: preferred)
                    {
                        pieces[at].append(.term(s, n))
                    } else if let functionBytes, unsettled[at + n] == unsettled[at] {
                        // Scalars in NFC as they stand against words in NFC: equal as strings
                        // (canonical equivalence) only when equal as bytes.
                        if functionBytes.contains(utf8: key) {
                            pieces[at].append(.function(string(scalars[from..<(from + n)]), n))
                        }
                    } else {
                        let text = string(scalars[from..<(from + n)])
                        if runFunction.contains(text) { pieces[at].append(.function(text, n)) }
                    }
                    n -= 1
                }
            }
        }
        if hasKana { dropKatakanaFragments(&pieces, range: range, text: text) }
        // best[at]: (characters covered, pieces) from `at` to the end, and the piece chosen there.
        var best = [(covered: Int, pieces: Int)](repeating: (0, 0), count: count + 1)
        var choice = [Piece](repeating: .unknown, count: count)
        func isPiece(_ p: Piece) -> Bool {
            if case .unknown = p { return false }
            return true
        }
        for at in stride(from: count - 1, through: 0, by: -1) {
            var top = (covered: best[at + 1].covered, pieces: best[at + 1].pieces + 1)
            var chosen = Piece.unknown
            for piece in pieces[at] {
                let n: Int
                switch piece {
                case .term(_, let m), .function(_, let m): n = m
                case .unknown: n = 1
                }
                let score = (covered: best[at + n].covered + n, pieces: best[at + n].pieces + 1)
                if score.covered > top.covered || (score.covered == top.covered && score.pieces < top.pieces)
                    || (score.covered == top.covered && score.pieces == top.pieces && !isPiece(chosen))
                {
                    top = score
                    chosen = piece
                }
            }
            best[at] = top
            choice[at] = chosen
        }
        while i < range.upperBound {
            var n = 1
            var found: Sense?
            var function = false
            switch choice[i - range.lowerBound] {
            case .term(let s, let m):
                found = s
                n = m
            case .function(let key, let m):
                function = true
                k = key
                n = m
            case .unknown:
                break
            }
            if let s = found {
                flushUnknown(i)
                result.matches.append(
                    Match(
                        entry: s.entry, surface: text.surface(i..<(i + n)), ordinal: state.ordinal,
                        clause: state.clause, isHead: state.ofPending))
                state.ofPending = false
                i += n
            } else if function {
                if unknownStart != nil {
                    if functionInUnknown == nil { functionInUnknown = i }
                } else {
                    flushUnknown(i)
                }
                // 的, の link a modifier to its head: 海邊的日出 is a sunrise.
                state.ofPending = linkers.contains(k)
                if isCoordinator(k, language) { state.coordinators.insert(state.ordinal) }
                if relationWords.contains(k) {
                    result.relationClauses.insert(state.clause)
                    if lexicon.grammar.insideRunWords.contains(k) {
                        result.relations.append((state.clause, state.ordinal, false))
                    }
                }
                i += n
            } else {
                if unknownStart == nil { unknownStart = i }
                functionInUnknown = nil
                state.ofPending = false
                i += 1
            }
            state.ordinal += 1
        }
        flushUnknown(range.upperBound)
    }
}
