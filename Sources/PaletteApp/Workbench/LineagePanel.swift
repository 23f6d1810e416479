import FoundationEssentials
import Glibc
import PaletteCore
import PaletteHistory
import PaletteText
import ScreenCore

/// The selected history entry's lineage (`i` on a history row), drawn over the list's rows: a
/// title, then the entry and each entry it was made from, with how it was made.
struct LineagePanel: ScreenPart {
    var chain: [LineageStep]
    var truncated: Bool

    init(_ state: borrowing AppState) {
        chain = state.workbench.lineage
        truncated = state.workbench.lineageTruncated
    }

    static func rows(in layout: Layout) -> Range<Int> {
        layout.historyList.y..<(layout.historyList.y + layout.historyList.height)
    }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let list = frame.layout.historyList
        let language = frame.language
        let theme = frame.theme
        let right = list.x + list.width
        guard let first = chain.first else { return }
        var y = list.y
        let title = WorkbenchText.lineageTitle(
            TextSanitizer.truncate(TextSanitizer.clean(first.description), toWidth: 40))(
                language)
        canvas.put(title, x: list.x, y: y, style: Style(bold: true), limit: right, ellipsis: true)
        y += 1
        for (n, step) in chain.enumerated() {
            guard y < list.y + list.height else { return }
            var x = canvas.put(n == 0 ? "› " : "↳ ", x: list.x + 1, y: y, style: Style(bold: true))
            if let palette = step.palette {
                for color in palette.colors {
                    if theme.fills {
                        x = canvas.put("  ", x: x, y: y, style: Style(background: .rgb(color)))
                    } else {
                        x = canvas.put(color.hex + " ", x: x, y: y, style: theme.dim)
                    }
                }
                x += 1
            }
            let how = WorkbenchText.how(step, language)
            x = canvas.put(how, x: x, y: y, style: .plain, limit: right, ellipsis: true)
            if let source = step.source, x + 3 < right {
                // The provider in the reader's language (離線引擎 rather than `offline`), as in
                // the title and the caption.
                let line = Messages.providerLabel(step.provider)(language) + source
                canvas.put("  " + line, x: x, y: y, style: theme.dim, limit: right, ellipsis: true)
            }
            y += 1
        }
        if truncated, y < list.y + list.height {
            canvas.put("↳ …", x: list.x + 1, y: y, style: theme.dim)
        }
    }
}

/// One entry of a lineage as the panel shows it, taken from the history when `i` is pressed.
public struct LineageStep: Hashable, Sendable {
    /// Nil when the parent is no longer in the history.
    public var palette: Palette?
    public var description: String
    public var lineage: HistoryEntry.Lineage
    /// The provider's id, named in the reader's language when drawn.
    public var provider = ""
    /// What follows the provider: " · engine-1 · 2026-12-01"; nil for a missing parent.
    public var source: String?
    var missingID: String?

    init(_ entry: HistoryEntry) {
        palette = entry.palette
        description = entry.description
        lineage = entry.lineage
        provider = entry.provider
        var source = ""
        if let model = entry.model, !model.isEmpty { source += " · " + TextSanitizer.clean(model) }
        source += " · " + CivilDate.utcDay(entry.created)
        self.source = source
    }

    init(missing id: String) {
        description = ""
        lineage = HistoryEntry.Lineage()
        missingID = TextSanitizer.truncate(TextSanitizer.clean(id), toWidth: 12)
    }
}
