import Foundation
import PaletteCore
import TestSupport
import XCTest

/// Locks and the companion in the real binary, in a real terminal (tmux): `m` keeps a locked
/// colour and says so, `m m` gives back the palette exactly, and refining only a locked colour
/// says it is locked instead of "Refined".
final class E2ESteeringTests: XCTestCase {
    private func panes(_ session: TmuxSession, _ what: String, where predicate: @escaping ([RGB]) -> Bool) throws
        -> [RGB]
    {
        let screen = try session.waitForScreen(what) { screen in
            let codes = E2EAppTests.paneHexCodes(screen)
            return codes.count == 3 && predicate(codes)
        }
        return E2EAppTests.paneHexCodes(screen)
    }

    func testTheCompanionKeepsALockAndComesBackExactly() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"], width: 100, height: 30)
        try session.waitForStart()
        try session.type("a calm lake at dawn")
        try session.press("Enter")
        let original = try panes(session, "the first palette") { _ in true }
        try session.press("Tab", "Tab", "Space")
        try session.waitFor("Primary \(original[0].hex) locked")
        try session.type("m")
        let companion = try panes(session, "the companion") { $0 != original }
        XCTAssertEqual(companion[0], original[0], "the locked primary is kept")
        XCTAssertNotEqual(companion[1], original[1])
        try session.waitFor("Locked Primary kept as it is.")
        // m again: the palette it came from, exactly.
        try session.type("m")
        _ = try panes(session, "back to the first palette") { $0 == original }
        try session.type("m")
        _ = try panes(session, "the same companion") { $0 == companion }
    }

    func testRefiningOnlyALockedColourSaysItIsLocked() throws {
        let session = try TmuxSession(["--provider", "offline", "--no-history"], width: 100, height: 30)
        try session.waitForStart()
        try session.type("a calm lake at dawn")
        try session.press("Enter")
        let original = try panes(session, "the first palette") { _ in true }
        try session.press("Tab", "Tab", "Right", "Right", "Space")
        try session.waitFor("Accent \(original[2].hex) locked")
        try session.type("R")
        try session.waitFor("Refine")
        try session.type("cooler accent")
        try session.press("Enter")
        let screen = try session.waitFor("names only locked colours (Accent)")
        XCTAssertFalse(screen.contains("Refined"), screen)
        XCTAssertEqual(E2EAppTests.paneHexCodes(try session.screen()), original)
    }
}
