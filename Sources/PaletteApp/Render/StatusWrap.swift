import PaletteCore

/// How a status message is laid out when it does not fit on the one status row: wrapped onto
/// more rows, which grow upwards from the status row and are taken from the history list (see
/// docs/decisions.md, "a long status message").
///
/// Lines are broken at spaces and between wide (CJK) characters, never before closing
/// punctuation; a word wider than the row (a long path) is broken where the row ends. A message
/// that fits the row stays on it (the hints take what is left beside one read whole: an error,
/// a warning, where a file went; a third of the row beside any other); a wrapped message's last
/// line leaves the hints a third of the row, whatever its kind. When the rows the
/// screen can give are too few, the middle of the message is cut (`…`): its start (what
/// happened, to what) and its end (the remedy, which every message puts last) stay.
enum StatusWrap {
    /// The columns a message may use on the status row (one blank column each side).
    static func available(width: Int) -> Int { max(width - 2, 1) }

    /// The widest the last line may be: with the hints beside it, two thirds of the row (the
    /// hints keep at least 16 columns, so that the first one, `Enter generate`, fits at 40).
    static func lastLineLimit(width: Int, keysBeside: Bool) -> Int {
        let room = available(width: width)
        return keysBeside ? max(room - max(room / 3, 16) - 3, 1) : room
    }

    /// The lines of `status` on a screen `width` columns wide, or none when it fits on the one
    /// status row beside the hints (drawn as it always was).
    static func lines(_ status: StatusMessage?, width: Int) -> [String] {
        guard let status, width > 2 else { return [] }
        // On the one row a plain message leaves the hints a third (the first hint may not fit).
        let room = available(width: width)
        let limit = status.readWhole ? room : room - room / 3 - 3
        if DisplayWidth.of(status.text) <= limit { return [] }
        return layOut(status.text, width: width, keysBeside: true)
    }

    /// `text` wrapped to the row, its last line within the hints' limit.
    static func layOut(_ text: String, width: Int, keysBeside: Bool) -> [String] {
        let room = available(width: width)
        let limit = lastLineLimit(width: width, keysBeside: keysBeside)
        var lines = wrap(text, width: room)
        if let last = lines.last, DisplayWidth.of(last) > limit {
            lines.removeLast()
            lines += wrap(last, width: limit)
        }
        return lines
    }

    /// The lines of `text` in at most `rows` rows: wrapped whole when it fits, else with its
    /// middle cut so that the start and the end (the remedy) are read.
    static func fit(_ text: String, width: Int, keysBeside: Bool, rows: Int) -> [String] {
        let whole = layOut(text, width: width, keysBeside: keysBeside)
        guard whole.count > rows, rows > 0 else { return whole }
        var characters = Array(text)
        // A path (the longest run of narrow characters without a space) is shortened in its
        // middle first, keeping its end (the file's name): the sentence around it stays whole.
        if let run = longestRun(characters), run.count >= 16 {
            var keep = run.count - max(available(width: width) / 4, 1)
            while keep >= 12 {
                let head = (keep - 1) / 3
                let shortened =
                    characters[..<run.lowerBound] + characters[run.lowerBound..<(run.lowerBound + head)]
                    + ["…"] + characters[(run.upperBound - (keep - 1 - head))...]
                let lines = layOut(String(shortened), width: width, keysBeside: keysBeside)
                if lines.count <= rows { return lines }
                if keep == 12 { characters = Array(shortened) }
                keep = keep > 12 ? max(keep - max(available(width: width) / 4, 1), 12) : 11
            }
        }
        let total = DisplayWidth.of(String(characters))
        // Start from what the rows hold and give back a little until the cut text fits.
        var budget = min(rows * available(width: width) - 4, total - 1)
        while budget > 2 {
            let tailBudget = budget * 9 / 20
            let head = prefix(characters, width: budget - tailBudget - 2)
            let tail = suffix(characters, width: tailBudget)
            let cut = head + " … " + tail
            let lines = layOut(cut, width: width, keysBeside: keysBeside)
            if lines.count <= rows { return lines }
            budget -= max(available(width: width) / 4, 1)
        }
        return [TextSanitizer.truncate(text, toWidth: lastLineLimit(width: width, keysBeside: keysBeside))]
    }

    /// The longest run of narrow characters with no space in it (a path, a URL), if any.
    private static func longestRun(_ characters: [Character]) -> Range<Int>? {
        var best: Range<Int>?
        var start = 0
        for i in 0...characters.count {
            let ends = i == characters.count || characters[i] == " " || DisplayWidth.of(characters[i]) != 1
            guard ends else { continue }
            if i - start > (best?.count ?? 0) { best = start..<i }
            start = i + 1
        }
        return best
    }

    /// Breaks `text` into lines of at most `width` columns (`CommandHelp.wrap`'s rules), and
    /// breaks a word wider than the line where the line ends.
    static func wrap(_ text: String, width: Int) -> [String] {
        CommandHelp.wrap(text, width: max(width, 2), breakingWords: true)
    }

    /// The longest start of `characters` at most `width` wide, ending at a word's end when one
    /// is near.
    private static func prefix(_ characters: [Character], width: Int) -> String {
        var used = 0
        var end = 0
        while end < characters.count {
            let w = DisplayWidth.of(characters[end])
            if used + w > width { break }
            used += w
            end += 1
        }
        if end < characters.count, characters[end] != " " {
            var k = end
            while k > 0, end - k < 16, characters[k - 1] != " " { k -= 1 }
            if k > 0, end - k < 16 { end = k }
        }
        var text = String(characters[..<end])
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The longest end of `characters` at most `width` wide, starting at a word's start when
    /// one is near.
    private static func suffix(_ characters: [Character], width: Int) -> String {
        var used = 0
        var start = characters.count
        while start > 0 {
            let w = DisplayWidth.of(characters[start - 1])
            if used + w > width { break }
            used += w
            start -= 1
        }
        if start > 0, characters[start - 1] != " " {
            var k = start
            while k < characters.count, k - start < 16, characters[k] != " " { k += 1 }
            if k < characters.count, k - start < 16 { start = k + 1 }
        }
        return String(characters[start...])
    }
}
