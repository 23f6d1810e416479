import Foundation
import PaletteCore

/// The history file: JSON Lines, append-only, safe against crashes and concurrent writers.
///
/// Every change is one whole line appended with a single `write(2)` under an exclusive
/// `flock(2)`, then `fsync(2)`: a crash loses at most the line being written, two instances
/// never interleave, and no earlier line is ever edited in place. Favourites, deletions and
/// restores are appended change records that `load()` applies in order; `compact()` folds them
/// away with an atomic rewrite (temporary file, fsync, rename). Lines that cannot be read are
/// reported with their line number and kept.
public final class HistoryStore: Sendable {
    public let url: URL

    /// How many bad lines `load()` describes one by one before summarising the rest.
    public static let warningLimit = 20

    public init(url: URL) {
        self.url = url
    }

    /// The store at the location `option` (a `--history FILE`, or nil) and `environment` say
    /// (`resolveURL(option:environment:)`).
    public convenience init(option: String?, environment: [String: String]) throws(HistoryFailure) {
        self.init(url: try HistoryStore.resolveURL(option: option, environment: environment))
    }

    // MARK: - Location

    /// Where the history lives: `--history FILE`, else `PALETTE_TUI_HISTORY`, else
    /// `$XDG_STATE_HOME/palette-tui/history.jsonl`, else `~/.local/state/palette-tui/history.jsonl`.
    ///
    /// A relative `XDG_STATE_HOME` is ignored, as the XDG base directory specification says.
    public static func resolveURL(option: String?, environment: [String: String]) throws(HistoryFailure) -> URL {
        if let option, !option.isEmpty { return URL(fileURLWithPath: option) }
        if let path = environment["PALETTE_TUI_HISTORY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("palette-tui/history.jsonl")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw HistoryFailure(path: nil, .noLocation)
        }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/palette-tui/history.jsonl")
    }

    // MARK: - Reading

    /// Reads every entry in the order it was saved (oldest first), with changes applied.
    ///
    /// Lines that cannot be read are skipped and described in `warnings` (line number and
    /// why); they stay in the file. A missing file is an empty history. Throws for a file
    /// that cannot be read or is not a history file at all.
    public func load() throws -> (entries: [HistoryEntry], warnings: [HistoryWarning]) {
        guard let fd = try openForReading() else { return ([], []) }
        defer { close(fd) }
        var state = LoadState()
        var st = stat()
        if fstat(fd, &st) == 0 { state.fileSize = Int(st.st_size) }
        try forEachLine(fd) { line, number, terminated in
            state.take(line, number: number, terminated: terminated)
        }
        if let reason = state.foreignReason() {
            throw foreign(reason)
        }
        return (state.finish(), state.warnings(limit: HistoryStore.warningLimit))
    }

    /// Reads only the end of the file: at least the newest `count` entries (oldest first),
    /// with their changes applied, and whether that was the whole file.
    ///
    /// For the first frame of a large history: the end of the file holds the newest entries
    /// and every change to them (changes are always appended after their entry), so this
    /// is exact for what it returns. Bad lines are not reported here; the full `load()`
    /// that follows reports them with their line numbers.
    public func loadNewest(_ count: Int) throws -> (entries: [HistoryEntry], complete: Bool) {
        guard let fd = try openForReading() else { return ([], true) }
        defer { close(fd) }
        var st = stat()
        fstat(fd, &st)
        let size = Int(st.st_size)
        if size > 0, let reason = try foreignHead(fd, size: size) { throw foreign(reason) }
        var window = min(size, 64 << 10)
        while true {
            var bytes = [UInt8](repeating: 0, count: window)
            var got = 0
            while got < window {
                let n = bytes.withUnsafeMutableBytes {
                    pread(fd, $0.baseAddress! + got, window - got, off_t(size - window + got))
                }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                got += n
            }
            let whole = window == size
            var state = LoadState()
            bytes.withUnsafeBytes { raw in
                var start = 0
                if !whole {
                    // The window starts mid-line: skip to the first line boundary.
                    guard let nl = raw.firstIndex(of: 0x0A) else {
                        start = raw.count
                        return
                    }
                    start = nl + 1
                }
                var number = 0
                while start < got {
                    let end = raw[start..<got].firstIndex(of: 0x0A) ?? got
                    number += 1
                    state.take(
                        UnsafeRawBufferPointer(rebasing: raw[start..<end]), number: number, terminated: end < got)
                    start = end + 1
                }
            }
            let entries = state.finish()
            if whole || entries.count >= count {
                return (Array(entries.suffix(count)), whole && entries.count <= count)
            }
            window = min(size, window * 4)
        }
    }

    /// Accumulates records line by line and applies the changes.
    private struct LoadState {
        /// The last change of one kind to one id, and how many entries preceded it.
        struct Change {
            var value: Bool
            var entriesBefore: Int
        }

        var decoder = HistoryLineDecoder()
        var entries: [HistoryEntry] = []
        /// Changes keyed by id, last one wins; applied in one pass at the end, because
        /// a dictionary of every id (100,000 hashes) would cost more than the whole parse.
        var favoriteChanges: [String: Change] = [:]
        var deleteChanges: [String: Change] = [:]
        var bad: [(line: Int, problem: HistoryLineProblem)] = []
        var badCount = 0
        var goodCount = 0
        var firstMeaningfulByte: UInt8?
        var fileSize = 0
        var bytesSeen = 0

        mutating func take(_ line: UnsafeRawBufferPointer, number: Int, terminated: Bool) {
            bytesSeen += line.count + 1
            if number == 512 {
                // Reserve once from the average line so far: no regrowth copies, no doubled peak.
                let estimate = Int(Double(fileSize) / Double(bytesSeen) * 512 * 1.02)
                if estimate > entries.count { entries.reserveCapacity(estimate) }
            }
            guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0 }) else {
                if line.contains(0) { note(number, .zeroBytes) }
                return
            }
            if firstMeaningfulByte == nil { firstMeaningfulByte = first }
            switch decoder.decode(line) {
            case .success(let record):
                goodCount += 1
                apply(record)
            case .failure(let error):
                note(number, terminated ? .notARecord(finding: error.reason) : .incompleteLastLine)
            }
        }

        mutating func note(_ line: Int, _ problem: HistoryLineProblem) {
            badCount += 1
            if bad.count < HistoryStore.warningLimit { bad.append((line, problem)) }
        }

        mutating func apply(_ record: HistoryRecord) {
            switch record {
            case .entry(let entry):
                entries.append(entry)
            case .favorite(let id, let on):
                favoriteChanges[id] = Change(value: on, entriesBefore: entries.count)
            case .delete(let id):
                deleteChanges[id] = Change(value: true, entriesBefore: entries.count)
            case .restore(let id):
                deleteChanges[id] = Change(value: false, entriesBefore: entries.count)
            }
        }

        /// Why the file does not look like a history file, if it does not.
        func foreignReason() -> HistoryFailure.ForeignEvidence? {
            if let first = firstMeaningfulByte, first != 0x7B {
                return .notJSONObject
            }
            if goodCount == 0 && badCount > 1 {
                return .noRecords(lines: badCount)
            }
            return nil
        }

        /// Applies the changes in place. Ids are first screened by their first eight bytes,
        /// which costs far less than hashing every id as a `String`.
        mutating func finish() -> [HistoryEntry] {
            if favoriteChanges.isEmpty && deleteChanges.isEmpty { return entries }
            var screen = Set<UInt64>()
            for id in favoriteChanges.keys { screen.insert(LoadState.prefix(id)) }
            for id in deleteChanges.keys { screen.insert(LoadState.prefix(id)) }
            var kept = 0
            for i in entries.indices {
                var drop = false
                if screen.contains(LoadState.prefix(entries[i].id)) {
                    let id = entries[i].id
                    if let change = favoriteChanges[id], i < change.entriesBefore { entries[i].favorite = change.value }
                    if let change = deleteChanges[id], i < change.entriesBefore { drop = change.value }
                }
                if !drop {
                    if kept != i { entries.swapAt(kept, i) }
                    kept += 1
                }
            }
            entries.removeLast(entries.count - kept)
            return entries
        }

        /// The first eight UTF-8 bytes of an id (fewer for short ids), packed.
        static func prefix(_ id: String) -> UInt64 {
            if let packed = id.utf8.withContiguousStorageIfAvailable({ bytes -> UInt64 in
                var v: UInt64 = UInt64(bytes.count)
                for k in 0..<min(8, bytes.count) { v = v &* 257 &+ UInt64(bytes[k]) }
                return v
            }) {
                return packed
            }
            var v = UInt64(id.utf8.count)
            for byte in id.utf8.prefix(8) { v = v &* 257 &+ UInt64(byte) }
            return v
        }

        func warnings(limit: Int) -> [HistoryWarning] {
            var out = bad.map { HistoryWarning.skippedLine(number: $0.line, $0.problem) }
            if badCount > bad.count {
                out.append(.moreSkipped(count: badCount - bad.count))
            }
            return out
        }
    }

    // MARK: - Writing

    /// Appends one entry, durably: one whole line, one write, fsync, under an exclusive lock.
    public func append(_ entry: HistoryEntry) throws {
        try appendRecord(.entry(entry))
    }

    /// Marks or unmarks a favourite (an appended change record).
    public func setFavorite(id: String, _ favorite: Bool) throws {
        try appendRecord(.favorite(id: id, favorite))
    }

    /// Hides an entry (an appended change record; `restore` undoes it until `compact()`).
    public func delete(id: String) throws {
        try appendRecord(.delete(id: id))
    }

    /// Brings back a deleted entry.
    public func restore(id: String) throws {
        try appendRecord(.restore(id: id))
    }

    /// Appends one record as one line.
    func appendRecord(_ record: HistoryRecord) throws {
        var line = HistoryLineEncoder.encode(record)
        let (fd, created) = try openForWriting()
        defer { close(fd) }
        try requireRegularFile(fd)
        var st = stat()
        fstat(fd, &st)
        if st.st_size > 0 {
            if let reason = try foreignHead(fd, size: Int(st.st_size)) { throw foreign(reason) }
            // A torn last line (a crash mid-write) must not swallow this one.
            var last: UInt8 = 0
            if pread(fd, &last, 1, off_t(st.st_size - 1)) == 1, last != 0x0A { line.insert(0x0A, at: 0) }
        }
        try writeAll(fd, line)
        guard fsync(fd) == 0 else { throw writeError(errno) }
        if created { syncDirectory() }
    }

    /// Rewrites the file with the changes folded in: deleted entries and change records go,
    /// unreadable lines are kept verbatim. Atomic: temporary file, fsync, rename, directory fsync.
    ///
    /// Returns how many entries were removed.
    @discardableResult
    public func compact() throws -> Int {
        let target = url.resolvingSymlinksInPath()
        let (fd, _) = try openForWriting()
        defer { close(fd) }
        try requireRegularFile(fd)
        var st = stat()
        fstat(fd, &st)
        if st.st_size > 0, let reason = try foreignHead(fd, size: Int(st.st_size)) { throw foreign(reason) }
        var decoder = HistoryLineDecoder()
        var order: [Piece] = []
        var positions: [String: Int] = [:]
        var removed = 0
        try forEachLine(fd) { line, _, _ in
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            switch decoder.decode(line) {
            case .success(.entry(let entry)):
                positions[entry.id] = order.count
                order.append(.entry(entry, deleted: false))
            case .success(.favorite(let id, let on)):
                if let i = positions[id], case .entry(var e, let d) = order[i] {
                    e.favorite = on
                    order[i] = .entry(e, deleted: d)
                }
            case .success(.delete(let id)):
                if let i = positions[id], case .entry(let e, _) = order[i] { order[i] = .entry(e, deleted: true) }
            case .success(.restore(let id)):
                if let i = positions[id], case .entry(let e, _) = order[i] { order[i] = .entry(e, deleted: false) }
            case .failure:
                order.append(.verbatim(Array(line)))
            }
        }
        var out: [UInt8] = []
        for piece in order {
            switch piece {
            case .entry(let e, let deleted):
                if deleted { removed += 1 } else { out += HistoryLineEncoder.encode(.entry(e)) }
            case .verbatim(let bytes):
                out += bytes
                out.append(0x0A)
            }
        }
        let dir = target.deletingLastPathComponent().path
        let tmp = dir + "/.\(target.lastPathComponent).tmp-\(getpid())"
        let tfd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard tfd >= 0 else { throw writeError(errno) }
        do {
            defer { close(tfd) }
            try writeAll(tfd, out)
            guard fsync(tfd) == 0 else { throw writeError(errno) }
        } catch {
            unlink(tmp)
            throw error
        }
        guard rename(tmp, target.path) == 0 else {
            let code = errno
            unlink(tmp)
            throw writeError(code)
        }
        syncDirectory()
        return removed
    }

    private enum Piece {
        case entry(HistoryEntry, deleted: Bool)
        case verbatim([UInt8])
    }

    // MARK: - File plumbing

    /// Opens the file for reading under a shared lock; nil when it does not exist.
    private func openForReading() throws -> Int32? {
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw failure(.read, code)
        }
        do {
            try requireRegularFile(fd)
        } catch {
            close(fd)
            throw error
        }
        while flock(fd, LOCK_SH) != 0 && errno == EINTR {}
        return fd
    }

    /// Opens (creating 0600, in a 0700 directory, if needed) and locks the file for appending.
    ///
    /// After the lock is held the path is checked to still name the same file: a concurrent
    /// `compact()` may have renamed a new file into place while this one waited.
    private func openForWriting() throws -> (fd: Int32, created: Bool) {
        let path = url.path
        try makeDirectory(url.deletingLastPathComponent().path)
        while true {
            var created = false
            var fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC)
            if fd < 0 && errno == ENOENT {
                fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                created = fd >= 0
                if fd < 0 && errno == EEXIST { continue }
            }
            guard fd >= 0 else { throw writeError(errno) }
            while flock(fd, LOCK_EX) != 0 {
                if errno != EINTR {
                    let code = errno
                    close(fd)
                    throw writeError(code)
                }
            }
            var held = stat()
            var named = stat()
            fstat(fd, &held)
            if stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                return (fd, created)
            }
            close(fd)
        }
    }

    /// Creates the directory and any missing parents with mode 0700; existing ones are left as they are.
    private func makeDirectory(_ path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 { return }
        let parent = (path as NSString).deletingLastPathComponent
        if parent != path, !parent.isEmpty { try makeDirectory(parent) }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            let code = errno
            throw failure(.createFolder, code, path: path)
        }
    }

    private func requireRegularFile(_ fd: Int32) throws {
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw failure(.read, errno)
        }
        if st.st_mode & S_IFMT != S_IFREG {
            throw foreign(.notARegularFile)
        }
    }

    /// Reads the file from its start and calls `body` for every line (without its newline),
    /// with its 1-based number and whether a newline ended it.
    ///
    /// Reads in 1 MiB chunks so that peak memory does not grow with the file.
    private func forEachLine(
        _ fd: Int32,
        _ body: (UnsafeRawBufferPointer, Int, Bool) throws -> Void
    ) throws {
        var capacity = 1 << 20
        var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var filled = 0
        var offset: off_t = 0
        var number = 0
        while true {
            if filled == capacity {
                let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
                bigger.copyMemory(from: buffer, byteCount: filled)
                buffer.deallocate()
                buffer = bigger
                capacity *= 2
            }
            let got = pread(fd, buffer + filled, capacity - filled, offset)
            if got < 0 {
                if errno == EINTR { continue }
                let code = errno
                throw failure(.read, code)
            }
            offset += off_t(got)
            let end = filled + got
            var start = 0
            var scan = filled
            while scan < end,
                let hit = memchr(buffer + scan, 0x0A, end - scan)
            {
                let nl = hit - buffer
                number += 1
                try body(UnsafeRawBufferPointer(start: buffer + start, count: nl - start), number, true)
                start = nl + 1
                scan = start
            }
            if got == 0 {
                if start < end {
                    number += 1
                    try body(UnsafeRawBufferPointer(start: buffer + start, count: end - start), number, false)
                }
                return
            }
            if start > 0 {
                (buffer).copyMemory(from: buffer + start, byteCount: end - start)
            }
            filled = end - start
        }
    }

    /// Checks the first 16 KiB: a history file starts with `{` (zero bytes of a torn first
    /// write aside) and, if it holds a whole line there, at least one of those lines is a record.
    private func foreignHead(_ fd: Int32, size: Int) throws -> HistoryFailure.ForeignEvidence? {
        let count = min(size, 16 << 10)
        var head = [UInt8](repeating: 0, count: count)
        let got = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, 0) }
        guard got > 0 else { return nil }
        let bytes = head[..<got]
        if let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A && $0 != 0 }),
            first != 0x7B
        {
            return .notJSONObject
        }
        var decoder = HistoryLineDecoder()
        var complete = 0
        var start = bytes.startIndex
        while let nl = bytes[start...].firstIndex(of: 0x0A) {
            let line = bytes[start..<nl]
            start = nl + 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0 }) else { continue }
            complete += 1
            let ok = line.withUnsafeBytes { raw -> Bool in
                if case .success = decoder.decode(raw) { return true }
                return false
            }
            if ok { return nil }
        }
        return complete > 1 ? .noRecords(lines: complete) : nil
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw writeError(errno)
                }
                done += n
            }
        }
    }

    private func syncDirectory() {
        let dfd = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    private func foreign(_ evidence: HistoryFailure.ForeignEvidence) -> HistoryFailure {
        HistoryFailure(path: url.path, .foreign(evidence))
    }

    /// A refused write; when the folder itself is not writable, the failure names the folder.
    private func writeError(_ code: Int32) -> HistoryFailure {
        let dir = url.deletingLastPathComponent().path
        if code == EACCES || code == EPERM, access(dir, W_OK) != 0 { return failure(.write, code, path: dir) }
        return failure(.write, code)
    }

    /// The system's refusal as a typed failure. "Not a directory" is traced to the part of the
    /// path that is a file, so the user is told which one to move.
    private func failure(_ operation: HistoryFailure.Operation, _ code: Int32, path: String? = nil) -> HistoryFailure {
        if code == ENOTDIR {
            var ancestor = url.deletingLastPathComponent()
            while ancestor.path != "/" && !ancestor.path.isEmpty {
                var st = stat()
                if stat(ancestor.path, &st) == 0 {
                    if st.st_mode & S_IFMT != S_IFDIR {
                        return HistoryFailure(path: url.path, .notAFolder(blocker: ancestor.path))
                    }
                    break
                }
                ancestor.deleteLastPathComponent()
            }
        }
        return HistoryFailure(path: url.path, .system(operation, path: path ?? url.path, code: code))
    }
}
