// The Swift floor with ncurses for `make bench`: bench/floor.swift's program, but its terminal is
// opened as palette-tui opens one (ncurses' `newterm` on the locale's UTF-8, raw mode, keypad
// mode, one `wrefresh` for the alternate screen) before the same frame is written.
//
// Built at bench time with `swiftc -O -static-stdlib -I Sources/CNcurses bench/floor_ncurses.swift`.
// Its first frame over the Swift floor's is the share of palette-tui's first frame that comes
// from the terminal library it is built on rather than from the app.
import CNcurses
import Foundation

let marker = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "floor-ready"
let endpoint = URL(string: "http://127.0.0.1/v1beta/models")!

_ = pt_setlocale_utf8()
guard let screen = pt_newterm(nil) else {
    FileHandle.standardError.write(Data("floor-ncurses: newterm failed\n".utf8))
    exit(1)
}
raw()
noecho()
nonl()
keypad(pt_stdscr(), true)
wrefresh(pt_stdscr())
let rows = Int(getmaxy(pt_stdscr()))
let cols = Int(getmaxx(pt_stdscr()))

func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

func at(_ row: Int, _ col: Int) -> String { "\u{1B}[\(row + 1);\(col + 1)H" }

var frame = "\u{1B}[H\u{1B}[2J"
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

var byte: UInt8 = 0
while read(0, &byte, 1) == 1, byte != 3 {}
endwin()
delscreen(screen)
