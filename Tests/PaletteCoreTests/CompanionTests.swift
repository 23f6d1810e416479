import PaletteCore
import XCTest

/// The light/dark companion: same hues, each colour's contrast against white becomes its
/// contrast against black (and back), relative chroma kept.
final class CompanionTests: XCTestCase {
    func testContrastRoleHueAndRoundTripOverManyColours() {
        var worst = 0.0
        var trips: [Double] = []
        // 2,000 colours spread over the cube by a multiplicative hash (the same ones every run).
        for i in 0..<2_000 {
            let color = RGB(packed: UInt32(truncatingIfNeeded: UInt64(i) &* 2_654_435_761) & 0xFF_FFFF)
            let companion = PaletteCompanion.companion(of: color)
            let onWhite = WCAG.contrast(color, WCAG.white)
            let onBlack = WCAG.contrast(companion, WCAG.black)
            // 8-bit rounding and the gamut's edge move the ratio a little, never its level.
            XCTAssertEqual(onBlack, onWhite, accuracy: max(0.08 * onWhite, 0.1), "\(color.hex) -> \(companion.hex)")
            let before = OKLCH(color)
            let after = OKLCH(companion)
            if before.c > 0.04, after.c > 0.04 {
                var dh = abs(before.h - after.h)
                dh = min(dh, 360 - dh)
                worst = max(worst, dh)
                XCTAssertLessThan(dh, 6, "\(color.hex) -> \(companion.hex) keeps its hue")
            }
            // Near white and black sRGB holds little chroma, and 8-bit steps there are large
            // shares of it: the round trip is close, nearly exact for most colours.
            let back = PaletteCompanion.companion(of: companion)
            let difference = CIEDE2000.difference(CIELab(back), CIELab(color))
            trips.append(difference)
        }
        XCTAssertLessThan(worst, 6)
        let sorted = trips.sorted()
        XCTAssertLessThan(sorted[sorted.count / 2], 0.5, "median round trip")
        XCTAssertLessThan(sorted[sorted.count * 95 / 100], 2.5, "95th percentile round trip")
    }

    func testGreysStayGreyAndGroundIsNamed() {
        let grey = RGB(packed: 0x333333)
        let companion = PaletteCompanion.companion(of: grey)
        XCTAssertEqual(companion.r, companion.g)
        XCTAssertEqual(companion.g, companion.b)
        XCTAssertGreaterThan(companion.r, 0x99)
        let dark = Palette(
            primary: RGB(packed: 0x1B1B3A), secondary: RGB(packed: 0x2F4F4F), accent: RGB(packed: 0x8B0000))
        let derived = PaletteCompanion.derive(dark)
        XCTAssertEqual(derived.ground, .dark, "dark colours (for a light ground) become light ones")
        for role in Role.allCases {
            XCTAssertGreaterThan(WCAG.luminance(derived.palette[role]), WCAG.luminance(dark[role]))
        }
        XCTAssertEqual(PaletteCompanion.derive(derived.palette).ground, .light)
    }

    func testMirroredLuminanceIsItsOwnInverse() {
        for y in stride(from: 0.0, through: 1.0, by: 0.01) {
            XCTAssertEqual(
                PaletteCompanion.mirroredLuminance(PaletteCompanion.mirroredLuminance(y)), y, accuracy: 1e-12)
        }
        XCTAssertEqual(PaletteCompanion.mirroredLuminance(1), 0, accuracy: 1e-12)
    }
}
