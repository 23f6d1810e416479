import CNcurses
import Foundation
import PaletteApp
import PaletteCore

/// The ncurses screen: the only type in the project that talks to the terminal.
///
/// Not thread-safe, like ncurses itself: one thread creates it, draws, reads keys and closes it.
/// Input is read without blocking (`nodelay`); the caller waits for stdin to become readable
/// and then calls `readEvents`, so an idle app sleeps in poll(2) instead of spinning.
public final class Screen {
    /// The colour mode chosen when the terminal was opened.
    public let colorMode: ColorMode
    /// The terminfo entry in use, `tmux-direct` after a COLORTERM upgrade.
    public let terminalName: String

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let mapper: ColorMapper
    private var decoder = KeyDecoder()
    private var pairs: PairCache
    private var styleCache: [Style: (attrs: attr_t, pair: Int32)] = [:]
    /// ncurses colour numbers by colour: in 256-colour mode each is a CIEDE2000 search over
    /// 240 entries (about 45 µs), and a palette's colours come back in several styles.
    private var colorNumbers: [RGB: Int32] = [:]
    private var drawn: Canvas?
    private var pendingWrites: [[UInt8]] = []
    private var cursorVisible: Bool?
    private var isClosed = false

    /// The bracketed-paste mode switches (terminfo `BE`/`BD` in ncurses 6.4's xterm entries;
    /// written by hand because most entries lack them yet every modern terminal supports them).
    static let bracketedPasteOn: [UInt8] = Array("\u{1B}[?2004h".utf8)
    static let bracketedPasteOff: [UInt8] = Array("\u{1B}[?2004l".utf8)

    /// Opens the terminal on stdin/stdout, or explains in one sentence why it cannot.
    ///
    /// Uses `newterm`, never `initscr` (which exits the process when TERM is unknown). When the
    /// environment promises 24-bit colour, the matching `*-direct` entry is tried first.
    public static func open(colorRequest: ColorRequest, environment: [String: String]) throws(TerminalSetupError) -> Screen {
        guard isatty(0) == 1, isatty(1) == 1 else { throw .notATerminal }
        _ = pt_setlocale_utf8()
        let term = environment["TERM"]
        var opened: (OpaquePointer, String)?
        if let direct = ColorChoice.directTerminalName(request: colorRequest, environment: environment),
           let sp = direct.withCString({ pt_newterm($0) }) {
            opened = (sp, direct)
        }
        if opened == nil, let term, !term.isEmpty, let sp = pt_newterm(nil) {
            opened = (sp, term)
        }
        guard let (sp, name) = opened else { throw .unknownTerminal(term) }
        guard pt_has_string_cap("cup") == 1 else {
            endwin()
            delscreen(sp)
            throw .noCursorAddressing(name)
        }
        // terminfo's numbers, not the COLORS global, which stays 0 until start_color().
        let capabilities = TerminalCapabilities(hasColors: has_colors(), rgbFlag: tigetflag("RGB") > 0,
                                                colors: Int(max(tigetnum("colors"), 0)))
        let mode = ColorChoice.mode(request: colorRequest, environment: environment, capabilities: capabilities)
        return Screen(screen: sp, terminalName: name, colorMode: mode, escapeDelaySet: environment["ESCDELAY"] != nil)
    }

    private init(screen: OpaquePointer, terminalName: String, colorMode: ColorMode, escapeDelaySet: Bool) {
        self.screen = screen
        self.terminalName = terminalName
        self.colorMode = colorMode
        window = pt_stdscr()
        mapper = ColorMapper(mode: colorMode)
        Screen.leaveInitialState()
        // No typeahead checks: ncurses would poll(2) stdin every few changed lines of each
        // update, and the loop already reads every pending key before it draws.
        typeahead(-1)
        raw()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        // A lone Esc otherwise waits a full second for the rest of an escape sequence.
        if !escapeDelaySet { set_escdelay(25) }
        if colorMode != .none {
            start_color()
            use_default_colors()
        }
        pairs = PairCache(capacity: colorMode == .none ? 2 : min(pt_color_pairs(), 32_767))
        "\u{1B}[200~".withCString { _ = define_key($0, KeyDecoder.pasteStartCode) }
        "\u{1B}[201~".withCString { _ = define_key($0, KeyDecoder.pasteEndCode) }
        pendingWrites.append(Screen.bracketedPasteOn)
    }

    deinit {
        close()
    }

    /// Takes a fresh screen through `endwin` and one update, before any mode or colour is set.
    ///
    /// ncurses (6.x, `_nc_mvcur` in lib_mvcur.c) flushes its output buffer after every cursor
    /// motion while a screen is still in its initial state, which only a suspend and resume
    /// ends. A frame then goes out as one write(2) per changed line, each a trip through the
    /// tty layer that wakes the terminal. After this, a frame is one write. It must happen
    /// before `start_color`: resuming with colours on would send `oc`, resetting the
    /// terminal's palette. Output: leaving and re-entering the alternate screen, and a clear,
    /// before the first frame.
    private static func leaveInitialState() {
        endwin()
        doupdate()
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
    /// sequence sit in its own queue, where poll(2) on the descriptor cannot see them.
    public func readEvents() -> [InputEvent] {
        var events: [InputEvent] = []
        var ch: wint_t = 0
        while true {
            let rc = wget_wch(window, &ch)
            if rc == ERR { break }
            let input: RawInput = rc == KEY_CODE_YES ? .keyCode(Int32(bitPattern: ch)) : .character(ch)
            if let event = decoder.feed(input) { events.append(event) }
        }
        return events
    }

    /// Ends a paste whose end marker never arrived, so its text is kept.
    public func flushPaste() -> InputEvent? {
        decoder.flushPaste()
    }

    /// Queues bytes to write straight to the terminal after the next refresh (OSC 52), so
    /// they never land inside a half-written ncurses update.
    public func writeAfterRefresh(_ bytes: [UInt8]) {
        pendingWrites.append(bytes)
    }

    /// Forgets what is on screen, so the next `draw` repaints every cell (Ctrl-L, a resize).
    public func invalidate() {
        drawn = nil
        clearok(window, true)
    }

    // MARK: - Drawing

    /// Shows `canvas`: only the cells that changed since the last frame are handed to ncurses,
    /// which then sends what differs from the terminal in one write. A frame that changes
    /// nothing (the same cells and cursor, nothing queued) costs no ncurses call at all.
    public func draw(_ canvas: Canvas) {
        guard !isClosed else { return }
        var full = drawn.map { $0.width != canvas.width || $0.height != canvas.height } ?? true
        if full { werase(window) }
        let result = drawRows(canvas, full: full)
        if !result.pairsIntact {
            // The pair cache started over mid-frame: pairs already on screen may now mean other
            // colours, so repaint everything with the fresh numbering.
            full = true
            clearok(window, true)
            _ = drawRows(canvas, full: true)
        }
        let cursorMoved = drawn.map { $0.cursor?.x != canvas.cursor?.x || $0.cursor?.y != canvas.cursor?.y } ?? true
        drawn = canvas
        guard full || result.changed || cursorMoved || !pendingWrites.isEmpty else { return }
        placeCursor(canvas)
        wnoutrefresh(window)
        doupdate()
        flushPendingWrites()
    }

    /// Hands ncurses the cells that differ from the last frame: in each changed row, the span
    /// from the first to the last changed cell, widened so no wide character is cut. Returns
    /// whether any cell changed, and false for `pairsIntact` when the pair cache was reset.
    private func drawRows(_ canvas: Canvas, full: Bool) -> (changed: Bool, pairsIntact: Bool) {
        let (screenWidth, screenHeight) = size
        let width = min(canvas.width, screenWidth), height = min(canvas.height, screenHeight)
        var cell = cchar_t()
        var text = [wchar_t](repeating: 0, count: 8)
        var pairsIntact = true
        var changed = false
        // Attributes are looked up once per run of cells with the same style.
        var runStyle: Style?
        var runAttrs = pt_a_normal()
        var runPair: Int32 = 0
        for y in 0..<height {
            let start = y * canvas.width
            var span = 0..<width
            if !full, let previous = drawn {
                if Screen.rowsEqual(previous, canvas, from: start, count: canvas.width) { continue }
                span = Screen.changedSpan(previous, canvas, row: y, columns: width)
            }
            changed = true
            var previousWide = false
            for x in span {
                let c = canvas.cells[start + x]
                if c.isContinuation && previousWide {
                    previousWide = false
                    continue
                }
                let columns = Screen.fill(&text, with: c.isContinuation ? " " : c.text, room: width - x)
                previousWide = columns == 2
                if c.style != runStyle {
                    let (attrs, pair, reset) = attributes(for: c.style)
                    if reset { pairsIntact = false }
                    runStyle = c.style
                    runAttrs = attrs
                    runPair = pair
                }
                _ = text.withUnsafeBufferPointer { pt_setcchar(&cell, $0.baseAddress, runAttrs, runPair) }
                _ = mvwadd_wch(window, Int32(y), Int32(x), &cell)
            }
        }
        return (changed, pairsIntact)
    }

    /// The columns of row `y` to redraw: first to last differing cell, widened to whole wide
    /// characters in either frame (a change to either half of one redraws both halves, and a
    /// wide character replacing two narrow ones overwrites both).
    static func changedSpan(_ a: Canvas, _ b: Canvas, row y: Int, columns: Int) -> Range<Int> {
        let start = y * b.width
        var lo = 0
        while lo < columns, a.cells[start + lo] == b.cells[start + lo] { lo += 1 }
        guard lo < columns else { return 0..<0 }
        var hi = columns - 1
        while hi > lo, a.cells[start + hi] == b.cells[start + hi] { hi -= 1 }
        while lo > 0, a.cells[start + lo].isContinuation || b.cells[start + lo].isContinuation { lo -= 1 }
        while hi + 1 < columns, a.cells[start + hi + 1].isContinuation || b.cells[start + hi + 1].isContinuation {
            hi += 1
        }
        return lo..<(hi + 1)
    }

    /// Whether `count` cells from `start` are the same in both canvases (same size).
    ///
    /// Identical bytes mean identical cells, so a memcmp settles the common case (an unchanged
    /// row) without comparing strings; differing bytes (padding, or one string stored two
    /// ways) fall back to `==`.
    static func rowsEqual(_ a: Canvas, _ b: Canvas, from start: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        let same = a.cells.withUnsafeBufferPointer { pa in
            b.cells.withUnsafeBufferPointer { pb in
                memcmp(pa.baseAddress! + start, pb.baseAddress! + start, count * MemoryLayout<Cell>.stride) == 0
            }
        }
        return same || a.cells[start..<(start + count)] == b.cells[start..<(start + count)]
    }

    /// Puts one cell's text in `buffer` as a spacing character plus up to four combining marks,
    /// NUL-terminated; returns its width in columns.
    ///
    /// Defensive, since a stray control character would make ncurses draw `^X` over two
    /// cells: anything unprintable becomes a space, and a wide character with only one column
    /// left becomes a space (ncurses would otherwise wrap it to the next line).
    static func fill(_ buffer: inout [wchar_t], with text: String, room: Int) -> Int {
        let utf8 = text.utf8
        if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
            buffer[0] = wchar_t(byte)
            buffer[1] = 0
            return 1
        }
        var count = 0
        var columns = 1
        for scalar in text.unicodeScalars {
            let w = Int(pt_wcwidth(scalar.value))
            if count == 0 {
                guard w >= 1, !(w == 2 && room < 2) else { break }
                buffer[0] = wchar_t(bitPattern: scalar.value)
                columns = w
                count = 1
            } else if w == 0, count < 5, scalar.properties.generalCategory != .format {
                buffer[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
        }
        if count == 0 {
            buffer[0] = 0x20
            count = 1
            columns = 1
        }
        buffer[count] = 0
        return columns
    }

    private func attributes(for style: Style) -> (attr_t, Int32, Bool) {
        if let cached = styleCache[style] { return (cached.attrs, cached.pair, false) }
        var attrs = pt_a_normal()
        if style.bold { attrs |= pt_a_bold() }
        if style.dim { attrs |= pt_a_dim() }
        if style.reverse { attrs |= pt_a_reverse() }
        if style.underline { attrs |= pt_a_underline() }
        var pair: Int32 = 0
        var reset = false
        if colorMode != .none {
            let fg = colorNumber(style.foreground), bg = colorNumber(style.background)
            let lookup = pairs.lookup(PairCache.Key(foreground: fg, background: bg))
            if lookup.didReset {
                styleCache.removeAll()
                reset = true
            }
            if lookup.needsDefinition { init_extended_pair(lookup.pair, fg, bg) }
            pair = lookup.pair
        }
        styleCache[style] = (attrs, pair)
        return (attrs, pair, reset)
    }

    private func colorNumber(_ color: TermColor) -> Int32 {
        guard case .rgb(let rgb) = color else { return mapper.number(for: color) }
        if let known = colorNumbers[rgb] { return known }
        let number = mapper.number(for: color)
        if colorNumbers.count >= 4096 { colorNumbers.removeAll(keepingCapacity: true) }
        colorNumbers[rgb] = number
        return number
    }

    private func placeCursor(_ canvas: Canvas) {
        let (width, height) = size
        if let cursor = canvas.cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < width, cursor.y < height {
            wmove(window, Int32(cursor.y), Int32(cursor.x))
            if cursorVisible != true {
                curs_set(1)
                cursorVisible = true
            }
        } else if cursorVisible != false {
            curs_set(0)
            cursorVisible = false
        }
    }

    private func flushPendingWrites() {
        for bytes in pendingWrites {
            Screen.writeAll(bytes)
        }
        pendingWrites.removeAll()
    }

    /// Writes bytes to the terminal (fd 1), retrying short writes and EINTR.
    static func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }

    // MARK: - Closing

    /// Restores the terminal: leaves bracketed paste and the alternate screen, restores modes.
    /// Safe to call more than once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        flushPendingWrites()
        if cursorVisible == false { curs_set(1) }
        endwin()
        Screen.writeAll(Screen.bracketedPasteOff)
        delscreen(screen)
    }
}
