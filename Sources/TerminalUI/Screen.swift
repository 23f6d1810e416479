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
    private let mapper: ColorMapper
    private var decoder = KeyDecoder()
    private var pairs: PairCache
    private var styleCache: [Style: (attrs: attr_t, pair: Int32)] = [:]
    /// The styles looked up last, newest last (at most 8).
    private var recentStyles: [(style: Style, attrs: attr_t, pair: Int32)] = []
    /// ncurses colour numbers by colour: in 256-colour mode each is a CIEDE2000 search over
    /// 240 entries (about 45 µs), and a palette's colours come back in several styles.
    private var colorNumbers: [RGB: Int32] = [:]
    /// The cells ncurses was last given, updated row by row in a buffer of their own, so a
    /// frame never shares (and so never forces a copy of) the renderer's canvas.
    private var drawnCells: [Cell] = []
    private var drawnWidth = 0
    private var drawnCursor: (x: Int, y: Int)?
    /// The `Canvas.Revision` id of the frame in `drawnCells`, if it had one.
    private var drawnRevision: UInt64?
    private var pendingWrites: [[UInt8]] = []
    /// The characters of one run of cells, reused from frame to frame.
    private var runBuffer: [wchar_t] = []
    private static let blankText: [wchar_t] = [0x20, 0]
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
        drawnCells = []
        clearok(window, true)
    }

    // MARK: - Drawing

    /// Shows `canvas`: only the cells that changed since the last frame are handed to ncurses,
    /// which then sends what differs from the terminal in one write. A frame that changes
    /// nothing (the same cells and cursor, nothing queued) costs no ncurses call at all.
    public func draw(_ canvas: Canvas) {
        guard !isClosed else { return }
        // Taken out of the property, so it is the buffer's only owner and is updated in place.
        var previous = drawnCells
        drawnCells = []
        var full = previous.count != canvas.cells.count || drawnWidth != canvas.width || canvas.cells.isEmpty
        if full { werase(window) }
        // Drawn over the frame on screen: only the rows it wrote can differ.
        let written = canvas.revision.flatMap { $0.base == drawnRevision ? $0.rows : nil }
        var result = canvas.cells.withUnsafeBufferPointer { new in
            previous.withUnsafeMutableBufferPointer { old in
                drawRows(new, previous: full ? nil : old, written: written, width: canvas.width, height: canvas.height)
            }
        }
        if !result.pairsIntact {
            // The pair cache started over mid-frame: pairs already on screen may now mean other
            // colours, so repaint everything with the fresh numbering.
            full = true
            clearok(window, true)
            result = canvas.cells.withUnsafeBufferPointer {
                drawRows($0, previous: nil, written: nil, width: canvas.width, height: canvas.height)
            }
        }
        if full { previous = canvas.cells }
        drawnCells = previous
        drawnWidth = canvas.width
        drawnRevision = canvas.revision?.id
        let cursorMoved = full || drawnCursor?.x != canvas.cursor?.x || drawnCursor?.y != canvas.cursor?.y
        drawnCursor = canvas.cursor
        guard full || result.changed || cursorMoved || !pendingWrites.isEmpty else { return }
        placeCursor(canvas)
        wnoutrefresh(window)
        doupdate()
        flushPendingWrites()
    }

    /// Hands ncurses the cells that differ from `previous` (nil: every cell), and updates
    /// `previous` to match: in each changed row, the span from the first to the last changed
    /// cell, widened so no wide character is cut. With `written`, rows it does not mark are
    /// known to equal `previous` and are not compared. Returns whether any cell changed, and
    /// false for `pairsIntact` when the pair cache was reset.
    ///
    /// Cells go over in runs of one style: blanks with `whline_set`, text with `waddnwstr`
    /// after one `wattr_set`, rather than a `setcchar` and `mvwadd_wch` per cell; a frame that
    /// recolours the panes changes several hundred cells.
    private func drawRows(
        _ cells: UnsafeBufferPointer<Cell>, previous: UnsafeMutableBufferPointer<Cell>?,
        written: [Bool]?, width canvasWidth: Int,
        height canvasHeight: Int
    ) -> (changed: Bool, pairsIntact: Bool) {
        let (screenWidth, screenHeight) = size
        let width = min(canvasWidth, screenWidth)
        let height = min(canvasHeight, screenHeight)
        if runBuffer.count < width * 6 + 1 { runBuffer = [wchar_t](repeating: 0, count: width * 6 + 1) }
        var pairsIntact = true
        var changed = false
        let stride = MemoryLayout<Cell>.stride
        for y in 0..<height {
            let start = y * canvasWidth
            var span = 0..<width
            if let previous {
                if let written, y < written.count, !written[y] { continue }
                // Identical bytes settle the common case; differing bytes (padding) are
                // compared cell by cell, and an empty span means the row is the same.
                let row = cells.baseAddress! + start
                let old = previous.baseAddress! + start
                if memcmp(row, old, canvasWidth * stride) == 0 { continue }
                span = Canvas.changedSpan(
                    UnsafeBufferPointer(start: old, count: canvasWidth),
                    UnsafeBufferPointer(start: row, count: canvasWidth), columns: width)
                old.update(from: row, count: canvasWidth)
                if span.isEmpty { continue }
            }
            changed = true
            let row = UnsafeBufferPointer(start: cells.baseAddress! + start, count: canvasWidth)
            if !drawRun(row, span: span, y: y, width: width) { pairsIntact = false }
        }
        _ = wattr_set(window, pt_a_normal(), 0, nil)
        return (changed, pairsIntact)
    }

    /// Draws `span` of one row in runs of one style; false when the pair cache was reset.
    private func drawRun(_ row: UnsafeBufferPointer<Cell>, span: Range<Int>, y: Int, width: Int) -> Bool {
        var pairsIntact = true
        var x = span.lowerBound
        var previousWide = false
        while x < span.upperBound {
            let style = row[x].style
            let (attrs, pair, reset) = attributes(for: style)
            if reset { pairsIntact = false }
            // Blanks: one call for the whole stretch.
            var blanks = 0
            while x + blanks < span.upperBound, row[x + blanks].printableASCII == 0x20, row[x + blanks].style == style {
                blanks += 1
            }
            if blanks >= 2 {
                var blank = cchar_t()
                _ = Screen.blankText.withUnsafeBufferPointer { pt_setcchar(&blank, $0.baseAddress, attrs, pair) }
                _ = mvwhline_set(window, Int32(y), Int32(x), &blank, Int32(blanks))
                x += blanks
                previousWide = false
                continue
            }
            // Text: the cells of this style up to the next stretch of blanks.
            var count = 0
            var runX: Int?
            while x < span.upperBound, row[x].style == style {
                let c = row[x]
                if c.printableASCII == 0x20, x + 1 < span.upperBound, row[x + 1].printableASCII == 0x20,
                    row[x + 1].style == style
                {
                    break
                }
                if c.isContinuation && previousWide {
                    previousWide = false
                    x += 1
                    continue
                }
                if runX == nil { runX = x }
                let columns: Int
                if let byte = c.printableASCII {
                    runBuffer[count] = wchar_t(byte)
                    count += 1
                    columns = 1
                } else {
                    columns = Screen.fill(
                        &runBuffer, at: &count, with: c.isContinuation ? " " : c.text, room: width - x)
                }
                previousWide = columns == 2
                x += 1
            }
            guard let runX, count > 0 else { continue }
            var extendedPair = pair
            _ = wattr_set(window, attrs, 0, &extendedPair)
            _ = wmove(window, Int32(y), Int32(runX))
            _ = runBuffer.withUnsafeBufferPointer { waddnwstr(window, $0.baseAddress, Int32(count)) }
        }
        return pairsIntact
    }

    /// Puts one cell's text in `buffer` as a spacing character plus up to four combining marks,
    /// NUL-terminated; returns its width in columns.
    ///
    /// Defensive, since a stray control character would make ncurses draw `^X` over two
    /// cells: anything unprintable becomes a space, and a wide character with only one column
    /// left becomes a space (ncurses would otherwise wrap it to the next line).
    static func fill(_ buffer: inout [wchar_t], with text: String, room: Int) -> Int {
        var count = 0
        let columns = fill(&buffer, at: &count, with: text, room: room)
        buffer[count] = 0
        return columns
    }

    /// `fill` from `buffer[count]` on, not terminated; `count` ends after the cell's characters.
    static func fill(_ buffer: inout [wchar_t], at count: inout Int, with text: String, room: Int) -> Int {
        let utf8 = text.utf8
        if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
            buffer[count] = wchar_t(byte)
            count += 1
            return 1
        }
        let start = count
        var columns = 1
        for scalar in text.unicodeScalars {
            let w = Int(pt_wcwidth(scalar.value))
            if count == start {
                guard w >= 1, !(w == 2 && room < 2) else { break }
                buffer[count] = wchar_t(bitPattern: scalar.value)
                columns = w
                count += 1
            } else if w == 0, count - start < 5, scalar.properties.generalCategory != .format {
                buffer[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
        }
        if count == start {
            buffer[count] = 0x20
            count += 1
            columns = 1
        }
        return columns
    }

    private func attributes(for style: Style) -> (attr_t, Int32, Bool) {
        // A frame uses a handful of styles over and over: compare with the last few before hashing.
        for entry in recentStyles where entry.style == style { return (entry.attrs, entry.pair, false) }
        if let cached = styleCache[style] {
            remember(style, cached.attrs, cached.pair)
            return (cached.attrs, cached.pair, false)
        }
        var attrs = pt_a_normal()
        if style.bold { attrs |= pt_a_bold() }
        if style.dim { attrs |= pt_a_dim() }
        if style.reverse { attrs |= pt_a_reverse() }
        if style.underline { attrs |= pt_a_underline() }
        var pair: Int32 = 0
        var reset = false
        if colorMode != .none {
            let fg = colorNumber(style.foreground)
            let bg = colorNumber(style.background)
            let lookup = pairs.lookup(PairCache.Key(foreground: fg, background: bg))
            if lookup.didReset {
                styleCache.removeAll()
                recentStyles.removeAll()
                reset = true
            }
            if lookup.needsDefinition { init_extended_pair(lookup.pair, fg, bg) }
            pair = lookup.pair
        }
        styleCache[style] = (attrs, pair)
        remember(style, attrs, pair)
        return (attrs, pair, reset)
    }

    private func remember(_ style: Style, _ attrs: attr_t, _ pair: Int32) {
        if recentStyles.count >= 8 { recentStyles.removeFirst() }
        recentStyles.append((style, attrs, pair))
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

    // MARK: - Suspending

    /// Gives the terminal back (as on quit) before the process stops for job control.
    public func suspend() {
        guard !isClosed else { return }
        flushPendingWrites()
        endwin()
        Screen.writeAll(Screen.bracketedPasteOff)
    }

    /// Takes the terminal again after `suspend`; the next `draw` repaints everything.
    public func resume() {
        guard !isClosed else { return }
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
        if cursorVisible == false { curs_set(1) }
        endwin()
        Screen.writeAll(Screen.bracketedPasteOff)
        delscreen(screen)
        TerminalReset.disarm()
    }
}
