import PaletteCore
import XCTest

@testable import PaletteEngine

/// Words for blue and green alike (Korean 푸른, Vietnamese xanh, Chinese 青) take their noun's
/// hue: 푸른 하늘 led with a dark cyan (#168C8C) beside the sky's blues.
final class GrueWordsTests: XCTestCase {
    let engine = OfflineEngine()

    func testOnABlueNounItIsBlue() {
        for text in ["푸른 하늘", "푸른 바다", "bầu trời xanh", "biển xanh"] {
            let p = engine.palette(for: text).palette
            let families = p.colors.map(ColourJudge.family)
            XCTAssertEqual(families[0], "blue", "\(text): \(p.colors.map(\.hex)) \(families)")
            XCTAssertFalse(families.contains("teal"), "\(text): \(p.colors.map(\.hex)) \(families)")
        }
    }

    func testOnAGreenNounItIsGreen() {
        for text in ["푸른 숲", "푸른 들판", "lá xanh", "青青草原", "青草"] {
            let p = engine.palette(for: text).palette
            let families = p.colors.map(ColourJudge.family)
            XCTAssertEqual(families[0], "green", "\(text): \(p.colors.map(\.hex)) \(families)")
            XCTAssertEqual(families[1], "green", "\(text): \(p.colors.map(\.hex)) \(families)")
        }
    }

    /// Alone the word is the colour between the two.
    func testAloneItIsTeal() {
        for text in ["푸른", "xanh"] {
            let p = engine.palette(for: text).palette
            XCTAssertEqual(ColourJudge.family(p.primary), "teal", "\(text): \(p.colors.map(\.hex))")
        }
    }
}

/// A locative ending on the last word of a phrase term makes the phrase the setting, as on a
/// one-word term: "koyu bir çam ormanında turuncu bir çadır" (an orange tent in a dark pine
/// forest) led with the tent's orange.
final class LocativeOnAPhraseTests: XCTestCase {
    let engine = OfflineEngine()

    func testThePhraseWithALocativeIsTheGround() {
        for (text, figure) in [
            ("koyu bir çam ormanında turuncu bir çadır", "orange"),
            ("çam ormanında turuncu bir çadır", "orange"),
            ("çam ormanında kırmızı bir tilki", "red"),
        ] {
            let p = engine.palette(for: text).palette
            let families = p.colors.map(ColourJudge.family)
            XCTAssertEqual(families[0], "green", "\(text): \(p.colors.map(\.hex)) \(families)")
            XCTAssertEqual(families[2], figure, "\(text): \(p.colors.map(\.hex)) \(families)")
        }
    }
}

/// Everyday forms the reading missed: French "rien de" and "surtout pas" negate, Italian
/// diminutives (pomodorini, olivette, fragoline) are their nouns.
final class NegationAndDiminutiveFormsTests: XCTestCase {
    let engine = OfflineEngine()

    func testRienDeAndSurtoutPasNegate() {
        for (text, family) in [
            ("une boîte de macarons, rien de rose", "pink"),
            ("un jardin, surtout pas de vert", "green"),
        ] {
            let r = engine.palette(for: text)
            let families = r.palette.colors.map(ColourJudge.family)
            XCTAssertFalse(families.contains(family), "\(text): \(r.palette.colors.map(\.hex)) \(families)")
        }
    }

    func testItalianDiminutivesAreTheirNouns() {
        for (text, family) in [("pomodorini", "red"), ("un piattino di fragoline", "red"), ("olivette", "green")] {
            let r = engine.palette(for: text)
            XCTAssertEqual(
                ColourJudge.family(r.palette.primary), family, "\(text): \(r.palette.colors.map(\.hex))")
            XCTAssertFalse(r.notes.contains(.noColourWords), "\(text): \(r.notes)")
        }
    }
}

/// References added where a common scene lost its key word: Ha Long Bay was read as the
/// flag-red Vietnam palette, the Majorelle garden as Marrakech's terracotta.
final class MoreNamedPlacesTests: XCTestCase {
    let engine = OfflineEngine()

    func testHaLongBayIsItsWaterAndStone() {
        for text in ["vịnh Hạ Long", "Ha Long Bay", "下龙湾", "ハロン湾"] {
            let p = engine.palette(for: text).palette
            let families = p.colors.map(ColourJudge.family)
            XCTAssertTrue(["teal", "green"].contains(families[0]), "\(text): \(p.colors.map(\.hex)) \(families)")
            XCTAssertFalse(families.contains("red"), "\(text): \(families)")
        }
    }

    func testMajorelleIsItsBlue() {
        for text in ["jardin Majorelle", "the Majorelle garden", "حديقة ماجوريل"] {
            let p = engine.palette(for: text).palette
            let families = p.colors.map(ColourJudge.family)
            XCTAssertTrue(["blue", "purple"].contains(families[0]), "\(text): \(p.colors.map(\.hex)) \(families)")
        }
    }

    func testNewCitiesAreRead() {
        for (text, word) in [
            ("a street in Warsaw", "Warsaw"), ("Vancouver harbour", "Vancouver"), ("Brüssel im Regen", "Brüssel"),
            ("雅加达的街头", "雅加达"), ("a teahouse in Chengdu", "Chengdu"), ("トビリシの夕暮れ", "トビリシ"),
        ] {
            let words = engine.palette(for: text).rationale.values.flatMap { $0 }
            XCTAssertTrue(words.contains(word), "\(text): \(words)")
        }
    }
}

/// Where a negation rules out every lightness step that would part two roles (a light yellow's
/// darker steps are olive, and "no green" rules olive out), the role is greyed as well: a banana
/// leaf without green kept two light yellows (#F4D35E, #FFEEB6) that broke the structure.
final class StructureUnderNegationTests: XCTestCase {
    func testTheRolesStandApartWithoutTheNegatedFamily() {
        for text in ["a banana leaf but no green", "lá chuối nhưng không có màu xanh lá"] {
            let r = OfflineEngine().palette(for: text)
            let p = r.palette
            XCTAssertEqual(RoleStructure.violations(p), [], "\(text): \(p.colors.map(\.hex))")
            XCTAssertFalse(p.colors.map(ColourJudge.family).contains("green"), "\(text): \(p.colors.map(\.hex))")
        }
    }
}

/// The words for "mature" (maduro, reif, olgun) are "ripe" beside a food: "un mango bien maduro"
/// was greyed to taupe (#C7A172) and dim grey by the sober mood; alone they keep the mood.
final class RipeBesideAFoodTests: XCTestCase {
    func testRipeFruitKeepsItsColour() {
        for text in ["un mango bien maduro", "eine reife Mango", "olgun bir mango", "manga madura"] {
            let p = OfflineEngine().palette(for: text).palette
            let families = p.colors.map(ColourJudge.family)
            XCTAssertTrue(["orange", "yellow"].contains(families[0]), "\(text): \(p.colors.map(\.hex)) \(families)")
            XCTAssertFalse(families.contains("neutral"), "\(text): \(p.colors.map(\.hex)) \(families)")
        }
    }

    /// A hex code beside the word is a match with no lexicon entry (an earlier build of this
    /// rule indexed the entries with it and crashed).
    func testAHexCodeBesideTheWordIsNoFood() {
        let p = OfflineEngine().palette(for: "maduro #3A9D5D").palette
        XCTAssertEqual(ColourJudge.family(p.primary), "green", "\(p.colors.map(\.hex))")
    }

    func testTheMoodAloneStaysSober() {
        for text in ["una paleta madura y sobria", "ein reifer Stil"] {
            let p = OfflineEngine().palette(for: text).palette
            XCTAssertLessThan(OKLCH(p.primary).c, 0.06, "\(text): \(p.colors.map(\.hex))")
        }
    }
}
