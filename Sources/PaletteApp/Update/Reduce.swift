import FoundationEssentials
import Glibc
import PaletteCore
import PaletteHistory
import PaletteImport
import PaletteText
import ScreenCore

extension AppState {
    /// Applies an action and says what the runtime must do next. The only state transition.
    ///
    /// While a request is in flight the spinner's clock runs: a request that starts asks for a
    /// tick, and each tick that finds it still in flight asks for the next (`Effect.tick`).
    public mutating func reduce(_ action: Action) -> [Effect] {
        let wasGenerating = isGenerating
        var effects = step(action)
        if isGenerating {
            if case .clockTicked = action {
                effects.append(.tick(after: Effect.tickInterval))
            } else if !wasGenerating {
                effects.append(.tick(after: Effect.tickInterval))
            }
        }
        return effects
    }

    /// One action's transition, without the spinner's clock (`reduce`).
    private mutating func step(_ action: Action) -> [Effect] {
        defer {
            refreshAuditView()
            refreshSystemView()
        }
        switch action {
        case .launched:
            // Enough entries to fill the list at once, whatever the screen's height.
            return [.loadHistory(firstRows: max(height, 100))]
        case .keyPressed(let key):
            // Esc and a key in one read that no Alt binding here takes, outside a text field
            // (where an unbound Alt types nothing): Esc, then the key.
            if let second = key.keyAfterEscape, !keyScope.contexts.contains(.textField),
                KeyMap.command(for: key, in: keyScope.contexts) == nil
            {
                return step(.keyPressed(.escape)) + step(.keyPressed(second))
            }
            return handle(key)
        case .resized(let w, let h):
            width = max(w, 0)
            height = max(h, 0)
            keepViewsInBounds()
            return []
        case .terminalBackground(let colour):
            appearance.take(background: colour)
            return []
        case .paletteReceived(let id, let result):
            return receive(id: id, result)
        case .clockTicked(let uptime):
            if let started = request?.started {
                let elapsed = (uptime - started).components
                let ms = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
                request?.elapsedMilliseconds = Int(clamping: max(ms, 0))
            }
            return []
        case .historyLoaded(let entries, let warnings):
            history.load(entries)
            keepViewsInBounds()
            // The panes show the entry the history marks (the newest) until a palette is made.
            if focus == .history || shown == nil { showSelectedHistoryEntry(evenOutsideTheHistory: true) }
            if let first = warnings.first {
                // How many more lines were skipped: each warning is a line, or says how many.
                let more = warnings.dropFirst().reduce(0) { sum, warning in
                    if case .moreSkipped(let count) = warning { return sum + count }
                    return sum + 1
                }
                say(UIText.historyWarning(Messages.historyWarning(first), more: more), .warning)
            }
            return history.entries.isEmpty ? [] : [.buildSearchIndex(history.searchIndexSource)]
        case .historyLoadFailed(let failure):
            say(Messages.historyNotRead(failure), .warning)
            return []
        case .searchIndexBuilt(let index):
            history.install(index)
            return []
        case .historyWriteFailed(let failure):
            // "History is off" was said once, when loading failed; saying it again with every
            // palette would hide the palette's own line.
            if failure.kind != .noLocation { say(Messages.historyNotSaved(failure), .error) }
            return []
        case .clipboardCopied(let text, let routes):
            // A copy that lands while the filter is typed would talk over the search.
            if isEditingFilter { return [] }
            say(
                text.hasPrefix(ShareString.prefix)
                    ? UIText.shareCopied(via: routes) : UIText.copied(Self.quoteCopied(text), via: routes), .success)
            return []
        case .clipboardFailed(let text, let failure):
            say(UIText.copyFailed(Self.quoteCopied(text), failure), .error)
            return []
        case .fileWritten(let path):
            status = StatusMessage(
                UIText.fileWritten(TextSanitizer.clean(path))(language), kind: .success, readWhole: true)
            return []
        case .fileWriteFailed(let failure):
            say(UIText.fileNotWritten(failure), .error)
            return []
        case .exportWritten(let written):
            receiveExport(.success(written))
            return []
        case .exportFailed(let failure):
            receiveExport(.failure(failure))
            return []
        case .themeApplied(let applied):
            receiveAppliedTheme(applied)
            return []
        case .imageLoaded(let id, let outcome):
            return receiveImage(id: id, outcome)
        }
    }

    // MARK: - Keys

    /// A key, by the model in docs/decisions.md (2026-12-01: typing outside the field): a key
    /// bound where the focus is does its command; `q` and `d` ask first; a printable key that
    /// nothing there binds goes to the description field, so words typed anywhere are words.
    private mutating func handle(_ key: Key) -> [Effect] {
        let scopeBefore = keyScope
        let statusBefore = status
        let effects = dispatch(key)
        // A message the key left standing is cleared when the key entered or left a mode it
        // did not speak of: "Copied" is not about the search `/` opened, and a mode's hint is
        // spent once the mode is used (docs/decisions.md, "a status message lives while true").
        if let message = status, message == statusBefore, message.kind == .info || message.kind == .success,
            keyScope != scopeBefore, Self.isMode(scopeBefore) || Self.isMode(keyScope)
        {
            status = nil
        }
        return effects
    }

    /// The scopes that are modes of their own rather than the areas Tab moves between (help
    /// only covers the screen, and leaves the message as it was).
    static func isMode(_ scope: KeyScope) -> Bool {
        switch scope {
        case .description, .button, .panes, .history, .help: return false
        case .filter, .lockRole, .edit, .hexEntry, .refine, .candidates, .exportMenu, .exportPath, .preview, .system,
            .imagePath:
            return true
        }
    }

    private mutating func dispatch(_ key: Key) -> [Effect] {
        let scope = keyScope
        let bound = KeyMap.command(for: key, in: scope.contexts)
        if let pending = pendingConfirmation {
            pendingConfirmation = nil
            if bound == pending.command { return perform(pending.command, confirmed: true) }
            status = nil
            // A word that began with the asking letter ("quiet", "dark"): both letters are typed.
            if case .character(let first) = pending.key, case .character(let c) = key,
                Self.typingMovesToTheField.contains(scope), bound == nil || c.isLetter
            {
                if strayKeyKept(first, in: scope) { return [] }
                typeIntoDescription(first)
                typeIntoDescription(c)
                return []
            }
        }
        if case .paste(let text) = key, !isShowingHelp {
            if typeInExport(text) { return [] }
            if typeImagePath(text) { return [] }
            return paste(text)
        }
        if let bound {
            return perform(bound, key: key)
        }
        if let command = KeyMap.unboundKeyCommand(in: scope) {
            return perform(command)
        }
        if case .character(let c) = key {
            if scope.contexts.contains(.textField) {
                type(c)
            } else if Self.typingMovesToTheField.contains(scope), !strayKeyKept(c, in: scope) {
                typeIntoDescription(c)
            }
        }
        return []
    }

    /// Where a printable key that nothing binds is taken as typing: the areas Tab moves
    /// between, not the modes that take keys of their own (help, the editor, candidates...).
    static let typingMovesToTheField: Set<KeyScope> = [.button, .panes, .history]

    /// A printable key nothing binds outside the text fields, while the description holds
    /// words: the words are kept (a stray key never replaces or extends them unseen) and the
    /// status line says the key does nothing here. True when the key was kept out.
    private mutating func strayKeyKept(_ c: Character, in scope: KeyScope) -> Bool {
        guard !field.text.isEmpty else { return false }
        let area = scope.contexts.first?.title ?? KeyContext.outsideField.title
        say(UIText.keyNotUsedHere(Self.quote(String(c)), area: area), .info)
        return true
    }

    /// A printable key typed outside the text fields: the focus moves to the description and
    /// the character is typed there.
    private mutating func typeIntoDescription(_ c: Character) {
        if focus != .description || isEditingFilter {
            isEditingFilter = false
            focus = .description
        }
        type(c)
    }

    /// Whether `command` waits for a second press (`q`, `d` outside the field); Ctrl-C and the
    /// Delete key never do, they are not typed by accident.
    private mutating func asks(_ command: Command, key: Key?, confirmed: Bool) -> Bool {
        guard !confirmed, let key, case .character = key, Self.typingMovesToTheField.contains(keyScope) else {
            return false
        }
        switch command {
        case .quit:
            pendingConfirmation = PendingConfirmation(command: command, key: key)
            say(UIText.confirmQuit, .info)
            return true
        case .deleteEntry:
            guard let entry = history.selectedEntry else { return false }
            pendingConfirmation = PendingConfirmation(command: command, key: key)
            let size = history.groupSize(atRow: history.selected)
            say(
                size >= 2 && !history.isExpanded(atRow: history.selected)
                    ? UIText.confirmDeleteNewest(Self.quote(entry.description), of: size)
                    : UIText.confirmDelete(Self.quote(entry.description)), .info)
            return true
        default:
            return false
        }
    }

    private mutating func perform(_ command: Command, key: Key? = nil, confirmed: Bool = false) -> [Effect] {
        let rows = layout.historyList.height
        if asks(command, key: key, confirmed: confirmed) { return [] }
        switch command {
        case .generate:
            return generate(description: field.text, variation: 0)
        case .regenerate:
            return regenerate()
        case .interrupt:
            closeHelp()
            if request != nil { return cancelRequest() }
            return [.quit]
        case .cancel:
            if request != nil { return cancelRequest() }
            if forgetImageRead() { return [] }
            if isEditingFilter {
                closeFilter(clearing: true)
            } else if focus == .description, field.isEmpty {
                removeImage()
            }
            return []
        case .quit:
            return [.quit]
        case .help:
            isShowingHelp = true
            return []
        case .closeHelp:
            closeHelp()
        case .helpScrollUp: helpScroll = max(helpScroll - 1, 0)
        case .helpScrollDown: helpScroll = min(helpScroll + 1, maxHelpScroll)
        case .helpPageUp: helpScroll = max(helpScroll - helpGeometry.rows, 0)
        case .helpPageDown: helpScroll = min(helpScroll + helpGeometry.rows, maxHelpScroll)
        case .focusNext:
            moveFocus(by: 1)
            return []
        case .focusPrevious:
            moveFocus(by: -1)
            return []
        case .copySelected:
            return copy(selectedRole)
        case .copyShareString:
            guard let shown else {
                say(UIText.noPalette, .info)
                return []
            }
            return [
                .copyToClipboard(
                    ShareString.encode(shown.palette, description: shown.description, locked: workbench.locked))
            ]
        case .copyPrimary, .copySecondary, .copyAccent:
            let role = command.copiedRole ?? selectedRole
            selectedRole = role
            return copy(role)
        case .selectPreviousPane:
            selectedRole = selectedRole.neighbour(-1)
            return []
        case .selectNextPane:
            selectedRole = selectedRole.neighbour(1)
            return []
        case .historyUp: moveHistory { $0.move(by: -1, rows: rows) }
        case .historyDown: moveHistory { $0.move(by: 1, rows: rows) }
        case .historyPageUp: moveHistory { $0.move(by: -max(rows - 1, 1), rows: rows) }
        case .historyPageDown: moveHistory { $0.move(by: max(rows - 1, 1), rows: rows) }
        case .historyFirst: moveHistory { $0.moveTo(0, rows: rows) }
        case .historyLast: moveHistory { $0.moveTo($0.count - 1, rows: rows) }
        case .useHistoryDescription:
            guard let entry = history.selectedEntry else { return [] }
            // What the field held is set aside, not lost: ↑ brings it back.
            descriptionRecall.settle()
            if field.text != entry.description { descriptionRecall.setAside(field.text) }
            descriptionSelected = false
            field.setText(entry.description)
            focus = .description
            keepViewsInBounds()
            say(UIText.usedFromHistory, .info)
            return reopenImage(entry.lineage.image)
        case .startFilter:
            focus = .history
            isEditingFilter = true
            history.prepareSearch()
            filterField.setText(history.query)
            keepViewsInBounds()
        case .acceptFilter:
            closeFilter(clearing: false)
        case .toggleFavorite:
            guard let entry = history.toggleFavorite(atRow: history.selected, rows: rows) else {
                say(UIText.historyEmpty, .info)
                return []
            }
            let name = Self.quote(entry.description)
            say(entry.favorite ? UIText.favoriteOn(name) : UIText.favoriteOff(name), .info)
            showSelectedHistoryEntry()
            return [.setFavorite(id: entry.id, entry.favorite)]
        case .toggleFavoritesOnly:
            history.setFavoritesOnly(!history.favoritesOnly)
            say(history.favoritesOnly ? UIText.favoritesOnlyOn : UIText.favoritesOnlyOff, .info)
            showSelectedHistoryEntry()
        case .openGroup:
            let size = history.groupSize(atRow: history.selected)
            if history.setExpanded(true, atRow: history.selected, rows: rows), let entry = history.selectedEntry {
                say(UIText.groupOpened(size, Self.quote(entry.description)), .info)
            }
        case .closeGroup:
            let row = history.groupRow(of: history.selected)
            if history.isExpanded(atRow: row) {
                history.selected = row
                history.setExpanded(false, atRow: row, rows: rows)
                showSelectedHistoryEntry()
            }
        case .deleteEntry:
            let inGroup =
                history.groupSize(atRow: history.selected) >= 2 && !history.isExpanded(atRow: history.selected)
            guard let entry = history.delete(atRow: history.selected, rows: rows) else {
                say(UIText.historyEmpty, .info)
                return []
            }
            workbench.record(.delete(id: entry.id))
            let left = inGroup ? history.groupSize(atRow: history.groupRow(of: history.selected)) : 0
            say(
                inGroup
                    ? UIText.deletedFromGroup(Self.quote(entry.description), left: left)
                    : UIText.deleted(Self.quote(entry.description)), .info)
            showSelectedHistoryEntry()
            return [.deleteHistory(id: entry.id)]
        case .toggleLockSelected, .startLock, .lockPrimary, .lockSecondary, .lockAccent, .cancelLockPrefix,
            .startEdit, .editNextChannel, .editPreviousChannel, .editIncrease, .editDecrease, .editIncreaseLarge,
            .editDecreaseLarge, .startHex, .acceptHex, .cancelHex, .keepEdit, .cancelEdit, .swapRoles,
            .deriveCompanion, .undo, .redo, .startRefine, .submitRefine, .closeRefine, .requestCandidates,
            .candidatePrevious, .candidateNext, .keepCandidate, .dismissCandidates, .toggleLineage:
            return performWorkbench(command)
        case .recallOlder:
            guard let text = descriptionRecall.older(than: field.text) else { return [] }
            showInField(text)
        case .recallNewer:
            guard let text = descriptionRecall.newer() else { return [] }
            showInField(text)
        case .cursorLeft: editText { $0.moveLeft() }
        case .cursorRight: editText { $0.moveRight() }
        case .cursorHome: editText { $0.moveHome() }
        case .cursorEnd: editText { $0.moveEnd() }
        case .cursorWordLeft: editText { $0.moveWordLeft() }
        case .cursorWordRight: editText { $0.moveWordRight() }
        case .deleteBackward:
            if isEditingFilter, filterField.isEmpty {
                closeFilter(clearing: true)
            } else {
                editText { $0.deleteBackward() }
            }
        case .deleteForward: editText { $0.deleteForward() }
        case .deleteToStart: editText { $0.deleteToStart() }
        case .deleteToEnd: editText { $0.deleteToEnd() }
        case .deleteWordBackward: editText { $0.deleteWordBackward() }
        case .deleteWordForward: editText { $0.deleteWordForward() }
        case .suspend: return [.suspend]
        case .toggleAudit: toggleAudit()
        case .repairSelected: return repairSelected()
        case .cycleVision: cycleVision()
        case .cycleBackground: cycleBackground()
        case .openExport, .closeExport, .exportUp, .exportDown, .exportPageUp, .exportPageDown, .exportFirst,
            .exportLast, .toggleExportVariant, .editExportPath, .leaveExportPath, .writeExport, .openPreview,
            .closePreview, .togglePreviewVariant, .applyPreview:
            return performExport(command)
        case .openSystem, .closeSystem, .toggleSystemTheme, .toggleSystemPairs:
            return performSystem(command)
        case .openImagePrompt, .readImagePath, .closeImagePrompt:
            return performImage(command)
        }
        return []
    }

    // MARK: - Generating

    private mutating func generate(description raw: String, variation: Int) -> [Effect] {
        if let reading = generateFromPaths(text: raw, variation: variation) { return reading }
        return startRequest(description: raw, variation: variation, purpose: .generate)
    }

    /// Checks the description and that nothing is in flight, then asks the provider: locked roles
    /// keep the shown palette's colours, a refinement names the palette it refines.
    mutating func startRequest(
        description raw: String, variation: Int, purpose: RequestPurpose, refinement: Refinement? = nil
    ) -> [Effect] {
        let description = raw.trimmed()
        // A picture is enough to make a palette from; words then only steer it.
        guard !description.isEmpty || (image.attached != nil && refinement == nil) else {
            say(UIText.emptyDescription, .error)
            return []
        }
        guard request == nil else {
            say(UIText.alreadyGenerating, .warning)
            return []
        }
        let id = nextRequestID
        nextRequestID += 1
        var candidates = 1
        if case .candidates(let count) = purpose { candidates = count }
        let asked = GenerationRequest(
            description: description, language: language, variation: variation, locked: lockedColors,
            refinement: refinement, constraints: GenerationConstraints(accessibility: access.requirement),
            candidateCount: candidates, image: imageForRequest(refining: refinement != nil))
        // Made from the shown palette when it refines it or keeps some of its colours.
        let parent = refinement != nil || !asked.locked.isEmpty ? shown?.entryID : nil
        request = InFlightRequest(
            id: id, description: description, variation: variation,
            started: clock.value.uptime(), elapsedMilliseconds: 0, purpose: purpose,
            lineage: HistoryEntry.Lineage(request: asked, parent: parent))
        // A refinement's palette came from the picture too: its entry names it.
        if request?.lineage.image == nil { request?.lineage.image = image.attached?.input.reference }
        lastRequest = LastRequest(description: description, variation: variation)
        say(variation == 0 ? UIText.escCancels : UIText.variation(variation), .info)
        return [.generatePalette(requestID: id, asked)]
    }

    /// `r`: in the history, the selected entry's description; elsewhere the field's, or the
    /// shown palette's when the field is empty. The variation counts up.
    private mutating func regenerate() -> [Effect] {
        var description = field.text.trimmed()
        if focus == .history || description.isEmpty { description = shown?.description ?? description }
        let variation: Int
        if let last = lastRequest, last.description == description {
            variation = last.variation + 1
        } else {
            variation = 1
        }
        return generate(description: description, variation: variation)
    }

    private mutating func cancelRequest() -> [Effect] {
        guard let inFlight = request else { return [] }
        request = nil
        say(UIText.cancelled, .info)
        return [.cancelRequest(requestID: inFlight.id)]
    }

    private mutating func receive(id: Int, _ result: Result<GeneratedPalette, ProviderFailure>) -> [Effect] {
        // An answer to a cancelled or superseded request: drop it, say nothing.
        guard let inFlight = request, inFlight.id == id else { return [] }
        request = nil
        switch result {
        case .failure(let failure):
            if failure.kind == .cancelled {
                say(UIText.cancelled, .info)
            } else {
                say(Messages.failure(failure), .error)
            }
            return []
        case .success(let generated):
            if case .candidates = inFlight.purpose {
                return showCandidates(generated, description: inFlight.description, lineage: inFlight.lineage)
            }
            // Made from what the field holds: the description is shown selected, so that the
            // next words typed start a new one (an edit while it was made keeps the field as is).
            if case .generate = inFlight.purpose,
                field.text.trimmed() == inFlight.description
            {
                descriptionRecall.settle()
                descriptionSelected = true
            }
            return show(
                generated, description: inFlight.description, purpose: inFlight.purpose, lineage: inFlight.lineage)
        }
    }

    // MARK: - Copying

    private mutating func copy(_ role: Role) -> [Effect] {
        guard let shown else {
            say(UIText.noPalette, .info)
            return []
        }
        return [.copyToClipboard(shown.palette[role].hex)]
    }

    // MARK: - Text editing

    private mutating func type(_ c: Character) {
        if typeInExport(String(c)) { return }
        if typeImagePath(String(c)) { return }
        if workbench.editor?.hexField != nil {
            typeHex(String(c))
            return
        }
        if isEditingFilter || workbench.isRefining {
            editText { $0.insert(String(c)) }
            return
        }
        let before = field.characters.count
        if descriptionSelected { startNewDescription() }
        editText { $0.insert(String(c)) }
        if field.characters.count == before, field.characters.count >= field.capacity {
            say(UIText.fieldFull(field.capacity), .warning)
        }
    }

    private mutating func paste(_ text: String) -> [Effect] {
        if workbench.editor?.hexField != nil {
            typeHex(text.trimmed())
            return []
        }
        if workbench.editor != nil || workbench.candidates != nil || workbench.awaitingLockRole { return [] }
        // The system view is modal: a paste is not typing into the field it covers.
        if case .some = systemView { return [] }
        if isEditingFilter || workbench.isRefining {
            editText { $0.insert(text) }
            return []
        }
        if focus != .description { focus = .description }
        if descriptionSelected { startNewDescription() }
        var fits = true
        editText { fits = $0.insert(text) }
        if !fits { say(UIText.pasteCut(field.capacity), .warning) }
        return []
    }

    /// Edits whichever text field has the keyboard, then keeps its cursor visible.
    private mutating func editText(_ edit: (inout TextField) -> Void) {
        if editExportPath(edit) { return }
        if editImagePath(edit) { return }
        if workbench.editor?.hexField != nil {
            editHex(edit)
        } else if workbench.isRefining {
            edit(&workbench.refineField)
            keepViewsInBounds()
        } else if isEditingFilter {
            edit(&filterField)
            history.setQuery(filterField.text)
            keepViewsInBounds()
            showSelectedHistoryEntry()
        } else {
            // An editing key edits the description shown: it is no longer replaced by typing.
            if descriptionSelected { descriptionSelected = false }
            if case .some = descriptionRecall.index { descriptionRecall.settle() }
            edit(&field)
            keepViewsInBounds()
        }
    }

    /// The first character typed (or pasted) over the selected description: the field starts
    /// afresh, the old description is set aside for ↑, and the status line says so.
    private mutating func startNewDescription() {
        descriptionSelected = false
        let old = field.text
        descriptionRecall.settle()
        descriptionRecall.setAside(old)
        field.clear()
        say(UIText.newDescription(Self.quote(old)), .info)
    }

    /// An earlier or later description from ↑ or ↓, in the field to edit or generate.
    private mutating func showInField(_ text: String) {
        descriptionSelected = false
        field.setText(text)
        keepViewsInBounds()
    }

    private mutating func closeFilter(clearing: Bool) {
        isEditingFilter = false
        if clearing {
            filterField.clear()
            history.setQuery("")
        }
        keepViewsInBounds()
        showSelectedHistoryEntry()
    }

    // MARK: - Focus and views

    private mutating func moveFocus(by step: Int) {
        isEditingFilter = false
        workbench.isRefining = false
        let all = Focus.allCases
        focus = all[(focus.rawValue + step + all.count) % all.count]
        if focus == .history { moveHistory { _ in } }
    }

    private mutating func moveHistory(_ move: (inout HistoryList) -> Void) {
        move(&history)
        let before = shown?.palette
        showSelectedHistoryEntry()
        // A message about the palette that was shown ("Copied #E1D29E") goes with it.
        if shown?.palette != before, status?.kind != .error { status = nil }
        if workbench.showsLineage { traceLineage() }
    }

    /// The panes show the selected history entry while the history has focus.
    mutating func showSelectedHistoryEntry(evenOutsideTheHistory: Bool = false) {
        guard focus == .history || evenOutsideTheHistory, let entry = history.selectedEntry else { return }
        let palette = entry.palette
        let names = shown?.palette == palette ? shown?.names : nil
        shown = ShownPalette(
            palette: palette, description: TextSanitizer.clean(entry.description),
            provider: TextSanitizer.clean(entry.provider),
            model: entry.model.map(TextSanitizer.clean), isFallback: false,
            names: names ?? colorNames.value.names(for: palette, language: language), entryID: entry.id)
    }

    /// Re-clamps scroll positions after a resize or an edit.
    mutating func keepViewsInBounds() {
        let layout = self.layout
        field.scrollToCursor(width: layout.field.width)
        workbench.refineField.scrollToCursor(width: layout.field.width)
        filterField.scrollToCursor(width: layout.filter.width)
        history.scrollToSelection(rows: layout.historyList.height)
    }

    mutating func say(_ text: Localized, _ kind: StatusMessage.Kind) {
        status = StatusMessage(text(language), kind: kind)
    }

    private mutating func closeHelp() {
        isShowingHelp = false
        helpScroll = 0
    }

    // MARK: - Text helpers

    /// Copied text short enough to quote in the status line.
    static func quoteCopied(_ text: String) -> String {
        TextSanitizer.truncate(TextSanitizer.clean(text), toWidth: 40)
    }

    /// A description short enough to quote in the status line.
    static func quote(_ description: String) -> String {
        TextSanitizer.truncate(TextSanitizer.clean(description), toWidth: 24)
    }
}

extension Role {
    /// The pane `step` places to the right, wrapping around.
    func neighbour(_ step: Int) -> Role {
        let all = Role.allCases
        let i = all.firstIndex(of: self) ?? 0
        return all[((i + step) % all.count + all.count) % all.count]
    }
}
