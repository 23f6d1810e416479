import Foundation
import XCTest

@testable import PaletteCore

/// What the program took from Foundation proper, rewritten on the standard library
/// (Text/StringBasics.swift, JSONValue.swift): literal cases, then Foundation itself as the
/// reference over many generated strings (the tests may link Foundation; the program does not).
final class StringBasicsTests: XCTestCase {
    func testTrimming() {
        XCTAssertEqual(" \t\n a b \r\n\u{3000}".trimmed(), "a b")
        XCTAssertEqual("\u{85}x\u{2028}".trimmed(), "x")
        XCTAssertEqual("\u{200B}x\u{200B}".trimmed(), "x", "CoreFoundation counts the zero-width space")
        XCTAssertEqual(" \t a \n".trimmedSpaces(), "a \n")
        XCTAssertEqual("\u{A0}a\u{A0}".trimmedSpaces(), "a")
        XCTAssertEqual("\"'x'\"".trimming("\"'"), "x")
        XCTAssertEqual("   ".trimmed(), "")
        XCTAssertEqual("".trimmedSpaces(), "")
    }

    func testTrimmingAgreesWithFoundation() {
        let pieces = [
            " ", "\t", "\n", "\r\n", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "a", "é", "e\u{301}", "中", "\u{200B}",
            "🙂",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            XCTAssertEqual(text.trimmed(), text.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
            XCTAssertEqual(text.trimmedSpaces(), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
        }
    }

    func testPiecesKeepEmptyOnes() {
        XCTAssertEqual("a\n\nb\n".pieces(separatedBy: "\n"), ["a", "", "b", ""])
        XCTAssertEqual("".pieces(separatedBy: ","), [""])
        XCTAssertEqual("a::b".pieces(separatedBy: "::"), ["a", "b"])
        XCTAssertEqual(
            "a\r\nb\n".pieces(separatedBy: "\n"), ["a\r\nb", ""], "\\r\\n is one character, as in Foundation")
        XCTAssertEqual("x".pieces(separatedBy: ""), ["x"])
        for text in ["a\r\nb", "\n\n", "é\ne\u{301}\n", "no separator", ""] {
            XCTAssertEqual(text.pieces(separatedBy: "\n"), text.components(separatedBy: "\n"), text.debugDescription)
        }
    }

    func testScalarSearchFindsInsideGraphemes() {
        let text = "line\r\nnext"
        XCTAssertEqual(text.scalarRange(of: "\n").map { text[$0.upperBound...] }, "next")
        XCTAssertEqual("a\r\nb".replacingAll("\n", with: " "), "a\r b")
        XCTAssertEqual("Error: PerDay quota".scalarRange(of: "perday", ignoringCase: true) != nil, true)
        XCTAssertNil("quota".scalarRange(of: "perday", ignoringCase: true))
        let swatch = "a: #111 b: #222"
        XCTAssertEqual(swatch.scalarRange(of: ": #", backwards: true).map { String(swatch[$0.upperBound...]) }, "222")
        XCTAssertEqual("x-y-z".replacingAll("-", with: "_"), "x_y_z")
        XCTAssertEqual("aaa".replacingAll("aa", with: "b"), "ba")
        XCTAssertEqual("abc".replacingAll("", with: "x"), "abc")
    }

    /// The program searches for ASCII and CJK words (tags, URL parts, model names), where the
    /// two agree. One difference, known and kept: Foundation matches canonical equivalents ("é"
    /// finds e + U+0301), the scalar search does not.
    func testSearchAgreesWithFoundation() {
        XCTAssertNil("cafe\u{301}".scalarRange(of: "é"))
        XCTAssertNotNil("cafe\u{301}".range(of: "é"))
        let pieces = ["a", "B", "ab", "\n", "\r\n", "</Think>", "é", "e\u{301}", "中", "Ä"]
        var generator = SystemRandomNumberGenerator()
        func offsets(_ text: String, _ range: Range<String.Index>?) -> [Int]? {
            range.map {
                [
                    text.utf8.distance(from: text.startIndex, to: $0.lowerBound),
                    text.utf8.distance(from: text.startIndex, to: $0.upperBound),
                ]
            }
        }
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            for target in ["a", "ab", "\n", "</think>", "ä", "中"] {
                XCTAssertEqual(
                    offsets(text, text.scalarRange(of: target, ignoringCase: true)),
                    offsets(text, text.range(of: target, options: .caseInsensitive)),
                    "\(text.debugDescription) \(target)")
                XCTAssertEqual(
                    offsets(text, text.scalarRange(of: target, backwards: true)),
                    offsets(text, text.range(of: target, options: .backwards)), "\(text.debugDescription) \(target)")
                XCTAssertEqual(
                    offsets(text, text.scalarRange(of: target)), offsets(text, text.range(of: target)),
                    "\(text.debugDescription) \(target)")
            }
        }
    }

    func testReplacingAgreesWithFoundation() {
        let pieces = ["a", "b", "ab", "\n", "\r\n", "*/", "é", "中"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            for target in ["a", "ab", "\n", "*/", "中"] {
                XCTAssertEqual(
                    text.replacingAll(target, with: "_"), text.replacingOccurrences(of: target, with: "_"),
                    "\(text.debugDescription) \(target.debugDescription)")
            }
        }
    }

    func testCFormatIsPrintf() {
        XCTAssertEqual(cFormat("%.2f", 0.125), "0.12")
        XCTAssertEqual(cFormat("%5.2f", 4.5), " 4.50")
        XCTAssertEqual(cFormat("%02X", 10), "0A")
        XCTAssertEqual(cFormat("\\u%04X", 0x1F), "\\u001F")
        XCTAssertEqual(cFormat("≥%.0f", 4.0), "≥4")
        XCTAssertEqual(cFormat("H %.1f°", 123.25), "H 123.2°")
        XCTAssertEqual(
            cFormat("%.1f", 1e300).count, 303, "301 digits, the point and one decimal: past the 64-byte first try")
        for value in [0.0, -0.0, 0.5, 1.005, 99.995, -3.14159, 1e-7, 123456.789] {
            for format in ["%.0f", "%.1f", "%.2f", "%.3f", "%.4f", "%5.2f"] {
                XCTAssertEqual(cFormat(format, value), String(format: format, value), "\(format) \(value)")
            }
        }
    }

    func testPathText() {
        XCTAssertEqual(PathText.lastComponent("/a/b.png"), "b.png")
        XCTAssertEqual(PathText.lastComponent("/a/b/"), "b")
        XCTAssertEqual(PathText.lastComponent("/"), "/")
        XCTAssertEqual(PathText.lastComponent(""), "")
        XCTAssertEqual(PathText.deletingLastComponent("/a/b"), "/a")
        XCTAssertEqual(PathText.deletingLastComponent("/a"), "/")
        XCTAssertEqual(PathText.deletingLastComponent("a"), "")
        XCTAssertEqual(PathText.deletingLastComponent("a//b/"), "a")
        XCTAssertEqual(PathText.deletingLastComponent("/"), "/")
        XCTAssertEqual(PathText.appending("/a", "b"), "/a/b")
        XCTAssertEqual(PathText.appending("/a/", "b"), "/a/b")
        XCTAssertEqual(PathText.appending("", "b"), "b")
        // What NSString answers for these (a standalone Foundation program printed them; the
        // same calls inside this bundle trap in Foundation's _startOfLastPathComponent).
        XCTAssertEqual(PathText.deletingLastComponent("x/y/z.txt"), "x/y")
        XCTAssertEqual(PathText.lastComponent("x/y/z.txt"), "z.txt")
        XCTAssertEqual(PathText.deletingLastComponent("/tmp/"), "/")
        XCTAssertEqual(PathText.lastComponent("/tmp/"), "tmp")
        XCTAssertEqual(PathText.deletingLastComponent("../up"), "..")
        XCTAssertEqual(PathText.lastComponent("a//b/"), "b")
    }

    func testPaddingAndPercentEscapes() {
        XCTAssertEqual("ab".padded(toLength: 4), "ab  ")
        XCTAssertEqual("abcdef".padded(toLength: 4), "abcd")
        XCTAssertEqual("≥4.5".padded(toLength: 4), "≥4.5")
        XCTAssertEqual("a🙂".padded(toLength: 2), "a ", "a cut through a surrogate pair drops the pair")
        XCTAssertEqual("/tmp/a%20b.png".removingPercentEscapes(), "/tmp/a b.png")
        XCTAssertEqual("%E4%B8%AD".removingPercentEscapes(), "中")
        XCTAssertNil("%E4%B8".removingPercentEscapes(), "not UTF-8")
        XCTAssertNil("%G1".removingPercentEscapes())
        XCTAssertNil("50%".removingPercentEscapes())
    }

    func testPaddingEscapesAndNormalFormsAgreeWithFoundation() {
        // The half-width voicing marks (U+FF9E, U+FF9F) are left out: Foundation folds them by
        // context (kept after ｶ, a combining mark alone, dropped after é); the refinement words
        // have none.
        let pieces = [
            "a", "Z", " ", "%20", "%e4%b8%ad", "%", "%G", "é", "e\u{301}", "中", "ｶ", "Ä", "ß", "🙂", "\u{3000}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let length = Int.random(in: 0...12, using: &generator)
            // NSString cuts through a surrogate pair and leaves half of it (shown as U+FFFD);
            // `padded` drops the pair (checked literally in testPaddingAndPercentEscapes).
            if !text.unicodeScalars.contains(where: { $0.value > 0xFFFF }) {
                XCTAssertEqual(
                    text.padded(toLength: length), text.padding(toLength: length, withPad: " ", startingAt: 0),
                    "\(text.debugDescription) \(length)")
            }
            XCTAssertEqual(text.removingPercentEscapes(), text.removingPercentEncoding, text.debugDescription)
            XCTAssertEqual(text.composedText, text.precomposedStringWithCanonicalMapping, text.debugDescription)
            XCTAssertEqual(
                text.foldedForMatching(),
                text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil),
                text.debugDescription)
        }
    }

    func testComposedAndFolded() {
        XCTAssertEqual("e\u{301}".composedText, "é")
        XCTAssertEqual("trắng".composedText.unicodeScalars.count, 5)
        XCTAssertEqual("ÉTÉ".foldedForMatching(), "ete")
        XCTAssertEqual("Ｗａｒｍ".foldedForMatching(), "warm")
        XCTAssertEqual("Straße".foldedForMatching(), "strasse")
        XCTAssertEqual("ｶﾞ".foldedForMatching(), "カﾞ")
        XCTAssertEqual("ガ".foldedForMatching(), "ガ", "kana voicing stays")
        XCTAssertEqual("더".foldedForMatching(), "더", "Hangul stays composed")
        XCTAssertEqual("गर्म".foldedForMatching(), "गर्म")
        XCTAssertEqual("İ".foldedForMatching(), "i")
    }

    func testFoldingAgreesWithFoundationOnWords() {
        let words = [
            "plus foncé", "más cálido", "ÉCLATANT", "wärmer", "heißer", "daha sıcak", "sáng hơn", "tối hơn",
            "темнее", "Ярче", "أدفأ", "أكثر إشراقًا", "ज़्यादा गर्म", "より暖かく", "ｱｶﾙｸ", "더 따뜻하게", "更暖一點", "更暖一点",
            "più caldo", "mais escuro", "ΣΚΟΎΡΟ", "ﬁne", "Ǆ", "ÅNGSTRÖM", "café", "nǐ hǎo", "Ｆｕｌｌ　ｗｉｄｔｈ",
        ]
        for word in words {
            XCTAssertEqual(
                word.foldedForMatching(),
                word.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil), word)
        }
    }
}

final class JSONValueTests: XCTestCase {
    func testReadsValues() {
        XCTAssertEqual(
            JSONValue.parse(#" {"a": [1, -2.5e3, true, null, "x\n\u00e9\ud83d\ude42"], "b": {}} "#),
            .object([
                "a": .array([.number("1"), .number("-2.5e3"), .bool(true), .null, .string("x\né🙂")]),
                "b": .object([:]),
            ]))
        XCTAssertEqual(JSONValue.parse("[]"), .array([]))
        XCTAssertEqual(JSONValue.parse("\"s\""), .string("s"))
        XCTAssertEqual(JSONValue.parse(#"{"k": 1, "k": 2}"#)?.object?["k"], .number("2"))
        // As JSONSerialization read them: one trailing comma, a byte-order mark.
        XCTAssertEqual(JSONValue.parse("[1, ]"), .array([.number("1")]))
        XCTAssertEqual(JSONValue.parse(#"{"a": 1,}"#), .object(["a": .number("1")]))
        XCTAssertEqual(JSONValue.parse("\u{FEFF}[1]"), .array([.number("1")]))
    }

    func testRefusesWhatIsNotJSON() {
        for text in [
            "", "{", "[,]", "[1,,]", "{,}", "[1e400]", "[01]", "[1.]", "[.5]", "[-]", "[1e]", "{'a': 1}", "[1] [2]",
            "\"\\x\"",
            "\"a\nb\"", "[\"\\ud800\"]", "[\"\\udc00\"]", "nul", "[tru]", "{\"a\" 1}", "// c\n[1]",
        ] {
            XCTAssertNil(JSONValue.parse(text), text.debugDescription)
        }
        XCTAssertNil(JSONValue.parse([0x22, 0xFF, 0x22]), "not UTF-8")
    }

    func testDepthIsBounded() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertNil(JSONValue.parse(deep))
        let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNotNil(JSONValue.parse(allowed))
    }

    func testTextIsSortedAndReadBack() {
        let value = JSONValue.object(["b": .array([.number("1.50"), .string("\"q\"")]), "a": .bool(false)])
        XCTAssertEqual(value.text, #"{"a":false,"b":[1.50,"\"q\""]}"#)
        XCTAssertEqual(JSONValue.parse(value.text), value)
    }

    func testAcceptsWhatJSONSerializationAccepts() {
        let pieces = [
            "{", "}", "[", "]", ",", ":", "\"a\"", "1", "-0.5", "true", "null", " ", "\"\\u00e9\"", "1e5", "1e400",
        ]
        var generator = SystemRandomNumberGenerator()
        var agreed = 0
        for _ in 0..<20000 {
            let text = (0..<Int.random(in: 1...9, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let data = Data(text.utf8)
            let foundation = (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
            XCTAssertEqual(JSONValue.parse(text) != nil, foundation, text)
            if foundation { agreed += 1 }
        }
        XCTAssertGreaterThan(agreed, 100, "the generator made valid JSON too")
    }
}
