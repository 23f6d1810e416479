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

/// One terminal cell. A wide character occupies its cell and a following `continuation` cell.
///
/// The text is stored inline as up to 15 bytes of UTF-8 rather than as a `String`, so a cell
/// holds no reference: a whole canvas is one flat allocation that is filled and freed without
/// touching each cell, which is most of what a frame would otherwise cost. 15 bytes hold any
/// base character with a few combining marks; ncurses keeps at most 5 characters per cell
/// anyway, and longer clusters are cut at a scalar boundary.
public struct Cell: Hashable, Sendable {
    /// UTF-8 bytes 0...14 in the two words; byte 15 (the top byte of `high`) is the length.
    @usableFromInline internal private(set) var low: UInt64
    @usableFromInline internal private(set) var high: UInt64
    public var style: Style
    public var isContinuation: Bool

    public init(text: String = " ", style: Style = .plain, isContinuation: Bool = false) {
        low = 0
        high = 0
        self.style = style
        self.isContinuation = isContinuation
        self.text = text
    }

    /// A cell holding one scalar: the renderer's fast path, with no `String` in between.
    public init(scalar: Unicode.Scalar, style: Style) {
        self.style = style
        isContinuation = false
        // ASCII (most cells): its one byte and the length, without walking a UTF-8 view.
        if scalar.value < 0x80 {
            low = UInt64(scalar.value)
            high = 1 << 56
            return
        }
        low = 0
        high = 0
        var count = 0
        for byte in scalar.utf8 {
            setByte(count, byte)
            count += 1
        }
        setCount(count)
    }

    /// A continuation cell: the right half of the wide character before it.
    public init(continuationWith style: Style) {
        low = 0
        high = 0
        self.style = style
        isContinuation = true
    }

    public var text: String {
        get {
            let count = byteCount
            if count == 1 { return String(UnicodeScalar(UInt8(truncatingIfNeeded: low))) }
            return withUnsafeBytes(of: (low, high)) { raw in
                String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<count]), as: UTF8.self)
            }
        }
        set {
            low = 0
            high = 0
            var count = 0
            for scalar in newValue.unicodeScalars {
                let width = scalar.utf8.count
                if count + width > 15 { break }
                for byte in scalar.utf8 {
                    setByte(count, byte)
                    count += 1
                }
            }
            setCount(count)
        }
    }

    /// The byte of a cell holding one printable ASCII character (most cells); nil otherwise.
    ///
    /// Lets the screen skip building a `String` for the common case.
    public var printableASCII: UInt8? {
        guard byteCount == 1 else { return nil }
        let byte = UInt8(truncatingIfNeeded: low)
        return byte >= 0x20 && byte < 0x7F ? byte : nil
    }

    /// Calls `body` with the cell's text as UTF-8 bytes, without building a `String`.
    ///
    /// Inlinable, so the painter gets it specialised: called through the generic
    /// `withUnsafeBytes(of:)` it was half of writing a cell that is not ASCII.
    @inlinable
    public func withUTF8<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        var words = (low, high)
        let count = Int(high >> 56)
        return try withUnsafeBytes(of: &words) { raw in
            try body(UnsafeRawBufferPointer(rebasing: raw[0..<count]))
        }
    }

    /// The cell's one scalar when its text is exactly one (most cells that are not ASCII:
    /// box drawing, blocks, a CJK character); nil for several scalars or none.
    @inlinable
    public var singleScalar: Unicode.Scalar? {
        let count = Int(high >> 56)
        let b0 = UInt32(truncatingIfNeeded: low)
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
        var count = byteCount
        guard count + scalar.utf8.count <= 15 else { return }
        for byte in scalar.utf8 {
            setByte(count, byte)
            count += 1
        }
        setCount(count)
    }

    private var byteCount: Int { Int(high >> 56) }

    private mutating func setCount(_ count: Int) {
        high = (high & 0x00FF_FFFF_FFFF_FFFF) | (UInt64(count) << 56)
    }

    private mutating func setByte(_ index: Int, _ byte: UInt8) {
        if index < 8 {
            low |= UInt64(byte) << (UInt64(index) * 8)
        } else {
            high |= UInt64(byte) << (UInt64(index - 8) * 8)
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
