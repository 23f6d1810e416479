import PaletteCore

/// A one-line text field edited by grapheme, with a display-width-aware cursor and scrolling.
///
/// Text is kept as an array of `Character`s so the cursor is an index into whole graphemes
/// (an emoji or a CJK character moves as one). `offset` is the first grapheme shown; it is
/// kept in the state, not derived while drawing, so the view scrolls only when the cursor
/// would leave it.
public struct TextField: Hashable, Sendable {
    /// The most graphemes the field holds; longer pastes are cut with a status message.
    public static let defaultCapacity = 2_000

    public private(set) var characters: [Character]
    /// For each grapheme of `characters`, what drawing and the cursor ask of it, worked out once
    /// when it goes in: its display width in the top byte (`DisplayWidth.of`; 255 means "ask
    /// again", for a cluster that wide) and, when it is one scalar, that scalar's value in the
    /// low 24 bits (`TextField.manyScalars` when it is more). Walking the characters' widths
    /// from the scroll offset, three times a typed key (scrolling, drawing, the cursor), was a
    /// third of the key's app-side instructions. Derived from `characters` alone, so equality
    /// and hashing mean what they meant.
    private(set) var glyphs: [UInt32]
    /// Cursor position: the number of graphemes before it, 0...characters.count.
    public private(set) var cursor: Int
    /// The first grapheme shown when the text is wider than the field.
    public private(set) var offset: Int
    public let capacity: Int

    public init(_ text: String = "", capacity: Int = TextField.defaultCapacity) {
        self.capacity = capacity
        characters = Array(TextSanitizer.clean(text).prefix(capacity))
        glyphs = characters.map(TextField.glyph)
        cursor = characters.count
        offset = 0
    }

    public var text: String { String(characters) }
    public var isEmpty: Bool { characters.isEmpty }

    // MARK: - Editing

    /// Inserts text at the cursor after cleaning it; returns false when some was cut off by capacity.
    @discardableResult
    public mutating func insert(_ raw: String) -> Bool {
        // One printable ASCII character (most keystrokes): nothing to clean or measure.
        if raw.utf8.count == 1, let byte = raw.utf8.first, byte >= 0x20, byte < 0x7F {
            guard characters.count < capacity else { return false }
            characters.insert(Character(Unicode.Scalar(byte)), at: cursor)
            glyphs.insert(1 << 24 | UInt32(byte), at: cursor)
            cursor += 1
            return true
        }
        // One CJK ideograph (typed Chinese, three UTF-8 bytes): a grapheme of its own after
        // anything but a prepended mark (every Prepend scalar is at U+0600 or above and none is
        // an ideograph), so nothing to join, clean again or measure.
        if raw.utf8.count == 3, let scalar = raw.unicodeScalars.first, Self.isIdeograph(scalar.value),
            TextSanitizer.verdict(scalar) == .keep,
            cursor == 0 || Self.startsCluster(after: characters[cursor - 1])
        {
            guard characters.count < capacity else { return false }
            characters.insert(Character(scalar), at: cursor)
            glyphs.insert(UInt32(DisplayWidth.of(scalar)) << 24 | scalar.value, at: cursor)
            cursor += 1
            return true
        }
        // A joiner typed on its own (keys arrive one scalar at a time: the ZWJs of 👨‍👩‍👧)
        // joins the character before it, when that is one it may join; what follows joins it.
        if let joiner = raw.unicodeScalars.first, raw.unicodeScalars.count == 1, cursor > 0,
            let before = characters[cursor - 1].unicodeScalars.last, TextSanitizer.mayJoin(joiner, after: before),
            let joined = TextField.joined(characters[cursor - 1], Character(joiner))
        {
            replace(cursor - 1, with: joined)
            return true
        }
        let cleaned = TextSanitizer.clean(raw)
        var incoming: [Character] = []
        for character in cleaned {
            if TextField.isMark(character) {
                // A combining mark typed on its own (keys arrive one scalar at a time: the
                // Devanagari ा and ं of शांत, an Arabic harakah) belongs to the character before it.
                if let last = incoming.last {
                    if let joined = TextField.joined(last, character) { incoming[incoming.count - 1] = joined }
                } else if cursor > 0, let joined = TextField.joined(characters[cursor - 1], character) {
                    replace(cursor - 1, with: joined)
                }
            } else if incoming.isEmpty, cursor > 0, let joined = TextField.joined(characters[cursor - 1], character) {
                // The key completes the cluster before the cursor: the emoji after a ZWJ, the
                // second regional indicator of a flag, a skin tone.
                replace(cursor - 1, with: joined)
            } else if DisplayWidth.of(character) > 0 || character == " " {
                incoming.append(character)
            }
        }
        let room = capacity - characters.count
        let fits = incoming.count <= room
        if !fits { incoming = Array(incoming.prefix(max(room, 0))) }
        characters.insert(contentsOf: incoming, at: cursor)
        glyphs.insert(contentsOf: incoming.map(TextField.glyph), at: cursor)
        cursor += incoming.count
        return fits
    }

    /// The low 24 bits of a glyph of more than one scalar.
    static let manyScalars: UInt32 = 0xFF_FFFF

    /// `characters` when one of its graphemes is more than one scalar, else none: all that
    /// drawing needs beside `glyphs` (`Canvas.putVisible`). A part that held the characters
    /// made the next edit copy the array element by element, and freeing the old copy walk
    /// it again; `glyphs` is plain words.
    var clusteredCharacters: [Character] {
        for glyph in glyphs where glyph & Self.manyScalars == Self.manyScalars { return characters }
        return []
    }

    /// `character`'s glyph (see `glyphs`).
    static func glyph(_ character: Character) -> UInt32 {
        let width = UInt32(min(DisplayWidth.of(character), 255)) << 24
        let scalars = character.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            return width | first.value
        }
        return width | manyScalars
    }

    /// Columns grapheme `i` takes: `DisplayWidth.of(characters[i])`, read from its glyph.
    @inline(__always)
    func width(at i: Int) -> Int {
        Self.width(glyphs, characters, at: i)
    }

    /// Columns grapheme `i` of these glyphs and characters takes, read from its glyph (255 there
    /// means "ask `DisplayWidth`"): the one decode of a glyph's width, for the field and the
    /// description row's drawing.
    @inline(__always)
    static func width(_ glyphs: [UInt32], _ characters: [Character], at i: Int) -> Int {
        let width = Int(glyphs[i] >> 24)
        return width == 255 ? DisplayWidth.of(characters[i]) : width
    }

    private mutating func replace(_ i: Int, with character: Character) {
        characters[i] = character
        glyphs[i] = TextField.glyph(character)
    }

    /// CJK Unified Ideographs and Extension A: every code point there is a grapheme base
    /// (Grapheme_Cluster_Break Other, not Extended_Pictographic).
    @inline(__always)
    private static func isIdeograph(_ v: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v)
    }

    /// Whether an ideograph typed after `previous` starts a new grapheme: `previous` does not
    /// end in a Prepend scalar (all of them at U+0600 or above, none an ideograph).
    @inline(__always)
    private static func startsCluster(after previous: Character) -> Bool {
        guard let last = previous.unicodeScalars.last else { return true }
        return last.value < 0x600 || isIdeograph(last.value)
    }

    /// A cluster that starts with a combining mark (or a variation selector): it has no
    /// character of its own and joins the one before it.
    private static func isMark(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return first.properties.isVariationSelector
        }
    }

    /// `base` followed by `mark`, when the two make one grapheme cluster.
    private static func joined(_ base: Character, _ mark: Character) -> Character? {
        let text = String(base) + String(mark)
        return text.count == 1 ? text.first : nil
    }

    mutating func setText(_ text: String) {
        characters = Array(TextSanitizer.clean(text).prefix(capacity))
        glyphs = characters.map(TextField.glyph)
        cursor = characters.count
        offset = 0
    }

    public mutating func clear() { setText("") }

    mutating func moveLeft() { cursor = max(cursor - 1, 0) }
    mutating func moveRight() { cursor = min(cursor + 1, characters.count) }
    mutating func moveHome() { cursor = 0 }
    mutating func moveEnd() { cursor = characters.count }

    /// Backspace: removes the grapheme before the cursor.
    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        glyphs.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Delete: removes the grapheme under the cursor.
    mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
        glyphs.remove(at: cursor)
    }

    /// Ctrl-U: removes everything before the cursor.
    mutating func deleteToStart() {
        characters.removeSubrange(0..<cursor)
        glyphs.removeSubrange(0..<cursor)
        cursor = 0
    }

    /// Ctrl-K: removes everything from the cursor on.
    mutating func deleteToEnd() {
        characters.removeSubrange(cursor...)
        glyphs.removeSubrange(cursor...)
    }

    /// Ctrl-W, Alt-Backspace: removes the word before the cursor and what separates it from
    /// the cursor (spaces, punctuation).
    mutating func deleteWordBackward() {
        let start = wordStart(before: cursor)
        characters.removeSubrange(start..<cursor)
        glyphs.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Alt-D: removes from the cursor to the end of the next word.
    mutating func deleteWordForward() {
        let end = wordEnd(after: cursor)
        characters.removeSubrange(cursor..<end)
        glyphs.removeSubrange(cursor..<end)
    }

    /// Alt-B, Ctrl-Left: to the start of the word before the cursor.
    mutating func moveWordLeft() { cursor = wordStart(before: cursor) }

    /// Alt-F, Ctrl-Right: to the end of the next word.
    mutating func moveWordRight() { cursor = wordEnd(after: cursor) }

    // MARK: - Words

    /// What a grapheme is to the word keys (docs/decisions.md, "words in the field"): a word is
    /// a run of graphemes of one kind; spaces, punctuation and symbols separate words; a change
    /// of script between Han, kana and other letters is a boundary; every emoji is a word.
    enum WordKind: Equatable {
        case separator, letters, han, hiragana, katakana, emoji
    }

    static func wordKind(_ character: Character) -> WordKind {
        guard let first = character.unicodeScalars.first, !character.isWhitespace else { return .separator }
        let v = first.value
        switch v {
        case 0x3005, 0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x323AF:
            return .han
        case 0x3041...0x309F:
            return .hiragana
        case 0x30A1...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:
            return .katakana
        default:
            break
        }
        if v > 0x7F, first.properties.isEmoji { return .emoji }
        if character.isLetter || character.isNumber { return .letters }
        return .separator
    }

    /// The start of the word that ends at or before `index`, separators skipped.
    func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0, Self.wordKind(characters[i - 1]) == .separator { i -= 1 }
        guard i > 0 else { return 0 }
        let kind = Self.wordKind(characters[i - 1])
        if kind == .emoji { return i - 1 }
        while i > 0, Self.wordKind(characters[i - 1]) == kind { i -= 1 }
        return i
    }

    /// The end of the word that starts at or after `index`, separators skipped.
    func wordEnd(after index: Int) -> Int {
        var i = index
        while i < characters.count, Self.wordKind(characters[i]) == .separator { i += 1 }
        guard i < characters.count else { return characters.count }
        let kind = Self.wordKind(characters[i])
        if kind == .emoji { return i + 1 }
        while i < characters.count, Self.wordKind(characters[i]) == kind { i += 1 }
        return i
    }

    // MARK: - Scrolling

    /// Moves `offset` so the cursor is visible in a field `width` columns wide.
    ///
    /// One column is kept for the cursor itself when it sits after the last grapheme.
    mutating func scrollToCursor(width: Int) {
        guard width > 0 else {
            offset = cursor
            return
        }
        if offset > cursor { offset = cursor }
        // Widen from the cursor leftwards until the view is full.
        let cursorCell = cursor < characters.count ? max(self.width(at: cursor), 1) : 1
        var used = cursorCell
        var firstVisible = cursor
        while firstVisible > offset {
            let w = self.width(at: firstVisible - 1)
            if used + w > width { break }
            used += w
            firstVisible -= 1
        }
        offset = firstVisible
        // Pull the text back in when the tail was deleted and there is room on the left.
        let tail = cursor == characters.count ? 1 : 0
        while offset > 0, visibleWidth(from: offset - 1, limit: width) + tail <= width {
            offset -= 1
        }
    }

    /// Width of the text from grapheme `start` to the end, stopping early once it passes `limit`.
    func visibleWidth(from start: Int, limit: Int) -> Int {
        var total = 0
        var i = start
        while i < characters.count, total <= limit {
            total += width(at: i)
            i += 1
        }
        return total
    }

    /// Display columns from `offset` to the cursor: where the terminal cursor goes in the field.
    var cursorColumn: Int {
        var total = 0
        var i = offset
        while i < cursor {
            total += width(at: i)
            i += 1
        }
        return total
    }
}
