import FoundationEssentials
import Glibc
import PaletteCore

/// The words of a refinement ("warmer accent", "更柔和", "plus sombre", "夜のバージョン") and what
/// they ask for: OKLCH moves, the roles they name, how strongly, and whether they are negated
/// ("less muted", "不要太暗", "trop sombre").
///
/// Terms are written folded the way `RefinementLexicon.fold` folds the instruction: lower case,
/// accents and widths removed (so "wärmer" is "warmer", "oscuro" matches "más oscuro", "đậm" is
/// "đam"), Traditional Chinese as Simplified. Latin, Cyrillic, Arabic and Devanagari terms must
/// start a word and may be followed by a short ending (English: the usual inflections only);
/// Chinese, Japanese and Korean terms match anywhere. Overlaps go to the longest term.
///
/// One table for the fourteen languages the engine reads: English, Chinese, Japanese, Korean,
/// French, Spanish, Portuguese, German, Italian, Russian, Arabic, Hindi, Vietnamese, Turkish.
enum RefinementLexicon {
    /// What one modifier asks of a colour.
    enum Move: String, CaseIterable, Hashable, Sendable {
        case warmer, cooler, lighter, darker, muted, vivid, pastel, night, day, softer, bolder
        case moreContrast, lessContrast

        /// The move that undoes this one ("less warm" is cooler).
        var inverse: Move {
            switch self {
            case .warmer: return .cooler
            case .cooler: return .warmer
            case .lighter: return .darker
            case .darker: return .lighter
            case .muted: return .vivid
            case .vivid: return .muted
            case .pastel: return .vivid
            case .night: return .day
            case .day: return .night
            case .softer: return .bolder
            case .bolder: return .softer
            case .moreContrast: return .lessContrast
            case .lessContrast: return .moreContrast
            }
        }
    }

    /// What a term is.
    enum Meaning: Hashable, Sendable {
        case moves([Move])
        case role(Role)
        /// Inverts the next move in its clause: less, too, 不要太, trop, menos...
        case negation
        /// Scales the moves of its clause: much (1.7), a bit (0.55).
        case degree(Double)
    }

    struct Term: Hashable, Sendable {
        var text: String
        var meaning: Meaning
        /// Must start a word (spaced scripts).
        var wordStart: Bool
        /// Endings allowed after it: nil for any of up to four letters, [] for none.
        var endings: [String]?
    }

    /// English inflections: "darker", "warmth" is listed, "deeper", "softly", "colder".
    static let englishEndings = ["s", "er", "est", "ly", "ness", "en", "ed", "ish", "y", "r", "ier", "iest"]

    // MARK: The table

    /// Each move's terms, by language (folded).
    static let moves: [Move: [String: [String]]] = [
        .warmer: [
            "en": ["warm", "warmth", "hotter", "hot"],
            "zh": ["暖", "温暖", "暖色", "暖和"],
            "ja": ["暖か", "温か", "あたたか", "ウォーム"],
            "ko": ["따뜻", "따듯", "웜"],
            "fr": ["chaud", "chaleur"], "es": ["calid", "calor"], "pt": ["quent", "calor"],
            "de": ["warm", "warmer"], "it": ["cald", "calor"],
            "ru": ["тепл", "тёпл"], "ar": ["دافئ", "ادفا", "دفء", "دافي"], "hi": ["गर्म", "गरम"],
            "vi": ["am hon", "am ap", "nong"], "tr": ["sıcak", "sicak", "ılık"],
        ],
        .cooler: [
            "en": ["cool", "cold", "icy", "chill"],
            "zh": ["冷", "冷色", "清凉", "凉", "冰冷"],
            "ja": ["冷た", "クール", "寒色", "凉し", "涼し"],
            "ko": ["차갑", "차가", "시원", "쿨"],
            "fr": ["froid", "frais", "fraich"], "es": ["frio", "fria", "fresc"], "pt": ["frio", "fria", "fresc"],
            "de": ["kalt", "kuhl", "kalter"], "it": ["fredd", "fresc"],
            "ru": ["холод", "прохлад"], "ar": ["بارد", "ابرد"], "hi": ["ठंड", "ठंडा"],
            "vi": ["lanh", "mat hon"], "tr": ["soguk", "serin"],
        ],
        .lighter: [
            "en": ["light", "lighter", "bright", "paler", "lift"],
            "zh": ["亮", "浅", "淡", "明亮", "白一点", "提亮"],
            "ja": ["明る", "薄", "ライト"],
            "ko": ["밝", "연하", "연한"],
            "fr": ["clair", "lumineu", "eclairc"], "es": ["clar", "luminos", "aclar"],
            "pt": ["clar", "luminos"], "de": ["hell", "heller", "aufhell"], "it": ["chiar", "luminos", "schiar"],
            "ru": ["светл"], "ar": ["افتح", "فاتح"], "hi": ["हल्का", "हलका", "उजला", "हल्के"],
            "vi": ["sang", "nhat hon"], "tr": ["acık", "aydınlık", "acik"],
        ],
        .darker: [
            "en": ["dark", "deep", "dim", "dimmer", "moodier"],
            "zh": ["暗", "深", "深色", "黑一点", "压暗"],
            "ja": ["暗", "濃", "ダーク"],
            "ko": ["어둡", "어두", "짙", "진하"],
            "fr": ["fonc", "sombre", "obscurc"], "es": ["oscur"], "pt": ["escur"],
            "de": ["dunkel", "dunkl", "tief"], "it": ["scur"],
            "ru": ["темн", "тёмн"], "ar": ["اغمق", "داكن", "غامق", "اظلم"], "hi": ["गहरा", "गहरे", "गाढ़ा"],
            "vi": ["toi hon", "đam", "sam"], "tr": ["koyu", "karanlık"],
        ],
        .muted: [
            "en": [
                "muted", "mute", "desaturated", "desaturate", "dull", "greyer", "grayer", "subdued", "toned down",
                "dusty",
            ],
            "zh": ["低饱和", "灰一点", "灰一些", "素雅", "淡雅", "莫兰迪", "去饱和", "降低饱和", "灰调"],
            "ja": ["落ち着", "くすん", "くすみ", "彩度を下げ", "地味"],
            "ko": ["차분", "톤다운", "탁하", "탁한"],
            "fr": ["attenu", "sourd", "desatur", "terne", "eteint"], "es": ["apagad", "desatur", "atenuad"],
            "pt": ["apagad", "dessatur", "atenuad"], "de": ["gedampft", "entsattigt", "blass"],
            "it": ["smorz", "spent", "desatur", "tenu"], "ru": ["приглуш", "блекл", "тускл"],
            "ar": ["باهت", "خافت"], "hi": ["फीका", "फीके"], "vi": ["tram", "xam hon"], "tr": ["soluk", "donuk"],
        ],
        .vivid: [
            "en": [
                "vivid", "vibrant", "saturated", "punchy", "richer", "intense", "colorful", "colourful", "neon",
                "juicy",
            ],
            "zh": ["鲜艳", "鲜明", "饱和", "艳丽", "亮丽", "浓烈一点"],
            "ja": ["鲜やか", "ビビッド", "派手"],
            "ko": ["선명", "비비드", "화사"],
            "fr": ["vif", "vive", "eclatant", "sature", "intens"], "es": ["vivid", "vibrant", "intens", "saturad"],
            "pt": ["vivid", "vibrant", "intens", "saturad"], "de": ["lebhaft", "kraftig", "leuchtend", "gesattigt"],
            "it": ["vivac", "brillant", "satur", "intens"], "ru": ["ярк", "насыщен", "сочн"],
            "ar": ["زاه", "حيوي", "مشبع"], "hi": ["चटक", "चमकीला", "भड़कीला"], "vi": ["ruc ro", "tuoi"],
            "tr": ["canlı", "parlak", "doygun"],
        ],
        .pastel: [
            "en": ["pastel"], "zh": ["粉彩", "马卡龙", "粉嫩"], "ja": ["パステル"], "ko": ["파스텔"],
            "fr": ["pastel"], "es": ["pastel"], "pt": ["pastel"], "de": ["pastell"], "it": ["pastell"],
            "ru": ["пастел"], "ar": ["باستيل"], "hi": ["पेस्टल"], "vi": ["pastel"], "tr": ["pastel"],
        ],
        .night: [
            "en": ["night", "nighttime", "evening", "dark mode", "midnight", "nocturnal"],
            "zh": ["夜晚", "夜间", "夜", "晚上", "深夜", "暗色模式", "夜景", "深色模式"],
            "ja": ["夜", "ナイト", "ダークモード"], "ko": ["밤", "야간", "다크 모드", "다크모드"],
            "fr": ["nuit", "nocturne", "soir", "mode sombre"], "es": ["noche", "nocturn", "modo oscuro"],
            "pt": ["noite", "noturn", "modo escuro"], "de": ["nacht", "abend", "dunkelmodus"],
            "it": ["notte", "nottur", "sera"], "ru": ["ночн", "ночь", "вечер"], "ar": ["ليل", "مسائي"],
            "hi": ["रात"], "vi": ["đem", "ban đem"], "tr": ["gece", "aksam"],
        ],
        .day: [
            "en": ["day", "daytime", "daylight", "morning", "sunny", "light mode", "daylit"],
            "zh": ["白天", "白昼", "日间", "白日", "早晨", "亮色模式", "浅色模式"],
            "ja": ["昼", "日中", "ライトモード"], "ko": ["낮", "주간", "라이트 모드", "라이트모드"],
            "fr": ["jour", "journee", "matin", "mode clair"], "es": ["dia", "diurn", "manana", "modo claro"],
            "pt": ["dia", "diurn", "manha", "modo claro"], "de": ["tag", "tagsuber", "morgen", "hellmodus"],
            "it": ["giorno", "diurn", "mattin"], "ru": ["днев", "день", "утр"], "ar": ["نهار", "صباح"],
            "hi": ["दिन"], "vi": ["ban ngay"], "tr": ["gunduz", "sabah"],
        ],
        .softer: [
            "en": ["soft", "gentle", "gentler", "calm", "calmer", "mellow", "subtle", "quieter"],
            "zh": ["柔和", "柔", "温柔", "轻柔", "柔一点", "平静", "宁静", "沉静"],
            "ja": ["柔らか", "ソフト", "やさし", "优し"],
            "ko": ["부드럽", "부드러", "은은"],
            "fr": ["doux", "douce", "adouc"], "es": ["suave", "suaviz"], "pt": ["suave", "suaviz"],
            "de": ["sanft", "weich"], "it": ["morbid", "delicat"], "ru": ["мягк", "нежн"],
            "ar": ["ناعم", "انعم", "هادئ"], "hi": ["मुलायम", "कोमल", "सौम्य"], "vi": ["diu", "nhe nhang"],
            "tr": ["yumusak", "sakin"],
        ],
        .bolder: [
            "en": ["bold", "stronger", "strong", "louder", "striking", "dramatic"],
            "zh": ["大胆", "浓烈", "醒目", "强烈"],
            "ja": ["大胆", "力强", "强烈"], "ko": ["대담", "강하게", "강렬"],
            "fr": ["audaci", "plus fort", "frappant"], "es": ["audaz", "fuerte", "llamativ"],
            "pt": ["ousad", "forte", "chamativ"], "de": ["kuhn", "starker", "kraftvoll", "auffallig"],
            "it": ["audac", "forte", "decis"], "ru": ["смел", "сильн"], "ar": ["جريء", "قوي", "اقوى"],
            "hi": ["बोल्ड", "तेज"], "vi": ["manh", "noi bat"], "tr": ["cesur", "guclu"],
        ],
        .moreContrast: [
            "en": ["contrast", "contrasty", "higher contrast"],
            "zh": ["对比", "反差", "对比度", "拉开"],
            "ja": ["コントラスト", "メリハリ"], "ko": ["대비", "콘트라스트"],
            "fr": ["contrast"], "es": ["contrast"], "pt": ["contrast"], "de": ["kontrast"], "it": ["contrast"],
            "ru": ["контраст"], "ar": ["تباين"], "hi": ["कंट्रास्ट"], "vi": ["tuong phan"], "tr": ["kontrast", "zıtlık"],
        ],
    ]

    /// "pop", "stand out", "跳": more vivid and set apart from the others.
    static let standOut: [String: [String]] = [
        "en": ["pop", "stand out", "punch"], "zh": ["跳", "突出", "抢眼", "亮眼"], "ja": ["目立", "際立", "际立"],
        "ko": ["돋보이", "튀게"], "fr": ["ressort", "fait ressortir"], "es": ["resalt", "destaqu"],
        "pt": ["destaqu", "realc"], "de": ["hervorsteche", "knallig"], "it": ["risalt", "spicc"],
        "ru": ["выдел"], "ar": ["يبرز", "بارز"], "hi": ["उभर"], "vi": ["noi len"], "tr": ["one cık"],
    ]

    static let roles: [Role: [String: [String]]] = [
        .primary: [
            "en": ["primary", "main", "base", "dominant"], "zh": ["主色", "主色调", "主调", "主要颜色"],
            "ja": ["メイン", "ベース", "主色"], "ko": ["메인", "주색", "기본색"],
            "fr": ["principal", "dominant"], "es": ["principal", "dominante"], "pt": ["principal", "dominante"],
            "de": ["haupt", "primar", "grundfarbe"], "it": ["principal", "primari", "dominante"],
            "ru": ["основн", "главн"], "ar": ["اساسي", "رئيسي"], "hi": ["मुख्य", "प्राथमिक"],
            "vi": ["mau chinh"], "tr": ["ana renk", "birincil"],
        ],
        .secondary: [
            "en": ["secondary", "supporting", "support", "second"], "zh": ["辅助色", "辅色", "次要色", "次色", "辅助"],
            "ja": ["サブ", "セカンダリ", "副色"], "ko": ["보조", "서브"],
            "fr": ["secondaire"], "es": ["secundari"], "pt": ["secundari"], "de": ["sekundar", "nebenfarbe"],
            "it": ["secondari"], "ru": ["вторичн", "дополнител", "второст"], "ar": ["ثانوي"],
            "hi": ["द्वितीयक", "सहायक"], "vi": ["mau phu"], "tr": ["ikincil"],
        ],
        .accent: [
            "en": ["accent", "highlight"], "zh": ["强调色", "点缀色", "重点色", "强调", "点缀"],
            "ja": ["アクセント", "差し色"], "ko": ["강조", "포인트", "악센트"],
            "fr": ["accent"], "es": ["acento"], "pt": ["destaque", "acento"], "de": ["akzent"], "it": ["accento"],
            "ru": ["акцент"], "ar": ["مميز", "ابراز"], "hi": ["एक्सेंट", "हाइलाइट"], "vi": ["mau nhan", "điem nhan"],
            "tr": ["vurgu"],
        ],
    ]

    static let negations: [String: [String]] = [
        "en": ["less", "not so", "not as", "too", "fewer", "reduce", "lower"],
        "zh": ["不要太", "别太", "不那么", "没那么", "太", "降低", "减少", "少点"],
        "ja": ["控えめ", "抑え", "すぎ"], "ko": ["덜", "너무"],
        "fr": ["moins", "trop"], "es": ["menos", "demasiado"], "pt": ["menos", "demasiado"],
        "de": ["weniger", "zu"], "it": ["meno", "troppo"], "ru": ["менее", "меньше", "слишком"],
        "ar": ["اقل"], "hi": ["कम"], "vi": ["bot"], "tr": ["daha az", "fazla"],
    ]

    static let degrees: [(Double, [String: [String]])] = [
        (
            1.7,
            [
                "en": ["much", "a lot", "way", "far", "very", "really", "extremely", "lots"],
                "zh": ["很多", "非常", "更加", "超级", "特别", "大幅", "多一些"],
                "ja": ["かなり", "とても", "ずっと"], "ko": ["훨씬", "아주", "매우"],
                "fr": ["beaucoup", "tres"], "es": ["mucho", "muy"], "pt": ["muito"], "de": ["viel", "sehr"],
                "it": ["molto"], "ru": ["гораздо", "намного", "очень"], "ar": ["جدا", "بكثير"], "hi": ["बहुत"],
                "vi": ["rat", "nhieu"], "tr": ["cok"],
            ]
        ),
        (
            0.55,
            [
                "en": ["slightly", "a bit", "a little", "a touch", "somewhat", "bit", "tad"],
                "zh": ["稍微", "略", "有点", "微微", "一丝"],
                "ja": ["少し", "ちょっと", "やや"], "ko": ["조금", "약간", "살짝"],
                "fr": ["un peu", "legerement"], "es": ["un poco", "ligeramente"], "pt": ["um pouco", "ligeiramente"],
                "de": ["etwas", "ein bisschen", "leicht"], "it": ["un po", "leggermente"],
                "ru": ["немного", "чуть", "слегка"], "ar": ["قليلا"], "hi": ["थोड़ा", "थोड़ी"],
                "vi": ["mot chut", "hoi"], "tr": ["biraz", "hafif"],
            ]
        ),
    ]

    /// Every term, folded, with its meaning; built once.
    static let terms: [Term] = {
        var out: [Term] = []
        func add(_ words: [String: [String]], _ meaning: Meaning) {
            for (language, list) in words {
                for word in list {
                    let folded = fold(word)
                    let spaced = folded.unicodeScalars.first.map(isSpacedLetter) ?? false
                    let endings: [String]? = spaced ? (language == "en" ? englishEndings : nil) : []
                    out.append(Term(text: folded, meaning: meaning, wordStart: spaced, endings: spaced ? endings : []))
                }
            }
        }
        for move in Move.allCases { if let words = moves[move] { add(words, .moves([move])) } }
        add(standOut, .moves([.vivid, .moreContrast]))
        for (role, words) in roles { add(words, .role(role)) }
        add(negations, .negation)
        for (scale, words) in degrees { add(words, .degree(scale)) }
        // Longest first, so overlaps go to the longer term; ties in a fixed order.
        return out.sorted { ($0.text.count, $0.text) > ($1.text.count, $1.text) }
    }()

    /// Every language's words for each move, for tests that write instructions.
    static func words(for move: Move) -> [String] {
        (moves[move] ?? [:]).sorted { $0.key < $1.key }.flatMap(\.value)
    }

    // MARK: Folding

    /// Lower case, accents and widths folded, Traditional Chinese to Simplified, runs of white
    /// space as one space.
    static func fold(_ text: String) -> String {
        let base = text.foldedForMatching()
        var out = String.UnicodeScalarView()
        var lastSpace = true
        for scalar in base.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !lastSpace { out.append(" ") }
                lastSpace = true
                continue
            }
            lastSpace = false
            switch scalar {
            // Arabic alef with hamza or madda as bare alef, as people type it either way.
            case "\u{0622}", "\u{0623}", "\u{0625}": out.append("\u{0627}")
            default: out.append(ChineseFolding.simplified(scalar) ?? scalar)
            }
        }
        return String(out)
    }

    /// A letter of a script written with spaces between words.
    static func isSpacedLetter(_ s: Unicode.Scalar) -> Bool {
        guard s.properties.isAlphabetic else { return false }
        switch s.value {
        case 0x3040...0x30FF, 0x3400...0x9FFF, 0xAC00...0xD7AF, 0x1100...0x11FF, 0xF900...0xFAFF, 0x20000...0x3FFFF:
            return false
        default:
            return true
        }
    }
}
