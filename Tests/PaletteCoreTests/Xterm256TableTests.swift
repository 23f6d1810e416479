import XCTest

@testable import PaletteCore

/// `Xterm256.nearest` and `nearestIndex` read the cell table (Xterm256Table.swift) that
/// `make xterm256-table` writes from the pruned search and checks against all 16,777,216
/// colours; these tests check a sample of it in every test run.
final class Xterm256TableTests: XCTestCase {
    /// The table's answer is the search's, index and difference to the bit, for every cube and
    /// grey colour and its neighbours a level away, each cell's two extreme corners on a grid of
    /// cells, and random colours.
    func testTheCellTableGivesTheSearchsAnswer() {
        var colors: [RGB] = []
        for index in Xterm256.fixedIndices {
            let c = Xterm256.color(index)!
            for d in [-1, 0, 1] {
                func near(_ v: UInt8) -> UInt8 { UInt8(clamping: Int(v) + d) }
                colors.append(RGB(r: near(c.r), g: near(c.g), b: near(c.b)))
                colors.append(RGB(r: near(c.r), g: c.g, b: c.b))
            }
        }
        let side = 1 << Xterm256.cellShift
        for r in stride(from: 0, to: 256, by: 3 * side) {
            for g in stride(from: 0, to: 256, by: 2 * side) {
                for b in stride(from: 0, to: 256, by: side) {
                    colors.append(RGB(r: UInt8(r), g: UInt8(g), b: UInt8(b)))
                    colors.append(RGB(r: UInt8(r + side - 1), g: UInt8(g + side - 1), b: UInt8(b + side - 1)))
                }
            }
        }
        var seed: UInt64 = 0x2E86_AB
        for _ in 0..<8000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            colors.append(RGB(packed: UInt32(truncatingIfNeeded: seed >> 40)))
        }
        var wrong = 0
        for color in colors {
            let reference = Xterm256.nearestByLightness(to: color)
            let fast = Xterm256.nearest(to: color)
            let index = Xterm256.nearestIndex(to: color)
            if fast.index != reference.index || fast.deltaE.bitPattern != reference.deltaE.bitPattern
                || index != reference.index
            {
                wrong += 1
                if wrong <= 5 {
                    XCTFail("\(color.hex): table \(fast) / \(index), search \(reference)")
                }
            }
        }
        XCTAssertEqual(wrong, 0, "of \(colors.count) colours")
    }

    /// The table has a cell for every colour, each entry an index below 240 or the start of a
    /// list of at least two ascending indices (a list of one would be a single answer).
    func testTheCellTableIsWellFormed() {
        let side = 256 >> Xterm256.cellShift
        XCTAssertEqual(Xterm256.cells.count, side * side * side)
        var lists = 0
        for entry in Xterm256.cells where entry >= 240 {
            lists += 1
            let start = Int(entry) - 240
            let count = Int(Xterm256.cellLists[start])
            XCTAssertGreaterThanOrEqual(count, 2)
            let candidates = Xterm256.cellLists[start + 1...start + count]
            XCTAssertEqual(Array(candidates), candidates.sorted())
            XCTAssertEqual(Set(candidates).count, count)
            XCTAssertTrue(candidates.allSatisfy { $0 < 240 })
        }
        XCTAssertGreaterThan(lists, 0)
        XCTAssertEqual(Xterm256.cellNumber(RGB(r: 255, g: 255, b: 255)), side * side * side - 1)
        XCTAssertEqual(Xterm256.cellNumber(RGB(r: 0, g: 0, b: UInt8(1 << Xterm256.cellShift))), 1)
        XCTAssertEqual(Xterm256.cellNumber(RGB(r: 0, g: UInt8(1 << Xterm256.cellShift), b: 0)), side)
    }
}
