import Foundation
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
/// The actions our handlers replaced, indexed by signal number: crashes chain to the Swift
/// runtime's backtracer, SIGWINCH chains to ncurses' own handler.
nonisolated(unsafe) private let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))

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

private func onCrashSignal(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    // The terminal's modes and reset bytes are TerminalUI's; they go to the screen's terminal.
    TerminalReset.restoreAfterCrash()
    // Call the previous handler (the Swift runtime's backtracer) directly rather than
    // re-raising: it returns after printing its report, and a signal sent with kill(2) would
    // then simply resume the program instead of ending it.
    let previous = previousActions[Int(signal)]
    if previous.sa_flags & SA_SIGINFO != 0, let action = previous.__sigaction_handler.sa_sigaction {
        action(signal, info, context)
    } else if let handler = previous.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) > 1 {
        handler(signal)
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

private func install(_ signal: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    // No SA_RESTART: a blocked poll(2) must return EINTR so the loop sees the flag at once.
    action.sa_flags = 0
    sigaction(signal, &action, previousActions + Int(signal))
}

private func installCrashHandler(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = onCrashSignal
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
        TerminalReset.prepare()
        signal(SIGPIPE, SIG_IGN)
        for s in [SIGINT, SIGTERM, SIGHUP] { install(s, onQuitSignal) }
        // The loop suspends on SIGTSTP itself, on its own thread. ncurses would otherwise
        // install a handler that runs endwin on whichever thread takes the signal, and
        // switch SIGTSTP off and on around every screen update (two syscalls a frame).
        install(SIGTSTP, onStopSignal)
        for s in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { installCrashHandler(s) }
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
