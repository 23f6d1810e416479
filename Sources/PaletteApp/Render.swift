import Foundation
import PaletteCore
import PaletteHistory

/// Styles of the app's chrome; the panes use the palette's own colours.
///
/// Status colours are exact xterm-256 entries (203, 214, 77), so 256-colour terminals show
/// them unchanged. With `.none` only attributes are used.
struct Theme {
    let mode: ColorMode

    var title: Style { Style(bold: true, reverse: true) }
    var dim: Style { Style(dim: true) }
    var field: Style { Style(underline: true) }
    var placeholder: Style { Style(underline: true, dim: true) }

    func status(_ kind: StatusMessage.Kind) -> Style {
        switch (kind, mode) {
        case (.info, _): return .plain
        case (.success, .none): return .plain
        case (.warning, .none), (.error, .none): return Style(bold: true)
        case (.success, _): return Style(foreground: .rgb(RGB(r: 0x5F, g: 0xD7, b: 0x5F)))
        case (.warning, _): return Style(foreground: .rgb(RGB(r: 0xFF, g: 0xAF, b: 0x00)), bold: true)
        case (.error, _): return Style(foreground: .rgb(RGB(r: 0xFF, g: 0x5F, b: 0x5F)), bold: true)
        }
    }

    /// Whether swatches are filled with their colour.
    var fills: Bool { mode != .none }
}

extension AppState {
    /// Draws the current state into a fresh canvas of the current size.
    ///
    /// Pure and proportional to the screen, not to the history: only the visible rows of the
    /// list are read, so a frame costs the same with 10 or 100,000 entries.
    public func render() -> Canvas {
        var canvas = Canvas(width: width, height: height)
        guard width > 0, height > 0 else { return canvas }
        let layout = self.layout
        if layout.isTooSmall {
            drawTooSmall(&canvas)
            return canvas
        }
        if isShowingHelp {
            drawHelp(&canvas)
            return canvas
        }
        let theme = Theme(mode: colorMode)
        drawTitle(&canvas, theme)
        drawField(&canvas, layout, theme)
        drawButton(&canvas, layout, theme)
        drawPanes(&canvas, layout, theme)
        drawHistoryHeader(&canvas, layout, theme)
        let list = layout.historyList
        for r in 0..<list.height {
            drawListRow(historyRowState(r, focused: focus == .history), y: list.y + r, list: list, theme: theme,
                        on: &canvas)
        }
        drawStatus(&canvas, layout, theme)
        placeCursor(&canvas, layout)
        return canvas
    }

    /// The same frame as `render()`, redrawing only the parts whose inputs changed since the
    /// frame in `cache`, which it then holds. What the runtime calls on every key.
    public func render(cache: inout RenderCache) -> Canvas {
        guard width > 0, height > 0 else {
            cache.reset()
            return Canvas(width: width, height: height)
        }
        let layout = self.layout
        if layout.isTooSmall || isShowingHelp {
            // Rare, and each fills the whole screen.
            cache.reset()
            var canvas = Canvas(width: width, height: height)
            if layout.isTooSmall { drawTooSmall(&canvas) } else { drawHelp(&canvas) }
            return canvas
        }
        let frameKey = RenderCache.FrameKey(width: width, height: height, language: language, colorMode: colorMode)
        // Taken out of the cache, so the canvas is the buffer's only owner and edits need no copy.
        var previous: Canvas?
        if cache.frameKey == frameKey { swap(&previous, &cache.frame) }
        var canvas: Canvas
        let id = cache.nextID
        cache.nextID &+= 1
        if previous != nil {
            canvas = previous!
            previous = nil
            canvas.beginRevision(id: id, base: cache.frameID)
        } else {
            cache.reset()
            cache.frameKey = frameKey
            canvas = Canvas(width: width, height: height)
        }
        canvas.cursor = nil
        let theme = Theme(mode: colorMode)

        let title = RenderCache.TitleKey(provider: providerName, model: modelName)
        if cache.title != title {
            canvas.clearRows(0..<1)
            drawTitle(&canvas, theme)
            cache.title = title
        }
        let field = RenderCache.FieldKey(focused: focus == .description && !isEditingFilter,
                                         characters: self.field.characters, offset: self.field.offset)
        if cache.field != field {
            canvas.clearRows(layout.fieldRow..<(layout.fieldRow + 1))
            drawField(&canvas, layout, theme)
            cache.field = field
        }
        let button = RenderCache.ButtonKey(request: request, focused: focus == .button, shown: shown)
        if cache.button != button {
            canvas.clearRows(layout.buttonRow..<(layout.buttonRow + 1))
            drawButton(&canvas, layout, theme)
            cache.button = button
        }
        let panes = RenderCache.PanesKey(shown: shown, focused: focus == .panes, selectedRole: selectedRole)
        if cache.panes != panes {
            canvas.clearRows(layout.panes[0].y..<(layout.panes[2].y + layout.panes[2].height))
            drawPanes(&canvas, layout, theme)
            cache.panes = panes
        }
        drawHistory(&canvas, layout, theme, cache: &cache)
        let status = RenderCache.StatusKey(status: self.status, hasPalette: shown != nil, isGenerating: isGenerating,
                                           isEditingFilter: isEditingFilter, focus: focus)
        if cache.status != status {
            canvas.clearRows(layout.statusRow..<(layout.statusRow + 1))
            drawStatus(&canvas, layout, theme)
            cache.status = status
        }
        placeCursor(&canvas, layout)
        cache.frame = canvas
        cache.frameID = id
        return canvas
    }

    /// The terminal cursor: in the text field that has the keyboard, hidden elsewhere.
    private func placeCursor(_ canvas: inout Canvas, _ layout: Layout) {
        if isEditingFilter {
            let rect = layout.filter
            canvas.cursor = (rect.x + min(filterField.cursorColumn, rect.width - 1), rect.y)
        } else if focus == .description {
            let rect = layout.field
            canvas.cursor = (rect.x + min(field.cursorColumn, rect.width - 1), rect.y)
        }
    }

    // MARK: - Title, field and button

    private func drawTitle(_ canvas: inout Canvas, _ theme: Theme) {
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: theme.title)
        var right = UIText.helpHint(language)
        switch colorMode {
        case .direct: break
        case .indexed256: right = UIText.approximate(language) + "  " + right
        case .none: right = UIText.monochrome(language) + "  " + right
        }
        let rightWidth = DisplayWidth.of(right)
        let rightX = width - 1 - rightWidth
        var title = "palette-tui · " + providerName
        if let modelName, !modelName.isEmpty { title += " · " + modelName }
        let titleLimit = rightX > 20 ? rightX - 2 : width - 1
        canvas.put(title, x: 1, y: 0, style: theme.title, limit: titleLimit, ellipsis: true)
        if rightX > 20 { canvas.put(right, x: rightX, y: 0, style: theme.title) }
    }

    private func drawField(_ canvas: inout Canvas, _ layout: Layout, _ theme: Theme) {
        let focused = focus == .description && !isEditingFilter
        let label = UIText.descriptionLabel(language)
        canvas.put(label, x: layout.labelX, y: layout.fieldRow,
                   style: focused ? Style(bold: true, reverse: true) : Style(bold: true))
        let rect = layout.field
        canvas.fill(rect, style: theme.field)
        if field.isEmpty {
            canvas.put(placeholder, x: rect.x, y: rect.y, style: theme.placeholder, limit: rect.x + rect.width,
                       ellipsis: true)
        } else {
            drawVisible(field, in: rect, style: theme.field, on: &canvas)
        }
    }

    /// Draws the graphemes of `text` from its scroll offset that fit in `rect`.
    private func drawVisible(_ text: TextField, in rect: Rect, style: Style, on canvas: inout Canvas) {
        var visible = ""
        var used = 0
        var i = text.offset
        let chars = text.characters
        while i < chars.count {
            let w = DisplayWidth.of(chars[i])
            if used + w > rect.width { break }
            visible.append(chars[i])
            used += w
            i += 1
        }
        canvas.put(visible, x: rect.x, y: rect.y, style: style, limit: rect.x + rect.width)
    }

    private var placeholder: String {
        Localized("e.g. a quiet forest morning", "例如：寧靜的森林早晨", "例如：宁静的森林早晨")(language)
    }

    private func drawButton(_ canvas: inout Canvas, _ layout: Layout, _ theme: Theme) {
        let y = layout.buttonRow
        let text: String
        let style: Style
        if let request {
            let frames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
            let frame = frames[(request.elapsedMilliseconds / 100) % frames.count]
            text = "[ \(frame) \(UIText.generating(language)) \(Self.seconds(request.elapsedMilliseconds)) ]"
            style = Style(dim: true)
        } else {
            text = "[ \(UIText.generate(language)) ]"
            style = focus == .button ? Style(bold: true, reverse: true) : Style(bold: true)
        }
        let end = canvas.put(text, x: layout.labelX, y: y, style: style, limit: width - 1)
        guard let shown else { return }
        var caption = "“" + TextSanitizer.clean(shown.description) + "”  " + shown.provider
        if let model = shown.model, !model.isEmpty { caption += " · " + model }
        if shown.isFallback { caption += " · " + UIText.offlineFallback(language) }
        let x = end + 2
        guard x < width - 2 else { return }
        canvas.put(caption, x: x, y: y, style: theme.dim, limit: width - 1, ellipsis: true)
    }

    /// `1234` milliseconds as `1.2s`.
    static func seconds(_ ms: Int) -> String {
        "\(ms / 1000).\(ms % 1000 / 100)s"
    }

    // MARK: - Panes

    private func drawPanes(_ canvas: inout Canvas, _ layout: Layout, _ theme: Theme) {
        for (i, role) in Role.allCases.enumerated() {
            let rect = layout.panes[i]
            let color = shown?.palette[role]
            let name = shown?.names[role]
            let selected = focus == .panes && role == selectedRole
            var ink = Style.plain
            if let color, theme.fills {
                ink = Style(foreground: .rgb(WCAG.readableInk(on: color)), background: .rgb(color))
                canvas.fill(rect, style: ink)
            }
            let label = role.label(language)
            var hex = color?.hex ?? "—"
            if color != nil, colorMode == .indexed256 { hex += " ≈" }
            let keyHint = String(i + 1)
            var labelStyle = ink
            labelStyle.bold = true
            if selected { labelStyle.underline = true }
            let marked = selected ? "▸ " + label + " ◂" : label
            if layout.panesStacked {
                let y = rect.y
                let right = rect.x + rect.width
                canvas.put(selected ? "▸" : " ", x: rect.x, y: y, style: labelStyle)
                canvas.put(keyHint, x: rect.x + 1, y: y, style: ink)
                let labelEnd = canvas.put(label, x: rect.x + 3, y: y, style: labelStyle, limit: right)
                let hexX = max(rect.x + 3 + stackedLabelWidth + 2, labelEnd + 1)
                let hexEnd = canvas.put(hex, x: hexX, y: y, style: ink, limit: right)
                if let name, hexEnd + 2 + DisplayWidth.of(name) <= right {
                    canvas.put(name, x: hexEnd + 2, y: y, style: ink, limit: right)
                }
                continue
            }
            var inner = rect
            if color == nil || !theme.fills {
                drawBox(rect, on: &canvas, style: selected ? Style(bold: true) : theme.dim)
                inner = Rect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
            }
            guard inner.width > 0, inner.height > 0 else { continue }
            let limit = inner.x + inner.width
            if inner.height >= 3 {
                canvas.put(keyHint, x: inner.x + (color != nil && theme.fills ? 1 : 0), y: inner.y, style: ink,
                           limit: limit)
            }
            let labelRow = inner.height >= 3 ? inner.y + max(1, (inner.height - 2) / 2) : inner.y
            let hexRow = inner.height >= 2 ? labelRow + 1 : labelRow
            // The name gets the row under the hex when there is one, else joins the hex if it fits.
            var hexLine = hex
            if let name {
                if hexRow + 1 < inner.y + inner.height, DisplayWidth.of(name) <= inner.width {
                    centre(name, in: inner, row: hexRow + 1, style: ink, on: &canvas)
                } else if hexRow != labelRow, DisplayWidth.of(hex) + 2 + DisplayWidth.of(name) <= inner.width {
                    hexLine = hex + "  " + name
                }
            }
            if hexRow == labelRow {
                centre(marked + " " + hexLine, in: inner, row: labelRow, style: labelStyle, on: &canvas)
            } else {
                centre(marked, in: inner, row: labelRow, style: labelStyle, on: &canvas)
                centre(hexLine, in: inner, row: hexRow, style: ink, on: &canvas)
            }
        }
    }

    /// The widest role label in the current language, so stacked hex codes line up.
    private var stackedLabelWidth: Int {
        Role.allCases.map { DisplayWidth.of($0.label(language)) }.max() ?? 0
    }

    private func centre(_ text: String, in rect: Rect, row: Int, style: Style, on canvas: inout Canvas) {
        let x = rect.x + max((rect.width - DisplayWidth.of(text)) / 2, 0)
        canvas.put(text, x: x, y: row, style: style, limit: rect.x + rect.width, ellipsis: true)
    }

    private func drawBox(_ rect: Rect, on canvas: inout Canvas, style: Style) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.x + rect.width - 1, bottom = rect.y + rect.height - 1
        let horizontal = String(repeating: "─", count: rect.width - 2)
        canvas.put("┌" + horizontal + "┐", x: rect.x, y: rect.y, style: style)
        canvas.put("└" + horizontal + "┘", x: rect.x, y: bottom, style: style)
        for y in (rect.y + 1)..<bottom {
            canvas.put("│", x: rect.x, y: y, style: style)
            canvas.put("│", x: right, y: y, style: style)
        }
    }

    // MARK: - History

    /// The header row, then each list row unless the cache holds it: at the same place, or
    /// drawn before (the list scrolled).
    private func drawHistory(_ canvas: inout Canvas, _ layout: Layout, _ theme: Theme, cache: inout RenderCache) {
        let focused = focus == .history
        let header = RenderCache.HistoryHeaderKey(
            focused: focused, favoritesOnly: history.favoritesOnly, query: history.query,
            isEditingFilter: isEditingFilter, filter: filterField.characters, filterOffset: filterField.offset,
            count: history.count, selected: history.selected)
        if cache.historyHeader != header {
            canvas.clearRows(layout.historyHeaderRow..<(layout.historyHeaderRow + 1))
            drawHistoryHeader(&canvas, layout, theme)
            cache.historyHeader = header
        }
        let list = layout.historyList
        // Nothing the rows show has changed: no need to look at each.
        let listKey = RenderCache.HistoryListKey(revision: history.revision, top: history.top, selected: history.selected,
                                                 focused: focused, rows: list.height)
        if cache.historyList == listKey { return }
        cache.historyList = listKey
        if cache.historyRows.count != list.height {
            cache.historyRows = Array(repeating: .unknown, count: list.height)
        }
        for r in 0..<list.height {
            let y = list.y + r
            let wanted = historyRowState(r, focused: focused)
            if cache.historyRows[r] == wanted { continue }
            cache.historyRows[r] = wanted
            if case .entry(let key) = wanted, let cells = cache.rowCells[key] {
                canvas.setRow(y, cells)
                continue
            }
            canvas.clearRows(y..<(y + 1))
            drawListRow(wanted, y: y, list: list, theme: theme, on: &canvas)
            if case .entry(let key) = wanted {
                if cache.rowCells.count >= RenderCache.rowCapacity { cache.rowCells.removeAll(keepingCapacity: true) }
                cache.rowCells[key] = Array(canvas.row(y))
            }
        }
    }

    /// What list row `r` (from the top of the list area) shows.
    private func historyRowState(_ r: Int, focused: Bool) -> RenderCache.RowState {
        if history.count == 0 {
            return r == 0 ? .text(history.isFiltered ? UIText.noMatches(language) : UIText.noHistory(language)) : .blank
        }
        let row = history.top + r
        guard let entry = history.entry(atRow: row) else { return .blank }
        return .entry(RenderCache.HistoryRowKey(entry: entry, selected: row == history.selected, focused: focused))
    }

    /// Draws one list row on a blank row `y`.
    private func drawListRow(_ state: RenderCache.RowState, y: Int, list: Rect, theme: Theme, on canvas: inout Canvas) {
        switch state {
        case .unknown, .blank:
            break
        case .text(let text):
            canvas.put(text, x: list.x + 2, y: y, style: theme.dim, limit: list.x + list.width, ellipsis: true)
        case .entry(let key):
            drawHistoryRow(key.entry, selected: key.selected, focused: key.focused, y: y, list: list,
                           showDate: width >= 100, theme: theme, on: &canvas)
        }
    }

    private func drawHistoryHeader(_ canvas: inout Canvas, _ layout: Layout, _ theme: Theme) {
        let y = layout.historyHeaderRow
        let focused = focus == .history
        var header = UIText.history(language)
        if history.favoritesOnly { header += " " + UIText.favoritesOnly(language) }
        let showFilter = isEditingFilter || !history.query.isEmpty
        let headerLimit = showFilter ? layout.filter.x - 3 : width - 1
        var end = canvas.put(header, x: 1, y: y, style: Style(bold: true, underline: focused), limit: headerLimit)
        if history.count > 0 {
            let position = " \(UIText.grouped(history.selected + 1))/\(UIText.grouped(history.count))"
            end = canvas.put(position, x: end, y: y, style: theme.dim, limit: headerLimit)
        }
        if showFilter {
            let rect = layout.filter
            canvas.put("/", x: rect.x - 2, y: y, style: Style(bold: true))
            if isEditingFilter {
                canvas.fill(rect, style: theme.field)
                drawVisible(filterField, in: rect, style: theme.field, on: &canvas)
            } else {
                canvas.put(history.query, x: rect.x, y: y, style: .plain, limit: rect.x + rect.width, ellipsis: true)
            }
        }
    }

    private func drawHistoryRow(_ entry: HistoryEntry, selected: Bool, focused: Bool, y: Int, list: Rect,
                                showDate: Bool, theme: Theme, on canvas: inout Canvas) {
        let highlight = selected && focused
        let base = highlight ? Style(reverse: true) : Style.plain
        let right = list.x + list.width
        if highlight { canvas.fill(Rect(x: list.x, y: y, width: list.width, height: 1), style: base) }
        canvas.put(selected ? "›" : " ", x: list.x, y: y, style: Style(bold: true, reverse: highlight))
        if entry.favorite { canvas.put("★", x: list.x + 1, y: y, style: Style(bold: true, reverse: highlight)) }
        var x = list.x + 3
        if theme.fills {
            for color in entry.palette.colors {
                canvas.fill(Rect(x: x, y: y, width: 2, height: 1), style: Style(background: .rgb(color)))
                x += 2
            }
        } else {
            canvas.put(entry.primary.hex, x: x, y: y, style: highlight ? base : theme.dim)
            x += 7
        }
        x += 1
        var textEnd = right
        if showDate {
            let date = Self.day(entry.created)
            let dateX = right - DisplayWidth.of(date)
            canvas.put(date, x: dateX, y: y, style: highlight ? base : theme.dim)
            textEnd = dateX - 2
        }
        guard textEnd > x else { return }
        canvas.put(entry.description, x: x, y: y, style: base, limit: textEnd, ellipsis: true)
    }

    /// The UTC calendar day of `date` as `2026-11-29`, computed without a formatter.
    ///
    /// Days-to-civil conversion (Howard Hinnant's algorithm): a `DateFormatter` per row
    /// would cost more than the whole rest of the frame.
    static func day(_ date: Date) -> String {
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)-\(two(m))-\(two(d))"
    }

    // MARK: - Status line

    private func drawStatus(_ canvas: inout Canvas, _ layout: Layout, _ theme: Theme) {
        let y = layout.statusRow
        let message: (text: String, style: Style)?
        if let status {
            message = (status.text, theme.status(status.kind))
        } else if shown == nil {
            message = (UIText.emptyHint(language), theme.dim)
        } else {
            message = nil
        }
        let available = width - 2
        var messageWidth = 0
        if let message {
            messageWidth = min(DisplayWidth.of(message.text), available)
            canvas.put(message.text, x: 1, y: y, style: message.style, limit: width - 1, ellipsis: true)
        }
        var items: [(key: String, text: String)] = []
        if isGenerating || isEditingFilter {
            let esc = isGenerating ? Localized("cancel", "取消", "取消") : Localized("clear", "清除", "清除")
            items.append(("Esc", esc(language)))
        }
        items += KeyMap.footer(for: activeContexts, language: language)
        let room = available - messageWidth - (messageWidth > 0 ? 3 : 0)
        var keys: [(key: String, text: String)] = []
        var used = 0
        for item in items {
            let w = DisplayWidth.of(item.key) + 1 + DisplayWidth.of(item.text) + (keys.isEmpty ? 0 : 3)
            if used + w > room { break }
            keys.append(item)
            used += w
        }
        guard !keys.isEmpty else { return }
        var x = width - 1 - used
        for (n, item) in keys.enumerated() {
            if n > 0 { x = canvas.put(" · ", x: x, y: y, style: theme.dim) }
            x = canvas.put(item.key, x: x, y: y, style: Style(bold: true))
            x = canvas.put(" " + item.text, x: x, y: y, style: theme.dim)
        }
    }

    // MARK: - Help overlay

    /// The help lines, drawn from the key table: one heading per context, one row per binding.
    func helpLines() -> [(key: String, text: String, isHeading: Bool)] {
        var lines: [(key: String, text: String, isHeading: Bool)] = []
        for context in KeyMap.helpOrder {
            let rows = KeyMap.bindings.filter { $0.context == context && $0.help != nil }
            guard !rows.isEmpty else { continue }
            lines.append(("", context.title(language), true))
            for binding in rows {
                lines.append((binding.label, binding.help.map { $0(language) } ?? "", false))
            }
        }
        return lines
    }

    /// How the help screen is laid out: two columns from 76 columns up, rows under a title.
    var helpGeometry: (columns: Int, rows: Int, columnWidth: Int) {
        let columns = width >= 76 ? 2 : 1
        let rows = max(height - 1, 1)
        let columnWidth = (width - 2 - (columns - 1) * 3) / columns
        return (columns, rows, columnWidth)
    }

    /// The largest help scroll offset: zero when everything fits.
    var maxHelpScroll: Int {
        let g = helpGeometry
        return max(helpLines().count - g.rows * g.columns, 0)
    }

    /// The whole screen becomes the key table, in one or two columns, scrolled by `helpScroll`.
    private func drawHelp(_ canvas: inout Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: width, height: height), style: .plain)
        let title = UIText.keysTitle(language) + " · " + UIText.anyKeyCloses(language)
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: Style(bold: true, reverse: true))
        canvas.put(title, x: 1, y: 0, style: Style(bold: true, reverse: true), limit: width - 1, ellipsis: true)
        let lines = helpLines()
        let g = helpGeometry
        let offset = min(max(helpScroll, 0), maxHelpScroll)
        let keyWidth = (lines.map { DisplayWidth.of($0.key) }.max() ?? 0) + 2
        for column in 0..<g.columns {
            let x0 = 1 + column * (g.columnWidth + 3)
            let limit = x0 + g.columnWidth
            for r in 0..<g.rows {
                let n = offset + column * g.rows + r
                guard n < lines.count else { break }
                let line = lines[n]
                let y = 1 + r
                let last = column == g.columns - 1 && r == g.rows - 1
                if last, n < lines.count - 1 {
                    canvas.put("… ↓", x: x0, y: y, style: Style(dim: true), limit: limit)
                    break
                }
                if line.isHeading {
                    canvas.put(line.text, x: x0, y: y, style: Style(bold: true, underline: true), limit: limit,
                               ellipsis: true)
                    continue
                }
                canvas.put(line.key, x: x0 + 1, y: y, style: Style(bold: true), limit: limit)
                let textX = x0 + 1 + keyWidth
                guard textX < limit else { continue }
                canvas.put(line.text, x: textX, y: y, style: .plain, limit: limit, ellipsis: true)
            }
        }
    }

    // MARK: - Too small

    private func drawTooSmall(_ canvas: inout Canvas) {
        let lines = [UIText.tooSmall(width: width, height: height)(language), UIText.tooSmallNeed(language)]
        let top = max((height - lines.count) / 2, 0)
        for (n, line) in lines.enumerated() where top + n < height {
            let text = TextSanitizer.truncate(line, toWidth: width)
            let x = max((width - DisplayWidth.of(text)) / 2, 0)
            canvas.put(text, x: x, y: top + n, style: Style(bold: n == 0))
        }
    }
}
