import PaletteCore
import XCTest

@testable import PaletteEngine

/// Designer references read in their own words in other languages give the same colour
/// families: each reference's names, and the families a designer expects of it (written by hand
/// from the reference itself, not from the engine's output).
final class ReferenceFamilyTests: XCTestCase {
    let engine = OfflineEngine()

    struct Reference {
        let names: [String]
        /// Each set: at least one role shows one of these families.
        let families: [Set<String>]
    }

    static let references = [
        // Khokhloma: red and gold on black lacquer.
        Reference(
            names: ["khokhloma", "хохлома", "霍赫洛马", "chochloma"], families: [["red"], ["yellow", "orange", "brown"]]),
        // Delft and Gzhel: cobalt on white.
        Reference(names: ["delft blue", "гжель", "bleu de delft", "デルフト焼"], families: [["blue"], ["neutral"]]),
        // Monet's water lilies: lilac water, green pads, pink flowers.
        Reference(
            names: ["impressionism", "印象派", "인상주의", "impressionismo"], families: [["pink", "purple"], ["green"]]),
        // Holi: powder pink, yellow, blue.
        Reference(
            names: ["holi", "होली", "洒红节", "fête des couleurs"],
            families: [["pink", "purple", "red"], ["yellow", "blue", "teal", "green"]]),
        // Pamukkale: white travertine and turquoise pools.
        Reference(names: ["pamukkale", "棉花堡", "памуккале", "パムッカレ"], families: [["neutral"], ["teal", "blue"]]),
        // Caravaggio, Rembrandt: dark umber grounds, a lit ochre.
        Reference(
            names: ["chiaroscuro", "レンブラント", "барокко", "claroscuro"],
            families: [["neutral", "brown"], ["orange", "yellow", "brown"]]),
        // A Chinese temple fair: vermilion and gold.
        Reference(names: ["temple fair", "庙会", "hội chùa", "tempelfest"], families: [["red"], ["yellow", "orange"]]),
        // Yves Klein's blue.
        Reference(names: ["yves klein", "克莱因蓝", "bleu klein", "синий кляйна"], families: [["blue"]]),
        // Dancheong: green and red on Korean temple eaves.
        Reference(names: ["dancheong", "단청", "韓國丹青", "танчхон"], families: [["green", "teal"], ["red"]]),
        // A hanok: wood beams, hanji paper walls, charcoal roof tiles.
        Reference(names: ["hanok village", "한옥 마을", "韓屋", "ханок"], families: [["brown"], ["neutral"]]),
        // Constructivist posters: red, black, paper.
        Reference(
            names: ["constructivism", "конструктивизм", "构成主义", "costruttivismo"], families: [["red"], ["neutral"]]),
    ]

    func testAReferenceGivesItsFamiliesInEveryLanguage() {
        for reference in Self.references {
            for name in reference.names {
                let (reading, composition) = engine.compose(name, variation: 0)
                let palette = composition.palette
                XCTAssertEqual(reading.unknownWords, [], "\(name): read")
                let families = palette.colors.map(ColourJudge.family)
                for want in reference.families {
                    XCTAssertTrue(
                        families.contains { want.contains($0) },
                        "\(name): wants one of \(want.sorted()), got \(palette.colors.map(ColourJudge.describe))")
                }
            }
        }
    }

    /// Countries, their demonyms and cities, in several languages: every word is read (none
    /// unknown) and the palette shows the families a designer expects of the place (written by
    /// hand from the place, not from the engine's output).
    static let places: [(description: String, families: [Set<String>])] = [
        // A Moroccan riad: terracotta walls, zellige and Majorelle blue-green.
        ("Moroccan riad", [["orange", "red", "brown"], ["teal", "blue"]]),
        ("riad marocain", [["orange", "red", "brown"], ["teal", "blue"]]),
        ("марокканский", [["orange", "red", "brown"], ["teal", "blue"]]),
        ("モロッコ風", [["orange", "red", "brown"], ["teal", "blue"]]),
        ("Faslı", [["orange", "red", "brown"], ["teal", "blue"]]),
        // Swedish: Falu red cottages with yellow and blue.
        ("Swedish", [["red", "brown"], ["yellow", "blue"]]),
        // Chilean Patagonia: glacier blue.
        ("Chilean Patagonia", [["blue", "teal"]]),
        // Ukrainian embroidery: red thread on white linen.
        ("украинская вышиванка", [["red"], ["neutral"]]),
        // Prague: red roofs.
        ("布拉格", [["red", "orange", "brown"]]),
        // Buenos Aires, La Boca: blue, yellow and red painted tin.
        ("Buenos Aires", [["blue"], ["yellow", "red", "orange"]]),
        // Sicily: lemons and majolica blue.
        ("cucina siciliana", [["yellow"], ["blue"]]),
        // Kenyan, Maasai: red shuka and beadwork.
        ("Kenyan", [["red"], ["blue", "yellow"]]),
        // Copenhagen, Nyhavn: ochre and brick facades on blue water.
        ("Copenhague", [["yellow", "orange", "red"], ["blue", "teal"]]),
        // Isfahan: turquoise tile.
        ("Iranian mosque", [["teal", "blue"]]),
        // Danish: Nordic neutrals.
        ("dänisch", [["neutral"]]),
    ]

    func testCountriesDemonymsAndCitiesAreRead() {
        for place in Self.places {
            let (reading, composition) = engine.compose(place.description, variation: 0)
            XCTAssertEqual(reading.unknownWords, [], "\(place.description): read")
            XCTAssertFalse(reading.usedWords.isEmpty, "\(place.description): read")
            let families = composition.palette.colors.map(ColourJudge.family)
            for want in place.families {
                XCTAssertTrue(
                    families.contains { want.contains($0) },
                    "\(place.description): wants one of \(want.sorted()), got \(composition.palette.colors.map(ColourJudge.describe))"
                )
            }
        }
    }
}
