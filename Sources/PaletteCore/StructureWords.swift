/// Words that ask for a role structure other than the full one, in the engine's fifteen
/// languages: one hue ("monochrome", "all shades of blue", 青一色) or low contrast ("faint",
/// "misty", "whisper", 若有若無). `RoleStructure` then relaxes the rule the request names.
///
/// Kept apart from the lexicon: these words change how the roles relate, not a colour.
/// Matched on the lower-cased description (Unicode case folding only): in spaced scripts at
/// the start of a word (so stems match their inflections: "whispered", "туманное", "nebbia"),
/// in unspaced ones anywhere. Both Chinese scripts are listed.
public enum StructureWords {
    static let mono: [String] = [
        // en
        "monochrom", "all shades of", "shades of", "all tones of", "tones of", "tone on tone", "tonal",
        "single colour", "single color", "one colour", "one color",
        // zh
        "單色", "单色", "深淺", "深浅", "同色系", "一色",
        // ja (一色 above)
        "モノクローム", "モノトーン", "単色", "濃淡",
        // ko
        "단색", "모노크롬", "모노톤", "계열만", "톤온톤",
        // fr, es, pt, it
        "toutes les nuances", "nuances de", "camaïeu", "monocrom", "tonos de", "todos los tonos", "matices de",
        "tons de", "todos os tons", "sfumature di", "tutte le sfumature",
        // de
        "alle blautöne", "alle grüntöne", "alle rottöne", "alle grautöne", "ton in ton", "farbtöne",
        // ru
        "монохром", "все оттенки", "оттенки", "одноцветн",
        // ar
        "أحادي اللون", "درجات",
        // hi
        "के सभी रंग", "एक ही रंग", "एकरंग",
        // vi
        "đơn sắc", "các sắc", "sắc độ",
        // tr
        "tek renk", "monokrom", "tonları",
    ]

    static let soft: [String] = [
        // en
        "faint", "whisper", "misty", "hazy", "barely", "subtle", "muted", "delicate", "soft",
        // zh
        "若有若無", "若有若无", "淡淡", "朦朧", "朦胧", "淡雅", "隱約", "隐约", "柔和", "輕柔", "轻柔",
        // ja
        "ほのか", "かすか", "霞", "淡い", "朧",
        // ko
        "희미", "은은", "흐릿", "옅은", "아련",
        // fr
        "murmur", "brumeu", "estomp", "poudré", "pâle", "doux", "douce",
        // es, pt
        "tenue", "susurr", "brumos", "difumin", "pálid", "suave", "sussurr", "quase invisível", "tênue",
        "névoa",
        // de
        "zart", "kaum", "neblig", "dunstig", "blass", "sanft", "nebel",
        // it
        "sussurr", "nebbi", "soffus", "pallid", "leggera", "leggero",
        // ru
        "едва", "дымк", "туман", "бледн", "нежн",
        // ar
        "بالكاد", "ضباب", "باهت", "خفيف",
        // hi
        "धुंध", "फीका", "फीकी", "हल्की", "हल्का",
        // vi
        "mờ", "nhạt", "sương",
        // tr
        "belli belirsiz", "soluk", "puslu", "sisli", "sisi", "hafif",
    ]

    /// The request a description makes, and the words that made it (in the user's text).
    public static func request(in description: String) -> (request: RoleStructure.Request, words: [String]) {
        // The offline engine reads as much (NormalisedText.readLimit).
        let text = Array(description.lowercased().unicodeScalars.prefix(4096))
        let present = Present(text)
        let mono = matches(monoTerms, in: text, present: present)
        if !mono.isEmpty { return (.mono, mono) }
        let soft = matches(softTerms, in: text, present: present)
        return soft.isEmpty ? (.full, []) : (.soft, soft)
    }

    /// A term as scalars, with whether its script is cut at spaces: made once, not per palette
    /// (splitting every term on every call was an eighth of the engine's time).
    private struct Term: Sendable {
        let scalars: [Unicode.Scalar]
        let spaced: Bool
        init(_ term: String) {
            scalars = Array(term.unicodeScalars)
            spaced = scalars.first.map(StructureWords.isSpacedScript) ?? true
        }
    }
    private static let monoTerms = mono.map(Term.init)
    private static let softTerms = soft.map(Term.init)

    /// The scalars a text holds: ASCII in a bit set, the others in a set. A term whose first
    /// scalar is not among them is not looked for (most terms, in most descriptions).
    private struct Present {
        var ascii: (UInt64, UInt64) = (0, 0)
        var other: Set<Unicode.Scalar> = []

        init(_ text: [Unicode.Scalar]) {
            for c in text {
                let v = c.value
                if v < 64 {
                    ascii.0 |= 1 << UInt64(v)
                } else if v < 128 {
                    ascii.1 |= 1 << UInt64(v - 64)
                } else {
                    other.insert(c)
                }
            }
        }

        func contains(_ c: Unicode.Scalar) -> Bool {
            let v = c.value
            if v < 64 { return ascii.0 & (1 << UInt64(v)) != 0 }
            if v < 128 { return ascii.1 & (1 << UInt64(v - 64)) != 0 }
            return other.contains(c)
        }
    }

    /// The terms found, each once, as the text spells them.
    private static func matches(_ terms: [Term], in text: [Unicode.Scalar], present: Present) -> [String] {
        var found: [String] = []
        for term in terms {
            let t = term.scalars
            guard let first = t.first, t.count <= text.count, present.contains(first) else { continue }
            let spaced = term.spaced
            var i = 0
            while i + t.count <= text.count {
                if text[i] == first, (1..<t.count).allSatisfy({ text[i + $0] == t[$0] }),
                    !spaced || i == 0 || !isLetter(text[i - 1])
                {
                    // The whole word in the user's text (its inflection included) for the rationale.
                    var end = i + t.count
                    if spaced { while end < text.count, isLetter(text[end]) { end += 1 } }
                    let word = String(String.UnicodeScalarView(text[i..<end]))
                    if !found.contains(word) { found.append(word) }
                    break
                }
                i += 1
            }
        }
        return found
    }

    private static func isLetter(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || s.properties.generalCategory == .nonspacingMark
            || s.properties.generalCategory == .spacingMark
    }

    /// Latin, Greek, Cyrillic, Arabic, Devanagari: words are cut at spaces; Han, kana and
    /// Hangul terms match anywhere (Korean stems take particles).
    private static func isSpacedScript(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x0E00
    }
}
