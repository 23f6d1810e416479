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

    public init(foreground: TermColor = .terminalDefault, background: TermColor = .terminalDefault,
                bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false) {
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
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: Style
    public var isContinuation: Bool

    public init(text: String = " ", style: Style = .plain, isContinuation: Bool = false) {
        self.text = text
        self.style = style
        self.isContinuation = isContinuation
    }
}

/// A frame: what the screen should show, as a grid of styled cells plus the cursor.
///
/// `render` fills it without touching the terminal; TerminalUI copies it to ncurses, and
/// snapshot tests compare its text and style runs with golden files.
public struct Canvas: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public var cells: [Cell]
    /// Where the terminal cursor goes (column, row); nil hides it.
    public var cursor: (x: Int, y: Int)? {
        get { cursorX.map { ($0, cursorY) } }
        set { cursorX = newValue?.x; cursorY = newValue?.y ?? 0 }
    }
    private var cursorX: Int?
    private var cursorY: Int = 0

    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }
}
