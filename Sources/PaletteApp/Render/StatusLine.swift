import PaletteCore

/// The status row: the latest message (or a hint) on the left, the keys in force on the right.
struct StatusLine: ScreenPart {
    @ComparedInPlace var status: StatusMessage? = nil
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
    }

    static func rows(in layout: Layout) -> Range<Int> { layout.statusRow..<(layout.statusRow + 1) }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
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
        var items: [(key: String, text: String)] = []
        if isGenerating || isEditingFilter {
            items.append(("Esc", (isGenerating ? UIText.footerCancel : UIText.footerClear)(language)))
        }
        // While a palette is being made, Enter does not generate another: its hint goes.
        items += KeyMap.footer(for: contexts, language: language, excluding: isGenerating ? [.generate] : [])
        // The keys keep at least a third of the row beside a message (a long one is cut to what
        // they leave: a palette's notes never push them off); an error, a warning or the path a
        // file went to is read whole first, the keys take what is left.
        let urgent = status?.readWhole ?? false
        let room = messageWidth == 0 ? available : max(available - messageWidth - 3, urgent ? 0 : available / 3)
        var keys: [(key: String, text: String)] = []
        var used = 0
        for item in items {
            let w = DisplayWidth.of(item.key) + 1 + DisplayWidth.of(item.text) + (keys.isEmpty ? 0 : 3)
            if used + w > room { break }
            keys.append(item)
            used += w
        }
        if let message {
            let limit = keys.isEmpty ? width - 1 : width - 1 - used - 3
            canvas.put(message.text, x: 1, y: y, style: message.style, limit: max(limit, 1), ellipsis: true)
        }
        guard !keys.isEmpty else { return }
        var x = width - 1 - used
        for (n, item) in keys.enumerated() {
            if n > 0 { x = canvas.put(" · ", x: x, y: y, style: theme.dim) }
            x = canvas.put(item.key, x: x, y: y, style: Style(bold: true))
            x = canvas.put(" " + item.text, x: x, y: y, style: theme.dim)
        }
    }
}
