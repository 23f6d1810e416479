import PaletteCore
import TestSupport
import XCTest

@testable import PaletteApp

final class TextFieldTests: XCTestCase {
    /// Typing one scalar at a time (as keys arrive) makes the graphemes the whole text makes
    /// when pasted: the ideograph fast path of `insert` included, which must still join an
    /// ideograph to a Prepend letter before it (U+0D4E MALAYALAM LETTER DOT REPH: "ൎ寧" is one
    /// grapheme) and take combining marks after it. Fails with the Prepend check of the fast path
    /// left out.
    func testTypingScalarByScalarMakesThePastedGraphemes() {
        let alphabet: [Unicode.Scalar] = [
            "a", "b", " ", "\u{5BE7}", "\u{68EE}", "\u{3400}", "\u{9FFF}", "\u{301}", "\u{D4E}", "\u{E9}",
            "\u{D55C}", "\u{FF0C}", "\u{1F305}",
        ]
        var random = SplitMix64(seed: 10)
        var joinedAfterPrepend = 0
        for _ in 0..<2_000 {
            var typed = TextField()
            var text = ""
            for _ in 0..<(1 + random.below(12)) {
                let scalar = alphabet[random.below(alphabet.count)]
                // Printable ASCII has a fast path of its own that starts a grapheme after any
                // character, a Prepend letter included: not what this test is about.
                if text.unicodeScalars.last == "\u{D4E}", scalar.isASCII { continue }
                if text.unicodeScalars.last == "\u{D4E}", (0x3400...0x9FFF).contains(scalar.value) {
                    joinedAfterPrepend += 1
                }
                typed.insert(String(scalar))
                text.unicodeScalars.append(scalar)
            }
            var pasted = TextField()
            pasted.insert(text)
            XCTAssertEqual(typed.characters, pasted.characters, "typed \(text.unicodeScalars.map { $0.value })")
            XCTAssertEqual(typed.cursor, pasted.cursor)
        }
        XCTAssertGreaterThan(joinedAfterPrepend, 20, "the Prepend case was drawn")
    }

    func testCursorMovesByGrapheme() {
        var field = TextField()
        field.insert("a寧😀e\u{301}")
        XCTAssertEqual(field.characters.count, 4)
        XCTAssertEqual(field.cursor, 4)
        XCTAssertEqual(field.cursorColumn, 6)
        field.moveLeft()
        XCTAssertEqual(field.cursorColumn, 5)
        field.deleteBackward()
        XCTAssertEqual(field.text, "a寧e\u{301}")
        XCTAssertEqual(field.cursorColumn, 3)
        field.moveHome()
        field.deleteForward()
        XCTAssertEqual(field.text, "寧e\u{301}")
        field.moveRight()
        field.moveRight()
        field.moveRight()
        XCTAssertEqual(field.cursor, 2)
    }

    /// Issue 11 point 7: a pasted ZWJ sequence stays one grapheme (it was split in three).
    func testIssue11Point7APastedZWJSequenceStaysOneGrapheme() {
        var field = TextField()
        field.insert("👨\u{200D}👩\u{200D}👧 ☀\u{FE0F}")
        XCTAssertEqual(field.characters, ["👨\u{200D}👩\u{200D}👧", " ", "☀\u{FE0F}"])
        field.deleteBackward()
        field.deleteBackward()
        XCTAssertEqual(field.text, "👨\u{200D}👩\u{200D}👧")
    }

    /// Issue 11 point 7, typed: a terminal sends a key one scalar at a time, so the ZWJs of a
    /// family, a flag's second regional indicator and a skin tone come alone; each joins the
    /// cluster before the cursor (the ZWJs were dropped, leaving three people).
    func testIssue11Point7AClusterTypedOneScalarAtATimeStaysWhole() {
        let family = "👨\u{200D}👩\u{200D}👧"
        var field = TextField()
        for scalar in (family + " 🇹🇼 👩🏽\u{200D}💻 क्\u{200D}ष").unicodeScalars { field.insert(String(scalar)) }
        XCTAssertEqual(field.characters, [Character(family), " ", "🇹🇼", " ", "👩🏽\u{200D}💻", " ", "क्\u{200D}ष"])
        for _ in 0..<6 { field.deleteBackward() }
        XCTAssertEqual(field.text, family, "six clusters deleted, one key each")
        // A joiner after a letter that takes none is dropped; two letters never join.
        var plain = TextField("a")
        plain.insert("\u{200D}")
        plain.insert("b")
        XCTAssertEqual(plain.characters, ["a", "b"])
    }

    /// The one sanitiser keeps a zero-width joiner inside an emoji sequence (issue 12, point 1),
    /// so a family emoji stays one character; a joiner elsewhere is still dropped.
    func testZeroWidthJoinersStayInsideEmojiSequencesOnly() {
        var field = TextField()
        field.insert("👨‍👩‍👧")
        XCTAssertEqual(field.characters, ["👨‍👩‍👧"])
        var other = TextField()
        other.insert("a\u{200D}b")
        XCTAssertEqual(other.text, "ab")
    }

    /// Keys arrive one scalar at a time: a combining mark typed after its letter joins it,
    /// so Hindi, Arabic with harakat and decomposed accents reach the description whole.
    func testCombiningMarksTypedOneByOneJoinTheirLetter() {
        for word in ["शांत जंगल में सुबह", "بَحْر", "e\u{301}te\u{301}", "सुबह"] {
            var field = TextField()
            for scalar in word.unicodeScalars { field.insert(String(scalar)) }
            XCTAssertEqual(field.text, word, "typed one scalar at a time")
            XCTAssertEqual(field.characters.count, word.count, "one element a grapheme: \(word)")
            XCTAssertEqual(field.cursor, word.count)
        }
        var field = TextField()
        field.insert("\u{902}")
        XCTAssertEqual(field.text, "", "a mark with nothing before it is dropped")
        field.insert("a")
        field.moveHome()
        field.insert("\u{301}")
        XCTAssertEqual(field.text, "a", "a mark at the start of the field has no letter to join")
    }

    /// Issue 11 point 5: moving and deleting by word, in English, Chinese, Japanese and emoji.
    /// A word is a run of letters (or of Han, or of kana) between spaces and punctuation; a
    /// change of script is a boundary; every emoji is a word (docs/decisions.md).
    func testPoint5WordMotionAndDeletionByGraphemeCluster() {
        var field = TextField("calm lake, at dawn")
        field.moveWordLeft()
        XCTAssertEqual(field.cursor, 14)
        field.moveWordLeft()
        field.moveWordLeft()
        XCTAssertEqual(field.cursor, 5, "the comma is no word")
        field.moveWordRight()
        XCTAssertEqual(field.cursor, 9)
        field.deleteWordForward()
        XCTAssertEqual(field.text, "calm lake dawn")
        field.deleteWordBackward()
        XCTAssertEqual(field.text, "calm  dawn")
        field.moveHome()
        field.moveWordLeft()
        XCTAssertEqual(field.cursor, 0)
        field.moveEnd()
        field.moveWordRight()
        field.deleteWordForward()
        XCTAssertEqual(field.text, "calm  dawn", "nothing after the end")

        var cjk = TextField("寧靜的湖面，黎明 東京タワーの夜景")
        cjk.deleteWordBackward()
        XCTAssertEqual(cjk.text, "寧靜的湖面，黎明 東京タワーの")
        cjk.deleteWordBackward()
        XCTAssertEqual(cjk.text, "寧靜的湖面，黎明 東京タワー")
        cjk.moveWordLeft()
        cjk.moveWordLeft()
        XCTAssertEqual(cjk.cursor, 9, "東京 is one word, タワー another")
        cjk.moveWordLeft()
        XCTAssertEqual(cjk.cursor, 6, "黎明 after the ideographic comma")
        cjk.moveWordLeft()
        XCTAssertEqual(cjk.cursor, 0)
        cjk.deleteWordForward()
        XCTAssertEqual(cjk.text, "，黎明 東京タワー")

        let family = "👨\u{200D}👩\u{200D}👧"
        var emoji = TextField("sun ☀\u{FE0F}\(family)🌲 ok")
        emoji.moveWordLeft()
        emoji.moveWordLeft()
        XCTAssertEqual(emoji.characters[emoji.cursor], "🌲")
        emoji.deleteWordBackward()
        XCTAssertEqual(emoji.text, "sun ☀\u{FE0F}🌲 ok", "the family goes whole")
        emoji.deleteWordBackward()
        XCTAssertEqual(emoji.text, "sun 🌲 ok", "☀️ with its variation selector")
        emoji.deleteWordBackward()
        XCTAssertEqual(emoji.text, "🌲 ok")
    }

    func testWordAndLineDeletion() {
        var field = TextField("quiet  forest morning")
        field.deleteWordBackward()
        XCTAssertEqual(field.text, "quiet  forest ")
        field.deleteWordBackward()
        XCTAssertEqual(field.text, "quiet  ")
        field.moveHome()
        field.moveRight()
        field.deleteToEnd()
        XCTAssertEqual(field.text, "q")
        field.insert("uiet")
        field.moveLeft()
        field.deleteToStart()
        XCTAssertEqual(field.text, "t")
        XCTAssertEqual(field.cursor, 0)
    }

    func testCapacity() {
        var field = TextField(capacity: 5)
        XCTAssertTrue(field.insert("abc"))
        XCTAssertFalse(field.insert("寧靜的"))
        XCTAssertEqual(field.text, "abc寧靜")
        XCTAssertFalse(field.insert("x"))
        XCTAssertEqual(field.text, "abc寧靜")
    }

    /// The view scrolls only when the cursor would leave it, and never splits a wide character.
    func testHorizontalScrolling() {
        var field = TextField()
        field.insert("寧靜的森林早晨")
        field.scrollToCursor(width: 8)
        // 7 wide characters (14 columns) plus the cursor cell: the last 3 fit with the cursor.
        XCTAssertEqual(field.offset, 4)
        XCTAssertEqual(field.cursorColumn, 6)
        field.moveHome()
        field.scrollToCursor(width: 8)
        XCTAssertEqual(field.offset, 0)
        field.moveRight()
        field.moveRight()
        field.scrollToCursor(width: 8)
        XCTAssertEqual(field.offset, 0, "moving inside the view does not scroll")
        field.moveEnd()
        field.scrollToCursor(width: 8)
        field.deleteBackward()
        field.deleteBackward()
        field.deleteBackward()
        field.scrollToCursor(width: 8)
        XCTAssertEqual(field.offset, 1, "deleting the tail pulls the text back in")
        XCTAssertEqual(field.cursorColumn, 6)
    }

    func testCursorAlwaysInsideTheField() {
        var field = TextField()
        let text = "a寧b😀cé森林 early morning 霧"
        for width in 1...12 {
            field.setText("")
            for c in text {
                field.insert(String(c))
                field.scrollToCursor(width: width)
                XCTAssertLessThan(field.cursorColumn, max(width, 1) + 1, "width \(width)")
                XCTAssertLessThanOrEqual(field.cursorColumn + 1, max(width, 2))
            }
        }
    }

    /// `glyphs` says what each grapheme is (width, single scalar) after any edit: random edits
    /// of every kind, on text with wide characters, emoji sequences, flags and combining
    /// marks, checked against glyphs worked out afresh from `characters`, and the widths the
    /// cursor and scrolling read from them against `DisplayWidth`. Fails when any edit leaves
    /// `glyphs` behind (tried: `deleteWordForward` without its glyphs line).
    func testGlyphsFollowTheCharactersThroughEveryEdit() {
        let pieces = [
            "a", "Z", " ", "寧", "靜", "🌅", "\u{301}", "\u{200D}", "👨‍👩‍👧", "🇹", "🇼", "e\u{301}", "한", "，",
            "calm sea", "夕陽 sunset", "\u{D4E}",
        ]
        var random = SplitMix64(seed: 7)
        var field = TextField(capacity: 60)
        var clustered = 0
        for step in 0..<6_000 {
            switch random.below(14) {
            case 0: field.moveLeft()
            case 1: field.moveRight()
            case 2: field.moveHome()
            case 3: field.moveEnd()
            case 4: field.deleteBackward()
            case 5: field.deleteForward()
            case 6: if random.below(4) == 0 { field.deleteToStart() } else { field.moveWordLeft() }
            case 7: if random.below(4) == 0 { field.deleteToEnd() } else { field.moveWordRight() }
            case 8: field.deleteWordBackward()
            case 9: field.deleteWordForward()
            case 10: if random.below(30) == 0 { field.setText("寧靜 e\u{301} 👨‍👩‍👧 calm") }
            default: field.insert(pieces[random.below(pieces.count)])
            }
            field.scrollToCursor(width: 1 + random.below(20))
            XCTAssertEqual(field.glyphs, field.characters.map(TextField.glyph), "step \(step): \(field.text)")
            for i in field.characters.indices {
                XCTAssertEqual(field.width(at: i), DisplayWidth.of(field.characters[i]), "step \(step)")
            }
            if !field.clusteredCharacters.isEmpty { clustered += 1 }
            XCTAssertEqual(
                field.clusteredCharacters.isEmpty, field.characters.allSatisfy { $0.unicodeScalars.count == 1 })
        }
        XCTAssertGreaterThan(clustered, 500, "the sessions reached graphemes of more than one scalar")
    }
}
