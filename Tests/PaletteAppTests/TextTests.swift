import Foundation
import XCTest
@testable import PaletteApp

/// Display width, sanitising and the text field.
final class DisplayWidthTests: XCTestCase {
    /// Every code point glibc knows must measure the same here, or ncurses rows would shift.
    func testMatchesTheCLibraryForEveryCodePoint() throws {
        // Swift's Glibc module does not import wcwidth (it needs _XOPEN_SOURCE), so look it up.
        typealias WCWidth = @convention(c) (Int32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "wcwidth") else {
            throw XCTSkip("wcwidth is not available")
        }
        let wcwidth = unsafeBitCast(symbol, to: WCWidth.self)
        guard let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else {
            throw XCTSkip("the C.UTF-8 locale is not installed")
        }
        let previous = uselocale(locale)
        defer {
            uselocale(previous)
            freelocale(locale)
        }
        var mismatches: [String] = []
        var checked = 0
        for value in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = Int(wcwidth(Int32(bitPattern: value)))
            guard expected >= 0 else { continue }
            checked += 1
            let actual = DisplayWidth.of(scalar)
            if actual != expected, mismatches.count < 10 {
                mismatches.append(String(format: "U+%04X: %d, glibc %d", value, actual, expected))
            }
        }
        XCTAssertGreaterThan(checked, 250_000)
        XCTAssertEqual(mismatches, [])
    }

    func testGraphemesAndStrings() {
        XCTAssertEqual(DisplayWidth.of(Character("a")), 1)
        XCTAssertEqual(DisplayWidth.of(Character("寧")), 2)
        XCTAssertEqual(DisplayWidth.of(Character("Ａ")), 2, "fullwidth Latin")
        XCTAssertEqual(DisplayWidth.of(Character("😀")), 2)
        XCTAssertEqual(DisplayWidth.of(Character("e\u{301}")), 1, "combining accent adds nothing")
        XCTAssertEqual(DisplayWidth.of(Character("\u{1100}\u{1161}\u{11A8}")), 2, "Hangul jamo syllable")
        XCTAssertEqual(DisplayWidth.of(Character("\u{7}")), 0)
        XCTAssertEqual(DisplayWidth.of("寧靜的森林早晨"), 14)
        XCTAssertEqual(DisplayWidth.of("Primary #2E86AB"), 15)
        XCTAssertEqual(DisplayWidth.of("輔助色"), 6)
    }
}

final class TextSanitizerTests: XCTestCase {
    func testDropsControlFormatAndBidiCharacters() {
        XCTAssertEqual(TextSanitizer.clean("a\u{1B}]52;c;ZXZpbA==\u{7}b"), "a]52;c;ZXZpbA==b")
        XCTAssertEqual(TextSanitizer.clean("evil\u{202E}txt.exe"), "eviltxt.exe")
        XCTAssertEqual(TextSanitizer.clean("zero\u{200B}width\u{FEFF}\u{2066}x\u{2069}"), "zerowidthx")
        XCTAssertEqual(TextSanitizer.clean("del\u{7F}c1\u{9B}"), "delc1")
        XCTAssertEqual(TextSanitizer.clean("private\u{E000}"), "private")
        XCTAssertEqual(TextSanitizer.clean("two\nlines\r\tand\u{2028}more"), "two lines  and more")
        XCTAssertEqual(TextSanitizer.clean("寧靜 café 😀"), "寧靜 café 😀")
    }

    func testTruncatesByDisplayWidthWithAnEllipsis() {
        XCTAssertEqual(TextSanitizer.truncate("forest", toWidth: 6), "forest")
        XCTAssertEqual(TextSanitizer.truncate("forests", toWidth: 6), "fores…")
        XCTAssertEqual(TextSanitizer.truncate("寧靜的森林", toWidth: 10), "寧靜的森林")
        XCTAssertEqual(TextSanitizer.truncate("寧靜的森林", toWidth: 9), "寧靜的森…")
        XCTAssertEqual(TextSanitizer.truncate("寧靜的森林", toWidth: 8), "寧靜的…", "a wide character is never split")
        XCTAssertEqual(TextSanitizer.truncate("ab", toWidth: 1), "…")
        XCTAssertEqual(TextSanitizer.truncate("ab", toWidth: 0), "")
        for width in 1...12 {
            XCTAssertLessThanOrEqual(DisplayWidth.of(TextSanitizer.truncate("混合 mixed 文字 text", toWidth: width)), width)
        }
    }
}

final class TextFieldTests: XCTestCase {
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

    func testZeroWidthJoinersAreDroppedSoEmojiSplit() {
        var field = TextField()
        field.insert("👨‍👩‍👧")
        XCTAssertEqual(field.characters, ["👨", "👩", "👧"])
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
}
