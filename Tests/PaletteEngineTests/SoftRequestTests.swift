import PaletteCore
import XCTest

@testable import PaletteEngine

/// A description that asks for low contrast ("faint", "misty", 희미한, かすかな, "low contrast")
/// gets a soft palette: the secondary and the accent keep near the primary's lightness, and the
/// words that asked are read, not reported lost.
final class SoftRequestTests: XCTestCase {
    let engine = OfflineEngine()

    /// One soft description a language (two for English).
    static let soft = [
        "a whisper of pink", "a faint, misty dawn over the lake", "朦朧的清晨薄霧", "朦胧淡淡的颜色", "かすかな朝霧",
        "희미한 새벽 안개", "une aube brumeuse et pâle", "un amanecer brumoso y tenue", "um amanhecer enevoado e pálido",
        "ein zarter, nebliger Morgen", "un'alba nebbiosa e tenue", "бледный туманный рассвет", "فجر ضبابي باهت",
        "धुंधली फीकी सुबह", "bình minh mờ sương nhạt nhòa", "soluk, sisli bir şafak",
    ]

    func testSoftPalettesStayInANarrowLightnessBand() {
        // Before: "a whisper of pink" was #F1CCDA #8D727C #A4585B (OKLCH L 0.87 to 0.55), and
        // 희미한 새벽 안개 a grey #7D8184 under a pale violet: 희미한 read as dim.
        for text in Self.soft {
            let g = engine.palette(for: text)
            XCTAssertTrue(
                g.notes.contains { if case .softStructure = $0 { return true } else { return false } }, text)
            let ls = g.palette.colors.map { OKLCH($0).l }
            XCTAssertLessThanOrEqual(ls.max()! - ls.min()!, 0.30, "\(text): \(g.palette.colors.map(\.hex))")
            XCTAssertGreaterThan(ls.min()!, 0.55, "\(text): \(g.palette.colors.map(\.hex))")
        }
    }

    func testLowContrastWordsAreRead() {
        // Before: "the key words low, contrast were not recognised"; 새벽 (dawn), かすかな and
        // "everything" were lost too.
        for text in [
            "misty pale morning, low contrast", "a low-contrast foggy harbour", "희미한 새벽 안개", "かすかな朝霧",
            "a hazy summer afternoon, everything faded", "kontrastarme Nebellandschaft",
        ] {
            let g = engine.palette(for: text)
            XCTAssertFalse(
                g.notes.contains {
                    if case .keyWordsNotRead = $0 { return true }
                    if case .partlyUnderstood(_, let unknown) = $0 { return !unknown.isEmpty }
                    return false
                }, "\(text): \(g.notes)")
            XCTAssertTrue(
                g.notes.contains { if case .softStructure = $0 { return true } else { return false } }, text)
        }
        // 새벽 is the dawn: a warm light primary, not the general palette's slate blue #244667.
        let dawn = engine.palette(for: "새벽").palette.primary
        XCTAssertGreaterThan(OKLCH(dawn).l, 0.72, dawn.hex)
        XCTAssertGreaterThan(ColourEmotion.heat(CIELab(dawn)), 0, dawn.hex)
    }
}
