import PaletteCore
import PaletteExport
import PaletteText

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
    /// NO_COLOR is set: the terminal's colours are left alone and the sample is drawn without
    /// colour; the placements are listed in words. (A `--color` option that overrides NO_COLOR
    /// makes the preview judge the terminal as unknown.)
    case noColor

    public static func judge(_ environment: [String: String]) -> PreviewSupport {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .noColor }
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
        // Under NO_COLOR the terminal's own palette is never rewritten (docs/decisions.md),
        // unless the user asked for colour anyway (`--color`, which NO_COLOR gives way to).
        var support = previewSupport
        if support == .noColor, colorMode != .none { support = .unknown }
        let colours: [UInt8]
        switch support {
        case .unsupported, .noColor: colours = []
        case .known, .unknown: colours = Array(ThemeSequences.apply(preview.theme).utf8)
        }
        return PreviewFrame(
            colours: colours,
            screen: Array(
                PreviewScreen.text(preview, support: support, width: width, height: height, language: language)
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
        let room = max(w - 1, 1)
        let title = ExportWords.previewTitle(variant: preview.variant)(language) + " · " + preview.description
        let note = ExportWords.previewSupportNote(support)(language)
        // A narrow terminal gets a shorter sample, then bare numbers, so that both halves and
        // the swatches still show: the first layout that fits.
        let full = ExportWords.previewSample(language)
        let named = (0..<16).map { "\($0) " + ExportWords.ansiName($0)(language) }
        let numbered = (0..<16).map { "\($0)" }
        var layout = (labels: numbered, sample: "Aa")
        for (labels, text) in [(named, full), (named, "Aa01"), (named, "Aa"), (numbered, "Aa01")] {
            let n1 = labels[0..<8].map(DisplayWidth.of).max() ?? 0
            let n2 = labels[8..<16].map(DisplayWidth.of).max() ?? 0
            if 2 + n1 + 1 + 3 + n2 + 1 + 3 + 6 + 2 * DisplayWidth.of(text) <= w - 1 {
                layout = (labels, text)
                break
            }
        }
        let sample = layout.sample
        let normals = Array(layout.labels[0..<8])
        let brights = Array(layout.labels[8..<16])
        let n1 = normals.map(DisplayWidth.of).max() ?? 0
        let n2 = brights.map(DisplayWidth.of).max() ?? 0
        var samples: [[Segment]] = []
        for k in 0..<8 {
            samples.append([
                Segment("  ", sgr: ""), Segment(pad(normals[k], n1) + " " + sample, sgr: "3\(k)"),
                Segment("   ", sgr: ""), Segment(pad(brights[k], n2) + " " + sample, sgr: "9\(k)"),
                Segment("   ", sgr: ""), Segment("   ", sgr: "4\(k)"), Segment("   ", sgr: "10\(k)"),
            ])
        }
        // A role whose placement does not fit beside it continues on the next row, indented.
        func roles(wrapping: Bool) -> [[Segment]] {
            Role.allCases.flatMap { role -> [[Segment]] in
                let placed = preview.theme.placements[role] ?? .neutrals
                let head = "  " + role.label(language) + " " + preview.theme.palette[role].hex + " → "
                let tail = ExportWords.placement(placed)(language)
                if wrapping && DisplayWidth.of(head + tail) > room {
                    return [[Segment(head, sgr: "")]]
                        + prose(tail, indent: 4, width: room, lines: .max).map {
                            [Segment("    ", sgr: ""), Segment($0, sgr: sgr(placed))]
                        }
                }
                return [[Segment(head, sgr: ""), Segment(tail, sgr: sgr(placed))]]
            }
        }
        // The sentences wrap to the width; when the rows do not all fit, each keeps one line
        // (ending in "…") so that the samples still show, then the bottom rows give way.
        func assemble(proseLines: Int) -> [[Segment]] {
            var lines: [[Segment]] = [[Segment(title, sgr: "1")]]
            lines += prose(note, indent: 0, width: room, lines: proseLines).map { [Segment($0, sgr: "")] }
            lines.append([])
            lines += samples
            lines.append([])
            lines += prose(ExportWords.previewDefaultText(language), indent: 2, width: room, lines: proseLines)
                .map { [Segment("  " + $0, sgr: "")] }
            return lines + roles(wrapping: proseLines > 1) + [[]]
        }
        var lines = assemble(proseLines: .max)
        if lines.count + 1 > height { lines = assemble(proseLines: 1) }
        let keys = KeyMap.footer(for: KeyScope.preview.contexts, language: language)
            .map { $0.key + " " + $0.text }.joined(separator: " · ")
        let hint = [Segment(keys, sgr: "2")]
        // Too short a terminal keeps the title, the first rows and the keys.
        if lines.count + 1 > height { lines = Array(lines.prefix(max(height - 1, 0))) }
        lines.append(hint)
        var out = esc + "0m" + esc + "H" + esc + "2J"
        // Without colour, only bold and dim remain (the swatches are blank; the words stay).
        let plain = support == .noColor
        for (row, line) in lines.enumerated() where row < max(height, 1) {
            let shown = plain ? line.map { Segment($0.text, sgr: $0.sgr == "1" || $0.sgr == "2" ? $0.sgr : "") } : line
            out += esc + "\(row + 1);1H" + render(shown, width: w)
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

    /// `text` wrapped to the `width` columns left after `indent`, in at most `lines` rows, the
    /// last one ending in "…" when the text goes on.
    private static func prose(_ text: String, indent: Int, width: Int, lines: Int) -> [String] {
        var rows = TextWrap.wrap(TextSanitizer.clean(text), width: max(width - indent, 1))
        if rows.count > lines {
            rows = Array(rows.prefix(max(lines, 1)))
            let cut = TextSanitizer.truncate(rows[rows.count - 1], toWidth: max(width - indent - 1, 1))
            rows[rows.count - 1] = cut.hasSuffix("…") ? cut : cut + "…"
        }
        return rows
    }

    /// The SGR that shows a placement's colour: its slot, or the default foreground.
    private static func sgr(_ placement: RolePlacement) -> String {
        guard case .slot(let n) = placement else { return "" }
        return n < 8 ? "3\(n)" : "9\(n - 8)"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(width - DisplayWidth.of(text), 0))
    }

    /// One row, cut to `width - 1` columns (the last column is left alone, so no terminal
    /// wraps), ending in "…" when it was cut.
    private static func render(_ line: [Segment], width: Int) -> String {
        let room = max(width - 1, 0)
        let total = line.reduce(0) { $0 + DisplayWidth.of($1.text) }
        let budget = total > room ? max(room - 1, 0) : room
        var out = ""
        var used = 0
        var cut = false
        for segment in line {
            var text = ""
            for c in segment.text {
                let cw = DisplayWidth.of(String(c))
                if used + cw > budget {
                    cut = true
                    break
                }
                text.append(c)
                used += cw
            }
            if cut && room > 0 { text += "…" }
            if segment.sgr.isEmpty {
                out += text
            } else if !text.isEmpty {
                out += esc + segment.sgr + "m" + text + esc + "0m"
            }
            if cut { break }
        }
        return out
    }
}
