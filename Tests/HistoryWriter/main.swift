import Foundation
import PaletteCore
import PaletteHistory

// history-writer [--history FILE] COUNT
//
// A test aid, not part of the product: appends COUNT entries to the history file that
// `--history FILE`, else the environment, names (as palette-tui does), and prints
// `saved ID` after each append has returned (written and fsynced). The durability tests
// SIGKILL it mid-stream, race two of it, and compact under it, then check every id it
// printed is in the file. On an error it prints one line and exits 1.

var arguments = Array(CommandLine.arguments.dropFirst())
var option: String?
if arguments.first == "--history", arguments.count >= 2 {
    option = arguments[1]
    arguments.removeFirst(2)
}
guard arguments.count == 1, let count = Int(arguments[0]), count > 0 else {
    FileHandle.standardError.write(Data("usage: history-writer [--history FILE] COUNT\n".utf8))
    exit(2)
}
do {
    let store = try HistoryStore(option: option, environment: ProcessInfo.processInfo.environment)
    let pid = getpid()
    for k in 0..<count {
        let entry = HistoryEntry(
            id: UUID().uuidString.lowercased(), created: Date(),
            description: "stream \(pid) #\(k) 流 \"q\"",
            palette: Palette(
                primary: RGB(packed: UInt32(k & 0xFFFFFF)), secondary: RGB(packed: 0x336699),
                accent: RGB(packed: UInt32(pid) & 0xFFFFFF)),
            provider: "offline", model: nil)
        try store.append(entry)
        let line = Array("saved \(entry.id)\n".utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
} catch {
    FileHandle.standardError.write(Data("history-writer: \(error)\n".utf8))
    exit(1)
}
