import Foundation
import PaletteCore
import PaletteHistory
import TestSupport
import XCTest

@testable import palette_tui

/// `generate`'s history glue: `--history`, `--no-history` and the environment choose the store,
/// and a history that cannot be written costs a one-line warning, not the palette.
final class RecordGeneratedTests: XCTestCase {
    private func write(_ path: String, _ text: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    func testRecordGenerated() throws {
        let dir = try TemporaryDirectory()
        let result = GeneratedPalette(
            palette: Palette(
                primary: RGB(packed: 0x112233), secondary: RGB(packed: 0x445566),
                accent: RGB(packed: 0x778899)),
            provider: "gemini", model: "gemini-2.5-flash")
        let start = Date()
        let saved = try Arguments(
            ["--history", dir.file("h.jsonl")], valued: historyValuedOptions,
            boolean: historyBooleanOptions)
        XCTAssertNil(recordGenerated(result, description: "harbour", arguments: saved, environment: [:]))
        XCTAssertNil(recordGenerated(result, description: "harbour", arguments: saved, environment: [:]))
        let entries = try HistoryStore(url: URL(fileURLWithPath: dir.file("h.jsonl"))).load().entries
        XCTAssertEqual(entries.count, 2)
        XCTAssertNotEqual(entries[0].id, entries[1].id)
        XCTAssertEqual(entries[0].palette, result.palette)
        XCTAssertEqual(entries[0].provider, "gemini")
        XCTAssertEqual(entries[0].model, "gemini-2.5-flash")
        XCTAssertEqual(entries[0].description, "harbour")
        XCTAssertLessThan(abs(entries[0].created.timeIntervalSince(start)), 60)

        let skipped = try Arguments(["--no-history"], valued: historyValuedOptions, boolean: historyBooleanOptions)
        XCTAssertNil(
            recordGenerated(
                result, description: "x", arguments: skipped,
                environment: ["XDG_STATE_HOME": dir.file("state")]))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("state")))

        write(dir.file("plain"), "x")
        let broken = try Arguments(
            ["--history", dir.file("plain/h.jsonl")], valued: historyValuedOptions,
            boolean: historyBooleanOptions)
        let warning = try XCTUnwrap(recordGenerated(result, description: "x", arguments: broken, environment: [:]))
        XCTAssertTrue(warning.hasPrefix("palette not saved to history: "), warning)
        XCTAssertFalse(warning.contains("\n"))
        let none = try Arguments([], valued: historyValuedOptions, boolean: historyBooleanOptions)
        let homeless = try XCTUnwrap(recordGenerated(result, description: "x", arguments: none, environment: [:]))
        XCTAssertTrue(homeless.contains("HOME is not set"), homeless)
    }
}
