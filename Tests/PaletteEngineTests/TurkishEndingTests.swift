import PaletteCore
import XCTest

@testable import PaletteEngine

/// A Turkish word whose stem ends in the first letters of an ending (kızıl + ı, yeşil + e,
/// balon + da) is read as that word with its ending: the stripper took "-lı", "-le" or "-nda"
/// first and left "kız" (girl), "yeş" or "bal" (honey). The longest stem that is a term wins
/// (docs/decisions.md, 2026-12-03, polish8).
final class TurkishEndingTests: XCTestCase {
    let lexicon = Lexicon.embedded

    func ids(_ text: String) -> [String] {
        Matcher(lexicon: lexicon).read(NormalisedText(text, folding: lexicon.folding)).matches.compactMap {
            $0.entry < 0 ? nil : lexicon.entries[Int($0.entry)].id
        }
    }

    /// Each word with its accusative or possessive, dative, locative, genitive and "-lı" forms,
    /// written with Turkish vowel harmony, alone and in a sentence.
    static let forms: [(word: String, forms: [String])] = [
        ("kızıl", ["kızılı", "kızıla", "kızılda", "kızılın", "kızıllı"]),
        ("yeşil", ["yeşili", "yeşile", "yeşilde", "yeşilin", "yeşilli"]),
        ("balon", ["balonu", "balona", "balonda", "balonun", "balonlu"]),
        ("saray", ["sarayı", "saraya", "sarayda", "sarayın", "saraylı"]),
        ("buğday", ["buğdayı", "buğdaya", "buğdayda", "buğdayın", "buğdaylı"]),
        ("pastel", ["pasteli", "pastele", "pastelde", "pastelin", "pastelli"]),
    ]

    func testAWordWithItsEndingReadsAsTheWord() {
        var checked = 0
        for (word, forms) in Self.forms {
            let own = ids(word)
            XCTAssertEqual(own.count, 1, "\(word): \(own)")
            for form in forms {
                XCTAssertEqual(ids(form), own, "\(form) should read as \(word)")
                XCTAssertEqual(ids("akşam \(form) ve deniz").filter { own.contains($0) }, own, "\(form) in a sentence")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 30)
        XCTAssertNotEqual(ids("kızılı"), ids("kız"), "kızılı is not kız (girl)")
    }

    /// A form whose first stripping is right stays as it was: the longest stem is only taken
    /// when it is a term (kızı, her daughter, is kız; ormanlarda is orman; maviyi is mavi).
    func testAFormTheFirstStrippingReadsStaysAsItWas() {
        XCTAssertEqual(ids("kızı"), ids("kız"))
        XCTAssertEqual(ids("ormanlarda"), ids("orman"))
        XCTAssertEqual(ids("maviyi"), ids("mavi"))
        XCTAssertEqual(ids("sarıya"), ids("sarı"))
    }
}
