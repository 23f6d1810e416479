import Foundation
import PaletteCore
import TestSupport
import XCTest

/// The app generating through the real Gemini client against a scripted server on loopback.
final class E2EGeminiTests: XCTestCase {
    private static let key = "e2e-test-key-not-a-secret"

    /// The palette in the server's fixture, read from the fixture itself.
    private func fixturePalette() throws -> [RGB] {
        let fixture = Repository.url("Tests/GeminiTests/Fixtures/palette-tui/palette-forest-morning.json")
        let codes = E2EAppTests.hexCodes(try String(contentsOf: fixture, encoding: .utf8))
        XCTAssertEqual(codes.count, 3)
        return codes
    }

    /// `script` is a scenario name, or a JSON array of steps when it starts with `[`.
    private func start(_ script: String) throws -> (TmuxSession, LoopbackServer) {
        let server = try LoopbackServer(
            arguments: script.hasPrefix("[") ? ["--steps", script] : ["--scenario", script])
        let session = try TmuxSession(
            ["--provider", "gemini", "--endpoint", server.endpoint, "--history", "h.jsonl"],
            environment: ["GEMINI_API_KEY": Self.key])
        try session.waitForStart()
        return (session, server)
    }

    func testGeneratesWithGeminiAndShowsItsExactColours() throws {
        let (session, server) = try start("palette")
        let expected = try fixturePalette()
        try session.waitFor("gemini")
        try session.type("寧靜的森林早晨")
        try session.press("Enter")
        let screen = try session.waitForScreen("the fixture palette") { E2EAppTests.paneHexCodes($0) == expected }
        XCTAssertFalse(screen.contains(Self.key))
        let capture = try session.screen(escapes: true)
        for rgb in expected {
            XCTAssertGreaterThanOrEqual(E2EAppTests.rows(with: E2EAppTests.key(rgb), in: capture), 3, capture)
        }
        let requests = try server.requests()
        XCTAssertEqual(requests.count, 1)
        let path = requests.first?.path ?? ""
        XCTAssertFalse(path.contains(Self.key), "the key must never be in the URL")
        let saved = try String(contentsOf: session.directory.appendingPathComponent("h.jsonl"), encoding: .utf8)
        XCTAssertTrue(saved.contains(expected[0].hex) && saved.contains("gemini"), saved)
        XCTAssertFalse(saved.contains(Self.key), "the key must never be stored")
    }

    func testEscCancelsARequestInFlight() throws {
        let (session, server) = try start("hang")
        try session.type("neon city rain")
        try session.press("Enter")
        try session.waitFor("Generating…")
        // The spinner's clock advances while the request is in flight.
        try session.waitForScreen("the elapsed time to pass 0.3 s") { screen in
            guard let range = screen.range(of: "Generating… ") else { return false }
            let seconds = screen[range.upperBound...].prefix { $0.isNumber || $0 == "." }
            return (Double(seconds) ?? 0) >= 0.3
        }
        try session.press("Escape")
        try session.waitFor("Generation cancelled.")
        // Cancelling the task cancelled the HTTP request: the server saw the client hang up.
        _ = try eventually("the server to see the client disconnect") {
            try server.events().contains("client-disconnected") ? true : nil
        }
        XCTAssertEqual(E2EAppTests.paneHexCodes(try session.screen()), [])
        XCTAssertNil(try? session.waitForExit(timeout: 0.2), "Esc cancels; it does not quit")
    }

    func testCtrlCCancelsFirstThenQuits() throws {
        let (session, server) = try start("hang")
        defer { withExtendedLifetime(server) {} }
        try session.type("neon city rain")
        try session.press("Enter")
        try session.waitFor("Generating…")
        try session.press("C-c")
        try session.waitFor("Generation cancelled.")
        try session.press("C-c")
        XCTAssertEqual(try session.waitForExit(), 0)
        try session.assertTerminalRestored()
    }

    func testErrorIsOneSentenceAndThePreviousPaletteStays() throws {
        let steps =
            #"[{"fixture": "palette-tui/palette-forest-morning.json"}, {"fixture": "googleai/unary-failure-api-key.json"}]"#
        let (session, server) = try start(steps)
        defer { withExtendedLifetime(server) {} }
        let expected = try fixturePalette()
        try session.type("autumn leaves")
        try session.press("Enter")
        try session.waitForScreen("the first palette") { E2EAppTests.paneHexCodes($0) == expected }
        try session.press("C-u")
        try session.type("winter sea")
        try session.press("Enter")
        let screen = try session.waitForScreen("an error in the status line") { screen in
            screen.components(separatedBy: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
                .lowercased().contains("key") == true
        }
        XCTAssertFalse(screen.contains(Self.key))
        XCTAssertEqual(E2EAppTests.paneHexCodes(screen), expected, "the previous palette stays after an error")
    }
}
