import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A finished child process: how it ended and everything it wrote.
public struct ChildResult: Sendable {
    /// The exit status, or 128 + the signal's number when a signal ended it (as a shell says).
    public var status: Int32
    /// The signal that ended it; nil when it exited by itself.
    public var signal: Int32?
    public var stdout: String
    public var stderr: String
    /// User plus system CPU time the child used, in seconds (its own threads, from `wait4`).
    public var cpuSeconds: Double = 0
    /// The child's own peak resident set size in bytes, from `Spawn.run(..., measuringMemory:
    /// true)`; nil otherwise. Not `wait4`'s `ru_maxrss` of a child of this process: Linux
    /// charges a child, at its exec, the peak of the process that started it, so that figure is
    /// at least the test runner's own (see `Tools/peak_rss.py`).
    public var peakMemoryBytes: Int?
}

/// A failure of the test machinery itself (a child that cannot start or does not finish).
public struct SpawnError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// What a child reads on its standard input.
public enum ChildInput: Sendable {
    /// `/dev/null`: end of file at once.
    case null
    /// The file at this path.
    case file(String)
    /// These bytes, through a temporary file.
    case text(String)
}

/// Starting programs and collecting their output, with `posix_spawnp`.
///
/// Not `Foundation.Process`: tmux's `new-session` forks a server that inherits descriptors, and
/// `Process.waitUntilExit()` then never returns on Linux; some tests also need the raw pid (to
/// send SIGKILL or SIGTSTP) or exact control over the child's descriptors.
public enum Spawn {
    /// Runs `argv` to completion and returns its status and output.
    ///
    /// `argv[0]` is a path or a name looked up in PATH. `environment` nil inherits this process's
    /// environment; otherwise the child gets exactly `environment`. Standard output and error go
    /// through temporary files (no pipe to fill up). A child still running after `timeout`
    /// seconds is killed with SIGKILL and the call throws, so a stuck child fails its test
    /// instead of hanging the suite. Output that is not UTF-8 throws too.
    ///
    /// With `measuringMemory`, the child is started by `Tests/TestSupport/Tools/peak_rss.py`,
    /// which reports its own peak (`ChildResult.peakMemoryBytes`); `cpuSeconds` then includes
    /// that small Python process's own few tens of milliseconds.
    public static func run(
        _ argv: [String], environment: [String: String]? = nil, stdin: ChildInput = .null,
        timeout: Double = 60, measuringMemory: Bool = false
    ) throws -> ChildResult {
        let scratch = try TemporaryDirectory(prefix: "spawn")
        let report = scratch.file("peak-rss")
        let argv =
            measuringMemory
            ? ["python3", Repository.url("Tests/TestSupport/Tools/peak_rss.py").path, report, "--"] + argv : argv
        let outPath = scratch.file("stdout")
        let errPath = scratch.file("stderr")
        let inPath: String
        switch stdin {
        case .null: inPath = "/dev/null"
        case .file(let path): inPath = path
        case .text(let text):
            inPath = scratch.file("stdin")
            try Data(text.utf8).write(to: URL(fileURLWithPath: inPath))
        }
        let pid = try spawn(argv, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        var usage = rusage()
        guard let raw = try wait(pid, timeout: timeout, usage: &usage) else {
            throw SpawnError("\(argv.joined(separator: " ")) did not finish within \(timeout) s")
        }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return ChildResult(
            status: exitStatus(raw), signal: terminatingSignal(raw),
            stdout: try utf8(contentsOf: outPath, what: "the standard output of \(argv[0])"),
            stderr: try utf8(contentsOf: errPath, what: "the standard error of \(argv[0])"),
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            peakMemoryBytes: measuringMemory ? try peakReport(report) : nil)
    }

    /// The KiB `peak_rss.py` wrote, in bytes.
    private static func peakReport(_ path: String) throws -> Int {
        let text = try utf8(contentsOf: path, what: "peak_rss.py's report")
        guard let kib = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw SpawnError("peak_rss.py wrote no figure: \(text)")
        }
        return kib * 1024
    }

    /// Starts `argv` with its standard output on a pipe and standard error on `/dev/null`.
    ///
    /// Returns the pid and the pipe's read end, which the caller closes; wait with `wait(_:)`.
    public static func startReading(
        _ argv: [String], environment: [String: String]? = nil
    ) throws -> (pid: pid_t, stdout: Int32) {
        let (readEnd, writeEnd) = try makePipe()
        do {
            let pid = try spawn(argv, environment: environment) { actions in
                posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
            close(writeEnd)
            return (pid, readEnd)
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
    }

    /// Starts `argv` and returns its pid: standard input from `/dev/null`, standard output and
    /// error inherited, unless `configure` arranges otherwise.
    public static func spawn(
        _ argv: [String], environment: [String: String]? = nil,
        actions configure: (inout posix_spawn_file_actions_t) -> Void = { _ in }
    ) throws -> pid_t {
        precondition(!argv.isEmpty, "spawn needs a program")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        configure(&actions)
        // `python3` is always the interpreter this test run itself finds (with its test packages),
        // also for a child given a small clean PATH: on a machine whose /usr/local/bin holds
        // another build of Python, that one would start with the wrong standard library.
        let program = argv[0] == "python3" ? Python.executable : argv[0]
        let args: [UnsafeMutablePointer<CChar>?] = [strdup(program)] + argv.dropFirst().map { strdup($0) } + [nil]
        let env = environment ?? ProcessInfo.processInfo.environment
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            args.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // Every child starts with default signal handling and nothing blocked, whatever this
        // process inherited (a test run started in the background ignores SIGINT, and a child
        // would keep ignoring it).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, program, &actions, &attributes, args, envp)
        guard rc == 0 else { throw SpawnError("cannot start \(program): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// Waits for `pid` to end and returns its status (128 + signal when a signal ended it).
    public static func wait(_ pid: pid_t) -> Int32 {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        return exitStatus(raw)
    }

    /// Waits at most `timeout` seconds for `pid`; returns its raw wait status (and its resource
    /// use in `usage`), or nil after killing it with SIGKILL (and reaping it) when the time ran out.
    static func wait(_ pid: pid_t, timeout: Double, usage: inout rusage) throws -> Int32? {
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        var raw: Int32 = 0
        while true {
            let r = wait4(pid, &raw, WNOHANG, &usage)
            if r == pid { return raw }
            if r < 0 && errno != EINTR { throw SpawnError("waitpid failed: \(String(cString: strerror(errno)))") }
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
                return nil
            }
            usleep(5_000)
        }
    }

    /// A pipe whose two ends are not inherited by children (so a child only gets the end it
    /// is handed with `dup2`, and sees end of file when this process closes its end or dies).
    static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SpawnError("pipe failed: \(String(cString: strerror(errno)))") }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    private static func exitStatus(_ raw: Int32) -> Int32 {
        terminatingSignal(raw).map { 128 + $0 } ?? (raw >> 8) & 0xFF
    }

    private static func terminatingSignal(_ raw: Int32) -> Int32? {
        let signal = raw & 0x7F
        return signal == 0 ? nil : signal
    }

    private static func utf8(contentsOf path: String, what: String) throws -> String {
        let data = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        guard let text = String(data: data, encoding: .utf8) else { throw SpawnError("\(what) is not UTF-8") }
        return text
    }
}

/// Reads newline-separated text from a descriptor, a line at a time.
public struct LineReader {
    public let fd: Int32
    private var pending: [UInt8] = []

    public init(fd: Int32) { self.fd = fd }

    /// The next line without its newline; nil at end of file, or once `timeout` seconds have
    /// passed without a whole line (nil timeout: wait as long as it takes).
    public mutating func next(timeout: Double? = nil) -> String? {
        let deadline = timeout.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            if let deadline {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return nil }
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ms = Int32(min(Double(Int32.max), max(1, left / .milliseconds(1))))
                let ready = poll(&pfd, 1, ms)
                if ready < 0 && errno == EINTR { continue }
                if ready <= 0 { continue }
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            pending += chunk[..<n]
        }
    }
}

/// Polls `condition` every 20 ms until it returns a value or `timeout` seconds pass (then
/// throws, naming `what`): a test waits for a state, never for a fixed time.
public func eventually<T>(
    timeout: Double = 10, _ what: @autoclosure () -> String, _ condition: () throws -> T?
) throws -> T {
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    while true {
        if let value = try condition() { return value }
        if ContinuousClock.now > deadline { throw SpawnError("timed out after \(timeout) s waiting for \(what())") }
        usleep(20_000)
    }
}

/// Where `outcome(of:within:)` keeps a task's result once it has one.
private final class OutcomeSlot<T: Sendable>: @unchecked Sendable {
    let lock = NSLock()
    var value: Result<T, any Error>?
}

/// The outcome of `task`, or a thrown error when it has not finished after `timeout` seconds.
///
/// A guard against a hang, not a measurement: tests set `timeout` far beyond what the work
/// takes and make the broken behaviour take longer still (a cancel that is not honoured waits
/// out a deadline of minutes), so load on the machine cannot fail them. The task is left
/// running when the guard fires.
public func outcome<T: Sendable>(
    of task: Task<T, any Error>, within timeout: Double = 60, _ what: @autoclosure () -> String
) async throws -> Result<T, any Error> {
    let slot = OutcomeSlot<T>()
    Task {
        let value = await task.result
        slot.lock.withLock { slot.value = value }
    }
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    while true {
        if let value = slot.lock.withLock({ slot.value }) { return value }
        if ContinuousClock.now > deadline { throw SpawnError("\(what()) did not finish within \(timeout) s") }
        try await Task.sleep(for: .milliseconds(10))
    }
}

extension Result {
    /// The error of a failure, nil for a success.
    public var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// The Python interpreter of this test run: the `python3` on the test process's own PATH, as the
/// absolute path of the program it really is (`sys.executable`, past any launcher script).
public enum Python {
    public static let executable: String = resolve() ?? "python3"

    private static func resolve() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        guard
            let found = path.split(separator: ":").map({ String($0) + "/python3" }).first(where: {
                access($0, X_OK) == 0
            })
        else { return nil }
        guard let result = try? Spawn.run([found, "-c", "import sys; print(sys.executable)"], timeout: 30),
            result.status == 0
        else { return nil }
        let executable = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return executable.hasPrefix("/") && access(executable, X_OK) == 0 ? executable : nil
    }
}
