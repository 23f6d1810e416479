import PaletteCore
import TestSupport
import XCTest

@testable import PaletteEngine

/// Folding, tokenising, matching and binding: what the engine reads in a description.
final class ReadingTests: XCTestCase {
    let lexicon = Lexicon.embedded

    func words(_ text: String) -> [[String]] { Reading(text, lexicon: lexicon).cues.map(\.words) }

    func testTraditionalAndSimplifiedMeetTheSameEntries() {
        let text = NormalisedText("寧靜的森林，藍色憂鬱", folding: lexicon.folding)
        var folded = String.UnicodeScalarView()
        folded.append(contentsOf: text.scalars)
        XCTAssertEqual(String(folded), "宁静的森林,蓝色忧郁")
        XCTAssertNotNil(lexicon.exact["宁静"])
        for pair in [("寧靜的森林早晨", "宁静的森林早晨"), ("熱情的夏日海灘", "热情的夏日海滩"), ("秋天的楓葉", "秋天的枫叶")] {
            XCTAssertEqual(
                OfflineEngine().palette(for: pair.0).palette, OfflineEngine().palette(for: pair.1).palette, pair.0)
        }
    }

    func testEveryKeyIsStoredFolded() {
        for key in lexicon.exact.keys {
            let folded = String(String.UnicodeScalarView(key.unicodeScalars.compactMap { lexicon.folding.fold($0) }))
            XCTAssertEqual(folded, key)
        }
    }

    func testFoldingOfWidthCaseAndAccents() {
        let text = NormalisedText("ＲＥＤ Café", folding: lexicon.folding)
        var folded = String.UnicodeScalarView()
        folded.append(contentsOf: text.scalars)
        XCTAssertEqual(String(folded), "red café", "accents are kept in the folded text (trắng is not trăng)")
        XCTAssertEqual(lexicon.folding.bare("café"), "cafe")
        XCTAssertEqual(text.surface(0..<3), "ＲＥＤ", "the rationale shows the user's own spelling")
    }

    func testRationaleKeepsTheUsersSpelling() {
        XCTAssertEqual(words("寧靜的森林"), [["寧靜"], ["森林"]])
        XCTAssertEqual(words("Deep OCEAN"), [["Deep OCEAN"]])
    }

    func testEnglishInflections() {
        XCTAssertEqual(words("berries"), [["berries"]])
        let cases = [
            "berries": "berry", "leaves": "leaf", "beaches": "beach", "snowy": "snow", "foggy": "fog",
            "reddish": "red", "darker": "dark", "calmly": "calm", "glowing": "glow", "roses": "rose", "icy": "ice",
        ]
        for (word, stem) in cases {
            XCTAssertTrue(Inflection.stems(word).contains(stem), "\(word) -> \(Inflection.stems(word))")
        }
        XCTAssertEqual(ColourJudge.family(OfflineEngine().palette(for: "reddish").palette.primary), "red")
        XCTAssertEqual(
            Reading("snowy", lexicon: lexicon).cues.first?.colours,
            Reading("snow", lexicon: lexicon).cues.first?.colours)
        XCTAssertEqual(
            Reading("cherry blossoms", lexicon: lexicon).cues.count, 1, "a phrase's last word is inflected too")
    }

    func testLongestMatchInChinese() {
        XCTAssertEqual(words("深海"), [["深海"]], "深海 is the deep sea, not 深 + 海")
        XCTAssertEqual(words("今天的天空"), [["天空"]], "今天 (today) is not the sky")
        XCTAssertEqual(words("非常漂亮的紅色"), [["紅色"]], "非常 and 漂亮 are neither negation nor brightness")
    }

    func testPossessivesAndPunctuation() {
        XCTAssertEqual(words("robin's egg blue"), [["robin's egg blue"]])
        XCTAssertEqual(words("valentine’s day"), [["valentine’s day"]])
    }

    func testNegationDropsTheNextCue() {
        let r = Reading("not red, but a blue sky", lexicon: lexicon)
        XCTAssertEqual(r.negatedWords, ["red"])
        XCTAssertFalse(r.cues.contains { $0.words.contains("red") })
        let zh = Reading("不要紅色", lexicon: lexicon)
        XCTAssertEqual(zh.negatedWords, ["紅色"])
        let g = OfflineEngine().palette(for: "not red, but a blue sky")
        XCTAssertTrue(g.notes.contains(.negated(words: ["red"])), "\(g.notes)")
        XCTAssertNotEqual(ColourJudge.family(g.palette.primary), "red")
    }

    func testModifiersBindToTheNearestCue() {
        let dark = Reading("dark forest", lexicon: lexicon)
        XCTAssertEqual(dark.cues.map(\.words), [["dark", "forest"]])
        XCTAssertEqual(dark.cues[0].modifiers.count, 1)
        XCTAssertTrue(dark.globalModifiers.isEmpty)
        let after = Reading("the sea is deep", lexicon: lexicon)
        XCTAssertEqual(after.cues[0].modifiers.count, 1, "a modifier after its word binds back")
        let alone = Reading("something dark, please", lexicon: lexicon)
        XCTAssertEqual(alone.globalModifierWords, ["dark"], "with no colour word it shades the whole palette")
        let zh = Reading("淡淡的粉色", lexicon: lexicon)
        XCTAssertEqual(zh.cues.map(\.words), [["淡淡", "粉色"]])
    }

    func testModifiersChangeLightnessAndChromaTheRightWay() {
        let engine = OfflineEngine()
        func l(_ t: String) -> Double { OKLCH(engine.palette(for: t).palette.primary).l }
        func c(_ t: String) -> Double { OKLCH(engine.palette(for: t).palette.primary).c }
        XCTAssertLessThan(l("dark blue"), l("blue"))
        XCTAssertLessThan(l("blue"), l("light blue"))
        XCTAssertLessThan(l("blue"), l("pale blue"))
        XCTAssertLessThan(l("深藍"), l("藍"))
        XCTAssertLessThan(l("藍"), l("淺藍"))
        XCTAssertLessThan(c("muted green"), c("green"))
        XCTAssertLessThan(c("pastel red"), c("red"))
        XCTAssertGreaterThan(c("neon green"), c("green"))
        XCTAssertLessThan(c("淡紫"), c("紫"))
        XCTAssertLessThan(l("forest at night"), l("forest"))
    }

    func testAdjacentColourWordsMakeACompound() {
        let r = Reading("橙粉", lexicon: lexicon)
        XCTAssertEqual(r.cues.map(\.words), [["橙", "粉"]])
        let mixed = r.cues[0].colours[0].lch
        let orange = Reading("橙", lexicon: lexicon).cues[0].colours[0].lch
        let pink = Reading("粉", lexicon: lexicon).cues[0].colours[0].lch
        XCTAssertLessThan(
            mixed.lab.distance(to: pink.lab), mixed.lab.distance(to: orange.lab), "the last word is the head")
    }

    func testHexCodesInTheTextLead() throws {
        let g = OfflineEngine().palette(for: "#ff8800 with a forest")
        XCTAssertEqual(g.palette.primary, try RGB(hex: "#FF8800"), "a hex code with no mood word is used as written")
        XCTAssertEqual(g.rationale[.primary], ["#ff8800"])
        XCTAssertEqual(Reading("#12 and #GGGGGG", lexicon: lexicon).cues.count, 0)
    }

    func testHeadOfPhraseLeads() {
        let engine = OfflineEngine()
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "sunset over the sea").palette.primary), "orange")
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "海邊的日出").palette.primary), "orange")
        XCTAssertEqual(ColourJudge.family(engine.palette(for: "a cup of coffee").palette.primary), "brown")
    }

    func testLexiconIsBilingualAndLarge() {
        XCTAssertGreaterThan(lexicon.entries.count, 2000)
        XCTAssertGreaterThan(lexicon.exact.values.filter { $0.contains { $0.language == .en } }.count, 2500)
        XCTAssertGreaterThan(lexicon.exact.values.filter { $0.contains { $0.language == .zh } }.count, 1200)
        XCTAssertGreaterThan(ChineseFolding.count, 4000, "the engine folds with PaletteCore's table")
        for key in ["forest", "calm", "deep ocean", "cherry blossom", "森林", "宁静", "热情", "樱花", "深", "淡", "雾"] {
            XCTAssertNotNil(lexicon.exact[key], key)
        }
    }

    /// The committed LexiconData.swift is what tools/gen_lexicon.py makes from tools/lexicon/.
    func testGeneratedLexiconIsUpToDate() throws {
        let script = Repository.url("tools/gen_lexicon.py").path
        let result = try Spawn.run(["/usr/bin/env", "python3", script, "--check"])
        if result.status == 127 { throw XCTSkip("python3 not available: \(result.stderr)") }
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
