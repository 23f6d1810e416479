import FoundationEssentials
import Glibc
import PaletteCore
import PaletteHistory
import PaletteText
import ScreenCore

/// What one row of the history list shows: a part of its own, so rows are cached one by one
/// (a scrolled list copies the rows it drew before, kept by `HistoryRowID`).
enum HistoryRow: Equatable, Sendable {
    /// Not drawn through a cache yet.
    case unknown
    case blank
    /// "No history yet" or "no matches".
    case text(String)
    case entry(Entry)

    /// An entry's row: what it shows of the entry, and how it is marked.
    struct Entry: Equatable, Sendable {
        var description: String
        /// "14:05" today, else "2026-12-04" (`AppClock.stamp`).
        var when: String
        var palette: Palette
        var favorite: Bool
        var selected: Bool
        var focused: Bool
        /// The group's size on a group's row (≥ 2), 1 alone, 0 on a member's row of an open group.
        var group: Int = 1
        var open = false
        /// A member's row: how it was made ("swapped 1↔2"), shown instead of the description.
        var made = ""
        /// The name of the picture the palette was made from, marked before the description.
        var image = ""

        init(_ entry: HistoryEntry, when: String, selected: Bool, focused: Bool) {
            description = entry.description
            self.when = when
            palette = entry.palette
            favorite = entry.favorite
            self.selected = selected
            self.focused = focused
            if let reference = entry.lineage.image {
                image = TextSanitizer.clean(ImagePath.fileName(reference.source))
            }
        }
    }

    /// Row `r` of the list area, from its top, as `state` shows it; `stamp` gives an entry's
    /// time or date (`AppClock.stamp`).
    init(_ state: borrowing AppState, row r: Int, stamp: (Date) -> String) {
        let history = state.history
        if history.count == 0 {
            self =
                r == 0
                ? .text(history.isFiltered ? UIText.noMatches(state.language) : UIText.noHistory(state.language))
                : .blank
            return
        }
        let row = history.top + r
        guard let entry = history.entry(atRow: row) else {
            self = .blank
            return
        }
        var key = Entry(
            entry, when: stamp(entry.created), selected: row == history.selected,
            focused: state.focus == .history)
        key.group = history.groupSize(atRow: row)
        if key.group >= 2 { key.open = history.isExpanded(atRow: row) }
        if key.group == 0 { key.made = WorkbenchText.made(entry.lineage, state.language) }
        self = .entry(key)
    }

    /// Draws the row on blank row `y` of the list.
    func draw(y: Int, on canvas: inout Canvas, _ frame: RenderFrame) {
        let list = frame.layout.historyList
        switch self {
        case .unknown, .blank:
            break
        case .text(let text):
            canvas.put(text, x: list.x + 2, y: y, style: frame.theme.dim, limit: list.x + list.width, ellipsis: true)
        case .entry(let key):
            key.draw(y: y, list: list, on: &canvas, frame)
        }
    }
}

extension HistoryRow.Entry {
    fileprivate func draw(y: Int, list: Rect, on canvas: inout Canvas, _ frame: RenderFrame) {
        let theme = frame.theme
        let highlight = selected && focused
        let base = highlight ? Style(reverse: true) : Style.plain
        let right = list.x + list.width
        if highlight { canvas.fill(Rect(x: list.x, y: y, width: list.width, height: 1), style: base) }
        canvas.put(selected ? "›" : " ", x: list.x, y: y, style: Style(bold: true, reverse: highlight))
        if favorite { canvas.put("★", x: list.x + 1, y: y, style: Style(bold: true, reverse: highlight)) }
        var x = list.x + 3
        if theme.fills {
            for color in palette.colors {
                canvas.fill(Rect(x: x, y: y, width: 2, height: 1), style: Style(background: .rgb(color)))
                x += 2
            }
        } else {
            canvas.put(palette.primary.hex, x: x, y: y, style: highlight ? base : theme.dim)
            x += 7
        }
        x += 1
        var textEnd = right
        if frame.width >= 100 {
            let dateX = right - DisplayWidth.of(when)
            canvas.put(when, x: dateX, y: y, style: highlight ? base : theme.dim)
            textEnd = dateX - 2
        }
        guard textEnd > x else { return }
        if group == 0 {
            // A member of an open group: how it was made, under the group's row.
            canvas.put("↳ " + made, x: x + 1, y: y, style: highlight ? base : theme.dim, limit: textEnd, ellipsis: true)
            return
        }
        if group >= 2 {
            // "▸ 5" closed, "▾ 5" open: the group's size before its description.
            x = canvas.put((open ? "▾" : "▸") + "\(group) ", x: x, y: y, style: Style(bold: true, reverse: highlight))
        }
        guard textEnd > x else { return }
        if !image.isEmpty {
            // "▣ photo.png" before the words that steered it.
            var mark = base
            mark.bold = true
            x = canvas.put(
                ImageAppText.historyMark + " " + image, x: x, y: y, style: mark, limit: textEnd, ellipsis: true)
            x += 1
            guard textEnd > x else { return }
        }
        canvas.put(description, x: x, y: y, style: base, limit: textEnd, ellipsis: true)
    }
}

/// Everything the list rows depend on besides the entries themselves: when it is unchanged, no
/// row is looked at.
struct HistoryListKey: Equatable, Sendable {
    var revision: Int
    var top: Int
    var selected: Int
    var focused: Bool
    var rows: Int

    init(_ state: borrowing AppState, rows: Int) {
        revision = state.history.revision
        top = state.history.top
        selected = state.history.selected
        focused = state.focus == .history
        self.rows = rows
    }
}

/// What decides an entry's row, in a few words: which entry, how it is marked, the day its date
/// is written against, and the history's revision (any change to an entry is a new revision).
/// nil for a row that shows no entry.
struct HistoryRowID: Hashable, Sendable {
    var index: Int
    var revision: Int
    var today: Int
    var selected: Bool
    /// The list has the focus and this is the selected row.
    var focused: Bool
    var group: Int
    var open: Bool

    init?(_ state: borrowing AppState, row r: Int, today: Int?) {
        let history = state.history
        let row = history.top + r
        guard let today, let index = history.entryIndex(atRow: row) else { return nil }
        self.index = index
        revision = history.revision
        self.today = today
        selected = row == history.selected
        // Only the selected row shows the list's focus (`Entry.draw`'s highlight).
        focused = selected && state.focus == .history
        group = history.groupSize(atRow: row)
        open = group >= 2 && history.isExpanded(atRow: row)
    }
}

extension Canvas {
    /// Draws each list row unless the cache holds it: at the same place, or drawn before
    /// (the list scrolled), then copied.
    mutating func updateHistoryRows(_ state: AppState, cache: inout RenderCache, _ frame: RenderFrame) {
        let list = frame.layout.historyList
        let listKey = HistoryListKey(state, rows: list.height)
        if cache.historyList == listKey { return }
        cache.historyList = listKey
        if cache.historyRows.count != list.height {
            cache.historyRows = Array(repeating: .unknown, count: list.height)
            cache.historyRowIDs = Array(repeating: nil, count: list.height)
        }
        let clock = state.clock.value
        // Asked only when the list shows entries: the local day reads the time zone, whose first
        // use pages in about 2.8 MiB of time-zone data, for nothing on an empty history.
        let today = state.history.count == 0 ? nil : clock.today()
        for r in 0..<list.height {
            let y = list.y + r
            // A row showing an entry is decided by a few words (`HistoryRowID`): the same words
            // are the row on screen, and rows drawn before are kept by them, so a move through
            // the list copies nothing of the entries it passes (building each row's strings,
            // palette and date, then hashing them, was most of the move's render).
            if let id = HistoryRowID(state, row: r, today: today) {
                if cache.historyRowIDs[r] == id { continue }
                cache.historyRowIDs[r] = id
                cache.historyRows[r] = .unknown
                if let cells = cache.rowCells[id] {
                    setRow(y, cells)
                    continue
                }
                clearRows(y..<(y + 1))
                HistoryRow(state, row: r) { cache.stamps.stamp($0, today: id.today, clock: clock) }
                    .draw(y: y, on: &self, frame)
                if cache.rowCells.count >= RenderCache.rowCapacity { cache.rowCells.removeAll(keepingCapacity: true) }
                cache.rowCells[id] = Array(row(y))
                continue
            }
            // "No history yet", "no matches" or a blank row.
            cache.historyRowIDs[r] = nil
            let wanted = HistoryRow(state, row: r) { cache.stamps.stamp($0, today: clock.today(), clock: clock) }
            if cache.historyRows[r] == wanted { continue }
            cache.historyRows[r] = wanted
            clearRows(y..<(y + 1))
            wanted.draw(y: y, on: &self, frame)
        }
    }
}
