import PaletteCore

/// Line breaking for text a user reads: help pages, the status line, the too-small notice.
public enum TextWrap {
    /// Breaks `text` into lines of at most `width` columns: at spaces, and between wide (CJK)
    /// characters, never before closing punctuation. A word wider than the line stays whole,
    /// or with `breakingWords` (the status line's paths) is broken where the line ends.
    public static func wrap(_ text: String, width: Int, breakingWords: Bool = false) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        func flush() {
            lines.append(line.trimmingTrailingSpaces)
            line = ""
            lineWidth = 0
        }
        for token in tokens(text) {
            if token == " " {
                if lineWidth > 0 {
                    line += " "
                    lineWidth += 1
                }
                continue
            }
            let w = DisplayWidth.of(token)
            if lineWidth + w > width, lineWidth > 0 { flush() }
            guard breakingWords, w > width else {
                line += token
                lineWidth += w
                continue
            }
            for ch in token {
                let cw = DisplayWidth.of(ch)
                if lineWidth + cw > width, lineWidth > 0 { flush() }
                line.append(ch)
                lineWidth += cw
            }
        }
        if !line.isEmpty { flush() }
        return lines
    }

    /// Words, single spaces, and each wide character on its own (with any closing punctuation
    /// that follows it, so a line never starts with "，" or "）").
    public static func tokens(_ text: String) -> [String] {
        var out: [String] = []
        var word = ""
        func flush() {
            if !word.isEmpty { out.append(word) }
            word = ""
        }
        for ch in text {
            if ch == " " || ch == "\n" {
                flush()
                out.append(" ")
            } else if closing.contains(ch) {
                // Glued to what precedes it: the word being read, or the wide character before.
                if word.isEmpty, let last = out.last, last != " " { word = out.removeLast() }
                word.append(ch)
                flush()
            } else if DisplayWidth.of(ch) == 2 {
                flush()
                word.append(ch)
                flush()
            } else {
                word.append(ch)
            }
        }
        flush()
        return out
    }

    public static let closing: Set<Character> = ["，", "。", "、", "；", "：", "）", "」", "”", "！", "？", "》"]
}

extension String {
    public var trimmingTrailingNewlines: String {
        var s = self
        while s.last == "\n" { s.removeLast() }
        return s
    }

    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
