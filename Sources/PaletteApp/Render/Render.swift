import PaletteCore
import ScreenCore

extension AppState {
    /// Draws the current state into a fresh canvas of the current size: `render(cache:)` from
    /// an empty cache, so the list of parts is written once.
    ///
    /// Pure and proportional to the screen, not to the history: only the visible rows of the
    /// list are read, so a frame costs the same with 10 or 100,000 entries.
    public func render() -> Canvas {
        var cache = RenderCache()
        return render(cache: &cache)
    }

    /// The frame of the current state, redrawing only the parts that differ from the ones the
    /// frame in `cache` was drawn from, which it then holds. What the runtime calls on every key.
    public func render(cache: inout RenderCache) -> Canvas {
        guard width > 0, height > 0 else {
            cache.reset()
            return Canvas(width: width, height: height)
        }
        let frameKey = self.frameKey
        let frame = RenderFrame(frameKey, layout: layout)
        var menuOpen = false
        if case .some = exportMenu { menuOpen = true }
        if case .some = systemView { menuOpen = true }
        if frame.layout.isTooSmall || isShowingHelp || menuOpen {
            // Rare, and each fills the whole screen.
            cache.reset()
            var canvas = Canvas(width: width, height: height)
            canvas.vision = vision
            if frame.layout.isTooSmall {
                TooSmallNotice().draw(on: &canvas, frame)
            } else if isShowingHelp {
                HelpScreen(scroll: helpScroll).draw(on: &canvas, frame)
            } else if let menu = exportMenuScreen {
                canvas.cursor = menu.draw(on: &canvas, frame)
            } else if let systemView {
                SystemScreen(view: systemView).draw(on: &canvas, frame)
            }
            return canvas
        }
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
            canvas.vision = vision
        }
        canvas.update(TitleBar(self), drawn: &cache.title, kept: &cache.titleRows, frame)
        canvas.updateField(DescriptionField(self), drawn: &cache.field, frame)
        canvas.update(GenerateButton(self), drawn: &cache.button, kept: &cache.buttonRows, frame)
        canvas.update(Panes(self), drawn: &cache.panes, frame)
        if isShowingAudit {
            canvas.update(AuditPanel(self), drawn: &cache.audit, frame)
        } else {
            // No rows while hidden (toggling it changes the frame key, so the frame is drawn
            // again in full): building and comparing the part copied the audit view each key.
            cache.audit = nil
        }
        canvas.update(HistoryHeader(self), drawn: &cache.historyHeader, kept: &cache.headerRows, frame)
        if showsLineagePanel {
            canvas.update(LineagePanel(self), drawn: &cache.lineage, frame)
            // The list's rows are drawn over: they are drawn again when the panel closes.
            cache.historyList = nil
            cache.historyRows = []
        } else {
            cache.lineage = nil
            canvas.updateHistoryRows(self, cache: &cache, frame)
        }
        canvas.update(StatusLine(self), drawn: &cache.status, kept: &cache.statusRows, frame)
        canvas.cursor = cursor(frame.layout)
        cache.frame = canvas
        cache.frameID = id
        return canvas
    }

    private var exportMenuScreen: ExportMenuScreen? {
        guard let exportMenu, let shown else { return nil }
        return ExportMenuScreen(
            menu: exportMenu, description: TextSanitizer.clean(shown.description), directory: exportDirectory,
            status: status)
    }

    /// The lineage panel covers the list while the history has the keyboard (`i`).
    var showsLineagePanel: Bool {
        workbench.showsLineage && focus == .history && !isEditingFilter && !workbench.lineage.isEmpty
    }

    private var frameKey: FrameKey {
        FrameKey(
            width: width, height: height, language: language, colorMode: colorMode, vision: vision,
            auditPanel: isShowingAudit, statusRows: max(statusLines.count, 1), ink: appearance.ink,
            image: image.attached != nil)
    }

    /// The terminal cursor: in the text field that has the keyboard, hidden elsewhere.
    private func cursor(_ layout: Layout) -> (x: Int, y: Int)? {
        if let editor = workbench.editor, editor.hexField != nil, request == nil {
            let x = EditorReadout(editor: editor, language: language).cursorX(labelX: layout.labelX)
            return (min(x, width - 2), layout.buttonRow)
        }
        if let prompt = image.prompt {
            let rect = layout.field
            return (rect.x + min(prompt.cursorColumn, rect.width - 1), rect.y)
        }
        if isEditingFilter {
            let rect = layout.filter
            return (rect.x + min(filterField.cursorColumn, rect.width - 1), rect.y)
        } else if workbench.isRefining {
            let rect = layout.field
            return (rect.x + min(workbench.refineField.cursorColumn, rect.width - 1), rect.y)
        } else if focus == .description {
            let rect = layout.field
            return (rect.x + min(field.cursorColumn, rect.width - 1), rect.y)
        }
        return nil
    }
}
