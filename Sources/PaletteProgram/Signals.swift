import FoundationEssentials
import Glibc
import PaletteApp
import PaletteCore
import PaletteText
import TerminalUI

// MARK: - State shared with signal handlers

// Signal handlers may only touch plain memory and call async-signal-safe functions, so the
// state they share with the runtime is a handful of C-like globals, written before the
// handlers are installed and read-only afterwards (except the flag and the saved actions).

/// The last quit signal received (SIGINT, SIGTERM, SIGHUP), 0 when none.
nonisolated(unsafe) private var receivedQuitSignal: sig_atomic_t = 0
/// 1 after a SIGTSTP the loop has not handled yet.
nonisolated(unsafe) private var receivedStop: sig_atomic_t = 0
/// 1 after a SIGWINCH the loop has not handled yet.
nonisolated(unsafe) private var receivedResize: sig_atomic_t = 0
/// The write end of the runtime's wake pipe; a handler writes one byte so poll(2) returns
/// even when the signal was delivered to another thread.
nonisolated(unsafe) private var wakeFD: Int32 = -1
/// The actions our handlers replaced, indexed by signal number (real-time ones included):
/// crashes chain to the Swift runtime's backtracer, SIGWINCH chains to ncurses' own handler.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 128)
    actions.initialize(repeating: sigaction(), count: 128)
    return actions
}()

private func wake() {
    guard wakeFD >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(wakeFD, &byte, 1)
}

private func onQuitSignal(_ signal: Int32) {
    receivedQuitSignal = signal
    wake()
}

private func onStopSignal(_ signal: Int32) {
    receivedStop = 1
    wake()
}

private func onResizeSignal(_ signal: Int32) {
    let previous = previousActions[Int(signal)]
    if previous.sa_flags & SA_SIGINFO == 0,
        let handler = previous.__sigaction_handler.sa_handler,
        unsafeBitCast(handler, to: Int.self) > 1
    {
        handler(signal)
    }
    receivedResize = 1
    wake()
}

/// How a fatal signal ends the process once the terminal is restored and the temporary file
/// removed: by the previous handler (the Swift runtime's backtracer, when it is not
/// interactive), or by our own one-paragraph report on standard error; then by the signal's
/// default action, so the parent sees the real cause.
private func onFatalSignal(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    PendingTemporaryFile.removeAfterSignal()
    // The terminal's modes and reset bytes are TerminalUI's; they go to the screen's terminal.
    TerminalReset.restoreAfterCrash()
    let previous = previousActions[Int(signal)]
    let previousIsHandler: Bool
    if previous.sa_flags & SA_SIGINFO != 0 {
        previousIsHandler = previous.__sigaction_handler.sa_sigaction != nil
    } else if let handler = previous.__sigaction_handler.sa_handler {
        previousIsHandler = unsafeBitCast(handler, to: Int.self) > 1
    } else {
        previousIsHandler = false
    }
    if previousIsHandler && chainToBacktracer != 0 {
        // Call the previous handler (the Swift runtime's backtracer) directly rather than
        // re-raising: it returns after printing its report, and a signal sent with kill(2)
        // would then simply resume the program instead of ending it.
        if previous.sa_flags & SA_SIGINFO != 0, let action = previous.__sigaction_handler.sa_sigaction {
            action(signal, info, context)
        } else if let handler = previous.__sigaction_handler.sa_handler {
            handler(signal)
        }
    } else if previousIsHandler || (backtracerMissing != 0 && isCrashSignal(signal)) {
        // The backtracer would be interactive (it would draw on the terminal and wait 30 s
        // for a key), or there is none (the static runtime of a release build starts none):
        // our own report goes to standard error instead.
        writeCrashReport(signal)
    }
    var fallback = sigaction()
    fallback.__sigaction_handler.sa_handler = SIG_DFL
    sigaction(signal, &fallback, nil)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, signal)
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    raise(signal)
}

/// 1 when the Swift runtime's backtracer reports without asking anything (its settings say
/// `interactive=no`, or standard input or output was no terminal when the process started).
nonisolated(unsafe) private var chainToBacktracer: sig_atomic_t = 1
/// 1 when the Swift runtime installed no backtracer (a release build's static runtime finds no
/// `swift-backtrace` beside it): a crash signal is then reported by our own sentence.
nonisolated(unsafe) private var backtracerMissing: sig_atomic_t = 0
/// The report's sentence in the user's language, NUL-terminated, split where the signal's
/// number goes.
nonisolated(unsafe) private var reportHead = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
nonisolated(unsafe) private var reportHeadCount = 0
nonisolated(unsafe) private var reportTail = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
nonisolated(unsafe) private var reportTailCount = 0

/// The signals the Swift runtime's backtracer reports (a crash, or SIGQUIT's request for a
/// dump): where there is no backtracer, these are reported by our own sentence. A switch, not a
/// set: a handler must not allocate.
private func isCrashSignal(_ signal: Int32) -> Bool {
    switch signal {
    case SIGQUIT, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV, SIGTRAP: return true
    default: return false
    }
}

/// Async-signal-safe: the sentence and the signal's number, to standard error.
private func writeCrashReport(_ signal: Int32) {
    _ = write(2, reportHead, reportHeadCount)
    var digits: (UInt8, UInt8, UInt8) = (0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
        var n = Int(signal)
        var i = 2
        repeat {
            buffer[i] = UInt8(48 + n % 10)
            n /= 10
            i -= 1
            count += 1
        } while n > 0 && i >= 0
        _ = write(2, buffer.baseAddress! + (3 - count), count)
    }
    _ = write(2, reportTail, reportTailCount)
}

private func install(_ signal: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    // No SA_RESTART: a blocked poll(2) must return EINTR so the loop sees the flag at once.
    action.sa_flags = 0
    sigaction(signal, &action, previousActions + Int(signal))
}

/// Installs the fatal handler for `signal` unless the signal is ignored (`nohup`, a shell's
/// background job): an ignored signal stays ignored.
private func installFatalHandler(_ signal: Int32) {
    var current = sigaction()
    guard sigaction(signal, nil, &current) == 0 else { return }
    if current.sa_flags & SA_SIGINFO == 0, let handler = current.__sigaction_handler.sa_handler,
        unsafeBitCast(handler, to: Int.self) == 1
    {
        return
    }
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = onFatalSignal
    sigemptyset(&action.sa_mask)
    // SA_ONSTACK: a stack overflow can only be handled on the alternate stack.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK
    sigaction(signal, &action, previousActions + Int(signal))
}

// MARK: - The runtime's view

/// The process's signal dispositions while the interactive app runs.
enum Signals {
    /// Installs the quit and crash handlers; call before `newterm`, because ncurses installs
    /// its own SIGINT/SIGTERM handlers (which `_exit` without saving anything) only where the
    /// disposition is still the default.
    static func installBeforeTerminal(wakeFD fd: Int32) {
        wakeFD = fd
        signal(SIGPIPE, SIG_IGN)
        for s in [SIGINT, SIGTERM, SIGHUP] { install(s, onQuitSignal) }
        // The loop suspends on SIGTSTP itself, on its own thread. ncurses would otherwise
        // install a handler that runs endwin on whichever thread takes the signal, and
        // switch SIGTSTP off and on around every screen update (two syscalls a frame).
        install(SIGTSTP, onStopSignal)
    }

    /// Every signal whose default action ends the process, except SIGKILL and SIGSTOP, which
    /// cannot be caught: the real-time ones included.
    static var fatalSignals: [Int32] {
        var list = [
            SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2,
            SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS,
        ]
        let low = __libc_current_sigrtmin()
        let high = __libc_current_sigrtmax()
        if low <= high { list += Array(low...high) }
        return list
    }

    /// Installs, for the whole run of every command, a handler on each fatal signal: it removes
    /// the temporary file of a write in progress, restores the terminal if the screen is open,
    /// reports a crash on standard error without asking anything, and ends the process by the
    /// same signal. SIGXFSZ is ignored, so a write past `ulimit -f` fails with EFBIG and is
    /// reported and undone like any failed write. Call first, before anything else runs.
    static func installForProcess(language: Language, environment: [String: String]) {
        TerminalReset.prepare()
        PendingTemporaryFile.prepare()
        // The runtime decided at start whether its backtracer asks for a key: with
        // interactive=tty (its default) when standard input and output are both terminals.
        let settings = (environment["SWIFT_BACKTRACE"] ?? "").lowercased()
            .split(separator: ",").map { $0.trimmedSpaces() }
        let interactive: Bool
        if settings.contains(where: {
            ["interactive=no", "interactive=false", "interactive=off", "interactive=0"].contains($0)
        }) {
            interactive = false
        } else if settings.contains(where: {
            ["interactive=yes", "interactive=true", "interactive=on", "interactive=1"].contains($0)
        }) {
            interactive = true
        } else {
            interactive = isatty(0) == 1 && isatty(1) == 1
        }
        chainToBacktracer = interactive ? 0 : 1
        // The runtime's backtracer, when it runs, holds SIGSEGV before anything else is installed.
        var segv = sigaction()
        sigaction(SIGSEGV, nil, &segv)
        let hasBacktracer =
            segv.sa_flags & SA_SIGINFO != 0
            ? segv.__sigaction_handler.sa_sigaction != nil
            : segv.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) > 1 } ?? false
        backtracerMissing = hasBacktracer ? 0 : 1
        let sentence = (hasBacktracer ? CommandText.crashReport : CommandText.crashReportWithoutBacktrace)(language)
        let parts = pieces(of: sentence, between: "{signal}")
        func store(_ text: String) -> (UnsafeMutablePointer<UInt8>, Int) {
            let bytes = Array(text.utf8)
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
            buffer.initialize(from: bytes, count: bytes.count)
            return (buffer, bytes.count)
        }
        (reportHead, reportHeadCount) = store("palette-tui: " + (parts.first ?? ""))
        (reportTail, reportTailCount) = store((parts.count > 1 ? parts[1] : "") + "\n")
        signal(SIGXFSZ, SIG_IGN)
        for s in fatalSignals { installFatalHandler(s) }
    }

    /// Wraps ncurses' SIGWINCH handler (installed by `newterm`, which notes the resize for its
    /// own updates) so a resize also wakes the loop and `takeResizeRequest` says so.
    static func installAfterTerminal() {
        install(SIGWINCH, onResizeSignal)
    }

    /// The quit signal received so far, if any.
    static var quitSignal: Int32? {
        receivedQuitSignal == 0 ? nil : receivedQuitSignal
    }

    /// True once per SIGTSTP received.
    static func takeStopRequest() -> Bool {
        guard receivedStop != 0 else { return false }
        receivedStop = 0
        return true
    }

    /// True once per SIGWINCH received (or several that came before the loop looked).
    static func takeResizeRequest() -> Bool {
        guard receivedResize != 0 else { return false }
        receivedResize = 0
        return true
    }

    /// Stops the process as SIGTSTP's default action would (so the shell reports it
    /// suspended), and returns when it is continued.
    static func stopProcess() {
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        sigaction(SIGTSTP, &defaultAction, nil)
        // Unblocked on this thread for the moment (the UI thread inherits the mask of the
        // Swift task that started it, which blocks it), so raise(3) stops the process before
        // it returns, and returns only once the process is continued.
        var stop = sigset_t()
        var saved = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &stop, &saved)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &saved, nil)
        install(SIGTSTP, onStopSignal)
    }

    /// Stops waking the loop (its pipe is about to close) and gives SIGWINCH back to ncurses.
    /// The quit handlers stay: a SIGTERM while history is being flushed must not cut a write.
    static func detachFromLoop() {
        sigaction(SIGWINCH, previousActions + Int(SIGWINCH), nil)
        sigaction(SIGTSTP, previousActions + Int(SIGTSTP), nil)
        wakeFD = -1
    }
}

/// `text` cut at every `marker`, as Foundation's `components(separatedBy:)` cuts it, in the
/// standard library: Foundation's first string search at start-up looked its generic types up by
/// name, about 0.1 ms of the first frame.
func pieces(of text: String, between marker: String) -> [String] {
    let bytes = Array(text.utf8)
    let mark = Array(marker.utf8)
    guard !mark.isEmpty else { return [text] }
    var pieces: [String] = []
    var start = 0
    var i = 0
    while i + mark.count <= bytes.count {
        if bytes[i..<(i + mark.count)].elementsEqual(mark) {
            pieces.append(String(decoding: bytes[start..<i], as: UTF8.self))
            i += mark.count
            start = i
        } else {
            i += 1
        }
    }
    pieces.append(String(decoding: bytes[start...], as: UTF8.self))
    return pieces
}
