import Foundation
import TestSupport
import XCTest

/// A server that sends far more than any service: an error message of megabytes echoing the
/// key (the failure keeps a bounded, redacted head of it, so it costs about the body itself),
/// and floods of header lines (named as such, not as a large body or a lack of memory).
final class ServerFloodTests: XCTestCase {
    static let key = "AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUv"

    /// `generate` against a server answering 400 with `message` (and `step`'s other keys); its
    /// output and peak memory.
    private func generate(message: String, step: [String: Any] = [:]) throws -> ChildResult {
        let scratch = try TemporaryDirectory(prefix: "pt-bigmsg")
        let body = scratch.file("error.json")
        let json: [String: Any] = ["error": ["code": 400, "message": message, "status": "INVALID_ARGUMENT"]]
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: body))
        let data = try JSONSerialization.data(withJSONObject: [step.merging(["fixture": body]) { $1 }])
        let server = try LoopbackServer(arguments: ["--steps", String(decoding: data, as: UTF8.self)])
        defer { server.stop() }
        return try Spawn.run(
            [try Repository.paletteTUI(), "generate", "--no-history", "--provider", "gemini", "forest"],
            environment: HistoryBinary.environment(["GEMINI_BASE_URL": server.endpoint, "GEMINI_API_KEY": Self.key]),
            timeout: 120, measuringMemory: true)
    }

    func testAThreeMegabyteMessageCostsAboutItsOwnSize() throws {
        let small = try generate(message: "API key \(Self.key) not valid.")
        XCTAssertEqual(small.status, 1, small.stderr)
        XCTAssertTrue(small.stderr.contains("<redacted>"), small.stderr)
        let message = "API key \(Self.key) not valid. " + String(repeating: "Please pass a valid key. ", count: 120_000)
        XCTAssertGreaterThan(message.utf8.count, 3_000_000)
        let big = try generate(message: message)
        XCTAssertEqual(big.status, 1, big.stderr)
        XCTAssertFalse(big.stderr.contains(Self.key), big.stderr)
        XCTAssertTrue(big.stderr.contains("<redacted>"), big.stderr)
        XCTAssertEqual(big.stderr.split(separator: "\n").count, 1, big.stderr)
        let smallPeak = try XCTUnwrap(small.peakMemoryBytes)
        let bigPeak = try XCTUnwrap(big.peakMemoryBytes)
        print("peak memory: \(smallPeak >> 20) MB for a short message, \(bigPeak >> 20) MB for 3 MB")
        // The 3 MB body is read and decoded once or twice; the old path folded and redacted all
        // of it (45 MB more without a key, 220 MB with one).
        XCTAssertLessThan(
            bigPeak - smallPeak, 30 << 20, "peak \(bigPeak >> 20) MB against \(smallPeak >> 20) MB for a short message")
    }

    func testAHeaderFloodIsNamedAsOne() throws {
        // 400 lines of 1 KiB: past the 256 KiB of all header lines together.
        let many = try generate(message: "m", step: ["header_flood": ["count": 400, "size": 1024]])
        XCTAssertEqual(many.status, 1, many.stderr)
        XCTAssertEqual(
            many.stderr,
            "palette-tui: The endpoint sent more than 256 KiB of HTTP headers, far more than any service sends: check GEMINI_BASE_URL.\n"
        )
        // One line of 8 MB: libcurl's own limit for a line.
        let giant = try generate(message: "m", step: ["header_flood": ["count": 1, "size": 8_000_000]])
        XCTAssertEqual(giant.status, 1, giant.stderr)
        XCTAssertEqual(
            giant.stderr,
            "palette-tui: The endpoint sent more than 100 KiB of HTTP headers, far more than any service sends: check GEMINI_BASE_URL.\n"
        )
    }
}
