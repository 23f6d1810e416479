import Glibc

/// A POSIX mutex and condition variable for the few classes that sleep a thread of their own
/// until work arrives (the HTTP driver) or guard a few fields from C callbacks; `Mutex` has no
/// condition to wait on. Heap-allocated, so the pthread objects never move.
public final class ThreadCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Sleeps until `signal`, the mutex released meanwhile; call with it locked.
    public func wait() { pthread_cond_wait(cond, mutex) }
    public func signal() { pthread_cond_signal(cond) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// What a new thread runs and what it is called, handed through `pthread_create`'s pointer.
private final class ThreadStart: @unchecked Sendable {
    let name: String
    let body: @Sendable () -> Void
    init(_ name: String, _ body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}

/// Starts `body` on a new detached thread named `name` (at most 15 bytes, as Linux keeps);
/// false when the system refuses a thread.
@discardableResult
public func startThread(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    let start = Unmanaged.passRetained(ThreadStart(name, body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
        &thread, nil,
        { raw in
            let start = Unmanaged<ThreadStart>.fromOpaque(raw!).takeRetainedValue()
            // The name `top -H` and /proc show (pthread_setname_np is a GNU extension the Glibc
            // module does not declare; this is what it does on Linux).
            let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            if fd >= 0 {
                let name = Array(start.name.utf8.prefix(15))
                _ = name.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
            start.body()
            return nil
        }, start)
    guard started == 0 else {
        Unmanaged<ThreadStart>.fromOpaque(start).release()
        return false
    }
    pthread_detach(thread)
    return true
}

/// Writes all of `bytes` to `fd`, again after an interrupted or short write; false when the
/// descriptor refuses (a closed pipe, a full disk), with `errno` set.
@discardableResult
public func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
        if n < 0 {
            if errno == EINTR { continue }
            return false
        }
        done += n
    }
    return true
}
