import PaletteCore
import ScreenCore

/// The last frame and the parts it was drawn from, so the next frame redraws only the parts
/// that changed.
///
/// Each keystroke changes one or two parts of the screen: typing touches the field row, moving
/// through the history the panes and two list rows. `AppState.render(cache:)` starts from the
/// previous frame and redraws a part only when it differs from the one drawn last (a part is
/// the value its drawing reads: `ScreenPart`). History rows are also kept by content, so
/// scrolling the list copies rows instead of drawing them. A value the runtime holds next to the
/// state: the result is always exactly `render()`'s (a test replays random sessions to check).
public struct RenderCache: Sendable {
    /// How many drawn history rows are kept by content.
    static let rowCapacity = 256

    var frame: Canvas?
    /// The id of `frame`, and the id the next frame gets (random start, so frames of two
    /// caches are not taken for each other).
    var frameID: UInt64 = 0
    var nextID = UInt64.random(in: 1...(UInt64.max >> 1))
    var frameKey: FrameKey?
    var title: Drawn<TitleBar>?
    var field: Drawn<DescriptionField>?
    var button: Drawn<GenerateButton>?
    var panes: Drawn<Panes>?
    var audit: Drawn<AuditPanel>?
    var historyHeader: Drawn<HistoryHeader>?
    /// What each list row of `frame` shows, top to bottom.
    var historyRows: [HistoryRow] = []
    /// What decided each of `historyRows`, for rows showing an entry (`HistoryRowID`).
    var historyRowIDs: [HistoryRowID?] = []
    var historyList: HistoryListKey?
    /// Rows drawn before, by what decided them, so a scrolled list copies them.
    var rowCells: [HistoryRowID: [Cell]] = [:]
    var stamps = StampMemo()
    var status: Drawn<StatusLine>?
    var lineage: Drawn<LineagePanel>?
    /// The rows of recent values of the parts that come back to earlier values (`PartRows`).
    var titleRows = PartRows<TitleBar>(capacity: 4)
    var buttonRows = PartRows<GenerateButton>(capacity: 8)
    var headerRows = PartRows<HistoryHeader>(capacity: 8)
    var statusRows = PartRows<StatusLine>(capacity: 8)

    public init() {}

    /// Forgets everything, so the next frame is drawn in full.
    mutating func reset() {
        let next = nextID
        self = RenderCache()
        nextID = next
    }
}
