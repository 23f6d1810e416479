import PaletteCore

/// The description row: its label and the visible part of the text field (or its placeholder).
struct DescriptionField: ScreenPart {
    var focused: Bool
    var characters: [Character]
    var offset: Int
    /// The field takes a refinement instruction (`R`) instead of the description.
    var refining: Bool
    /// The description a palette was made from: typing replaces it (`AppState.descriptionSelected`).
    var selected: Bool

    init(_ state: borrowing AppState) {
        focused = state.focus == .description && !state.isEditingFilter
        refining = state.workbench.isRefining
        let field = refining ? state.workbench.refineField : state.field
        characters = field.characters
        offset = field.offset
        selected = state.descriptionSelected && !refining
    }

    static func rows(in layout: Layout) -> Range<Int> { layout.fieldRow..<(layout.fieldRow + 1) }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let layout = frame.layout
        let theme = frame.theme
        let rect = layout.field
        // The refine label is drawn in the description label's cells (never wider in any language).
        let label = (refining ? WorkbenchText.refineLabel : UIText.descriptionLabel)(frame.language)
        canvas.put(
            label, x: layout.labelX, y: layout.fieldRow,
            style: focused ? Style(bold: true, reverse: true) : Style(bold: true), limit: rect.x - 1)
        canvas.fill(rect, style: theme.field)
        if characters.isEmpty {
            let placeholder = (refining ? WorkbenchText.refinePlaceholder : UIText.placeholder)(frame.language)
            canvas.put(
                placeholder, x: rect.x, y: rect.y, style: theme.placeholder,
                limit: rect.x + rect.width, ellipsis: true)
        } else {
            canvas.putVisible(
                characters, from: offset, in: rect,
                style: selected ? Style(reverse: true, underline: true) : theme.field)
        }
    }
}

extension Canvas {
    /// Draws the graphemes of a text field from its scroll offset that fit in `rect`: the cells
    /// `put` would make of them as one string, drawn straight from the array (appending the
    /// characters to a string one by one was nearly half of drawing the field, on every key).
    mutating func putVisible(_ characters: [Character], from offset: Int, in rect: Rect, style: Style) {
        guard rect.y >= 0, rect.y < height else { return }
        var used = 0
        var i = max(offset, 0)
        while i < characters.count {
            let w = DisplayWidth.of(characters[i])
            if used + w > rect.width { break }
            used += w
            i += 1
        }
        guard i > offset else { return }
        markRows(rect.y..<(rect.y + 1))
        _ = putScalars(
            of: characters[max(offset, 0)..<i], from: rect.x, y: rect.y, style: seen(style),
            end: min(rect.x + rect.width, width), ellipsis: false)
    }
}
