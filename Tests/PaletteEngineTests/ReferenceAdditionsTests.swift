import PaletteCore
import XCTest

@testable import PaletteEngine

/// References a fresh probe found unread: the evil-eye bead, the Joseon moon jar, Đông Hồ
/// prints, La Boca's Caminito; and ripe rice (lúa chín) is golden, not a green paddy.
final class ReferenceAdditionsTests: XCTestCase {
    let engine = OfflineEngine()

    func testTheReferencesAreRead() {
        // Before: a wine red and peach for nazar boncuğu, a navy and coral for the moon jar.
        let nazar = engine.palette(for: "nazar boncuğu").palette
        XCTAssertEqual(ColourJudge.family(nazar.primary), "blue", "\(nazar.colors.map(\.hex))")
        XCTAssertTrue(nazar.colors.contains { OKLCH($0).l > 0.9 }, "\(nazar.colors.map(\.hex))")
        let jar = engine.palette(for: "조선 백자 달항아리").palette
        XCTAssertEqual(ColourJudge.family(jar.primary), "neutral", "\(jar.colors.map(\.hex))")
        XCTAssertGreaterThan(OKLCH(jar.primary).l, 0.9, "\(jar.colors.map(\.hex))")
        let boca = engine.palette(for: "las casas de chapa del Caminito, en La Boca").palette
        XCTAssertTrue(boca.colors.map(ColourJudge.family).contains("blue"), "\(boca.colors.map(\.hex))")
    }

    func testRipeRiceIsGolden() {
        // Before: lúa chín was the rice paddy's greens.
        let families = engine.palette(for: "cánh đồng lúa chín vàng").palette.colors.map(ColourJudge.family)
        XCTAssertTrue(families.contains("yellow") || families.contains("orange"), "\(families)")
        XCTAssertFalse(families.contains("green"), "\(families)")
    }
}
