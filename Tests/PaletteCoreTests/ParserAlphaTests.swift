import PaletteCore
import XCTest

/// `#RGBA` and `#RRGGBBAA` read the same in prose as in JSON (docs/decisions.md, "2026-12-01:
/// an alpha byte in a model's colour"): an opaque alpha is the colour itself, a translucent one
/// is refused as that role's colour, with its alpha in the message.
final class ParserAlphaTests: XCTestCase {
    private func parse(_ text: String) -> Result<Palette, PaletteParseError> {
        Result { () throws(PaletteParseError) in try PaletteParser.parse(text) }
    }

    /// Each way a reply can hold three colours, with `code` as the role `role`'s colour.
    private func replies(_ code: String, as role: Role) -> [String] {
        var colors = ["primary": "#2E86AB", "secondary": "#A23B72", "accent": "#F18F01"]
        colors[role.rawValue] = code
        let p = colors["primary"]!
        let s = colors["secondary"]!
        let a = colors["accent"]!
        return [
            // JSON: an array, an object, an object of per-colour objects.
            "[\"\(p)\", \"\(s)\", \"\(a)\"]",
            "{\"primary\": \"\(p)\", \"secondary\": \"\(s)\", \"accent\": \"\(a)\"}",
            "{\"primary\": {\"hex\": \"\(p)\"}, \"secondary\": {\"hex\": \"\(s)\"}, \"accent\": {\"hex\": \"\(a)\"}}",
            // Prose: labelled lines (in order and not), codes in a sentence, Chinese labels,
            // a Markdown list, three labelled pairs on one line.
            "Primary: \(p)\nSecondary: \(s)\nAccent: \(a)",
            "Accent: \(a)\nPrimary: \(p)\nSecondary: \(s)",
            "Try \(p), \(s) and \(a).",
            "主色：\(p)\n輔助色：\(s)\n强调色：\(a)",
            "- **Primary** \(p) (deep)\n- **Secondary** \(s)\n- **Accent** \(a)",
            "Primary: \(p), Secondary: \(s), Accent: \(a)",
        ]
    }

    func testAnOpaqueAlphaReadsInProseAsInJSON() {
        let expected = Palette(
            primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01))
        let forms: [(String, RGB)] = [
            ("#2E86ABFF", RGB(packed: 0x2E86AB)), ("#2e86abff", RGB(packed: 0x2E86AB)),
            ("#A23B72FF", RGB(packed: 0xA23B72)), ("#F18F01ff", RGB(packed: 0xF18F01)),
            ("#28AF", RGB(packed: 0x2288AA)),
        ]
        for (code, color) in forms {
            for role in Role.allCases {
                var palette = expected
                palette[role] = color
                for reply in replies(code, as: role) {
                    XCTAssertEqual(parse(reply), .success(palette), reply)
                }
            }
        }
    }

    func testATranslucentAlphaIsRefusedInProseAsInJSON() {
        let forms: [(String, Double)] = [
            ("#2E86AB80", 128.0 / 255), ("#2E86AB00", 0), ("#A23B72FE", 254.0 / 255), ("#28A8", 136.0 / 255),
        ]
        for (code, alpha) in forms {
            for role in Role.allCases {
                for (n, reply) in replies(code, as: role).enumerated() {
                    // In prose (the replies after the three JSON ones) four digits may be a
                    // six-digit code cut short, and say so; eight are a whole #RRGGBBAA.
                    let error: ColorParseError =
                        n >= 3 && code.count == 5
                        ? .cutShort(4, alpha: alpha, in: code) : .translucent(alpha: alpha, in: code)
                    XCTAssertEqual(parse(reply), .failure(.invalidColor(role.rawValue, error)), reply)
                }
            }
        }
    }

    /// Random 4- and 8-digit codes, alphas of `F`, `f` and every other digit: the prose answer
    /// (a sentence, labelled lines) is the JSON array's answer, code for code.
    func testProseAndJSONAgreeOnRandomAlphaCodes() {
        var state: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let digits = Array("0123456789abcdefABCDEF")
        for _ in 0..<2_000 {
            let length = next(2) == 0 ? 4 : 8
            var code = "#"
            for k in 0..<length {
                // The alpha digits are F or f half the time, so both answers are met often.
                let alpha = k >= length - length / 4
                code.append(alpha && next(2) == 0 ? (next(2) == 0 ? "F" : "f") : digits[next(digits.count)])
            }
            var json = parse("[\"#A23B72\", \"\(code)\", \"#F18F01\"]")
            // Except that prose calls a translucent four-digit code one that may be cut short.
            if length == 4, case .failure(.invalidColor(let role, .translucent(let alpha, let text))) = json {
                json = .failure(.invalidColor(role, .cutShort(4, alpha: alpha, in: text)))
            }
            XCTAssertEqual(parse("#A23B72 \(code) #F18F01"), json, code)
            XCTAssertEqual(parse("Primary: #A23B72\nSecondary: \(code)\nAccent: #F18F01"), json, code)
        }
    }

    /// An alpha code counts as one colour, read or not: beside three others it is one too many
    /// (read) or set aside (refused), as `#12345` is; a `#` word that is no code stays prose.
    func testAlphaCodesAmongOtherColoursAndWords() {
        XCTAssertEqual(parse("#2E86ABFF #A23B72 #F18F01 #FFFFFF"), .failure(.wrongColorCount(4)))
        XCTAssertEqual(
            parse("#2E86AB80 #2E86AB #A23B72 #F18F01"),
            .success(
                Palette(
                    primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01))))
        XCTAssertEqual(parse("See #2E86AB80 for the colour."), .failure(.noPaletteFound))
        XCTAssertEqual(parse("#2E86ABFFx #A23B72 #F18F01"), .failure(.wrongColorCount(2)))
        XCTAssertEqual(
            parse("#2E86ABF #A23B72 #F18F01"), .failure(.invalidColor("primary", .wrongHexLength(7, in: "#2E86ABF"))))
    }
}
