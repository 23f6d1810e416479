import PaletteCore

/// Every format `palette-tui export` writes: the palette itself for design tools and code, or a
/// whole terminal/editor theme derived from it (`ThemeDerivation`).
public enum ExportFormat: String, CaseIterable, Sendable, Hashable {
    // The palette: three named colours.
    case css, scss, less, tailwind, tokens, gpl, ase, swatches, svg, png
    // A theme derived from the palette.
    case base16, base24, kitty, alacritty, wezterm, ghostty
    case windowsTerminal = "windows-terminal"
    case iterm2, xresources, foot, vscode, neovim, tmux
    case terminalJSON = "terminal-json"

    /// What a format holds.
    public enum Kind: Sendable, Hashable {
        /// The three roles, each named by its role label and its colour name.
        case palette
        /// A theme: background, foreground, cursor, selection and 16 ANSI colours.
        case theme
    }

    /// Whether the output reads back through `PaletteParser` alone, which cannot hold for a file
    /// with twenty colours or a binary one. Every format reads back through `PaletteImport`
    /// (`palette-tui parse`): binary files by their readers, themes by the roles they record.
    public enum ReadBack: Sendable, Hashable {
        /// `PaletteParser` reads the output back to the same palette (tested for every palette).
        case paletteParser
        /// PaletteImport's own reader for the format does; the tests also read every such format
        /// back with a real reader (`Tests/Support/read_export.py`) and recover the exact colours.
        case consumer
    }

    public var kind: Kind {
        switch self {
        case .css, .scss, .less, .tailwind, .tokens, .gpl, .ase, .swatches, .svg, .png: return .palette
        default: return .theme
        }
    }

    /// Bytes that are not text: refused on a terminal.
    public var isBinary: Bool {
        switch self {
        case .ase, .swatches, .png: return true
        default: return false
        }
    }

    public var readBack: ReadBack {
        switch self {
        case .css, .scss, .less, .tailwind, .tokens: return .paletteParser
        default: return .consumer
        }
    }

    /// The usual file name ending, with its dot.
    public var fileExtension: String {
        switch self {
        case .css: return ".css"
        case .scss: return ".scss"
        case .less: return ".less"
        case .tailwind: return ".css"
        case .tokens: return ".tokens.json"
        case .gpl: return ".gpl"
        case .ase: return ".ase"
        case .swatches: return ".swatches"
        case .svg: return ".svg"
        case .png: return ".png"
        case .base16, .base24: return ".yaml"
        case .kitty: return ".conf"
        case .alacritty, .wezterm: return ".toml"
        case .ghostty: return ""
        case .windowsTerminal, .vscode, .terminalJSON: return ".json"
        case .iterm2: return ".itermcolors"
        case .xresources: return ".Xresources"
        case .foot: return ".ini"
        case .neovim: return ".lua"
        case .tmux: return ".tmux.conf"
        }
    }
}

/// One export: what to write and how.
public struct ExportRequest: Sendable, Hashable {
    public var palette: Palette
    public var format: ExportFormat
    public var variant: ThemeVariant
    /// The palette's or theme's name inside the file (a description, or `--name`).
    public var name: String
    /// The language of the role labels in the file.
    public var language: Language
    /// `tailwind` only: a v3 `module.exports` config instead of a v4 `@theme` block.
    public var tailwindV3: Bool

    public init(
        palette: Palette, format: ExportFormat, variant: ThemeVariant = .dark, name: String = "",
        language: Language = .english, tailwindV3: Bool = false
    ) {
        self.palette = palette
        self.format = format
        self.variant = variant
        self.name = name
        self.language = language
        self.tailwindV3 = tailwindV3
    }

    /// The name as the file shows it: cleaned to one line, or a name made from the colours.
    public var displayName: String {
        let clean = ExportText.oneLine(name)
        return clean.isEmpty
            ? "palette " + palette.colors.map { String($0.hex.dropFirst()) }.joined(separator: "-") : clean
    }
}

/// Writes one export.
public enum Exporter {
    /// The bytes of the file; text formats end with a newline.
    public static func render(_ request: ExportRequest) -> [UInt8] {
        switch request.format.kind {
        case .palette: return PaletteWriters.render(request)
        case .theme:
            let theme = ThemeDerivation.derive(request.palette, variant: request.variant)
            return Array(ThemeWriters.render(theme, request).utf8)
        }
    }

    /// Alacritty's theme in the YAML that Alacritty 0.11 and 0.12 read (`request.format` is not
    /// consulted): the colours of the `.alacritty` export under a `colors:` mapping.
    public static func alacrittyYAML(_ request: ExportRequest) -> [UInt8] {
        let theme = ThemeDerivation.derive(request.palette, variant: request.variant)
        return Array(ThemeWriters.alacrittyYAML(theme, request).utf8)
    }
}
