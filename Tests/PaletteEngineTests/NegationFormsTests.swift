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

/// More everyday ways to drop a colour, each language's own: "leave out", 一律不用, 避開,
/// 쓰지 말아 주세요, "lassen wir weg", "evitate", "tirando", "quita", "enlève", "убери", احذف,
/// "bỏ", "çıkar", हटा दो, 抜きで. Each thing keeps its family without the words and loses it
/// with them, in every role.
final class MoreNegationFormsTests: XCTestCase {
    let engine = OfflineEngine()

    func testEachFormDropsAFamilyTheThingHas() {
        let cases: [(thing: String, negation: String, family: String)] = [
            ("a lavender field in Provence", ", but leave out the purple", "purple"),
            ("香山的红叶", "，红色一律不用", "red"),
            ("阿里山雲海日出", "，避開橘色系", "orange"),
            ("봄날 진달래 동산", "인데 분홍색은 쓰지 말아 주세요", "pink"),
            ("eine Tafel Schokolade", ", Braun lassen wir weg", "brown"),
            ("un prato di primavera", ", evitate i verdi", "green"),
            ("mùa hoa phượng đỏ", ", bỏ màu đỏ ra", "red"),
            ("um pomar de laranjas", ", tirando o laranja", "orange"),
            ("un campo de girasoles", ", quita el amarillo", "yellow"),
            ("un champ de coquelicots", ", enlève le rouge", "red"),
            ("осенний лес", ", убери красный", "red"),
            ("حقل من عباد الشمس", "، احذف الأصفر", "yellow"),
            ("bir lale bahçesi", ", kırmızıyı çıkar", "red"),
            ("सूरजमुखी का खेत", ", पीला रंग हटा दो", "yellow"),
            ("紅葉の庭", "、緑は抜きで", "green"),
        ]
        for c in cases {
            let before = engine.palette(for: c.thing).palette.colors.map(ColourJudge.family)
            XCTAssertTrue(before.contains(c.family), "\(c.thing) alone: \(before)")
            let text = c.thing + c.negation
            let generated = engine.palette(for: text)
            let after = generated.palette.colors.map(ColourJudge.family)
            XCTAssertFalse(after.contains(c.family), "\(text): \(after)")
            XCTAssertTrue(
                generated.notes.contains { if case .negated = $0 { return true } else { return false } },
                "\(text): \(generated.notes)")
        }
    }
}
