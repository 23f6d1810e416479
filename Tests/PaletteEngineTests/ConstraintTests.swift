import PaletteCore
import XCTest

@testable import PaletteEngine

/// Distinctness, gamut mapping, determinism and variation on 10,000 generated inputs.
final class ConstraintTests: XCTestCase {
    /// A small deterministic generator for test inputs (the test must not depend on the clock).
    struct InputRandom {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// Inputs of every kind: lexicon words in both languages with modifiers and punctuation,
    /// random Unicode, empty and blank text, control characters, and huge pastes.
    static func inputs(count: Int) -> [(String, Int)] {
        let lexicon = Lexicon.embedded
        let keys = lexicon.exact.keys.sorted()
        let english = keys.filter { Tokenizer.scriptClass($0.unicodeScalars.first!) != .run }
        let cjk = keys.filter { Tokenizer.scriptClass($0.unicodeScalars.first!) == .run }
        let joiners = [" ", " ", "的", ", ", "，", " and ", "、", "", " not ", "不", "!", "\n"]
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x590...0x6FF, 0x3040...0x30FF,
            0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1FAFF, 0x0...0x1F, 0xFE00...0xFE0F,
        ]
        var rng = InputRandom(state: 0x5EED)
        var out: [(String, Int)] = [("", 0), ("   ", 0), ("\n\t", 1), ("#", 0), ("#12345", 0), ("#ABCDEFG", 2)]
        while out.count < count {
            let variation = rng.below(10) == 0 ? [Int.min, Int.max, -1, 1_000_000][rng.below(4)] : rng.below(6)
            var text = ""
            switch rng.below(10) {
            case 0...4:
                for _ in 0..<(1 + rng.below(7)) {
                    text += rng.below(2) == 0 ? english[rng.below(english.count)] : cjk[rng.below(cjk.count)]
                    text += joiners[rng.below(joiners.count)]
                }
            case 5...7:
                for _ in 0..<rng.below(40) {
                    let r = ranges[rng.below(ranges.count)]
                    if let s = Unicode.Scalar(r.lowerBound + UInt32(rng.below(Int(r.upperBound - r.lowerBound) + 1))) {
                        text.unicodeScalars.append(s)
                    }
                }
            case 8:
                text = String(format: "#%06X ", rng.below(0x1000000)) + english[rng.below(english.count)]
            default:
                let word = rng.below(2) == 0 ? english[rng.below(english.count)] : cjk[rng.below(cjk.count)]
                text = String(repeating: word + " ", count: 1 + rng.below(rng.below(50) == 0 ? 20_000 : 30))
            }
            out.append((text, variation))
        }
        return out
    }

    func testTenThousandInputsKeepEveryRule() {
        let engine = OfflineEngine()
        let inputs = ConstraintTests.inputs(count: 10_000)
        var broken: [String] = []
        var notMapped: [String] = []
        var sameAsFirst = 0
        var repeated: [String] = []
        var checkedVariations = 0
        for (i, (text, variation)) in inputs.enumerated() {
            let (_, composition) = engine.compose(text, variation: variation)
            let p = composition.palette
            let shown = String(text.prefix(40)).debugDescription
            for v in PaletteRules.violations(p) { broken.append("\(shown) v\(variation): \(v)") }
            // Gamut mapping by chroma reduction: each colour is its target with L and h kept.
            for (k, target) in composition.targets.enumerated() {
                let rgb = p.colors[k]
                XCTAssertEqual(rgb, target.gamutMapped())
                let got = OKLCH(rgb)
                let hueShift = abs(((got.h - target.h + 540).truncatingRemainder(dividingBy: 360)) - 180)
                // 8-bit rounding blurs hue only in near-blacks; clipping would shift it anywhere.
                if abs(got.l - min(max(target.l, 0), 1)) > 0.01 || (got.c > 0.04 && got.l > 0.2 && hueShift > 3) {
                    notMapped.append("\(shown): \(rgb.hex) from L\(target.l) C\(target.c) h\(target.h)")
                }
            }
            if i % 5 == 0 {
                XCTAssertEqual(
                    engine.palette(for: text, variation: variation).palette, p, "not deterministic: \(shown)")
                let other = engine.palette(for: text, variation: variation &+ 1).palette
                checkedVariations += 1
                if other == p {
                    sameAsFirst += 1
                    repeated.append("\(shown) v\(variation)")
                }
            }
        }
        XCTAssertEqual(broken, [], "\(broken.count) palettes break distinctness")
        XCTAssertEqual(notMapped, [], "\(notMapped.count) colours were not gamut-mapped at constant L and h")
        XCTAssertEqual(
            sameAsFirst, 0,
            "\(sameAsFirst) of \(checkedVariations) next variations repeat the palette: \(repeated.prefix(5))")
        print(
            "PaletteEngine constraints: \(inputs.count) inputs, \(broken.count) broken, \(sameAsFirst) repeated variations"
        )
    }

    func testHugeInputIsReadUpToTheLimitAndSaysSo() {
        let text = String(repeating: "forest ", count: 100_000)
        let g = OfflineEngine().palette(for: text)
        XCTAssertTrue(g.notes.contains(.readLimit(characters: NormalisedText.readLimit)), "\(g.notes)")
        XCTAssertEqual(ColourJudge.family(g.palette.primary), "green")
        XCTAssertEqual(PaletteRules.violations(g.palette), [])
    }
}
