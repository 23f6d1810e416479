import FoundationEssentials
import Glibc
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
    public func load() throws(HistoryFailure) -> (entries: [HistoryEntry], warnings: [HistoryWarning]) {
        guard let fd = try openForReading() else { return ([], []) }
        defer { close(fd) }
        var state = LoadState()
        var st = stat()
        if fstat(fd, &st) == 0 { state.fileSize = Int(st.st_size) }
        if state.fileSize > 0, let reason = try foreignHead(fd, size: state.fileSize) { throw foreign(reason) }
        try forEachLine(fd) { line, number, terminated in
            state.take(line, number: number, terminated: terminated)
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
    public func loadNewest(_ count: Int) throws(HistoryFailure) -> (entries: [HistoryEntry], complete: Bool) {
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

        /// One line kept by `compact()`: an entry (by its index in `entries`) or an unreadable line.
        enum Piece {
            case entry(Int)
            case verbatim([UInt8])
        }

        var decoder = HistoryLineDecoder()
        var entries: [HistoryEntry] = []
        /// The lines in file order, for `compact()`; nil (not kept) for a plain load.
        var pieces: [Piece]?
        /// Changes keyed by id, last one wins; applied in one pass at the end, because
        /// a dictionary of every id (100,000 hashes) would cost more than the whole parse.
        var favoriteChanges: [String: Change] = [:]
        var deleteChanges: [String: Change] = [:]
        var bad: [(line: Int, problem: HistoryLineProblem)] = []
        var badCount = 0
        var fileSize = 0
        var bytesSeen = 0

        mutating func take(_ line: UnsafeRawBufferPointer, number: Int, terminated: Bool) {
            bytesSeen += line.count + 1
            if number == 512 {
                // Reserve once from the average line so far: no regrowth copies, no doubled peak.
                let estimate = Int(Double(fileSize) / Double(bytesSeen) * 512 * 1.02)
                if estimate > entries.count { entries.reserveCapacity(estimate) }
            }
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0 }) else {
                if line.contains(0) {
                    note(number, .zeroBytes)
                    pieces?.append(.verbatim(Array(line)))
                }
                return
            }
            switch decoder.decode(line) {
            case .success(let record):
                apply(record)
                if pieces != nil, case .entry = record { pieces?.append(.entry(entries.count - 1)) }
            case .failure(let error):
                note(number, terminated ? .notARecord(error.finding) : .incompleteLastLine)
                pieces?.append(.verbatim(Array(line)))
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
                    let fate = fate(of: i)
                    if let favorite = fate.favorite { entries[i].favorite = favorite }
                    drop = fate.deleted
                }
                if !drop {
                    if kept != i { entries.swapAt(kept, i) }
                    kept += 1
                }
            }
            entries.removeLast(entries.count - kept)
            return entries
        }

        /// What the changes make of entry `i`: its favourite (nil: as it was saved) and whether
        /// it is deleted. The last change of each kind to an id applies to every entry of that id
        /// saved before it, so all copies of an id (a merged or copied file) change together, as
        /// they would have one change at a time. `finish()` and `compact()` both decide here.
        func fate(of i: Int) -> (favorite: Bool?, deleted: Bool) {
            let id = entries[i].id
            var favorite: Bool?
            var deleted = false
            if let change = favoriteChanges[id], i < change.entriesBefore { favorite = change.value }
            if let change = deleteChanges[id], i < change.entriesBefore { deleted = change.value }
            return (favorite, deleted)
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
    public func append(_ entry: HistoryEntry) throws(HistoryFailure) {
        try appendRecord(.entry(entry))
    }

    /// Marks or unmarks a favourite (an appended change record).
    public func setFavorite(id: String, _ favorite: Bool) throws(HistoryFailure) {
        try appendRecord(.favorite(id: id, favorite))
    }

    /// Hides an entry (an appended change record; `restore` undoes it until `compact()`).
    public func delete(id: String) throws(HistoryFailure) {
        try appendRecord(.delete(id: id))
    }

    /// Brings back a deleted entry.
    public func restore(id: String) throws(HistoryFailure) {
        try appendRecord(.restore(id: id))
    }

    /// Appends one record as one line.
    func appendRecord(_ record: HistoryRecord) throws(HistoryFailure) {
        var line = HistoryLineEncoder.encode(record)
        guard let (fd, created) = try openForWriting(create: true) else { throw writeError(ENOENT) }
        defer { close(fd) }
        var st = stat()
        fstat(fd, &st)
        if st.st_size > 0 {
            if let reason = try foreignHead(fd, size: Int(st.st_size)) { throw foreign(reason) }
            // A torn last line (a crash mid-write) must not swallow this one.
            var last: UInt8 = 0
            if pread(fd, &last, 1, off_t(st.st_size - 1)) == 1, last != 0x0A { line.insert(0x0A, at: 0) }
        }
        // A short or failed write (a full disk, a quota, `ulimit -f`) is cut off again, so no
        // torn line stays for every later command to warn about and `compact()` to keep.
        do {
            try writeAll(fd, line)
        } catch {
            while ftruncate(fd, st.st_size) != 0 && errno == EINTR {}
            throw error
        }
        guard fsync(fd) == 0 else {
            let code = errno
            while ftruncate(fd, st.st_size) != 0 && errno == EINTR {}
            throw writeError(code)
        }
        if created { syncDirectory() }
    }

    /// Rewrites the file with the changes folded in: deleted entries and change records go,
    /// unreadable lines are kept verbatim, after the entries. Atomic: temporary file, fsync,
    /// rename, directory fsync.
    ///
    /// The result loads to exactly the entries `load()` returned before, every copy of an id
    /// included (the fold is `load()`'s own). A history that does not exist has nothing to
    /// compact and is not created.
    ///
    /// Returns how many entries were removed.
    @discardableResult
    public func compact() throws(HistoryFailure) -> Int {
        let target = url.resolvingSymlinksInPath()
        guard let (fd, _) = try openForWriting(create: false) else { return 0 }
        defer { close(fd) }
        var st = stat()
        fstat(fd, &st)
        if st.st_size > 0, let reason = try foreignHead(fd, size: Int(st.st_size)) { throw foreign(reason) }
        var state = LoadState()
        state.pieces = []
        try forEachLine(fd) { line, number, terminated in
            state.take(line, number: number, terminated: terminated)
        }
        var out: [UInt8] = []
        var unreadable: [UInt8] = []
        var removed = 0
        for piece in state.pieces ?? [] {
            switch piece {
            case .entry(let i):
                let fate = state.fate(of: i)
                if fate.deleted {
                    removed += 1
                    continue
                }
                var entry = state.entries[i]
                if let favorite = fate.favorite { entry.favorite = favorite }
                out += HistoryLineEncoder.encode(.entry(entry))
            case .verbatim(let bytes):
                unreadable += bytes
                unreadable.append(0x0A)
            }
        }
        // Unreadable lines go after the entries, so the file still starts with a record and is
        // still taken for a history file; with no entry left, a change to no entry (ids are
        // never empty) stands first for the same reason.
        if out.isEmpty && !unreadable.isEmpty { out = HistoryLineEncoder.encode(.restore(id: "")) }
        out += unreadable
        let folder = target.deletingLastPathComponent().path
        let tmp = folder + "/.\(target.lastPathComponent).tmp-\(getpid())"
        unlink(tmp)
        let tfd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard tfd >= 0 else { throw writeError(errno, folder: folder) }
        do throws(HistoryFailure) {
            defer { close(tfd) }
            // The rewritten file keeps the mode (and, as root, the owner) the history had.
            if fchmod(tfd, st.st_mode & 0o7777) != 0 { throw writeError(errno) }
            if geteuid() == 0 { _ = fchown(tfd, st.st_uid, st.st_gid) }
            try writeAll(tfd, out)
            guard fsync(tfd) == 0 else { throw writeError(errno) }
        } catch {
            unlink(tmp)
            throw error
        }
        guard rename(tmp, target.path) == 0 else {
            let code = errno
            unlink(tmp)
            throw writeError(code, folder: folder)
        }
        syncDirectory(folder)
        return removed
    }

    // MARK: - File plumbing

    /// Opens the file for reading under a shared lock; nil when it does not exist.
    private func openForReading() throws(HistoryFailure) -> Int32? {
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if fd < 0 {
            let code = errno
            if code == ENOENT {
                if let dangling = HistoryStore.danglingLink(in: url.path) { throw danglingFailure(dangling) }
                return nil
            }
            if HistoryStore.notARegularFileCodes.contains(code) { throw foreign(.notARegularFile) }
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

    /// How many times `openForWriting` starts again after losing a race (another process
    /// created the file, or a compaction renamed a new one into place) before it gives up.
    static let openAttempts = 64

    /// Opens and locks the file for appending, creating it (0600, in a 0700 folder) when
    /// `create` says so; nil when it does not exist and is not to be created.
    ///
    /// Every way this cannot succeed ends in one `HistoryFailure`, never in a loop: a
    /// dangling link is refused (nothing is created through it), anything but a regular file
    /// is refused before it is locked, and lost races are retried a bounded number of times.
    /// After the lock is held the path is checked to still name the same file: a concurrent
    /// `compact()` may have renamed a new file into place while this one waited.
    private func openForWriting(create: Bool) throws(HistoryFailure) -> (fd: Int32, created: Bool)? {
        let path = url.path
        if create { try makeDirectory(url.deletingLastPathComponent().path) }
        var lastCode = EAGAIN
        for _ in 0..<HistoryStore.openAttempts {
            var created = false
            var fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            if fd < 0 && errno == ENOENT {
                if let dangling = HistoryStore.danglingLink(in: path) { throw danglingFailure(dangling) }
                guard create else { return nil }
                fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0o600)
                created = fd >= 0
                if fd < 0 && errno == EEXIST {
                    // Something appeared at the path between the two opens: look again.
                    lastCode = EEXIST
                    continue
                }
            }
            guard fd >= 0 else {
                let code = errno
                if HistoryStore.notARegularFileCodes.contains(code) { throw foreign(.notARegularFile) }
                throw writeError(code)
            }
            do {
                try requireRegularFile(fd)
            } catch {
                close(fd)
                throw error
            }
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
            if stat(path, &named) == 0 {
                if held.st_ino == named.st_ino, held.st_dev == named.st_dev { return (fd, created) }
            } else {
                lastCode = errno
            }
            close(fd)
        }
        throw writeError(lastCode)
    }

    /// The errors `open(2)` gives for a path that is there but is no regular file: a
    /// folder (EISDIR), a socket (ENXIO), a device without a driver (ENODEV).
    static let notARegularFileCodes: Set<Int32> = [EISDIR, ENXIO, ENODEV]

    /// The nearest part of `path` that exists (the path itself, else its folders), when it is
    /// a symbolic link to nothing: the link, and the path the chain of links ends at.
    static func danglingLink(in path: String) -> (link: String, target: String)? {
        var current = path
        while !current.isEmpty, current != "/" {
            var st = stat()
            if lstat(current, &st) == 0 {
                guard st.st_mode & S_IFMT == S_IFLNK else { return nil }
                var followed = stat()
                // A link that resolves, or fails otherwise (a loop: ELOOP), is the open's to report.
                guard stat(current, &followed) != 0, errno == ENOENT else { return nil }
                return (current, finalTarget(of: current))
            }
            current = PathText.deletingLastComponent(current)
        }
        return nil
    }

    /// Where a chain of symbolic links starting at `link` ends: the first path in it that is
    /// not itself a link (relative targets resolved against the link's folder).
    private static func finalTarget(of link: String) -> String {
        var current = link
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let next =
                target.hasPrefix("/")
                ? target : PathText.appending(PathText.deletingLastComponent(current), target)
            var st = stat()
            guard lstat(next, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return next }
            current = next
        }
        return current
    }

    private func danglingFailure(_ dangling: (link: String, target: String)) -> HistoryFailure {
        HistoryFailure(path: url.path, .danglingLink(link: dangling.link, target: dangling.target))
    }

    /// Creates the directory and any missing parents with mode 0700; existing ones are left as they are.
    private func makeDirectory(_ path: String) throws(HistoryFailure) {
        var st = stat()
        if stat(path, &st) == 0 { return }
        if let dangling = HistoryStore.danglingLink(in: path) { throw danglingFailure(dangling) }
        let parent = PathText.deletingLastComponent(path)
        if parent != path, !parent.isEmpty { try makeDirectory(parent) }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            let code = errno
            throw failure(.createFolder, code, path: path)
        }
    }

    private func requireRegularFile(_ fd: Int32) throws(HistoryFailure) {
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
    /// Reads in 1 MiB chunks (one buffer the file's size for a smaller file) so that peak
    /// memory does not grow with the file.
    private func forEachLine(
        _ fd: Int32,
        _ body: (UnsafeRawBufferPointer, Int, Bool) throws(HistoryFailure) -> Void
    ) throws(HistoryFailure) {
        // A small file gets a buffer its size (plus room to see the end), not the full 1 MiB.
        var st = stat()
        let size = fstat(fd, &st) == 0 ? Int(st.st_size) : Int.max
        var capacity = min(1 << 20, max(4096, size &+ 1))
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

    /// Why the file is not a history file, if it is not; the one test that `load()`,
    /// `loadNewest`, `append` and `compact()` all make, so they never disagree about a file.
    ///
    /// A history file starts with `{` (blank lines and the zero bytes of a torn write aside),
    /// and of its first lines, at least one is a record or only one is judged. Lines are
    /// judged from a head of 16 KiB, grown up to 1 MiB while it holds fewer than two whole
    /// lines; a line the head cuts is not judged, the last line of a file the head holds
    /// whole is. Lines of only blanks and zero bytes are no evidence either way.
    private func foreignHead(_ fd: Int32, size: Int) throws(HistoryFailure) -> HistoryFailure.ForeignEvidence? {
        var window = min(size, 16 << 10)
        while true {
            var head = [UInt8](repeating: 0, count: window)
            var got = 0
            while got < window {
                let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, window - got, off_t(got)) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                got += n
            }
            let bytes = head[..<got]
            if let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A && $0 != 0 }),
                first != 0x7B
            {
                return .notJSONObject
            }
            let whole = got >= size
            var decoder = HistoryLineDecoder()
            var judged = 0
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let newline = bytes[start...].firstIndex(of: 0x0A)
                guard newline != nil || whole else { break }
                let end = newline ?? bytes.endIndex
                let line = bytes[start..<end]
                start = end + 1
                guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0 }) else { continue }
                let ok = line.withUnsafeBytes { raw -> Bool in
                    if case .success = decoder.decode(raw) { return true }
                    return false
                }
                if ok { return nil }
                judged += 1
            }
            if judged > 1 { return .noRecords(lines: judged) }
            if whole || window >= 1 << 20 { return nil }
            window = min(size, window * 4)
        }
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(HistoryFailure) {
        // `withUnsafeBytes` rethrows untyped: the failure comes out as an errno.
        let failed: Int32? = bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += n
            }
            return nil
        }
        if let failed { throw writeError(failed) }
    }

    private func syncDirectory(_ folder: String? = nil) {
        let dfd = open(folder ?? url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    private func foreign(_ evidence: HistoryFailure.ForeignEvidence) -> HistoryFailure {
        HistoryFailure(path: url.path, .foreign(evidence))
    }

    /// A refused write; when the folder itself is not writable, the failure names the folder.
    private func writeError(_ code: Int32, folder: String? = nil) -> HistoryFailure {
        let dir = folder ?? url.deletingLastPathComponent().path
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
