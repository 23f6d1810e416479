import CNcurses
import ScreenCore

/// How a run of cells looks on the terminal: attributes, and colour numbers as the terminfo
/// entry's `setaf`/`setab` take them (-1 is the terminal's default colour).
struct Look: Hashable, Sendable {
    var bold = false
    var dim = false
    var reverse = false
    var underline = false
    var foreground: Int32 = -1
    var background: Int32 = -1

    static let normal = Look()

    /// The attributes as four bits (bold 1, dim 2, reverse 4, underline 8).
    var attributeBits: Int { (bold ? 1 : 0) | (dim ? 2 : 0) | (reverse ? 4 : 0) | (underline ? 8 : 0) }
}

/// The control strings `TerminalWriter` sends, as the terminal's terminfo entry spells them.
///
/// From terminfo for the real terminal (`fromTerminfo`), by hand in tests. A missing capability
/// is nil, and the writer then does without it (no attributes, no colours, or plain spaces).
struct TerminalStrings: Sendable {
    /// `cup`: to row, column (from 0).
    var cursorAddress: @Sendable (Int, Int) -> [UInt8]
    /// `hpa`, `vpa`: to a column, to a row (from 0), the other one kept; `cr`: to column 0.
    /// Each is absolute in the one it moves, so a move never builds on a column the writer
    /// may have misjudged (a character whose width the terminal sees otherwise).
    var columnAddress: (@Sendable (Int) -> [UInt8])? = nil
    var rowAddress: (@Sendable (Int) -> [UInt8])? = nil
    var carriageReturn: [UInt8]? = nil
    /// `sgr0`: every attribute off (colours too, as ncurses also assumes).
    var exitAttributes: [UInt8]?
    /// `sgr`: exactly the look's attributes (colours reset, as after `sgr0`); `sgr0` when none.
    var setAttributes: (@Sendable (Look) -> [UInt8])?
    /// `bold`, `dim`, `rev`, `smul`: one attribute on.
    var enterBold: [UInt8]?
    var enterDim: [UInt8]?
    var enterReverse: [UInt8]?
    var enterUnderline: [UInt8]?
    /// `setaf`, `setab`: one colour.
    var setForeground: (@Sendable (Int32) -> [UInt8])?
    var setBackground: (@Sendable (Int32) -> [UInt8])?
    /// `op`: both colours back to the terminal's defaults.
    var originalPair: [UInt8]?
    /// `rep`: a printable character repeated.
    var repeatCharacter: (@Sendable (UInt8, Int) -> [UInt8])?
    /// `clear`: blank screen, cursor home.
    var clearScreen: [UInt8]
    /// `am` without `xenl`: writing the bottom-right cell scrolls the screen, so it is never written.
    var bottomRightScrolls: Bool
    /// `civis`, `cnorm`: the cursor hidden, shown (what ncurses' `curs_set` writes).
    var hideCursor: [UInt8]? = nil
    var showCursor: [UInt8]? = nil
}

extension TerminalStrings {
    /// The current ncurses terminal's strings (after `newterm`).
    static func fromTerminfo() -> TerminalStrings {
        let cup = Parameterised("cup")
        var strings = TerminalStrings(
            cursorAddress: { row, column in cup.format(row, column) },
            exitAttributes: capability("sgr0"),
            clearScreen: capability("clear") ?? [],
            bottomRightScrolls: pt_has_flag("am") == 1 && pt_has_flag("xenl") == 0)
        strings.enterBold = capability("bold")
        strings.enterDim = capability("dim")
        strings.enterReverse = capability("rev")
        strings.enterUnderline = capability("smul")
        strings.originalPair = capability("op")
        strings.hideCursor = capability("civis")
        strings.showCursor = capability("cnorm")
        strings.carriageReturn = capability("cr")
        if let hpa = Parameterised(optional: "hpa") {
            strings.columnAddress = { column in hpa.format(column) }
        }
        if let vpa = Parameterised(optional: "vpa") {
            strings.rowAddress = { row in vpa.format(row) }
        }
        if let sgr = Parameterised(optional: "sgr") {
            strings.setAttributes = { look in
                // sgr's parameters: standout, underline, reverse, blink, dim, bold, invisible, protect, ACS.
                sgr.format(0, look.underline ? 1 : 0, look.reverse ? 1 : 0, 0, look.dim ? 1 : 0, look.bold ? 1 : 0)
            }
        }
        if let setaf = Parameterised(optional: "setaf") {
            strings.setForeground = { number in setaf.format(Int(number)) }
        }
        if let setab = Parameterised(optional: "setab") {
            strings.setBackground = { number in setab.format(Int(number)) }
        }
        if let rep = Parameterised(optional: "rep") {
            strings.repeatCharacter = { byte, count in rep.format(Int(byte), count) }
        }
        return strings
    }

    private init(
        cursorAddress: @escaping @Sendable (Int, Int) -> [UInt8], exitAttributes: [UInt8]?,
        clearScreen: [UInt8], bottomRightScrolls: Bool
    ) {
        self.cursorAddress = cursorAddress
        self.exitAttributes = exitAttributes
        self.clearScreen = clearScreen
        self.bottomRightScrolls = bottomRightScrolls
    }

    private static func capability(_ name: String) -> [UInt8]? {
        pt_string_cap(name).map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
    }

    /// A parameterised capability, copied out of terminfo and formatted with `tiparm`.
    struct Parameterised: Sendable {
        let string: [CChar]
        /// The string as literal pieces and parameters, when it uses only `%i`, `%p1%d`,
        /// `%p2%d` and `%%` (cup, hpa and vpa on nearly every terminal): formatted here, as
        /// `tiparm` would, without its interpreter (about 3,700 instructions a move).
        let pieces: [Piece]?

        enum Piece: Sendable, Equatable {
            case text([UInt8])
            case parameter(Int)
        }

        init(_ name: String) {
            self.init(string: Parameterised(optional: name)?.string ?? [0])
        }

        init?(optional name: String) {
            guard let value = pt_string_cap(name) else { return nil }
            self.init(string: Array(UnsafeBufferPointer(start: value, count: strlen(value) + 1)))
        }

        init(string: [CChar]) {
            self.string = string
            pieces = Parameterised.compile(string)
        }

        /// `string` (NUL-terminated) as pieces; nil when it uses anything else, which `tiparm` formats.
        static func compile(_ string: [CChar]) -> [Piece]? {
            let bytes = string.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            var pieces: [Piece] = []
            var literal: [UInt8] = []
            var increment = false
            var i = 0
            while i < bytes.count {
                guard bytes[i] == UInt8(ascii: "%") else {
                    literal.append(bytes[i])
                    i += 1
                    continue
                }
                let rest = bytes[(i + 1)...]
                if rest.starts(with: "%".utf8) {
                    literal.append(UInt8(ascii: "%"))
                    i += 2
                } else if rest.starts(with: "i".utf8), pieces.isEmpty {
                    increment = true
                    i += 2
                } else if rest.starts(with: "p1%d".utf8) || rest.starts(with: "p2%d".utf8) {
                    if !literal.isEmpty { pieces.append(.text(literal)) }
                    literal = []
                    let index = Int(rest[rest.startIndex + 1] - UInt8(ascii: "1"))
                    pieces.append(.parameter(index | (increment ? 2 : 0)))
                    i += 5
                } else {
                    return nil
                }
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            return pieces
        }

        func format(_ p: Int...) -> [UInt8] {
            if let pieces, p.allSatisfy({ $0 >= 0 }) {
                var out: [UInt8] = []
                out.reserveCapacity(16)
                for piece in pieces {
                    switch piece {
                    case .text(let bytes): out += bytes
                    case .parameter(let code):
                        let value = (code & 1 < p.count ? p[code & 1] : 0) + (code & 2 != 0 ? 1 : 0)
                        out += String(value).utf8
                    }
                }
                return out
            }
            var p = p
            while p.count < 9 { p.append(0) }
            guard let result = pt_tiparm9(string, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]) else {
                return []
            }
            return Array(UnsafeRawBufferPointer(start: result, count: strlen(result)))
        }
    }
}

/// Turns changed cells into the bytes that show them, written by the screen in one `write(2)` a
/// frame: cursor moves, attribute and colour changes, text.
///
/// Only what changed: a move only where the cursor is not already, an attribute or colour
/// change only when the look differs from the terminal's current one (adding bold is `bold`,
/// not a full reset), repeated blanks as `rep`. Every control string is formatted by terminfo
/// once and kept, so a frame costs appends rather than `tparm` calls. Tracks where the cursor
/// and the look are; `forget()` after anyone else (ncurses) wrote to the terminal.
struct TerminalWriter {
    private let strings: TerminalStrings
    /// The bytes of the frame so far.
    private(set) var bytes: [UInt8] = []
    /// Where the terminal's cursor is, when known.
    private var cursor: (row: Int, column: Int)?
    /// The terminal's current look, when known.
    private var look: Look?
    /// Cursor moves by position, one slot each (a direct-mapped cache, no hashing of a key).
    private var moveKeys = [Int](repeating: -1, count: TerminalWriter.moveSlots)
    private var moveStrings = [[UInt8]](repeating: [], count: TerminalWriter.moveSlots)
    private static let moveSlots = 4096
    /// `hpa` and `vpa` strings by column and row, for positions below `lineSlots`.
    private var columnMoves = LineMoves()
    private var rowMoves = LineMoves()
    private static let lineSlots = 1024
    private var attributeSets: [[UInt8]?] = Array(repeating: nil, count: 16)
    /// Colour strings by colour number: the 256 indexed colours in a table, the rest (direct
    /// colour's numbers) in a dictionary.
    private var foregrounds = ColorStrings()
    private var backgrounds = ColorStrings()
    /// `rep` strings by count, indexed up to `repeatSlots`, in a dictionary beyond.
    private var repeats = [[UInt8]?](repeating: nil, count: TerminalWriter.repeatSlots)
    private var longRepeats: [Int: [UInt8]] = [:]
    private static let repeatSlots = 1024
    /// Spaces to copy from, for runs written as spaces (`append(contentsOf: repeatElement(...))`
    /// is a generic loop).
    private static let spaces = [UInt8](repeating: 0x20, count: 16)
    /// Long `rep` strings a cache may hold before it starts over.
    private static let cacheLimit = 4096

    init(strings: TerminalStrings) {
        self.strings = strings
    }

    /// Whether the bottom-right cell must be left alone (see `TerminalStrings.bottomRightScrolls`).
    var skipsBottomRight: Bool { strings.bottomRightScrolls }

    /// Starts a frame's bytes.
    mutating func begin() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Forgets where the cursor is and how the terminal looks, so the next frame sets both.
    mutating func forget() {
        cursor = nil
        look = nil
    }

    /// Blanks the screen in the normal look; the cursor ends at the top left.
    mutating func clear() {
        setLook(.normal)
        bytes += strings.clearScreen
        cursor = (0, 0)
    }

    /// Moves the cursor to `row`, `column`, unless it is there: the shortest of `cup`, and,
    /// from a known position, `cr` or `hpa` in the same row and `vpa` in the same column.
    ///
    /// The check for being there already is inlined: the painter asks before every cell it
    /// writes, and the call alone was most of what that cost.
    @inline(__always)
    mutating func move(row: Int, column: Int) {
        if let cursor, cursor.row == row, cursor.column == column { return }
        moveFromElsewhere(row: row, column: column)
    }

    private mutating func moveFromElsewhere(row: Int, column: Int) {
        if let cursor {
            if cursor.row == row {
                if column == 0, let carriageReturn = strings.carriageReturn, carriageReturn.count <= 2 {
                    bytes += carriageReturn
                    self.cursor = (row, 0)
                    return
                }
                if column < Self.lineSlots, let columnAddress = strings.columnAddress {
                    let short = columnMoves.string(for: column, columnAddress)
                    if short.count < addressString(row: row, column: column).count {
                        bytes += short
                        self.cursor = (row, column)
                        return
                    }
                }
            } else if cursor.column == column, row < Self.lineSlots, let rowAddress = strings.rowAddress {
                let short = rowMoves.string(for: row, rowAddress)
                if short.count < addressString(row: row, column: column).count {
                    bytes += short
                    self.cursor = (row, column)
                    return
                }
            }
        }
        bytes += addressString(row: row, column: column)
        cursor = (row, column)
    }

    /// `cup` to `row`, `column`, formatted once.
    private mutating func addressString(row: Int, column: Int) -> [UInt8] {
        let key = row << 16 | column
        let slot = Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 52)
        if moveKeys[slot] == key { return moveStrings[slot] }
        let move = strings.cursorAddress(row, column)
        moveKeys[slot] = key
        moveStrings[slot] = move
        return move
    }

    /// Text of `columns` columns in the current look; `width` is the screen's, so a write that
    /// reaches the last column leaves the cursor position unknown (terminals differ there).
    mutating func text(_ text: UnsafeRawBufferPointer, columns: Int, width: Int) {
        bytes.append(contentsOf: text)
        advance(columns, width: width)
    }

    /// One printable ASCII character in the current look.
    mutating func character(_ byte: UInt8, width: Int) {
        bytes.append(byte)
        advance(1, width: width)
    }

    /// The text of a cell that is not one printable ASCII byte (those go through `character`):
    /// its spacing character and up to four combining marks, in the current look; returns the
    /// columns written.
    ///
    /// Checked again here, since a control character that reached the terminal would be
    /// obeyed: anything unprintable becomes a space, and so does a wide character with one
    /// column of `room` left, which the terminal would wrap to the next line. A continuation
    /// cell reaching here (its wide character was not written) is a space.
    @discardableResult
    mutating func cellText(_ cell: Cell, room: Int, width: Int) -> Int {
        var columns = 0
        if !cell.isContinuation, let scalar = cell.singleScalar {
            // One scalar (most cells that get here): no decoding loop.
            let w = Int(pt_wcwidth(scalar.value))
            if w >= 1, !(w == 2 && room < 2) {
                columns = w
                UTF8.encode(scalar) { bytes.append($0) }
            }
        } else if !cell.isContinuation {
            var marks = 0
            cell.withUTF8 { raw in
                var iterator = raw.makeIterator()
                var decoder = UTF8()
                decoding: while case .scalarValue(let scalar) = decoder.decode(&iterator) {
                    let w = Int(pt_wcwidth(scalar.value))
                    if columns == 0 {
                        guard w >= 1, !(w == 2 && room < 2) else { break decoding }
                        columns = w
                    } else if w != 0 || marks == 4 || scalar.properties.generalCategory == .format {
                        continue
                    } else {
                        marks += 1
                    }
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
        }
        if columns == 0 {
            bytes.append(0x20)
            columns = 1
        }
        advance(columns, width: width)
        return columns
    }

    /// `count` spaces in the current look: `rep` when the terminal has it and it is shorter.
    mutating func blanks(_ count: Int, width: Int) {
        guard count > 0 else { return }
        // `rep` has at least two bytes besides the character, so it never pays below 4.
        if count > 3, let repeatCharacter = strings.repeatCharacter,
            let repeated = repeatString(count, repeatCharacter),
            repeated.count < count
        {
            bytes += repeated
        } else {
            var left = count
            while left > 0 {
                let part = min(left, Self.spaces.count)
                bytes.append(contentsOf: Self.spaces[..<part])
                left -= part
            }
        }
        advance(count, width: width)
    }

    /// `rep` of `count` spaces, formatted once.
    private mutating func repeatString(_ count: Int, _ repeatCharacter: (UInt8, Int) -> [UInt8]) -> [UInt8]? {
        if count < Self.repeatSlots {
            if let known = repeats[count] { return known }
            let repeated = repeatCharacter(0x20, count)
            repeats[count] = repeated
            return repeated
        }
        if let known = longRepeats[count] { return known }
        let repeated = repeatCharacter(0x20, count)
        if longRepeats.count >= Self.cacheLimit { longRepeats.removeAll(keepingCapacity: true) }
        longRepeats[count] = repeated
        return repeated
    }

    private mutating func advance(_ columns: Int, width: Int) {
        guard let current = cursor else { return }
        let column = current.column + columns
        cursor = column >= width ? nil : (current.row, column)
    }

    /// Brings the terminal's attributes and colours to `new`.
    ///
    /// As ncurses does: attributes that only add to the current ones are switched on one by
    /// one; turning one off sets them all (`sgr`, or `sgr0` and the single ones), which also
    /// resets the colours; a colour going back to the default is `op` (both), then the other
    /// colour again.
    mutating func setLook(_ new: Look) {
        if let look, look == new { return }
        var current: Look
        if let look, look.attributeBits & ~new.attributeBits == 0, addAttributes(from: look, to: new) {
            current = look
            current.bold = new.bold
            current.dim = new.dim
            current.reverse = new.reverse
            current.underline = new.underline
        } else {
            setAttributes(new)
            current = new
            current.foreground = -1
            current.background = -1
        }
        if (new.foreground == -1 && current.foreground != -1) || (new.background == -1 && current.background != -1) {
            if let originalPair = strings.originalPair {
                bytes += originalPair
            } else {
                setAttributes(new)
            }
            current.foreground = -1
            current.background = -1
        }
        if new.foreground != current.foreground, new.foreground != -1, let setForeground = strings.setForeground {
            bytes += foregrounds.string(for: new.foreground, setForeground)
        }
        if new.background != current.background, new.background != -1, let setBackground = strings.setBackground {
            bytes += backgrounds.string(for: new.background, setBackground)
        }
        look = new
    }

    /// The single attributes `new` adds to `old`; false (nothing written) when one is missing.
    private mutating func addAttributes(from old: Look, to new: Look) -> Bool {
        let added = new.attributeBits & ~old.attributeBits
        if added == 0 { return true }
        // No table of the four: this runs for many runs of a frame, and an array is an allocation.
        if added & 1 != 0 && strings.enterBold == nil || added & 2 != 0 && strings.enterDim == nil
            || added & 4 != 0 && strings.enterReverse == nil || added & 8 != 0 && strings.enterUnderline == nil
        {
            return false
        }
        if added & 1 != 0 { bytes += strings.enterBold! }
        if added & 2 != 0 { bytes += strings.enterDim! }
        if added & 4 != 0 { bytes += strings.enterReverse! }
        if added & 8 != 0 { bytes += strings.enterUnderline! }
        return true
    }

    private mutating func setAttributes(_ new: Look) {
        let bits = new.attributeBits
        if let known = attributeSets[bits] {
            bytes += known
            return
        }
        var set: [UInt8] = []
        if bits == 0, let exitAttributes = strings.exitAttributes {
            set = exitAttributes
        } else if let setAttributes = strings.setAttributes {
            set = setAttributes(new)
        } else {
            set = strings.exitAttributes ?? []
            if new.bold { set += strings.enterBold ?? [] }
            if new.dim { set += strings.enterDim ?? [] }
            if new.reverse { set += strings.enterReverse ?? [] }
            if new.underline { set += strings.enterUnderline ?? [] }
        }
        attributeSets[bits] = set
        bytes += set
    }

    /// Formatted `setaf` or `setab` strings, each made once: the 256 indexed colours in a
    /// table, direct colour's numbers in a direct-mapped cache (one slot each, no hashing of a
    /// key: a `Dictionary` lookup was a third of setting a look).
    private struct ColorStrings {
        private var indexed: [[UInt8]?] = Array(repeating: nil, count: 256)
        private var otherKeys = [Int32](repeating: -1, count: ColorStrings.otherSlots)
        private var otherStrings = [[UInt8]](repeating: [], count: ColorStrings.otherSlots)
        private static let otherSlots = 1024

        mutating func string(for number: Int32, _ make: (Int32) -> [UInt8]) -> [UInt8] {
            if number >= 0, number < 256 {
                if let known = indexed[Int(number)] { return known }
                let made = make(number)
                indexed[Int(number)] = made
                return made
            }
            let slot = Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: number)) &* 0x9E37_79B9_7F4A_7C15) >> 54)
            if otherKeys[slot] == number { return otherStrings[slot] }
            let made = make(number)
            otherKeys[slot] = number
            otherStrings[slot] = made
            return made
        }
    }

    /// Formatted `hpa` or `vpa` strings by position (below `lineSlots`), each made once.
    private struct LineMoves {
        private var strings: [[UInt8]?] = Array(repeating: nil, count: TerminalWriter.lineSlots)

        mutating func string(for position: Int, _ make: (Int) -> [UInt8]) -> [UInt8] {
            if let known = strings[position] { return known }
            let made = make(position)
            strings[position] = made
            return made
        }
    }

    /// The cursor's visibility, in the frame's bytes (a terminal without `civis`/`cnorm` keeps it).
    mutating func cursor(visible: Bool) {
        if let string = visible ? strings.showCursor : strings.hideCursor { bytes += string }
    }

    /// `civis` or `cnorm` alone, for bytes written outside a frame; empty when the terminal has none.
    func cursorString(visible: Bool) -> [UInt8] {
        (visible ? strings.showCursor : strings.hideCursor) ?? []
    }

    /// Ends the frame: the cursor where it should show, if anywhere. The look stays as the
    /// last cell left it (the next frame starts from it, and most keys then change no
    /// attribute at all); whoever writes to the terminal outside a frame first calls `normal()`.
    mutating func end(cursor target: (row: Int, column: Int)?) {
        if let target { move(row: target.row, column: target.column) }
    }

    /// Starts new bytes that bring the terminal to the normal look (empty when it is in it),
    /// for output that is not a frame: ncurses' (`endwin`), the shell's, a preview's.
    mutating func normal() {
        begin()
        setLook(.normal)
    }
}
