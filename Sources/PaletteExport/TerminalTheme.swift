import PaletteCore

/// Dark or light: which way the background goes.
public enum ThemeVariant: String, CaseIterable, Sendable, Hashable {
    case dark, light

    /// The variant for a terminal of this background: light when the background is lighter
    /// than mid-grey (CIE L* 50, relative luminance 0.184), dark otherwise.
    public init(background: RGB) {
        self = WCAG.luminance(background) >= 0.184 ? .light : .dark
    }
}

/// Where a palette role shows in a derived theme.
public enum RolePlacement: Hashable, Sendable {
    /// In an ANSI slot: 1-6 (it sets the normal colour's hue, and the bright one's unless a
    /// second role shares the sector) or 9-14 (a second role in the same sector).
    case slot(Int)
    /// A grey role has no hue to place: it shows as the neutrals' tint (the primary's, or grey).
    case neutrals
}

/// A whole terminal and editor theme derived from one palette.
///
/// The neutrals follow tinted-theming's shades: `background` (base00), `surface` (base01, ANSI 0),
/// `selectionBackground` (base02), `ansi[8]` (base03), `subtle` (base04), `foreground` (base05 =
/// ANSI 7), `light` (base06), `ansi[15]` (base07); base24's `darker` and `darkest` (base10, base11)
/// sit beyond the background. `orange` and `brown` fill base16's base09 and base0F.
public struct TerminalTheme: Hashable, Sendable {
    public var palette: Palette
    public var variant: ThemeVariant
    public var background: RGB
    public var foreground: RGB
    public var cursor: RGB
    public var cursorText: RGB
    public var selectionBackground: RGB
    public var selectionForeground: RGB
    /// ANSI 0-15.
    public var ansi: [RGB]
    public var surface: RGB
    public var subtle: RGB
    public var light: RGB
    public var darker: RGB
    public var darkest: RGB
    public var orange: RGB
    public var brown: RGB
    /// Where each role of `palette` shows.
    public var placements: [Role: RolePlacement]

    /// The normal colour of a sector (ANSI 1-6).
    public func normal(_ sector: HueSector) -> RGB { ansi[sector.ansiIndex] }
    /// The bright colour of a sector (ANSI 9-14).
    public func bright(_ sector: HueSector) -> RGB { ansi[sector.ansiIndex + 8] }

    /// tinted-theming's base16 shades and accents, base00...base0F.
    public var base16: [RGB] {
        [
            background, surface, selectionBackground, ansi[8], subtle, foreground, light, ansi[15],
            ansi[1], orange, ansi[3], ansi[2], ansi[6], ansi[4], ansi[5], brown,
        ]
    }

    /// base24's 24 colours, base00...base17, mapped so that a base24 builder gives back every
    /// ANSI colour: base01 = ANSI 0, base02 = 8, base06 = 7, base07 = 15, base08-0E the brights,
    /// base12-17 the normals (tinted-theming/base24 styling 0.1.0).
    public var base24: [RGB] {
        [
            background, ansi[0], ansi[8], subtle, mix(subtle, foreground), foreground, ansi[7], ansi[15],
            ansi[9], orange, ansi[11], ansi[10], ansi[14], ansi[12], ansi[13], brown,
            darker, darkest, ansi[1], ansi[3], ansi[2], ansi[6], ansi[4], ansi[5],
        ]
    }

    private func mix(_ a: RGB, _ b: RGB) -> RGB {
        let x = OKLab(a)
        let y = OKLab(b)
        return OKLCH(l: (x.l + y.l) / 2, c: (x.lch.c + y.lch.c) / 2, h: y.lch.h).gamutMapped()
    }
}
