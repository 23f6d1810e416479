import FoundationEssentials
import Glibc
import PaletteCore

/// Writes a whole file or nothing: the bytes go to a temporary file beside the target, are
/// flushed to disk, and only then take the target's name (rename, or link when an existing file
/// must not be replaced, which fails atomically if one appeared meanwhile).
///
/// Only regular files are ever replaced. A symbolic link to a regular file is followed: its
/// target is replaced and the link kept. A character device or a FIFO (`/dev/stdout`,
/// `/dev/null`, a named pipe) is written through, as a shell's `>` would, and nothing is
/// replaced; `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` name the
/// descriptor itself. Anything else (a block device, a socket, a dangling link, a new file
/// among the devices of `/dev`) is refused with its reason. No temporary file is ever made in
/// `/dev`. The temporary name is short (`.ptui-` and six characters), so a target whose name is
/// as long as the file system allows can still be written, and a signal that ends the process
/// while it exists removes it (`PendingTemporaryFile`).
enum AtomicFile {
    enum Failure: Error, Equatable {
        /// The target exists and `replace` was false.
        case exists
        /// Why the file could not be written: the system's error number (errno), worded by
        /// PaletteApp's catalogue.
        case failed(Int32)
        /// The target is something that is not replaced or written through.
        case refused(FileRefusal)
    }

    static func write(_ bytes: [UInt8], to path: String, replace: Bool) throws(Failure) {
        if let fd = descriptorAlias(path) {
            try writeThrough(fd, bytes)
            return
        }
        var st = stat()
        if stat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG:
                if !replace { throw .exists }
                // Follow links: the file they end at is replaced, the links stay.
                guard let real = realPath(path) else { throw .failed(errno) }
                try replaceAtomically(bytes, at: real, replace: true)
            case S_IFCHR, S_IFIFO:
                try writeToDevice(bytes, path: path)
            case S_IFDIR:
                throw .failed(EISDIR)
            case S_IFBLK:
                throw .refused(.blockDevice)
            case S_IFSOCK:
                throw .refused(.socket)
            default:
                throw .refused(.notAFile)
            }
            return
        }
        let code = errno
        guard code == ENOENT else { throw .failed(code) }
        // Nothing at the path; a link whose target is missing is refused rather than followed
        // to create a file somewhere the user did not name.
        var link = stat()
        if lstat(path, &link) == 0 { throw .refused(.danglingLink) }
        let url = URL(fileURLWithPath: path)
        guard let dir = realPath(url.deletingLastPathComponent().path) else { throw .failed(errno) }
        try replaceAtomically(bytes, at: dir + (dir == "/" ? "" : "/") + url.lastPathComponent, replace: replace)
    }

    /// The descriptor a path names by itself, without looking at the file system.
    static func descriptorAlias(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            if !rest.isEmpty, rest.count < 10, rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber) {
                return Int32(rest)
            }
        }
        return nil
    }

    /// True for a folder among the devices: `/dev` and below, except the shared-memory tmpfs.
    static func isDeviceFolder(_ realDirectory: String) -> Bool {
        guard realDirectory == "/dev" || realDirectory.hasPrefix("/dev/") else { return false }
        return !(realDirectory == "/dev/shm" || realDirectory.hasPrefix("/dev/shm/"))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Opens a character device or FIFO without blocking (a FIFO nobody reads is refused, not
    /// waited on), checks what was opened, and writes the bytes through it.
    private static func writeToDevice(_ bytes: [UInt8], path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            // ENXIO: a FIFO with no reader (or a device without its driver).
            throw code == ENXIO ? .refused(.noReader) : .failed(code)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .failed(errno) }
        let kind = st.st_mode & S_IFMT
        guard kind == S_IFCHR || kind == S_IFIFO else { throw .refused(.notAFile) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        try writeThrough(fd, bytes)
    }

    private static func writeThrough(_ fd: Int32, _ bytes: [UInt8]) throws(Failure) {
        guard writeAll(fd, bytes) else { throw .failed(errno) }
    }

    /// The temporary file, flushed, then renamed (or linked) to `target`, whose folder is a
    /// real path.
    private static func replaceAtomically(_ bytes: [UInt8], at target: String, replace: Bool) throws(Failure) {
        let url = URL(fileURLWithPath: target)
        let dir = url.deletingLastPathComponent().path
        if isDeviceFolder(dir) { throw .refused(.deviceFolder) }
        var st = stat()
        let existed = lstat(target, &st) == 0
        if existed {
            if (st.st_mode & S_IFMT) == S_IFDIR { throw .failed(EISDIR) }
            if (st.st_mode & S_IFMT) != S_IFREG { throw .refused(.notAFile) }
            if !replace { throw .exists }
        }
        var template = Array((dir + (dir == "/" ? "" : "/") + ".ptui-XXXXXX").utf8CString)
        // Registered before it exists, so a signal between mkstemp and rename still removes it.
        let fd = PendingTemporaryFile.create(&template)
        if fd < 0 {
            let e = errno
            PendingTemporaryFile.clear()
            throw .failed(e)
        }
        let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ code: Int32) -> Failure {
            unlink(temp)
            PendingTemporaryFile.clear()
            return .failed(code)
        }
        // The mode a new file gets (0666 less the umask), or the replaced file's own, and as
        // root its owner too.
        var mode: mode_t
        if existed {
            mode = st.st_mode & 0o7777
            if geteuid() == 0 { _ = fchown(fd, st.st_uid, st.st_gid) }
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        if fchmod(fd, mode) != 0 {
            let e = errno
            close(fd)
            throw fail(e)
        }
        do throws(Failure) {
            try writeThrough(fd, bytes)
        } catch {
            close(fd)
            if case .failed(let e) = error { throw fail(e) }
            throw fail(EIO)
        }
        if fsync(fd) != 0 {
            let e = errno
            close(fd)
            throw fail(e)
        }
        if close(fd) != 0 { throw fail(errno) }
        if replace {
            if rename(temp, target) != 0 { throw fail(errno) }
        } else if link(temp, target) == 0 {
            unlink(temp)
        } else {
            let e = errno
            if e == EEXIST {
                unlink(temp)
                PendingTemporaryFile.clear()
                throw .exists
            }
            // File systems without hard links: check, then rename (a small window).
            guard e == EPERM || e == ENOTSUP || e == EOPNOTSUPP else { throw fail(e) }
            if lstat(target, &st) == 0 {
                unlink(temp)
                PendingTemporaryFile.clear()
                throw .exists
            }
            if rename(temp, target) != 0 { throw fail(errno) }
        }
        PendingTemporaryFile.clear()
        let dirFD = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }
}
