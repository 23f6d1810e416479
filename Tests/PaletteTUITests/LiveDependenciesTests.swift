import Foundation
import PaletteApp
import PaletteCore
import PaletteHistory
import TerminalUI
import TestSupport
import XCTest

@testable import PaletteProgram

/// The live dependencies against the real things: files on disk, the clipboard plan, the
/// history store, the clocks. Each answers with typed values, never a sentence.
final class LiveDependenciesTests: XCTestCase {
    func testTheFileWriterReplacesAtomicallyAndFailsTyped() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("theme.conf")
        try LiveDependencies.writeFile(path, Array("first\n".utf8))
        try LiveDependencies.writeFile(path, Array("second\n".utf8))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "second\n")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.path), ["theme.conf"], "no temporary left")
        _ = FileManager.default.createFile(atPath: dir.file("plain"), contents: Data("x".utf8))
        XCTAssertThrowsError(try LiveDependencies.writeFile(dir.file("plain/theme.conf"), [])) { error in
            XCTAssertEqual(
                error as? FileWriteFailure, FileWriteFailure(path: dir.file("plain/theme.conf"), code: ENOTDIR))
        }
        XCTAssertThrowsError(try LiveDependencies.writeFile(dir.path, [])) { error in
            XCTAssertEqual((error as? FileWriteFailure)?.code, EISDIR)
        }
    }

    func testTheClipboardSendsOSC52ThroughTheOutboxAndSaysWhichRoutesTookIt() async {
        let outbox = TerminalOutbox()
        let osc52 = LiveDependencies.clipboard(ClipboardPlan(osc52: true, program: nil), outbox: outbox)
        let copied = await osc52.copy("#2E86AB")
        XCTAssertEqual(copied, .success([.terminal]))
        XCTAssertEqual(outbox.drain(), [OSC52.sequence(for: "#2E86AB")!])
        let long = String(repeating: "x", count: 80_000)
        let refused = await osc52.copy(long)
        XCTAssertEqual(refused, .failure(.tooLongForTerminal(bytes: 80_000)))
        XCTAssertEqual(outbox.drain(), [], "nothing sent that the terminal would refuse")
        let none = LiveDependencies.clipboard(ClipboardPlan(osc52: false, program: nil), outbox: outbox)
        let noRoute = await none.copy("#2E86AB")
        XCTAssertEqual(noRoute, .failure(.noRoute))
    }

    func testTheHistoryClientsAnswerTyped() throws {
        let dir = try TemporaryDirectory()
        let store = HistoryStore(url: URL(fileURLWithPath: dir.file("h.jsonl")))
        let history = LiveDependencies.history(store)
        let entry = HistoryEntry(
            id: "e1", created: Date(timeIntervalSince1970: 1_800_000_000), description: "dune",
            palette: Palette(
                primary: RGB(packed: 0x112233), secondary: RGB(packed: 0x445566), accent: RGB(packed: 0x778899)),
            provider: "offline", model: nil)
        try history.write(.append(entry))
        try history.write(.setFavorite(id: "e1", true))
        XCTAssertEqual(try history.load().entries.map(\.favorite), [true])
        try history.write(.delete(id: "e1"))
        XCTAssertEqual(try history.loadNewest(10).entries, [])
        try history.write(.restore(id: "e1"))
        XCTAssertEqual(try history.load().entries.map(\.id), ["e1"])

        _ = FileManager.default.createFile(atPath: dir.file("plain"), contents: Data("x".utf8))
        let blocked = LiveDependencies.history(HistoryStore(url: URL(fileURLWithPath: dir.file("plain/h.jsonl"))))
        XCTAssertThrowsError(try blocked.write(.append(entry))) { error in
            XCTAssertEqual((error as? HistoryFailure)?.kind, .pathProblem)
        }
    }

    func testTheClockIsMonotonicAndIDsAreFresh() {
        let clock = LiveDependencies.clock()
        let a = clock.uptime()
        let b = clock.uptime()
        XCTAssertGreaterThanOrEqual(b, a)
        XCTAssertNotEqual(clock.makeID(), clock.makeID())
        XCTAssertLessThan(abs(clock.now().timeIntervalSinceNow), 5)
    }
}
