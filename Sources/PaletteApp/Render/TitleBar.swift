import PaletteCore
import PaletteText
import ScreenCore

/// The title row: the app, the provider and model, the colour mode and the help hint.
struct TitleBar: ScreenPart {
    var provider: String
    /// The model's name, empty when there is none (drawn alike): a plain string compares
    /// without the copies an optional's comparison makes on every key.
    var model: String
    /// The key that opens help where the focus is: F1 in a text field, ? elsewhere.
    var helpKey: String
    /// The colour-vision simulation the screen is drawn through, named on the right.
    var vision: VisionDeficiency?

    init(_ state: borrowing AppState) {
        provider = state.providerName
        model = state.modelName ?? ""
        helpKey = KeyMap.helpKey(in: state.keyScope)
        vision = state.vision
    }

    static func rows(in layout: Layout) -> Range<Int> { 0..<1 }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let width = frame.width
        let language = frame.language
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: frame.theme.title)
        var right = UIText.helpHint(key: helpKey)(language)
        switch frame.colorMode {
        case .direct: break
        case .indexed256: right = UIText.approximate(language) + "  " + right
        case .none: right = UIText.monochrome(language) + "  " + right
        }
        if let vision { right = AccessWords.visionTitle(vision)(language) + "  " + right }
        let rightWidth = DisplayWidth.of(right)
        let rightX = width - 1 - rightWidth
        var title = "palette-tui · " + Messages.providerLabel(provider)(language)
        if !model.isEmpty { title += " · " + model }
        let titleLimit = rightX > 20 ? rightX - 2 : width - 1
        canvas.put(title, x: 1, y: 0, style: frame.theme.title, limit: titleLimit, ellipsis: true)
        if rightX > 20 { canvas.put(right, x: rightX, y: 0, style: frame.theme.title) }
    }
}
