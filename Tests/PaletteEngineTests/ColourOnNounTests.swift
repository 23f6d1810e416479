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
        // Before: black beside a tabby's tan #B8915E and light brown #DCBF90.
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
