import PaletteCore
import XCTest

@testable import PaletteEngine

/// The shortcuts the engine takes for speed answer as the long way would.
final class EngineShortcutTests: XCTestCase {
    /// `CueSet` answers as `Set<Int>` does, indices past a word's 64 bits included.
    func testCueSetActsAsASetOfInts() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            func pair() -> (CueSet, Set<Int>) {
                var cues = CueSet()
                var ints = Set<Int>()
                for _ in 0..<Int.random(in: 0...6, using: &random) {
                    let i =
                        Bool.random(using: &random)
                        ? Int.random(in: 0..<64, using: &random) : Int.random(in: 0..<140, using: &random)
                    cues.insert(i)
                    ints.insert(i)
                }
                return (cues, ints)
            }
            let (a, setA) = pair()
            let (b, setB) = pair()
            XCTAssertEqual(Array(a), setA.sorted())
            XCTAssertEqual(a.isDisjoint(with: b), setA.isDisjoint(with: setB))
            XCTAssertEqual(Array(a.union(b)), setA.union(setB).sorted())
            for i in 0..<140 { XCTAssertEqual(a.contains(i), setA.contains(i)) }
        }
        XCTAssertEqual(Array(CueSet(70)), [70])
        XCTAssertEqual(Array([3, 1, 65] as CueSet), [1, 3, 65])
    }

    /// `difference(_:_:orInfinityFrom:)` is the distance, or infinity only where the distance is
    /// at least the threshold.
    func testDifferenceOrInfinityOnlyForDistancesPastTheThreshold() {
        var random = SystemRandomNumberGenerator()
        var skipped = 0
        for _ in 0..<20_000 {
            func lab() -> CIELab {
                CIELab(
                    l: .random(in: 0...100, using: &random), a: .random(in: -100...100, using: &random),
                    b: .random(in: -100...100, using: &random))
            }
            let (x, y) = (lab(), lab())
            let threshold = [8.0, 10, 15, 20, 30, 50.5].randomElement(using: &random)!
            let exact = CIEDE2000.difference(x, y)
            let quick = CIEDE2000.difference(x, y, orInfinityFrom: threshold)
            if quick.isInfinite {
                skipped += 1
                XCTAssertGreaterThanOrEqual(exact, threshold)
            } else {
                XCTAssertEqual(quick, exact)
            }
        }
        XCTAssertGreaterThan(skipped, 0)
    }
}
