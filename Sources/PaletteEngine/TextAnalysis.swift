import PaletteCore

// MARK: - Normalised text

/// The description folded for lookup, with a map back to what the user typed.
///
/// Folding is scalar to scalar (lower case, accents dropped, full-width ASCII narrowed,
/// Traditional -> Simplified), so every matched span maps back to the user's own words
/// for the rationale.
struct NormalisedText {
    /// How many scalars of a description are read; the rest of a huge paste is ignored.
    static let readLimit = 4096

    let original: [Unicode.Scalar]
    let scalars: [Unicode.Scalar]
    /// For each folded scalar, the index of the original scalar it came from.
    let origin: [Int]
    let wasTruncated: Bool

    init(_ text: String, lexicon: Lexicon) {
        var original: [Unicode.Scalar] = []
        var truncated = false
        for s in text.unicodeScalars {
            if original.count == NormalisedText.readLimit {
                truncated = true
                break
            }
            original.append(s)
        }
        var scalars: [Unicode.Scalar] = []
        var origin: [Int] = []
        scalars.reserveCapacity(original.count)
        origin.reserveCapacity(original.count)
        for (i, s) in original.enumerated() {
            guard let f = lexicon.fold(s) else { continue }
            scalars.append(f)
            origin.append(i)
        }
        self.original = original
        self.scalars = scalars
        self.origin = origin
        self.wasTruncated = truncated
    }

    /// The user's own text for the folded scalars in `range`.
    func surface(_ range: Range<Int>) -> String {
        guard let first = range.first, let last = range.last else { return "" }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: original[origin[first]...origin[last]])
        return String(out)
    }
}

extension Lexicon {
    /// One scalar folded for lookup, or nil for scalars that carry nothing (variation selectors).
    func fold(_ s: Unicode.Scalar) -> Unicode.Scalar? {
        let v = s.value
        switch v {
        case 0x41...0x5A:
            return Unicode.Scalar(v + 0x20)
        case 0..<0x80:
            return s
        case 0xFE0E, 0xFE0F:
            return nil
        case 0xFF01...0xFF5E:
            return Unicode.Scalar(v - 0xFEE0).flatMap { fold($0) }
        case 0x2018, 0x2019:
            return "'"
        case 0xC0..<0x250:
            let i = Int(v - 0xC0)
            return i < latinBases.count ? latinBases[i] : s
        default:
            return ChineseFolding.simplified(s) ?? s
        }
    }
}

// MARK: - Tokens

/// A piece of the folded text, in order.
enum Token: Equatable {
    /// An English (Latin-script) word; `range` is in folded scalars.
    case word(String, range: Range<Int>)
    /// A run of scalars with no spaces between words: Chinese, emoji, other scripts.
    case run(range: Range<Int>)
    /// `#RGB` or `#RRGGBB` written in the text.
    case hex(RGB, range: Range<Int>)
    /// Punctuation: modifiers and negations do not reach across it.
    case clauseBreak
}

/// Splits folded text into words, unspaced runs, hex codes and clause breaks.
enum Tokenizer {
    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x61...0x7A, 0x30...0x39, 0x27: return true
        case 0xC0..<0x250: return s.properties.isAlphabetic
        default: return false
        }
    }

    static func isBreak(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x21, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x0A, 0x28, 0x29, 0x2F, 0x7C: return true
        case 0x3001, 0x3002, 0xFF0C, 0xFF1B, 0xFF1A, 0xFF01, 0xFF1F, 0x2026: return true
        default: return false
        }
    }

    static func tokens(_ text: NormalisedText) -> [Token] {
        let s = text.scalars
        var out: [Token] = []
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "#", let (rgb, end) = hexCode(s, from: i + 1) {
                out.append(.hex(rgb, range: i..<end))
                i = end
            } else if isWordScalar(c) {
                var j = i
                while j < s.count, isWordScalar(s[j]) { j += 1 }
                if let word = cleanWord(s[i..<j]) { out.append(.word(word, range: i..<j)) }
                i = j
            } else if isBreak(c) {
                if out.last != .clauseBreak { out.append(.clauseBreak) }
                i += 1
            } else if c.properties.isWhitespace || c.value < 0x80 || c.properties.generalCategory == .control {
                i += 1
            } else {
                var j = i
                while j < s.count, !isWordScalar(s[j]), !isBreak(s[j]), !s[j].properties.isWhitespace,
                    s[j].value >= 0x80
                {
                    j += 1
                }
                out.append(.run(range: i..<j))
                i = j
            }
        }
        return out
    }

    /// A word with its possessive `'s` and other apostrophes removed, as the generator does.
    private static func cleanWord(_ scalars: ArraySlice<Unicode.Scalar>) -> String? {
        var view = String.UnicodeScalarView()
        var slice = scalars
        if slice.count >= 3, slice[slice.endIndex - 1] == "s", slice[slice.endIndex - 2] == "'" {
            slice = slice.dropLast(2)
        }
        for c in slice where c != "'" { view.append(c) }
        return view.isEmpty ? nil : String(view)
    }

    /// A 6- or 3-digit hex code starting at `start`, not followed by another word character.
    private static func hexCode(_ s: [Unicode.Scalar], from start: Int) -> (RGB, Int)? {
        var end = start
        while end < s.count, end - start < 7, s[end].properties.isASCIIHexDigit { end += 1 }
        let n = end - start
        guard n == 6 || n == 3, end == s.count || !isWordScalar(s[end]) else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: s[start..<end])
        guard let rgb = try? RGB(hex: text) else { return nil }
        return (rgb, end)
    }
}

// MARK: - English inflection

/// Simple English inflection: the stems to try when a word is not in the lexicon as written.
///
/// Plurals (berries, leaves, beaches), -ing/-ed, comparatives (darker), adverbs (calmly),
/// -ness, -ish (reddish) and adjectives in -y (snowy, foggy, icy). Candidates are tried in
/// order; a stem shorter than three letters is never tried.
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
    let entry: Int
    /// The user's own spelling, for the rationale.
    let surface: String
    /// Position in words (English) or characters (unspaced runs), counting unmatched ones too.
    let ordinal: Int
    let clause: Int
    /// A `#RRGGBB` written in the text; `entry` is -1.
    var hexColour: RGB?
    /// Found among English words (not in an unspaced run).
    var isWord = false
    /// The head of its phrase: before a preposition ("sunset over the sea") or after 的
    /// (海邊的日出).
    var isHead = false
}

/// Finds lexicon words: English by longest phrase (with inflection), CJK by longest match.
struct Matcher {
    let lexicon: Lexicon

    func matches(in text: NormalisedText, tokens: [Token]) -> [Match] {
        var out: [Match] = []
        var ordinal = 0
        var clause = 0
        var words: [(String, Range<Int>)] = []
        var ofPending = false

        func flushWords() {
            var i = 0
            while i < words.count {
                if let (entry, n) = longestPhrase(words, at: i) {
                    let range = words[i].1.lowerBound..<words[i + n - 1].1.upperBound
                    out.append(
                        Match(
                            entry: entry, surface: text.surface(range), ordinal: ordinal, clause: clause,
                            isWord: true, isHead: ofPending))
                    ofPending = false
                    i += n
                } else {
                    if Matcher.prepositions.contains(words[i].0), let last = out.indices.last,
                        out[last].isWord, out[last].ordinal == ordinal - 1
                    {
                        out[last].isHead = true
                    }
                    // "a field of sunflowers", "a cup of coffee": what follows "of" is the colour.
                    if words[i].0 == "of" { ofPending = true }
                    i += 1
                }
                ordinal += 1
            }
            words.removeAll(keepingCapacity: true)
        }

        for token in tokens {
            switch token {
            case .word(let w, let range):
                words.append((w, range))
            case .run(let range):
                flushWords()
                matchRun(text, range, ordinal: &ordinal, clause: clause, into: &out)
            case .hex(let rgb, let range):
                flushWords()
                out.append(
                    Match(entry: -1, surface: text.surface(range), ordinal: ordinal, clause: clause, hexColour: rgb))
                ordinal += 1
            case .clauseBreak:
                flushWords()
                ofPending = false
                clause += 1
                ordinal += 1
            }
        }
        flushWords()
        return out
    }

    /// Words after which a phrase's head has ended: "sunset over the sea" is a sunset.
    static let prepositions: Set<String> = [
        "over", "in", "at", "on", "by", "under", "near", "after", "during", "from", "above", "below",
        "beneath", "across", "through", "along", "among", "around", "inside", "within", "beside",
    ]

    /// The longest lexicon phrase starting at word `i`: (entry, number of words).
    private func longestPhrase(_ words: [(String, Range<Int>)], at i: Int) -> (Int, Int)? {
        let maxN = min(lexicon.maxPhraseWords, words.count - i)
        var n = maxN
        while n >= 1 {
            var key = words[i].0
            if n > 1 {
                for k in (i + 1)..<(i + n) { key += " " + words[k].0 }
            }
            if let e = lexicon.english[key] { return (e, n) }
            // Inflect only the last word of a phrase: "cherry blossoms", "autumn leaves".
            let last = words[i + n - 1].0
            let prefix = n > 1 ? String(key.dropLast(last.count)) : ""
            for stem in Inflection.stems(last) {
                if let e = lexicon.english[prefix + stem] { return (e, n) }
            }
            n -= 1
        }
        return nil
    }

    /// Forward maximum matching over an unspaced run; unmatched characters are skipped.
    private func matchRun(
        _ text: NormalisedText, _ range: Range<Int>, ordinal: inout Int, clause: Int, into out: inout [Match]
    ) {
        var i = range.lowerBound
        var key = String.UnicodeScalarView()
        var afterDe = false
        while i < range.upperBound {
            var n = min(lexicon.maxCJKLength, range.upperBound - i)
            var found: Int?
            while n >= 1 {
                key.removeAll(keepingCapacity: true)
                key.append(contentsOf: text.scalars[i..<(i + n)])
                if let e = lexicon.cjk[String(key)] {
                    found = e
                    break
                }
                n -= 1
            }
            if let e = found {
                out.append(
                    Match(
                        entry: e, surface: text.surface(i..<(i + n)), ordinal: ordinal, clause: clause, isHead: afterDe)
                )
                afterDe = false
                i += n
            } else {
                // 的 and 之 link a modifier to its head: 海邊的日出 is a sunrise.
                afterDe = text.scalars[i] == "的" || text.scalars[i] == "之"
                i += 1
            }
            ordinal += 1
        }
    }
}
