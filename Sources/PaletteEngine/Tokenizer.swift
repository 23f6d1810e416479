import PaletteCore

/// The writing system of a scalar, as far as finding words is concerned.
///
/// Spaced scripts (Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari and other Indic
/// scripts, Hangul) are cut into words at spaces, punctuation and script changes, as UAX #29
/// does for them. Unspaced scripts (Han, kana, Thai, Lao, Khmer, Myanmar) and symbols are
/// read as runs and segmented by longest match against the lexicon.
enum ScriptClass: UInt8, Sendable {
    case latin, greek, cyrillic, armenian, hebrew, arabic, devanagari, indic, hangul
    /// Unspaced: Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar.
    case run
    case other
}

/// One word of a spaced script, folded.
struct Word {
    /// Folded, accents kept.
    var folded: String
    /// Accents dropped.
    var bare: String
    /// In folded scalars (the user's spelling is `NormalisedText.surface(range)`).
    var range: Range<Int>
    var script: ScriptClass
    /// An elided article was cut from the front (l'océan, dell'alba).
    var elided = false
    /// What was cut is "of" (d'orange, dell'alba).
    var elidedOf = false
    /// Stems of `folded` and `bare` by language, filled once per word by the matcher.
    var stems = StemTable()
}

/// A word's stems by language: a small table indexed by the language's raw value. The matcher
/// reads it for every window and language it tries, and a dictionary hashed the language on
/// each read (and grew as each language was added).
struct StemTable {
    private var slots: [(folded: String, bare: String)?] = []

    subscript(language: LanguageCode) -> (folded: String, bare: String)? {
        get { slots.isEmpty ? nil : slots[Int(language.rawValue)] }
        set {
            if slots.isEmpty { slots = Array(repeating: nil, count: LanguageCode.allCases.count) }
            slots[Int(language.rawValue)] = newValue
        }
    }

    /// Whether any language's stems satisfy `predicate`.
    func contains(where predicate: ((folded: String, bare: String)) -> Bool) -> Bool {
        slots.contains { $0.map(predicate) ?? false }
    }
}

/// A piece of the folded text, in order.
enum Token {
    case word(Word)
    /// A run of scalars with no spaces between words: Chinese, Japanese, Thai, emoji.
    case run(range: Range<Int>)
    /// `#RGB` or `#RRGGBB` written in the text.
    case hex(RGB, range: Range<Int>)
    /// Punctuation: modifiers and negations do not reach across it.
    case clauseBreak

    var isClauseBreak: Bool {
        if case .clauseBreak = self { return true }
        return false
    }
}

/// Splits folded text into words, unspaced runs, hex codes and clause breaks.
enum Tokenizer {
    static func scriptClass(_ s: Unicode.Scalar) -> ScriptClass {
        switch s.value {
        case 0x30...0x39, 0x61...0x7A, 0x41...0x5A, 0xC0..<0x250, 0x1E00...0x1EFF: return .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F: return .cyrillic
        case 0x530...0x58F: return .armenian
        case 0x590...0x5FF: return .hebrew
        case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFC: return .arabic
        case 0x900...0x97F: return .devanagari
        case 0x980...0xDFF: return .indic
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF: return .hangul
        case 0xE00...0xEFF, 0x1000...0x109F, 0x1780...0x17FF, 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029,
            0x3031...0x3035, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
            0xFF66...0xFF9F, 0x20000...0x3FFFF:
            return .run
        default: return .other
        }
    }

    /// The script of a scalar that can be part of a spaced word (letters, digits, marks), else nil.
    static func wordScript(_ s: Unicode.Scalar) -> ScriptClass? {
        let v = s.value
        if v < 0x80 {
            return (0x61...0x7A).contains(v) || (0x30...0x39).contains(v) ? .latin : nil
        }
        let script = scriptClass(s)
        switch script {
        case .run, .other: return nil
        default:
            let p = s.properties
            if p.isAlphabetic || p.numericType != nil { return script }
            switch p.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return script
            default: return nil
            }
        }
    }

    static func isMark(_ s: Unicode.Scalar) -> Bool {
        guard s.value >= 0x300 else { return false }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Punctuation that ends a clause: a modifier or a negation does not reach across it.
    static func isBreak(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x21, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x0A, 0x28, 0x29, 0x2F, 0x7C: return true
        case 0xA1, 0xBF, 0x3001, 0x3002, 0xFF0C, 0xFF1B, 0xFF1A, 0xFF01, 0xFF1F, 0x2026, 0x60C, 0x61B, 0x61F, 0x6D4,
            0x964, 0x965, 0x2014, 0xFF61, 0xFF64:
            return true
        default: return false
        }
    }

    /// The text's tokens; `elisions` are the articles cut before an apostrophe (l', dell').
    static func tokens(_ text: NormalisedText, elisions: Set<String> = [], folding: Folding? = nil) -> [Token] {
        let s = text.scalars
        var out: [Token] = []
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "#", let (rgb, end) = hexCode(s, from: i + 1) {
                out.append(.hex(rgb, range: i..<end))
                i = end
            } else if let script = wordScript(c) {
                var j = i + 1
                var current = script
                var digitsOnly = c.value >= 0x30 && c.value <= 0x39
                while j < s.count {
                    let d = s[j]
                    if isMark(d) || (d.value >= 0x30 && d.value <= 0x39) {
                        j += 1
                    } else if let ds = wordScript(d) {
                        // A change of script ends the word, except after digits ("3월", "80s").
                        if ds != current {
                            guard digitsOnly else { break }
                            current = ds
                        }
                        digitsOnly = false
                        j += 1
                    } else if d == "'" || d == ".", current == .latin, j + 1 < s.count, wordScript(s[j + 1]) == .latin {
                        // l'océan, booking.com, u.s.a: inside a Latin word, not punctuation.
                        j += 1
                    } else {
                        break
                    }
                }
                if let word = cleanWord(s, i..<j, script: current, elisions: elisions, folding: folding) {
                    out.append(.word(word))
                }
                i = j
            } else if isBreak(c) {
                if !(out.last?.isClauseBreak ?? false) { out.append(.clauseBreak) }
                i += 1
            } else if c.value < 0x80 || c.properties.isWhitespace || c.properties.generalCategory == .control {
                // ASCII first: a space is the commonest scalar here, and its Unicode properties
                // cost a table lookup that the range check spares.
                i += 1
            } else {
                var j = i
                while j < s.count, wordScript(s[j]) == nil, !isBreak(s[j]), s[j].value >= 0x80,
                    !s[j].properties.isWhitespace
                {
                    j += 1
                }
                out.append(.run(range: i..<j))
                i = j
            }
        }
        return out
    }

    /// A word with an elided article cut (l'océan -> océan), an English possessive 's cut
    /// (robin's -> robin) and other apostrophes removed.
    private static func cleanWord(
        _ s: [Unicode.Scalar], _ range: Range<Int>, script: ScriptClass, elisions: Set<String>,
        folding: Folding?
    ) -> Word? {
        var start = range.lowerBound
        var end = range.upperBound
        var elided = false
        var elidedOf = false
        if script == .latin, let apostrophe = s[range].firstIndex(of: "'") {
            var head = String.UnicodeScalarView()
            head.append(contentsOf: s[start..<apostrophe])
            if elisions.contains(String(head)), apostrophe + 1 < end {
                start = apostrophe + 1
                elided = true
                // Of the `@elision` articles (fr, it), the two that are "of".
                elidedOf = ["d", "dell"].contains(String(head))
            } else if end - start >= 3, s[end - 1] == "s", s[end - 2] == "'" {
                end -= 2
            }
        }
        guard s[start..<end].contains(where: { $0 != "'" }) else { return nil }
        let folded = string(s[start..<end].lazy.filter { $0 != "'" })
        var word = Word(
            folded: folded, bare: folding?.bare(folded) ?? folded, range: start..<end, script: script, elided: elided)
        word.elidedOf = elidedOf
        return word
    }

    /// A 6- or 3-digit hex code starting at `start`, not followed by another word character.
    private static func hexCode(_ s: [Unicode.Scalar], from start: Int) -> (RGB, Int)? {
        var end = start
        while end < s.count, end - start < 7, s[end].properties.isASCIIHexDigit { end += 1 }
        let n = end - start
        guard n == 6 || n == 3, end == s.count || wordScript(s[end]) == nil else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: s[start..<end])
        guard let rgb = try? RGB(hex: text) else { return nil }
        return (rgb, end)
    }
}
