import Foundation
import PaletteApp
import PaletteCommands
import PaletteCore
import PaletteHistory
import PaletteText
import TestSupport
import XCTest

@testable import PaletteProgram

/// `generate`'s history glue, through the live dependencies: `--history`, `--no-history` and
/// the environment choose the store, and a history that cannot be written costs one typed
/// failure (worded as one warning line), not the palette.
final class RecordGeneratedTests: XCTestCase {
    private func write(_ path: String, _ text: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    private func live(_ args: [String], _ environment: [String: String] = [:]) throws -> Dependencies {
        let arguments = try Arguments(args + ["--provider", "offline"], command: Commands.generate)
        return try LiveDependencies(arguments: arguments, processEnvironment: environment, warmUp: false).dependencies
    }

    func testRecordGenerated() throws {
        let dir = try TemporaryDirectory()
        let result = GeneratedPalette(
            palette: Palette(
                primary: RGB(packed: 0x112233), secondary: RGB(packed: 0x445566), accent: RGB(packed: 0x778899)),
            provider: "gemini", model: "gemini-2.5-flash")
        let start = Date()
        let saved = try live(["--history", dir.file("h.jsonl")])
        XCTAssertNil(recordGenerated(result, description: "harbour", history: saved.history, clock: saved.clock))
        XCTAssertNil(recordGenerated(result, description: "harbour", history: saved.history, clock: saved.clock))
        let entries = try HistoryStore(url: URL(fileURLWithPath: dir.file("h.jsonl"))).load().entries
        XCTAssertEqual(entries.count, 2)
        XCTAssertNotEqual(entries[0].id, entries[1].id)
        XCTAssertEqual(entries[0].palette, result.palette)
        XCTAssertEqual(entries[0].provider, "gemini")
        XCTAssertEqual(entries[0].model, "gemini-2.5-flash")
        XCTAssertEqual(entries[0].description, "harbour")
        XCTAssertLessThan(abs(entries[0].created.timeIntervalSince(start)), 60)

        let skipped = try live(["--no-history"], ["XDG_STATE_HOME": dir.file("state")])
        XCTAssertNil(recordGenerated(result, description: "x", history: skipped.history, clock: skipped.clock))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("state")))

        write(dir.file("plain"), "x")
        let broken = try live(["--history", dir.file("plain/h.jsonl")])
        let failure = try XCTUnwrap(
            recordGenerated(result, description: "x", history: broken.history, clock: broken.clock))
        XCTAssertEqual(
            failure, HistoryFailure(path: dir.file("plain/h.jsonl"), .notAFolder(blocker: dir.file("plain"))))
        XCTAssertEqual(
            Messages.historyNotSaved(failure).english,
            "History not saved: \(dir.file("plain")) is a file, not a folder; move it or use --history FILE.")
        let homeless = try live([])
        let none = try XCTUnwrap(
            recordGenerated(result, description: "x", history: homeless.history, clock: homeless.clock))
        XCTAssertEqual(none.kind, .noLocation)
        XCTAssertTrue(Messages.historyNotSaved(none).english.hasPrefix("History is off: "), "\(none)")
    }
}
