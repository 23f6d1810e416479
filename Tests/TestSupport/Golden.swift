import Foundation
import XCTest

/// Compares `actual` with the golden file `<directory>/<name>.txt`.
///
/// Run with `PALETTE_RECORD_GOLDEN=1` to write the files again from what the code produces now;
/// a missing file is written and fails once, so a new golden is always looked at before it
/// counts. A difference fails with the first eight differing lines, expected then actual.
public func assertGolden(
    _ actual: String, named name: String, in directory: URL,
    file: StaticString = #filePath, line: UInt = #line
) {
    let url = directory.appendingPathComponent(name + ".txt")
    let record = ProcessInfo.processInfo.environment["PALETTE_RECORD_GOLDEN"] == "1"
    if record || !FileManager.default.fileExists(atPath: url.path) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        XCTAssertNoThrow(try actual.write(to: url, atomically: true, encoding: .utf8), file: file, line: line)
        if !record { XCTFail("recorded a new golden file \(name).txt; check it and run again", file: file, line: line) }
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        XCTFail("cannot read \(url.path)", file: file, line: line)
        return
    }
    guard expected != actual else { return }
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var diff: [String] = []
    for i in 0..<max(e.count, a.count) where (i < e.count ? e[i] : "") != (i < a.count ? a[i] : "") {
        diff.append("- \(i < e.count ? e[i] : "")\n+ \(i < a.count ? a[i] : "")")
        if diff.count >= 8 { break }
    }
    XCTFail(
        "\(name) differs from its golden file (PALETTE_RECORD_GOLDEN=1 re-records):\n"
            + diff.joined(separator: "\n"), file: file, line: line)
}
