extension Canvas {
    // MARK: - Drawing

    /// Writes `text` from column `x` on row `y`, never past column `limit` (exclusive).
    ///
    /// Each grapheme takes `DisplayWidth.of` columns: a wide one fills its cell and a
    /// continuation cell, and one that would straddle `limit` is left out rather than split.
    /// A grapheme wider than 2 (an emoji with a skin-tone modifier) is drawn scalar by scalar,
    /// as ncurses would. Returns the column after the last cell written.
    @discardableResult
    mutating func put(_ text: String, x: Int, y: Int, style: Style, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(limit ?? width, width)
        var col = x
        if TextSanitizer.isPlainASCII(text) {
            for byte in text.utf8 {
                guard col < end else { break }
                if col >= 0 { place(String(UnicodeScalar(byte)), width: 1, x: col, y: y, style: style) }
                col += 1
            }
            return col
        }
        for character in text {
            let w = DisplayWidth.of(character)
            if w == 0 {
                attachToPrevious(String(character), x: col, y: y, start: x)
                continue
            }
            if w <= 2 {
                guard col + w <= end else { break }
                if col >= 0 { place(String(character), width: w, x: col, y: y, style: style) }
                col += w
                continue
            }
            for scalar in character.unicodeScalars {
                let sw = DisplayWidth.of(scalar)
                if sw == 0 {
                    attachToPrevious(String(scalar), x: col, y: y, start: x)
                    continue
                }
                guard col + sw <= end else { return col }
                if col >= 0 { place(String(scalar), width: sw, x: col, y: y, style: style) }
                col += sw
            }
        }
        return col
    }

    /// Paints `rect` with blanks in `style`.
    mutating func fill(_ rect: Rect, style: Style) {
        let x0 = max(rect.x, 0), x1 = min(rect.x + rect.width, width)
        let y0 = max(rect.y, 0), y1 = min(rect.y + rect.height, height)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            breakWide(x: x0, y: y)
            breakWide(x: x1 - 1, y: y)
            for x in x0..<x1 { self[x, y] = Cell(text: " ", style: style) }
        }
    }

    /// Changes the style of cells already drawn, keeping their text.
    mutating func restyle(x: Int, y: Int, width w: Int, _ change: (inout Style) -> Void) {
        guard y >= 0, y < height else { return }
        let x0 = max(x, 0), x1 = min(x + w, width)
        guard x0 < x1 else { return }
        for col in x0..<x1 { change(&self[col, y].style) }
    }

    /// Puts one grapheme of width 1 or 2, first blanking any wide character it would cut in half.
    private mutating func place(_ text: String, width w: Int, x: Int, y: Int, style: Style) {
        breakWide(x: x, y: y)
        if w == 2 {
            guard x + 1 < width else { return }
            breakWide(x: x + 1, y: y)
            self[x, y] = Cell(text: text, style: style)
            self[x + 1, y] = Cell(text: "", style: style, isContinuation: true)
        } else {
            self[x, y] = Cell(text: text, style: style)
        }
    }

    /// Turns the wide character covering column `x`, if any, into blanks.
    private mutating func breakWide(x: Int, y: Int) {
        guard x >= 0, x < width else { return }
        if self[x, y].isContinuation {
            self[x, y] = Cell(text: " ", style: self[x, y].style)
            if x > 0 { self[x - 1, y].text = " " }
        } else if x + 1 < width, self[x + 1, y].isContinuation {
            self[x + 1, y] = Cell(text: " ", style: self[x + 1, y].style)
        }
    }

    /// A zero-width mark joins the cell before it, as a combining character does on screen.
    private mutating func attachToPrevious(_ text: String, x: Int, y: Int, start: Int) {
        var p = x - 1
        while p >= 0, p < width, self[p, y].isContinuation { p -= 1 }
        guard p >= max(start, 0), p < width else { return }
        self[p, y].text += text
    }
}
