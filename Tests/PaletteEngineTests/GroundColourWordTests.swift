import PaletteCore
import XCTest

@testable import PaletteEngine

/// The setting a relation word names is the ground, and its colour word joins it: "a white egret
/// in a dark green rice paddy" was white, sand and dark green as the accent (the colour word had
/// pulled the paddy to the figure's side). Mushrooms and cacti are things one sees in a setting,
/// not settings: "une forêt sombre avec des champignons rouges" led with a mushroom crimson.
final class GroundColourWordTests: XCTestCase {
    let engine = OfflineEngine()

    func testTheNamedSettingsColourWordLeadsAndTheFigureIsTheAccent() {
        let cases: [(String, String, String)] = [
            ("a white egret standing in a dark green rice paddy", "green", "neutral"),
            ("red mushrooms in a dark forest", "green", "red"),
            ("une forêt sombre avec des champignons rouges", "green", "red"),
            ("a cactus in the desert", "yellow", "green"),
        ]
        assertPrimaryAndAccent(cases)
    }

    /// A soft palette's lift to light no longer undoes an alternative's lightness step: two
    /// variations of this (drawn at random by ConstraintTests) were one palette.
    func testSoftVariationsStayApart() {
        for text in ["womanly不ほのか!にわか雨 ", "a faint misty morning", "淡淡的晨雾", "ein zarter nebliger Morgen"] {
            let palettes = (0..<4).map { engine.palette(for: text, variation: $0).palette }
            XCTAssertEqual(Set(palettes).count, 4, "\(text): \(palettes.map { $0.colors.map(\.hex) })")
        }
    }

    /// "Against", "devant", "vor", أمام ... name the background: the ground, when neither
    /// temperature nor lightness parts the figure from it (warm on warm).
    func testWhatAFigureStandsAgainstIsTheGround() {
        let cases: [(String, String, String)] = [
            ("a pink umbrella against an orange wall", "orange", "pink"),
            ("un cerf-volant rouge contre un champ de blé doré", "yellow", "red"),
            ("a lemon tree against a deep blue sky", "blue", "yellow"),
        ]
        assertPrimaryAndAccent(cases)
    }

    /// Each text's primary and accent families, as written beside it.
    private func assertPrimaryAndAccent(
        _ cases: [(String, String, String)], file: StaticString = #filePath, line: UInt = #line
    ) {
        for (text, primary, accent) in cases {
            let p = engine.palette(for: text).palette
            XCTAssertEqual(ColourJudge.family(p.primary), primary, text, file: file, line: line)
            XCTAssertEqual(ColourJudge.family(p.accent), accent, text, file: file, line: line)
        }
    }
}
