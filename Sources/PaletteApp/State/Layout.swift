import PaletteCore
import PaletteText
import ScreenCore

/// Where everything goes for a terminal size: a pure function of width, height and language.
///
/// The reducer uses it too (how many history rows a page is, how wide the field is), so
/// scrolling and drawing always agree.
///
/// Rows, top to bottom: title; description field; button; the three panes; the history header
/// and list; the status line. From 20 rows up, blank rows separate the groups. Panes sit side by
/// side from 60 columns up and are stacked (one band per colour) below that. The panes take
/// about two fifths of what is left, between 3 and 10 rows; the history list gets the rest.
/// The audit panel, when shown, sits under the panes: up to `AuditPanel.idealRows` rows, the
/// panes shrinking towards 3 rows so that the history keeps 4 rows (1 on the smallest screens).
/// A status message too long for its one row takes `statusRows` rows, growing upwards from the
/// bottom row into the history list, which keeps at least one row (`StatusWrap`).
struct Layout: Hashable, Sendable {
    static let minimumWidth = 40
    static let minimumHeight = 12
    /// From this width the panes sit side by side.
    static let sideBySideWidth = 60
    /// From this height blank rows separate the groups.
    static let spaciousHeight = 20

    let width: Int
    let height: Int
    let isTooSmall: Bool
    let fieldRow: Int
    /// Columns of the description field, after its label.
    let field: Rect
    let labelX: Int
    let buttonRow: Int
    let panesStacked: Bool
    let panes: PaneRects
    let historyHeaderRow: Int
    /// The filter text on the history header row, right of its "/" prompt.
    let filter: Rect
    let historyList: Rect
    /// The bottom row: the status message's last line and the key hints.
    let statusRow: Int
    /// The status message's first row: `statusRow` unless a long message wraps.
    let statusTop: Int
    /// The audit panel's rows, when it is shown and there is room for it.
    let audit: Rect?
    /// The attached picture's column, right of the panes (`ThumbnailView`): up to 16 columns
    /// (10 beside stacked panes) while each pane keeps its room; nil without a picture.
    let thumbnail: Rect?

    init(
        width: Int, height: Int, labelWidth: Int, auditPanel: Bool = false, statusRows: Int = 1,
        image: Bool = false
    ) {
        self.width = width
        self.height = height
        isTooSmall = width < Layout.minimumWidth || height < Layout.minimumHeight
        let spacer = height >= Layout.spaciousHeight ? 1 : 0
        labelX = 1
        fieldRow = 1 + spacer
        let fieldX = labelX + labelWidth + 1
        field = Rect(x: fieldX, y: fieldRow, width: max(width - 1 - fieldX, 1), height: 1)
        buttonRow = fieldRow + 1
        let panesTop = buttonRow + 1 + spacer
        statusRow = max(height - 1, 0)
        // Title, field, button, history header and status, plus the spacers around panes.
        let available = max(height - 5 - 3 * spacer, 4)
        panesStacked = width < Layout.sideBySideWidth
        var paneRows: Int
        if panesStacked {
            paneRows = available >= 16 ? 6 : 3
        } else {
            paneRows = min(max(available * 2 / 5, 3), 10)
        }
        // Rows from the panes' top to the status row: panes, panel, spacer, header, list.
        let below = statusRow - panesTop
        var auditRows = 0
        if auditPanel {
            let keep = min(4, max(below - 3 - spacer - 1 - AuditPanel.idealRows, 1))
            paneRows = max(min(paneRows, below - AuditPanel.idealRows - spacer - 1 - keep), 3)
            if panesStacked, paneRows < 6 { paneRows = 3 }
            auditRows = min(AuditPanel.idealRows, max(below - paneRows - spacer - 1 - 1, 0))
        }
        // The picture's column: what the panes can spare beyond 14 columns each side by side
        // (28 for a stacked band's label, hex and name), and a gap.
        var thumbColumns = 0
        if image {
            let spare = panesStacked ? width - 2 - 28 - 1 : width - 4 - 3 * 14 - 1
            thumbColumns = min(spare, panesStacked ? 10 : Thumbnail.maxColumns)
            if thumbColumns < 4 { thumbColumns = 0 }
        }
        let taken = thumbColumns > 0 ? thumbColumns + 1 : 0
        thumbnail =
            thumbColumns > 0
            ? Rect(x: width - 1 - thumbColumns, y: panesTop, width: thumbColumns, height: paneRows) : nil
        var rects = PaneRects()
        if panesStacked {
            let band = paneRows / 3
            for i in 0..<3 {
                rects[i] = Rect(x: 1, y: panesTop + i * band, width: max(width - 2 - taken, 1), height: band)
            }
        } else {
            let inner = width - 2 - 2 - taken
            let base = inner / 3
            let extra = inner - base * 3
            var x = 1
            for i in 0..<3 {
                let w = base + (i < extra ? 1 : 0)
                rects[i] = Rect(x: x, y: panesTop, width: w, height: paneRows)
                x += w + 1
            }
        }
        panes = rects
        audit = auditRows > 0 ? Rect(x: 1, y: panesTop + paneRows, width: max(width - 2, 1), height: auditRows) : nil
        historyHeaderRow = panesTop + paneRows + auditRows + spacer
        let filterX = width / 2 + 2
        filter = Rect(x: filterX, y: historyHeaderRow, width: max(width - 1 - filterX, 1), height: 1)
        let listTop = historyHeaderRow + 1
        statusTop = max(statusRow - max(statusRows - 1, 0), min(listTop + 1, statusRow))
        historyList = Rect(x: 1, y: listTop, width: max(width - 2, 1), height: max(statusTop - listTop, 1))
    }
}

extension Layout {
    /// The description label's display width in `language`, measured once per language: the
    /// layout is worked out several times a key, and measuring the label was most of it.
    static func labelWidth(_ language: Language) -> Int {
        switch language {
        case .english: return englishLabelWidth
        case .traditionalChinese: return traditionalLabelWidth
        case .simplifiedChinese: return simplifiedLabelWidth
        }
    }

    private static let englishLabelWidth = DisplayWidth.of(UIText.descriptionLabel(.english))
    private static let traditionalLabelWidth = DisplayWidth.of(UIText.descriptionLabel(.traditionalChinese))
    private static let simplifiedLabelWidth = DisplayWidth.of(UIText.descriptionLabel(.simplifiedChinese))
}

/// The three panes' rectangles, primary to accent: stored inline, since a layout is worked out
/// several times a key and an array would be an allocation each time.
struct PaneRects: RandomAccessCollection, Hashable, Sendable {
    private var primary = Rect(x: 0, y: 0, width: 0, height: 0)
    private var secondary = Rect(x: 0, y: 0, width: 0, height: 0)
    private var accent = Rect(x: 0, y: 0, width: 0, height: 0)

    var startIndex: Int { 0 }
    var endIndex: Int { 3 }

    subscript(index: Int) -> Rect {
        get {
            switch index {
            case 0: return primary
            case 1: return secondary
            case 2: return accent
            default: preconditionFailure("pane \(index) of 3")
            }
        }
        set {
            switch index {
            case 0: primary = newValue
            case 1: secondary = newValue
            case 2: accent = newValue
            default: preconditionFailure("pane \(index) of 3")
            }
        }
    }
}
