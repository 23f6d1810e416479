import FoundationEssentials
import Glibc
import Synchronization

// Read by a crash handler, which may only touch plain memory and call async-signal-safe
// functions: C-like globals, written by `arm`/`disarm` on the UI thread and touched once by
// `prepare` before any handler is installed (so no lazy initialisation runs inside a handler).

nonisolated(unsafe) private var armed: sig_atomic_t = 0
nonisolated(unsafe) private var inputFD: Int32 = 0
nonisolated(unsafe) private var outputFD: Int32 = 1
nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var hasSavedModes = false
/// 1 while the terminal shows colours the app set (the theme preview): every way out resets them.
nonisolated(unsafe) private var coloursChanged: sig_atomic_t = 0

/// Default attributes, cursor shown, bracketed paste off, cursor keys and keypad back to normal
/// mode (xterm's `rmkx`), alternate screen left.
private let resetSequence: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1l\u{1B}>\u{1B}[?1049l\r\n"

/// The terminal's own palette, foreground, background and cursor colour back (OSC 104, 110,
/// 111, 112), for after the theme preview's OSC 4, 10, 11, 12.
private let colourResetSequence: StaticString =
    "\u{1B}]104\u{1B}\\\u{1B}]110\u{1B}\\\u{1B}]111\u{1B}\\\u{1B}]112\u{1B}\\"

/// Puts the terminal back when the process dies without closing the screen (a crash).
///
/// `Screen` arms it when it opens, with the descriptors it was opened on, and disarms it when it
/// closes; a crash handler calls `restoreAfterCrash()`. The reset goes to the terminal the
/// screen draws on, not to standard error, which may be a log file (`palette-tui 2>log`).
public enum TerminalReset {
    /// Touches every value a crash handler reads; call before installing the handler.
    public static func prepare() {
        _ = armed
        _ = inputFD
        _ = outputFD
        _ = hasSavedModes
        withUnsafeMutablePointer(to: &savedModes) { _ = $0 }
        _ = resetSequence.utf8CodeUnitCount
        _ = coloursChanged
        _ = colourResetSequence.utf8CodeUnitCount
    }

    /// Remembers the terminal modes of `input` and the descriptor the screen draws on. Call
    /// before anything changes the terminal's modes.
    static func arm(input: Int32, output: Int32) {
        inputFD = input
        outputFD = output
        hasSavedModes = tcgetattr(input, &savedModes) == 0
        armed = 1
    }

    /// The screen restored the terminal itself: nothing to do after a crash any more.
    static func disarm() {
        armed = 0
    }

    /// True between `arm` and `disarm`.
    public static var isArmed: Bool { armed != 0 }

    /// Restores the saved terminal modes and writes the reset sequence to the screen's
    /// terminal. Async-signal-safe; does nothing unless armed.
    public static func restoreAfterCrash() {
        guard armed != 0 else { return }
        armed = 0
        if hasSavedModes { tcsetattr(inputFD, TCSAFLUSH, &savedModes) }
        if coloursChanged != 0 {
            coloursChanged = 0
            _ = write(outputFD, colourResetSequence.utf8Start, colourResetSequence.utf8CodeUnitCount)
        }
        _ = write(outputFD, resetSequence.utf8Start, resetSequence.utf8CodeUnitCount)
    }

    /// The bytes that give the terminal its own colours back.
    public static var colourReset: [UInt8] {
        Array(UnsafeBufferPointer(start: colourResetSequence.utf8Start, count: colourResetSequence.utf8CodeUnitCount))
    }

    /// The app has set the terminal's colours: a crash, a signal or a quit resets them.
    static func markColoursChanged() {
        coloursChanged = 1
    }

    /// True while the terminal shows colours the app set.
    public static var areColoursChanged: Bool { coloursChanged != 0 }

    /// Writes the colour reset to the screen's terminal if the app changed its colours.
    static func restoreColours() {
        guard coloursChanged != 0 else { return }
        coloursChanged = 0
        _ = write(outputFD, colourResetSequence.utf8Start, colourResetSequence.utf8CodeUnitCount)
    }
}

/// Bytes for the terminal produced off the UI thread (the OSC 52 clipboard sequence), held
/// until the UI thread hands them to the screen, which writes them after its next frame so they
/// never land inside a half-written update.
public final class TerminalOutbox: Sendable {
    private let queued = Mutex<[[UInt8]]>([])

    public init() {}

    /// Queues `bytes`; callable from any thread.
    public func post(_ bytes: [UInt8]) {
        queued.withLock { $0.append(bytes) }
    }

    /// Takes everything queued, in order.
    public func drain() -> [[UInt8]] {
        queued.withLock { queued in
            defer { queued.removeAll() }
            return queued
        }
    }
}
