import CNcurses
import FoundationEssentials
import Glibc
import PaletteCore
import ScreenCore

/// The ncurses screen: with `TerminalReset` (which it arms for a crash), the only code in the
/// project that talks to the terminal.
///
/// Not thread-safe, like ncurses itself: one thread creates it, draws, reads keys and closes it.
/// The caller waits for stdin to become readable and then calls `readEvents`, which reads
/// it once, so an idle app sleeps in poll(2) instead of spinning.
public final class Screen {
    /// The colour mode chosen when the terminal was opened.
    public let colorMode: ColorMode

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private var decoder = KeyDecoder()
    private var keyBytes: KeyBytes
    private var rawInputs: [RawInput] = []
    private var eventBuffer: [InputEvent] = []
    /// One read(2) a wake takes up to this many bytes (a paste comes in a few wakes).
    private static let readSize = 16 * 1024
    private let readBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Screen.readSize)
    private var painter: ScreenPainter
    private var pendingWrites: [[UInt8]] = []
    /// Whether the terminal shows its cursor (nil: not known). The screen writes `civis` and
    /// `cnorm` itself, inside its frames, so ncurses never learns the cursor was hidden: what it
    /// would have restored at `endwin` (on suspend and close) the screen restores.
    var cursorVisible: Bool? {
        get { painter.cursorShown }
        set { painter.cursorShown = newValue }
    }
    private(set) var isClosed = false
    /// Until when an answer to `askBackground` is taken, and whether a DA1 answer ends the wait
    /// sooner; nil when nothing was asked or the wait is over.
    private var backgroundWait: (until: ContinuousClock.Instant, endsWithDA1: Bool)?

    /// The bracketed-paste mode switches (terminfo `BE`/`BD` in ncurses 6.4's xterm entries;
    /// written by hand because most entries lack them yet every modern terminal supports them).
    static let bracketedPasteOn: [UInt8] = Array("\u{1B}[?2004h".utf8)
    static let bracketedPasteOff: [UInt8] = Array("\u{1B}[?2004l".utf8)

    /// Opens the terminal on stdin/stdout, or explains in one sentence why it cannot.
    ///
    /// Uses `newterm`, never `initscr` (which exits the process when TERM is unknown). When the
    /// environment promises 24-bit colour, the matching `*-direct` entry is tried first.
    public static func open(colorRequest: ColorRequest, environment: [String: String]) throws(TerminalSetupError)
        -> Screen
    {
        guard isatty(0) == 1, isatty(1) == 1 else { throw .notATerminal }
        // ncurses draws on stdout (fd 1) and reads stdin (fd 0): a crash resets that terminal.
        TerminalReset.arm(input: 0, output: 1)
        _ = pt_setlocale_utf8()
        let term = environment["TERM"]
        var opened: (OpaquePointer, String)?
        if let direct = ColorChoice.directTerminalName(request: colorRequest, environment: environment),
            let sp = direct.withCString({ pt_newterm($0) })
        {
            opened = (sp, direct)
        }
        if opened == nil, let term, !term.isEmpty, let sp = pt_newterm(nil) {
            opened = (sp, term)
        }
        guard let (sp, name) = opened else {
            TerminalReset.disarm()
            throw .unknownTerminal(term)
        }
        guard pt_has_string_cap("cup") == 1 else {
            endwin()
            delscreen(sp)
            TerminalReset.disarm()
            throw .noCursorAddressing(name)
        }
        // terminfo's numbers, not the COLORS global, which stays 0 until start_color().
        let capabilities = TerminalCapabilities(
            hasColors: has_colors(), rgbFlag: tigetflag("RGB") > 0,
            colors: Int(max(tigetnum("colors"), 0)))
        let mode = ColorChoice.mode(request: colorRequest, environment: environment, capabilities: capabilities)
        return Screen(screen: sp, colorMode: mode, escapeDelaySet: environment["ESCDELAY"] != nil)
    }

    private init(screen: OpaquePointer, colorMode: ColorMode, escapeDelaySet: Bool) {
        self.screen = screen
        self.colorMode = colorMode
        window = pt_stdscr()
        // No typeahead checks in the updates ncurses still makes (its first, after a resize,
        // on resume): one would poll(2) stdin, or put the update off, for nothing.
        typeahead(-1)
        raw()
        noecho()
        nonl()
        // Keypad mode (`smkx`): the keys send terminfo's strings, and `keypad` builds the
        // table of them that `KeyBytes` reads. ncurses never reads a key itself.
        keypad(window, true)
        // A lone Esc otherwise waits a full second for the rest of an escape sequence.
        if !escapeDelaySet { set_escdelay(25) }
        keyBytes = KeyBytes(
            escapeDelay: .milliseconds(Int(max(get_escdelay(), 0))),
            mayStartSequence: KeySequenceTable.ncursesMayStart(with:)
        ) { KeySequenceTable.fromNcurses() }
        painter = ScreenPainter(strings: .fromTerminfo(), colorMode: colorMode)
        // ncurses' one update of its own (the alternate screen, a clear); after this it writes
        // only on resume, which the runtime follows with a full repaint.
        wrefresh(window)
        pendingWrites.append(Screen.bracketedPasteOn)
    }

    deinit {
        close()
        readBuffer.deallocate()
    }

    /// The terminal's size in cells, as ncurses last saw it.
    public var size: (width: Int, height: Int) {
        (Int(pt_getmaxx(window)), Int(pt_getmaxy(window)))
    }

    /// True while a bracketed paste has started and not ended.
    public var isInPaste: Bool { decoder.isInPaste }

    /// Readable reads in a row that gave nothing (outside a paste).
    private var emptyReads = 0
    /// How many such reads mean the terminal has gone.
    static let emptyReadsAtEnd = 64
    /// True once the terminal has reached end of file: readable, again and again, with nothing
    /// to read (a hung-up terminal whose POLLHUP never came). The runtime ends as on SIGHUP.
    public private(set) var isAtEndOfInput = false

    /// Reads the terminal once (when `inputReady`: the caller's poll said stdin is readable)
    /// and returns the events decoded so far: keys, a paste, and what waited for its deadline
    /// (a lone Esc after ESCDELAY, a paste whose end marker never came).
    ///
    /// One read(2) a wake, where ncurses made one a byte and polled with its escape timer
    /// between the bytes of a sequence; `KeyBytes` decodes them as ncurses did.
    public func readEvents(inputReady: Bool = false) -> [InputEvent] {
        // The clock is read once, when something needs the time: a deadline to check or set
        // (a key that comes whole, most of them, needs none).
        var clock: ContinuousClock.Instant?
        func now() -> ContinuousClock.Instant {
            if let clock { return clock }
            let read = ContinuousClock.now
            clock = read
            return read
        }
        rawInputs.removeAll(keepingCapacity: true)
        if inputReady {
            let count = read(0, readBuffer.baseAddress, Screen.readSize)
            if count > 0 {
                keyBytes.feed(UnsafeBufferPointer(rebasing: readBuffer[..<count]), at: now(), into: &rawInputs)
            }
        }
        if case .some = keyBytes.deadline { keyBytes.expire(at: now(), into: &rawInputs) }
        // The buffer of the last call, reused: the caller has let that array go by now.
        var events = eventBuffer
        eventBuffer = []
        events.removeAll(keepingCapacity: true)
        for input in rawInputs {
            switch input {
            case .background(let colour):
                // The first answer within the deadline counts; a late one is read and dropped.
                if let wait = backgroundWait, now() <= wait.until { events.append(.background(colour)) }
                backgroundWait = nil
            case .deviceAttributes:
                if backgroundWait?.endsWithDA1 == true { backgroundWait = nil }
            default:
                if let event = decoder.feed(input, at: now()) { events.append(event) }
            }
        }
        // A paste whose end marker never came is taken as it is once its deadline passes.
        if case .some = decoder.deadline, let event = decoder.expire(at: now()) { events.append(event) }
        eventBuffer = events
        if inputReady && events.isEmpty && !decoder.isInPaste {
            emptyReads += 1
            if emptyReads > Screen.emptyReadsAtEnd { isAtEndOfInput = true }
        } else {
            emptyReads = 0
        }
        return events
    }

    /// Takes the terminal's new size after SIGWINCH (`TIOCGWINSZ`), so `size` and ncurses'
    /// own idea of it (which `endwin` and resuming use) follow; true when it was read.
    @discardableResult
    public func updateSize() -> Bool {
        var ws = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_row > 0, ws.ws_col > 0 else { return false }
        resize_term(Int32(ws.ws_row), Int32(ws.ws_col))
        return true
    }

    /// When `readEvents` must be called again even if no input comes (an open paste's
    /// deadline); nil when only input matters.
    public var inputDeadline: ContinuousClock.Instant? {
        switch (decoder.deadline, keyBytes.deadline) {
        case (let paste?, let bytes?): return min(paste, bytes)
        case (let paste, let bytes): return paste ?? bytes
        }
    }

    /// Asks the terminal for its background (OSC 11, DA1 behind it; `BackgroundQuestion`) and
    /// returns at once: nothing waits for the answer. `readEvents` gives it as
    /// `InputEvent.background` when it comes within `BackgroundQuestion.deadline`; later, or
    /// after the DA1 answer, it is read and dropped (never typed). Inside tmux, whose own DA1
    /// answer comes before the outer terminal's OSC 11 answer through the passthrough, only
    /// the deadline ends the wait.
    public func askBackground(insideTmux: Bool) {
        guard !isClosed else { return }
        Screen.writeAll(BackgroundQuestion.query(insideTmux: insideTmux))
        backgroundWait = (ContinuousClock.now + BackgroundQuestion.deadline, !insideTmux)
    }

    /// Queues bytes to write straight to the terminal after the next refresh (OSC 52), so
    /// they never land inside a half-written ncurses update.
    public func writeAfterRefresh(_ bytes: [UInt8]) {
        pendingWrites.append(bytes)
    }

    /// Forgets what is on screen, so the next `draw` repaints every cell (Ctrl-L, a resize).
    public func invalidate() {
        painter.invalidate()
    }

    // MARK: - Drawing

    /// Shows `canvas`: the cells that changed since the last frame go to the terminal in one
    /// write, as `ScreenPainter` and `TerminalWriter` encode them. A frame that changes nothing
    /// (the same cells and cursor, nothing queued) writes nothing.
    ///
    /// ncurses keeps the terminal's modes, the alternate screen, keys, the cursor's visibility
    /// and the way out (`endwin`); it is not handed the cells, so its own picture of the screen
    /// stays blank and its `doupdate` (colour pairs, `tparm` for every change, its own diff) is
    /// not paid on every key. Anything ncurses writes later (after a resize or a resume) is
    /// followed by a full repaint.
    public func draw(_ canvas: Canvas) {
        guard !isClosed else { return }
        // The cursor is hidden before the frame's cells and shown after them, where it belongs,
        // inside the frame's one write.
        let (changed, _) = painter.paint(canvas, size: size)
        guard changed || !pendingWrites.isEmpty else { return }
        painter.bytes.withUnsafeBytes { Screen.writeAll($0) }
        flushPendingWrites()
    }

    private func flushPendingWrites() {
        for bytes in pendingWrites {
            Screen.writeAll(bytes)
        }
        pendingWrites.removeAll()
    }

    /// Writes bytes to the terminal (fd 1), retrying short writes and EINTR.
    static func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeAll($0) }
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let n = write(1, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }

    // MARK: - Suspending

    /// Gives the terminal back (as on quit) before the process stops for job control.
    public func suspend() {
        guard !isClosed else { return }
        giveTerminalBack()
    }

    /// What is queued, the normal look, the terminal's own colours and its cursor, then
    /// ncurses' `endwin` (the shell's modes and screen) and bracketed paste off: the terminal
    /// as it was before the app, for a suspend and for the way out.
    private func giveTerminalBack() {
        flushPendingWrites()
        restoreNormalLook()
        TerminalReset.restoreColours()
        showCursorIfHidden()
        endwin()
        Screen.writeAll(Screen.bracketedPasteOff)
    }

    /// Takes the terminal again after `suspend`; the next `draw` repaints everything.
    ///
    /// The update brings ncurses back from `endwin` (program modes, the alternate screen,
    /// keypad mode) and clears the screen; the frame is drawn over it.
    public func resume() {
        guard !isClosed else { return }
        doupdate()
        // Keypad mode again (`smkx`), which `endwin` left and ncurses restored only when it
        // read a key; and the size, which may have changed while the process was stopped.
        keypad(window, true)
        updateSize()
        invalidate()
        pendingWrites.append(Screen.bracketedPasteOn)
    }

    /// A frame leaves the terminal in the look of its last cell: the normal look comes back
    /// before anything else writes (ncurses at `endwin`, the shell, a preview).
    func restoreNormalLook() {
        let bytes = painter.normalLook()
        if !bytes.isEmpty { Screen.writeAll(bytes) }
    }

    /// The shell gets its cursor back (ncurses' `endwin` would have done it had it hidden the
    /// cursor); the next frame hides it again if it must.
    private func showCursorIfHidden() {
        if cursorVisible == false { Screen.writeAll(painter.writer.cursorString(visible: true)) }
        cursorVisible = nil
    }

    /// Hides the cursor now (for output that is not a frame, such as the theme preview).
    func hideCursor() {
        guard cursorVisible != false else { return }
        Screen.writeAll(painter.writer.cursorString(visible: false))
        cursorVisible = false
    }

    // MARK: - Closing

    /// Restores the terminal: leaves bracketed paste and the alternate screen, restores modes.
    /// Safe to call more than once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        giveTerminalBack()
        delscreen(screen)
        TerminalReset.disarm()
    }
}
