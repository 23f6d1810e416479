import PaletteCore
import XCTest

@testable import PaletteEngine

/// "Monochrome" beside a named hue asks for that hue alone, in every role, not for greys
/// (before: "a monochrome palette in teal" gave #698080, #CDDBDB and #1D1D20, all grey).
/// Alone, or beside things only, it still means black and white.
final class MonochromeOfAHueTests: XCTestCase {
    let engine = OfflineEngine()

    func testAHueNamedBesideMonochromeFillsEveryRole() {
        // The primary is the named hue; the other roles are of its hue (within 45°), not grey.
        let cases: [(String, String)] = [
            ("a monochrome palette in teal", "teal"), ("monochrome blue", "blue"),
            ("una paleta monocroma en azul cielo", "blue"),
            ("yalnızca turkuaz tonlarından oluşan tek renkli bir palet", "teal"),
            ("palette monochrome en vert", "green"), ("单色的紫色", "purple"),
            // A paled primary and a greyed role keep the hue (were #C6DCEC and #8193A0, greys).
            ("a monochrome navy palette, everything from deep ink to pale sky blue", "blue"),
            ("una paleta monocroma en azul cielo, de lo más claro a lo más profundo", "blue"),
        ]
        for (text, family) in cases {
            let colours = engine.palette(for: text).palette.colors
            XCTAssertEqual(ColourJudge.family(colours[0]), family, text)
            let primary = OKLCH(colours[0])
            for colour in colours.dropFirst() {
                let c = OKLCH(colour)
                let turn = abs((c.h - primary.h + 540).truncatingRemainder(dividingBy: 360) - 180)
                XCTAssertGreaterThanOrEqual(c.c, 0.035, "\(text): \(colour.hex) is grey")
                XCTAssertLessThanOrEqual(turn, 45, "\(text): \(colour.hex) turns \(turn)°")
            }
        }
    }

    func testMonochromeWithoutAHueStaysGrey() {
        // Black, white and grey: before, a derived accent of a hue (#84BCA3 for 黑白).
        for text in ["monochrome", "a monochrome photo of a forest", "黑白", "black and white"] {
            let got = engine.palette(for: text).palette.colors.map(ColourJudge.family)
            XCTAssertEqual(got, ["neutral", "neutral", "neutral"], text)
        }
    }

    /// An alternative of a grey scale is a warm or a cool one, at any variation (Int.min
    /// trapped in `abs` once: ConstraintTests' random variations found it).
    func testGreyScaleAlternativesAtAnyVariation() {
        var seen = Set<Palette>()
        for variation in [Int.min, -1, 1, 2, 3, Int.max] {
            let p = engine.palette(for: "black and white", variation: variation).palette
            XCTAssertEqual(p.colors.map(ColourJudge.family), ["neutral", "neutral", "neutral"], "\(variation)")
            seen.insert(p)
        }
        XCTAssertGreaterThanOrEqual(seen.count, 4)
    }

    func testAColourNamedBesideBlackAndWhiteIsTheAccentAsNamed() {
        // Before: the red was greyed with the rest and led (#906D6B, a reddish grey primary).
        for text in ["black and white with a red accent", "noir et blanc avec une touche de rouge"] {
            let colours = engine.palette(for: text).palette.colors.map(ColourJudge.family)
            XCTAssertEqual(colours, ["neutral", "neutral", "red"], text)
        }
    }
}

/// Chili is red with a green stem, black pepper is near-black, saffron is golden orange: they
/// were one "spice" concept of burnt sienna and chestnut (a chili pepper gave #B5541E).
final class SpicesApartTests: XCTestCase {
    let engine = OfflineEngine()

    func testEachSpiceHasItsOwnColour() {
        let cases: [(String, String)] = [
            ("a chili pepper", "red"), ("acı biber salçası", "red"), ("pimenta-malagueta", "red"),
            ("고추", "red"), ("peperoncino", "red"), ("辣椒油", "red"),
            ("saffron", "orange"), ("black pepper", "neutral"), ("黑胡椒", "neutral"),
        ]
        for (text, family) in cases {
            XCTAssertEqual(ColourJudge.family(engine.palette(for: text).palette.primary), family, text)
        }
    }
}
