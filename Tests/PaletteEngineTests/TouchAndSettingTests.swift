import PaletteCore
import XCTest

@testable import PaletteEngine

/// A colour named as a small amount of it ("a hint of pink", une touche de rouge, 一抹红, "gold
/// accents") is the accent, not the lead: "a grey room with a hint of pink" led with powder pink.
final class QuantityIsTheAccentTests: XCTestCase {
    let engine = OfflineEngine()

    /// A white or grey scene with a touch of red, in each language's own words: the red is the
    /// accent and nothing else leads with it.
    func testATouchOfRedIsTheAccentInEveryLanguage() {
        let texts = [
            "a grey wall with a hint of red",
            "a white kitchen with a touch of red",
            "a navy coat with red accents",
            "一面灰色的墙，一抹红",
            "一面灰色的牆，點綴一點紅",
            "灰色の壁に赤の差し色",
            "회색 벽에 빨간 포인트",
            "un mur gris avec une touche de rouge",
            "una pared gris con un toque de rojo",
            "uma parede cinza com um toque de vermelho",
            "un muro grigio con un tocco di rosso",
            "eine graue Wand mit roten Akzenten",
            "серая стена с капелькой красного",
            "gri bir duvar, biraz kırmızı",
            "một bức tường xám với một chút đỏ",
            "धूसर दीवार, थोड़ा सा लाल",
            "جدار رمادي مع لمسة من الأحمر",
        ]
        for text in texts {
            let p = engine.palette(for: text).palette
            let families = p.colors.map(ColourJudge.family)
            XCTAssertEqual(families[2], "red", "\(text): \(p.colors.map(\.hex)) \(families)")
            XCTAssertNotEqual(families[0], "red", "\(text): \(p.colors.map(\.hex)) \(families)")
        }
    }

    /// A faint amount ("a whisper of", ein Hauch von, 一丝) is a touch of the colour, paled; with
    /// nothing else named it is a pale palette of it.
    func testAFaintAmountIsAPaleTouch() {
        for text in ["a grey room with a whisper of lilac", "eine graue Wand mit einem Hauch von Rosa", "灰色的墙上一丝粉红"] {
            let p = engine.palette(for: text).palette
            XCTAssertEqual(ColourJudge.family(p.primary), "neutral", "\(text): \(p.colors.map(\.hex))")
        }
        let peach = engine.palette(for: "a pale whisper of peach").palette
        for c in peach.colors { XCTAssertGreaterThan(OKLCH(c).l, 0.7, "\(peach.colors.map(\.hex))") }
    }

    /// A quantity with nothing else named is still that colour's palette, and a negation still
    /// reaches over the quantity to its colour.
    func testAQuantityAloneAndANegatedQuantity() {
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "a hint of pink").palette.primary), "pink")
        for text in ["a green forest without a single touch of orange", "ein grüner Wald ohne einen Hauch von Orange"] {
            let p = engine.palette(for: text).palette
            XCTAssertFalse(p.colors.map(ColourJudge.family).contains("orange"), "\(text): \(p.colors.map(\.hex))")
        }
    }
}

/// The colour word on a scene's setting is the setting's colour and leads: "a red fox in a white
/// forest" led with the forest's brown, its white only second (the white was the fox's too, so
/// it counted for neither side).
final class TheSettingsColourLeadsTests: XCTestCase {
    func testAWhiteForestLeadsWithWhite() {
        let engine = OfflineEngine()
        for text in ["a red fox in a white forest", "하얀 숲에 빨간 여우", "un renard roux dans une forêt blanche"] {
            let p = engine.palette(for: text).palette
            XCTAssertEqual(ColourJudge.family(p.primary), "neutral", "\(text): \(p.colors.map(\.hex))")
            XCTAssertGreaterThan(OKLCH(p.primary).l, 0.9, "\(text): \(p.colors.map(\.hex))")
        }
    }
}

/// Regenerating always gives another palette, even where every step the primary could take
/// crosses into a ruled-out family: near-white beside "no grey" stayed put, and neighbouring
/// variations repeated their palette.
final class VariationsStepInsideTheAllowedFamiliesTests: XCTestCase {
    func testFiveVariationsAreFivePalettes() {
        let engine = OfflineEngine()
        let palettes = (0..<5).map { engine.palette(for: "clean and crisp, no grey", variation: $0).palette }
        XCTAssertEqual(Set(palettes.map { $0.colors.map(\.hex) }).count, 5, "\(palettes.map { $0.colors.map(\.hex) })")
    }
}

/// A colour word on the day or the weather is the light of the whole scene: "a grey day in
/// Paris" left the grey out (it was taken for a figure in Paris and lost to the city's tan).
final class AColouredDayLeadsTests: XCTestCase {
    func testAGreyDayIsGrey() {
        let engine = OfflineEngine()
        for text in ["a grey day in Paris", "un jour gris à Paris", "ein grauer Tag in Hamburg"] {
            let p = engine.palette(for: text).palette
            XCTAssertEqual(ColourJudge.family(p.primary), "neutral", "\(text): \(p.colors.map(\.hex))")
            XCTAssertLessThan(abs(OKLCH(p.primary).l - 0.7), 0.12, "\(text): \(p.colors.map(\.hex))")
        }
        let golden = engine.palette(for: "a golden afternoon in Rome").palette
        XCTAssertEqual(ColourJudge.family(golden.primary), "yellow", "\(golden.colors.map(\.hex))")
    }
}

/// A German word that starts with a colour and ends in a Latin or French ending is a loanword,
/// not a compound: "Rotation der Erde" was crimson (Rot + ation); Rotkehlchen stays a robin.
final class LoanwordIsNotACompoundTests: XCTestCase {
    func testRotationIsNotRed() {
        let engine = OfflineEngine()
        // Nothing is read from the loanword: the Earth's browns, the planets' night.
        for text in ["Rotation der Erde", "Die Rotationen der Planeten"] {
            let words = engine.palette(for: text).rationale.values.flatMap { $0 }
            XCTAssertFalse(words.contains { $0.hasPrefix("Rot") }, "\(text): \(words)")
        }
        XCTAssertFalse(
            engine.palette(for: "Rotation der Erde").palette.colors.map(ColourJudge.family).contains("red"))
        let robin = engine.palette(for: "ein Rotkehlchen im Schnee").rationale.values.flatMap { $0 }
        XCTAssertTrue(robin.contains("Rotkehlchen"), "\(robin)")
    }
}

/// Hills are green, not the mountains' slate ("a tea plantation in the hills" led with slate),
/// and a jellyfish is its own glowing pinks and blues, not a jelly sweet.
final class HillsAndJellyfishTests: XCTestCase {
    func testHillsAreGreenAndMountainsSlate() {
        let engine = OfflineEngine()
        for text in ["green rolling hills", "a village on the hills", "丘陵", "des collines", "Hügel im Mai", "언덕"] {
            let p = engine.palette(for: text).palette
            XCTAssertEqual(ColourJudge.family(p.primary), "green", "\(text): \(p.colors.map(\.hex))")
        }
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "mountains").palette.primary), "neutral")
    }

    func testJellyfishInItsOwnWords() {
        let engine = OfflineEngine()
        for (text, word) in [
            ("glowing jellyfish", "jellyfish"), ("水母", "水母"), ("クラゲの群れ", "クラゲ"), ("une méduse", "méduse"),
            ("eine Qualle", "Qualle"), ("해파리", "해파리"),
        ] {
            let words = engine.palette(for: text).rationale.values.flatMap { $0 }
            XCTAssertTrue(words.contains(word), "\(text): \(words)")
        }
        for (text, word) in [("바쁘고 부산한 아침", "부산한"), ("pek güzel bir orman", "pek"), ("как дела", "дела")] {
            let words = engine.palette(for: text).rationale.values.flatMap { $0 }
            XCTAssertFalse(words.contains(word), "\(text): \(words)")
        }
    }
}

/// One hue asked for keeps every role in it: the accent's 25° analogous turn left the family
/// (shades of navy with a lavender, tutte le sfumature del rosso with a salmon); the accent of
/// one hue is the shade across the primary from the secondary.
final class OneHueKeepsItsFamilyTests: XCTestCase {
    func testEveryRoleStaysInTheHueAsked() {
        let engine = OfflineEngine()
        let cases: [(String, Set<String>)] = [
            ("all shades of blue", ["blue"]), ("a monochrome palette, just shades of navy", ["blue"]),
            ("tutte le sfumature del rosso", ["red", "pink", "brown"]), ("monochrome purple", ["purple"]),
            ("toutes les nuances de vert", ["green"]), ("모든 색조의 파란색으로만", ["blue"]),
            ("빨간색 농담으로", ["red", "pink", "brown"]),
        ]
        for (text, families) in cases {
            let p = engine.palette(for: text).palette
            for c in p.colors {
                XCTAssertTrue(families.contains(ColourJudge.family(c)), "\(text): \(p.colors.map(\.hex))")
            }
        }
    }
}

/// Black on a material is the material's colour (black velvet was maroon, black leather chocolate);
/// the Black Forest is its firs, its cake still the cake; a toucan and a nón lá are read.
final class MaterialsAndNamedThingsTests: XCTestCase {
    let engine = OfflineEngine()

    func testBlackOnAMaterialIsNearlyBlack() {
        for text in ["black velvet", "black leather", "schwarzer Samt"] {
            let primary = OKLCH(engine.palette(for: text).palette.primary)
            XCTAssertLessThan(primary.l, 0.32, text)
            XCTAssertLessThan(primary.c, 0.06, text)
        }
    }

    func testForestCakeToucanAndHat() {
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "der Schwarzwald im Winter").palette.primary), "green")
        let cake = engine.palette(for: "eine Schwarzwälder Kirschtorte").palette.colors.map(ColourJudge.family)
        XCTAssertFalse(cake.contains("green"), "\(cake)")
        for (text, word) in [
            ("uma floresta tropical com um tucano", "tucano"), ("a toucan in the rainforest", "toucan"),
            ("một chiếc nón lá trên cánh đồng xanh", "chiếc nón lá"),
        ] {
            let words = engine.palette(for: text).rationale.values.flatMap { $0 }
            XCTAssertTrue(words.contains(word), "\(text): \(words)")
        }
    }
}

/// Cities a description names, in the language's own spelling (and a word that merely stems
/// to one stays that word: 부산한, bustling, is not Busan): 北京, Taipei, Delhi, Osaka,
/// Jerusalem, Edinburgh, Dublin, Mailand, Napoli and Marseille were read as nothing.
final class NamedCitiesTests: XCTestCase {
    func testEachCityIsRead() {
        let engine = OfflineEngine()
        for (text, word) in [
            ("冬天的北京", "北京"), ("a rainy night in Taipei", "Taipei"), ("दिल्ली की सर्दी", "दिल्ली"),
            ("大阪の夜", "大阪"), ("القدس عند الغروب", "القدس"), ("Edinburgh in the rain", "Edinburgh"),
            ("a pub in Dublin", "Dublin"), ("ein Abend in Mailand", "Mailand"), ("Napoli d'estate", "Napoli"),
            ("Marseille au printemps", "Marseille"), ("Oktoberfest in München", "München"), ("부산 바다", "부산"),
            ("Toronto in winter", "Toronto"), ("Oslo i november", "Oslo"), ("वाराणसी के घाट", "वाराणसी"),
        ] {
            let words = engine.palette(for: text).rationale.values.flatMap { $0 }
            XCTAssertTrue(words.contains(word), "\(text): \(words)")
        }
    }
}
