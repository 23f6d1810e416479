import PaletteCore
import XCTest

@testable import PaletteEngine

extension XCTestCase {
    /// The words of `text` that drove any role of the offline engine's palette.
    fileprivate func usedWords(_ text: String) -> [String] {
        OfflineEngine().palette(for: text).rationale.values.flatMap { $0 }
    }
}

/// Inflections that change the stem's spelling, and endings that were left on a known word:
/// Spanish and Portuguese c → qu and g → gu before -ísimo, -ito, -inho (blanco → blanquísimo,
/// blanquito; branco → branquinha), Italian c → ch before -issimo (bianco → bianchissimi), the
/// Korean copula (단풍인데, 바다지만) and Russian adjectives made from nouns in -ь (ноябрьское). Each read nothing, or another word, before.
final class SpellingChangeTests: XCTestCase {
    let engine = OfflineEngine()

    func testTheWordIsReadThroughItsSpellingChange() {
        let cases: [(String, String)] = [
            ("nubes blanquísimas", "blanquísimas"), ("una casa blanquita", "blanquita"),
            ("nuvens branquíssimas", "branquíssimas"), ("uma casinha branquinha", "branquinha"),
            ("nuvole bianchissime", "bianchissime"), ("lenzuola bianchissimi", "bianchissimi"),
            ("단풍인데 비가 와", "단풍인데"), ("조용한 바다지만", "바다지만"),
            ("ноябрьское утро", "ноябрьское"), ("морской пейзаж", "морской"),
        ]
        for (text, word) in cases {
            XCTAssertTrue(usedWords(text).contains(word), "\(text): \(usedWords(text))")
        }
    }

    func testTheWhiteOfASuperlativeIsWhite() {
        for text in ["nubes blanquísimas", "nuvole bianchissime", "nuvens branquíssimas"] {
            let colours = engine.palette(for: text).palette.colors
            let white = colours.contains { OKLCH($0).l > 0.93 && OKLCH($0).c < 0.03 }
            XCTAssertTrue(white, "\(text): \(colours.map(\.hex))")
        }
    }
}

/// Black, white or grey beside a thing is the thing's colour (a white dress is white, a black
/// umbrella black, a white rose white with its green leaves); beside a food or a drink it names
/// a variety and shades the food's own colours (white chocolate, black coffee). Before, every
/// thing was shaded: a white dress was the dress emoji's blue made lighter.
final class AchromaticColourOnThingTests: XCTestCase {
    let engine = OfflineEngine()

    func testAThingTakesTheColour() {
        for text in ["a white dress", "une robe blanche", "a white rose", "a white umbrella"] {
            let primary = OKLCH(engine.palette(for: text).palette.primary)
            XCTAssertGreaterThan(primary.l, 0.9, text)
            XCTAssertLessThan(primary.c, 0.03, text)
        }
        for text in ["a black dress", "黑色的连衣裙"] {
            let primary = OKLCH(engine.palette(for: text).palette.primary)
            XCTAssertLessThan(primary.l, 0.3, text)
            XCTAssertLessThan(primary.c, 0.03, text)
        }
    }

    func testTheNoteDoesNotNameTheColoursAColourWordReplaced() {
        func named(_ text: String) -> Bool {
            engine.palette(for: text).notes.contains {
                if case .referencesRead = $0 { return true } else { return false }
            }
        }
        // "read as: dress → mid blue, cobalt" stood under a white palette.
        XCTAssertFalse(named("a white dress"))
        XCTAssertFalse(named("a red dress"))
        XCTAssertTrue(named("a dress"))
    }

    func testAFoodOrDrinkIsShaded() {
        // Dark chocolate and black coffee stay brown, white chocolate a warm cream, not white.
        for text in ["chocolat noir", "black coffee", "white chocolate"] {
            let families = engine.palette(for: text).palette.colors.map(ColourJudge.family)
            XCTAssertTrue(families.contains("brown"), "\(text): \(families)")
            XCTAssertFalse(families.allSatisfy { $0 == "neutral" }, "\(text): \(families)")
        }
    }
}

/// Cats and dogs are animals in every language: "cat" was read as Vietnamese cát (sand) and
/// "dog" as a Turkish word, with a note saying so, and a cat's "tabby tans" were sand.
final class PetWordsTests: XCTestCase {
    let engine = OfflineEngine()

    func testCatsAndDogsAreAnimals() {
        for text in ["a cat", "a dog", "a tabby cat", "un chat", "ein Hund", "кошка", "kedi", "고양이", "猫"] {
            let generation = engine.palette(for: text)
            XCTAssertFalse(
                generation.notes.contains { if case .readAsOtherLanguage = $0 { return true } else { return false } },
                "\(text): \(generation.notes)")
            XCTAssertFalse(generation.notes.contains(.noColourWords), text)
        }
        // A ginger cat and a tan dog: warm, not the grey of sand.
        for text in ["a cat", "a dog"] {
            let families = engine.palette(for: text).palette.colors.map(ColourJudge.family)
            XCTAssertTrue(families.contains("orange") || families.contains("brown"), "\(text): \(families)")
        }
        XCTAssertLessThan(OKLCH(engine.palette(for: "a black cat").palette.primary).l, 0.3)
    }
}

/// A street lamp glows warm (Straßenlaterne, фонарь, farol, réverbère were the red paper
/// lantern or nothing); fireflies are a yellow-green glow in the dark, the glow the accent;
/// black and white on a thing is its coat (a black and white cat was a greyed ginger).
final class LampFireflyAndCoatTests: XCTestCase {
    let engine = OfflineEngine()

    func testAStreetLampGlowsWarm() {
        let texts = [
            "eine Straßenlaterne im Nebel", "фонарь во дворе", "un farol en la calle", "un réverbère", "a street lamp",
        ]
        for text in texts {
            let colours = engine.palette(for: text).palette.colors
            let families = colours.map(ColourJudge.family)
            XCTAssertFalse(families.contains("red"), "\(text): \(colours.map(\.hex))")
            XCTAssertTrue(families.contains("yellow") || families.contains("orange"), "\(text): \(colours.map(\.hex))")
        }
    }

    func testFirefliesGlowInTheDark() {
        for text in ["fireflies", "lucciole", "светлячки", "ホタル", "반딧불이", "đom đóm"] {
            let p = engine.palette(for: text).palette
            XCTAssertLessThan(OKLCH(p.primary).l, 0.45, "\(text): \(p.colors.map(\.hex))")
            XCTAssertTrue(["yellow", "green"].contains(ColourJudge.family(p.accent)), "\(text): \(p.accent.hex)")
        }
    }

    func testBlackAndWhiteOnAThingIsItsColours() {
        for text in ["a black and white cat", "um gato preto e branco"] {
            let colours = engine.palette(for: text).palette.colors
            XCTAssertTrue(colours.allSatisfy { OKLCH($0).c < 0.03 }, "\(text): \(colours.map(\.hex))")
            XCTAssertTrue(colours.contains { OKLCH($0).l > 0.9 }, "\(text): \(colours.map(\.hex))")
            XCTAssertTrue(colours.contains { OKLCH($0).l < 0.3 }, "\(text): \(colours.map(\.hex))")
        }
        // The words are the cat's: the lighthouse beside it is not greyed (it was a reddish grey
        // and a pale rose).
        let beside = engine.palette(for: "a black and white cat by a lighthouse").palette
        let families = beside.colors.map(ColourJudge.family)
        XCTAssertTrue(families.contains("red") || families.contains("yellow"), "\(families)")
    }
}

/// A word is not read out of the middle of another: ベランダ (veranda), ランドセル (a school bag)
/// and ブランコ (a swing) were ラン (orchid) and came out lavender; Turkish altında (under) was
/// altın (gold) and üzerinde (on) a village. A katakana compound whose first word is known keeps
/// it (ピンク of ピンクローズ).
final class WordInsideAWordTests: XCTestCase {
    let engine = OfflineEngine()

    func testAFragmentIsNotAWord() {
        for text in ["ベランダの朝", "ランドセル", "ブランコ"] {
            XCTAssertFalse(usedWords(text).contains("ラン"), "\(text): \(usedWords(text))")
        }
        XCTAssertFalse(usedWords("ağacın altında").contains("altında"), "\(usedWords("ağacın altında"))")
        XCTAssertFalse(usedWords("masanın üzerinde elma").contains("üzerinde"), "\(usedWords("masanın üzerinde elma"))")
        // The whole loanword is named as not read, not a piece of it.
        let notes = engine.palette(for: "ベランダの朝").notes
        XCTAssertTrue(notes.contains(.keyWordsNotRead(words: ["ベランダ"], used: ["朝"])), "\(notes)")
    }

    func testAKnownWordAtEitherEndOfAKatakanaCompoundIsRead() {
        XCTAssertTrue(usedWords("ピンクローズ").contains("ピンク"), "\(usedWords("ピンクローズ"))")
        XCTAssertTrue(usedWords("オレンジジュース").contains("オレンジ"), "\(usedWords("オレンジジュース"))")
        XCTAssertEqual(Set(usedWords("ブルーグレー")), ["ブルー", "グレー"])
    }
}

/// A German word no ending was stripped from reads exactly or not at all: Hamburg was the stem
/// of Hamburger (its -er stripped) and a grey day in Hamburg came out the burger's orange.
final class GermanStemOfALongerWordTests: XCTestCase {
    let engine = OfflineEngine()

    func testACityIsNotTheFoodNamedAfterIt() {
        let families = engine.palette(for: "ein grauer Tag in Hamburg").palette.colors.map(ColourJudge.family)
        XCTAssertFalse(families.contains("orange"), "\(families)")
        XCTAssertTrue(families.contains("neutral"), "\(families)")
        // The food itself, and inflected words, still read.
        XCTAssertTrue(
            engine.palette(for: "ein Hamburger").palette.colors.map(ColourJudge.family).contains("orange"))
        XCTAssertTrue(engine.palette(for: "rote Rosen").palette.colors.map(ColourJudge.family).contains("red"))
    }
}

/// When the language the function words point to reads no word at all, the words are read in
/// any language when two or more are one other language's: "un cappotto color cammello" read as
/// Spanish (by "un" and "color") and gave a general palette, though "cappotto color cammello"
/// alone was read.
final class LanguageFallbackTests: XCTestCase {
    let engine = OfflineEngine()

    func testWordsOfAnotherLanguageAreReadWhenTheFirstReadsNothing() {
        for text in ["un cappotto color cammello", "una sciarpa color cammello"] {
            let generation = engine.palette(for: text)
            XCTAssertFalse(generation.notes.contains(.noColourWords), "\(text): \(generation.notes)")
            let families = generation.palette.colors.map(ColourJudge.family)
            XCTAssertTrue(families.contains("brown") || families.contains("orange"), "\(text): \(families)")
        }
        // One word of another language is not enough: a Vietnamese thank-you stays unread.
        XCTAssertTrue(engine.palette(for: "cảm ơn bạn rất nhiều").notes.contains(.noColourWords))
    }
}

/// A hue the description names keeps its family under a mood: "a sleepy orange cat" was
/// mushroom, dirt and grey (the mood drew the orange's chroma down by half), قطة برتقالية نائمة
/// burlywood, "a calm yellow room" light brown.
final class NamedHueUnderMoodTests: XCTestCase {
    let engine = OfflineEngine()

    func testANamedHueKeepsItsFamily() {
        let cases: [(String, String)] = [
            ("an orange cat sleeping on the rug", "orange"),
            ("a sleepy orange cat", "orange"),
            ("قطة برتقالية نائمة على السجادة", "orange"),
            ("a calm yellow room", "yellow"),
            ("eine müde orange Katze", "orange"),
        ]
        for (text, family) in cases {
            let colours = engine.palette(for: text).palette.colors
            XCTAssertEqual(ColourJudge.family(colours[0]), family, "\(text): \(colours.map(\.hex))")
        }
    }

    /// The mood still shades it: softer than the colour word alone.
    func testTheMoodStillShadesIt() {
        let plain = OKLCH(engine.palette(for: "an orange cat").palette.primary)
        let sleepy = OKLCH(engine.palette(for: "a sleepy orange cat").palette.primary)
        XCTAssertLessThan(sleepy.c, plain.c - 0.01, "sleepy \(sleepy), plain \(plain)")
    }
}

/// A tea plantation is its green rows in every language, not a cup of tea's browns: 보성 녹차밭
/// read nothing, đồi chè and "a tea plantation" were sepia and burlywood.
final class TeaPlantationTests: XCTestCase {
    func testTeaFieldsAreGreen() {
        let texts = [
            "a tea plantation", "보성 녹차밭", "đồi chè Mộc Châu", "茶園", "茶畑", "çay bahçeleri", "чайные плантации",
            "une plantation de thé", "चाय बागान", "Teeplantage",
        ]
        for text in texts {
            let p = OfflineEngine().palette(for: text).palette
            XCTAssertEqual(ColourJudge.family(p.primary), "green", "\(text): \(p.colors.map(\.hex))")
        }
    }
}

/// A negation reaches a colour named as a quantity of it over the function words on the way:
/// "without a single touch of orange" and "sans la moindre touche d'orange" kept a dark orange
/// accent. Spanish "que no sea amarillo" negated "sea" (read as the English sea) and kept the
/// yellow; a lone "sea" is still the sea.
final class NegationReachTests: XCTestCase {
    let engine = OfflineEngine()

    func testAQuantityOfAColourIsNegated() {
        let texts = [
            "a forest in autumn without a single touch of orange",
            "une forêt en automne, sans la moindre touche d'orange",
            "un bosque en otoño sin una sola pizca de naranja",
            "ein Herbstwald ohne einen Hauch von Orange",
            "un bosco d'autunno senza nemmeno un filo d'arancione",
        ]
        for text in texts {
            let r = engine.palette(for: text)
            XCTAssertFalse(
                r.palette.colors.map(ColourJudge.family).contains("orange"), "\(text): \(r.palette.colors.map(\.hex))")
        }
    }

    func testAColourAfterAnotherWordIsNotReached() {
        let p = engine.palette(for: "a beach with no people in the orange light").palette
        XCTAssertTrue(p.colors.map(ColourJudge.family).contains("orange"), "\(p.colors.map(\.hex))")
    }

    func testSpanishSubjunctiveIsNotTheSea() {
        let p = engine.palette(for: "un limón que no sea amarillo").palette
        XCTAssertFalse(p.colors.map(ColourJudge.family).contains("yellow"), "\(p.colors.map(\.hex))")
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "sea").palette.primary), "blue")
    }
}

/// Foods, fields and places a designer knows by their colours, read in their own words:
/// 重庆火锅 was grey (the pot glyph's), борщ, 유채꽃밭, açaí, bánh xèo and churros read nothing,
/// pistache was not read in French, lokum was candy, the Côte d'Azur was Provence's lavender and
/// İznik tiles were unread.
final class FoodFieldAndCoastTests: XCTestCase {
    func testEachReadsAsItsColours() {
        let cases: [(String, String)] = [
            ("重庆火锅", "red"), ("a Sichuan hotpot", "red"), ("борщ со сметаной", "red"), ("ボルシチ", "red"),
            ("제주 유채꽃밭", "yellow"), ("Rapsfelder im Mai", "yellow"), ("सरसों के खेत", "yellow"),
            ("une glace à la pistache", "green"), ("la Côte d'Azur en plein été", "blue"), ("İznik çinisi", "blue"),
            ("uma tigela de açaí", "purple"), ("bánh xèo", "yellow"), ("güllü lokum", "pink"), ("churros", "orange"),
            ("楊梅", "red"),
        ]
        for (text, family) in cases {
            let colours = OfflineEngine().palette(for: text).palette.colors
            XCTAssertTrue(colours.map(ColourJudge.family).contains(family), "\(text): \(colours.map(\.hex))")
        }
    }
}

/// A lit or glowing thing in the dark glows warm: "glowing" and مضيء were neon (a hot pink
/// accent beside a lantern), erleuchtet was enlightenment (spiritual), and a lit hut was its
/// wood's brown.
final class GlowingIsWarmLightTests: XCTestCase {
    func testALitThingInTheNightGlowsWarm() {
        let texts = [
            "a glowing lantern in a dark blue night", "فانوس رمضان مضيء في ليلة زرقاء داكنة",
            "eine warm erleuchtete Hütte in einer eisblauen Winternacht", "une cabane éclairée dans la nuit d'hiver",
            "una casa iluminada en la noche", "освещённое окно в зимнюю ночь",
        ]
        for text in texts {
            let colours = OfflineEngine().palette(for: text).palette.colors
            let families = colours.map(ColourJudge.family)
            XCTAssertFalse(families.contains("pink"), "\(text): \(colours.map(\.hex))")
            XCTAssertTrue(
                families.contains("yellow") || families.contains("orange") || families.contains("red"),
                "\(text): \(colours.map(\.hex))")
            XCTAssertTrue(colours.contains { OKLCH($0).l < 0.4 }, "\(text): \(colours.map(\.hex))")
        }
    }
}

/// A figure held twice ("a woman in a red saree in a green rice paddy") stands in the outer
/// setting, and an English compound's head holds the figure ("on a dawn sea" is on the sea):
/// both led with the figure's red, the saree or the dawn taken for the ground.
final class OuterSettingTests: XCTestCase {
    func testTheOuterSettingLeadsAndTheFigureIsTheAccent() {
        let cases: [(String, String)] = [
            ("a woman in a red saree in a green rice paddy", "green"),
            ("une femme en sari rouge dans une rizière verte", "green"),
            ("緑の田んぼの中の赤いサリーの女性", "green"),
            ("a cat on a red sofa in a blue room", "blue"),
            ("un gato en un sofá rojo en una habitación azul", "blue"),
            ("a red buoy floating on a cold blue dawn sea", "blue"),
            // 푸른 (blue or green) and 차갑고 (cold, joined to the next word) were not read at
            // all; 푸른 is the sea's blue (GrueWordsTests).
            ("차갑고 푸른 새벽 바다 위에 떠 있는 빨간 부표 하나", "blue"),
        ]
        for (text, ground) in cases {
            let p = OfflineEngine().palette(for: text).palette
            XCTAssertEqual(ColourJudge.family(p.primary), ground, "\(text): \(p.colors.map(\.hex))")
            XCTAssertEqual(ColourJudge.family(p.accent), "red", "\(text): \(p.colors.map(\.hex))")
        }
    }
}
