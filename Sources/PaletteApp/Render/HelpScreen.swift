import PaletteCore

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

    /// The largest scroll offset: zero when everything fits.
    static func maxScroll(width: Int, height: Int, language: Language) -> Int {
        let g = geometry(width: width, height: height)
        return max(lines(language).count - g.rows * g.columns, 0)
    }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let width = frame.width
        let language = frame.language
        canvas.fill(Rect(x: 0, y: 0, width: width, height: frame.height), style: .plain)
        let title = UIText.keysTitle(language) + " · " + UIText.anyKeyCloses(language)
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: Style(bold: true, reverse: true))
        canvas.put(title, x: 1, y: 0, style: Style(bold: true, reverse: true), limit: width - 1, ellipsis: true)
        let lines = Self.lines(language)
        let g = Self.geometry(width: width, height: frame.height)
        let offset = min(max(scroll, 0), Self.maxScroll(width: width, height: frame.height, language: language))
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
