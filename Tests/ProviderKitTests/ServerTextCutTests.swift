import Foundation
import ProviderKit
import XCTest

/// Server text kept in a failure is cut before it is redacted: bounded, and no key survives
/// the cut, wherever the key lies and however it is spelled.
final class ServerTextCutTests: XCTestCase {
    static let key = "AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUv"

    private func percentEncodedEveryCharacter(_ text: String) -> String {
        text.utf8.map { String(format: "%%%02X", $0) }.joined()
    }

    func testAMessageOfMegabytesIsKeptToItsHeadWithEveryKeyGone() throws {
        let text = ServerText(secrets: [try XCTUnwrap(APIKey(Self.key))])
        let cut = ServerText.keptScalars
        for spelled in [Self.key, Self.key.lowercased(), percentEncodedEveryCharacter(Self.key)] {
            // A key at the start, one across the cut, and three megabytes after it.
            let head = "bad key " + spelled + " "
            let filler = String(
                repeating: "x", count: cut - head.unicodeScalars.count - spelled.unicodeScalars.count / 2)
            let message = head + filler + spelled + String(repeating: "y", count: 3_000_000)
            let kept = text.clean(message)
            XCTAssertLessThanOrEqual(kept.unicodeScalars.count, cut + 1)
            XCTAssertTrue(kept.hasSuffix("…"))
            XCTAssertTrue(kept.hasPrefix("bad key <redacted> xxx"), String(kept.prefix(40)))
            // Not even the part of the key before the cut.
            let firstHalf = String(spelled.prefix(spelled.count / 2))
            XCTAssertFalse(kept.contains(firstHalf), "half a key kept at the cut: …\(kept.suffix(60))")
            XCTAssertFalse(kept.lowercased().contains("aizasya1b2"), String(kept.suffix(60)))
        }
    }

    func testShortTextIsRedactedAndKeptWhole() throws {
        let text = ServerText(secrets: [try XCTUnwrap(APIKey(Self.key))])
        XCTAssertEqual(text.clean("API key \(Self.key) not valid."), "API key <redacted> not valid.")
        let exactly = String(repeating: "z", count: ServerText.keptScalars)
        XCTAssertEqual(text.clean(exactly), exactly)
        XCTAssertEqual(ServerText(secrets: []).clean(exactly + "z"), exactly + "…")
    }
}
