import PaletteCore
import XCTest

@testable import PaletteEngine

/// The ways people say "don't use" a colour, in each language, exclude its family from every
/// role; an Arabic colour word after the article (البرتقالي, البنفسجي) is read as without it.
final class NegationFormsTests: XCTestCase {
    let engine = OfflineEngine()

    func testEveryFormExcludesTheFamily() {
        // Before: each kept the family it negates (a blue beach, a red Christmas, an orange sunset).
        let cases: [(String, String)] = [
            ("a tropical beach, don't use blue", "blue"), ("紅葉の庭、赤は避けて", "red"),
            ("노을 지는 하늘인데 주황색은 쓰지 마", "orange"), ("크리스마스 분위기인데 빨간색은 빼줘", "red"),
            ("Noël, en évitant le rouge", "red"), ("die Ostsee im Sommer, aber verzichte auf Blau", "blue"),
            ("غروب الشمس على البحر، لا تستخدم اللون البرتقالي", "orange"),
            ("الصحراء مع تجنب اللون الأصفر", "yellow"),
            ("होली का त्योहार, पर लाल रंग का इस्तेमाल मत करो", "red"),
            ("समुद्र तट, नीले रंग के अलावा कुछ भी", "blue"),
            ("bãi biển mùa hè, tránh màu xanh dương", "blue"),
            ("Kapadokya'da gün batımı ama turuncu kullanma", "orange"),
        ]
        for (text, family) in cases {
            let families = engine.palette(for: text).palette.colors.map(ColourJudge.family)
            XCTAssertFalse(families.contains(family), "\(text): \(families)")
        }
    }

    func testTheArabicArticleBeforeAColourWord() {
        // Before: no word read, a general palette (#032D4E, #53744C).
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "البرتقالي").palette.primary), "orange")
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "البنفسجي").palette.primary), "purple")
    }
}
