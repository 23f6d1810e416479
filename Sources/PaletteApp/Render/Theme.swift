import PaletteCore
import PaletteExport
import ScreenCore

/// Styles of the app's chrome; the panes use the palette's own colours.
///
/// Labels, borders, hints, the selection and the field are drawn in the terminal's own
/// colours with attributes (bold, dim, reverse, underline), so they read on any background.
/// The status colours are the chrome's only colours of its own: `ChromeInk` picks them for
/// the terminal's background. With `.none` only attributes are used.
struct Theme {
    let mode: ColorMode
    var ink = ChromeInk.standard

    var title: Style { Style(bold: true, reverse: true) }
    var dim: Style { Style(dim: true) }
    var field: Style { Style(underline: true) }
    var placeholder: Style { Style(underline: true, dim: true) }

    func status(_ kind: StatusMessage.Kind) -> Style {
        switch (kind, mode) {
        case (.info, _): return .plain
        case (.success, .none): return .plain
        case (.warning, .none), (.error, .none): return Style(bold: true)
        case (.success, _): return Style(foreground: ink.success)
        case (.warning, _): return Style(foreground: ink.warning, bold: true)
        case (.error, _): return Style(foreground: ink.error, bold: true)
        }
    }

    /// Whether swatches are filled with their colour.
    var fills: Bool { mode != .none }
}

/// The status colours (success, warning, error) for the terminal's background.
///
/// Each is the first of its ladder of exact xterm-256 entries (so a 256-colour terminal shows
/// it unchanged) whose WCAG contrast with the background is at least 4.5:1, else the
/// terminal's own foreground. On a dark background the ladder starts at the colours the app
/// always had and gets lighter; on a light one it starts at darker ones of the same hues and
/// gets darker. With the background not known, the colours the app always had.
public struct ChromeInk: Hashable, Sendable {
    public let success: TermColor
    public let warning: TermColor
    public let error: TermColor

    /// The contrast every status colour keeps with the background it was chosen for.
    public static let minimumContrast = 4.5

    /// For a dark background that did not say its colour: xterm-256 77, 214 and 203.
    public static let standard = ChromeInk(
        success: .rgb(RGB(r: 0x5F, g: 0xD7, b: 0x5F)), warning: .rgb(RGB(r: 0xFF, g: 0xAF, b: 0x00)),
        error: .rgb(RGB(r: 0xFF, g: 0x5F, b: 0x5F)))

    init(success: TermColor, warning: TermColor, error: TermColor) {
        self.success = success
        self.warning = warning
        self.error = error
    }

    /// The ink for `background`, which the terminal reported (or white for `--variant light`
    /// on a terminal that was not asked), read as `variant`.
    public init(_ variant: ThemeVariant, on background: RGB) {
        func pick(_ ladder: [UInt32]) -> TermColor {
            for hex in ladder {
                let colour = RGB(r: UInt8(hex >> 16), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF))
                if WCAG.contrast(colour, background) >= Self.minimumContrast { return .rgb(colour) }
            }
            return .terminalDefault
        }
        switch variant {
        case .dark:
            // xterm-256 77, 120, 157; 214, 221, 222; 203, 210, 217.
            self.init(
                success: pick([0x5FD75F, 0x87FF87, 0xAFFFAF]), warning: pick([0xFFAF00, 0xFFD75F, 0xFFD787]),
                error: pick([0xFF5F5F, 0xFF8787, 0xFFAFAF]))
        case .light:
            // xterm-256 28, 22; 130, 94, 58; 160, 124, 88, 52.
            self.init(
                success: pick([0x008700, 0x005F00]), warning: pick([0xAF5F00, 0x875F00, 0x5F5F00]),
                error: pick([0xD70000, 0xAF0000, 0x870000, 0x5F0000]))
        }
    }
}

/// How the app suits its terminal: the theme variant the export menu and the theme preview
/// start on (and so what `a` applies), and the chrome's ink.
///
/// `--variant dark|light` fixes both. `auto` (the default) asks the terminal for its
/// background at start-up: until it answers, and when it does not, the variant is the
/// export default (`PALETTE_TUI_VARIANT`, the settings file, else dark) and the ink the
/// standard one; its answer (`Action.terminalBackground`) sets both.
public struct Appearance: Hashable, Sendable {
    public internal(set) var variant: ThemeVariant
    public internal(set) var ink: ChromeInk
    /// Whether the terminal's answer decides (`auto`).
    public let followsTerminal: Bool
    /// The background the terminal reported, once it has.
    public internal(set) var terminalBackground: RGB?

    /// `--variant` given: that variant, and the ink for it (a light one judged on white).
    public static func fixed(_ variant: ThemeVariant) -> Appearance {
        Appearance(
            variant: variant, ink: variant == .light ? ChromeInk(.light, on: WCAG.white) : .standard,
            followsTerminal: false)
    }

    /// `auto`: `variant` and the standard ink until the terminal answers.
    public static func following(defaultVariant variant: ThemeVariant) -> Appearance {
        Appearance(variant: variant, ink: .standard, followsTerminal: true)
    }

    init(variant: ThemeVariant, ink: ChromeInk, followsTerminal: Bool) {
        self.variant = variant
        self.ink = ink
        self.followsTerminal = followsTerminal
    }

    /// The terminal answered: its background decides, unless `--variant` did.
    mutating func take(background: RGB) {
        guard followsTerminal else { return }
        terminalBackground = background
        variant = ThemeVariant(background: background)
        ink = ChromeInk(variant, on: background)
    }
}
