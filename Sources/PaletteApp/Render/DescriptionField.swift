import PaletteCore

/// The description row: its label and the visible part of the text field (or its placeholder).
struct DescriptionField: ScreenPart {
    var focused: Bool
    var characters: [Character]
    var offset: Int

    init(_ state: AppState) {
        focused = state.focus == .description && !state.isEditingFilter
        characters = state.field.characters
        offset = state.field.offset
    }

    static func rows(in layout: Layout) -> Range<Int> { layout.fieldRow..<(layout.fieldRow + 1) }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let layout = frame.layout
        let theme = frame.theme
        canvas.put(
            UIText.descriptionLabel(frame.language), x: layout.labelX, y: layout.fieldRow,
            style: focused ? Style(bold: true, reverse: true) : Style(bold: true))
        let rect = layout.field
        canvas.fill(rect, style: theme.field)
        if characters.isEmpty {
            canvas.put(
                UIText.placeholder(frame.language), x: rect.x, y: rect.y, style: theme.placeholder,
                limit: rect.x + rect.width, ellipsis: true)
        } else {
            canvas.putVisible(characters, from: offset, in: rect, style: theme.field)
        }
    }
}

extension Canvas {
    /// Draws the graphemes of a text field from its scroll offset that fit in `rect`.
    mutating func putVisible(_ characters: [Character], from offset: Int, in rect: Rect, style: Style) {
        var visible = ""
        var used = 0
        var i = offset
        while i < characters.count {
            let w = DisplayWidth.of(characters[i])
            if used + w > rect.width { break }
            visible.append(characters[i])
            used += w
            i += 1
        }
        put(visible, x: rect.x, y: rect.y, style: style, limit: rect.x + rect.width)
    }
}
