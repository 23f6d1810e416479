import PaletteCore
import TestSupport
import XCTest

@testable import PaletteEngine

/// The notes say what was read (issue 32, point 3): the reference and its colours, the key word
/// not read, a word read as another language's; no word is named twice across a palette's notes.
final class ReadingNotesTests: XCTestCase {
    let engine = OfflineEngine()

    func notes(_ text: String) -> [GenerationNote] { engine.palette(for: text).notes }

    /// Every word a palette's notes name, once each.
    func namedWords(_ notes: [GenerationNote]) -> [String] {
        notes.flatMap { note -> [String] in
            switch note {
            case .partlyUnderstood(let used, let unknown): return used + unknown
            case .referencesRead(let refs): return refs.flatMap(\.allWords)
            case .keyWordsNotRead(let words, let used): return words + used
            case .readAsOtherLanguage(let words): return words.map(\.word)
            default: return []
            }
        }
    }

    func testAReferenceIsNamedWithItsColours() {
        let n = notes("a Bauhaus poster")
        XCTAssertEqual(
            n,
            [
                .referencesRead([
                    ReadReference(
                        words: "Bauhaus poster",
                        colours: [RGB(packed: 0xD9352B), RGB(packed: 0xF3C12B), RGB(packed: 0x1D4E9E)])
                ])
            ])
    }

    /// Two words read as one reference are named together, its colours once ("Moroccan, riad →"
    /// rather than the same three colours twice).
    func testWordsReadAsOneReferenceAreNamedTogether() {
        let n = notes("Moroccan riad courtyard")
        XCTAssertEqual(
            n,
            [
                .referencesRead([
                    ReadReference(
                        words: "Moroccan",
                        colours: [RGB(packed: 0xC1440E), RGB(packed: 0xE07A5F), RGB(packed: 0x2A7F8E)],
                        otherWords: ["riad"])
                ])
            ])
    }

    /// A country's name beats the colour-name lists' word of the same spelling in an English
    /// sentence ("morocco" is also a leather colour, #A76549): "flag of Morocco" is red and
    /// green. A brand does not win so: "a sea shell" names no oil company.
    func testACountryBeatsAColourNameWordButABrandDoesNot() {
        for text in ["flag of Morocco", "the Morocco flag"] {
            let g = engine.palette(for: text)
            let families = g.palette.colors.map(ColourJudge.family)
            XCTAssertTrue(families.contains("red") && families.contains("green"), "\(text): \(families)")
            XCTAssertFalse(g.palette.colors.contains(RGB(packed: 0xA76549)), text)
        }
        let shell = engine.palette(for: "a sea shell on the beach")
        XCTAssertFalse(shell.notes.contains { if case .referencesRead = $0 { return true } else { return false } })
        XCTAssertFalse(shell.palette.colors.contains(RGB(packed: 0xFFD500)), "\(shell.palette.colors.map(\.hex))")
    }

    /// A reference read in its own language's words (Russian case ending, Japanese katakana).
    func testAReferenceInAnotherLanguage() {
        guard case .referencesRead(let refs)? = notes("плакат в стиле баухауса").first else {
            return XCTFail("\(notes("плакат в стиле баухауса"))")
        }
        XCTAssertEqual(refs.map(\.words), ["баухауса"])
        guard case .referencesRead(let ja)? = notes("バウハウスのポスター").first else { return XCTFail() }
        XCTAssertEqual(ja.map(\.words), ["バウハウス"])
    }

    /// An unknown name beside a known noun is the key word: the note says the palette follows
    /// the other words alone, and the word is not listed again as merely unknown.
    func testTheKeyWordNotRead() {
        XCTAssertEqual(notes("Zanzibar festival"), [.keyWordsNotRead(words: ["Zanzibar"], used: ["festival"])])
        // No noun read at all: the unknown words carry the description.
        XCTAssertEqual(notes("a calm quantum"), [.keyWordsNotRead(words: ["quantum"], used: ["calm"])])
        // A noun read, an unknown common word beside it: only unknown, not the key.
        XCTAssertEqual(notes("forest quantum"), [.partlyUnderstood(used: ["forest"], unknown: ["quantum"])])
    }

    /// A word of another language in a description (Italian fragole in Spanish) is named with
    /// its language; English syllables in Vietnamese (long in thanh long) too.
    func testAWordReadAsAnotherLanguages() {
        XCTAssertTrue(
            notes("un bosque con fragole").contains(
                .readAsOtherLanguage([ForeignWord(word: "fragole", language: "it")])),
            "\(notes("un bosque con fragole"))")
        XCTAssertTrue(
            notes("quả thanh long").contains(.readAsOtherLanguage([ForeignWord(word: "long", language: "en")])),
            "\(notes("quả thanh long"))")
    }

    /// No word is named twice across a palette's notes, for every description of the set.
    func testNoWordIsNamedTwice() throws {
        for c in try DescriptionCase.load() {
            let words = namedWords(notes(c.description))
            XCTAssertEqual(words.count, Set(words).count, "\(c.description): \(words)")
        }
    }
}
