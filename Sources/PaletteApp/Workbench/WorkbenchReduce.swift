import FoundationEssentials
import Glibc
import PaletteCore
import PaletteHistory
import PaletteText

/// The workbench's commands: locks, the colour editor, swaps, the companion, refinement,
/// candidates, lineage, and undo/redo across all of them.
extension AppState {
    /// The locked roles with the colours the shown palette gives them: what a request keeps.
    var lockedColors: [Role: RGB] {
        guard let shown else { return [:] }
        var out: [Role: RGB] = [:]
        for role in workbench.locked { out[role] = shown.palette[role] }
        return out
    }

    var snapshot: WorkbenchSnapshot {
        WorkbenchSnapshot(shown: shown, locked: workbench.locked, selectedRole: selectedRole)
    }

    private mutating func apply(_ snapshot: WorkbenchSnapshot) {
        shown = snapshot.shown
        workbench.locked = snapshot.locked
        selectedRole = snapshot.selectedRole
    }

    /// A new shown palette with `palette`, keeping where the shown one came from.
    mutating func reshown(_ palette: Palette, from base: ShownPalette) -> ShownPalette {
        ShownPalette(
            palette: palette, description: base.description, provider: base.provider, model: base.model,
            isFallback: base.isFallback, names: colorNames.value.names(for: palette, language: language),
            rationale: base.rationale, entryID: base.entryID, creditedToLock: base.creditedToLock)
    }

    mutating func performWorkbench(_ command: Command) -> [Effect] {
        switch command {
        case .toggleLockSelected:
            toggleLock(selectedRole)
        case .startLock:
            guard shown != nil else {
                say(WorkbenchText.noPaletteToLock, .info)
                return []
            }
            workbench.awaitingLockRole = true
            say(WorkbenchText.lockWhich, .info)
        case .lockPrimary, .lockSecondary, .lockAccent:
            workbench.awaitingLockRole = false
            let role: Role = command == .lockPrimary ? .primary : command == .lockSecondary ? .secondary : .accent
            toggleLock(role)
        case .cancelLockPrefix:
            workbench.awaitingLockRole = false
            say(WorkbenchText.lockCancelled, .info)
        case .startEdit:
            startEdit()
        case .editNextChannel, .editPreviousChannel:
            guard var editor = workbench.editor else { return [] }
            let all = EditChannel.allCases
            let step = command == .editNextChannel ? 1 : -1
            editor.channel = all[(editor.channel.rawValue + step + all.count) % all.count]
            workbench.editor = editor
        case .editIncrease, .editDecrease, .editIncreaseLarge, .editDecreaseLarge:
            guard var editor = workbench.editor else { return [] }
            let up = command == .editIncrease || command == .editIncreaseLarge
            editor.nudge(by: up ? 1 : -1, large: command == .editIncreaseLarge || command == .editDecreaseLarge)
            workbench.editor = editor
            showEditedColor()
        case .startHex:
            guard var editor = workbench.editor else { return [] }
            editor.beforeHex = editor.color
            editor.hexField = TextField("#", capacity: 7)
            workbench.editor = editor
            say(WorkbenchText.typeHex, .info)
        case .acceptHex:
            workbench.editor?.hexField = nil
            workbench.editor?.beforeHex = nil
        case .cancelHex:
            guard var editor = workbench.editor else { return [] }
            if let before = editor.beforeHex { editor.set(before) }
            editor.hexField = nil
            editor.beforeHex = nil
            workbench.editor = editor
            showEditedColor()
        case .keepEdit:
            return keepEdit()
        case .cancelEdit:
            cancelEdit()
        case .swapRoles:
            return swapRoles()
        case .deriveCompanion:
            return deriveCompanion()
        case .undo:
            return undo()
        case .redo:
            return redo()
        case .startRefine:
            guard let shown else {
                say(WorkbenchText.noPaletteToRefine, .info)
                return []
            }
            isEditingFilter = false
            if !workbench.isRefining { workbench.focusBeforeRefine = focus }
            focus = .description
            workbench.isRefining = true
            workbench.refineField.clear()
            say(WorkbenchText.refineHint(Self.quote(shown.description)), .info)
        case .submitRefine:
            return submitRefine()
        case .closeRefine:
            workbench.isRefining = false
            focus = workbench.focusBeforeRefine
            say(WorkbenchText.refineLeft(focus.title), .info)
        case .requestCandidates:
            var description = field.text.trimmed()
            if focus != .description || description.isEmpty { description = shown?.description ?? description }
            return startRequest(
                description: description, variation: 0, purpose: .candidates(count: Self.candidateCount))
        case .candidatePrevious, .candidateNext:
            guard var strip = workbench.candidates else { return [] }
            let n = strip.candidates.count
            strip.selected = (strip.selected + (command == .candidateNext ? 1 : -1) + n) % n
            workbench.candidates = strip
            // The status line's notes follow the candidate on screen.
            say(WorkbenchText.candidatesShown(n, notes: strip.chosenNotes), .success)
        case .keepCandidate:
            guard let strip = workbench.candidates else { return [] }
            workbench.candidates = nil
            var lineage = strip.lineage
            lineage.change = .candidate(strip.index + 1)
            return show(
                strip.chosen, description: strip.description, purpose: .candidates(count: strip.candidates.count),
                lineage: lineage)
        case .dismissCandidates:
            workbench.candidates = nil
            say(WorkbenchText.noCandidateKept, .info)
        case .toggleLineage:
            workbench.showsLineage.toggle()
            if workbench.showsLineage { traceLineage() }
        default:
            break
        }
        return []
    }

    /// How many palettes `v` asks for.
    static let candidateCount = 4

    // MARK: - Locks

    private mutating func toggleLock(_ role: Role) {
        guard let shown else {
            say(WorkbenchText.noPaletteToLock, .info)
            return
        }
        let before = snapshot
        if workbench.locked.contains(role) {
            workbench.locked.remove(role)
            say(WorkbenchText.unlocked(role), .info)
        } else {
            workbench.locked.insert(role)
            say(WorkbenchText.locked(role, shown.palette[role]), .info)
        }
        workbench.record(.workbench(before: before, after: snapshot))
    }

    // MARK: - Editing a colour

    private mutating func startEdit() {
        guard let shown else {
            say(WorkbenchText.noPaletteToEdit, .info)
            return
        }
        workbench.editor = ColorEditor(role: selectedRole, color: shown.palette[selectedRole], base: shown)
        say(WorkbenchText.editing(selectedRole), .info)
    }

    /// The panes show the colour as it is being edited; its hex and name follow.
    private mutating func showEditedColor() {
        guard let editor = workbench.editor else { return }
        var palette = editor.base.palette
        palette[editor.role] = editor.color
        shown = reshown(palette, from: editor.base)
    }

    /// A typed character goes to the hex being typed: hex digits only.
    mutating func typeHex(_ text: String) {
        guard var editor = workbench.editor, var hex = editor.hexField else { return }
        let accepted = text.filter { $0.isHexDigit || $0 == "#" }
        if accepted.count != text.count { say(WorkbenchText.hexDigitsOnly, .warning) }
        guard !accepted.isEmpty else { return }
        _ = hex.insert(String(accepted))
        editor.hexField = hex
        if let rgb = ColorEditor.parse(hex.text) { editor.set(rgb) }
        workbench.editor = editor
        showEditedColor()
    }

    /// An edit of the hex being typed (Backspace, cursor moves), then the colour it names.
    mutating func editHex(_ edit: (inout TextField) -> Void) {
        guard var editor = workbench.editor, var hex = editor.hexField else { return }
        edit(&hex)
        editor.hexField = hex
        if let rgb = ColorEditor.parse(hex.text) {
            editor.set(rgb)
        } else if let before = editor.beforeHex, hex.text.isEmpty || hex.text == "#" {
            editor.set(before)
        }
        workbench.editor = editor
        showEditedColor()
    }

    private mutating func keepEdit() -> [Effect] {
        guard let editor = workbench.editor else { return [] }
        workbench.editor = nil
        guard editor.color != editor.original else {
            shown = editor.base
            say(WorkbenchText.editUnchanged(editor.role), .info)
            return []
        }
        showEditedColor()
        let effects = saveChange(.edited(editor.role))
        let after = snapshot
        var before = after
        before.shown = editor.base
        workbench.record(.workbench(before: before, after: after))
        say(WorkbenchText.edited(editor.role, editor.color, name: shown?.names[editor.role] ?? ""), .success)
        return effects
    }

    /// A palette changed by hand (an edit kept, a swap, a companion) is saved like any other:
    /// a new history entry whose parent is the palette it was changed from, so quitting loses
    /// nothing and `export` finds it. Undo changes what is shown; the entry stays.
    private mutating func saveChange(_ change: HistoryEntry.Change) -> [Effect] {
        guard let current = shown else { return [] }
        let id = clock.value.makeID()
        let entry = HistoryEntry(
            id: id, created: clock.value.now(), description: current.description, palette: current.palette,
            provider: current.provider, model: current.model,
            lineage: HistoryEntry.Lineage(parent: current.entryID, change: change))
        history.append(entry)
        keepViewsInBounds()
        shown?.entryID = id
        return [.appendHistory(entry)]
    }

    private mutating func cancelEdit() {
        guard let editor = workbench.editor else { return }
        workbench.editor = nil
        shown = editor.base
        say(WorkbenchText.editRestored(editor.role, editor.original), .info)
    }

    // MARK: - Swap and companion

    private mutating func swapRoles() -> [Effect] {
        guard let current = shown else {
            say(WorkbenchText.noPaletteToChange, .info)
            return []
        }
        let before = snapshot
        let a = selectedRole
        let b = a.neighbour(1)
        var palette = current.palette
        palette[a] = current.palette[b]
        palette[b] = current.palette[a]
        shown = reshown(palette, from: current)
        // The words behind a colour go with it.
        shown?.rationale[a] = current.rationale[b]
        shown?.rationale[b] = current.rationale[a]
        shown?.creditedToLock = Set(
            current.creditedToLock.map { $0 == a ? b : $0 == b ? a : $0 })
        // A lock belongs to the colour the user liked: it moves with it.
        let lockedA = workbench.locked.contains(a)
        let lockedB = workbench.locked.contains(b)
        if lockedA != lockedB {
            if lockedA {
                workbench.locked.remove(a)
                workbench.locked.insert(b)
            } else {
                workbench.locked.remove(b)
                workbench.locked.insert(a)
            }
        }
        selectedRole = b
        let panes = [a, b].map { (Role.allCases.firstIndex(of: $0) ?? 0) + 1 }.sorted()
        let effects = saveChange(.swapped(panes[0], panes[1]))
        workbench.record(.workbench(before: before, after: snapshot))
        // A locked colour changed role: its lock went with it, and that is said.
        let moved = [(a, b), (b, a)].filter { before.locked.contains($0.0) }
        say(WorkbenchText.swapped(a, b, locksMoved: moved), .info)
        return effects
    }

    private mutating func deriveCompanion() -> [Effect] {
        guard let current = shown else {
            say(WorkbenchText.noPaletteToChange, .info)
            return []
        }
        let locked = Role.allCases.filter(workbench.locked.contains)
        guard locked.count < Role.allCases.count else {
            say(WorkbenchText.companionAllLocked, .warning)
            return []
        }
        let before = snapshot
        let palette: Palette
        let ground: CompanionGround
        if let pair = workbench.companions[current.palette], locked.allSatisfy({ pair[$0] == current.palette[$0] }) {
            // The palette this one was made from (or made into): exactly, both ways.
            palette = pair
            ground = PaletteCompanion.ground(from: current.palette, to: pair)
        } else {
            // Locked colours are kept; the others take their companions.
            let derived = PaletteCompanion.derive(current.palette, keeping: Set(locked))
            palette = derived.palette
            ground = derived.ground
            if workbench.companions.count >= WorkbenchState.companionMemory { workbench.companions.removeAll() }
            workbench.companions[current.palette] = palette
            workbench.companions[palette] = current.palette
        }
        shown = reshown(palette, from: current)
        let effects = saveChange(.companion(ground))
        workbench.record(.workbench(before: before, after: snapshot))
        say(WorkbenchText.companion(ground, kept: locked), .success)
        return effects
    }

    // MARK: - Undo and redo

    private mutating func undo() -> [Effect] {
        guard let step = workbench.undo.popLast() else {
            say(UIText.nothingToUndo, .info)
            return []
        }
        closeWorkbenchOverlays()
        workbench.redo.append(step)
        switch step {
        case .workbench(let before, let after):
            apply(before)
            // One colour changed (an edit, a repair): say which, and what it is again.
            if let was = after.shown?.palette, let now = before.shown?.palette {
                let changed = Role.allCases.filter { was[$0] != now[$0] }
                if changed.count == 1, let role = changed.first {
                    say(AccessWords.undone(role, from: was[role], to: now[role]), .info)
                    return []
                }
            }
            say(WorkbenchText.undone(left: workbench.undo.count), .info)
            return []
        case .delete(let id):
            let rows = layout.historyList.height
            guard let index = history.restore(id: id, rows: rows) else { return [] }
            let entry = history.entries[index]
            say(UIText.restored(Self.quote(entry.description)), .info)
            showSelectedHistoryEntry()
            return [.restoreHistory(id: entry.id)]
        }
    }

    private mutating func redo() -> [Effect] {
        guard let step = workbench.redo.popLast() else {
            say(WorkbenchText.nothingToRedo, .info)
            return []
        }
        closeWorkbenchOverlays()
        workbench.undo.append(step)
        switch step {
        case .workbench(_, let after):
            apply(after)
            say(WorkbenchText.redone(left: workbench.redo.count), .info)
            return []
        case .delete(let id):
            let rows = layout.historyList.height
            guard let index = history.entries.firstIndex(where: { $0.id == id }),
                history.row(ofEntry: index) != nil,
                let entry = history.delete(entryAt: index, rows: rows)
            else { return [] }
            say(UIText.deleted(Self.quote(entry.description)), .info)
            showSelectedHistoryEntry()
            return [.deleteHistory(id: entry.id)]
        }
    }

    /// An undo or redo leaves the editor (as it was before the edit) and the candidates.
    private mutating func closeWorkbenchOverlays() {
        if let editor = workbench.editor {
            shown = editor.base
            workbench.editor = nil
        }
        workbench.candidates = nil
        workbench.awaitingLockRole = false
    }

    // MARK: - Refining and candidates

    private mutating func submitRefine() -> [Effect] {
        let instruction = workbench.refineField.text.trimmed()
        guard !instruction.isEmpty else {
            say(WorkbenchText.emptyRefinement, .error)
            return []
        }
        guard let shown else {
            workbench.isRefining = false
            say(WorkbenchText.noPaletteToRefine, .info)
            return []
        }
        guard workbench.locked.count < Role.allCases.count else {
            say(WorkbenchText.refineAllLocked, .warning)
            return []
        }
        let effects = startRequest(
            description: shown.description, variation: 0,
            purpose: .refine(instruction: instruction),
            refinement: Refinement(instruction: instruction, base: shown.palette))
        if !effects.isEmpty {
            // Back where the refinement was asked from (as Esc goes), so the next key steers
            // again rather than typing into the description.
            workbench.isRefining = false
            focus = workbench.focusBeforeRefine
        }
        return effects
    }

    /// A palette that came back (or a candidate kept): shown, added to history, undoable.
    mutating func show(
        _ generated: GeneratedPalette, description: String, purpose: RequestPurpose,
        lineage: HistoryEntry.Lineage = HistoryEntry.Lineage()
    ) -> [Effect] {
        let before = snapshot
        let provider = TextSanitizer.clean(generated.provider)
        let model = generated.model.map(TextSanitizer.clean)
        var palette = generated.palette
        // Locked roles come back exactly; a provider that changed one is put right here too,
        // and the status line says so.
        var putBack: [Role] = []
        for (role, color) in lockedColors where palette[role] != color {
            palette[role] = color
            putBack.append(role)
        }
        if case .refine = purpose, let current = shown, current.palette == palette, generated.fallbackReason == nil {
            // Nothing changed: the palette stays as it was (no new entry, no undo step), and
            // the status line says why instead of "Refined".
            say(WorkbenchText.refinedNothing(generated.notes), .warning)
            return []
        }
        let id = clock.value.makeID()
        shown = ShownPalette(
            palette: palette, description: description, provider: provider, model: model,
            isFallback: generated.isFallback, names: colorNames.value.names(for: palette, language: language),
            rationale: generated.rationale, entryID: id, creditedToLock: Set(lockedColors.keys))
        let entry = HistoryEntry(
            id: id, created: clock.value.now(), description: description, palette: palette,
            provider: provider, model: model, lineage: lineage)
        history.append(entry)
        keepViewsInBounds()
        workbench.record(.workbench(before: before, after: snapshot))
        // A retired default model was replaced: the title names the model now in use.
        for case .modelReplaced(_, let replacement) in generated.notes {
            modelName = TextSanitizer.clean(replacement)
        }
        if let reason = generated.fallbackReason {
            // The offline engine's own notes (nothing understood, words left out) follow the reason.
            say(UIText.withNotes(Messages.fallback(reason), generated.notes), .warning)
        } else if !putBack.isEmpty {
            say(WorkbenchText.locksPutBack(Role.allCases.filter(putBack.contains)), .warning)
        } else {
            let notes = generated.notes
            switch purpose {
            case .refine(let instruction):
                say(WorkbenchText.refined(Self.quote(instruction), provider: provider, notes: notes), .success)
            case .candidates:
                say(WorkbenchText.candidateKept(notes: notes), .success)
            case .generate:
                say(UIText.newPalette(provider: provider, notes: notes), .success)
            }
        }
        return [.appendHistory(entry)]
    }

    /// Candidates came back: the strip, or the one palette when only one came.
    mutating func showCandidates(
        _ generated: GeneratedPalette, description: String, lineage: HistoryEntry.Lineage
    ) -> [Effect] {
        let all = generated.candidates
        guard all.count > 1 else {
            return show(generated, description: description, purpose: .generate, lineage: lineage)
        }
        let names = all.map { colorNames.value.names(for: $0.palette, language: language) }
        let strip = CandidateStrip(candidates: all, names: names, description: description, lineage: lineage)
        workbench.candidates = strip
        // A retired default was replaced for the whole answer: the title names the model in use
        // whichever candidate is kept (the note is the first candidate's).
        for case .modelReplaced(_, let replacement) in generated.notes {
            modelName = TextSanitizer.clean(replacement)
        }
        say(WorkbenchText.candidatesShown(all.count, notes: strip.chosenNotes), .success)
        return []
    }

    // MARK: - Lineage

    /// The selected entry, then each entry it was made from, as far as the history holds them.
    mutating func traceLineage() {
        guard let entry = history.selectedEntry else {
            workbench.lineage = []
            workbench.lineageTruncated = false
            return
        }
        var chain = [LineageStep(entry)]
        var seen: Set<String> = [entry.id]
        var next = entry.lineage.parent
        while let id = next, chain.count < WorkbenchState.lineageDepth {
            guard !seen.contains(id) else { break }
            seen.insert(id)
            guard let parent = history.entries.last(where: { $0.id == id }) else {
                chain.append(LineageStep(missing: id))
                next = nil
                break
            }
            chain.append(LineageStep(parent))
            next = parent.lineage.parent
        }
        workbench.lineage = chain
        workbench.lineageTruncated = next != nil && chain.count >= WorkbenchState.lineageDepth
    }
}
