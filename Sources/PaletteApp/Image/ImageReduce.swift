import PaletteCore
import PaletteHistory
import PaletteText

/// The app's picture: the one attached to requests, a read in flight, and the path prompt.
public struct ImageState: Equatable, Sendable {
    /// Sent with every palette, variation and set of candidates until removed (a refinement
    /// refines the shown palette, which came from it; its history entry names it too).
    public internal(set) var attached: AttachedImage?
    /// A read in flight, and what to do with it.
    var loading: ImageLoading?
    /// The path prompt (`I` outside the field, ^O in it), while it is open.
    var prompt: TextField?
    var nextLoadID = 1
}

/// A picture being read off the UI thread, and what its answer is for.
struct ImageLoading: Equatable, Sendable {
    enum Purpose: Equatable, Sendable {
        /// Enter on a field whose text held paths: an image found is attached and the rest of
        /// the field is the description; none found, the whole text is.
        case generate(text: String, variation: Int, candidates: [ImageCandidate])
        /// The prompt's path: attached, then a palette from it and the field's words.
        case prompt
        /// A history entry's picture, checked against its checksum.
        case reopen(ImageReference)
    }

    var id: Int
    var purpose: Purpose
}

extension AppState {
    // MARK: - Generating

    /// Enter with paths in the field: reads them off the UI thread first (`Effect.loadImage`);
    /// nil when the field names no path (or a request runs), so the description goes as it is.
    mutating func generateFromPaths(text: String, variation: Int) -> [Effect]? {
        if case .some = image.loading {
            say(ImageAppText.stillReading, .warning)
            return []
        }
        guard request == nil else { return nil }
        let candidates = ImagePath.candidates(in: text)
        guard !candidates.isEmpty else { return nil }
        return startLoading(
            .generate(text: text, variation: variation, candidates: candidates), paths: candidates.map(\.path),
            named: false)
    }

    private mutating func startLoading(_ purpose: ImageLoading.Purpose, paths: [String], named: Bool) -> [Effect] {
        let id = image.nextLoadID
        image.nextLoadID += 1
        image.loading = ImageLoading(id: id, purpose: purpose)
        say(ImageAppText.reading, .info)
        return [.loadImage(ImageLoadJob(id: id, paths: paths, directory: exportDirectory, named: named))]
    }

    /// The request's picture: the attached one, except for a refinement (the engine would make
    /// the palette from the picture again instead of refining the one shown).
    func imageForRequest(refining: Bool) -> ImageInput? {
        refining ? nil : image.attached?.input
    }

    /// What a read came to.
    mutating func receiveImage(id: Int, _ outcome: ImageLoadOutcome) -> [Effect] {
        guard let loading = image.loading, loading.id == id else { return [] }
        image.loading = nil
        switch loading.purpose {
        case .generate(let text, let variation, let candidates):
            switch outcome {
            case .noImage:
                return startRequest(description: text, variation: variation, purpose: .generate)
            case .failed(let message, _):
                say(message, .error)
                return []
            case .loaded(let attached, let index):
                let rest = index < candidates.count ? candidates[index].rest : text
                let fresh = image.attached?.input.checksum != attached.input.checksum
                image.attached = attached
                // The path leaves the field once it is attached: the thumbnail shows it.
                if field.text == text { replaceField(with: rest) }
                keepViewsInBounds()
                return startRequest(description: rest, variation: fresh ? 0 : variation, purpose: .generate)
            }
        case .prompt:
            switch outcome {
            case .noImage:
                return []
            case .failed(let message, _):
                say(message, .error)
                return []
            case .loaded(let attached, _):
                image.attached = attached
                // Words typed since the last palette steer it; the last palette's own do not.
                if descriptionSelected { replaceField(with: "") }
                keepViewsInBounds()
                return startRequest(description: field.text, variation: 0, purpose: .generate)
            }
        case .reopen(let reference):
            switch outcome {
            case .noImage:
                return []
            case .failed(let message, _):
                image.attached = nil
                keepViewsInBounds()
                say(ImageAppText.gone(message), .warning)
            case .loaded(let attached, _):
                image.attached = attached
                keepViewsInBounds()
                say(
                    attached.input.checksum == reference.checksum
                        ? ImageAppText.unchanged(attached.name) : ImageAppText.changed(attached.name),
                    attached.input.checksum == reference.checksum ? .success : .warning)
            }
            return []
        }
    }

    /// The field shows `text`, not selected, its cursor at the end.
    private mutating func replaceField(with text: String) {
        descriptionSelected = false
        field.setText(text)
    }

    // MARK: - History

    /// Enter on a history entry made from a picture: the file is read again and checked against
    /// the entry's checksum (still there and unchanged, changed, or gone).
    mutating func reopenImage(_ reference: ImageReference?) -> [Effect] {
        guard let reference else { return [] }
        if case .some = image.loading { return [] }
        return startLoading(.reopen(reference), paths: [reference.source], named: true)
    }

    // MARK: - Prompt and removal

    mutating func performImage(_ command: Command) -> [Effect] {
        switch command {
        case .openImagePrompt:
            isEditingFilter = false
            workbench.isRefining = false
            focus = .description
            image.prompt = TextField(capacity: 4096)
            say(ImageAppText.promptHint, .info)
        case .readImagePath:
            guard let prompt = image.prompt else { return [] }
            let path = prompt.text.trimmedSpaces()
            image.prompt = nil
            guard !path.isEmpty else {
                if !removeImage() { say(ImageAppText.promptLeft, .info) }
                return []
            }
            if case .some = image.loading {
                say(ImageAppText.stillReading, .warning)
                return []
            }
            // A pasted path keeps its quotes or escapes: read it as the field would.
            let written = ImagePath.candidates(in: path).first?.path ?? path
            return startLoading(.prompt, paths: [written], named: true)
        case .closeImagePrompt:
            image.prompt = nil
            say(ImageAppText.promptLeft, .info)
        default:
            break
        }
        keepViewsInBounds()
        return []
    }

    /// Esc while a picture is read: its answer will be dropped (its id is no longer awaited), the
    /// field as it was. True when a read was in flight.
    mutating func forgetImageRead() -> Bool {
        guard case .some = image.loading else { return false }
        image.loading = nil
        say(UIText.cancelled, .info)
        return true
    }

    /// Esc on an empty description: the picture is removed. True when there was one.
    @discardableResult
    mutating func removeImage() -> Bool {
        guard let attached = image.attached else { return false }
        image.attached = nil
        keepViewsInBounds()
        say(ImageAppText.removed(attached.name), .info)
        return true
    }

    /// Text typed or pasted while the prompt is open goes into it. True when it took it.
    mutating func typeImagePath(_ text: String) -> Bool {
        guard case .some = image.prompt else { return false }
        let width = layout.field.width
        _ = image.prompt?.insert(text)
        image.prompt?.scrollToCursor(width: width)
        return true
    }

    /// An editing key while the prompt is open edits it. True when it took it.
    mutating func editImagePath(_ edit: (inout TextField) -> Void) -> Bool {
        guard var prompt = image.prompt else { return false }
        image.prompt = nil
        edit(&prompt)
        prompt.scrollToCursor(width: layout.field.width)
        image.prompt = prompt
        return true
    }
}
