import PaletteCore
import XCTest

final class LanguageChoiceTests: XCTestCase {
    func testLocaleNames() {
        let cases: [(String, Language)] = [
            ("zh_TW.UTF-8", .traditionalChinese), ("zh_HK.UTF-8", .traditionalChinese), ("zh_MO", .traditionalChinese),
            ("zh-Hant", .traditionalChinese), ("zh_Hant_CN", .traditionalChinese),
            ("zh_CN.UTF-8", .simplifiedChinese), ("zh_SG", .simplifiedChinese), ("zh", .simplifiedChinese),
            ("zh-Hans-HK", .simplifiedChinese), ("zh_CN.GB18030@stroke", .simplifiedChinese),
            ("en_US.UTF-8", .english), ("C.UTF-8", .english), ("POSIX", .english), ("ja_JP", .english), ("", .english),
        ]
        for (locale, language) in cases {
            XCTAssertEqual(LanguageChoice.language(locale: locale), language, locale)
        }
    }

    func testPrecedence() throws {
        XCTAssertEqual(
            try LanguageChoice.language(option: "zh-Hans", environment: ["LC_ALL": "zh_TW.UTF-8"]), .simplifiedChinese)
        XCTAssertEqual(
            try LanguageChoice.language(option: nil, environment: ["LC_ALL": "zh_TW.UTF-8", "LANG": "en_US"]),
            .traditionalChinese)
        XCTAssertEqual(
            try LanguageChoice.language(
                option: nil, environment: ["LC_ALL": "", "LC_MESSAGES": "zh_CN", "LANG": "en_US"]),
            .simplifiedChinese)
        XCTAssertEqual(
            try LanguageChoice.language(option: nil, environment: ["LANG": "zh_HK.UTF-8"]), .traditionalChinese)
        XCTAssertEqual(try LanguageChoice.language(option: nil, environment: [:]), .english)
        XCTAssertThrowsError(try LanguageChoice.language(option: "fr", environment: [:])) { error in
            XCTAssertEqual(
                (error as? LanguageOptionError)?.description,
                "invalid value 'fr' for --lang; expected one of: en, zh-Hant, zh-Hans")
        }
    }
}
