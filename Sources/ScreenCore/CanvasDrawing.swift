import PaletteCore

extension Canvas {
    // MARK: - Drawing

    /// Writes `text` from column `x` on row `y`, never past column `limit` (exclusive).
    ///
    /// Text is cleaned as it is drawn (`TextSanitizer`'s rules), so nothing untrusted reaches a
    /// cell. Cells are made the way ncurses makes them from a string: each scalar of width 1 or
    /// 2 starts a cell (a wide one also fills a continuation cell) and zero-width scalars join
    /// the cell before them. A character that would straddle `limit` is left out rather than
    /// split; with `ellipsis`, text that does not fit ends in "…" instead. Walking scalars,
    /// not grapheme clusters, keeps this cheap enough to run on every row of every frame.
    /// Returns the column after the last cell written.
    @discardableResult
    public mutating func put(
        _ text: String, x: Int, y: Int, style: Style, limit: Int? = nil,
        ellipsis: Bool = false
    ) -> Int {
        guard y >= 0, y < height else { return x }
        let style = seen(style)
        markRows(y..<(y + 1))
        let end = min(limit ?? width, width)
        var text = text
        let ascii = text.withUTF8 { bytes -> Int? in
            guard TextSanitizer.isPlainASCII(bytes) else { return nil }
            return putASCII(bytes, x: x, y: y, style: style, end: end, ellipsis: ellipsis)
        }
        if let ascii { return ascii }
        return putScalars(text.unicodeScalars, from: x, y: y, style: style, end: end, ellipsis: ellipsis)
    }

    /// `put`'s path for printable ASCII (most text): one cell a byte, written in place. Only a
    /// wide character across either end of the span can be cut, so only the ends are looked at:
    /// one that starts left of the span loses its left half too, one whose right half is just
    /// right of it loses that half (what `place` does cell by cell).
    private mutating func putASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, style: Style, end: Int, ellipsis: Bool
    ) -> Int {
        var col = x
        if ellipsis, bytes.count > end - x, end > x {
            var i = 0
            while col < end - 1 {
                if col >= 0 { place(Unicode.Scalar(bytes[i]), width: 1, x: col, y: y, styleBits: style.bits) }
                col += 1
                i += 1
            }
            if col >= 0 { place("…", width: 1, x: col, y: y, styleBits: style.bits) }
            return col + 1
        }
        let stop = min(x + bytes.count, max(end, x))
        let lo = max(x, 0)
        guard lo < stop else { return stop }
        breakWide(x: lo, y: y)
        let row = y * width
        if stop < width, cells[row + stop].isContinuation {
            cells[row + stop] = Cell(scalar: " ", styleBits: cells[row + stop].styleKey)
        }
        let bits = style.bits
        cells.withUnsafeMutableBufferPointer { cells in
            for c in lo..<stop { cells[row + c] = Cell(scalar: Unicode.Scalar(bytes[c - x]), styleBits: bits) }
        }
        return stop
    }

    /// `put`'s general path, for any sequence of scalars. `style` is already `seen` and row `y`
    /// marked.
    mutating func putScalars<Scalars: Sequence<Unicode.Scalar>>(
        _ scalars: Scalars, from x: Int, y: Int, style: Style, end: Int, ellipsis: Bool
    ) -> Int {
        var run = ScalarRun(x: x, y: y, style: style, end: end, ellipsis: ellipsis)
        for scalar in scalars where !run.add(scalar, to: &self) { break }
        return run.col
    }

    /// One run of `putScalars`: where the next cell goes and where the last character began.
    public struct ScalarRun {
        public let x: Int
        public let y: Int
        public let style: Style
        /// `style.bits`, packed once for the run's cells.
        let styleBits: UInt64
        public let end: Int
        public let ellipsis: Bool
        public var col: Int
        var lastStart: Int

        /// A run that starts at column `x`; with `resumingAt`, one whose characters before that
        /// column are drawn already (zero-width marks still join no cell left of `x`).
        public init(x: Int, y: Int, style: Style, end: Int, ellipsis: Bool, resumingAt col: Int? = nil) {
            self.x = x
            self.y = y
            self.style = style
            styleBits = style.bits
            self.end = end
            self.ellipsis = ellipsis
            self.col = col ?? x
            lastStart = col ?? x
        }

        /// Draws `scalar` (cleaned as `TextSanitizer.verdict` says); false when the run is over.
        @inline(__always)
        public mutating func add(_ scalar: Unicode.Scalar, to canvas: inout Canvas) -> Bool {
            var scalar = scalar
            let w: Int
            // Printable ASCII, most text: kept, one column (what `verdict` and `DisplayWidth` say).
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                w = 1
            } else {
                switch TextSanitizer.verdict(scalar) {
                case .drop: return true
                case .space: scalar = " "
                case .keep: break
                }
                w = DisplayWidth.of(scalar)
            }
            if w == 0 {
                canvas.attachToPrevious(scalar, x: col, y: y, start: x)
                return true
            }
            if col + w > end {
                guard ellipsis, end > x else { return false }
                // Make room for "…": drop the last character when the row is full.
                if col >= end, lastStart < col {
                    for c in lastStart..<min(col, canvas.width) where c >= 0 {
                        canvas.place(" ", width: 1, x: c, y: y, styleBits: styleBits)
                    }
                    col = lastStart
                }
                if col >= 0, col < end { canvas.place("…", width: 1, x: col, y: y, styleBits: styleBits) }
                col = min(col + 1, end)
                return false
            }
            if col >= 0 { canvas.place(scalar, width: w, x: col, y: y, styleBits: styleBits) }
            lastStart = col
            col += w
            return true
        }
    }

    /// Paints `rect` with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        let style = seen(style)
        let x0 = max(rect.x, 0)
        let x1 = min(rect.x + rect.width, width)
        let y0 = max(rect.y, 0)
        let y1 = min(rect.y + rect.height, height)
        guard x0 < x1, y0 < y1 else { return }
        markRows(y0..<y1)
        for y in y0..<y1 {
            breakWide(x: x0, y: y)
            breakWide(x: x1 - 1, y: y)
            let blank = Cell(scalar: " ", style: style)
            for i in (y * width + x0)..<(y * width + x1) { cells[i] = blank }
        }
    }

    /// `style` as drawn: its colours simulated for `vision`, when set.
    @inline(__always)
    public func seen(_ style: Style) -> Style {
        guard let vision else { return style }
        var seen = style
        if case .rgb(let c) = style.foreground { seen.foreground = .rgb(vision.simulate(c)) }
        if case .rgb(let c) = style.background { seen.background = .rgb(vision.simulate(c)) }
        return seen
    }

    /// Puts one character of width 1 or 2, first blanking any wide character it would cut in half.
    @inline(__always)
    fileprivate mutating func place(_ scalar: Unicode.Scalar, width w: Int, x: Int, y: Int, styleBits: UInt64) {
        breakWide(x: x, y: y)
        let i = y * width + x
        if w == 2 {
            guard x + 1 < width else { return }
            breakWide(x: x + 1, y: y)
            cells[i] = Cell(scalar: scalar, styleBits: styleBits)
            cells[i + 1] = Cell(continuationWithStyleBits: styleBits)
        } else {
            cells[i] = Cell(scalar: scalar, styleBits: styleBits)
        }
    }

    /// Turns the wide character covering column `x`, if any, into blanks.
    ///
    /// Writes `cells` directly, not through the subscript, whose setter marks the row written:
    /// `put` and `fill` have marked it once already, and this runs for every character drawn.
    @inline(__always)
    private mutating func breakWide(x: Int, y: Int) {
        guard x >= 0, x < width else { return }
        let i = y * width + x
        if cells[i].isContinuation {
            cells[i] = Cell(scalar: " ", styleBits: cells[i].styleKey)
            if x > 0 { cells[i - 1] = Cell(scalar: " ", styleBits: cells[i - 1].styleKey) }
        } else if x + 1 < width, cells[i + 1].isContinuation {
            cells[i + 1] = Cell(scalar: " ", styleBits: cells[i + 1].styleKey)
        }
    }

    /// A zero-width mark joins the cell before it, as a combining character does on screen.
    fileprivate mutating func attachToPrevious(_ scalar: Unicode.Scalar, x: Int, y: Int, start: Int) {
        var p = x - 1
        while p >= 0, p < width, cells[y * width + p].isContinuation { p -= 1 }
        guard p >= max(start, 0), p < width else { return }
        cells[y * width + p].append(scalar)
    }
}

extension Canvas {
    /// Blanks rows `rows` (plain spaces, no continuation cells).
    public mutating func clearRows(_ rows: Range<Int>) {
        let lo = max(rows.lowerBound, 0)
        let hi = min(rows.upperBound, height)
        guard lo < hi else { return }
        markRows(lo..<hi)
        let blank = Cell()
        let span = (lo * width)..<(hi * width)
        cells.withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[span]).update(repeating: blank) }
    }

    /// The cells of row `y`.
    public func row(_ y: Int) -> ArraySlice<Cell> {
        cells[(y * width)..<((y + 1) * width)]
    }

    /// Replaces row `y` with `row` (exactly `width` cells).
    public mutating func setRow(_ y: Int, _ row: [Cell]) {
        markRows(y..<(y + 1))
        cells.replaceSubrange((y * width)..<((y + 1) * width), with: row)
    }

    /// Sets every cell of `span` (indexes into `cells`) to `cell`; the caller marks the rows.
    public mutating func setCells(_ span: Range<Int>, to cell: Cell) {
        cells.withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[span]).update(repeating: cell) }
    }

    /// Replaces the cells of `span` (indexes into `cells`) with `new`, as many; the caller marks the rows.
    public mutating func replaceCells(_ span: Range<Int>, with new: [Cell]) {
        cells.replaceSubrange(span, with: new)
    }
}
