import Foundation
import TestSupport
import XCTest

@testable import PaletteCore

/// Issue 11 point 6, the data: colour names in Chinese, in both scripts, chosen by CIEDE2000 as
/// the English names are.
final class ChineseColorNameTests: XCTestCase {
    func testIssue11Point6TheTraditionalColoursAndTheBasicNamesAreEmbeddedInBothScripts() throws {
        let csv = try String(
            contentsOf: Repository.url("tools/lexicon/sources/chinese_traditional_zerosoul161.csv"), encoding: .utf8)
        let rows = csv.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",", maxSplits: 2) }
        XCTAssertEqual(rows.count, 161)
        let simplified = ColorNames.simplifiedChinese
        let traditional = ColorNames.traditionalChinese
        XCTAssertEqual(simplified.filter { $0.source == .chinese }.count, 161)
        XCTAssertGreaterThan(simplified.filter { $0.source == .chineseBasic }.count, 500)
        XCTAssertEqual(simplified.map(\.color), traditional.map(\.color))
        XCTAssertEqual(simplified.map(\.source), traditional.map(\.source))
        for (k, row) in rows.enumerated() {
            XCTAssertEqual(simplified[k].color, try RGB(hex: String(row[1])), String(row[0]))
        }
        for name in simplified + traditional {
            XCTAssertFalse(name.name.unicodeScalars.contains { $0.isASCII }, name.name)
            XCTAssertFalse(name.name.isEmpty)
        }
        // Where Taiwan writes another character than the first OpenCC candidate.
        let pairs = Dictionary(zip(simplified.map(\.name), traditional.map(\.name)), uniquingKeysWith: { a, _ in a })
        for (s, t) in [
            ("姜黄", "薑黃"), ("栗色", "栗色"), ("群青", "群青"), ("靛蓝", "靛藍"), ("绿沈", "綠沈"), ("深蓝", "深藍"),
            ("荧光黄", "螢光黃"), ("松花绿", "松花綠"), ("绀青", "紺青"),
        ] {
            XCTAssertEqual(pairs[s], t, s)
        }
    }

    /// The nearest Chinese name is the one a comparison with every name finds (ties to the
    /// earlier entry), and an exact colour finds its own name.
    func testIssue11Point6TheNearestChineseNameIsTheClosestByCIEDE2000() throws {
        var rng = SystemRandomNumberGenerator()
        let names = ColorNames.simplifiedChinese
        let labs = names.map { CIELab($0.color) }
        var colors = names.map(\.color)
        for _ in 0..<400 { colors.append(RGB(packed: UInt32.random(in: 0...0xFFFFFF, using: &rng))) }
        for v in stride(from: 0, through: 255, by: 17) { colors.append(RGB(r: UInt8(v), g: UInt8(v), b: UInt8(v))) }
        for color in colors {
            let lab = CIELab(color)
            var best = 0
            var bestDelta = Double.infinity
            // 群青 is read, never given (`ColorNames.contradictedChinese`).
            for (i, other) in labs.enumerated() where ColorNames.isShown(names[i]) {
                let d = CIEDE2000.difference(lab, other)
                if d < bestDelta { (best, bestDelta) = (i, d) }
            }
            for language in [Language.simplifiedChinese, .traditionalChinese] {
                let (name, delta) = ColorNames.nearest(to: color, language: language)
                XCTAssertEqual(name, ColorNames.names(language)[best], color.hex)
                XCTAssertEqual(delta, bestDelta, accuracy: 1e-12)
            }
        }
        XCTAssertEqual(ColorNames.nearest(to: RGB(packed: 0x177CB0), language: .traditionalChinese).name.name, "靛青")
        XCTAssertEqual(ColorNames.nearest(to: RGB(packed: 0x177CB0), language: .english).name.name, "nice blue")
    }

    /// Chinese names read as colours in either script (`ColorSyntax`, through `ColorNames.named`).
    func testIssue11Point6ChineseNamesReadInEitherScript() throws {
        XCTAssertEqual(ColorNames.named("靛青")?.color, RGB(packed: 0x177CB0))
        XCTAssertEqual(ColorNames.named("靛藍")?.color, ColorNames.named("靛蓝")?.color)
        XCTAssertEqual(ColorNames.named("深藍")?.color, ColorNames.named("深蓝")?.color)
        XCTAssertEqual(try ColorSyntax.parse(" 朱紅 "), RGB(packed: 0xFF4C00))
        XCTAssertNil(ColorNames.named("森林"))
    }

    /// The committed data is what the generator makes from the committed sources.
    func testTheGeneratedChineseNamesAreUpToDate() throws {
        let result = try Spawn.run(["python3", Repository.url("tools/gen_chinese_color_names.py").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let committed = try String(
            contentsOf: Repository.url("Sources/PaletteCore/ChineseColorNameData.swift"), encoding: .utf8)
        XCTAssertEqual(
            result.stdout, committed,
            "run tools/gen_chinese_color_names.py > Sources/PaletteCore/ChineseColorNameData.swift")
    }
}
