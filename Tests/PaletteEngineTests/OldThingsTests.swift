import PaletteCore
import XCTest

@testable import PaletteEngine

/// "Old" says something about the thing it is said of: it tints the thing's palette, it does
/// not replace it with a generic vintage brown (the `old` mood concept, apart from `vintage`);
/// and a pub, a tavern, an izakaya is a place of its own (dark wood, amber, brass).
final class OldThingsTests: XCTestCase {
    let engine = OfflineEngine()

    func testOldTintsTheThingInsteadOfLeading() throws {
        // Before, each of these led with vintage's pale brown #AE8D65.
        let vintageBrown = try RGB(hex: "#AE8D65")
        for text in [
            "an old pub", "eine alte Kneipe", "an old castle in the fog", "霧の中の古いお城", "an old house",
            "старый дом у озера", "una vieja taberna",
        ] {
            XCTAssertNotEqual(engine.palette(for: text).palette.primary, vintageBrown, text)
        }
        XCTAssertEqual(engine.palette(for: "an old castle in the fog").palette.primary, try RGB(hex: "#767683"))
        // Alone, or as the style itself, it is still the vintage palette.
        XCTAssertEqual(engine.palette(for: "vintage").palette.primary, vintageBrown)
        XCTAssertEqual(engine.palette(for: "old").palette.primary, vintageBrown)
    }

    func testAPubIsReadInEveryLanguage() throws {
        let darkWood = try RGB(hex: "#3B2418")
        for text in [
            "pub", "Kneipe", "taverne", "taberna", "osteria", "boteco", "паб", "meyhane", "quán nhậu", "居酒屋",
            "술집", "حانة", "शराबखाना", "小酒馆",
        ] {
            let p = engine.palette(for: text).palette
            XCTAssertTrue(
                p.colors.contains { CIEDE2000.difference($0, darkWood) < 8 }, "\(text): \(p.colors.map(\.hex))")
        }
    }
}
