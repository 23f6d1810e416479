import PaletteCore
import XCTest

@testable import PaletteEngine

/// A basic colour word on its noun is the noun's colour ("yellow leaves" are not green), on the
/// side of the noun each language puts it; and what "on" names is the ground ("leaves on
/// asphalt" lie on the asphalt's grey).
final class ColourOnNounTests: XCTestCase {
    let engine = OfflineEngine()

    func families(_ text: String) -> [String] {
        engine.palette(for: text).palette.colors.map(ColourJudge.family)
    }

    func testTheColourWordColoursItsNoun() {
        // Before: golden or crimson beside the leaves' own greens (#9BC26B, #4E8B3A).
        for text in [
            "yellow leaves", "黄色的树叶", "黃色的樹葉", "黄色い葉っぱ", "hojas amarillas", "feuilles jaunes", "жёлтые листья",
            "kırmızı yapraklar", "red leaves",
        ] {
            XCTAssertFalse(families(text).contains("green"), "\(text): \(families(text))")
        }
        // Before: black beside the tans #B8915E and #DCBF90 (of sand: "cat" was read as Vietnamese cát).
        XCTAssertFalse(families("a black cat").contains("brown"), "\(families("a black cat"))")
        XCTAssertFalse(families("a black cat").contains("orange"), "\(families("a black cat"))")
    }

    func testOnlyBasicColourWordsAndOnlyTheirNoun() {
        // A colour name that is a flavour is not the next word's colour: the chocolate stays brown.
        XCTAssertTrue(families("mint chocolate chip").contains("brown"), "\(families("mint chocolate chip"))")
        // The noun is on one side only: "a red boat on the sea" with the boat unread keeps the sea.
        XCTAssertTrue(families("바다에 빨간 배").contains("blue"), "\(families("바다에 빨간 배"))")
    }

    func testWhatOnNamesIsTheGround() throws {
        // Before: golden primary, the leaves' green and the asphalt's traffic-cone orange accent.
        for text in ["yellow leaves on wet asphalt", "жёлтые листья на мокром асфальте"] {
            let p = engine.palette(for: text).palette
            XCTAssertEqual(ColourJudge.family(p.primary), "neutral", "\(text): \(p.colors.map(\.hex))")
            XCTAssertEqual(ColourJudge.family(p.accent), "yellow", "\(text): \(p.colors.map(\.hex))")
        }
    }
}

/// A figure set in a ground by a relation word is the accent even when no temperature,
/// lightness or chroma test sets them apart, and may be white or black; a modifier after the
/// relation word is the setting's, not the figure's.
final class FigureInGroundTests: XCTestCase {
    let engine = OfflineEngine()

    func testTheRelationWordNamesTheGround() {
        // Before: a red primary ("a single red poppy in a pale wheat field": #D62839 #E7DABB
        // #FFA475), a white primary for the sailing boat, no white at all for the house.
        let poppy = engine.palette(for: "a single red poppy in a pale wheat field").palette
        XCTAssertNotEqual(ColourJudge.family(poppy.primary), "red", "\(poppy.colors.map(\.hex))")
        XCTAssertEqual(ColourJudge.family(poppy.accent), "red", "\(poppy.colors.map(\.hex))")
        for text in [
            "un voilier blanc sur une mer d'un bleu profond", "a white sail on a deep blue sea",
            "Boğaz'ın lacivert sularında beyaz bir vapur",
        ] {
            let p = engine.palette(for: text).palette
            XCTAssertEqual(ColourJudge.family(p.primary), "blue", "\(text): \(p.colors.map(\.hex))")
            XCTAssertEqual(ColourJudge.family(p.accent), "neutral", "\(text): \(p.colors.map(\.hex))")
            XCTAssertGreaterThan(OKLCH(p.accent).l, 0.9, "\(text): \(p.colors.map(\.hex))")
        }
        let house = engine.palette(for: "a white house in a lavender field").palette
        XCTAssertEqual(ColourJudge.family(house.primary), "purple", "\(house.colors.map(\.hex))")
        XCTAssertGreaterThan(OKLCH(house.accent).l, 0.9, "\(house.colors.map(\.hex))")
    }

    func testADarkSettingDoesNotDarkenTheLightInIt() {
        // Before: "dark" bound back to the candle across "in": #824A00 #5F2305, mud browns.
        for text in ["a candle in a dark room", "une bougie dans une pièce sombre"] {
            let p = engine.palette(for: text).palette
            XCTAssertFalse(p.colors.map { OKLCH($0) }.contains(where: PaletteComposer.isDarkYellow), "\(text)")
            XCTAssertTrue(p.colors.contains { OKLCH($0).l > 0.7 && ColourJudge.family($0) == "orange" }, "\(text)")
        }
    }
}

/// A low-contrast request is a light palette unless its words darken it; a one-hue request
/// keeps every role in that hue.
final class SoftAndMonoShapeTests: XCTestCase {
    let engine = OfflineEngine()

    func testASoftPaletteIsLight() {
        // Before: primaries at OKLCH L 0.52 to 0.70 (a grey fog, a slate lake).
        for text in [
            "Nebel über dem See am frühen Morgen, alles ganz blass", "雾蒙蒙的早晨，湖面淡淡的", "a faint grey morning by the lake",
        ] {
            let p = engine.palette(for: text).palette
            XCTAssertGreaterThanOrEqual(OKLCH(p.primary).l, 0.75, "\(text): \(p.colors.map(\.hex))")
        }
    }

    func testAOneHueRequestKeepsTheHue() {
        // Before: the sea's sand (#F29F67) as the accent of "all shades of blue, like the sea".
        for text in ["全部用深深淺淺的藍，像海水一層一層", "all shades of blue, like the sea and the sand"] {
            let families = engine.palette(for: text).palette.colors.map(ColourJudge.family)
            XCTAssertTrue(families.allSatisfy { ["blue", "teal", "purple"].contains($0) }, "\(text): \(families)")
        }
    }
}
