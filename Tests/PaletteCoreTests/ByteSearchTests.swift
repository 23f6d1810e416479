import XCTest

@testable import PaletteCore

/// The eight-bytes-a-step search finds what a loop over the bytes finds: every start, end and
/// position of the wanted bytes (in a word, at its edges, in the tail), bytes one bit away from
/// them (where a wrong mask would hit), and none at all.
final class ByteSearchTests: XCTestCase {
    func testItFindsWhatALoopFinds() {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let wanted: [UInt8] = [0x0A, 0x23, 0x28, 0x22]
        // The wanted bytes, their neighbours and bytes that differ from them in one bit or in the high bit.
        let alphabet: [UInt8] = wanted + wanted.flatMap { [$0 ^ 1, $0 ^ 0x80, $0 &+ 1, $0 &- 1] } + [0, 0xFF, 0x61]
        for _ in 0..<3_000 {
            let bytes = (0..<next(40)).map { _ in next(4) == 0 ? alphabet[next(alphabet.count)] : 0x61 }
            let start = next(bytes.count + 1)
            let end = start + next(bytes.count - start + 1)
            bytes.withUnsafeBufferPointer { buffer in
                let two = ByteSearch.first(wanted[0], wanted[1], in: buffer, from: start, to: end)
                XCTAssertEqual(
                    two, (start..<end).first { bytes[$0] == wanted[0] || bytes[$0] == wanted[1] }, "\(bytes)")
                let four = ByteSearch.first(
                    wanted[0], wanted[1], wanted[2], wanted[3], in: buffer, from: start, to: end)
                XCTAssertEqual(four, (start..<end).first { wanted.contains(bytes[$0]) }, "\(bytes)")
            }
        }
    }
}
