import FoundationEssentials
import Glibc
import PaletteCore

// Read by signal handlers, which may only touch plain memory and call async-signal-safe
// functions: a fixed buffer allocated by `prepare` before any handler is installed.

/// Room for the longest path the system opens (PATH_MAX, 4096, with its NUL).
private let pathCapacity = 4096
nonisolated(unsafe) private var pendingPath: UnsafeMutablePointer<CChar>? = nil
nonisolated(unsafe) private var pending: sig_atomic_t = 0

/// The temporary file of the atomic write in progress, removed by a signal that ends the
/// process before it is renamed into place (SIGTERM, Ctrl-C, a crash...).
///
/// One write at a time: the command line writes one file, and the app's file writes run in one
/// ordered lane. A second writer waits for the first to finish.
enum PendingTemporaryFile {
    private static let lock = ThreadCondition()

    /// Allocates the buffer; call before installing the signal handlers.
    static func prepare() {
        if pendingPath == nil {
            pendingPath = UnsafeMutablePointer<CChar>.allocate(capacity: pathCapacity)
            pendingPath!.initialize(repeating: 0, count: pathCapacity)
        }
        _ = pending
    }

    /// `mkstemp` on `template` (`…XXXXXX`, NUL-terminated) with the name registered while the
    /// file exists: the descriptor, or -1 with errno set. Every call that returns a descriptor
    /// must be followed by `clear()` once the file is renamed or removed.
    static func create(_ template: inout [CChar]) -> Int32 {
        prepare()
        guard template.count <= pathCapacity else {
            errno = ENAMETOOLONG
            return -1
        }
        lock.lock()
        let buffer = pendingPath!
        template.withUnsafeBufferPointer { source in
            buffer.update(from: source.baseAddress!, count: source.count)
        }
        // mkstemp writes the final name into the buffer before it creates the file, so a
        // handler running at any moment removes the right name or one that does not exist.
        pending = 1
        let fd = mkstemp(buffer)
        let saved = errno
        template.withUnsafeMutableBufferPointer { target in
            target.baseAddress!.update(from: buffer, count: target.count)
        }
        errno = saved
        return fd
    }

    /// The file was renamed into place or removed: nothing to clean up any more.
    static func clear() {
        if pending != 0 {
            pending = 0
            lock.unlock()
        }
    }

    /// Async-signal-safe: removes the registered file, if any.
    static func removeAfterSignal() {
        guard pending != 0, let path = pendingPath else { return }
        pending = 0
        unlink(path)
    }
}
