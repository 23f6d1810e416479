import XCTest

@testable import TerminalUI

final class PairCacheTests: XCTestCase {
    private func key(_ fg: Int32, _ bg: Int32) -> PairCache.Key { PairCache.Key(foreground: fg, background: bg) }

    func testDefaultColoursUsePairZeroWithoutDefinition() {
        var cache = PairCache(capacity: 16)
        XCTAssertEqual(cache.lookup(key(-1, -1)), PairCache.Lookup(pair: 0, needsDefinition: false, didReset: false))
        XCTAssertEqual(cache.count, 0)
    }

    func testEachCombinationIsDefinedOnceAndReused() {
        var cache = PairCache(capacity: 16)
        XCTAssertEqual(
            cache.lookup(key(0x2E8B57, -1)), PairCache.Lookup(pair: 1, needsDefinition: true, didReset: false))
        XCTAssertEqual(
            cache.lookup(key(8, 0x2E8B57)), PairCache.Lookup(pair: 2, needsDefinition: true, didReset: false))
        XCTAssertEqual(
            cache.lookup(key(0x2E8B57, -1)), PairCache.Lookup(pair: 1, needsDefinition: false, didReset: false))
        XCTAssertEqual(
            cache.lookup(key(-1, 0x2E8B57)), PairCache.Lookup(pair: 3, needsDefinition: true, didReset: false))
        XCTAssertEqual(cache.count, 3)
    }

    func testPairNumbersAboveTheOldEightBitLimit() {
        var cache = PairCache(capacity: 32_767)
        var last: Int32 = 0
        for i in 0..<600 {
            last = cache.lookup(key(-1, Int32(i * 1000))).pair
        }
        XCTAssertEqual(last, 600)
        XCTAssertEqual(cache.lookup(key(-1, 599_000)).needsDefinition, false)
    }

    func testFullCacheStartsOverAndSaysSo() {
        var cache = PairCache(capacity: 4)  // pairs 1, 2, 3
        for i: Int32 in 1...3 {
            XCTAssertEqual(cache.lookup(key(i, -1)).pair, i)
        }
        let fourth = cache.lookup(key(4, -1))
        XCTAssertEqual(fourth, PairCache.Lookup(pair: 1, needsDefinition: true, didReset: true))
        XCTAssertEqual(cache.count, 1)
        // Old combinations are forgotten and defined afresh.
        XCTAssertEqual(cache.lookup(key(1, -1)), PairCache.Lookup(pair: 2, needsDefinition: true, didReset: false))
    }
}
