import PaletteCore
import XCTest

@testable import PaletteEngine

/// A designer reference named beside a generic scene leads the palette, unless the sentence
/// makes it the setting of another head (`PaletteComposer.referenceWeight`); at night a light
/// yellow that does not lead the scene stays a light instead of turning olive or mud.
final class ReferenceAndNightLightTests: XCTestCase {
    let engine = OfflineEngine()

    func testAReferenceLeadsAGenericSceneItIsNamedWith() throws {
        // The reference's own first colour leads (references.tsv): Frida Kahlo's red, the
        // Bauhaus red, Monet's periwinkle, the seventies' orange. Before, the garden's green
        // (#5B8C4A) and a generic vintage brown (#AE8D65) led each of them.
        let cases: [(String, String)] = [
            ("Frida Kahlo garden", "#E63946"), ("a Frida Kahlo garden", "#E63946"),
            ("Bauhaus garden", "#D9352B"), ("Monet garden", "#8E86C6"),
            ("Klimt garden", "#C9A227"), ("vintage 1970s kitchen", "#B5633F"),
        ]
        for (text, primary) in cases {
            XCTAssertEqual(engine.palette(for: text).palette.primary, try RGB(hex: primary), text)
        }
    }

    func testAReferenceThatIsTheSettingDoesNotTakeTheSunsetsPlace() throws {
        // The sunset is the head or the reference is placed after a relation word: the
        // sunset's orange leads.
        for text in ["a sunset over Venice", "Venice at sunset", "tramonto a Venezia", "غروب الشمس على النيل"] {
            XCTAssertEqual(engine.palette(for: text).palette.primary, try RGB(hex: "#FA6B00"), text)
        }
    }

    func testAtNightALightYellowStaysALight() throws {
        // Lights that do not lead the scene: none of the roles is a dark yellow (an olive or a
        // mud brown, `PaletteComposer.isDarkYellow`), and the yellow is still there, light.
        for text in ["a night market with yellow lights", "Van Gogh's starry night", "golden lanterns at night"] {
            let roles = engine.palette(for: text).palette.colors.map { OKLCH($0) }
            XCTAssertFalse(roles.contains(where: PaletteComposer.isDarkYellow), "\(text): \(roles)")
            XCTAssertTrue(
                roles.contains { $0.c >= 0.07 && (60..<110).contains($0.h) && $0.l >= 0.6 }, "\(text): \(roles)")
        }
    }

    func testAYellowThatWouldLeadANightSceneGivesTheLeadToTheNight() throws {
        // The yellow led, darkened into mud (#574000, #523D00, #4E3D00); now the night's dark
        // leads and the yellow stays a light in another role.
        for text in ["phố cổ Hội An về đêm", "a sunflower field at night", "a yellow taxi at night"] {
            let palette = engine.palette(for: text).palette
            XCTAssertEqual(palette.primary, try RGB(hex: "#10162A"), text)
            let roles = palette.colors.map { OKLCH($0) }
            XCTAssertTrue(
                roles.contains { $0.c >= 0.07 && (60..<110).contains($0.h) && $0.l >= 0.6 }, "\(text): \(roles)")
        }
    }
}
