import XCTest

@testable import PaletteImage

/// SHA-256 against the NIST examples (FIPS 180-4's SHA256.pdf and the CAVP short and long messages).
final class SHA256Tests: XCTestCase {
    func testTheNISTVectors() {
        XCTAssertEqual(
            SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex([UInt8]()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hex(
                Array(
                    ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                        + "mnopqrstnopqrstu").utf8)),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        // CAVP SHA256ShortMsg, Len = 8: d3.
        XCTAssertEqual(SHA256.hex([0xd3]), "28969cdfa74a12c82f3bad960b0b000aca2ac329deea5c2328ebc6f2ba9802c1")
    }

    /// One million "a", fed in uneven pieces: the long-message example, and the pieces' seams.
    func testAMillionAInPieces() {
        var hasher = SHA256()
        let block = [UInt8](repeating: 0x61, count: 997)
        var left = 1_000_000
        var size = 1
        while left > 0 {
            let n = min(size, left, block.count)
            hasher.update(Array(block[0..<n]))
            left -= n
            size = size % 130 + 7
        }
        XCTAssertEqual(hasher.finalHex(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
