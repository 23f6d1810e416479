import PaletteCore
import PaletteText
import ScreenCore

/// The button row: Generate (or the spinner while a request runs), then what the panes show.
struct GenerateButton: ScreenPart {
    /// Milliseconds the request in flight has run, while there is one: all the row shows of
    /// it (the whole request, with its description and lineage, was copied on every key).
    var elapsed: Int?
    var focused: Bool
    /// What the caption says of the palette shown: not the whole `ShownPalette`, whose colours,
    /// names and rationale are the panes' to draw and would be copied and compared on every key.
    @ComparedInPlace var shown: Caption? = nil
    /// The colour being edited: the row becomes its L/C/H readout.
    @ComparedInPlace var editor: ColorEditor? = nil
    /// Which candidate is chosen, of how many, while candidates are shown.
    var candidate: CandidateCounter?

    struct CandidateCounter: Hashable, Sendable {
        var index: Int
        var count: Int
    }

    struct Caption: Hashable, Sendable {
        var description: String
        var provider: String
        var model: String?
        var isFallback: Bool
    }

    init(_ state: borrowing AppState) {
        elapsed = state.request?.elapsedMilliseconds
        focused = state.focus == .button
        shown = state.shown.map {
            Caption(description: $0.description, provider: $0.provider, model: $0.model, isFallback: $0.isFallback)
        }
        if case .some = state.workbench.editor { editor = state.workbench.editor }
        if let strip = state.workbench.candidates {
            candidate = CandidateCounter(index: strip.index, count: strip.candidates.count)
        }
    }

    static func rows(in layout: Layout) -> Range<Int> { layout.buttonRow..<(layout.buttonRow + 1) }

    private static let spinner: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        if let editor, elapsed == nil {
            EditorReadout(editor: editor, language: frame.language).draw(on: &canvas, frame)
            return
        }
        let y = frame.layout.buttonRow
        let width = frame.width
        let language = frame.language
        let text: String
        let style: Style
        if let elapsed {
            let spin = Self.spinner[(elapsed / 100) % Self.spinner.count]
            text = "[ \(spin) \(UIText.generating(language)) \(Self.seconds(elapsed)) ]"
            style = Style(dim: true)
        } else {
            text = "[ \(UIText.generate(language)) ]"
            style = focused ? Style(bold: true, reverse: true) : Style(bold: true)
        }
        let end = canvas.put(text, x: frame.layout.labelX, y: y, style: style, limit: width - 1)
        if let candidate {
            let counter = WorkbenchText.candidateCounter(candidate.index + 1, of: candidate.count)(language)
            canvas.put(counter, x: end + 2, y: y, style: Style(bold: true), limit: width - 1, ellipsis: true)
            return
        }
        guard let shown else { return }
        // A palette from a picture alone has no words to quote.
        var caption =
            (shown.description.isEmpty ? "" : UIText.quoted(TextSanitizer.clean(shown.description))(language) + "  ")
            + Messages.providerLabel(shown.provider)(language)
        if let model = shown.model, !model.isEmpty { caption += " · " + model }
        if shown.isFallback { caption += " · " + UIText.offlineFallback(language) }
        let x = end + 2
        guard x < width - 2 else { return }
        canvas.put(caption, x: x, y: y, style: frame.theme.dim, limit: width - 1, ellipsis: true)
    }

    /// `1234` milliseconds as `1.2s`.
    static func seconds(_ ms: Int) -> String {
        "\(ms / 1000).\(ms % 1000 / 100)s"
    }
}

/// The colour editor's row: which colour, its L, C and H (the channel the arrows move marked),
/// and its hex code, typed in place after `#`.
struct EditorReadout {
    var editor: ColorEditor
    var language: Language

    /// The row's pieces, left to right; `marked` is drawn in reverse video.
    func pieces() -> [(text: String, marked: Bool)] {
        let title = WorkbenchText.editLabel(language) + " " + editor.role.label(language)
        let l = cFormat("L %.3f", editor.lightness)
        let c = cFormat("C %.3f", editor.shownChroma)
        let h = cFormat("H %.1f°", editor.hue)
        let hex = editor.hexField?.text ?? editor.color.hex
        let typing = editor.hexField != nil
        return [
            (title, false), ("  ", false),
            (l, !typing && editor.channel == .lightness), ("  ", false),
            (c, !typing && editor.channel == .chroma), ("  ", false),
            (h, !typing && editor.channel == .hue), ("  ", false),
            (WorkbenchText.hexLabel(language) + " ", false),
            (typing ? hex.padded(toLength: 7) : hex, typing),
        ]
    }

    /// Where the cursor goes while a hex code is typed.
    func cursorX(labelX: Int) -> Int {
        var x = labelX
        for piece in pieces().dropLast() { x += DisplayWidth.of(piece.text) }
        return x + (editor.hexField?.cursorColumn ?? 0)
    }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let y = frame.layout.buttonRow
        var x = frame.layout.labelX
        for (n, piece) in pieces().enumerated() {
            let style = piece.marked ? Style(bold: true, reverse: true) : n == 0 ? Style(bold: true) : Style.plain
            x = canvas.put(piece.text, x: x, y: y, style: style, limit: frame.width - 1)
        }
    }
}
