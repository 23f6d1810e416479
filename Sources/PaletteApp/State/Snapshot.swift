import ScreenCore

extension Canvas {
    /// The rows as text: each wide character once (it spans two columns), continuations skipped.
    var textLines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation { line += self[x, y].text }
            return line
        }
    }

    /// A text form of the frame for golden files: size and cursor, the rows, then the style runs.
    ///
    /// Rows are framed by `|` so trailing blanks show. Style runs list only cells whose style is
    /// not plain, as `row: from-to style`, like ratatui's buffer dump: a change of colour, bold or
    /// reverse anywhere shows up as a one-line diff.
    public var snapshot: String {
        var out = "size \(width)x\(height)"
        if let cursor { out += " cursor \(cursor.x),\(cursor.y)" } else { out += " cursor hidden" }
        out += "\n"
        let digits = String(max(height - 1, 0)).count
        for (y, line) in textLines.enumerated() {
            out += pad(y, digits) + " |" + line + "|\n"
        }
        out += "styles\n"
        for y in 0..<height {
            var runs: [String] = []
            var x = 0
            while x < width {
                let style = self[x, y].style
                var end = x + 1
                while end < width, self[end, y].style == style { end += 1 }
                if style != .plain { runs.append("\(x)-\(end - 1) \(style.snapshotDescription)") }
                x = end
            }
            if !runs.isEmpty { out += pad(y, digits) + ": " + runs.joined(separator: " | ") + "\n" }
        }
        return out
    }

    private func pad(_ n: Int, _ digits: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(digits - s.count, 0)) + s
    }
}

extension Style {
    /// "fg #FFFFFF bg #2E86AB bold": only what differs from plain.
    var snapshotDescription: String {
        var parts: [String] = []
        if case .rgb(let c) = foreground { parts.append("fg \(c.hex)") }
        if case .rgb(let c) = background { parts.append("bg \(c.hex)") }
        if bold { parts.append("bold") }
        if dim { parts.append("dim") }
        if underline { parts.append("underline") }
        if reverse { parts.append("reverse") }
        return parts.joined(separator: " ")
    }
}
