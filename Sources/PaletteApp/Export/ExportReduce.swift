import PaletteCore
import PaletteExport
import PaletteText

/// The reducer's part for the export menu and the theme preview; `reduce` hands their commands
/// and actions here.
extension AppState {
    /// How many rows of formats the menu shows at the current height.
    var exportListRows: Int { ExportMenuScreen.listRows(height: height) }

    mutating func performExport(_ command: Command) -> [Effect] {
        switch command {
        case .openExport:
            guard let shown else {
                setStatus(ExportWords.nothingToExport, .info)
                return []
            }
            var menu = ExportMenu()
            menu.variant = appearance.variant
            menu.path.setText(defaultExportName(menu, description: shown.description))
            exportMenu = menu
            status = nil
        case .closeExport:
            if editAfterExtensionQuestion() { return [] }
            exportMenu = nil
            status = nil
        case .exportUp: moveExport(to: (exportMenu?.selected ?? 0) - 1)
        case .exportDown: moveExport(to: (exportMenu?.selected ?? 0) + 1)
        case .exportPageUp: moveExport(to: (exportMenu?.selected ?? 0) - max(exportListRows - 1, 1))
        case .exportPageDown: moveExport(to: (exportMenu?.selected ?? 0) + max(exportListRows - 1, 1))
        case .exportFirst: moveExport(to: 0)
        case .exportLast: moveExport(to: ExportChoice.all.count - 1)
        case .toggleExportVariant:
            guard var menu = exportMenu else { return [] }
            menu.variant = menu.variant == .dark ? .light : .dark
            menu.confirmReplace = nil
            menu.confirmExtension = nil
            menu.askingExtension = false
            exportMenu = menu
            followFormat()
        case .editExportPath:
            exportMenu?.isEditingPath = true
            exportMenu?.path.moveEnd()
            scrollExportPath()
        case .leaveExportPath:
            if editAfterExtensionQuestion() { return [] }
            exportMenu?.isEditingPath = false
        case .writeExport:
            return writeExport()
        case .openPreview:
            guard let shown else {
                setStatus(ExportWords.nothingToPreview, .info)
                return []
            }
            let variant = exportMenu?.variant ?? appearance.variant
            themePreview = ThemePreview(
                theme: ThemeDerivation.derive(shown.palette, variant: variant),
                description: TextSanitizer.truncate(TextSanitizer.clean(shown.description), toWidth: 60))
        case .closePreview:
            guard themePreview != nil else { return [] }
            themePreview = nil
            setStatus(ExportWords.coloursRestored, .info)
        case .applyPreview:
            guard let preview = themePreview else { return [] }
            setStatus(ExportWords.applyingTheme, .info)
            return [.applyTheme(preview.theme.palette, preview.variant)]
        case .togglePreviewVariant:
            guard let preview = themePreview else { return [] }
            let variant: ThemeVariant = preview.variant == .dark ? .light : .dark
            themePreview?.theme = ThemeDerivation.derive(preview.theme.palette, variant: variant)
            if exportMenu != nil { exportMenu?.variant = variant }
            followFormat()
        default:
            break
        }
        return []
    }

    /// Text typed or pasted while the menu or the preview has the keyboard. True when taken.
    mutating func typeInExport(_ text: String) -> Bool {
        // Case tests: asked for every typed character, and `!= nil` or a binding copied the
        // preview or the menu out of the state first.
        if case .some = themePreview { return true }
        guard case .some = exportMenu else { return false }
        // The menu takes the text even when the file name is not being edited (it is dropped).
        _ = editExportPath { _ = $0.insert(text) }
        return true
    }

    /// A text-field edit (cursor moves, deletions) on the menu's file name. True when taken.
    mutating func editExportPath(_ edit: (inout TextField) -> Void) -> Bool {
        guard case .some = exportMenu, var menu = exportMenu, menu.isEditingPath else { return false }
        let before = menu.path.text
        edit(&menu.path)
        if menu.path.text != before {
            menu.pathEdited = true
            menu.confirmReplace = nil
            menu.confirmExtension = nil
            menu.askingExtension = false
        }
        exportMenu = menu
        scrollExportPath()
        return true
    }

    /// The preview kept and applied (or not): the preview closes, the outcome on the status line.
    mutating func receiveAppliedTheme(_ applied: AppliedTheme) {
        themePreview = nil
        status = StatusMessage(applied.message(language), kind: applied.succeeded ? .success : .error, readWhole: true)
    }

    mutating func receiveExport(_ result: Result<ExportWritten, ExportJobFailure>) {
        exportMenu?.isWriting = false
        switch result {
        case .success(let written):
            exportMenu = nil
            status = StatusMessage(ExportWords.written(written)(language), kind: .success, readWhole: true)
        case .failure(let failure):
            if case .exists(let path) = failure { exportMenu?.confirmReplace = path }
            setStatus(ExportWords.jobFailed(failure), failure.isQuestion ? .warning : .error)
        }
    }

    // MARK: - Helpers

    private mutating func moveExport(to index: Int) {
        guard var menu = exportMenu else { return }
        menu.selected = min(max(index, 0), ExportChoice.all.count - 1)
        menu.confirmReplace = nil
        menu.confirmExtension = nil
        menu.askingExtension = false
        exportMenu = menu
        followFormat()
    }

    /// An unedited file name follows the format and the variant.
    private mutating func followFormat() {
        guard var menu = exportMenu, !menu.pathEdited, let shown else { return }
        menu.path.setText(defaultExportName(menu, description: shown.description))
        exportMenu = menu
        scrollExportPath()
    }

    private func defaultExportName(_ menu: ExportMenu, description: String) -> String {
        if let system = menu.choice.system {
            // Beside the palette's own files: `calm.system.json`, `calm-system.css`.
            let base = ExportText.slug(description, fallback: "palette")
            return base + (system == .json ? "" : "-system") + system.fileExtension
        }
        return ExportPath.fileName(
            description: description, format: menu.choice.format, variant: menu.variant,
            tailwindV3: menu.choice.tailwindV3)
    }

    /// Esc after the question about a file name's extension: nothing is written, and the file
    /// name gets the keyboard to be edited. True when there was such a question.
    private mutating func editAfterExtensionQuestion() -> Bool {
        guard case .some = exportMenu, exportMenu?.askingExtension == true else { return false }
        exportMenu?.confirmExtension = nil
        exportMenu?.askingExtension = false
        exportMenu?.isEditingPath = true
        exportMenu?.path.moveEnd()
        scrollExportPath()
        status = nil
        return true
    }

    private mutating func scrollExportPath() {
        let width = ExportMenuScreen.fieldWidth(width: width, language: language)
        exportMenu?.path.scrollToCursor(width: width)
    }

    private mutating func writeExport() -> [Effect] {
        guard var menu = exportMenu, let shown else { return [] }
        guard !menu.isWriting else { return [] }
        let path = menu.path.text.trimmedSpaces()
        guard !path.isEmpty else {
            setStatus(ExportWords.emptyPath, .error)
            return []
        }
        let choice = menu.choice
        // A name that does not end as the format's files do is asked about once: a second
        // Enter with the same name writes it.
        if !choice.extensionFits(path), menu.confirmExtension != path, let expected = choice.expectedExtension {
            menu.confirmExtension = path
            menu.askingExtension = true
            menu.confirmReplace = nil
            exportMenu = menu
            let name = path.split(separator: "/").last.map(String.init) ?? path
            setStatus(ExportWords.extensionQuestion(name, expected: expected), .warning)
            return []
        }
        menu.askingExtension = false
        let request = ExportRequest(
            palette: shown.palette, format: choice.format, variant: menu.variant,
            name: ExportWords.fileName(shown.description, shown.palette, language),
            language: language, tailwindV3: choice.tailwindV3)
        let replace = menu.confirmReplace != nil
        menu.confirmReplace = nil
        menu.isWriting = true
        exportMenu = menu
        setStatus(ExportWords.writing, .info)
        return [
            .exportPalette(
                ExportJob(
                    request: request, path: path, directory: exportDirectory, numberIfTaken: !menu.pathEdited,
                    replace: replace, system: choice.system))
        ]
    }

    private mutating func setStatus(_ text: Localized, _ kind: StatusMessage.Kind) {
        status = StatusMessage(text(language), kind: kind)
    }
}

extension ExportJobFailure {
    /// An existing file is a question (replace it?), not an error.
    var isQuestion: Bool {
        if case .exists = self { return true }
        return false
    }
}
