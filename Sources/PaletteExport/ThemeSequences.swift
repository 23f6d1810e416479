import Foundation
import PaletteCore

/// The escape sequences that show a theme on the running terminal, and the ones that give the
/// terminal its own colours back (xterm's dynamic colours, which most terminals and tmux 3.3+
/// implement): OSC 4 sets palette entries 0-15, OSC 10/11/12 the default foreground,
/// background and cursor colour; OSC 104/110/111/112 reset each of them.
public enum ThemeSequences {
    private static let osc = "\u{1B}]"
    private static let st = "\u{1B}\\"

    /// `rgb:rr/gg/bb`, the colour spec xterm documents for these sequences.
    static func spec(_ c: RGB) -> String {
        let h = ExportText.bareHex(c)
        let a = h.startIndex
        let r = h[a..<h.index(a, offsetBy: 2)]
        let g = h[h.index(a, offsetBy: 2)..<h.index(a, offsetBy: 4)]
        let b = h[h.index(a, offsetBy: 4)...]
        return "rgb:\(r)/\(g)/\(b)"
    }

    /// Sets the 16 ANSI colours, the foreground, the background and the cursor, one sequence each.
    public static func apply(_ theme: TerminalTheme) -> String {
        var out = ""
        for (k, c) in theme.ansi.enumerated() { out += osc + "4;\(k);" + spec(c) + st }
        out += osc + "10;" + spec(theme.foreground) + st
        out += osc + "11;" + spec(theme.background) + st
        out += osc + "12;" + spec(theme.cursor) + st
        return out
    }

    /// Gives the terminal its own palette, foreground, background and cursor colour back.
    public static let restore = osc + "104" + st + osc + "110" + st + osc + "111" + st + osc + "112" + st
}

extension ThemeSequences {
    /// The live preview's screen as raw terminal output, drawn over the app (which redraws
    /// itself afterwards): the theme applied, the screen cleared, then a sample of text in all
    /// 16 colours by their ANSI numbers (SGR 30-37 and 90-97, so the terminal's new palette is
    /// what shows), background swatches, and the caller's lines (title, hints), each cut to
    /// `width` columns by the caller.
    public static func previewScreen(
        _ theme: TerminalTheme, title: String, sample: String, lines: [String], width: Int
    ) -> String {
        let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        var out = apply(theme) + "\u{1B}[0m\u{1B}[2J\u{1B}[H"
        out += "\u{1B}[1m" + title + "\u{1B}[0m\r\n\r\n"
        let room = max(0, width - 44)
        let text = String(sample.prefix(room / 2))
        for k in 0..<8 {
            let label = "\(k) " + names[k]
            let bright = "\(k + 8) bright " + names[k]
            out +=
                "  \u{1B}[3\(k)m" + label.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + text + "\u{1B}[0m"
            out +=
                "  \u{1B}[9\(k)m" + bright.padding(toLength: 17, withPad: " ", startingAt: 0) + " " + text + "\u{1B}[0m"
            out += "  \u{1B}[4\(k)m   \u{1B}[10\(k)m   \u{1B}[0m\r\n"
        }
        out += "\r\n"
        for line in lines { out += line + "\r\n" }
        return out
    }
}
