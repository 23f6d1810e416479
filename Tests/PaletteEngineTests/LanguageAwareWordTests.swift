import PaletteCore
import TestSupport
import XCTest

@testable import PaletteEngine

/// A word is read in the language of the description around it (docs/decisions.md,
/// 2026-12-03): a gender word of one language is an ordinary word of another (English "male"
/// is Italian "bad", English "boy" Turkish "height", Italian "donne" French "gives") and is
/// dropped only where the description reads as the word's own language. And Turkish colour
/// words read as Turkish writes them: kızıl, capitals (KIZIL, YEŞİL), -msı ("-ish"), X rengi.
final class LanguageAwareWordTests: XCTestCase {
    let lexicon = Lexicon.embedded
    let engine = OfflineEngine()

    func read(_ text: String) -> MatchResult {
        Matcher(lexicon: lexicon).read(NormalisedText(text, folding: lexicon.folding))
    }

    func ids(_ result: MatchResult) -> [String] {
        result.matches.compactMap { $0.entry < 0 ? nil : lexicon.entries[Int($0.entry)].id }
    }

    /// A sentence that reads as each Latin-script language, one more word to come before or after it.
    static let frames: [LanguageCode: String] = [
        .en: "a blue sea and the", .fr: "une mer bleue et les", .es: "un mar azul y los", .pt: "um mar azul e os",
        .de: "ein blaues Meer und die", .it: "un mare blu e il", .vi: "biển xanh và những", .tr: "mavi bir deniz ve bu",
    ]

    /// Every one-word gender term of every Latin-script language, from the source files.
    static func genderWords() throws -> [LexiconGuardTests.Term] {
        try LexiconGuardTests.terms().filter {
            $0.concept == "girl" && frames[$0.language] != nil && !$0.text.contains(" ")
        }
    }

    /// The general case: each gender word, in a sentence of each Latin-script language, is
    /// dropped (matched, no colour, not unknown) in its own language's sentence and nowhere else.
    func testAGenderWordIsDroppedOnlyInItsOwnLanguage() throws {
        let words = try LanguageAwareWordTests.genderWords()
        XCTAssertGreaterThan(words.count, 60, "every Latin-script language's gender words")
        var wrong: [String] = []
        var checked = 0
        for word in words {
            for (language, frame) in LanguageAwareWordTests.frames {
                for text in ["\(frame) \(word.text)", "\(word.text) \(frame)"] {
                    let result = read(text)
                    // The sentence reads as its language whatever the word (else the case tests nothing).
                    guard result.language == language else {
                        wrong.append("'\(text)' reads as \(result.language.map { "\($0)" } ?? "nothing")")
                        continue
                    }
                    checked += 1
                    let dropped = ids(result).contains("girl")
                    if language == word.language, !dropped {
                        wrong.append("'\(text)': \(word.language) gender word not dropped in its own language")
                    }
                    if language != word.language, dropped {
                        wrong.append("'\(text)': \(word.language) gender word dropped in \(language)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
        XCTAssertEqual(wrong, [], "\(wrong.count) wrong:\n" + wrong.prefix(40).joined(separator: "\n"))
    }

    /// Where the word is not the language's gender word it is an ordinary unknown word, reported
    /// in the note and read through no other language's forms either.
    func testTheFalseFriendsAreOrdinaryWordsThere() {
        let cases: [(text: String, unknown: String)] = [
            ("il mare fa male", "male"),  // Italian: "the sea hurts"
            ("un cielo male, nuvole grigie", "male"),
            ("mavi boy bir elbise", "boy"),  // Turkish: a tall blue dress
            ("men sứ xanh lam", "men"),  // Vietnamese: blue glaze
            ("un vestido rojo, dame uno", "dame"),  // Spanish: give me one
            ("cette lumière donne une couleur dorée", "donne"),  // French: gives
            // Freed, a word must not fall to another language's weaker forms: Italian donne
            // is no Spanish or German word, English man no Turkish one (it read as orange).
            ("un mar azul y los donne", "donne"), ("ein blaues Meer und die donne", "donne"),
            ("mavi bir deniz ve bu man", "man"),
        ]
        for c in cases {
            let (reading, _) = engine.compose(c.text, variation: 0)
            XCTAssertFalse(
                ids(read(c.text)).contains("girl"), "\(c.text): '\(c.unknown)' is not a gender word there")
            XCTAssertFalse(reading.cues.isEmpty, "\(c.text): the rest is read")
            XCTAssertFalse(
                reading.cues.contains { $0.words.contains(c.unknown) }, "\(c.text): '\(c.unknown)' gives no colour")
        }
        // French "mal" was read as German Maler (painter) stripped to "mal": art's colours.
        XCTAssertEqual(ids(read("mal de mer")), ["ocean"])
        XCTAssertEqual(read("il mare fa male").unknown, ["fa", "male"])
    }

    /// English is the lingua franca: an English gender word in a sentence of another script is
    /// still dropped (the only Latin-script reading there), and in its own sentences alike.
    func testEnglishInAnotherScriptIsStillEnglish() {
        for text in ["海边的 girl", "девушка и boy у моря", "a girl at the beach", "male", "女孩", "海辺の少女"] {
            XCTAssertTrue(ids(read(text)).contains("girl"), "\(text): \(ids(read(text)))")
            XCTAssertEqual(read(text).unknown, [], "\(text)")
        }
    }

    // MARK: - Turkish

    /// kızıl (red, crimson) and eflatun (lilac) are read, in capitals too (I is ı, İ is i), and
    /// with their suffixes.
    func testTurkishColourWords() {
        let cases: [(String, String)] = [
            ("kızıl", "crimson"), ("Kızıl", "crimson"), ("KIZIL", "crimson"), ("kızıllar", "crimson"),
            ("kızılda", "crimson"), ("eflatun", "lilac"), ("EFLATUN", "lilac"),
        ]
        for (text, concept) in cases { XCTAssertEqual(ids(read(text)), [concept], text) }
        XCTAssertEqual(ids(read("kızıl bir gün batımı")), ["crimson", "sunset"])
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "kızıl").palette.primary), "red")
    }

    /// -msı/-msi/-msu/-msü and -mtırak ("-ish", as reddish): the colour word, whichever vowel
    /// buffer the word takes, in capitals too.
    func testTurkishIshSuffixes() {
        let cases: [(String, String)] = [
            ("kırmızımsı", "red"), ("KIRMIZIMSI", "red"), ("mavimsi", "blue"), ("yeşilimsi", "green"),
            ("YEŞİLİMSİ", "green"), ("sarımsı", "yellow"), ("pembemsi", "pink"), ("morumsu", "purple"),
            ("turuncumsu", "orange"), ("kızılımsı", "crimson"), ("kırmızımtırak", "red"), ("sarımtırak", "yellow"),
            ("yeşilimtırak", "green"), ("beyazımsı", "white"),
        ]
        for (text, concept) in cases { XCTAssertEqual(ids(read(text)), [concept], text) }
        XCTAssertEqual(ids(read("mavimsi bir deniz")), ["blue", "ocean"])
    }

    /// "X rengi" is X's colour: grammar like "renk", not renkli (colourful), which painted every
    /// "ash colour" and "earth colour" with a rainbow.
    func testTurkishRengiIsGrammar() {
        XCTAssertEqual(ids(read("kül rengi")), ["ember"])
        XCTAssertEqual(ids(read("toprak rengi bir oda")).first, "earth")
        XCTAssertEqual(read("toprak rengi").unknown, [])
        XCTAssertEqual(ids(read("renkli bir bahçe")).first, "rainbow", "colourful stays colourful")
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "toprak rengi").palette.primary), "brown")
    }
}
