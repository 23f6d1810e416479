import Glibc
import PaletteCore

/// libFuzzer entry point for `AtomicFile` (palette-tui's `export -o` and the app's export
/// writes), built by `make fuzz` with `AtomicFile.swift` and `PendingTemporaryFile.swift` on
/// PaletteCore.
///
/// Every input is played in a fresh scratch directory holding one of everything a target can
/// be: regular files (one read-only), a folder, a FIFO nobody reads, a FIFO this process holds
/// open for reading, links to a file, to a folder, to nothing, to a link, a loop, and (as root) a
/// private character device (1,3: a null device) and block device. The input chooses a path
/// made of those names, `.`, `..`, `/`, long names and bytes of its own, the bytes to write and
/// whether to replace. After each write, checked against a model of the contract:
/// - it returns (a FIFO without a reader is refused, never waited on);
/// - no temporary file (`.ptui-`) is left anywhere in the directory;
/// - every entry that is not a regular file keeps its type (no device, FIFO or link becomes a
///   file), and links keep their targets;
/// - a refused or failed write changes no regular file; a successful one to a path that ends
///   at a regular file leaves exactly the bytes given there;
/// - nothing outside the directory changes (paths are kept inside it: leading `/` and `..`
///   that would climb out are dropped).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExportPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = Input(data, size)
    let scratch = Scratch()
    defer { scratch.remove() }
    let path = scratch.root + "/" + input.path()
    let bytes = input.bytes()
    let replace = input.flag()
    let before = scratch.snapshot()
    var succeeded = false
    do {
        try AtomicFile.write(bytes, to: path, replace: replace)
        succeeded = true
    } catch {}
    let after = scratch.snapshot()
    for (name, entry) in after where name.contains(".ptui-") {
        fail("temporary file left: \(name) (\(entry.kind))")
    }
    for (name, old) in before {
        guard let new = after[name] else {
            fail("\(name) disappeared (was \(old.kind)) writing \(path)")
        }
        if old.kind != "file" {
            require(new.kind == old.kind, "\(name) was \(old.kind), is \(new.kind) after writing \(path)")
            require(new.link == old.link, "\(name) points elsewhere after writing \(path)")
        }
    }
    if !succeeded {
        for (name, old) in before where old.kind == "file" {
            require(after[name]?.contents == old.contents, "a refused write changed \(name) (\(path))")
        }
    } else if let real = realpathString(path), real.hasPrefix(scratch.root + "/"), isRegular(real) {
        let name = String(real.dropFirst(scratch.root.count + 1))
        require(after[name]?.contents == bytes, "\(name) does not hold the bytes written to \(path)")
        // Every other regular file is as it was.
        for (other, old) in before where old.kind == "file" && other != name {
            require(after[other]?.contents == old.contents, "writing \(path) changed \(other)")
        }
    }
    return 0
}

private func fail(_ message: String) -> Never {
    let line = Array("fuzz check failed: \(message)\n".utf8)
    _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    abort()
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

private func realpathString(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

private func isRegular(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
}

// MARK: - The input

private struct Input {
    var data: [UInt8]
    var position = 0

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        self.data = Array(UnsafeBufferPointer(start: data, count: size))
    }

    mutating func byte() -> UInt8 {
        guard position < data.count else { return 0 }
        defer { position += 1 }
        return data[position]
    }

    mutating func flag() -> Bool { byte() & 1 == 1 }

    static let names = [
        "file", "readonly", "dir", "fifo", "readfifo", "chr", "blk", "link-file", "link-dir", "dangling",
        "link-link", "loop", "new.css", ".", "..", "",
    ]

    /// One to four components: a known name, a long one, or a few bytes of the input's own.
    mutating func path() -> String {
        var parts: [String] = []
        let count = Int(byte() % 4) + 1
        for _ in 0..<count {
            let choice = byte()
            switch choice % 8 {
            case 0:
                parts.append(String(repeating: "n", count: 200 + Int(byte()) % 60))
            case 1:
                let length = Int(byte() % 12)
                var raw: [UInt8] = []
                for _ in 0..<length {
                    let b = byte()
                    if b != 0 && b != UInt8(ascii: "/") { raw.append(b) }
                }
                parts.append(String(decoding: raw, as: UTF8.self))
            default:
                parts.append(Input.names[Int(byte()) % Input.names.count])
            }
        }
        // Stay inside the scratch directory: no ".." above it (a link may still lead out, but
        // the only ones made point inside or to nothing).
        var depth = 0
        var kept: [String] = []
        for part in parts {
            if part == ".." {
                if depth > 0 {
                    depth -= 1
                    kept.append(part)
                }
            } else {
                if !part.isEmpty && part != "." { depth += 1 }
                kept.append(part)
            }
        }
        return kept.joined(separator: "/")
    }

    mutating func bytes() -> [UInt8] {
        let length = Int(byte()) * 4
        return (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ position) }
    }
}

// MARK: - The scratch directory

private struct Entry {
    var kind: String
    var link: String?
    var contents: [UInt8]?
}

private final class Scratch {
    let root: String
    private var readerFD: Int32 = -1

    init() {
        // On tmpfs where there is one: fsync costs nothing there, so the run is not the disk's.
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        var template = Array((base + "/pt-fuzz-export-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            fail("mkdtemp: \(errno)")
        }
        root = String(cString: made)
        write("file", "old file\n", mode: 0o644)
        write("readonly", "read only\n", mode: 0o444)
        mkdir(root + "/dir", 0o755)
        write("dir/inner", "inner\n", mode: 0o644)
        mkfifo(root + "/fifo", 0o644)
        mkfifo(root + "/readfifo", 0o644)
        // As root: a private null device and a block device (loop0's numbers, never opened for
        // writing: block devices are refused).
        _ = mknod(root + "/chr", S_IFCHR | 0o666, dev_t(1) << 8 | 3)
        _ = mknod(root + "/blk", S_IFBLK | 0o600, dev_t(7) << 8 | 0)
        symlink("file", root + "/link-file")
        symlink("dir", root + "/link-dir")
        symlink("missing/nothing", root + "/dangling")
        symlink("link-file", root + "/link-link")
        symlink("loop", root + "/loop")
        startReader()
    }

    private func write(_ name: String, _ text: String, mode: mode_t) {
        let fd = open(root + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, mode)
        guard fd >= 0 else { fail("create \(name): \(errno)") }
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        fchmod(fd, mode)
        close(fd)
    }

    /// Holds `readfifo` open for reading (non-blocking, so this does not wait for a writer):
    /// the FIFO has its reader while the write runs, and at most 1 KiB is written, far less
    /// than a pipe holds, so nothing needs to drain it.
    private func startReader() {
        readerFD = open(root + "/readfifo", O_RDONLY | O_NONBLOCK)
        guard readerFD >= 0 else { fail("open readfifo: \(errno)") }
    }

    func snapshot() -> [String: Entry] {
        var out: [String: Entry] = [:]
        func walk(_ relative: String) {
            guard let dir = opendir(relative.isEmpty ? root : root + "/" + relative) else { return }
            defer { closedir(dir) }
            while let item = readdir(dir) {
                let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var st = stat()
                guard lstat(root + "/" + path, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFREG: out[path] = Entry(kind: "file", contents: read(root + "/" + path))
                case S_IFDIR:
                    out[path] = Entry(kind: "dir")
                    walk(path)
                case S_IFLNK:
                    var buffer = [CChar](repeating: 0, count: 4096)
                    let n = readlink(root + "/" + path, &buffer, buffer.count)
                    let target = String(decoding: buffer.prefix(max(0, n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    out[path] = Entry(kind: "link", link: target)
                case S_IFIFO: out[path] = Entry(kind: "fifo")
                case S_IFCHR: out[path] = Entry(kind: "chr")
                case S_IFBLK: out[path] = Entry(kind: "blk")
                default: out[path] = Entry(kind: "other")
                }
            }
        }
        walk("")
        return out
    }

    private func read(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }

    func remove() {
        close(readerFD)
        // Deepest first; links and special files are removed, never followed.
        for (name, entry) in snapshot().sorted(by: { $0.key.count > $1.key.count }) {
            if entry.kind == "dir" { rmdir(root + "/" + name) } else { unlink(root + "/" + name) }
        }
        rmdir(root)
    }
}
