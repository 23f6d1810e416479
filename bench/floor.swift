// The Swift floor for `make bench`: a program that links Foundation (not FoundationNetworking)
// and draws one comparable frame with plain escape sequences.
//
// Built at bench time with `swiftc -O -static-stdlib bench/floor.swift`. Its start-up to the
// marker (argv[1]) is the floor palette-tui's first frame is compared with: the cost of the Swift
// runtime and Foundation being loaded, with no ncurses and no app. It then echoes a key
// counter until Ctrl-C, so it can stand beside the app in the per-key and idle measurements.
// With `--once` it prints one line and exits (no terminal), for hyperfine.
//
// Built with `-D LEAN` and palette-tui's link (`-L tools/link`), it is the same program linked as
// palette-tui is: FoundationEssentials instead of Foundation, GCC's C++ runtime inside. That
// build is a second, like-for-like row beside the app's first frame (docs/benchmarks.md).
#if LEAN
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

let marker = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "floor-ready"

/// A Foundation value used on the way to the frame, as the app's are.
let endpoint = URL(string: "http://127.0.0.1/v1beta/models")!

/// `--once`: print one line and exit, the floor for a one-shot command's whole-process time.
if marker == "--once" {
    print("floor \(endpoint.host ?? "")")
    exit(0)
}

var size = winsize()
if ioctl(1, UInt(TIOCGWINSZ), &size) != 0 || size.ws_row == 0 {
    size.ws_row = 24
    size.ws_col = 80
}
let rows = Int(size.ws_row)
let cols = Int(size.ws_col)

var saved = termios()
tcgetattr(0, &saved)
var raw = saved
cfmakeraw(&raw)
tcsetattr(0, TCSANOW, &raw)

func write(_ text: String) {
    #if LEAN
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 { break }
            done += n
        }
    #else
        FileHandle.standardOutput.write(Data(text.utf8))
    #endif
}

func at(_ row: Int, _ col: Int) -> String { "\u{1B}[\(row + 1);\(col + 1)H" }

var frame = "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
frame += at(0, 0) + "\u{1B}[1mpalette-floor  \(endpoint.host ?? "offline")\u{1B}[0m"
frame += at(2, 0) + "Description: " + at(4, 0) + "[ Generate ]"
let fills = [24, 125, 208]
let roles = ["Primary", "Secondary", "Accent"]
let hexes = ["#2E86AB", "#A23B72", "#F18F01"]
let paneWidth = cols / 3
for pane in 0..<3 {
    frame += "\u{1B}[38;5;15;48;5;\(fills[pane])m"
    for row in 6..<(rows - 2) {
        frame += at(row, pane * paneWidth) + String(repeating: " ", count: paneWidth - 1)
    }
    frame += at(7, pane * paneWidth + 1) + roles[pane] + at(8, pane * paneWidth + 1) + hexes[pane]
    frame += "\u{1B}[0m"
}
frame += at(rows - 1, 0) + "\u{1B}[7m" + "Enter generate  Tab focus  ? help  " + marker + "\u{1B}[0m"
frame += at(2, 13)
write(frame)

var keys = 0
var byte: UInt8 = 0
while read(0, &byte, 1) == 1, byte != 3 {
    keys += 1
    write("\u{1B}7" + at(3, 0) + "keys \(keys)" + "\u{1B}8")
}
write("\u{1B}[?1049l")
tcsetattr(0, TCSANOW, &saved)
