extension Canvas {
    /// The columns of row `y` to redraw to turn `previous`'s row into this one's: from the first
    /// to the last differing cell, widened to whole wide characters in either frame. Empty when
    /// the rows are equal. Both canvases have the same width.
    ///
    /// Wide characters are never cut (`寧` is a cell and its continuation cell):
    /// - `a寧b` whose continuation cell becomes `x`, the cell of `寧` itself unchanged: 1..<3,
    ///   since the left half on screen goes when its right half is overwritten;
    /// - `a寧b` to `a森b`, where only the first cell differs: 1..<3, the continuation with it;
    /// - `abcd` to `a森d`, a wide character over two narrow ones: 1..<3.
    public func changedSpan(from previous: Canvas, row y: Int) -> Range<Int> {
        precondition(previous.width == width, "rows of canvases of different widths")
        guard y >= 0, y < height, y < previous.height else { return 0..<0 }
        return cells.withUnsafeBufferPointer { new in
            previous.cells.withUnsafeBufferPointer { old in
                Canvas.changedSpan(
                    UnsafeBufferPointer(rebasing: old[(y * width)..<((y + 1) * width)]),
                    UnsafeBufferPointer(rebasing: new[(y * width)..<((y + 1) * width)]),
                    columns: width)
            }
        }
    }

    /// `changedSpan(from:row:)` on two rows in memory, over their first `columns` cells: the
    /// screen's copy of what it drew last is a buffer of its own, not a canvas.
    public static func changedSpan(
        _ old: UnsafeBufferPointer<Cell>, _ new: UnsafeBufferPointer<Cell>,
        columns: Int
    ) -> Range<Int> {
        var lo = 0
        while lo < columns, old[lo] == new[lo] { lo += 1 }
        guard lo < columns else { return 0..<0 }
        var hi = columns - 1
        while hi > lo, old[hi] == new[hi] { hi -= 1 }
        while lo > 0, old[lo].isContinuation || new[lo].isContinuation { lo -= 1 }
        while hi + 1 < columns, old[hi + 1].isContinuation || new[hi + 1].isContinuation { hi += 1 }
        return lo..<(hi + 1)
    }
}
