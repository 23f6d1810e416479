import PaletteCore
import TestSupport
import XCTest

@testable import PaletteEngine

/// Every language the engine reads: its inflection and its compounds as its readers expect
/// (issue 32, point 2). Each case is a description and the concepts a reader finds in it, in
/// order, with nothing left unknown unless the case says so. Expectations are written from the
/// language, not from the engine's output.
final class MorphologyTests: XCTestCase {
    let lexicon = Lexicon.embedded

    func read(_ text: String) -> MatchResult {
        Matcher(lexicon: lexicon).read(NormalisedText(text, folding: lexicon.folding))
    }

    func ids(_ result: MatchResult) -> [String] {
        result.matches.compactMap { $0.entry < 0 ? nil : lexicon.entries[Int($0.entry)].id }
    }

    /// Each case's concepts, in order, and no unknown word.
    func check(_ cases: [(String, [String])], file: StaticString = #filePath, line: UInt = #line) {
        for (text, want) in cases {
            let r = read(text)
            XCTAssertEqual(ids(r), want, "\(text)", file: file, line: line)
            XCTAssertEqual(r.unknown, [], "\(text): unknown words", file: file, line: line)
        }
    }

    /// A tree named by its blossom reads as the blossom, one named by its fruit as the fruit:
    /// cerejeiras, cerisier (cherry blossom); limonero, citronniers, laranjeiras (lemon, orange).
    func testTreesNamedByTheirBlossomOrFruit() {
        check([
            ("as cerejeiras", ["cherry blossom"]), ("un cerisier", ["cherry blossom"]),
            ("un ciliegio", ["cherry blossom"]),
            ("un limonero", ["lemon"]), ("des citronniers", ["lemon"]), ("os limoeiros", ["lemon"]),
            ("los naranjos", ["orange fruit"]), ("as laranjeiras", ["orange fruit"]),
        ])
    }

    func testEnglishInflection() {
        check([
            ("strawberries", ["strawberry"]), ("foggy forests", ["fog", "forest"]),
            ("snowy mountains", ["snowy mountain"]), ("sunflowers at sunset", ["sunflower", "sunset"]),
        ])
    }

    func testFrenchInflectionAndElision() {
        check([
            ("des forêts", ["forest"]), ("l'océan", ["ocean"]), ("des tournesols", ["sunflower"]),
            ("des fraises", ["strawberry"]), ("les montagnes enneigées", ["snowy mountain"]),
        ])
    }

    func testSpanishInflection() {
        check([
            ("los bosques", ["forest"]), ("girasoles", ["sunflower"]), ("las montañas", ["mountain"]),
            ("fresas", ["strawberry"]), ("limones", ["lemon"]),
        ])
    }

    func testPortugueseInflection() {
        check([
            ("florestas", ["forest"]), ("girassóis", ["sunflower"]), ("limões", ["lemon"]),
            ("morangos", ["strawberry"]), ("as montanhas", ["mountain"]),
        ])
    }

    func testItalianInflection() {
        check([
            ("i boschi", ["forest"]), ("girasoli", ["sunflower"]), ("le fragole", ["strawberry"]),
            ("montagne innevate", ["snowy mountain"]),
        ])
    }

    /// German cases (des Waldes, dem Meere), plurals with umlaut and compounds written as one word.
    func testGermanCasesAndCompounds() {
        check([
            ("des Waldes", ["forest"]), ("die Wälder", ["forest"]), ("Erdbeeren", ["strawberry"]),
            ("Sonnenblumenfeld", ["sunflower", "meadow"]), ("Zitronengelb", ["lemon yellow"]),
            ("Lavendelfelder", ["lavender", "meadow"]),
            ("Schneeberge", ["snowy mountain"]),
        ])
    }

    /// German adjectives derived with -ig and -lich read as their noun: sandig is sand.
    func testGermanDerivedAdjectives() {
        check([("sandig", ["sand"]), ("ein sandiger Strand", ["sand", "beach"])])
    }

    /// Russian cases on nouns and adjectives, and relational adjectives derived with -ов-, -ев-,
    /// -н- (апельсиновый, "orange", is апельсин; клубничный, "strawberry", is клубника).
    func testRussianCasesAndDerivedAdjectives() {
        check([
            ("в лесу", ["forest"]), ("над морем", ["ocean"]), ("красными розами", ["red", "rose"]),
            ("снегом", ["snow"]), ("клубничный", ["strawberry"]), ("апельсиновый", ["orange fruit"]),
            ("вишнёвый", ["cherry"]), ("морковного цвета", ["carrot"]), ("песочный пляж", ["sand colour", "beach"]),
            ("на заснеженном берегу", ["snow", "beach"]),
        ])
    }

    /// Turkish cases stacked on the stem (ormanda, denizin, güllerle) and the -lı "with" form.
    func testTurkishCases() {
        check([
            ("ormanda", ["forest"]), ("denizin", ["ocean"]), ("kırmızı güllerle", ["red", "rose"]),
            ("dağlarda", ["mountain"]), ("gün batımında", ["sunset"]), ("karlı dağlar", ["snowy mountain"]),
        ])
    }

    /// Vietnamese words of several syllables read whole (hoa hướng dương, sương mù); unknown
    /// syllables in a row are one unknown word.
    func testVietnameseSyllables() {
        check([
            ("hoa hướng dương", ["sunflower"]), ("sương mù", ["fog"]), ("hoàng hôn trên biển", ["sunset", "ocean"]),
            ("dâu tây", ["strawberry"]), ("rừng thông", ["pine"]),
        ])
        // phố cổ (an old quarter) is a term; the place's name after it is one unknown word.
        let r = read("biển xanh và phố cổ Đồng Văn")
        XCTAssertEqual(r.unknown, ["Đồng Văn"])
        // Hội An is a designer reference now (its lantern yellow and red), read whole.
        XCTAssertTrue(read("biển xanh và phố cổ Hội An").unknown.allSatisfy { !$0.contains("Hội") })
    }

    /// Japanese particles end a word (森を, 海に, 夕日が) and の joins two words (海の夕日).
    func testJapaneseParticles() {
        check([
            ("森と湖", ["forest", "lake"]), ("海の夕日", ["ocean", "sunset"]), ("雪の山を", ["snow", "mountain"]),
            ("海に夕日", ["ocean", "sunset"]), ("夜の湖", ["night", "lake"]),
        ])
    }

    /// Korean particles after the noun (숲에서, 바다의, 장미를) and compounds (밤하늘).
    func testKoreanParticlesAndCompounds() {
        check([
            ("숲에서", ["forest"]), ("바다의 노을", ["ocean", "sunset"]), ("장미를", ["rose"]),
            ("밤하늘", ["night", "sky"]), ("눈 덮인 산", ["snowy mountain"]),
        ])
    }

    /// Chinese is cut into the words that cover the run best, not greedily: 天青色瓷器 is 天青色 +
    /// 瓷器 (a greedy cut takes 天青色瓷 and leaves 器 unknown); 胭脂红萝卜 is 胭脂 + 红萝卜.
    func testChineseSegmentationSimplified() {
        check([("天青色瓷器", ["cerulean", "porcelain"]), ("森林里的夕阳", ["forest", "sunset"])])
        let cut = read("胭脂红萝卜")
        XCTAssertEqual(cut.unknown, [], "胭脂红萝卜")
        XCTAssertEqual(cut.matches.map(\.surface), ["胭脂", "红萝卜"])
    }

    func testChineseSegmentationTraditional() {
        check([("天青色瓷器", ["cerulean", "porcelain"]), ("森林裡的夕陽", ["forest", "sunset"])])
        XCTAssertEqual(read("胭脂紅蘿蔔").matches.map(\.surface), ["胭脂", "紅蘿蔔"])
    }

    /// Arabic: the article and clitics before the noun (الغابة, بالورود), plurals (غابات).
    func testArabicClitics() {
        check([("الغابة", ["forest"]), ("غابات", ["forest"]), ("بالثلج", ["snow"]), ("الغروب", ["sunset"])])
    }

    /// Hindi: oblique and plural forms (जंगलों, पहाड़ों) and the genitive (समुद्र का).
    func testHindiInflection() {
        check([("जंगलों में", ["forest"]), ("पहाड़ों पर बर्फ", ["mountain", "snow"]), ("लाल गुलाब", ["red", "rose"])])
    }
}
