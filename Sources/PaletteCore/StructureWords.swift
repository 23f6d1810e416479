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
        "single colour", "single color", "one colour", "one color", "black and white", "black-and-white",
        "grayscale", "greyscale",
        // zh
        "單色", "单色", "深淺", "深浅", "同色系", "一色", "黑白", "灰階", "灰阶",
        // ja (一色 above)
        "モノクローム", "モノクロ", "モノトーン", "単色", "濃淡", "グラデーション", "白黒",
        // ko
        "단색", "모노크롬", "모노톤", "계열만", "톤온톤", "흑백", "모든 색조", "색조의", "색으로만", "농담",
        // fr, es, pt, it
        "toutes les nuances", "nuances de", "camaïeu", "monocrom", "tonos de", "todos los tonos", "matices de",
        "tons de", "todos os tons", "sfumature di", "tutte le sfumature", "noir et blanc", "niveaux de gris",
        "blanco y negro", "escala de grises", "preto e branco", "escala de cinza", "bianco e nero", "scala di grigi",
        // de
        "alle blautöne", "alle grüntöne", "alle rottöne", "alle grautöne", "ton in ton", "farbtöne", "blautöne",
        "grüntöne", "rottöne", "grautöne", "brauntöne", "gelbtöne",
        "schwarzweiß", "schwarz-weiß", "schwarz und weiß", "schwarz-weiss", "graustufen",
        // ru
        "монохром", "все оттенки", "оттенки", "одноцветн", "чёрно-бел", "черно-бел",
        // ar
        "أحادي اللون", "أبيض وأسود", "درجات", "بدرجات", "تدرج", "بتدرج", "يتدرج", "متدرج",
        // hi
        "के सभी रंग", "श्वेत-श्याम", "ब्लैक एंड व्हाइट", "एक ही रंग", "एकरंग", "के शेड", "शेड्स", "अलग-अलग शेड",
        // vi
        "đơn sắc", "đen trắng", "các sắc", "sắc độ", "toàn sắc", "các tông", "tông màu",
        // tr
        "tek renk", "monokrom", "tonları", "siyah beyaz", "siyah-beyaz",
    ]

    static let soft: [String] = [
        // en
        "faint", "whisper", "misty", "hazy", "barely", "subtle", "muted", "delicate", "soft", "low contrast",
        "low-contrast", "washed out", "washed-out",
        // zh
        "若有若無", "若有若无", "淡淡", "朦朧", "朦胧", "雾蒙蒙", "霧濛濛", "霧茫茫", "雾茫茫", "霧霧", "雾雾",
        "若隱若現", "若隐若现", "幾乎看不", "几乎看不", "素雅", "淡雅", "隱約", "隐约", "柔和", "輕柔", "轻柔", "低對比", "低对比",
        // ja
        "ほのか", "かすか", "霞", "淡い", "朧", "コントラストの低", "低コントラスト",
        // ko
        "희미", "은은", "흐릿", "옅은", "아련", "연한", "연하고", "뽀얀", "저대비", "대비가 낮",
        // fr
        "murmur", "brumeu", "estomp", "poudré", "pâle", "doux", "douce", "faible contraste", "peu contrast",
        // es, pt
        "tenue", "susurr", "brumos", "difumin", "pálid", "suave", "sussurr", "quase invisível", "tênue",
        "névoa", "sem contraste", "sin contraste", "bajo contraste", "poco contraste", "baixo contraste",
        "pouco contraste", "esmaecid", "desvaíd",
        // de
        "zart", "kaum", "neblig", "dunstig", "blass", "sanft", "nebel", "kontrastarm", "wenig kontrast",
        // it
        "sussurr", "nebbi", "soffus", "pallid", "foschi", "lattigin", "velat", "leggera", "leggero", "basso contrasto",
        "poco contrasto",
        // ru
        "едва", "еле замет", "приглушённ", "приглушенн", "дымк", "туман", "бледн", "нежн", "малоконтраст",
        "низкоконтраст", "низкий контраст",
        // ar
        "بالكاد", "ضباب", "باهت", "خفيف", "تباين منخفض", "تباين خفيف",
        // hi
        "धुंध", "धुले", "फीका", "फीकी", "हल्की", "हल्का", "कम कंट्रास्ट",
        // vi
        "mờ", "nhạt", "sương", "tương phản thấp",
        // tr
        "belli belirsiz", "soluk", "puslu", "sisli", "sisi", "hafif", "düşük kontrast", "az kontrast",
    ]

    /// The request a description makes, and the words that made it (in the user's text).
    public static func request(in description: String) -> (request: RoleStructure.Request, words: [String]) {
        // The offline engine reads as much (NormalisedText.readLimit).
        let text: [Unicode.Scalar]
        let utf8 = description.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (most descriptions): each byte is its scalar, lower-cased as `lowercased()`
            // does ASCII (A–Z only), without building the lower-cased string first.
            text = utf8.prefix(4096).map { Unicode.Scalar($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) }
        } else {
            text = Array(description.lowercased().unicodeScalars.prefix(4096))
        }
        let mono = monoIndex.matches(in: text)
        if !mono.isEmpty { return (.mono, mono) }
        let soft = softIndex.matches(in: text)
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
    private static let monoIndex = TermIndex(mono.map(Term.init))
    private static let softIndex = TermIndex(soft.map(Term.init))

    /// Terms by their first two scalars (or their one): only the terms whose opening pair a text
    /// holds can match in it, so only those are looked for (a few of the 170, in most texts;
    /// trying each term at each position was a fifth of the reading's time).
    private struct TermIndex: Sendable {
        let terms: [Term]
        let byPair: [UInt64: [Int]]
        let bySingle: [UInt32: [Int]]
        /// A 4,096-bit filter of the pairs' and single scalars' `slot`s: most of a text's pairs
        /// open no term and skip the dictionaries' hashing.
        let filter: [UInt64]

        init(_ terms: [Term]) {
            self.terms = terms
            var byPair: [UInt64: [Int]] = [:]
            var bySingle: [UInt32: [Int]] = [:]
            var filter = [UInt64](repeating: 0, count: 64)
            for (k, term) in terms.enumerated() {
                let t = term.scalars
                let key: UInt64
                if t.count >= 2 {
                    key = TermIndex.pair(t[0], t[1])
                    byPair[key, default: []].append(k)
                } else if let first = t.first {
                    key = UInt64(first.value)
                    bySingle[first.value, default: []].append(k)
                } else {
                    continue
                }
                let slot = TermIndex.slot(key)
                filter[slot >> 6] |= 1 << UInt64(slot & 63)
            }
            self.byPair = byPair
            self.bySingle = bySingle
            self.filter = filter
        }

        /// A key's bit in `filter`.
        static func slot(_ key: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52)
        }

        func mayHold(_ key: UInt64) -> Bool {
            let slot = TermIndex.slot(key)
            return filter[slot >> 6] & (1 << UInt64(slot & 63)) != 0
        }

        static func pair(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> UInt64 {
            UInt64(a.value) << 32 | UInt64(b.value)
        }

        /// The terms found, each once, as the text spells them, in term order.
        func matches(in text: [Unicode.Scalar]) -> [String] {
            var candidates: [Int] = []
            for i in text.indices {
                let single = UInt64(text[i].value)
                if mayHold(single), let k = bySingle[text[i].value] { candidates += k }
                guard i + 1 < text.count else { continue }
                let pair = TermIndex.pair(text[i], text[i + 1])
                if mayHold(pair), let k = byPair[pair] { candidates += k }
            }
            guard !candidates.isEmpty else { return [] }
            candidates.sort()
            var found: [String] = []
            var last = -1
            for k in candidates where k != last {
                last = k
                StructureWords.find(terms[k], in: text, into: &found)
            }
            return found
        }
    }

    /// Adds the term as the text spells it at its first occurrence to `found` (each word once).
    private static func find(_ term: Term, in text: [Unicode.Scalar], into found: inout [String]) {
        let t = term.scalars
        guard let first = t.first, t.count <= text.count else { return }
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
                return
            }
            i += 1
        }
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
