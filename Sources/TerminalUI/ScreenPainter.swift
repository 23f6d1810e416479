import Foundation
import PaletteApp
import PaletteCore

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
    private var looks: [Style: Look] = [:]
    /// Looks by a cheap hash of their style, one slot each, checked before `looks`: a frame uses
    /// a few dozen styles (each history row's swatches are three), and hashing a style for the
    /// dictionary was most of what setting a look cost.
    private var recentLooks: [(style: Style, look: Look)?] = Array(repeating: nil, count: ScreenPainter.lookSlots)
    private static let lookSlots = 64
    /// Colour numbers by colour: in 256-colour mode each is a CIEDE2000 search over 240
    /// entries (about 45 µs), and a palette's colours come back in several styles.
    private var colorNumbers: [RGB: Int32] = [:]
    private var drawnCells: [Cell] = []
    private var drawnWidth = 0
    private var drawnCursor: (x: Int, y: Int)?
    /// The `Canvas.Revision` id of the frame in `drawnCells`, if it had one.
    private var drawnRevision: UInt64?

    init(strings: TerminalStrings, colorMode: ColorMode) {
        writer = TerminalWriter(strings: strings)
        self.colorMode = colorMode
        mapper = ColorMapper(mode: colorMode)
    }

    /// The bytes of the last `paint`.
    var bytes: [UInt8] { writer.bytes }

    /// Forgets what is on screen (someone else wrote to it): the next frame clears the screen
    /// and writes every cell.
    mutating func invalidate() {
        drawnCells = []
        writer.forget()
    }

    /// Makes `bytes` the change from the screen to `canvas` on a terminal of `size`, and returns
    /// where the cursor shows (nil: hidden) and whether there is anything to write at all: a
    /// frame that changes no cell and not the cursor leaves `bytes` empty.
    mutating func paint(_ canvas: Canvas, size: (width: Int, height: Int)) -> (
        changed: Bool, cursor: (row: Int, column: Int)?
    ) {
        // Taken out of the property, so it is the buffer's only owner and is updated in place.
        var previous = drawnCells
        drawnCells = []
        let full = previous.count != canvas.cells.count || drawnWidth != canvas.width || canvas.cells.isEmpty
        // Drawn over the frame on screen: only the rows it wrote can differ.
        var written = canvas.revision.flatMap { $0.base == drawnRevision ? $0.rows : nil }
        #if PALETTE_LAYER_EXPERIMENTS
            if LayerExperiments.revision { written = nil }
        #endif
        writer.begin()
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
        var target: (row: Int, column: Int)?
        if let cursor = canvas.cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < size.width, cursor.y < size.height {
            target = (cursor.y, cursor.x)
        }
        let cursorMoved = full || drawnCursor?.x != canvas.cursor?.x || drawnCursor?.y != canvas.cursor?.y
        drawnCursor = canvas.cursor
        writer.end(cursor: target)
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
                #if PALETTE_LAYER_EXPERIMENTS
                    if LayerExperiments.rows {
                        old.update(from: row.baseAddress!, count: canvasWidth)
                        writeSpan(row, span: span, y: y, size: size, cleared: false)
                        continue
                    }
                #endif
                // Identical bytes settle the common case; differing bytes (padding) are
                // compared cell by cell, and an empty span means the row is the same.
                if memcmp(row.baseAddress!, old, canvasWidth * stride) == 0 { continue }
                span = Canvas.changedSpan(UnsafeBufferPointer(start: old, count: canvasWidth), row, columns: width)
                old.update(from: row.baseAddress!, count: canvasWidth)
                if span.isEmpty { continue }
            }
            writeSpan(row, span: span, y: y, size: size, cleared: previous == nil)
        }
    }

    /// Writes `span` of row `y`: runs of blanks as blanks (skipped on a `cleared` screen when
    /// plain), other cells one by one, the look set once a run of one style.
    private mutating func writeSpan(
        _ row: UnsafeBufferPointer<Cell>, span: Range<Int>, y: Int,
        size: (width: Int, height: Int), cleared: Bool
    ) {
        var end = span.upperBound
        // The bottom-right cell of a terminal that scrolls when it is written is left alone.
        if writer.skipsBottomRight, y == size.height - 1, end == size.width { end -= 1 }
        var x = span.lowerBound
        var previousWide = false
        var lookStyle: Style?
        while x < end {
            let cell = row[x]
            if cell.isContinuation && previousWide {
                // The right half of the wide character just written: the terminal moved past it.
                previousWide = false
                x += 1
                continue
            }
            previousWide = false
            if cell.printableASCII == 0x20 {
                var blanks = 1
                while x + blanks < end, row[x + blanks].printableASCII == 0x20, row[x + blanks].style == cell.style {
                    blanks += 1
                }
                if !(cleared && cell.style == .plain) {
                    writer.move(row: y, column: x)
                    if lookStyle != cell.style {
                        writer.setLook(look(for: cell.style))
                        lookStyle = cell.style
                    }
                    writer.blanks(blanks, width: size.width)
                }
                x += blanks
                continue
            }
            writer.move(row: y, column: x)
            if lookStyle != cell.style {
                writer.setLook(look(for: cell.style))
                lookStyle = cell.style
            }
            if let byte = cell.printableASCII {
                writer.character(byte, width: size.width)
            } else {
                previousWide = writer.cellText(cell, room: end - x, width: size.width) == 2
            }
            x += 1
        }
    }

    /// The terminal look of a style: attributes, and colour numbers for the colour mode.
    private mutating func look(for style: Style) -> Look {
        let slot = Self.slot(of: style)
        if let entry = recentLooks[slot], entry.style == style { return entry.look }
        let look: Look
        if let known = looks[style] {
            look = known
        } else {
            var made = Look(bold: style.bold, dim: style.dim, reverse: style.reverse, underline: style.underline)
            if colorMode != .none {
                made.foreground = colorNumber(style.foreground)
                made.background = colorNumber(style.background)
            }
            if looks.count >= 4096 { looks.removeAll(keepingCapacity: true) }
            looks[style] = made
            look = made
        }
        recentLooks[slot] = (style, look)
        return look
    }

    /// `style`'s slot in `recentLooks`: its colours and attributes mixed (Fibonacci hashing).
    @inline(__always)
    private static func slot(of style: Style) -> Int {
        var bits = UInt64(code(style.foreground)) << 32 | UInt64(code(style.background))
        bits ^= (style.bold ? 1 : 0) << 25 | (style.dim ? 1 : 0) << 26 | (style.reverse ? 1 : 0) << 27
        bits ^= (style.underline ? 1 : 0) << 28
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    @inline(__always)
    private static func code(_ color: TermColor) -> UInt32 {
        switch color {
        case .terminalDefault: return 1 << 24
        case .rgb(let rgb): return UInt32(rgb.r) << 16 | UInt32(rgb.g) << 8 | UInt32(rgb.b)
        }
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
