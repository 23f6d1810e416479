import XCTest

@testable import PaletteCore

/// `ColorNames.nearest` reads the cell tables (ColorNamesTable.swift) that `make color-names-table`
/// writes from the pruned search and checks against all 16,777,216 colours (English names);
/// these tests check every cell at two colours, and a sample more, in every test run.
final class ColorNamesTableTests: XCTestCase {

    /// The table's answer is the search's, index and difference to the bit, at every cell's
    /// centre and one of its corners (a different corner from cell to cell), at every name's
    /// own colour and its neighbours a level away, and at random colours; through
    /// `ColorNames.nearest` too.
    func testTheCellTableGivesTheSearchsAnswer() {
        let shift = NameCells.cellShift
        let side = 1 << shift
        let perSide = 256 >> shift
        do {
            let (index, names) = (NearestNameIndex.embedded, ColorNames.all)
            var colors: [RGB] = []
            for cell in 0..<(perSide * perSide * perSide) {
                let r = cell / (perSide * perSide) * side
                let g = cell / perSide % perSide * side
                let b = cell % perSide * side
                colors.append(RGB(r: UInt8(r + side / 2), g: UInt8(g + side / 2), b: UInt8(b + side / 2)))
                let corner = cell % 8
                colors.append(
                    RGB(
                        r: UInt8(r + (corner & 4 == 0 ? 0 : side - 1)), g: UInt8(g + (corner & 2 == 0 ? 0 : side - 1)),
                        b: UInt8(b + (corner & 1 == 0 ? 0 : side - 1))))
            }
            for name in names {
                let c = name.color
                for d in [-1, 1] {
                    func near(_ v: UInt8) -> UInt8 { UInt8(clamping: Int(v) + d) }
                    colors.append(RGB(r: near(c.r), g: near(c.g), b: near(c.b)))
                    colors.append(RGB(r: c.r, g: near(c.g), b: c.b))
                }
                colors.append(c)
            }
            var seed: UInt64 = 0xC0_FFEE
            for _ in 0..<4000 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                colors.append(RGB(packed: UInt32(truncatingIfNeeded: seed >> 40)))
            }
            var wrong = 0
            for color in colors {
                let reference = index.nearest(to: CIELab(color))
                let fast = NameCells.english.nearest(to: color)
                let named = ColorNames.nearest(to: color)
                if fast.index != reference.index || fast.deltaE.bitPattern != reference.deltaE.bitPattern
                    || named.name != names[reference.index] || named.deltaE.bitPattern != reference.deltaE.bitPattern
                {
                    wrong += 1
                    if wrong <= 5 { XCTFail("\(color.hex): table \(fast), search \(reference)") }
                }
            }
            XCTAssertEqual(wrong, 0, "of \(colors.count) colours")
        }
    }

    /// The table has a cell for every colour, each a non-empty run of ascending, distinct indices
    /// of names that may be shown, and each name's CIELAB to the bit.
    func testTheCellTableIsWellFormed() {
        let perSide = 256 >> NameCells.cellShift
        let table = NameCells.english
        let names = ColorNames.all
        XCTAssertEqual(table.cells.count, perSide * perSide * perSide + 1)
        XCTAssertEqual(table.cells.first, 0)
        XCTAssertEqual(Int(table.cells.last ?? 0), table.lists.count)
        var bad = 0
        for cell in 0..<(table.cells.count - 1) {
            let list = table.lists[Int(table.cells[cell])..<Int(table.cells[cell + 1])]
            let ascending = zip(list, list.dropFirst()).allSatisfy { $0 < $1 }
            let shown = list.allSatisfy { Int($0) < names.count && ColorNames.isShown(names[Int($0)]) }
            if list.isEmpty || !ascending || !shown {
                bad += 1
                if bad <= 3 { XCTFail("cell \(cell): \(Array(list))") }
            }
        }
        XCTAssertEqual(bad, 0)
        XCTAssertEqual(table.labs.count, 3 * names.count)
        for (i, name) in names.enumerated() where table.labs.count == 3 * names.count {
            let lab = CIELab(name.color)
            XCTAssertEqual(table.lab(i).l.bitPattern, lab.l.bitPattern, name.name)
            XCTAssertEqual(table.lab(i).a.bitPattern, lab.a.bitPattern, name.name)
            XCTAssertEqual(table.lab(i).b.bitPattern, lab.b.bitPattern, name.name)
        }
        XCTAssertEqual(NameCells.cellNumber(RGB(r: 255, g: 255, b: 255)), perSide * perSide * perSide - 1)
        XCTAssertEqual(NameCells.cellNumber(RGB(r: 0, g: 0, b: UInt8(1 << NameCells.cellShift))), 1)
        XCTAssertEqual(NameCells.cellNumber(RGB(r: 0, g: UInt8(1 << NameCells.cellShift), b: 0)), perSide)
    }
}
