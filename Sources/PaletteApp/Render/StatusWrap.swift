import PaletteCore

/// How a status message is laid out when it does not fit on the one status row: wrapped onto
/// more rows, which grow upwards from the status row and are taken from the history list (see
/// docs/decisions.md, "a long status message" and "the status line, balanced").
///
/// A message stays on the one row when it fits there beside a key hint (the help key's at
/// least), whatever its kind: the hints are never pushed off the bottom row. A
/// longer message is wrapped into as few lines as it can take, its last line within the hints'
/// limit, and its lines are balanced: the breaks are chosen so that every line is about as full
/// as its row allows (no line of a word or two left under full ones). Lines break at spaces and
/// between wide (CJK) characters, never before closing punctuation (`，。」…`) nor after
/// opening punctuation (`「（“`); a word wider than the row (a long path) is broken where
/// needed. Within the fewest lines, a break outside a quotation comes before one inside it (a
/// quoted description is read whole when it fits), and a break between phrases before one
/// between two characters (`Boundary`). When the rows the screen can give are too few, the middle of the message is cut
/// (`…`): its start (what happened, to what) and its end (the remedy, which every message puts
/// last) stay.
enum StatusWrap {
    /// The columns a message may use on the status row (one blank column each side).
    static func available(width: Int) -> Int { max(width - 2, 1) }

    /// The widest the last line may be: with the hints beside it, two thirds of the row (the
    /// hints keep at least 16 columns, so that the first one, `Enter generate`, fits at 40).
    static func lastLineLimit(width: Int, keysBeside: Bool) -> Int {
        let room = available(width: width)
        return keysBeside ? max(room - max(room / 3, 16) - 3, 1) : room
    }

    /// The widest help hint in any language and scope ("F1 help", "? 說明"): a message that
    /// leaves it room stays on its one row (`StatusLine` shows it when no other hint fits).
    static let helpHintWidth: Int = {
        var widest = 0
        for scope in KeyScope.allCases {
            for language in Language.allCases {
                let all = KeyMap.footer(for: scope.contexts, language: language)
                let others = KeyMap.footer(for: scope.contexts, language: language, excluding: [.help])
                for item in all where !others.contains(where: { $0 == item }) {
                    widest = max(widest, DisplayWidth.of(item.key) + 1 + DisplayWidth.of(item.text))
                }
            }
        }
        return max(widest, 1)
    }()

    /// The widest a message may be and stay on the one row: the row less the help hint and the
    /// gap before it, whatever its kind. One read whole (an error, a warning, where a file
    /// went) that fills the row wraps like any other, so the hints are never pushed off.
    static func oneRowLimit(width: Int) -> Int {
        available(width: width) - 3 - helpHintWidth
    }

    /// The lines of `status` on a screen `width` columns wide, or none when it fits on the one
    /// status row beside the hints (drawn as it always was).
    static func lines(_ status: StatusMessage?, width: Int) -> [String] {
        guard let status, width > 2 else { return [] }
        if DisplayWidth.of(status.text) <= oneRowLimit(width: width) { return [] }
        return layOut(status.text, width: width, keysBeside: true)
    }

    /// `text` wrapped to the row in as few lines as it takes, its last line within the hints'
    /// limit, the lines balanced.
    static func layOut(_ text: String, width: Int, keysBeside: Bool) -> [String] {
        balanced(text, width: available(width: width), last: lastLineLimit(width: width, keysBeside: keysBeside))
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

    /// Breaks `text` into lines of at most `width` columns, balanced (`balanced`).
    static func wrap(_ text: String, width: Int) -> [String] {
        balanced(text, width: max(width, 2), last: max(width, 2))
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

// MARK: - Balanced breaking

extension StatusWrap {
    /// A piece of text no line breaks inside: a word, a wide character with the punctuation
    /// glued to it, or one character of a word too wide for any line.
    struct Atom {
        var text: String
        var width: Int
        /// A space separates it from the atom before (dropped where a line breaks there).
        var spaced: Bool
        /// What breaking before it costs: 0 between words; inside a word too wide for the row
        /// (a path cut into characters) 1 after a `/`, 2 after `-`, `_` or `.`, 3 elsewhere, more than
        /// any unevenness.
        var cut = 0
        /// What kind of place a break before it is (`Boundary`), weighed after the cuts and
        /// before the unevenness.
        var boundary = Boundary.phrase
    }

    /// The places a line may break, best first (see docs/decisions.md, "where a status line
    /// breaks"): outside a quotation before inside one, so that a quoted description that fits
    /// on a row is kept whole; then between phrases (at a space, after `，、。；：！？,;:!?`,
    /// before an opening or after a closing mark) before a soft place between characters (after
    /// `的`, where hiragana ends, where wide and narrow script meet), before any other place
    /// between two characters.
    enum Boundary: Int, Comparable {
        case phrase, soft, character, quotedPhrase, quotedSoft, quotedCharacter

        static func < (a: Boundary, b: Boundary) -> Bool { a.rawValue < b.rawValue }

        /// A break here costs more than any number of breaks of the kinds before it (a message
        /// has far fewer than 16 lines), so the breaks are chosen worst kind first.
        var weight: Int { rawValue == 0 ? 0 : 1 << (4 * (rawValue - 1)) }
    }

    /// The first scalar of each character (the marks and scripts below are single scalars).
    static func scalars(_ characters: [Character]) -> [UInt32] {
        characters.map { $0.unicodeScalars.first?.value ?? 0 }
    }

    /// A mark after which a phrase ends: `，。、；：！？,;:!?` and the closing brackets and
    /// quotation marks.
    static func endsPhrase(_ v: UInt32) -> Bool {
        switch v {
        case 0xFF0C, 0x3002, 0x3001, 0xFF1B, 0xFF1A, 0xFF01, 0xFF1F, 0x2C, 0x3B, 0x3A, 0x21, 0x3F: true
        case 0xFF09, 0x29, 0x300D, 0x300F, 0x201D, 0x2019, 0xBB, 0x203A, 0x300B, 0x3009, 0x3011, 0x3015: true
        default: false
        }
    }

    /// An opening bracket or quotation mark (`noBreakAfter`'s marks and `"`).
    static func opens(_ v: UInt32) -> Bool {
        switch v {
        case 0xFF08, 0x300C, 0x300E, 0x201C, 0x2018, 0x300A, 0x3008, 0x3010, 0x3014, 0x28, 0x5B, 0x7B, 0xAB,
            0x2039, 0x201E, 0x22:
            true
        default: false
        }
    }

    /// Whether `closer` ends a quotation `opener` began: 「」『』“”‘’«»‹›《》〈〉, `„` with `“` or
    /// `”`, and a straight `"` with another (`’` ends only an open `‘`: elsewhere it is an
    /// apostrophe).
    static func closes(_ closer: UInt32, _ opener: UInt32) -> Bool {
        switch opener {
        case 0x300C: closer == 0x300D
        case 0x300E: closer == 0x300F
        case 0x201C: closer == 0x201D
        case 0x2018: closer == 0x2019
        case 0xAB: closer == 0xBB
        case 0x2039: closer == 0x203A
        case 0x300A: closer == 0x300B
        case 0x3008: closer == 0x3009
        case 0x201E: closer == 0x201C || closer == 0x201D
        case 0x22: closer == 0x22
        default: false
        }
    }

    /// A mark that may begin a quotation (`closes`).
    private static func quotes(_ v: UInt32) -> Bool {
        switch v {
        case 0x300C, 0x300E, 0x201C, 0x2018, 0xAB, 0x2039, 0x300A, 0x3008, 0x201E, 0x22: true
        default: false
        }
    }

    /// For each position between characters (`k`: before `characters[k]`), whether it is inside
    /// a quotation (after its opening mark, up to its closing mark). Only marks that pair up count:
    /// a quotation whose end was cut off (`fit`'s middle cut) quotes nothing.
    static func quotedPositions(_ characters: [Character]) -> [Bool] {
        quotedPositions(scalars(characters))
    }

    static func quotedPositions(_ scalars: [UInt32]) -> [Bool] {
        var inside = [Bool](repeating: false, count: scalars.count + 1)
        var open: [Int] = []
        for (k, v) in scalars.enumerated() where v == 0x22 || v >= 0xAB {
            if let n = open.lastIndex(where: { closes(v, scalars[$0]) }) {
                // Inner marks left open are dropped with it.
                for m in (open[n] + 1)...k { inside[m] = true }
                open.removeSubrange(n...)
            } else if quotes(v) {
                open.append(k)
            }
        }
        return inside
    }

    /// The kind of place between two characters with no space between them (their first
    /// scalars and widths), outside a quotation.
    static func boundary(between before: UInt32, _ wb: Int, and after: UInt32, _ wa: Int) -> Boundary {
        if endsPhrase(before) || opens(after) { return .phrase }
        let hiragana = { (v: UInt32) in (0x3041...0x309F).contains(v) }
        // After 的, where hiragana (a particle, an ending) gives way to another script, where
        // wide and narrow script meet.
        if before == 0x7684 || (hiragana(before) && !hiragana(after)) || (wb == 2) != (wa == 2) { return .soft }
        return .character
    }

    /// Never at a line's start: closing punctuation, the ellipsis, the middle dot (kinsoku).
    static let noBreakBefore: Set<Character> = [
        "，", "。", "、", "；", "：", "）", "」", "』", "”", "’", "！", "？", "》", "〉", "】", "〕", "…", "‥", "・",
        "·", ",", ".", ";", ":", ")", "]", "}", "!", "?", "%", "»", "›",
    ]
    /// Never at a line's end: opening punctuation.
    static let noBreakAfter: Set<Character> = [
        "（", "「", "『", "“", "‘", "《", "〈", "【", "〔", "(", "[", "{", "«", "‹", "„",
    ]

    /// The atoms of `text`, words wider than `widest` cut into characters.
    static func atoms(_ text: String, widest: Int) -> [Atom] {
        enum Last { case none, word, closed, opening }
        let characters = Array(text)
        let scalars = scalars(characters)
        let quoted = quotedPositions(scalars)
        var atoms: [Atom] = []
        var lastWidth = 0
        var last = Last.none
        var spaced = false
        for (k, ch) in characters.enumerated() {
            if ch == " " || ch == "\n" || ch == "\t" {
                if !atoms.isEmpty { spaced = true }
                last = .none
                continue
            }
            let w = DisplayWidth.of(ch)
            // Closing punctuation after a space ("morning …”") stays with the word before.
            if spaced, !atoms.isEmpty, noBreakBefore.contains(ch) {
                atoms[atoms.count - 1].text += " " + String(ch)
                atoms[atoms.count - 1].width += 1 + w
                spaced = false
                last = .closed
                lastWidth = w
                continue
            }
            let glue =
                !atoms.isEmpty && !spaced
                && (last == .opening || w == 0 || noBreakBefore.contains(ch) || (w == 1 && last == .word))
            if glue {
                atoms[atoms.count - 1].text.append(ch)
                atoms[atoms.count - 1].width += w
            } else {
                var atom = Atom(text: String(ch), width: w, spaced: spaced)
                if k > 0 {
                    let kind = spaced ? .phrase : boundary(between: scalars[k - 1], lastWidth, and: scalars[k], w)
                    atom.boundary = quoted[k] ? Boundary(rawValue: kind.rawValue + 3) ?? kind : kind
                }
                atoms.append(atom)
                spaced = false
            }
            lastWidth = w
            if noBreakAfter.contains(ch) {
                last = .opening
            } else if w == 2 {
                last = .closed
            } else if w == 1 {
                // Narrow punctuation after a wide character closes it; any other narrow
                // character starts or continues a word.
                last = glue && last == .closed ? .closed : .word
            }
        }
        // A word wider than the narrowest line is cut into its characters.
        guard atoms.contains(where: { $0.width > widest }) else { return atoms }
        var cut: [Atom] = []
        for atom in atoms {
            guard atom.width > widest else {
                cut.append(atom)
                continue
            }
            for (n, ch) in atom.text.enumerated() {
                let w = DisplayWidth.of(ch)
                if n > 0, w == 0 || noBreakBefore.contains(ch) {
                    cut[cut.count - 1].text.append(ch)
                    cut[cut.count - 1].width += w
                } else {
                    let after = cut.last?.text.last
                    let cost = n == 0 ? 0 : after == "/" ? 1 : after.map { "-_.".contains($0) } == true ? 2 : 3
                    cut.append(
                        Atom(
                            text: String(ch), width: w, spaced: n == 0 && atom.spaced, cut: cost,
                            boundary: n == 0 ? atom.boundary : .character))
                }
            }
        }
        return cut
    }

    /// `text` in the fewest lines of at most `width` columns whose last line is at most `last`
    /// wide, the breaks chosen to spread what the lines leave empty evenly over them (the least
    /// sum of squared empty columns, each line against its own limit), with as few cuts inside
    /// words as can be (a path's after its slashes). An atom wider than its line (one character wider than a tiny row) is
    /// put on a line of its own.
    static func balanced(_ text: String, width: Int, last: Int) -> [String] {
        let widest = max(min(width, last), 1)
        let atoms = atoms(text, widest: widest)
        let n = atoms.count
        guard n > 0 else { return [] }
        // cost[i]: the best layout of atoms i..<n, as (lines, cuts inside words, the kinds of
        // its breaks, unevenness); next[i]: where its first line ends.
        typealias Cost = (lines: Int, cuts: Int, breaks: Int, uneven: Int)
        var cost = [Cost](repeating: (0, 0, 0, 0), count: n + 1)
        var next = [Int](repeating: n, count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var best: Cost?
            var lineWidth = 0
            var j = i
            while j < n {
                lineWidth += atoms[j].width + (j > i && atoms[j].spaced ? 1 : 0)
                j += 1
                let limit = j == n ? last : width
                // A line of one atom always fits (nothing smaller to break it into).
                if lineWidth > limit, j > i + 1 {
                    if lineWidth > width { break }
                    continue
                }
                let rest = cost[j]
                let slack = max(limit - lineWidth, 0)
                let cuts = rest.cuts + (j < n ? atoms[j].cut : 0)
                let breaks = rest.breaks + (j < n ? atoms[j].boundary.weight : 0)
                let candidate = (
                    lines: rest.lines + 1, cuts: cuts, breaks: breaks, uneven: rest.uneven + slack * slack
                )
                if let b = best,
                    (b.lines, b.cuts, b.breaks, b.uneven)
                        <= (candidate.lines, candidate.cuts, candidate.breaks, candidate.uneven)
                {
                    continue
                }
                best = candidate
                next[i] = j
            }
            cost[i] = best ?? (n, n, 0, 0)
        }
        var lines: [String] = []
        var i = 0
        while i < n {
            let end = max(next[i], i + 1)
            var line = ""
            for k in i..<end {
                if k > i, atoms[k].spaced { line.append(" ") }
                line += atoms[k].text
            }
            lines.append(line)
            i = end
        }
        return lines
    }
}
