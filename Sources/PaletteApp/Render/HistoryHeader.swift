import PaletteCore
import PaletteText
import ScreenCore

/// The history header row: the title, the position in the list, and the filter (typed or set).
struct HistoryHeader: ScreenPart {
    var focused: Bool
    var favoritesOnly: Bool
    var query: String
    var isEditingFilter: Bool
    /// The filter field's `glyphs` and, when a grapheme is more than one scalar, its characters.
    var filterGlyphs: [UInt32]
    var filter: [Character]
    var filterOffset: Int
    var count: Int
    var selected: Int

    init(_ state: borrowing AppState) {
        focused = state.focus == .history
        favoritesOnly = state.history.favoritesOnly
        query = state.history.query
        isEditingFilter = state.isEditingFilter
        // The field is drawn only while it is typed in; reading it otherwise copied the whole
        // `TextField` out of the state on every key.
        if isEditingFilter {
            filterGlyphs = state.filterField.glyphs
            filter = state.filterField.clusteredCharacters
            filterOffset = state.filterField.offset
        } else {
            filterGlyphs = []
            filter = []
            filterOffset = 0
        }
        count = state.history.count
        selected = state.history.selected
    }

    static func rows(in layout: Layout) -> Range<Int> {
        layout.historyHeaderRow..<(layout.historyHeaderRow + 1)
    }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let layout = frame.layout
        let language = frame.language
        let y = layout.historyHeaderRow
        var header = UIText.history(language)
        if favoritesOnly { header += " " + UIText.favoritesOnly(language) }
        let showFilter = isEditingFilter || !query.isEmpty
        let headerLimit = showFilter ? layout.filter.x - 3 : frame.width - 1
        var end = canvas.put(header, x: 1, y: y, style: Style(bold: true, underline: focused), limit: headerLimit)
        if count > 0 {
            let position = " \(UIText.grouped(selected + 1))/\(UIText.grouped(count))"
            end = canvas.put(position, x: end, y: y, style: frame.theme.dim, limit: headerLimit)
        }
        guard showFilter else { return }
        let rect = layout.filter
        canvas.put("/", x: rect.x - 2, y: y, style: Style(bold: true))
        if isEditingFilter {
            canvas.fill(rect, style: frame.theme.field)
            canvas.putVisible(filter, glyphs: filterGlyphs, from: filterOffset, in: rect, style: frame.theme.field)
        } else {
            canvas.put(query, x: rect.x, y: y, style: .plain, limit: rect.x + rect.width, ellipsis: true)
        }
    }
}
