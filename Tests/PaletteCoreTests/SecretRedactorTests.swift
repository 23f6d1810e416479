import XCTest

@testable import PaletteCore

/// The redactor's escape decoding reads hex digits with the project's one digit table.
final class SecretRedactorTests: XCTestCase {
    let redactor = SecretRedactor(secrets: ["Abcdef12"])

    /// Every escape with hex digits, the letters in upper and lower case, spells the key.
    func testHexEscapesInEitherCaseSpellTheSecret() {
        let letters = SecretRedactor(secrets: ["Zoknij12"])  // Z 5A, o 6F, k 6B, n 6E, j 6A
        for text in [
            "key %5A%6F%6B%6E%69%6A%31%32 bad", "key %5a%6f%6b%6e%69%6a%31%32 bad", "key %5a%6F%6b%6E%69%6a12 bad",
            "key \\u005a\\u006Fknij12 bad", "key \\x5A\\x6fknij12 bad", "key &#x5a;&#X6F;knij12 bad",
            "key &#90;oknij12 bad", "key %255Aoknij12 bad",
        ] {
            let out = letters.redact(text)
            XCTAssertEqual(out, "key <redacted> bad", text)
        }
    }

    /// Only ASCII is a digit: U+0134 and U+0131 are not `4` and `1` by their low bytes, so
    /// `%Ĵı` decodes to nothing and these texts hold no form of the key (fullwidth letters are
    /// folded after the escapes are decoded, so `%４1` is no escape either).
    func testOnlyASCIIIsAHexDigit() {
        for text in ["%\u{0134}\u{0131}bcdef12", "\\u\u{0130}\u{0130}\u{0134}\u{0131}bcdef12", "%\u{FF14}1bcdef12"] {
            XCTAssertEqual(redactor.redact(text), text, text)
        }
    }

    /// Not hex digits: `G`, `g`, `:`, `@`, `/`, backquote (the neighbours of the ranges) and
    /// non-ASCII scalars: `%4x` stays three characters; with digits it is one.
    func testTheNeighboursOfTheDigitRangesAreNotDigits() {
        for digit in ["0", "9", "A", "F", "a", "f"] {
            XCTAssertEqual(SecretRedactor.units(of: "%4\(digit)").count, 1, digit)
        }
        for neighbour in ["G", "g", ":", "@", "/", "`", "\u{0134}", "\u{0141}", "\u{FF21}"] {
            XCTAssertEqual(SecretRedactor.units(of: "%4\(neighbour)").count, 3, neighbour)
        }
    }
}
