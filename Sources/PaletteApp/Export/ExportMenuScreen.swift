import PaletteCore
import PaletteExport
import PaletteText
import ScreenCore

/// The export menu: the whole screen becomes the list of formats, the theme variant, the file
/// and where it goes, the latest message and the keys.
struct ExportMenuScreen {
    var menu: ExportMenu
    var description: String
    var directory: String
    var status: StatusMessage?

    /// Rows under the list: blank, variant, file, folder, message, keys.
    private static let footerRows = 6

    static func listRows(height: Int) -> Int { max(height - 1 - footerRows, 1) }

    static func fieldWidth(width: Int, language: Language) -> Int {
        max(width - 3 - DisplayWidth.of(ExportWords.fileLabel(language)), 1)
    }

    /// The file name as the field shows it in `width` columns: while it is edited, the part
    /// around the cursor; else whole when it fits, or cut from the front so the file name shows.
    static func shownPath(_ menu: ExportMenu, width: Int) -> String {
        if menu.isEditingPath { return String(menu.path.characters.dropFirst(menu.path.offset)) }
        return TextSanitizer.truncateLeading(menu.path.text, toWidth: width)
    }

    /// The list's lines: a heading before each group, then one line per choice (its index).
    static let lines: [Int?] = {
        var out: [Int?] = []
        var group: ExportChoice.Group?
        for (n, choice) in ExportChoice.all.enumerated() {
            if choice.group != group {
                out.append(nil)
                group = choice.group
            }
            out.append(n)
        }
        return out
    }()

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) -> (x: Int, y: Int)? {
        let width = frame.width
        let height = frame.height
        let language = frame.language
        let theme = frame.theme
        canvas.fill(Rect(x: 0, y: 0, width: width, height: height), style: .plain)
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: theme.title)
        canvas.put(
            ExportWords.menuTitle(description)(language), x: 1, y: 0, style: theme.title, limit: width - 1,
            ellipsis: true)

        // The list, scrolled so the chosen row shows.
        let rows = Self.listRows(height: height)
        let lines = Self.lines
        let at = lines.firstIndex(of: menu.selected) ?? 0
        let offset = max(0, min(at - rows / 2, lines.count - rows))
        let labelWidth = (ExportChoice.all.map { $0.label.count }.max() ?? 0) + 2
        for r in 0..<rows {
            let n = offset + r
            guard n < lines.count else { break }
            let y = 1 + r
            guard let index = lines[n] else {
                let next = n + 1 < lines.count ? lines[n + 1] : nil
                let heading: Localized
                switch next.map({ ExportChoice.all[$0].group }) ?? .theme {
                case .palette: heading = ExportWords.menuPaletteFormats
                case .system: heading = SystemViewWords.menuHeading
                case .theme: heading = ExportWords.menuThemeFormats
                }
                canvas.put(
                    heading(language), x: 1, y: y, style: Style(bold: true, underline: true), limit: width - 1,
                    ellipsis: true)
                continue
            }
            let choice = ExportChoice.all[index]
            let chosen = index == menu.selected
            let style: Style =
                chosen
                ? (menu.isEditingPath ? Style(bold: true, underline: true) : Style(bold: true, reverse: true)) : .plain
            if chosen { canvas.fill(Rect(x: 1, y: y, width: width - 2, height: 1), style: style) }
            let label = choice.label + String(repeating: " ", count: labelWidth - choice.label.count)
            var summary = ExportWords.menuSummary(choice)(language)
            if choice.isBinary { summary += " [" + ExportWords.binaryMark(language) + "]" }
            let x = canvas.put((chosen ? "▸ " : "  ") + label, x: 1, y: y, style: style, limit: width - 1)
            canvas.put(summary, x: x, y: y, style: style, limit: width - 1, ellipsis: true)
        }

        // Variant, file, folder, message, keys.
        let base = height - Self.footerRows + 1
        let isTheme = menu.choice.group == .theme
        canvas.put(
            ExportWords.variantLine(menu.variant, applies: isTheme)(language), x: 1, y: base,
            style: isTheme ? Style(bold: true) : theme.dim, limit: width - 1, ellipsis: true)
        let labelX = canvas.put(ExportWords.fileLabel(language), x: 1, y: base + 1, style: Style(bold: true))
        let fieldWidth = Self.fieldWidth(width: width, language: language)
        canvas.fill(Rect(x: labelX, y: base + 1, width: fieldWidth, height: 1), style: theme.field)
        canvas.put(
            Self.shownPath(menu, width: fieldWidth), x: labelX, y: base + 1, style: theme.field,
            limit: labelX + fieldWidth)
        // The folder, cut from the front when it does not fit: its end is what tells folders apart.
        let prefix = DisplayWidth.of(ExportWords.inDirectory("")(language))
        let folder = TextSanitizer.truncateLeading(TextSanitizer.clean(directory), toWidth: max(width - 2 - prefix, 1))
        canvas.put(
            ExportWords.inDirectory(folder)(language), x: 1, y: base + 2, style: theme.dim, limit: width - 1,
            ellipsis: true)
        if let status {
            // One row here: a long message keeps its start and its end (the remedy); the main
            // screen shows it whole when the menu closes.
            let line = StatusWrap.fit(status.text, width: width, keysBeside: false, rows: 1).first ?? ""
            canvas.put(line, x: 1, y: base + 3, style: theme.status(status.kind), limit: width - 1, ellipsis: true)
        }
        let scope: KeyScope = menu.isEditingPath ? .exportPath : .exportMenu
        var x = 1
        for (n, item) in KeyMap.footer(for: scope.contexts, language: language).enumerated() {
            let w = DisplayWidth.of(item.key) + 1 + DisplayWidth.of(item.text) + (n > 0 ? 3 : 0)
            if x + w > width - 1 { break }
            if n > 0 { x = canvas.put(" · ", x: x, y: base + 4, style: theme.dim) }
            x = canvas.put(item.key, x: x, y: base + 4, style: Style(bold: true))
            x = canvas.put(" " + item.text, x: x, y: base + 4, style: theme.dim)
        }
        guard menu.isEditingPath else { return nil }
        return (labelX + min(menu.path.cursorColumn, fieldWidth - 1), base + 1)
    }
}
