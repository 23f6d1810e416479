import Foundation
import XCTest

@testable import PaletteCore

/// Display width and sanitising: the one copy of each, used by the app and the CLI.
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
    /// The whole-text shortcut returns only what the scalar-by-scalar pass would: every scalar it
    /// lets through is kept by that pass alone and beside the joiners and selectors that depend
    /// on their neighbours, and text with any other scalar takes the pass.
    func testTextKeptWholeIsWhatTheFullPassKeeps() {
        let blocks: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x400...0x4FF, 0x1E00...0x1EFF, 0x2010...0x2027,
            0x2030...0x205E, 0x2100...0x218B, 0x2190...0x23FF, 0x2500...0x27BF, 0x3000...0x303F,
            0x3041...0x3096, 0x3099...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60,
        ]
        var all = ""
        for block in blocks {
            for v in block {
                let scalar = Unicode.Scalar(v)!
                all.unicodeScalars.append(scalar)
                XCTAssertTrue(TextSanitizer.isKeptWhole(String(scalar)), String(v, radix: 16))
                // Beside a joiner and a variation selector, which the pass judges by their neighbours.
                let around = "\(scalar)\u{200D}\(scalar)\u{FE0F}"
                XCTAssertEqual(TextSanitizer.clean(around), TextSanitizer.cleaned(around), String(v, radix: 16))
            }
        }
        XCTAssertEqual(TextSanitizer.cleaned(all), all)
        XCTAssertEqual(TextSanitizer.clean(all), all)
        // Neighbouring blocks are not let through whole.
        for v: UInt32 in [
            0x1F, 0x7F, 0x9F, 0xAD, 0x300, 0x34F, 0x3FF, 0x500, 0x2028, 0x202E, 0x2060, 0x218C, 0x2FFF,
            0x3040, 0x3097, 0x4DFF, 0xA000, 0xABFF, 0xD7A4, 0xFF00, 0xFF61, 0x200B, 0xE000,
        ] {
            XCTAssertFalse(TextSanitizer.isKeptWhole("寧靜" + String(Unicode.Scalar(v)!)), String(v, radix: 16))
        }
        XCTAssertEqual(TextSanitizer.clean("寧靜\u{202E}森林\u{200B}"), "寧靜森林")
        // Every code point of the blocks is one the property lookup keeps on its own: assigned,
        // not a control, format, surrogate, private-use or separator, not the grapheme joiner.
        for block in blocks {
            for v in block {
                let category = Unicode.Scalar(v)!.properties.generalCategory
                XCTAssertFalse(
                    [.control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator]
                        .contains(category) || v == 0x34F, String(v, radix: 16))
            }
        }
    }

    func testDropsControlFormatAndBidiCharacters() {
        XCTAssertEqual(TextSanitizer.clean("a\u{1B}]52;c;ZXZpbA==\u{7}b"), "a]52;c;ZXZpbA==b")
        XCTAssertEqual(TextSanitizer.clean("evil\u{202E}txt.exe"), "eviltxt.exe")
        XCTAssertEqual(TextSanitizer.clean("zero\u{200B}width\u{FEFF}\u{2066}x\u{2069}"), "zerowidthx")
        XCTAssertEqual(TextSanitizer.clean("del\u{7F}c1\u{9B}"), "delc1")
        XCTAssertEqual(TextSanitizer.clean("private\u{E000}"), "private")
        XCTAssertEqual(TextSanitizer.clean("two\nlines\r\tand\u{2028}more"), "two lines  and more")
        XCTAssertEqual(TextSanitizer.clean("寧靜 café 😀"), "寧靜 café 😀")
        // What the `history` listing used to turn into `?`: CSI, a C1 control, an RTL override.
        XCTAssertEqual(TextSanitizer.clean("a\u{1B}[31mb\nc\td\u{9B}e\u{202E}f"), "a[31mb c def")
        XCTAssertEqual(TextSanitizer.clean("unknown \u{1B}[2J op", toWidth: 12), "unknown [2J…")
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

/// The one JSON string escaper, for the history file's byte buffer and the `json` formats.
final class JSONTextTests: XCTestCase {
    func testEscapesExactlyQuotesBackslashesAndControls() {
        XCTAssertEqual(JSONText.string("plain"), #""plain""#)
        XCTAssertEqual(
            JSONText.string("q\"b\\s/n\nr\rt\tx\u{01}\u{1F}d\u{7F}"),
            #""q\"b\\s/n\nr\rt\tx\u0001\u001fd\u007f""#)
        XCTAssertEqual(
            JSONText.string("寧靜 é 😀 \u{85} \u{2028}"), #""寧靜 é 😀 \u0085 \u2028""#,
            "C1 controls and separators escaped, the rest UTF-8 unchanged")
        var buffer = Array("[".utf8)
        JSONText.appendString("a\"", to: &buffer)
        XCTAssertEqual(buffer, Array(#"["a\"""#.utf8), "appends after what is there")
    }

    /// Every string, controls and all, reads back through Foundation's parser unchanged.
    func testEveryScalarMixReadsBack() throws {
        var seed: UInt32 = 7
        let pool: [Unicode.Scalar] =
            (0..<0x80).compactMap(Unicode.Scalar.init) + ["é", "寧", "😀", "\u{202E}", "\u{FEFF}"]
        for _ in 0..<500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(seed % 24) {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                text.append(pool[Int(seed >> 8) % pool.count])
            }
            let string = String(text)
            let json = "[" + JSONText.string(string) + "]"
            let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
            XCTAssertEqual(parsed, [string], json)
        }
    }
}

/// The one Traditional -> Simplified table.
final class ChineseFoldingTests: XCTestCase {
    func testKnownPairsAndCharactersThatStay() {
        let pairs: [(Unicode.Scalar, Unicode.Scalar)] = [
            ("霧", "雾"), ("靜", "静"), ("寧", "宁"), ("瀰", "弥"),
            ("臺", "台"), ("\u{2005E}", "\u{2003E}"),
        ]
        for (traditional, simplified) in pairs {
            XCTAssertEqual(ChineseFolding.simplified(traditional), simplified, "\(traditional)")
        }
        for same: Unicode.Scalar in ["雾", "台", "森", "a", "É", "😀", "\u{3400}", "\u{9FFF}", "\u{A000}", "\u{10FFFF}"] {
            XCTAssertNil(ChineseFolding.simplified(same), "\(same)")
        }
    }

    /// The lookup (an array for the CJK blocks, a dictionary beyond) answers exactly what the
    /// generated pairs say, for every scalar.
    func testLookupMatchesTheGeneratedPairs() {
        let scalars = ChineseFoldingData.pairs.unicodeScalars.filter { !$0.properties.isWhitespace }
        var expected: [Unicode.Scalar: Unicode.Scalar] = [:]
        var iterator = scalars.makeIterator()
        while let from = iterator.next(), let to = iterator.next() { expected[from] = to }
        XCTAssertEqual(ChineseFolding.count, expected.count)
        XCTAssertGreaterThan(expected.count, 4000)
        XCTAssertGreaterThan(
            expected.keys.filter { $0.value > 0x9FFF }.count, 300, "Extension B and beyond are covered")
        for value in UInt32(0)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ChineseFolding.simplified(scalar) != expected[scalar] {
                return XCTFail(String(format: "U+%04X", value))
            }
        }
    }

    func testTruncatesFromTheFrontKeepingTheFileName() {
        XCTAssertEqual(TextSanitizer.truncateLeading("/a/config.toml", toWidth: 14), "/a/config.toml")
        XCTAssertEqual(TextSanitizer.truncateLeading("/ab/config.toml", toWidth: 14), "…b/config.toml")
        XCTAssertEqual(TextSanitizer.truncateLeading("/設定/森林.toml", toWidth: 15), "/設定/森林.toml")
        XCTAssertEqual(TextSanitizer.truncateLeading("/設定/森林.toml", toWidth: 14), "…定/森林.toml")
        XCTAssertEqual(TextSanitizer.truncateLeading("/設定/森林.toml", toWidth: 13), "…定/森林.toml")
        XCTAssertEqual(
            TextSanitizer.truncateLeading("/設定/森林.toml", toWidth: 12), "…/森林.toml", "a wide character is never split")
        XCTAssertEqual(TextSanitizer.truncateLeading("ab", toWidth: 1), "…")
        XCTAssertEqual(TextSanitizer.truncateLeading("ab", toWidth: 0), "")
    }
}
