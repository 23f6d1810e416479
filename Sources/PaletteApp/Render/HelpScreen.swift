import PaletteCore
import PaletteText
import ScreenCore

/// The help screen: the whole screen becomes the key table, in one or two columns, scrolled.
struct HelpScreen: Equatable, Sendable {
    var scroll: Int

    /// The help lines, drawn from the key table: one heading per context, one row per binding.
    static func lines(_ language: Language) -> [(key: String, text: String, isHeading: Bool)] {
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

    /// Two columns from 76 columns up, rows under a title.
    static func geometry(width: Int, height: Int) -> (columns: Int, rows: Int, columnWidth: Int) {
        let columns = width >= 76 ? 2 : 1
        let rows = max(height - 1, 1)
        let columnWidth = (width - 2 - (columns - 1) * 3) / columns
        return (columns, rows, columnWidth)
    }

    /// What the screen shows from line `offset` on: the lines in slots, column by column, with
    /// the group's heading repeated ("History list (cont.)") where a column would otherwise
    /// start inside a group, so no key is ever under no heading. `rest` is how many lines did
    /// not fit.
    static func visible(
        _ lines: [(key: String, text: String, isHeading: Bool)], offset: Int, rows: Int, columns: Int,
        language: Language
    ) -> (slots: [(key: String, text: String, isHeading: Bool)], rest: Int) {
        var slots: [(key: String, text: String, isHeading: Bool)] = []
        var n = max(offset, 0)
        let capacity = rows * columns
        while n < lines.count, slots.count < capacity {
            if rows > 1, slots.count % rows == 0, !lines[n].isHeading,
                let heading = lines[..<n].last(where: { $0.isHeading })
            {
                slots.append(("", UIText.continued(heading.text)(language), true))
                continue
            }
            // A heading never ends a column: its first row goes with it.
            if lines[n].isHeading, slots.count % rows == rows - 1, rows > 1 {
                slots.append(("", "", false))
                continue
            }
            slots.append(lines[n])
            n += 1
        }
        return (slots, lines.count - n)
    }

    /// The largest scroll offset: the first line from which the rest fits; zero when all fits.
    static func maxScroll(width: Int, height: Int, language: Language) -> Int {
        let g = geometry(width: width, height: height)
        let all = lines(language)
        var offset = 0
        while offset < all.count,
            visible(all, offset: offset, rows: g.rows, columns: g.columns, language: language).rest > 0
        {
            offset += 1
        }
        return offset
    }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let width = frame.width
        let language = frame.language
        canvas.fill(Rect(x: 0, y: 0, width: width, height: frame.height), style: .plain)
        let lines = Self.lines(language)
        let g = Self.geometry(width: width, height: frame.height)
        let maxScroll = Self.maxScroll(width: width, height: frame.height, language: language)
        let offset = min(max(scroll, 0), maxScroll)
        // The title says what the keys do here: arrows scroll only when there is more to see.
        let title =
            UIText.keysTitle(language) + " · "
            + (maxScroll > 0 ? UIText.scrollOrClose(language) : UIText.anyKeyCloses(language))
        let titleStyle = Style(bold: true, reverse: true)
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: titleStyle)
        // Scrolled: a mark that there is more above, at the title's right end.
        let above = offset > 0 ? "↑ …" : ""
        let titleLimit = above.isEmpty ? width - 1 : width - 1 - DisplayWidth.of(above) - 2
        canvas.put(title, x: 1, y: 0, style: titleStyle, limit: max(titleLimit, 1), ellipsis: true)
        if !above.isEmpty { canvas.put(above, x: width - 1 - DisplayWidth.of(above), y: 0, style: titleStyle) }
        let shown = Self.visible(lines, offset: offset, rows: g.rows, columns: g.columns, language: language)
        let keyWidth = (lines.map { DisplayWidth.of($0.key) }.max() ?? 0) + 2
        for column in 0..<g.columns {
            let x0 = 1 + column * (g.columnWidth + 3)
            let limit = x0 + g.columnWidth
            for r in 0..<g.rows {
                let n = column * g.rows + r
                guard n < shown.slots.count else { break }
                let line = shown.slots[n]
                let y = 1 + r
                let last = n == shown.slots.count - 1
                if last, shown.rest > 0 {
                    canvas.put("… ↓", x: x0, y: y, style: Style(dim: true), limit: limit)
                    break
                }
                if line.isHeading {
                    canvas.put(
                        line.text, x: x0, y: y, style: Style(bold: true, underline: true), limit: limit,
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
}

extension AppState {
    /// The help lines in the current language.
    func helpLines() -> [(key: String, text: String, isHeading: Bool)] {
        HelpScreen.lines(language)
    }

    /// How the help screen is laid out at the current size.
    var helpGeometry: (columns: Int, rows: Int, columnWidth: Int) {
        HelpScreen.geometry(width: width, height: height)
    }

    /// The largest help scroll offset: zero when everything fits.
    var maxHelpScroll: Int {
        HelpScreen.maxScroll(width: width, height: height, language: language)
    }
}
