import PaletteCore
import PaletteHistory

/// The last frame and what each part of it was drawn from, so the next frame redraws only the
/// parts whose inputs changed.
///
/// Each keystroke changes one or two parts of the screen: typing touches the field row, moving
/// through the history the panes and two list rows. `AppState.render(cache:)` starts from the
/// previous frame and redraws a part only when its key (every value its drawing reads) differs
/// from the one it was last drawn with. History rows are also kept by content, so scrolling
/// the list copies rows instead of drawing them. A value the runtime holds next to the state:
/// the result is always exactly `render()`'s (a test replays random sessions to check).
public struct RenderCache: Sendable {
    /// Size, language and colour mode: the layout and theme every part depends on.
    struct FrameKey: Equatable, Sendable {
        var width: Int
        var height: Int
        var language: Language
        var colorMode: ColorMode
    }

    struct TitleKey: Equatable, Sendable {
        var provider: String
        var model: String?
    }

    struct FieldKey: Equatable, Sendable {
        var focused: Bool
        var characters: [Character]
        var offset: Int
    }

    struct ButtonKey: Equatable, Sendable {
        var request: InFlightRequest?
        var focused: Bool
        var shown: ShownPalette?
    }

    struct PanesKey: Equatable, Sendable {
        var shown: ShownPalette?
        var focused: Bool
        var selectedRole: Role
    }

    struct HistoryHeaderKey: Equatable, Sendable {
        var focused: Bool
        var favoritesOnly: Bool
        var query: String
        var isEditingFilter: Bool
        var filter: [Character]
        var filterOffset: Int
        var count: Int
        var selected: Int
    }

    /// Everything the list rows depend on besides the entries themselves.
    struct HistoryListKey: Equatable, Sendable {
        var revision: Int
        var top: Int
        var selected: Int
        var focused: Bool
        var rows: Int
    }

    struct HistoryRowKey: Hashable, Sendable {
        var entry: HistoryEntry
        var selected: Bool
        var focused: Bool
    }

    /// What a list row of the frame shows.
    enum RowState: Equatable, Sendable {
        /// Not drawn through this cache yet.
        case unknown
        case blank
        /// "No history yet" or "no matches".
        case text(String)
        case entry(HistoryRowKey)
    }

    struct StatusKey: Equatable, Sendable {
        var status: StatusMessage?
        var hasPalette: Bool
        var isGenerating: Bool
        var isEditingFilter: Bool
        var focus: Focus
    }

    /// How many drawn history rows are kept by content.
    static let rowCapacity = 256

    var frame: Canvas?
    /// The id of `frame`, and the id the next frame gets (random start, so frames of two
    /// caches are not taken for each other).
    var frameID: UInt64 = 0
    var nextID = UInt64.random(in: 1...(UInt64.max >> 1))
    var frameKey: FrameKey?
    var title: TitleKey?
    var field: FieldKey?
    var button: ButtonKey?
    var panes: PanesKey?
    var historyHeader: HistoryHeaderKey?
    /// What each list row of `frame` shows, top to bottom.
    var historyRows: [RowState] = []
    var historyList: HistoryListKey?
    var rowCells: [HistoryRowKey: [Cell]] = [:]
    var status: StatusKey?

    public init() {}

    /// Forgets everything, so the next frame is drawn in full.
    mutating func reset() {
        let next = nextID
        self = RenderCache()
        nextID = next
    }
}

extension Canvas {
    /// Blanks rows `rows` (plain spaces, no continuation cells).
    mutating func clearRows(_ rows: Range<Int>) {
        let lo = max(rows.lowerBound, 0), hi = min(rows.upperBound, height)
        guard lo < hi else { return }
        markRows(lo..<hi)
        let blank = Cell()
        for i in (lo * width)..<(hi * width) { cells[i] = blank }
    }

    /// The cells of row `y`.
    func row(_ y: Int) -> ArraySlice<Cell> {
        cells[(y * width)..<((y + 1) * width)]
    }

    /// Replaces row `y` with `row` (exactly `width` cells).
    mutating func setRow(_ y: Int, _ row: [Cell]) {
        markRows(y..<(y + 1))
        cells.replaceSubrange((y * width)..<((y + 1) * width), with: row)
    }
}
