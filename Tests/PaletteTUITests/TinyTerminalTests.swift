import Foundation
import TestSupport
import XCTest

/// The app in the smallest terminals, down to one cell, read from the raw bytes it writes.
final class TinyTerminalTests: XCTestCase {
    /// The characters a run of terminal output prints: every escape sequence removed (CSI,
    /// OSC and DCS strings, two-byte escapes, charset selections), control characters dropped.
    static func printed(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B, i + 1 < bytes.count {
                let next = bytes[i + 1]
                if next == 0x5B {  // CSI: parameters and intermediates, then a final byte 0x40...0x7E
                    i += 2
                    while i < bytes.count, !(0x40...0x7E).contains(bytes[i]) { i += 1 }
                    i += 1
                } else if next == 0x5D || next == 0x50 || next == 0x5F {  // OSC, DCS, APC: to BEL or ST
                    i += 2
                    while i < bytes.count, bytes[i] != 0x07, !(bytes[i] == 0x1B && i + 1 < bytes.count) { i += 1 }
                    i += bytes.indices.contains(i) && bytes[i] == 0x07 ? 1 : 2
                } else if next == 0x28 || next == 0x29 {  // ESC ( B: a charset
                    i += 3
                } else {
                    i += 2
                }
                continue
            }
            if b >= 0x20 && b != 0x7F { out.append(b) }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `bytes` cut into frames: a new frame starts at each erase of the display (`ESC [ J`,
    /// `ESC [ 0 J`, `ESC [ 2 J`), which every painter sends when the size changes.
    static func frames(_ bytes: [UInt8]) -> [[UInt8]] {
        let erases: [[UInt8]] = [[0x1B, 0x5B, 0x4A], [0x1B, 0x5B, 0x30, 0x4A], [0x1B, 0x5B, 0x32, 0x4A]]
        var frames: [[UInt8]] = [[]]
        for i in bytes.indices {
            if erases.contains(where: { bytes[i...].starts(with: $0) }) { frames.append([]) }
            frames[frames.count - 1].append(bytes[i])
        }
        return frames.filter { !$0.isEmpty }
    }

    /// Issue 12, point 8: at exactly 1x1 the app wrote two stray characters (U+10000 U+0101)
    /// after ncurses' lower-right insert. At 1x1, 2x1, 1x2 and 3x2 the bytes the app writes may
    /// print only what its one-line notice shows cut to the width ("…" or the notice's first
    /// letters), never more characters than the screen has cells in one frame, and the app
    /// comes back whole at a normal size and quits with the terminal restored.
    func testIssue12Point8AtOneByOneNothingStrayIsWritten() throws {
        let session = try TmuxSession(["--provider", "offline"], width: 80, height: 24)
        try session.waitForStart()
        _ = try session.waitFor("Generate")
        let raw = session.directory.appendingPathComponent("raw.bytes").path
        try session.tmux(["pipe-pane", "-o", "-t", session.target, "cat >> '\(raw)'"])
        // Each size's bytes run from where the last size's ended to the erase that starts the
        // next size's frame: the loop draws nothing of one size once it has handled the next
        // resize, and once that erase has reached the pipe's file every earlier byte has (tmux
        // copies the pane's output in order). No clock decides where a size's bytes end.
        let sizes = [(1, 1), (2, 1), (1, 2), (3, 2), (1, 1)]
        func resize(_ size: (Int, Int)) throws {
            try session.tmux(["resize-window", "-t", session.target, "-x", "\(size.0)", "-y", "\(size.1)"])
        }
        let eraseForms: [[UInt8]] = [[0x1B, 0x5B, 0x4A], [0x1B, 0x5B, 0x30, 0x4A], [0x1B, 0x5B, 0x32, 0x4A]]
        func erases(in bytes: [UInt8], from start: Int) -> [Int] {
            (start..<bytes.count).filter { i in eraseForms.contains { bytes[i...].starts(with: $0) } }
        }
        var start = 0
        try resize(sizes[0])
        for (n, (width, height)) in sizes.enumerated() {
            // The notice cut to the width is on the screen (c4608d3 left the one cell of 1x1 blank:
            // ncurses' lower-right insert pushed its "…" out and wrote a blank in its place).
            let shown =
                (try? session.waitForScreen("a frame at \(width)x\(height)") { screen in
                    !screen.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                }) ?? ""
            XCTAssertFalse(shown.isEmpty, "\(width)x\(height): the too-small notice is not on the screen")
            try resize(n + 1 < sizes.count ? sizes[n + 1] : (80, 24))
            let (bytes, end) = try eventually("\(width)x\(height): the next size's erase in \(raw)") {
                () -> ([UInt8], Int)? in
                let all = [UInt8](FileManager.default.contents(atPath: raw) ?? Data())
                // This size's own first erase, then the next one after it.
                let found = erases(in: all, from: start)
                guard found.count >= 2 else { return nil }
                return (Array(all[start..<found[1]]), found[1])
            }
            start = end
            let printed = Self.printed(bytes)
            for frame in Self.frames(bytes) {
                let characters = Self.printed(frame).unicodeScalars.map { String($0.value, radix: 16) }
                XCTAssertLessThanOrEqual(
                    characters.count, width * height,
                    "\(width)x\(height): a frame prints more characters than the screen has cells: \(characters)")
            }
            // The too-small notice (English: the session has no locale language), cut to the width.
            let allowed = Set("Terminal too small: \(width)x\(height)" + "Needs at least 40x12." + "… ")
            XCTAssertTrue(
                printed.allSatisfy { allowed.contains($0) },
                "\(width)x\(height): stray characters written: \(printed.unicodeScalars.map { String($0.value, radix: 16) })"
            )
            for line in shown.split(separator: "\n", omittingEmptySubsequences: false).prefix(height) {
                XCTAssertLessThanOrEqual(line.count, width, "\(width)x\(height): a line wider than the screen: \(line)")
            }
            XCTAssertFalse(
                printed.unicodeScalars.contains { $0.value == 0x10000 || $0.value == 0x0101 },
                "\(width)x\(height): the stray characters of the old lower-right insert")
        }
        _ = try session.waitFor("Generate", "History")
        try session.press("C-c")
        XCTAssertEqual(try session.waitForExit(), 0)
        try session.assertTerminalRestored()
    }
}
