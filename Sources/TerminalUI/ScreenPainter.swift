import FoundationEssentials
import Glibc
import PaletteCore
import ScreenCore

/// What the terminal shows and the bytes that change it into the next frame.
///
/// Keeps the cells last written in a buffer of its own, so a frame never shares (and so never
/// forces a copy of) the renderer's canvas. Compares only the rows the canvas's revision marks
/// written (every row when the canvas was not drawn over the frame on screen), `memcmp` first,
/// then writes each changed row's `Canvas.changedSpan` through `TerminalWriter`. Pure apart
/// from the C library's `wcwidth`, so a frame's bytes are tested without a terminal; `Screen`
/// writes them.
struct ScreenPainter {
    private(set) var writer: TerminalWriter
    private let colorMode: ColorMode
    private let mapper: ColorMapper
    /// Looks by their style's `key`, one slot each (a direct-mapped cache): a frame uses a few
    /// dozen styles (each history row's swatches are three), and a look costs its colour numbers
    /// only when its slot held another style.
    private var lookKeys = [UInt64](repeating: ScreenPainter.noKey, count: ScreenPainter.lookSlots)
    private var lookValues = [Look](repeating: .normal, count: ScreenPainter.lookSlots)
    private static let lookSlots = 256
    /// A key no style has (`Style.bits` uses 54 bits).
    static let noKey = UInt64.max
    /// `Style.plain.bits`.
    private static let plainKey = Style.plain.bits
    /// Colour numbers by colour: in 256-colour mode each is a CIEDE2000 search over 240
    /// entries (about 45 µs), and a palette's colours come back in several styles.
    private var colorNumbers: [RGB: Int32] = [:]
    private var drawnCells: [Cell] = []
    private var drawnWidth = 0
    private var drawnCursor: (x: Int, y: Int)?
    /// Whether the terminal shows its cursor (nil: not known).
    var cursorShown: Bool?
    /// The `Canvas.Revision` id of the frame in `drawnCells`, if it had one.
    private var drawnRevision: UInt64?

    init(strings: TerminalStrings, colorMode: ColorMode) {
        writer = TerminalWriter(strings: strings)
        self.colorMode = colorMode
        mapper = ColorMapper(mode: colorMode)
    }

    /// The bytes of the last `paint`.
    var bytes: [UInt8] { writer.bytes }

    /// The bytes that bring the terminal to the normal look, which frames do not end in (empty
    /// when it is in it): for whoever writes next outside a frame (ncurses, the shell, a preview).
    mutating func normalLook() -> [UInt8] {
        writer.normal()
        return writer.bytes
    }

    /// Forgets what is on screen (someone else wrote to it): the next frame clears the screen
    /// and writes every cell.
    mutating func invalidate() {
        drawnCells = []
        writer.forget()
    }

    /// Makes `bytes` the change from the screen to `canvas` on a terminal of `size`, and returns
    /// where the cursor shows (nil: hidden) and whether there is anything to write at all: a
    /// frame that changes no cell and not the cursor leaves `bytes` empty.
    ///
    /// A frame that changes `cursorShown` hides the cursor before its cells and shows it after
    /// them, in its own bytes, so the frame stays one write (ncurses' `curs_set` wrote and
    /// flushed each on its own).
    mutating func paint(_ canvas: Canvas, size: (width: Int, height: Int)) -> (
        changed: Bool, cursor: (row: Int, column: Int)?
    ) {
        // Taken out of the property, so it is the buffer's only owner and is updated in place.
        var previous = drawnCells
        drawnCells = []
        let full = previous.count != canvas.cells.count || drawnWidth != canvas.width || canvas.cells.isEmpty
        // Drawn over the frame on screen: only the rows it wrote can differ.
        let written = canvas.revision.flatMap { $0.base == drawnRevision ? $0.rows : nil }
        var target: (row: Int, column: Int)?
        if let cursor = canvas.cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < size.width, cursor.y < size.height {
            target = (cursor.y, cursor.x)
        }
        writer.begin()
        if target == nil, cursorShown != false {
            writer.cursor(visible: false)
            cursorShown = false
        }
        if full { writer.clear() }
        canvas.cells.withUnsafeBufferPointer { new in
            previous.withUnsafeMutableBufferPointer { old in
                writeRows(
                    new, previous: full ? nil : old, written: written, width: canvas.width,
                    height: canvas.height, size: size)
            }
        }
        if full { previous = canvas.cells }
        drawnCells = previous
        drawnWidth = canvas.width
        drawnRevision = canvas.revision?.id
        let cursorMoved = full || drawnCursor?.x != canvas.cursor?.x || drawnCursor?.y != canvas.cursor?.y
        drawnCursor = canvas.cursor
        writer.end(cursor: target)
        if target != nil, cursorShown != true {
            writer.cursor(visible: true)
            cursorShown = true
        }
        return (!writer.bytes.isEmpty || cursorMoved, target)
    }

    /// Writes the cells that differ from `previous` (nil: the screen was just cleared, so every
    /// cell that is not a plain blank), and updates `previous` to match: in each changed row,
    /// the span from the first to the last changed cell, which never cuts a wide character.
    /// With `written`, rows it does not mark are known to equal `previous` and are not compared.
    private mutating func writeRows(
        _ cells: UnsafeBufferPointer<Cell>, previous: UnsafeMutableBufferPointer<Cell>?,
        written: [Bool]?, width canvasWidth: Int, height canvasHeight: Int,
        size: (width: Int, height: Int)
    ) {
        let width = min(canvasWidth, size.width)
        let height = min(canvasHeight, size.height)
        let stride = MemoryLayout<Cell>.stride
        for y in 0..<height {
            let start = y * canvasWidth
            let row = UnsafeBufferPointer(start: cells.baseAddress! + start, count: canvasWidth)
            var span = 0..<width
            if let previous {
                if let written, y < written.count, !written[y] { continue }
                let old = previous.baseAddress! + start
                // Identical bytes settle the common case (a cell is two words, no padding:
                // equal bytes are equal cells); otherwise the span of the cells that differ.
                if memcmp(row.baseAddress!, old, canvasWidth * stride) == 0 { continue }
                span = Canvas.changedSpan(UnsafeBufferPointer(start: old, count: canvasWidth), row, columns: width)
                if !span.isEmpty {
                    writeSpan(
                        row, span: span, y: y, size: size, cleared: false,
                        old: UnsafeBufferPointer(start: old, count: canvasWidth))
                }
                old.update(from: row.baseAddress!, count: canvasWidth)
                continue
            }
            writeSpan(row, span: span, y: y, size: size, cleared: true, old: nil)
        }
    }

    /// Writes `span` of row `y`: runs of blanks as blanks (skipped on a `cleared` screen when
    /// plain), other cells one by one, the look set once a run of one style. With `old` (the
    /// row on screen), a run of unchanged cells inside the span is moved over instead of
    /// written when its look is not the current one or it is longer than a move (`skippable`).
    ///
    /// Styles are compared as the word a cell stores (`Cell.styleKey`), never unpacked; a look
    /// is built from one only when its cache slot holds another.
    private mutating func writeSpan(
        _ row: UnsafeBufferPointer<Cell>, span: Range<Int>, y: Int,
        size: (width: Int, height: Int), cleared: Bool, old: UnsafeBufferPointer<Cell>?
    ) {
        var end = span.upperBound
        // The bottom-right cell of a terminal that scrolls when it is written is left alone.
        if writer.skipsBottomRight, y == size.height - 1, end == size.width { end -= 1 }
        var x = span.lowerBound
        var previousWide = false
        var lookKey = Self.noKey
        let plainKey = Self.plainKey
        while x < end {
            let cell = row[x]
            if cell.isContinuation && previousWide {
                // The right half of the wide character just written: the terminal moved past it.
                previousWide = false
                x += 1
                continue
            }
            previousWide = false
            let key = cell.styleKey
            // Only a cell the screen shows already starts a run to move over (a changed cell,
            // most of a span, costs one compare here).
            if let old, Self.same(old.baseAddress! + x, row.baseAddress! + x),
                let skip = Self.skippable(old, row, from: x, end: end, lookKey: lookKey)
            {
                x = skip
                continue
            }
            if cell.printableASCII == 0x20 {
                // A run's cells are most often copies of its first: equal words settle them.
                let first = row.baseAddress! + x
                var blanks = 1
                while x + blanks < end,
                    Self.same(first, first + blanks)
                        || (row[x + blanks].printableASCII == 0x20 && row[x + blanks].styleKey == key)
                {
                    blanks += 1
                }
                if !(cleared && key == plainKey) {
                    writer.move(row: y, column: x)
                    if lookKey != key {
                        writer.setLook(look(key: key))
                        lookKey = key
                    }
                    writer.blanks(blanks, width: size.width)
                }
                x += blanks
                continue
            }
            writer.move(row: y, column: x)
            if lookKey != key {
                writer.setLook(look(key: key))
                lookKey = key
            }
            if let byte = cell.printableASCII {
                writer.character(byte, width: size.width)
            } else {
                previousWide = writer.cellText(cell, room: end - x, width: size.width) == 2
            }
            x += 1
        }
    }

    /// Where a run of cells at `x` that the screen already shows ends, when moving over it is
    /// shorter than writing it: its first cell's look is not `lookKey` (writing it would set a
    /// look, and often set the current one back after it), or it is more than `longRun` cells.
    /// nil to write the cells. Only cells of one column each whose bytes are the screen's (equal
    /// values built apart are written, which is never wrong), and never up to the right half of
    /// a wide character (its left half is then written with it).
    static func skippable(
        _ old: UnsafeBufferPointer<Cell>, _ new: UnsafeBufferPointer<Cell>, from x: Int, end: Int, lookKey: UInt64
    ) -> Int? {
        var u = x
        while u < end, !new[u].isContinuation, !old[u].isContinuation,
            same(old.baseAddress! + u, new.baseAddress! + u)
        {
            u += 1
        }
        if u < end, new[u].isContinuation || old[u].isContinuation { u -= 1 }
        guard u > x, u < end else { return nil }
        guard u - x > longRun || new[x].styleKey != lookKey else { return nil }
        return u
    }

    /// Cells of the current look past which a move (`hpa`, at most 5 bytes at 80 columns; `cup`
    /// up to 9) is shorter than writing them.
    static let longRun = 8

    /// Whether two cells are equal: `Cell.==`, two words, inlinable.
    @inline(__always)
    static func same(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
        a.pointee == b.pointee
    }

    /// The terminal look of the style whose `Style.bits` are `key`: attributes, and colour
    /// numbers for the colour mode.
    private mutating func look(key: UInt64) -> Look {
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if lookKeys[slot] == key { return lookValues[slot] }
        let style = Style(bits: key)
        var made = Look(bold: style.bold, dim: style.dim, reverse: style.reverse, underline: style.underline)
        if colorMode != .none {
            made.foreground = colorNumber(style.foreground)
            made.background = colorNumber(style.background)
        }
        lookKeys[slot] = key
        lookValues[slot] = made
        return made
    }

    private mutating func colorNumber(_ color: TermColor) -> Int32 {
        guard case .rgb(let rgb) = color else { return mapper.number(for: color) }
        if let known = colorNumbers[rgb] { return known }
        let number = mapper.number(for: color)
        if colorNumbers.count >= 4096 { colorNumbers.removeAll(keepingCapacity: true) }
        colorNumbers[rgb] = number
        return number
    }
}
