// What tools/xterm256-table and tools/color-names-table share, compiled with each of them inside
// PaletteCore's module (`make xterm256-table`, `make color-names-table`): every colour split over
// every core, the answers file (a reference answer for each of the 16,777,216 colours), the
// check of every colour against it, and the rows of a Swift literal table.
import Foundation

let colours = 1 << 24

/// Runs `body` over 0..<colours in 256 pieces on every core.
func parallel(_ body: @Sendable (Range<Int>) -> Void) {
    DispatchQueue.concurrentPerform(iterations: 256) { k in
        body(k * (colours / 256)..<(k + 1) * (colours / 256))
    }
}

/// Writes `path`, `bytesPerColour` bytes for each colour, as `fill` stores them for a range of
/// colours (every core at once, each on its own range).
func writeAnswers(
    _ path: String, bytesPerColour: Int, _ fill: @Sendable (UnsafeMutableRawPointer, Range<Int>) -> Void
) {
    let out = UnsafeMutableRawBufferPointer.allocate(byteCount: colours * bytesPerColour, alignment: 8)
    nonisolated(unsafe) let base = out.baseAddress!
    parallel { range in fill(base, range) }
    guard FileManager.default.createFile(atPath: path, contents: Data(out)) else { fatalError("cannot write \(path)") }
}

/// The answers file at `path`, once it is `bytesPerColour` bytes for each colour.
func loadAnswers(_ path: String, bytesPerColour: Int) -> Data {
    guard let data = FileManager.default.contents(atPath: path), data.count == colours * bytesPerColour else {
        fatalError("\(path): not an answers file (\(colours * bytesPerColour) bytes)")
    }
    return data
}

/// How many colours `wrong` finds wrong against the answers in `data`, every colour checked on
/// every core; `wrong(raw, c)` is nil for a right answer, else the line that says why (the
/// first three of each of the 256 ranges are printed).
func countWrong(_ data: Data, _ wrong: @Sendable (UnsafeRawBufferPointer, Int) -> String?) -> Int {
    nonisolated(unsafe) var counts = [Int](repeating: 0, count: 256)
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Void in
        nonisolated(unsafe) let raw = raw
        DispatchQueue.concurrentPerform(iterations: 256) { k in
            var bad = 0
            for c in k * (colours / 256)..<(k + 1) * (colours / 256) {
                guard let line = wrong(raw, c) else { continue }
                bad += 1
                if bad <= 3 { print(line) }
            }
            counts[k] = bad
        }
    }
    return counts.reduce(0, +)
}

/// `values` as the rows of a Swift array literal: 24 to a row, each row indented 8 spaces and
/// each value followed by a comma.
func rows<T: BinaryInteger>(_ values: [T]) -> String {
    stride(from: 0, to: values.count, by: 24).map { start in
        "        " + values[start..<min(start + 24, values.count)].map { "\($0)," }.joined(separator: " ")
    }.joined(separator: "\n")
}
