import PaletteCore
import XCTest

@testable import PaletteEngine

/// Words that say "only" are grammar, not colour: "nothing but" does not negate what follows,
/// "only" is not a paint name's beige, Spanish and Italian "solo" is not Portuguese soil, and
/// だけ, только, 오직, nur are not unknown key words.
final class OnlyWordsTests: XCTestCase {
    let engine = OfflineEngine()

    func testNothingButIsNotANegation() throws {
        // Before: "left out because negated: earth tones" and a general palette (#395073).
        let g = engine.palette(for: "nothing but earth tones")
        XCTAssertEqual(g.palette.primary, try RGB(hex: "#8B5E3C"))
        XCTAssertFalse(g.notes.contains { if case .negated = $0 { return true } else { return false } }, "\(g.notes)")
    }

    func testOnlyAndSoloAreNotColours() throws {
        // "only" was a colour-name word (#DCCAAD, from paint names such as "Only Natural").
        let purple = engine.palette(for: "different shades of purple only")
        XCTAssertEqual(purple.palette.secondary, try RGB(hex: "#CBABE3"))
        XCTAssertFalse(purple.rationale.values.joined().contains("only"), "\(purple.rationale)")
        // Spanish "solo" (only) read as Portuguese soil: a brown palette for cool colours.
        let cool = engine.palette(for: "solo colores fríos")
        XCTAssertEqual(cool.palette.primary, try RGB(hex: "#0F71AC"))
        XCTAssertFalse(cool.rationale.values.joined().contains("solo"), "\(cool.rationale)")
        // Portuguese "solo" is still soil.
        XCTAssertEqual(engine.palette(for: "o solo do deserto").palette.secondary, try RGB(hex: "#6B4B32"))
    }

    func testOnlyInOtherLanguagesIsNotAnUnknownKeyWord() {
        for text in ["緑だけの濃淡", "только зелёные тона", "오직 파란색 계열", "nur Grüntöne", "solo sfumature di verde"] {
            let notes = engine.palette(for: text).notes
            XCTAssertFalse(
                notes.contains {
                    if case .keyWordsNotRead = $0 { return true }
                    if case .partlyUnderstood(_, let unknown) = $0 { return !unknown.isEmpty }
                    return false
                }, "\(text): \(notes)")
        }
    }
}

/// A palette asked for by temperature alone ("warm tones", 暖色だけ, 寒色のみ, colores fríos) is
/// that temperature's colours; beside other colour words the temperature only warms or cools
/// them ("a warm-toned grey" is a grey).
final class TemperatureRequestTests: XCTestCase {
    let engine = OfflineEngine()

    func testWarmOrCoolAloneGivesThatTemperature() throws {
        // Before: a general palette nudged warm or cool: dirty purple #625171, plum #570030, a
        // dark grey #394457 for warm; a warm dark peach accent #E4765C for 寒色のみ.
        for text in ["warm tones", "暖色だけのパレット", "全是暖色调", "tons chauds"] {
            let p = engine.palette(for: text).palette
            XCTAssertEqual(p.primary, try RGB(hex: "#D87A00"), text)
            XCTAssertTrue(p.colors.allSatisfy { ColourEmotion.heat(CIELab($0)) > 0 }, "\(text): \(p.colors.map(\.hex))")
        }
        for text in ["cool tones", "寒色のみ", "solo colores fríos"] {
            let p = engine.palette(for: text).palette
            XCTAssertEqual(p.primary, try RGB(hex: "#0F71AC"), text)
            XCTAssertTrue(p.colors.allSatisfy { ColourEmotion.heat(CIELab($0)) < 0 }, "\(text): \(p.colors.map(\.hex))")
        }
    }

    func testBesideAColourWordTheTemperatureBringsNoColourOfItsOwn() throws {
        for text in ["warm toned grey", "a warm-toned grey room", "grey, warm toned"] {
            XCTAssertEqual(engine.palette(for: text).palette.primary, try RGB(hex: "#8E9196"), text)
        }
    }
}
