import PaletteCore
import XCTest

/// A palette in prose that lacks a colour because one was written wrong names that colour and
/// its role (issue 14's stdin defect: `#zz` among three said "found 2"); prose whose `#` words
/// or parentheses are not colours keeps its old answers.
final class ParserBadColourTests: XCTestCase {
    func testAColourWrittenWrongIsNamedWithItsRole() {
        let cases: [(String, PaletteParseError)] = [
            ("#zz #112233 #445566", .invalidColor("primary", .invalidCharacter("z", in: "#zz"))),
            ("#112233, #12345, #445566", .invalidColor("secondary", .cutShort(5, alpha: nil, in: "#12345"))),
            (
                "accent: #GGG\nprimary: #112233\nsecondary: #445566",
                .invalidColor("accent", .invalidCharacter("G", in: "#GGG"))
            ),
            ("navy, tael, coral", .invalidColor("secondary", .notAColor("tael"))),
            ("primary: navy\nsecondary: teal\naccent: corral", .invalidColor("accent", .notAColor("corral"))),
        ]
        for (input, error) in cases {
            XCTAssertEqual(
                Result { () throws(PaletteParseError) in try PaletteParser.parse(input) }, .failure(error), input)
        }
        guard
            case .failure(.invalidColor("secondary", .badArguments)) = Result(catching: {
                () throws(PaletteParseError) in
                try PaletteParser.parse("#112233 rgb(1 2) #445566")
            })
        else { return XCTFail("rgb(1 2) is named as the secondary colour") }
    }

    func testHashWordsAndProseParenthesesAreNotColours() {
        let cases: [(String, PaletteParseError?)] = [
            ("See issue #12 and PR #3456.", .noPaletteFound),
            ("Pick the colour(s) you like: the color(s) matter.", .noPaletteFound),
            ("# Palette\n## Colours\n#2E86AB #A23B72 #F18F01", nil),
            ("issue #12: #2E86AB #A23B72 #F18F01", nil),
            ("#2E86AB #A23B72 and #F18F01 #hashtagged", nil),
            ("calm, navy, lake", .noPaletteFound),
        ]
        for (input, error) in cases {
            let result = Result { () throws(PaletteParseError) in try PaletteParser.parse(input) }
            if let error {
                XCTAssertEqual(result, .failure(error), input)
            } else {
                XCTAssertNotNil(try? result.get(), "\(input): \(result)")
            }
        }
    }
}
