import PaletteCore
import PaletteText
import ScreenCore

/// What a terminal below the minimum size shows instead of the app: its size and the minimum.
struct TooSmallNotice {
    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let width = frame.width
        let height = frame.height
        let language = frame.language
        // Wrapped, not cut: at 20x6 the minimum must still be read whole.
        let lines = [
            UIText.tooSmall(width: width, height: height)(language),
            UIText.tooSmallNeed(width: Layout.minimumWidth, height: Layout.minimumHeight)(language),
        ]
        .flatMap { TextWrap.wrap($0, width: max(width, 1)) }
        let top = max((height - lines.count) / 2, 0)
        for (n, line) in lines.enumerated() where top + n < height {
            let text = TextSanitizer.truncate(line, toWidth: width)
            let x = max((width - DisplayWidth.of(text)) / 2, 0)
            canvas.put(text, x: x, y: top + n, style: Style(bold: n == 0))
        }
    }
}
