import Foundation
import PaletteCore
import PaletteHistory
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The history on a disk that fills up mid-append (a small tmpfs mounted for the test), and the
/// file's mode across a compaction.
final class FullDiskHistoryTests: XCTestCase {
    private func entry(_ n: Int, _ description: String) -> HistoryEntry {
        HistoryEntry(
            id: "id-\(n)", created: Date(timeIntervalSince1970: 1_764_400_000 + Double(n)), description: description,
            palette: Palette(
                primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01)),
            provider: "offline", model: "offline-1", favorite: false)
    }

    func testAnAppendThatFillsTheDiskLeavesNoTornLine() throws {
        guard geteuid() == 0 else { throw XCTSkip("mounting a tmpfs needs root; the full-disk case is not run") }
        let scratch = try TemporaryDirectory(prefix: "pt-full")
        let mountPoint = scratch.file("disk")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let mounted = try Spawn.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint])
        guard mounted.status == 0 else {
            throw XCTSkip("cannot mount a tmpfs here (no CAP_SYS_ADMIN?): \(mounted.stderr)")
        }
        defer { _ = try? Spawn.run(["umount", mountPoint]) }
        let path = mountPoint + "/history.jsonl"
        let store = HistoryStore(url: URL(fileURLWithPath: path))
        try store.append(entry(1, "a calm forest morning"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // Fill every free page: the file's last page keeps its few free bytes, so the next line
        // is written in part before the disk says it is full.
        let filler = open(mountPoint + "/filler", O_WRONLY | O_CREAT, 0o600)
        XCTAssertGreaterThanOrEqual(filler, 0)
        let page = [UInt8](repeating: 0x66, count: 4096)
        while page.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        XCTAssertEqual(errno, ENOSPC)
        close(filler)
        XCTAssertNotEqual(before.count % 4096, 0, "the history must end inside a page")
        XCTAssertThrowsError(try store.append(entry(2, String(repeating: "long description ", count: 400)))) { error in
            XCTAssertTrue("\(error)".contains("\(ENOSPC)") || "\(error)".contains("space"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "a torn line was left")
        let loaded = try store.load()
        XCTAssertEqual(loaded.warnings, [])
        XCTAssertEqual(loaded.entries.map(\.id), ["id-1"])
    }

    func testCompactionKeepsTheFilesMode() throws {
        let scratch = try TemporaryDirectory(prefix: "pt-mode")
        let path = scratch.file("history.jsonl")
        let store = HistoryStore(url: URL(fileURLWithPath: path))
        try store.append(entry(1, "kept"))
        try store.append(entry(2, "deleted"))
        try store.delete(id: "id-2")
        XCTAssertEqual(fileMode(path), 0o600, "a new history is 0600 as documented")
        XCTAssertEqual(chmod(path, 0o644), 0)
        XCTAssertEqual(try store.compact(), 1)
        XCTAssertEqual(fileMode(path), 0o644)
        try store.append(entry(3, "after"))
        XCTAssertEqual(fileMode(path), 0o644)
    }
}
