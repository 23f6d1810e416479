import FoundationEssentials
import Glibc
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
