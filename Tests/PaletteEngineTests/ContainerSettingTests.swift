import PaletteCore
import XCTest

@testable import PaletteEngine

/// Issue 32: a composed scene with a setting on both sides takes its ground from the setting a
/// relation word names (`@inside`: "a reef *in* the deep sea", 바다 속, 深海裡的); "over" names
/// no container, so a sunset over the sea keeps its sunset primary. Hindi "बिना X के" negates
/// the colour after it; Russian fleeting vowels are read (переулке → переулок).
final class ContainerSettingTests: XCTestCase {
    let engine = OfflineEngine()

    func testTheSettingARelationWordNamesIsTheGround() {
        let reefs = [
            ("en", "a coral reef in the deep sea"), ("ko", "깊은 바다 속 산호초"),
            ("it", "una barriera corallina nelle acque profonde"), ("zh", "深海中的珊瑚礁"),
        ]
        for (language, text) in reefs {
            let p = engine.palette(for: text).palette
            XCTAssertTrue(
                ["blue", "teal"].contains(ColourJudge.family(p.primary)) && OKLCH(p.primary).l < 0.5,
                "[\(language)] \(text): the deep sea leads: \(ColourJudge.describe(p.primary))")
            XCTAssertTrue(
                ["orange", "pink", "red"].contains(ColourJudge.family(p.accent)),
                "[\(language)] \(text): the reef is the accent: \(ColourJudge.describe(p.accent))")
        }
        // "over" names no container: the sunset still leads.
        let sunset = engine.palette(for: "sunset over the sea").palette
        XCTAssertTrue(
            ["orange", "red", "pink"].contains(ColourJudge.family(sunset.primary)), ColourJudge.describe(sunset.primary)
        )
    }

    /// A wall is a setting: a door of one colour in a wall of another takes the wall as its ground,
    /// and the wall's colour word leads before a wall's own plaster.
    func testAWallIsTheGroundOfWhatIsInIt() {
        for (language, text, wall) in [
            ("en", "a teal door in a terracotta wall", ["orange", "red", "brown"]),
            ("es", "una puerta turquesa en una pared ocre", ["yellow", "orange", "brown"]),
        ] {
            let p = engine.palette(for: text).palette
            XCTAssertTrue(
                wall.contains(ColourJudge.family(p.primary)),
                "[\(language)] \(text): the wall leads: \(ColourJudge.describe(p.primary))")
            XCTAssertTrue(
                ["teal", "blue"].contains(ColourJudge.family(p.accent)),
                "[\(language)] \(text): the door is the accent: \(ColourJudge.describe(p.accent))")
        }
    }

    /// Volcanic sand and rock are dark ground, not a volcano's lava: a flower on it is the accent.
    func testVolcanicSandIsADarkGround() {
        for text in ["red hibiscus on volcanic sand", "hibisco rojo sobre arena volcánica", "火山砂の上の赤いハイビスカス"] {
            let p = engine.palette(for: text).palette
            XCTAssertTrue(
                ColourJudge.family(p.primary) == "neutral" && OKLCH(p.primary).l < 0.5,
                "\(text): the sand leads, dark: \(ColourJudge.describe(p.primary))")
            XCTAssertEqual(ColourJudge.family(p.accent), "red", "\(text): \(ColourJudge.describe(p.accent))")
        }
    }

    /// A sky takes the colour of what colours it in its clause: a sunset sky is the sunset, a night
    /// sky the night; a sky alone stays blue.
    func testASkyTakesTheColourOfWhatColoursIt() {
        for text in ["sunset sky", "日落的天空", "el cielo al atardecer", "夕焼けの空", "노을 진 하늘"] {
            let p = engine.palette(for: text).palette
            XCTAssertTrue(
                ["orange", "red", "pink"].contains(ColourJudge.family(p.primary)),
                "\(text): the sunset leads: \(ColourJudge.describe(p.primary))")
        }
        let night = engine.palette(for: "night sky").palette
        XCTAssertLessThan(OKLCH(night.primary).l, 0.35, ColourJudge.describe(night.primary))
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "a clear sky").palette.primary), "blue")
    }

    /// "Do not use X" in Japanese, Korean and Chinese negates X: 赤は使わない, 빨간색은 쓰지 않는, 不用红色.
    func testDoNotUseNegatesTheColour() {
        for text in ["バラ園、赤は使わない", "장미 정원, 빨간색은 쓰지 않는", "玫瑰花园，不用红色"] {
            let g = engine.palette(for: text)
            XCTAssertFalse(
                g.palette.colors.map(ColourJudge.family).contains("red"), "\(text): \(g.palette.colors.map(\.hex))")
            XCTAssertTrue(
                g.notes.contains { if case .negated = $0 { return true } else { return false } }, "\(text): \(g.notes)")
        }
    }

    func testHindiWithoutNegatesTheColourAfterIt() {
        let g = engine.palette(for: "पतझड़ का जंगल बिना नारंगी के")
        XCTAssertFalse(g.palette.colors.map(ColourJudge.family).contains("orange"), "\(g.palette.colors.map(\.hex))")
        XCTAssertTrue(g.notes.contains(.negated(words: ["नारंगी"])), "\(g.notes)")
    }

    func testRussianFleetingVowelsAreRead() {
        let (reading, _) = engine.compose("красный фонарь в переулке", variation: 0)
        XCTAssertTrue(reading.usedWords.contains("переулке"), "\(reading.usedWords)")
        XCTAssertFalse(reading.unknownWords.contains("переулке"))
    }
}
