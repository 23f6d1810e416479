import PaletteCore
import PaletteText
import ScreenCore

/// The description row: its label and the visible part of the text field (or its placeholder).
struct DescriptionField: ScreenPart {
    var focused: Bool
    /// The field's `glyphs`, and its characters only when a grapheme is more than one scalar
    /// (`TextField.clusteredCharacters`).
    var glyphs: [UInt32]
    var characters: [Character]
    var offset: Int
    /// The field takes a refinement instruction (`R`) instead of the description.
    var refining: Bool
    /// The description a palette was made from: typing replaces it (`AppState.descriptionSelected`).
    var selected: Bool
    /// The field takes an image's path (`I`, ^O) instead of the description.
    var imagePath = false

    init(_ state: borrowing AppState) {
        focused = state.focus == .description && !state.isEditingFilter
        refining = state.workbench.isRefining
        var field = refining ? state.workbench.refineField : state.field
        if let prompt = state.image.prompt {
            field = prompt
            imagePath = true
            refining = false
            focused = true
        }
        glyphs = field.glyphs
        characters = field.clusteredCharacters
        offset = field.offset
        selected = state.descriptionSelected && !refining && !imagePath
    }

    static func rows(in layout: Layout) -> Range<Int> { layout.fieldRow..<(layout.fieldRow + 1) }

    /// How the text is drawn (the field around it is `theme.field`).
    func textStyle(_ theme: Theme) -> Style {
        selected ? Style(reverse: true, underline: true) : theme.field
    }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let layout = frame.layout
        let theme = frame.theme
        let rect = layout.field
        // The refine label is drawn in the description label's cells (never wider in any language).
        let label =
            (imagePath ? ImageAppText.promptLabel : refining ? WorkbenchText.refineLabel : UIText.descriptionLabel)(
                frame.language)
        canvas.put(
            label, x: layout.labelX, y: layout.fieldRow,
            style: focused ? Style(bold: true, reverse: true) : Style(bold: true), limit: rect.x - 1)
        canvas.fill(rect, style: theme.field)
        if glyphs.isEmpty {
            let placeholder =
                (imagePath
                ? ImageAppText.promptPlaceholder : refining ? WorkbenchText.refinePlaceholder : UIText.placeholder)(
                    frame.language)
            canvas.put(
                placeholder, x: rect.x, y: rect.y, style: theme.placeholder,
                limit: rect.x + rect.width, ellipsis: true)
        } else {
            canvas.putVisible(characters, glyphs: glyphs, from: offset, in: rect, style: textStyle(theme))
        }
    }
}

extension Canvas {
    /// Draws the graphemes of a text field from its scroll offset that fit in `rect`: the cells
    /// `put` would make of them as one string, drawn straight from the array (appending the
    /// characters to a string one by one was nearly half of drawing the field, on every key).
    /// Widths and single scalars come from the field's `glyphs`, so a grapheme of one scalar
    /// (nearly every one typed) is drawn without reading its `Character`; `characters` are
    /// read only for the graphemes of more than one (`TextField.clusteredCharacters`).
    mutating func putVisible(
        _ characters: [Character], glyphs: [UInt32], from offset: Int, in rect: Rect, style: Style
    ) {
        guard rect.y >= 0, rect.y < height else { return }
        let start = max(offset, 0)
        let end = Self.visibleEnd(characters, glyphs, from: start, used: 0, width: rect.width)
        guard end > offset else { return }
        markRows(rect.y..<(rect.y + 1))
        var run = ScalarRun(
            x: rect.x, y: rect.y, style: seen(style), end: min(rect.x + rect.width, width), ellipsis: false)
        drawGlyphs(characters, glyphs, start..<end, run: &run)
    }

    /// The index after the last grapheme from `start` that fits in `width` columns, `used` of
    /// them taken already.
    private static func visibleEnd(
        _ characters: [Character], _ glyphs: [UInt32], from start: Int, used: Int, width: Int
    ) -> Int {
        var used = used
        var i = start
        while i < glyphs.count {
            let w = TextField.width(glyphs, characters, at: i)
            if used + w > width { break }
            used += w
            i += 1
        }
        return i
    }

    private mutating func drawGlyphs(
        _ characters: [Character], _ glyphs: [UInt32], _ range: Range<Int>, run: inout ScalarRun
    ) {
        drawing: for k in range {
            let single = glyphs[k] & TextField.manyScalars
            if single != TextField.manyScalars, let scalar = Unicode.Scalar(single) {
                if !run.add(scalar, to: &self) { break }
                continue
            }
            for scalar in characters[k].unicodeScalars where !run.add(scalar, to: &self) { break drawing }
        }
    }

    /// `update` for the description row. When the field shows the same label and scroll offset
    /// as last drawn and only its text changed, from some grapheme on (a key typed, deleted or
    /// pasted), the row keeps its cells up to that grapheme and is drawn again from there:
    /// the cells a whole redraw would make, since a grapheme's cells depend only on the ones
    /// before it. Typing at the end of the text draws one character instead of the label, the
    /// field and every character before it.
    mutating func updateField(
        _ part: DescriptionField, drawn: inout Drawn<DescriptionField>?, _ frame: RenderFrame
    ) {
        if let box = drawn {
            if box.part == part { return }
            if redrawTail(from: box.part, to: part, frame) {
                drawn = Drawn(part)
                return
            }
        }
        clearRows(DescriptionField.rows(in: frame.layout))
        part.draw(on: &self, frame)
        drawn = Drawn(part)
    }

    /// Draws `new`'s text over `old`'s from the first grapheme that differs; false (nothing
    /// drawn) when the row must be drawn whole.
    private mutating func redrawTail(
        from old: DescriptionField, to new: DescriptionField, _ frame: RenderFrame
    ) -> Bool {
        guard old.focused == new.focused, old.refining == new.refining, old.selected == new.selected,
            old.offset == new.offset, !old.glyphs.isEmpty, !new.glyphs.isEmpty
        else { return false }
        let rect = frame.layout.field
        guard rect.y >= 0, rect.y < height, rect.x >= 0, new.offset >= 0 else { return false }
        // The first grapheme that differs, and its column in the field.
        let common = min(old.glyphs.count, new.glyphs.count)
        var k = new.offset
        var used = 0
        while k < common, old.glyphs[k] == new.glyphs[k] {
            if old.glyphs[k] & TextField.manyScalars == TextField.manyScalars, old.characters[k] != new.characters[k] {
                break
            }
            let w = TextField.width(new.glyphs, new.characters, at: k)
            if used + w > rect.width { return true }  // nothing that shows differs
            used += w
            k += 1
        }
        // Zero-width marks join the cell before them: the graphemes on both sides of the
        // boundary must start cells of their own, so nothing drawn after it reaches back.
        guard Self.startsCell(old.glyphs, at: k), Self.startsCell(new.glyphs, at: k) else { return false }
        let y = rect.y
        markRows(y..<(y + 1))
        let blank = Cell(text: " ", style: seen(frame.theme.field))
        let x0 = rect.x + used
        let x1 = min(rect.x + rect.width, width)
        if x0 < x1 {
            setCells((y * width + x0)..<(y * width + x1), to: blank)
        }
        let end = Self.visibleEnd(new.characters, new.glyphs, from: k, used: used, width: rect.width)
        guard end > k else { return true }
        var run = ScalarRun(
            x: rect.x, y: y, style: seen(new.textStyle(frame.theme)), end: x1, ellipsis: false, resumingAt: x0)
        drawGlyphs(new.characters, new.glyphs, k..<end, run: &run)
        return true
    }

    /// Whether grapheme `k` (none past the end) is one scalar that is kept and takes columns.
    private static func startsCell(_ glyphs: [UInt32], at k: Int) -> Bool {
        guard k < glyphs.count else { return true }
        let glyph = glyphs[k]
        let value = glyph & TextField.manyScalars
        if value >= 0x20 && value < 0x7F { return true }
        guard value != TextField.manyScalars, glyph >> 24 >= 1, let scalar = Unicode.Scalar(value) else { return false }
        return TextSanitizer.verdict(scalar) == .keep && DisplayWidth.of(scalar) >= 1
    }
}
