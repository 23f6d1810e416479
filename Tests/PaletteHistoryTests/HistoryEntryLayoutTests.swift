import Foundation
import PaletteCore
import XCTest

@testable import PaletteHistory

/// The size of an entry is the size of a loaded history: 100,000 entries are 100,000 of these
/// in one array. The lineage (parent, seed, variation, locks, refinement) is empty for nearly
/// every entry; inline it made each entry 160 bytes instead of 96, 6 MiB more at 100,000 entries
/// (docs/benchmarks.md, Findings, session 5). Stored out of line, it must still behave as a
/// value: set through the entry, compared and hashed by what it holds.
final class HistoryEntryLayoutTests: XCTestCase {
    private func entry(_ lineage: HistoryEntry.Lineage = HistoryEntry.Lineage()) -> HistoryEntry {
        HistoryEntry(
            id: "0b7c8d2e-5f51-4c4a-9d3e-2f7c1a9b8e61", created: Date(timeIntervalSince1970: 1_764_400_000),
            description: "calm forest morning",
            palette: Palette(
                primary: RGB(packed: 0x2F5D50), secondary: RGB(packed: 0x88A096), accent: RGB(packed: 0xE8B04B)),
            provider: "offline", model: "offline-engine-1", lineage: lineage)
    }

    func testAnEntryIsNoLargerThanBeforeLineage() {
        // c4608d3's entry (no lineage) had a stride of 96 bytes.
        XCTAssertLessThanOrEqual(MemoryLayout<HistoryEntry>.stride, 96)
    }

    func testLineageSetThroughTheEntryIsAValue() {
        var a = entry()
        XCTAssertTrue(a.lineage.isEmpty)
        a.lineage.variation = 3
        a.lineage.locked = [.accent]
        XCTAssertEqual(a.lineage, HistoryEntry.Lineage(variation: 3, locked: [.accent]))
        let copy = a
        a.lineage.refinement = "warmer"
        XCTAssertEqual(copy.lineage.refinement, nil, "a copy keeps its own lineage")
        XCTAssertEqual(a.lineage.refinement, "warmer")
        a.lineage = HistoryEntry.Lineage()
        XCTAssertEqual(a, entry(), "back to empty, the entry equals one made without a lineage")
        XCTAssertEqual(a.hashValue, entry().hashValue)
    }

    func testEntriesCompareAndHashByTheirLineage() {
        let lineage = HistoryEntry.Lineage(parent: "p", seed: 11, variation: 2, locked: [.primary], refinement: "更柔和")
        let a = entry(lineage)
        let b = entry(lineage)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertNotEqual(a, entry())
        XCTAssertNotEqual(a, entry(HistoryEntry.Lineage(parent: "p", seed: 12, variation: 2, locked: [.primary])))
        XCTAssertEqual(Set([a, b, entry()]).count, 2)
    }
}
