import FoundationEssentials
import Glibc
import PaletteCore

/// A palette read from another tool's link or file, or from a share string: the three roles,
/// and what came with them.
public struct ImportedPalette: Hashable, Sendable {
    public var palette: Palette
    /// The description a share string carries; nil for every other source.
    public var description: String?
    /// The roles a share string marks as locked; empty for every other source.
    public var locked: Set<Role>
    public var source: ImportSource
    /// How the three roles were chosen when the source held other colours too (a theme: the roles
    /// it records); nil when it held exactly three (taken in order: primary, secondary, accent).
    public var choice: RoleChoice?

    public init(
        palette: Palette, description: String? = nil, locked: Set<Role> = [], source: ImportSource,
        choice: RoleChoice? = nil
    ) {
        self.palette = palette
        self.description = description
        self.locked = locked
        self.source = source
        self.choice = choice
    }
}

/// Where a palette was read from.
public enum ImportSource: String, Sendable, Hashable, CaseIterable {
    case shareString, coolors, realtimeColors, ase, gpl, swatches, svg, png
    /// A terminal or editor theme palette-tui wrote, which records its three roles (`ThemeRoles`).
    case theme
    /// Anything `PaletteParser` reads (JSON, CSS, SCSS, Less, Tailwind, tokens, prose).
    case text
}

/// How three roles were taken from a source with other colours.
public enum RoleChoice: Hashable, Sendable {
    /// From `count` colours by the rule (`RoleRule.choose`): the first is the primary, the
    /// accent is the most colourful of the others (OKLCH chroma), the secondary is the one of the
    /// rest farthest (CIEDE2000) from both.
    case chosen(count: Int)
    /// A Realtime Colors link names its roles: its primary, secondary and accent are kept, its
    /// text and background colours left out.
    case realtimeRoles(text: RGB, background: RGB)
    /// A theme palette-tui wrote records the three roles it was derived from at its top: those
    /// are read, its terminal colours (derived, not the palette) left out.
    case themeRoles
}

/// Why an input holds no palette: a parser's reason for text, or the file's or link's own.
public enum ImportFailure: Error, Equatable, Sendable {
    /// Plain text with no palette in it (`PaletteParser`'s reason).
    case text(PaletteParseError)
    /// The file ends before its structure does (a cut-off download).
    case truncated(ImportSource)
    /// The file's structure is wrong at this point (the format, and a short English detail for logs).
    case malformed(ImportSource)
    /// Fewer than three colours.
    case tooFewColors(ImportSource, count: Int)
    /// More than `ImportLimits.colors` colours, or a part bigger than its cap.
    case tooLarge(ImportSource)
    /// A `.swatches` (zip) without `Swatches.json`.
    case noSwatchesJSON
    /// A zip entry packed with a method other than stored or deflate.
    case unsupportedCompression(Int)
    /// A PNG that is not a palette-tui swatch card (images are not read here).
    case imageWithoutPalette
    /// A link to the site with no colours in it.
    case linkWithoutColors(ImportSource)
    /// A share string that does not decode: damaged (checksum, length) or from a newer version.
    case shareString(ShareStringProblem)
}

/// What is wrong with a share string.
public enum ShareStringProblem: Hashable, Sendable {
    /// Longer than `ShareString.maximumLength` characters.
    case tooLong
    /// Characters outside base64url, or a length no encoding gives.
    case notBase64
    /// Too short to hold a palette.
    case tooShort
    /// The checksum does not match: the string was cut or changed.
    case checksum
    /// Flags this version does not know (a newer palette-tui wrote it).
    case unknownFlags
    /// A `ptuiN.` prefix of another version.
    case version(String)
    /// The description is not UTF-8 text, or holds control characters.
    case badDescription
}

/// The caps every reader keeps, so that a hostile file costs little.
public enum ImportLimits {
    /// The most colours read from one source.
    public static let colors = 4096
    /// The most bytes a zip entry may unpack to (Swatches.json is a few KiB).
    public static let unpacked = 1 << 20
}

/// Reads a palette from bytes: a share string, a Coolors or Realtime Colors link, an ASE, GPL,
/// Procreate `.swatches`, palette-tui's SVG or PNG swatch card, a theme palette-tui wrote (the
/// roles it records), or any text `PaletteParser` reads.
public enum PaletteImport {
    public static func read(_ bytes: [UInt8]) throws(ImportFailure) -> ImportedPalette {
        if bytes.starts(with: Array("ASEF".utf8)) { return try roles(ASEReader.colors(bytes), .ase) }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return try roles(SwatchesReader.colors(bytes), .swatches)
        }
        if bytes.starts(with: PNGText.signature) { return try roles(PNGText.colors(bytes), .png) }
        return try read(text: String(decoding: bytes, as: UTF8.self))
    }

    public static func read(text: String) throws(ImportFailure) -> ImportedPalette {
        // Only the first lines can hold a theme's header.
        let top = Array(text.utf8.prefix((ThemeRoles.linesBefore + 4) * (ThemeRoles.maximumLine + 1) + 3))
        if let palette = ThemeRoles.palette(in: top[...]) {
            return ImportedPalette(palette: palette, source: .theme, choice: .themeRoles)
        }
        if let token = ShareString.find(in: text) { return try ShareString.decode(token) }
        let trimmed = text.trimmed()
        if trimmed.hasPrefix("GIMP Palette") { return try roles(GPLReader.colors(trimmed), .gpl) }
        if let colors = SVGCard.colors(text) { return try roles(colors, .svg) }
        if let link = try Links.read(text) { return link }
        do {
            return ImportedPalette(palette: try PaletteParser.parse(text), source: .text)
        } catch {
            throw .text(error)
        }
    }

    /// Three colours in order, or three roles chosen from more by the rule.
    static func roles(_ colors: [RGB], _ source: ImportSource) throws(ImportFailure) -> ImportedPalette {
        guard colors.count >= 3 else { throw .tooFewColors(source, count: colors.count) }
        guard colors.count <= ImportLimits.colors else { throw .tooLarge(source) }
        if colors.count == 3 {
            return ImportedPalette(
                palette: Palette(primary: colors[0], secondary: colors[1], accent: colors[2]), source: source)
        }
        return ImportedPalette(palette: RoleRule.choose(colors), source: source, choice: .chosen(count: colors.count))
    }
}

/// The rule for more than three colours. The primary is the first colour: every tool here lists
/// its colours in the order its user arranged them, and the first is the one they start from.
/// The accent is the most colourful of the others (the highest OKLCH chroma; the earliest on a
/// tie, chroma within 0.001 counting as one), as an accent is the salient colour. The secondary is, of the rest, the one farthest
/// from both (the largest of the smaller CIEDE2000 distances to the primary and the accent),
/// so that three roles stay apart even in a gradient-ordered list.
public enum RoleRule {
    public static func choose(_ colors: [RGB]) -> Palette {
        precondition(colors.count >= 3)
        let primary = colors[0]
        var rest = Array(colors.dropFirst())
        var accentIndex = 0
        var best = -1.0
        for (i, c) in rest.enumerated() {
            let chroma = OKLCH(c).c
            if chroma > best + 0.001 {
                best = chroma
                accentIndex = i
            }
        }
        let accent = rest.remove(at: accentIndex)
        var secondary = rest[0]
        var farthest = -1.0
        for c in rest {
            let d = min(CIEDE2000.difference(c, primary), CIEDE2000.difference(c, accent))
            if d > farthest + 1e-12 {
                farthest = d
                secondary = c
            }
        }
        return Palette(primary: primary, secondary: secondary, accent: accent)
    }
}
