import PaletteCore
import PaletteText
import XCTest

@testable import PaletteApp

/// Each reader's wrong-length message says what that reader takes: `RGB(hex:)` (what the user
/// types as a hex code) 3 or 6 digits; a model's reply and `ColorSyntax` 4 or 8 too when the
/// alpha is opaque; in prose, a code that may be cut short says so. In three languages.
final class HexLengthMessageTests: XCTestCase {
    private func error(_ text: String) -> ColorParseError? {
        do {
            _ = try PaletteParser.parse(text)
            return nil
        } catch {
            if case .invalidColor(_, let e) = error { return e }
            XCTFail("\(text): \(error)")
            return nil
        }
    }

    private func words(_ e: ColorParseError) -> [String] {
        let l = CommandText.color(e)
        return [l.english, l.traditional, l.simplified]
    }

    func testWhatTheUserTypesTakesThreeOrSixDigits() {
        XCTAssertThrowsError(try RGB(hex: "#12345")) { e in
            let all = words(e as! ColorParseError)
            XCTAssertEqual(all[0], "'#12345' is not a colour: expected 3 or 6 hex digits, found 5")
            XCTAssertTrue(all[1].contains("3 或 6 個") && !all[1].contains("8"), all[1])
            XCTAssertTrue(all[2].contains("3 或 6 个") && !all[2].contains("8"), all[2])
        }
    }

    func testAModelsReplySaysFourAndEightReadWhenOpaque() throws {
        for reply in [
            ##"["#2E86AB", "#A23B72", "#F18F0"]"##,
            "{\"primary\": \"#2E86ABFF0\", \"secondary\": \"#A23B72\", \"accent\": \"#F18F01\"}",
            "Primary: #2E86ABF\nSecondary: #A23B72\nAccent: #F18F01",
        ] {
            let e = try XCTUnwrap(error(reply), reply)
            let all = words(e)
            XCTAssertTrue(
                all[0].contains("expected 3 or 6 hex digits (4 or 8 with an opaque alpha)"), "\(reply): \(all[0])")
            XCTAssertTrue(all[1].contains("alpha 不透明時也可為 4 或 8 個"), all[1])
            XCTAssertTrue(all[2].contains("alpha 不透明时也可为 4 或 8 个"), all[2])
        }
        XCTAssertEqual(try ColorSyntax.parse("#2E86ABFF"), RGB(packed: 0x2E86AB), "the message is true: 8 digits read")
    }

    func testACodeCutShortInProseSaysItMayBeCutOff() throws {
        // Four digits with a translucent alpha, five digits: cut short (with the #RGBA reading
        // named for four); in JSON, a closed string, four digits stay #RGBA.
        let cases: [(String, String, Bool)] = [
            ("Primary: #2E86\nSecondary: #A23B72\nAccent: #F18F01", "#2E86", true),
            ("Try #A23B72, #F18F01 and #2E86", "#2E86", true),
            ("Primary: #2E86A\nSecondary: #A23B72\nAccent: #F18F01", "#2E86A", false),
        ]
        for (reply, code, alpha) in cases {
            let e = try XCTUnwrap(error(reply), reply)
            let all = words(e)
            XCTAssertTrue(
                all[0].hasPrefix("'\(code)' may be cut short: \(code.count - 1) hex digits, where a colour has 6"),
                all[0])
            XCTAssertTrue(all[1].contains("可能被截斷了"), all[1])
            XCTAssertTrue(all[2].contains("可能被截断了"), all[2])
            XCTAssertEqual(all[0].contains("as #RGBA its alpha 0.400 is not opaque"), alpha, all[0])
            XCTAssertEqual(all[1].contains("alpha 0.400"), alpha, all[1])
        }
        let json = try XCTUnwrap(error(##"["#2E86", "#A23B72", "#F18F01"]"##))
        XCTAssertEqual(json, .translucent(alpha: 0.4, in: "#2E86"))
        // Eight digits are a whole #RRGGBBAA, translucent in prose as in JSON; F is opaque.
        XCTAssertEqual(error("#2E86AB66 #A23B72 #F18F01"), .translucent(alpha: 0x66 / 255.0, in: "#2E86AB66"))
        XCTAssertNil(error("Primary: #28AF\nSecondary: #A23B72\nAccent: #F18F01"))
    }
}
