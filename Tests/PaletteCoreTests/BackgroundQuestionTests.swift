import PaletteCore
import XCTest

/// The bytes of the background query, and the colour of its answer.
final class BackgroundQuestionTests: XCTestCase {
    func testTheQueryOutsideAndInsideTmux() {
        XCTAssertEqual(String(decoding: BackgroundQuestion.query(), as: UTF8.self), "\u{1B}]11;?\u{1B}\\\u{1B}[c")
        XCTAssertEqual(
            String(decoding: BackgroundQuestion.query(insideTmux: true), as: UTF8.self),
            "\u{1B}]11;?\u{1B}\\" + "\u{1B}Ptmux;\u{1B}\u{1B}]11;?\u{1B}\u{1B}\\\u{1B}\\" + "\u{1B}[c")
        XCTAssertEqual(BackgroundQuestion.deadline, .milliseconds(100))
    }

    func testTheAnswersColourInEveryWidth() {
        func colour(_ s: String) -> RGB? { BackgroundQuestion.colour(answer: Array(s.utf8)) }
        XCTAssertEqual(colour("11;rgb:f0f0/f0f0/f0f0"), RGB(r: 0xF0, g: 0xF0, b: 0xF0))
        XCTAssertEqual(colour("11;rgb:1e/1e/2e"), RGB(r: 0x1E, g: 0x1E, b: 0x2E))
        XCTAssertEqual(colour("11;rgb:f/8/0"), RGB(r: 0xFF, g: 0x88, b: 0x00))
        XCTAssertEqual(colour("11;rgb:fff/800/000"), RGB(r: 0xFF, g: 0x80, b: 0x00))
        XCTAssertEqual(colour("11;rgba:ffff/0000/0000/8000"), RGB(r: 0xFF, g: 0, b: 0))
        XCTAssertNil(colour("11;?"))
        XCTAssertNil(colour("10;rgb:ffff/ffff/ffff"))
        XCTAssertNil(colour("11;rgb:fffff/0/0"))
        XCTAssertNil(colour("11;rgb:ff/ff"))
        XCTAssertNil(colour("11;#ffffff"))
    }
}
