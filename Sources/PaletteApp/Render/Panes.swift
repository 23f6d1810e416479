import PaletteCore
import PaletteText
import ScreenCore

/// The three colour panes: side by side, or stacked as one band per colour on narrow screens.
struct Panes: ScreenPart {
    var palette: Palette?
    @ComparedInPlace var names: PaletteNames? = nil
    /// The pane marked as the one `c` copies; nil while the panes do not have the keyboard.
    var selected: Role?
    /// Roles that generating keeps: their panes carry the lock mark.
    var locked: Set<Role>
    /// The words of the description behind each role, shown when the panes have room.
    var rationale: [Role: [String]]
    /// Roles whose colour the user's lock kept: their "from:" line credits the lock.
    var creditedToLock: Set<Role> = []
    /// Candidates to choose from, drawn side by side instead of the panes when they fit.
    @ComparedInPlace var strip: CandidateStrip? = nil
    /// The attached picture, drawn in its column right of the panes (`Layout.thumbnail`).
    @ComparedInPlace var thumbnail: ThumbnailView? = nil

    init(_ state: borrowing AppState) {
        if let attached = state.image.attached {
            thumbnail = ThumbnailView(preview: attached.preview, name: attached.name)
        }
        // Optionals are tested with `case .some`, not `!= nil`, and copied only when set: on
        // every key, a copy or a comparison of an empty optional still went through the
        // wrapped type's outlined copy and destroy.
        var editing = false
        if case .some = state.workbench.editor { editing = true }
        selected = state.focus == .panes || editing ? state.selectedRole : nil
        if case .some = state.shown {
            palette = state.shown?.palette
            names = state.shown?.names
            locked = state.workbench.locked
            rationale = state.shown?.rationale ?? [:]
            creditedToLock = state.shown?.creditedToLock ?? []
        } else {
            locked = []
            rationale = [:]
        }
        if case .some = state.workbench.candidates { strip = state.workbench.candidates }
        if let strip {
            // One at a time (narrow screens): the panes show the chosen candidate.
            palette = strip.chosen.palette
            names = strip.chosenNames
            rationale = strip.chosen.rationale
            creditedToLock = []
            selected = nil
        }
    }

    static func rows(in layout: Layout) -> Range<Int> {
        layout.panes[0].y..<(layout.panes[2].y + layout.panes[2].height)
    }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let layout = frame.layout
        let theme = frame.theme
        let language = frame.language
        if let thumbnail, let rect = layout.thumbnail { thumbnail.draw(in: rect, on: &canvas, frame) }
        if let strip, CandidateStripView.fits(strip, layout) {
            CandidateStripView(strip: strip).draw(on: &canvas, frame)
            return
        }
        let lockMark = WorkbenchText.lockMark(language)
        for (i, role) in Role.allCases.enumerated() {
            let rect = layout.panes[i]
            let color = palette?[role]
            let name = names?[role]
            let selected = role == self.selected
            var ink = Style.plain
            if let color, theme.fills {
                ink = Style(foreground: .rgb(WCAG.readableInk(on: color)), background: .rgb(color))
                canvas.fill(rect, style: ink)
            }
            let label = role.label(language)
            var hex = color?.hex ?? "—"
            if color != nil, frame.colorMode == .indexed256 { hex += " ≈" }
            let keyHint = String(i + 1)
            var labelStyle = ink
            labelStyle.bold = true
            if selected { labelStyle.underline = true }
            let marked = selected ? "▸ " + label + " ◂" : label
            var badge = ink
            badge.reverse = true
            badge.bold = true
            let isLocked = locked.contains(role) && color != nil
            if layout.panesStacked {
                let y = rect.y
                var right = rect.x + rect.width
                if isLocked {
                    let markX = right - DisplayWidth.of(lockMark) - 1
                    canvas.put(lockMark, x: markX, y: y, style: badge, limit: right)
                    right = markX - 1
                }
                canvas.put(selected ? "▸" : " ", x: rect.x, y: y, style: labelStyle)
                canvas.put(keyHint, x: rect.x + 1, y: y, style: ink)
                let labelEnd = canvas.put(label, x: rect.x + 3, y: y, style: labelStyle, limit: right)
                let hexX = max(rect.x + 3 + Self.widestLabel(language) + 2, labelEnd + 1)
                let hexEnd = canvas.put(hex, x: hexX, y: y, style: ink, limit: right)
                if let name, hexEnd + 2 + DisplayWidth.of(name) <= right {
                    canvas.put(name, x: hexEnd + 2, y: y, style: ink, limit: right)
                }
                continue
            }
            var inner = rect
            if color == nil || !theme.fills {
                canvas.drawBox(rect, style: selected ? Style(bold: true) : theme.dim)
                inner = Rect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
            }
            guard inner.width > 0, inner.height > 0 else { continue }
            let limit = inner.x + inner.width
            if inner.height >= 3 {
                canvas.put(
                    keyHint, x: inner.x + (color != nil && theme.fills ? 1 : 0), y: inner.y, style: ink,
                    limit: limit)
            }
            if isLocked {
                // Top right, clear of the key hint and of the centred label below.
                let markWidth = DisplayWidth.of(lockMark)
                let markX = max(limit - markWidth - (theme.fills ? 1 : 0), inner.x + 2)
                canvas.put(lockMark, x: markX, y: inner.y, style: badge, limit: limit)
            }
            let labelRow = inner.height >= 3 ? inner.y + max(1, (inner.height - 2) / 2) : inner.y
            let hexRow = inner.height >= 2 ? labelRow + 1 : labelRow
            // The name gets the row under the hex when there is one, else joins the hex if it fits.
            var hexLine = hex
            if let name {
                if hexRow + 1 < inner.y + inner.height, DisplayWidth.of(name) <= inner.width {
                    canvas.centre(name, in: inner, row: hexRow + 1, style: ink)
                } else if hexRow != labelRow, DisplayWidth.of(hex) + 2 + DisplayWidth.of(name) <= inner.width {
                    hexLine = hex + "  " + name
                }
            }
            // With room under the name: the words that drove the colour.
            // The pane's height decides, not what is inside its box: drawn without colour the
            // box takes two rows, and the "from:" line must not be the one to go.
            if hexRow + 2 < inner.y + inner.height, rect.height >= 8 {
                var text: String?
                if creditedToLock.contains(role) {
                    text = WorkbenchText.rationaleLocked(language)
                } else if let words = rationale[role], !words.isEmpty {
                    text = WorkbenchText.rationale(words, language)
                }
                if let text { canvas.centre(text, in: inner, row: hexRow + 2, style: ink) }
            }
            if hexRow == labelRow {
                canvas.centre(marked + " " + hexLine, in: inner, row: labelRow, style: labelStyle)
            } else {
                canvas.centre(marked, in: inner, row: labelRow, style: labelStyle)
                canvas.centre(hexLine, in: inner, row: hexRow, style: ink)
            }
        }
    }

    /// The widest role label in `language`, so stacked hex codes line up.
    private static func widestLabel(_ language: Language) -> Int {
        Role.allCases.map { DisplayWidth.of($0.label(language)) }.max() ?? 0
    }
}

extension Canvas {
    /// A box of light lines around `rect`.
    fileprivate mutating func drawBox(_ rect: Rect, style: Style) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.x + rect.width - 1
        let bottom = rect.y + rect.height - 1
        let horizontal = String(repeating: "─", count: rect.width - 2)
        put("┌" + horizontal + "┐", x: rect.x, y: rect.y, style: style)
        put("└" + horizontal + "┘", x: rect.x, y: bottom, style: style)
        for y in (rect.y + 1)..<bottom {
            put("│", x: rect.x, y: y, style: style)
            put("│", x: right, y: y, style: style)
        }
    }

    /// `text` centred on `row` of `rect`, cut with an ellipsis when it does not fit.
    mutating func centre(_ text: String, in rect: Rect, row: Int, style: Style) {
        let x = rect.x + max((rect.width - DisplayWidth.of(text)) / 2, 0)
        put(text, x: x, y: row, style: style, limit: rect.x + rect.width, ellipsis: true)
    }
}
