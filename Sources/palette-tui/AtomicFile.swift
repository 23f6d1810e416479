import Foundation

/// Writes a whole file or nothing: the bytes go to a temporary file beside the target, are
/// flushed to disk, and only then take the target's name (rename, or link when an existing file
/// must not be replaced, which fails atomically if one appeared meanwhile).
enum AtomicFile {
    enum Failure: Error, Equatable {
        /// The target exists and `replace` was false.
        case exists
        /// Why the file could not be written: the system's error number (errno), worded by
        /// PaletteApp's catalogue.
        case failed(Int32)
    }

    static func write(_ bytes: [UInt8], to path: String, replace: Bool) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var st = stat()
        let existed = lstat(path, &st) == 0
        if existed {
            if (st.st_mode & S_IFMT) == S_IFDIR { throw .failed(EISDIR) }
            if !replace { throw .exists }
        }
        var template = Array((dir + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { throw .failed(errno) }
        let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ code: Int32) -> Failure {
            unlink(temp)
            return .failed(code)
        }
        // The mode a new file gets (0666 less the umask), or the replaced file's own.
        var mode: mode_t
        if existed && (st.st_mode & S_IFMT) == S_IFREG {
            mode = st.st_mode & 0o7777
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
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                close(fd)
                throw fail(e)
            }
            written += n
        }
        if fsync(fd) != 0 {
            let e = errno
            close(fd)
            throw fail(e)
        }
        if close(fd) != 0 { throw fail(errno) }
        if replace {
            if rename(temp, path) != 0 { throw fail(errno) }
        } else if link(temp, path) == 0 {
            unlink(temp)
        } else {
            let e = errno
            if e == EEXIST {
                unlink(temp)
                throw .exists
            }
            // File systems without hard links: check, then rename (a small window).
            guard e == EPERM || e == ENOTSUP || e == EOPNOTSUPP else { throw fail(e) }
            if lstat(path, &st) == 0 {
                unlink(temp)
                throw .exists
            }
            if rename(temp, path) != 0 { throw fail(errno) }
        }
        let dirFD = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }
}
