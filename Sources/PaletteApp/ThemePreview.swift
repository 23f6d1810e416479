import PaletteCore
import PaletteExport

/// Whether the terminal can take new colours (OSC 4, 10, 11, 12), judged from its environment:
/// no terminal answers reliably when asked, and a query would race the keys being typed.
public enum PreviewSupport: Hashable, Sendable {
    /// A terminal known to take them (xterm and its kin, tmux 3.3+, kitty, foot, WezTerm,
    /// Alacritty, Ghostty, iTerm2, VTE, Konsole).
    case known
    /// Nothing says either way: the colours are sent, and the preview says they may not show.
    case unknown
    /// A terminal known not to (the Linux console, GNU screen, a VT100): nothing is sent, and
    /// the preview says so; `term` is its TERM.
    case unsupported(term: String)

    public static func judge(_ environment: [String: String]) -> PreviewSupport {
        let term = (environment["TERM"] ?? "").lowercased()
        if environment["TMUX"] != nil { return .known }
        if term == "linux" || term.hasPrefix("vt") || term == "dumb" || term.hasPrefix("cons")
            || (term.hasPrefix("screen") && environment["STY"] != nil)
        {
            return .unsupported(term: environment["TERM"] ?? "")
        }
        let knownTerms = ["xterm", "tmux", "kitty", "foot", "alacritty", "wezterm", "ghostty", "rxvt", "konsole"]
        if knownTerms.contains(where: { term.hasPrefix($0) }) { return .known }
        let knownPrograms = ["iTerm.app", "WezTerm", "ghostty", "vscode", "tmux"]
        if let program = environment["TERM_PROGRAM"], knownPrograms.contains(program) { return .known }
        if environment["VTE_VERSION"] != nil || environment["KONSOLE_VERSION"] != nil
            || environment["KITTY_WINDOW_ID"] != nil
        {
            return .known
        }
        return .unknown
    }
}

/// The live theme preview while it shows (`t`): the derived theme on the running terminal.
public struct ThemePreview: Hashable, Sendable {
    public internal(set) var theme: TerminalTheme
    public internal(set) var description: String

    public var variant: ThemeVariant { theme.variant }
}

/// What the terminal is sent while the preview shows: the colours (empty when the terminal
/// cannot take them) and the sample screen, drawn over the app, which repaints itself after.
public struct PreviewFrame: Equatable, Sendable {
    public var colours: [UInt8]
    public var screen: [UInt8]
}

extension AppState {
    /// The preview's bytes, or nil when the app's own frames show.
    public var previewFrame: PreviewFrame? {
        guard let preview = themePreview else { return nil }
        let colours: [UInt8]
        if case .unsupported = previewSupport {
            colours = []
        } else {
            colours = Array(ThemeSequences.apply(preview.theme).utf8)
        }
        return PreviewFrame(
            colours: colours,
            screen: Array(
                PreviewScreen.text(preview, support: previewSupport, width: width, height: height, language: language)
                    .utf8))
    }
}

/// The preview's sample screen as raw terminal output: all 16 colours by their ANSI numbers
/// (SGR 30-37 and 90-97, so the terminal's new palette is what shows, whatever the app's colour
/// mode), their background swatches, where the palette's roles went, and the keys.
enum PreviewScreen {
    private static let esc = "\u{1B}["

    static func text(
        _ preview: ThemePreview, support: PreviewSupport, width: Int, height: Int, language: Language
    ) -> String {
        let w = max(width, 1)
        var lines: [[Segment]] = []
        let title = ExportWords.previewTitle(variant: preview.variant)(language) + " · " + preview.description
        lines.append([Segment(title, sgr: "1")])
        lines.append([Segment(ExportWords.previewSupportNote(support)(language), sgr: "")])
        lines.append([])
        let sample = ExportWords.previewSample(language)
        let normals = (0..<8).map { "\($0) " + ExportWords.ansiName($0)(language) }
        let brights = (8..<16).map { "\($0) " + ExportWords.ansiName($0)(language) }
        let n1 = normals.map(DisplayWidth.of).max() ?? 0
        let n2 = brights.map(DisplayWidth.of).max() ?? 0
        for k in 0..<8 {
            lines.append([
                Segment("  ", sgr: ""), Segment(pad(normals[k], n1) + " " + sample, sgr: "3\(k)"),
                Segment("   ", sgr: ""), Segment(pad(brights[k], n2) + " " + sample, sgr: "9\(k)"),
                Segment("   ", sgr: ""), Segment("   ", sgr: "4\(k)"), Segment("   ", sgr: "10\(k)"),
            ])
        }
        lines.append([])
        lines.append([Segment("  " + ExportWords.previewDefaultText(language), sgr: "")])
        for role in Role.allCases {
            let hex = preview.theme.palette[role].hex
            let placed = preview.theme.placements[role] ?? .neutrals
            lines.append([
                Segment("  " + role.label(language) + " " + hex + " → ", sgr: ""),
                Segment(ExportWords.placement(placed)(language), sgr: sgr(placed)),
            ])
        }
        lines.append([])
        let keys = KeyMap.footer(for: KeyScope.preview.contexts, language: language)
            .map { $0.key + " " + $0.text }.joined(separator: " · ")
        let hint = [Segment(keys, sgr: "2")]
        // Too short a terminal keeps the title, the first rows and the keys.
        if lines.count + 1 > height { lines = Array(lines.prefix(max(height - 1, 0))) }
        lines.append(hint)
        var out = esc + "0m" + esc + "H" + esc + "2J"
        for (row, line) in lines.enumerated() where row < max(height, 1) {
            out += esc + "\(row + 1);1H" + render(line, width: w)
        }
        return out
    }

    private struct Segment {
        var text: String
        var sgr: String
        init(_ text: String, sgr: String) {
            self.text = TextSanitizer.clean(text)
            self.sgr = sgr
        }
    }

    /// The SGR that shows a placement's colour: its slot, or the default foreground.
    private static func sgr(_ placement: RolePlacement) -> String {
        guard case .slot(let n) = placement else { return "" }
        return n < 8 ? "3\(n)" : "9\(n - 8)"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(width - DisplayWidth.of(text), 0))
    }

    /// One row, cut to `width - 1` columns (the last column is left alone, so no terminal wraps).
    private static func render(_ line: [Segment], width: Int) -> String {
        var out = ""
        var used = 0
        let room = max(width - 1, 0)
        for segment in line {
            guard used < room else { break }
            var text = ""
            for c in segment.text {
                let cw = DisplayWidth.of(String(c))
                if used + cw > room { break }
                text.append(c)
                used += cw
            }
            if segment.sgr.isEmpty {
                out += text
            } else {
                out += esc + segment.sgr + "m" + text + esc + "0m"
            }
        }
        return out
    }
}
