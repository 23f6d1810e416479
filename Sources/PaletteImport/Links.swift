import FoundationEssentials
import Glibc
import PaletteCore

/// Links from palette sites: Coolors (`coolors.co/2e86ab-a23b72-f18f01`, `coolors.co/palette/...`,
/// with or without the scheme and `www.`) and Realtime Colors
/// (`realtimecolors.com/?colors=TEXT-BACKGROUND-PRIMARY-SECONDARY-ACCENT&fonts=...`).
enum Links {
    /// The palette of the first link in `text`, or nil when it holds no link to either site.
    static func read(_ text: String) throws(ImportFailure) -> ImportedPalette? {
        let lower = text.lowercased()
        if let range = lower.scalarRange(of: "coolors.co/") {
            var rest = lower[range.upperBound...]
            if rest.hasPrefix("palette/") { rest = rest.dropFirst("palette/".count) }
            let run = rest.prefix { $0.isHexDigit || $0 == "-" }
            let colors = try hexList(run, .coolors)
            return try PaletteImport.roles(colors, .coolors)
        }
        if let range = lower.scalarRange(of: "realtimecolors.com/") {
            let rest = lower[range.upperBound...].prefix { !$0.isWhitespace && $0 != "\"" && $0 != "'" && $0 != ")" }
            guard let key = rest.scalarRange(of: "colors=") else { throw .linkWithoutColors(.realtimeColors) }
            let value = rest[key.upperBound...].prefix { $0 != "&" && $0 != "#" }
                .replacingAll("%23", with: "")
            let colors = try hexList(Substring(value), .realtimeColors)
            guard colors.count == 5 else { throw .tooFewColors(.realtimeColors, count: colors.count) }
            return ImportedPalette(
                palette: Palette(primary: colors[2], secondary: colors[3], accent: colors[4]),
                source: .realtimeColors, choice: .realtimeRoles(text: colors[0], background: colors[1]))
        }
        return nil
    }

    /// `2e86ab-a23b72-f18f01` as colours; any part that is not six hex digits spoils the link.
    private static func hexList(_ run: Substring, _ source: ImportSource) throws(ImportFailure) -> [RGB] {
        let parts = run.split(separator: "-", omittingEmptySubsequences: true)
        guard !parts.isEmpty else { throw .linkWithoutColors(source) }
        guard parts.count <= ImportLimits.colors else { throw .tooLarge(source) }
        var colors: [RGB] = []
        for part in parts {
            guard part.count == 6, let value = UInt32(part, radix: 16) else { throw .malformed(source) }
            colors.append(RGB(packed: value))
        }
        return colors
    }
}
