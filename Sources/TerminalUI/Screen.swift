import CNcurses
import Foundation
import PaletteApp
import PaletteCore

/// The ncurses screen: with `TerminalReset` (which it arms for a crash), the only code in the
/// project that talks to the terminal.
///
/// Not thread-safe, like ncurses itself: one thread creates it, draws, reads keys and closes it.
/// Input is read without blocking (`nodelay`); the caller waits for stdin to become readable
/// and then calls `readEvents`, so an idle app sleeps in poll(2) instead of spinning.
public final class Screen {
    /// The colour mode chosen when the terminal was opened.
    public let colorMode: ColorMode

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private var decoder = KeyDecoder()
    private var painter: ScreenPainter
    private var pendingWrites: [[UInt8]] = []
    var cursorVisible: Bool?
    private(set) var isClosed = false

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
        keypad(window, true)
        nodelay(window, true)
        // A lone Esc otherwise waits a full second for the rest of an escape sequence.
        if !escapeDelaySet { set_escdelay(25) }
        painter = ScreenPainter(strings: .fromTerminfo(), colorMode: colorMode)
        // ncurses' one update of its own (the alternate screen, a clear). stdscr starts out
        // touched, and `wget_wch` refreshes a touched window before it reads, which would write
        // (a cursor move at least) behind the frames' back; after this, ncurses writes during
        // reads only after a resize, which the runtime follows with a full repaint.
        wrefresh(window)
        "\u{1B}[200~".withCString { _ = define_key($0, KeyDecoder.pasteStartCode) }
        "\u{1B}[201~".withCString { _ = define_key($0, KeyDecoder.pasteEndCode) }
        pendingWrites.append(Screen.bracketedPasteOn)
    }

    deinit {
        close()
    }

    /// The terminal's size in cells, as ncurses last saw it.
    public var size: (width: Int, height: Int) {
        (Int(pt_getmaxx(window)), Int(pt_getmaxy(window)))
    }

    /// True while a bracketed paste has started and not ended.
    public var isInPaste: Bool { decoder.isInPaste }

    /// Reads every input ncurses has without waiting, decoded into events.
    ///
    /// Reads until ncurses says there is nothing left: bytes it pushed back while matching a key
    /// sequence sit in its own queue, where poll(2) on the descriptor cannot see them. With
    /// `inputReady` (the caller's poll said stdin is readable), the first read blocks instead,
    /// which saves the poll(2) ncurses makes before each non-blocking read: the bytes are
    /// there, and at end of file read(2) returns at once.
    public func readEvents(inputReady: Bool = false) -> [InputEvent] {
        var events: [InputEvent] = []
        var ch: wint_t = 0
        var blocking = inputReady
        if blocking { nodelay(window, false) }
        while true {
            let rc = wget_wch(window, &ch)
            if blocking {
                nodelay(window, true)
                blocking = false
            }
            if rc == ERR { break }
            let input: RawInput = rc == KEY_CODE_YES ? .keyCode(Int32(bitPattern: ch)) : .character(ch)
            if let event = decoder.feed(input, at: .now) { events.append(event) }
        }
        // A paste whose end marker never came is taken as it is once its deadline passes.
        if let event = decoder.expire(at: .now) { events.append(event) }
        return events
    }

    /// When `readEvents` must be called again even if no input comes (an open paste's
    /// deadline); nil when only input matters.
    public var inputDeadline: ContinuousClock.Instant? { decoder.deadline }

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
        let (changed, cursor) = painter.paint(canvas, size: size)
        guard changed || !pendingWrites.isEmpty else { return }
        // Hidden before the frame is written, shown once it is, where it belongs.
        if cursor == nil, cursorVisible != false {
            curs_set(0)
            cursorVisible = false
        }
        painter.bytes.withUnsafeBytes { Screen.writeAll($0) }
        if cursor != nil, cursorVisible != true {
            curs_set(1)
            cursorVisible = true
        }
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
        flushPendingWrites()
        TerminalReset.restoreColours()
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
        invalidate()
        pendingWrites.append(Screen.bracketedPasteOn)
    }

    // MARK: - Closing

    /// Restores the terminal: leaves bracketed paste and the alternate screen, restores modes.
    /// Safe to call more than once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        flushPendingWrites()
        TerminalReset.restoreColours()
        if cursorVisible == false { curs_set(1) }
        endwin()
        Screen.writeAll(Screen.bracketedPasteOff)
        delscreen(screen)
        TerminalReset.disarm()
    }
}
