import Foundation
import PaletteCore

/// libFuzzer entry point for the history line reader, built by `make fuzz` together with
/// PaletteHistory's sources (so it reaches the internal `HistoryLineDecoder`), on PaletteCore.
///
/// The input is a history file. Every line, split as the loader splits them, must be
/// answered (a record, or a reason) without a crash, a hang or a sanitizer report; the
/// decoder's answer must not depend on the lines before it (it keeps interned strings);
/// a record must be what `JSONDecoder` reads from the same line (the fast path may only
/// agree with the slow one), re-encode to a line that decodes to the same record, and a
/// finding's names must be short and free of control characters (they are printed). Then the input
/// goes through a real file: `load()` twice gives the same answer, and when it loads,
/// `compact()` keeps exactly the entries and warnings `load()` showed, at a fixed point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHistoryReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    var carried = HistoryLineDecoder()
    var start = 0
    while start <= size {
        let end = bytes[start...].firstIndex(of: 0x0A) ?? size
        checkLine(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), &carried)
        start = end + 1
    }
    checkFile(bytes)
    return 0
}

private func checkLine(_ line: UnsafeRawBufferPointer, _ carried: inout HistoryLineDecoder) {
    var fresh = HistoryLineDecoder()
    let result = carried.decode(line)
    require(fresh.decode(line) == result, "the answer depends on earlier lines: \(result)")
    switch result {
    case .success(let record):
        let slow = HistoryLineDecoder.slowDecode(line)
        require(slow == .success(record), "fast path \(record) but JSONDecoder \(slow)")
        let again = HistoryLineEncoder.encode(record)
        var reader = HistoryLineDecoder()
        let back = again.dropLast().withUnsafeBytes { reader.decode($0) }
        require(back == .success(record), "\(record) re-encoded read back as \(back)")
        require(again.filter { $0 == 0x0A }.count == 1, "one record, one line")
    case .failure(let error):
        // The finding is typed; the names it carries from the file are short and printable.
        let names: [String]
        switch error.finding {
        case .missingField(let n), .nullField(let n), .wrongType(let n), .notATime(let n), .unreadable(let n),
            .unknownChange(let n), .notAColour(let n, _):
            names = [n]
        case .notJSON, .notAnObject, .emptyID, .favoriteWithoutValue, .notARecord:
            names = []
        }
        for name in names {
            require(name.unicodeScalars.count <= 40, "a long name: \(name.debugDescription)")
            require(
                !name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "a control character in the finding: \(name.debugDescription)")
        }
    }
}

/// A private folder on a memory file system when there is one (compaction fsyncs).
private let scratch: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    var template = Array("\(base)/history-fuzz-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        fatalError("mkdtemp failed")
    }
    let path = String(cString: made)
    atexit { try? FileManager.default.removeItem(atPath: fuzzScratchPath) }
    fuzzScratchPath = path
    return path
}()

nonisolated(unsafe) private var fuzzScratchPath = ""

private func checkFile(_ bytes: UnsafeRawBufferPointer) {
    let path = scratch + "/h.jsonl"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    require(fd >= 0, "cannot write \(path)")
    var done = 0
    while done < bytes.count {
        let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
        require(n > 0, "short write")
        done += n
    }
    close(fd)
    let store = HistoryStore(url: URL(fileURLWithPath: path))
    let first: (entries: [HistoryEntry], warnings: [HistoryWarning])
    do {
        first = try store.load()
    } catch let failure as HistoryFailure {
        require(failure.kind == .foreign, "a readable file refused as \(failure)")
        let refused = Result { try store.compact() }
        require((try? refused.get()) == nil, "compacted a file load() refused")
        return
    } catch {
        requireFailed("load threw \(error)")
    }
    let second = try? store.load()
    require(second?.entries == first.entries && second?.warnings == first.warnings, "load is not repeatable")
    let newest = try? store.loadNewest(3)
    if let newest {
        require(newest.entries == Array(first.entries.suffix(3)), "loadNewest disagrees with load")
    }
    do {
        _ = try store.compact()
        let after = try store.load()
        require(after.entries == first.entries, "compaction changed the entries")
        require(after.warnings.count == first.warnings.count, "compaction changed the bad lines")
        let once = contents(path)
        let removedAgain = try store.compact()
        require(removedAgain == 0, "a second compaction removed more")
        require(contents(path) == once, "compaction is not a fixed point")
    } catch {
        requireFailed("compaction of a loadable file failed: \(error)")
    }
}

/// The bytes of a file, read with `read(2)` (Foundation's file reading looks leaky to LeakSanitizer).
private func contents(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    require(fd >= 0, "cannot read \(path)")
    defer { close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        require(n >= 0, "read failed")
        if n == 0 { return out }
        out += chunk[..<n]
    }
}

/// Like `precondition`, but the message is printed in optimised builds too: it says what the
/// finding is, beside the input libFuzzer saves.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { requireFailed(message()) }
}

private func requireFailed(_ message: String) -> Never {
    let line = Array("fuzz check failed: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
