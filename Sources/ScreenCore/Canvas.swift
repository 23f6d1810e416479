import PaletteCore

/// How the terminal can show colour. Chosen by TerminalUI, read by `render`.
public enum ColorMode: String, Hashable, Sendable {
    /// Exact 24-bit colour.
    case direct
    /// Nearest xterm-256 index; swatches are marked approximate.
    case indexed256
    /// No fills: hex and names only (NO_COLOR, or fewer than 256 colours).
    case none
}

/// A terminal colour as the renderer asks for it; the screen maps `.rgb` to the colour mode.
public enum TermColor: Hashable, Sendable {
    case terminalDefault
    case rgb(RGB)
}

/// The look of a run of cells.
public struct Style: Hashable, Sendable {
    public var foreground: TermColor
    public var background: TermColor
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool
    public var dim: Bool

    public init(
        foreground: TermColor = .terminalDefault, background: TermColor = .terminalDefault,
        bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
    }

    public static let plain = Style()
}

extension Style {
    /// The style as one word: each colour in 25 bits (24 of RGB, or bit 24 alone for the
    /// terminal's default), the foreground in bits 0...24 and the background in 25...49, then
    /// bold, dim, reverse and underline in bits 50...53. Two styles are equal exactly when their
    /// bits are, so cells store and compare this word rather than the struct.
    @inlinable
    public var bits: UInt64 {
        var bits = UInt64(Self.code(foreground)) | UInt64(Self.code(background)) << 25
        if bold { bits |= 1 << 50 }
        if dim { bits |= 1 << 51 }
        if reverse { bits |= 1 << 52 }
        if underline { bits |= 1 << 53 }
        return bits
    }

    /// The style whose `bits` these are.
    @inlinable
    public init(bits: UInt64) {
        self.init(
            foreground: Self.color(UInt32(truncatingIfNeeded: bits) & 0x1FF_FFFF),
            background: Self.color(UInt32(truncatingIfNeeded: bits >> 25) & 0x1FF_FFFF),
            bold: bits & (1 << 50) != 0, reverse: bits & (1 << 52) != 0, underline: bits & (1 << 53) != 0,
            dim: bits & (1 << 51) != 0)
    }

    @inlinable
    static func code(_ color: TermColor) -> UInt32 {
        switch color {
        case .terminalDefault: return 1 << 24
        case .rgb(let rgb): return UInt32(rgb.r) << 16 | UInt32(rgb.g) << 8 | UInt32(rgb.b)
        }
    }

    @inlinable
    static func color(_ code: UInt32) -> TermColor {
        if code & (1 << 24) != 0 { return .terminalDefault }
        return .rgb(
            RGB(
                r: UInt8(truncatingIfNeeded: code >> 16), g: UInt8(truncatingIfNeeded: code >> 8),
                b: UInt8(truncatingIfNeeded: code)))
    }
}

/// One terminal cell, in 16 bytes: its text in one word and its style in the other. A wide
/// character occupies its cell and a following `continuation` cell.
///
/// The cell holds no reference, so a whole canvas is one flat allocation that is filled and
/// freed without touching each cell, which is most of what a frame would otherwise cost; and
/// it is two words, so a frame's rows are half the memory a 32-byte cell made them (what a key
/// that redraws the panes reads and writes several times over). The text is up to 15 bytes of
/// UTF-8, which hold any base character with a few combining marks (ncurses keeps at most 5
/// characters a cell; longer clusters are cut at a scalar boundary). Up to 7 bytes sit in the
/// word itself, with their count in its top byte: every single scalar, and most with a mark. A
/// longer cluster is kept once in `ClusterStore` and the word holds its number, so two cells
/// with the same text still have the same bits, and equal cells are exactly equal words.
public struct Cell: Hashable, Sendable {
    /// UTF-8 bytes 0...6 and, in the top byte, their count; or `storedMark` in the top byte and
    /// a `ClusterStore` number below it.
    @usableFromInline internal private(set) var textBits: UInt64
    /// `Style.bits`, with `continuationBit` for the right half of a wide character.
    @usableFromInline internal private(set) var styleBits: UInt64

    @inlinable static var continuationBit: UInt64 { 1 << 63 }
    @inlinable static var storedMark: UInt64 { 0xFF }
    /// The longest text kept in the word itself, in bytes.
    static var inlineLimit: Int { 7 }
    /// The longest text a cell keeps, in bytes.
    static var limit: Int { 15 }

    public init(text: String = " ", style: Style = .plain, isContinuation: Bool = false) {
        textBits = 0
        styleBits = style.bits | (isContinuation ? Self.continuationBit : 0)
        self.text = text
    }

    /// A cell holding one scalar: the renderer's fast path, with no `String` in between.
    @inlinable
    public init(scalar: Unicode.Scalar, style: Style) {
        self.init(scalar: scalar, styleBits: style.bits)
    }

    /// A cell holding one scalar in the style whose `Style.bits` are `styleBits`: a run of cells
    /// in one style packs it once.
    @inlinable
    public init(scalar: Unicode.Scalar, styleBits: UInt64) {
        self.styleBits = styleBits & ~Self.continuationBit
        // ASCII (most cells): its one byte and the length, without walking a UTF-8 view.
        if scalar.value < 0x80 {
            textBits = UInt64(scalar.value) | 1 << 56
            return
        }
        var bits: UInt64 = 0
        var count: UInt64 = 0
        for byte in scalar.utf8 {
            bits |= UInt64(byte) << (count * 8)
            count += 1
        }
        textBits = bits | count << 56
    }

    /// A continuation cell: the right half of the wide character before it.
    public init(continuationWith style: Style) {
        textBits = 0
        styleBits = style.bits | Self.continuationBit
    }

    /// A continuation cell in the style whose `Style.bits` are `styleBits`.
    @inlinable
    public init(continuationWithStyleBits styleBits: UInt64) {
        textBits = 0
        self.styleBits = styleBits | Self.continuationBit
    }

    public var style: Style {
        get { Style(bits: styleKey) }
        set { styleBits = newValue.bits | (styleBits & Self.continuationBit) }
    }

    /// `style.bits`, without building the `Style`: equal exactly when the styles are.
    @inlinable
    public var styleKey: UInt64 { styleBits & ~Self.continuationBit }

    public var isContinuation: Bool {
        @inlinable get { styleBits & Self.continuationBit != 0 }
        set { styleBits = newValue ? styleBits | Self.continuationBit : styleBits & ~Self.continuationBit }
    }

    /// Both words equal: inlinable, so a module comparing cells does not call into this one
    /// (the synthesised `==` would be a call for every cell).
    @inlinable
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.textBits == rhs.textBits && lhs.styleBits == rhs.styleBits
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(textBits)
        hasher.combine(styleBits)
    }

    public var text: String {
        get {
            if textBits >> 56 == 1 { return String(UnicodeScalar(UInt8(truncatingIfNeeded: textBits))) }
            return withUTF8 { String(decoding: $0, as: UTF8.self) }
        }
        set {
            if newValue.utf8.count == 1, let byte = newValue.utf8.first, byte < 0x80 {
                textBits = UInt64(byte) | 1 << 56
                return
            }
            var bytes = ClusterStore.Bytes()
            for scalar in newValue.unicodeScalars where !bytes.append(scalar) { break }
            setText(bytes)
        }
    }

    /// The byte of a cell holding one printable ASCII character (most cells); nil otherwise.
    ///
    /// Lets the screen skip building a `String` for the common case.
    @inlinable
    public var printableASCII: UInt8? {
        guard textBits >> 56 == 1 else { return nil }
        let byte = UInt8(truncatingIfNeeded: textBits)
        return byte >= 0x20 && byte < 0x7F ? byte : nil
    }

    /// Calls `body` with the cell's text as UTF-8 bytes, without building a `String`.
    ///
    /// Inlinable, so the painter gets it specialised: called through the generic
    /// `withUnsafeBytes(of:)` it was half of writing a cell that is not ASCII.
    @inlinable
    public func withUTF8<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let count = textBits >> 56
        var words = count == Self.storedMark ? Self.stored(textBits) : (textBits & 0x00FF_FFFF_FFFF_FFFF, count << 56)
        let length = Int(words.1 >> 56)
        return try withUnsafeBytes(of: &words) { raw in
            try body(UnsafeRawBufferPointer(rebasing: raw[0..<length]))
        }
    }

    /// The cell's one scalar when its text is exactly one (most cells that are not ASCII:
    /// box drawing, blocks, a CJK character); nil for several scalars or none.
    @inlinable
    public var singleScalar: Unicode.Scalar? {
        let count = Int(textBits >> 56)
        let b0 = UInt32(truncatingIfNeeded: textBits)
        switch count {
        case 1:
            return b0 & 0xFF < 0x80 ? Unicode.Scalar(b0 & 0xFF) : nil
        case 2 where b0 & 0xE0 == 0xC0:
            return Unicode.Scalar((b0 & 0x1F) << 6 | (b0 >> 8) & 0x3F)
        case 3 where b0 & 0xF0 == 0xE0:
            let lead: UInt32 = (b0 & 0x0F) << 12 | ((b0 >> 8) & 0x3F) << 6
            return Unicode.Scalar(lead | (b0 >> 16) & 0x3F)
        case 4 where b0 & 0xF8 == 0xF0:
            let high: UInt32 = (b0 & 0x07) << 18 | ((b0 >> 8) & 0x3F) << 12
            let low: UInt32 = ((b0 >> 16) & 0x3F) << 6 | (b0 >> 24) & 0x3F
            return Unicode.Scalar(high | low)
        default:
            return nil
        }
    }

    /// Appends a scalar (a combining mark) when it fits.
    public mutating func append(_ scalar: Unicode.Scalar) {
        let count = textBits >> 56
        let words = count == Self.storedMark ? Self.stored(textBits) : (textBits & 0x00FF_FFFF_FFFF_FFFF, count << 56)
        var bytes = ClusterStore.Bytes(words: words)
        guard bytes.append(scalar) else { return }
        setText(bytes)
    }

    /// The words of a stored cluster: bytes 0...7, then 8...14 with the count in the top byte.
    @usableFromInline
    static func stored(_ textBits: UInt64) -> (UInt64, UInt64) {
        ClusterStore.words(UInt32(truncatingIfNeeded: textBits))
    }

    private mutating func setText(_ bytes: ClusterStore.Bytes) {
        if bytes.count <= Self.inlineLimit {
            textBits = bytes.low | UInt64(bytes.count) << 56
        } else if let number = ClusterStore.number(of: bytes) {
            textBits = UInt64(number) | Self.storedMark << 56
        } else {
            // The store is full: the scalars that fit in the word.
            textBits = bytes.prefix(Self.inlineLimit) | UInt64(bytes.count(within: Self.inlineLimit)) << 56
        }
    }
}

/// A frame: what the screen should show, as a grid of styled cells plus the cursor.
///
/// `render` fills it without touching the terminal; TerminalUI copies it to ncurses, and
/// snapshot tests compare its text and style runs with golden files.
public struct Canvas: Hashable, Sendable {
    /// How a frame drawn over an earlier one differs from it: `render(cache:)` starts from the
    /// previous frame, and every row written since is marked, so the screen compares only
    /// those. Not part of equality.
    public struct Revision: Hashable, Sendable {
        /// This frame.
        public let id: UInt64
        /// The frame it was drawn over: rows not in `rows` are that frame's, unchanged.
        public let base: UInt64
        /// `rows[y]`: row `y` was written (it may or may not differ).
        public internal(set) var rows: [Bool]
    }

    public let width: Int
    public let height: Int
    public internal(set) var cells: [Cell]
    /// Where the terminal cursor goes (column, row); nil hides it.
    public var cursor: (x: Int, y: Int)? {
        get { cursorX.map { ($0, cursorY) } }
        set {
            cursorX = newValue?.x
            cursorY = newValue?.y ?? 0
        }
    }
    private var cursorX: Int?
    private var cursorY: Int = 0
    /// The colour-vision deficiency every colour drawn is simulated for (`put` and `fill`);
    /// nil draws colours as given. Not part of equality: the cells are.
    public var vision: VisionDeficiency?
    /// Set while a frame is drawn over an earlier one; nil for a fresh canvas.
    public private(set) var revision: Revision?

    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set {
            markRows(y..<(y + 1))
            cells[y * width + x] = newValue
        }
    }

    /// Starts frame `id` over this one (frame `base`): no row is marked written yet.
    ///
    /// The previous revision's row marks are cleared and reused: a frame allocates nothing for them.
    public mutating func beginRevision(id: UInt64, base: UInt64) {
        var rows: [Bool] = []
        if var previous = revision {
            revision = nil
            swap(&rows, &previous.rows)
        }
        if rows.count == height {
            for y in rows.indices { rows[y] = false }
        } else {
            rows = Array(repeating: false, count: height)
        }
        revision = Revision(id: id, base: base, rows: rows)
    }

    /// Notes that rows `rows` are being written, when a revision is open.
    @inline(__always)
    public mutating func markRows(_ rows: Range<Int>) {
        guard revision != nil else { return }
        for y in max(rows.lowerBound, 0)..<min(rows.upperBound, height) { revision!.rows[y] = true }
    }

    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.cursorX == rhs.cursorX
            && lhs.cursorY == rhs.cursorY && lhs.cells == rhs.cells
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(cursorX)
        hasher.combine(cursorY)
        hasher.combine(cells)
    }
}
