import PaletteCore
import PaletteText
import ScreenCore

/// The status row: the latest message (or a hint) on the left, the keys in force on the right.
/// A message too long for the row is wrapped onto rows above it (`StatusWrap`), the keys on
/// its last row.
struct StatusLine: ScreenPart {
    @ComparedInPlace var status: StatusMessage? = nil
    /// The message's lines when it wraps (`AppState.statusLines`); empty when it fits the row.
    var lines: [String]
    var hasPalette: Bool
    var isGenerating: Bool
    var isEditingFilter: Bool
    var contexts: [KeyContext]

    init(_ state: borrowing AppState) {
        if case .some = state.status { status = state.status }
        hasPalette = false
        if case .some = state.shown { hasPalette = true }
        isGenerating = state.isGenerating
        isEditingFilter = state.isEditingFilter
        contexts = state.activeContexts
        lines = state.statusLines
    }

    static func rows(in layout: Layout) -> Range<Int> { layout.statusTop..<(layout.statusRow + 1) }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        if let status, !lines.isEmpty {
            drawWrapped(status, on: &canvas, frame)
            return
        }
        let y = frame.layout.statusRow
        let width = frame.width
        let language = frame.language
        let theme = frame.theme
        let message: (text: String, style: Style)?
        if let status {
            message = (status.text, theme.status(status.kind))
        } else if !hasPalette {
            message = (UIText.emptyHint(language), theme.dim)
        } else {
            message = nil
        }
        let available = width - 2
        var messageWidth = 0
        if let message { messageWidth = min(DisplayWidth.of(message.text), available) }
        // A status message on the one row fits beside a hint (`StatusWrap.lines`): the hints
        // take what it leaves. The empty screen's hint leaves the keys a third of the row and is
        // cut to what they leave.
        let room =
            messageWidth == 0 ? available : max(available - messageWidth - 3, status != nil ? 0 : available / 3)
        let (keys, used) = hints(language, room: room)
        if let message {
            let limit = keys.isEmpty ? width - 1 : width - 1 - used - 3
            canvas.put(message.text, x: 1, y: y, style: message.style, limit: max(limit, 1), ellipsis: true)
        }
        guard !keys.isEmpty else { return }
        drawKeys(keys, used: used, y: y, on: &canvas, frame)
    }

    /// The hints that fit in `room` columns, most specific first; when not even the first
    /// fits, the help key's alone (it leads to every other key), and `used`, their width.
    private func hints(
        _ language: Language, room: Int
    ) -> (keys: [(key: String, text: String)], used: Int) {
        let items = keyItems(language)
        var keys: [(key: String, text: String)] = []
        var used = 0
        for item in items {
            let w = DisplayWidth.of(item.key) + 1 + DisplayWidth.of(item.text) + (keys.isEmpty ? 0 : 3)
            if used + w > room { break }
            keys.append(item)
            used += w
        }
        if keys.isEmpty, let help = helpItem(items, language) {
            let w = DisplayWidth.of(help.key) + 1 + DisplayWidth.of(help.text)
            if w <= room { return ([help], w) }
        }
        return (keys, used)
    }

    /// The help key's hint among `items`, if it is one of them (the one the footer drops when
    /// help is left out).
    private func helpItem(_ items: [(key: String, text: String)], _ language: Language) -> (key: String, text: String)?
    {
        let others = keyItems(language, excluding: [.help])
        return items.first { item in !others.contains { $0 == item } }
    }

    /// The keys in force, most specific first.
    private func keyItems(_ language: Language, excluding: Set<Command> = []) -> [(key: String, text: String)] {
        var items: [(key: String, text: String)] = []
        if isGenerating || isEditingFilter {
            items.append(("Esc", (isGenerating ? UIText.footerCancel : UIText.footerClear)(language)))
        }
        // While a palette is being made, Enter does not generate another: its hint goes.
        items += KeyMap.footer(
            for: contexts, language: language, excluding: isGenerating ? excluding.union([.generate]) : excluding)
        return items
    }

    private func drawKeys(
        _ keys: [(key: String, text: String)], used: Int, y: Int, on canvas: inout Canvas, _ frame: RenderFrame
    ) {
        var x = frame.width - 1 - used
        for (n, item) in keys.enumerated() {
            if n > 0 { x = canvas.put(" · ", x: x, y: y, style: frame.theme.dim) }
            x = canvas.put(item.key, x: x, y: y, style: Style(bold: true))
            x = canvas.put(" " + item.text, x: x, y: y, style: frame.theme.dim)
        }
    }

    /// A message on the rows the layout gives it, the keys beside its last line. With fewer rows
    /// than it needs (the smallest screens), its middle is cut and its end, the remedy, stays.
    private func drawWrapped(_ status: StatusMessage, on canvas: inout Canvas, _ frame: RenderFrame) {
        let layout = frame.layout
        let rows = layout.statusRow - layout.statusTop + 1
        let shown =
            lines.count <= rows
            ? lines : StatusWrap.fit(status.text, width: frame.width, keysBeside: true, rows: rows)
        let style = frame.theme.status(status.kind)
        let top = layout.statusRow - shown.count + 1
        for (n, line) in shown.enumerated() {
            canvas.put(line, x: 1, y: top + n, style: style, limit: frame.width - 1, ellipsis: true)
        }
        let available = StatusWrap.available(width: frame.width)
        let lastWidth = DisplayWidth.of(shown.last ?? "")
        let (keys, used) = hints(frame.language, room: available - lastWidth - 3)
        guard !keys.isEmpty else { return }
        drawKeys(keys, used: used, y: layout.statusRow, on: &canvas, frame)
    }
}
