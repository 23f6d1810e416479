import PaletteCore

/// The description row: its label and the visible part of the text field (or its placeholder).
struct DescriptionField: ScreenPart {
    var focused: Bool
    var characters: [Character]
    /// The field's `glyphs`, beside its characters.
    var glyphs: [UInt32]
    var offset: Int
    /// The field takes a refinement instruction (`R`) instead of the description.
    var refining: Bool

    init(_ state: borrowing AppState) {
        focused = state.focus == .description && !state.isEditingFilter
        refining = state.workbench.isRefining
        let field = refining ? state.workbench.refineField : state.field
        characters = field.characters
        glyphs = field.glyphs
        offset = field.offset
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
            canvas.putVisible(characters, glyphs: glyphs, from: offset, in: rect, style: theme.field)
        }
    }
}

extension Canvas {
    /// Draws the graphemes of a text field from its scroll offset that fit in `rect`: the cells
    /// `put` would make of them as one string, drawn straight from the array (appending the
    /// characters to a string one by one was nearly half of drawing the field, on every key).
    /// Widths and single scalars come from the field's `glyphs`, so a grapheme of one scalar
    /// (nearly every one typed) is drawn without reading its `Character`.
    mutating func putVisible(
        _ characters: [Character], glyphs: [UInt32], from offset: Int, in rect: Rect, style: Style
    ) {
        guard rect.y >= 0, rect.y < height else { return }
        var used = 0
        let start = max(offset, 0)
        var i = start
        while i < characters.count {
            var w = Int(glyphs[i] >> 24)
            if w == 255 { w = DisplayWidth.of(characters[i]) }
            if used + w > rect.width { break }
            used += w
            i += 1
        }
        guard i > offset else { return }
        markRows(rect.y..<(rect.y + 1))
        var run = ScalarRun(
            x: rect.x, y: rect.y, style: seen(style), end: min(rect.x + rect.width, width), ellipsis: false)
        drawing: for k in start..<i {
            let single = glyphs[k] & TextField.manyScalars
            if single != TextField.manyScalars, let scalar = Unicode.Scalar(single) {
                if !run.add(scalar, to: &self) { break }
                continue
            }
            for scalar in characters[k].unicodeScalars where !run.add(scalar, to: &self) { break drawing }
        }
    }
}
