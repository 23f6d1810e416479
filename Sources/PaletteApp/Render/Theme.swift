import PaletteCore
import ScreenCore

/// Styles of the app's chrome; the panes use the palette's own colours.
///
/// Status colours are exact xterm-256 entries (203, 214, 77), so 256-colour terminals show
/// them unchanged. With `.none` only attributes are used.
struct Theme {
    let mode: ColorMode

    var title: Style { Style(bold: true, reverse: true) }
    var dim: Style { Style(dim: true) }
    var field: Style { Style(underline: true) }
    var placeholder: Style { Style(underline: true, dim: true) }

    func status(_ kind: StatusMessage.Kind) -> Style {
        switch (kind, mode) {
        case (.info, _): return .plain
        case (.success, .none): return .plain
        case (.warning, .none), (.error, .none): return Style(bold: true)
        case (.success, _): return Style(foreground: .rgb(RGB(r: 0x5F, g: 0xD7, b: 0x5F)))
        case (.warning, _): return Style(foreground: .rgb(RGB(r: 0xFF, g: 0xAF, b: 0x00)), bold: true)
        case (.error, _): return Style(foreground: .rgb(RGB(r: 0xFF, g: 0x5F, b: 0x5F)), bold: true)
        }
    }

    /// Whether swatches are filled with their colour.
    var fills: Bool { mode != .none }
}
