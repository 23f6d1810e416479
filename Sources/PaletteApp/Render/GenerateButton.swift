import PaletteCore

/// The button row: Generate (or the spinner while a request runs), then what the panes show.
struct GenerateButton: ScreenPart {
    var request: InFlightRequest?
    var focused: Bool
    var shown: ShownPalette?

    init(_ state: AppState) {
        request = state.request
        focused = state.focus == .button
        shown = state.shown
    }

    static func rows(in layout: Layout) -> Range<Int> { layout.buttonRow..<(layout.buttonRow + 1) }

    private static let spinner: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let y = frame.layout.buttonRow
        let width = frame.width
        let language = frame.language
        let text: String
        let style: Style
        if let request {
            let spin = Self.spinner[(request.elapsedMilliseconds / 100) % Self.spinner.count]
            text = "[ \(spin) \(UIText.generating(language)) \(Self.seconds(request.elapsedMilliseconds)) ]"
            style = Style(dim: true)
        } else {
            text = "[ \(UIText.generate(language)) ]"
            style = focused ? Style(bold: true, reverse: true) : Style(bold: true)
        }
        let end = canvas.put(text, x: frame.layout.labelX, y: y, style: style, limit: width - 1)
        guard let shown else { return }
        var caption = "“" + TextSanitizer.clean(shown.description) + "”  " + shown.provider
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
