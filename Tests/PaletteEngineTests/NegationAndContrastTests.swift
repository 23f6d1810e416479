import PaletteCore
import XCTest

@testable import PaletteEngine

/// Issue 32, in every language the engine reads: a negated colour leaves every role even when
/// the thing described carries it (a strawberry dessert "but not red"), and a composed scene
/// whose parts are opposed in temperature sets them against each other (a bonfire on a frozen
/// beach: the primary from the cold ground, the accent from the fire). Expectations are a
/// designer's hue families (ColourJudge), written by hand.
final class NegationAndContrastTests: XCTestCase {
    static let strawberryNotRed: [(String, String)] = [
        ("en", "a strawberry dessert but not red"),
        ("zh-Hant", "草莓蛋糕，但不要紅色"),
        ("zh-Hans", "草莓蛋糕，但不要红色"),
        ("ja", "いちごのケーキ、でも赤じゃない"),
        ("ko", "딸기 케이크, 빨간색 없이"),
        ("fr", "un dessert aux fraises, mais pas de rouge"),
        ("es", "un postre de fresas, pero sin rojo"),
        ("pt", "uma sobremesa de morango, mas sem vermelho"),
        ("de", "ein Erdbeerdessert, aber nicht rot"),
        ("it", "un dolce alle fragole, ma non rosso"),
        ("ru", "клубничный десерт, но не красный"),
        ("ar", "حلوى بالفراولة لكن بدون أحمر"),
        ("hi", "स्ट्रॉबेरी मिठाई, पर लाल नहीं"),
        ("vi", "bánh dâu tây nhưng không màu đỏ"),
        ("tr", "çilekli tatlı ama kırmızısız"),
    ]

    static let bonfireOnAFrozenBeach: [(String, String)] = [
        ("en", "a bonfire on a frozen beach"),
        ("zh-Hant", "結冰海灘上的營火"),
        ("zh-Hans", "结冰海滩上的营火"),
        ("ja", "凍った浜辺の焚き火"),
        ("ko", "얼어붙은 해변의 모닥불"),
        ("fr", "un feu de camp sur une plage gelée"),
        ("es", "una hoguera en una playa helada"),
        ("pt", "uma fogueira numa praia congelada"),
        ("de", "ein Lagerfeuer am gefrorenen Strand"),
        ("it", "un falò su una spiaggia ghiacciata"),
        ("ru", "костёр на замёрзшем пляже"),
        ("ar", "نار مخيم على شاطئ متجمد"),
        ("hi", "जमे हुए समुद्र तट पर अलाव"),
        ("vi", "lửa trại trên bãi biển đóng băng"),
        ("tr", "donmuş bir sahilde kamp ateşi"),
    ]

    let engine = OfflineEngine()

    func testANegatedColourLeavesEveryRoleInEveryLanguage() {
        XCTAssertEqual(Self.strawberryNotRed.count, 15)
        for (language, text) in Self.strawberryNotRed {
            let g = engine.palette(for: text)
            let families = g.palette.colors.map(ColourJudge.family)
            XCTAssertFalse(families.contains("red"), "[\(language)] \(text): \(g.palette.colors.map(\.hex))")
            XCTAssertTrue(
                families.contains { ["pink", "neutral", "green"].contains($0) },
                "[\(language)] \(text): the dessert is still there: \(families)")
            XCTAssertTrue(
                g.notes.contains { if case .negated = $0 { return true } else { return false } },
                "[\(language)] \(text): the note says what was left out")
            // "but" (但, でも) is grammar: no note calls it a word the engine could not read.
            let unread = g.notes.flatMap { note -> [String] in
                switch note {
                case .partlyUnderstood(_, let unknown): return unknown
                case .keyWordsNotRead(let words, _): return words
                default: return []
                }
            }
            if ["zh-Hant", "zh-Hans", "ja", "en", "fr", "ru"].contains(language) {
                XCTAssertEqual(unread, [], "[\(language)] \(text)")
            }
        }
    }

    /// "No pink" rules out the deep pinks too: flowers are pink first, and a hot pink of
    /// lightness 0.69 (#E56B9F, "medium pink") was let through as red. No colour of a bluish-red
    /// hue (335° to 15°) at lightness 0.62 or more, and none a designer calls pink.
    /// When every colour a thing leads with is ruled out ("the sea but no blue"), its colours
    /// turn to the nearest allowed ones instead of leaving the accent's browns: a sea-green sea
    /// with its sand, a dark night with its stars.
    func testAThingWhoseOwnColoursAreRuledOutKeepsItsDepth() {
        let seaNotBlue: [(String, String)] = [
            ("en", "the sea but no blue"),
            ("zh-Hant", "大海，但不要藍色"),
            ("zh-Hans", "大海，但不要蓝色"),
            ("ja", "海、でも青じゃない"),
            ("ko", "바다, 파란색 없이"),
            ("fr", "la mer, mais pas de bleu"),
            ("es", "el mar, pero sin azul"),
            ("pt", "o mar, mas sem azul"),
            ("de", "das Meer, aber nicht blau"),
            ("it", "il mare, ma non blu"),
            ("ru", "море, но не синее"),
            ("ar", "البحر لكن بدون أزرق"),
            ("hi", "समुद्र, पर नीला नहीं"),
            ("vi", "biển nhưng không màu xanh dương"),
            ("tr", "deniz ama mavisiz"),
        ]
        for (language, text) in seaNotBlue {
            let palette = engine.palette(for: text).palette
            let families = palette.colors.map(ColourJudge.family)
            let shown = palette.colors.map(ColourJudge.describe).joined(separator: " / ")
            XCTAssertFalse(families.contains("blue"), "[\(language)] \(text): \(shown)")
            XCTAssertTrue(families.contains { ["teal", "green"].contains($0) }, "[\(language)] \(text): \(shown)")
            XCTAssertLessThanOrEqual(
                families.filter { ["brown", "orange"].contains($0) }.count, 1, "[\(language)] \(text): \(shown)")
        }
        let night = engine.palette(for: "the night sky, no blue").palette
        XCTAssertFalse(night.colors.map(ColourJudge.family).contains("blue"), night.colors.map(\.hex).description)
        XCTAssertTrue(ColourJudge.matchesLightness(night.primary, "dark"), night.colors.map(\.hex).description)
    }

    /// A warm light in snow at night: the night is the field (a dark primary), the snow it greys
    /// comes second and the light is the accent, never the grey snow leading.
    func testANightSceneLeadsWithTheNight() {
        let fireOnASnowyNight: [(String, String)] = [
            ("en", "a campfire on a snowy night"),
            ("zh-Hant", "雪夜的篝火"),
            ("zh-Hans", "雪夜的篝火"),
            ("de", "ein Lagerfeuer in der Schneenacht"),
            ("ru", "костёр на снегу ночью"),
            ("hi", "बर्फीली रात में दीया"),
            ("en", "a lantern in the snow at night"),
        ]
        for (language, text) in fireOnASnowyNight {
            let palette = engine.palette(for: text).palette
            let shown = palette.colors.map(ColourJudge.describe).joined(separator: " / ")
            XCTAssertTrue(ColourJudge.matchesLightness(palette.primary, "dark"), "[\(language)] \(text): \(shown)")
            XCTAssertTrue(
                ["orange", "red", "yellow"].contains(ColourJudge.family(palette.accent)),
                "[\(language)] \(text): \(shown)")
            XCTAssertFalse(ColourJudge.matchesLightness(palette.secondary, "dark"), "[\(language)] \(text): \(shown)")
        }
    }

    func testNoPinkLeavesTheDeepPinksOutToo() {
        let flowersNotPink: [(String, String)] = [
            ("en", "a flower market but no pink"),
            ("zh-Hant", "花市，但不要粉紅色"),
            ("zh-Hans", "花市，但不要粉红色"),
            ("ja", "花市場、でもピンクじゃない"),
            ("ko", "꽃시장, 분홍색 없이"),
            ("fr", "un marché aux fleurs, mais pas de rose"),
            ("es", "un mercado de flores, pero sin rosa"),
            ("pt", "um mercado de flores, mas sem rosa"),
            ("de", "ein Blumenmarkt, aber nicht rosa"),
            ("it", "un mercato dei fiori, ma non rosa"),
            ("ru", "цветочный рынок, но не розовый"),
            ("ar", "سوق زهور لكن بدون وردي"),
            ("hi", "फूलों का बाज़ार, पर गुलाबी नहीं"),
            ("vi", "chợ hoa nhưng không màu hồng"),
            ("tr", "çiçek pazarı ama pembesiz"),
        ]
        for (language, text) in flowersNotPink {
            let g = engine.palette(for: text)
            for c in g.palette.colors {
                let lch = OKLCH(c)
                XCTAssertNotEqual(ColourJudge.family(c), "pink", "[\(language)] \(text): \(c.hex)")
                XCTAssertFalse(
                    lch.c >= 0.035 && lch.l >= 0.62 && (lch.h >= 335 || lch.h < 15),
                    "[\(language)] \(text): \(c.hex) is a deep pink (L \(lch.l), h \(lch.h))")
            }
            XCTAssertTrue(
                g.notes.contains { if case .negated = $0 { return true } else { return false } },
                "[\(language)] \(text): the note says what was left out")
        }
        // The other way is unchanged: "no red" keeps a hot pink (#FF69B4 is pink, lightness 0.73).
        XCTAssertFalse(HueFamily.excludes([.red], OKLCH(RGB(r: 0xFF, g: 0x69, b: 0xB4))))
        XCTAssertTrue(HueFamily.excludes([.pink], OKLCH(RGB(r: 0xFF, g: 0x14, b: 0x93))))
        XCTAssertTrue(HueFamily.excludes([.pink], OKLCH(RGB(r: 0xE5, g: 0x6B, b: 0x9F))))
        XCTAssertFalse(HueFamily.excludes([.pink], OKLCH(RGB(r: 0xC8, g: 0x1D, b: 0x4E))))
    }

    /// A negation reaches every colour of a list joined by "or" / "and" ("no pink or purple"),
    /// before the list or after it (ピンクや紫は使わない, pembe ve mor olmadan): the second colour
    /// was kept as the primary in eleven of the fifteen languages.
    func testANegatedListOfColoursLeavesEveryColourInIt() {
        let nightclubs: [(String, String, [String])] = [
            ("en", "a nightclub, no pink or purple", ["pink", "purple"]),
            ("en", "a nightclub, neither pink nor purple", ["pink", "purple"]),
            ("zh-Hant", "夜店，不要粉紅色或紫色", ["粉紅色", "紫色"]),
            ("zh-Hans", "夜店，不要粉红色和紫色", ["粉红色", "紫色"]),
            ("ja", "ナイトクラブ、ピンクや紫は使わない", ["ピンク", "紫"]),
            ("ko", "나이트클럽, 분홍색 또는 보라색 없이", ["분홍색", "보라색"]),
            ("fr", "une boîte de nuit, sans rose ou violet", ["rose", "violet"]),
            ("es", "una discoteca, sin rosa o morado", ["rosa", "morado"]),
            ("pt", "uma boate, sem rosa ou roxo", ["rosa", "roxo"]),
            ("de", "ein Nachtclub, kein Rosa oder Lila", ["Rosa", "Lila"]),
            ("it", "una discoteca, niente rosa o viola", ["rosa", "viola"]),
            ("ru", "ночной клуб, без розового и фиолетового", ["розового", "фиолетового"]),
            ("ar", "ملهى ليلي، بدون وردي أو بنفسجي", ["وردي", "بنفسجي"]),
            ("hi", "नाइटक्लब, गुलाबी या बैंगनी के बिना", ["गुलाबी", "बैंगनी"]),
            ("vi", "hộp đêm, không hồng hay tím", ["hồng", "tím"]),
            ("tr", "gece kulübü, pembe ve mor olmadan", ["pembe", "mor"]),
        ]
        for (language, text, words) in nightclubs {
            let g = engine.palette(for: text)
            let families = g.palette.colors.map(ColourJudge.family)
            XCTAssertFalse(
                families.contains("pink") || families.contains("purple"),
                "[\(language)] \(text): \(g.palette.colors.map(\.hex)) \(families)")
            let negated = g.notes.compactMap { if case .negated(let w) = $0 { return w } else { return nil } }
            XCTAssertEqual(negated, [words], "[\(language)] \(text)")
        }
        // A colour after the list is not in it: "not red but blue" keeps the blue.
        let blue = engine.palette(for: "not red but blue")
        XCTAssertEqual(ColourJudge.family(blue.palette.primary), "blue")
        XCTAssertFalse(blue.palette.colors.map(ColourJudge.family).contains("red"))
        let sky = engine.palette(for: "no red and a blue sky")
        XCTAssertTrue(sky.palette.colors.map(ColourJudge.family).contains("blue"))
    }

    func testAComposedSceneSetsItsPartsAgainstEachOtherInEveryLanguage() {
        XCTAssertEqual(Self.bonfireOnAFrozenBeach.count, 15)
        for (language, text) in Self.bonfireOnAFrozenBeach {
            let g = engine.palette(for: text)
            let p = g.palette
            let what = "[\(language)] \(text): \(p.colors.map(ColourJudge.describe))"
            XCTAssertTrue(["blue", "teal", "neutral"].contains(ColourJudge.family(p.primary)), "cold ground \(what)")
            XCTAssertTrue(["orange", "red", "yellow"].contains(ColourJudge.family(p.accent)), "the fire \(what)")
            // The gap is kept: the fire's heat is not averaged into the ground.
            XCTAssertEqual(RoleStructure.temperature(p.accent), .warm, what)
            XCTAssertNotEqual(RoleStructure.temperature(p.primary), .warm, what)
            XCTAssertTrue(
                g.notes.contains { if case .composedByContrast = $0 { return true } else { return false } },
                "\(what): the note says the parts were set against each other")
        }
    }

    /// A coloured figure in a setting whose relation is a case ending (Turkish -da, Korean -에),
    /// a Turkish article between the colour and its noun, or a sunny setting: the setting
    /// leads the primary and the figure's colour is the accent.
    func testAFigureInASettingNamedByACaseEndingOrSunnyLightTakesTheAccent() {
        let cases: [(String, primary: Set<String>, accent: Set<String>)] = [
            ("karlı ormanda kırmızı bir tilki", ["green", "teal", "neutral", "blue"], ["red", "orange"]),
            ("bir gölde sarı bir kayık", ["blue", "teal"], ["yellow", "orange"]),
            ("derin suda mercan resifi", ["blue", "teal"], ["orange", "pink", "red"]),
            ("바다에 빨간 배", ["blue", "teal"], ["red"]),
            ("a blue door in a sunny mud wall", ["yellow", "orange", "brown", "neutral"], ["blue"]),
            ("eine blaue Tür in einer sonnigen Lehmwand", ["yellow", "orange", "brown", "neutral"], ["blue"]),
        ]
        for (text, primary, accent) in cases {
            let g = engine.palette(for: text)
            let what = "\(text): \(g.palette.colors.map(ColourJudge.describe))"
            XCTAssertTrue(primary.contains(ColourJudge.family(g.palette.primary)), "the setting leads: \(what)")
            XCTAssertTrue(accent.contains(ColourJudge.family(g.palette.accent)), "the figure stands out: \(what)")
        }
        // "Sunset at sea" in Turkish: the sunset colours the sky over the sea, it is not held in it.
        let sunset = engine.palette(for: "denizde gün batımı")
        XCTAssertTrue(
            ["orange", "red", "pink"].contains(ColourJudge.family(sunset.palette.primary)),
            "\(sunset.palette.colors.map(ColourJudge.describe))")
    }

    /// Chinese words that open with a negating character but negate nothing (无限, infinite;
    /// 别致, chic; 不同, different): the colour after them stays.
    func testChineseWordsOpeningWithANegatingCharacterNegateNothing() {
        let cases: [(String, Set<String>)] = [
            ("无限的蓝色海洋", ["blue", "teal"]), ("無限的藍色海洋", ["blue", "teal"]), ("别致的红色", ["red"]),
            ("不少红叶", ["red", "orange"]), ("无数的星星", ["blue", "purple", "neutral", "yellow"]),
            ("深浅不同的绿色", ["green"]),
        ]
        for (text, families) in cases {
            let g = engine.palette(for: text)
            let what = "\(text): \(g.palette.colors.map(ColourJudge.describe)) \(g.notes)"
            XCTAssertFalse(g.notes.contains { if case .negated = $0 { return true } else { return false } }, what)
            XCTAssertTrue(families.contains(ColourJudge.family(g.palette.primary)), what)
        }
        // 深浅 asks for one hue: green roles, the accent at most a neighbour (as "all shades of green").
        let shades = engine.palette(for: "深浅不同的绿色").palette
        XCTAssertEqual(shades.colors.prefix(2).map(ColourJudge.family), ["green", "green"])
        XCTAssertTrue(["green", "teal"].contains(ColourJudge.family(shades.accent)), "\(shades.colors)")
        // A word that asked for the structure was read: no note calls it unrecognised.
        for text in ["a whisper of grey fog", "tutte le sfumature di rosso", "nur Grautöne"] {
            let notes = engine.palette(for: text).notes
            XCTAssertFalse(
                notes.contains {
                    switch $0 {
                    case .keyWordsNotRead, .partlyUnderstood: return true
                    default: return false
                    }
                }, "\(text): \(notes)")
        }
    }

    /// The structure the evaluation set measures, on requests that ask for a softer one.
    func testLowContrastAndOneHueRequestsAreReadAndSaid() {
        let soft = engine.palette(for: "a faint whisper of lavender")
        XCTAssertTrue(soft.notes.contains(.softStructure(words: ["faint", "whisper"])), "\(soft.notes)")
        XCTAssertEqual(StructureWords.request(in: "all shades of blue").request, .mono)
        XCTAssertEqual(StructureWords.request(in: "alle Blautöne").request, .mono)
        XCTAssertEqual(StructureWords.request(in: "若有若無的淡淡晨霧").request, .soft)
        XCTAssertEqual(StructureWords.request(in: "a bonfire on a frozen beach").request, .full)
    }
}
