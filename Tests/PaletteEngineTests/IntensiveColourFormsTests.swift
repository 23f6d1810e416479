import PaletteCore
import XCTest

@testable import PaletteEngine

/// Colour words in the forms a language uses for "bright", "deep", "pure" or as adverbs: Turkish
/// reduplication (kıpkırmızı, sapsarı, masmavi), Korean adverbs and intensives (노랗게, 새하얀),
/// Vietnamese intensifying syllables (trắng tinh, đen tuyền, xanh ngắt), Japanese 真っ青. Before,
/// each was an unknown word ("회색 아파트 사이로 노랗게 핀 개나리" had no yellow at all).
final class IntensiveColourFormsTests: XCTestCase {
    let engine = OfflineEngine()

    func testEachFormNamesItsColour() {
        let cases: [(String, String)] = [
            ("kıpkırmızı", "red"), ("sapsarı", "yellow"), ("masmavi", "blue"), ("yemyeşil", "green"),
            ("bembeyaz", "neutral"), ("simsiyah", "neutral"), ("mosmor", "purple"),
            ("노랗게", "yellow"), ("빨갛게", "red"), ("파랗게", "blue"), ("새하얀", "neutral"),
            ("trắng tinh", "neutral"), ("đen tuyền", "neutral"), ("xanh ngắt", "blue"), ("真っ青", "blue"),
        ]
        for (text, family) in cases {
            let generated = engine.palette(for: text)
            XCTAssertEqual(ColourJudge.family(generated.palette.primary), family, text)
            XCTAssertFalse(generated.notes.contains(.noColourWords), text)
        }
    }

    func testTheFormColoursItsFigure() {
        let p = engine.palette(for: "회색 아파트 단지 사이로 노랗게 핀 개나리").palette
        XCTAssertEqual(p.colors.map(ColourJudge.family).filter { $0 == "yellow" }.count, 1)
        let t = engine.palette(for: "beyaz badanalı bir duvarın önünde kıpkırmızı begonviller").palette
        XCTAssertEqual(ColourJudge.family(t.accent), "red")
    }
}

/// Things with a colour everyone knows, read in every language: a fire engine is red, a school
/// bus yellow, a traffic light red, amber and green, rowan berries orange-red. Before, "a shiny
/// fire engine" read only "fire" (#4A4E52 grey, an orange accent) and 信号機 nothing.
final class KnownThingsTests: XCTestCase {
    let engine = OfflineEngine()

    func testEachThingLeadsWithItsColour() {
        let cases: [(String, String)] = [
            ("a shiny fire engine", "red"), ("xe cứu hỏa", "red"), ("Feuerwehrauto", "red"),
            ("a school bus", "yellow"), ("スクールバス", "yellow"), ("гроздья спелой рябины", "red"),
            ("a red phone box", "red"),
        ]
        for (text, family) in cases {
            XCTAssertEqual(ColourJudge.family(engine.palette(for: text).palette.primary), family, text)
        }
        for text in ["信号機", "a traffic light", "semáforo"] {
            let families = Set(engine.palette(for: text).palette.colors.map(ColourJudge.family))
            XCTAssertEqual(families, ["red", "yellow", "green"], text)
        }
    }
}

/// "-ish" colour words (rougeâtre, rossastro, rojizo, avermelhado, красноватый, голубоватый ...),
/// read as their colour. Before, each was an unknown word: "un ciel rougeâtre" read only the sky.
final class IshColourFormsTests: XCTestCase {
    let engine = OfflineEngine()

    func testEachFormNamesItsColour() {
        let cases: [(String, String)] = [
            ("rougeâtre", "red"), ("bleuâtre", "blue"), ("verdâtre", "green"), ("jaunâtre", "yellow"),
            ("rossastro", "red"), ("rossiccia", "red"), ("verdognolo", "green"), ("giallastra", "yellow"),
            ("rojizo", "red"), ("rojizas", "red"), ("azulado", "blue"), ("verdosa", "green"), ("amarillento", "yellow"),
            ("avermelhado", "red"), ("esverdeada", "green"), ("amarelado", "yellow"), ("azulada", "blue"),
            ("красноватый", "red"), ("красноватое", "red"), ("зеленоватая", "green"), ("желтоватые", "yellow"),
            ("синеватый", "blue"),
        ]
        for (text, family) in cases {
            let generated = engine.palette(for: text)
            XCTAssertEqual(ColourJudge.family(generated.palette.primary), family, text)
            XCTAssertFalse(generated.notes.contains(.noColourWords), text)
        }
    }

    func testTheFormColoursItsScene() {
        for text in [
            "un ciel rougeâtre au-dessus des toits", "un cielo rojizo sobre los tejados",
            "красноватое небо над крышами",
        ] {
            let families = engine.palette(for: text).palette.colors.map(ColourJudge.family)
            XCTAssertTrue(families.contains("red") || families.contains("orange"), "\(text): \(families)")
        }
    }
}

/// References read with their designer colours: the Moulin Rouge (Lautrec's red, black and
/// ochre), the Alhambra (terracotta, cypress, azure tile), the Winter Palace (its mint-green
/// front, white and gold), Siena (burnt sienna and striped marble), Quimper faience (white
/// glaze and cobalt). Families as `ColourJudge` names them (terracotta and sienna are brown).
/// Before, each fell back to the rest of the description.
final class MoreReferencesTests: XCTestCase {
    let engine = OfflineEngine()

    func testEachReferenceGivesItsColours() {
        let cases: [(String, Set<String>)] = [
            ("a Moulin Rouge poster", ["red", "yellow"]), ("ムーラン・ルージュ", ["red", "yellow"]),
            ("the Alhambra", ["brown", "blue"]), ("la Alhambra", ["brown", "blue"]),
            ("the Winter Palace", ["green", "yellow"]), ("зимний дворец", ["green", "yellow"]),
            ("冬宫", ["green", "yellow"]),
            ("Siena", ["brown", "yellow"]), ("锡耶纳", ["brown", "yellow"]),
            ("quimper faience", ["blue", "neutral"]), ("faïence de quimper", ["blue", "neutral"]),
        ]
        for (text, wanted) in cases {
            let families = Set(engine.palette(for: text).palette.colors.map(ColourJudge.family))
            XCTAssertTrue(wanted.isSubset(of: families), "\(text): \(families.sorted())")
        }
    }
}

/// A grey tinted by an "-ish" word after it ("gris bleuté", "grigio azzurrognolo", "cinza
/// azulado", "серо-голубоватый") is one bluish grey, as "gris azulado" and "bluish grey" are.
/// Before, the tint word was read as a second colour and the sea came out a saturated blue.
final class TintedGreyTests: XCTestCase {
    let engine = OfflineEngine()

    func testATintedGreyIsOneGreyishColour() {
        for text in [
            "une mer gris bleuté", "un mare grigio azzurrognolo", "um mar cinza azulado", "серо-голубоватое море",
            "una laguna gris azulada",
        ] {
            let primary = OKLCH(engine.palette(for: text).palette.primary)
            XCTAssertLessThan(primary.c, 0.06, text)
            XCTAssertTrue((200...270).contains(primary.h), "\(text): hue \(primary.h)")
        }
    }
}

/// A style or genre word that names a designer reference reads as that reference, in every
/// language that writes it so: "grunge" and "punk" were read as the gothic mood (black,
/// eggplant, wine), "psychedelic" as "weird", "kawaii" as "cute" and "fjord" as a lake, and
/// the note named no reference.
final class StyleWordReferenceTests: XCTestCase {
    let engine = OfflineEngine()

    func referenceWords(_ text: String) -> [String] {
        engine.palette(for: text).notes.flatMap { note -> [String] in
            if case .referencesRead(let refs) = note { return refs.flatMap(\.allWords) }
            return []
        }
    }

    func testStyleWordsReadAsTheirReference() {
        let cases: [(String, String)] = [
            ("a grunge band", "grunge"), ("un groupe grunge", "grunge"), ("eine Grunge-Band", "Grunge"),
            ("punk rock flyers", "punk rock"), ("una banda punk", "punk"),
            ("a psychedelic poster", "psychedelic"), ("ein psychedelisches Plakat", "psychedelisches"),
            ("un poster psichedelico", "psichedelico"),
            ("kawaii stationery", "kawaii"), ("una papelería kawaii", "kawaii"),
            ("a Norwegian fjord", "fjord"), ("un fjord en hiver", "fjord"), ("un fiordo", "fiordo"),
        ]
        for (text, word) in cases {
            XCTAssertTrue(referenceWords(text).contains(word), "\(text): \(referenceWords(text))")
        }
    }

    func testGrungeIsNotTheGothicBlack() {
        // Muted olive greys and browns, not the gothic black primary and eggplant.
        let grunge = engine.palette(for: "a grunge band").palette
        XCTAssertGreaterThan(OKLCH(grunge.primary).l, 0.3, grunge.primary.hex)
        XCTAssertFalse(grunge.colors.map(ColourJudge.family).contains("purple"), "\(grunge.colors.map(\.hex))")
        // Black with a hot pink and an acid yellow green.
        let punk = Set(engine.palette(for: "punk rock flyers").palette.colors.map(ColourJudge.family))
        XCTAssertTrue(punk.contains("green"), "\(punk.sorted())")
    }
}

/// A German compound of which only one part is known reads as that part (Nordsee: a sea;
/// Currywurst: curry), where before the whole word was unknown and the palette generic; a word
/// that only starts or ends like a short known word stays unknown.
final class GermanPartialCompoundTests: XCTestCase {
    let engine = OfflineEngine()

    func testTheKnownPartOfACompoundIsRead() {
        let cases: [(String, Set<String>)] = [
            ("die Nordsee", ["blue"]), ("Currywurst", ["yellow"]), ("eine Tomatensuppe", ["red"]),
            ("eine Winterlandschaft", ["neutral"]),
        ]
        for (text, wanted) in cases {
            let generation = engine.palette(for: text)
            let families = Set(generation.palette.colors.map(ColourJudge.family))
            XCTAssertTrue(wanted.isSubset(of: families), "\(text): \(families.sorted())")
            XCTAssertFalse(generation.notes.contains(.noColourWords), text)
        }
        let word = engine.palette(for: "die Nordsee").rationale.values.flatMap { $0 }
        XCTAssertTrue(word.contains("Nordsee"), "\(word)")
    }

    func testAWordThatOnlyLooksLikeACompoundStaysUnknown() {
        // Neither a noun head nor a noun modifier of three or four letters and more is known.
        let unknown = engine.palette(for: "Wegbeschreibung").notes
        XCTAssertTrue(unknown.contains(.noColourWords), "\(unknown)")
    }
}

/// Lighthouses, mosaics and roofs are known in every language, each with its designer colours:
/// the white tower with its lamp's light, the tesserae's teal and gold, the terracotta tile.
final class LighthouseMosaicRoofTests: XCTestCase {
    let engine = OfflineEngine()

    func testEachLanguageReadsTheWords() {
        let cases: [(String, Set<String>)] = [
            ("a lighthouse", ["neutral", "yellow"]), ("un phare", ["neutral", "yellow"]),
            ("ein Leuchtturm", ["neutral", "yellow"]), ("маяк", ["neutral", "yellow"]),
            ("灯塔", ["neutral", "yellow"]), ("灯台", ["neutral", "yellow"]), ("등대", ["neutral", "yellow"]),
            ("ngọn hải đăng", ["neutral", "yellow"]), ("deniz feneri", ["neutral", "yellow"]),
            ("a mosaic", ["teal", "yellow"]), ("un mosaico", ["teal", "yellow"]), ("mozaik", ["teal", "yellow"]),
            ("فسيفساء", ["teal", "yellow"]), ("马赛克", ["teal", "yellow"]),
            ("tejados", ["orange"]), ("屋根", ["orange"]), ("крыши", ["orange"]), ("지붕", ["orange"]),
        ]
        for (text, wanted) in cases {
            let families = Set(engine.palette(for: text).palette.colors.map(ColourJudge.family))
            XCTAssertTrue(wanted.isSubset(of: families), "\(text): \(families.sorted())")
        }
    }
}
