import FoundationEssentials
import Glibc
import PaletteCore

/// Text helpers shared by the writers: names made safe for each file's syntax.
public enum ExportText {
    /// `text` on one line: control characters (C0, C1, DEL, the line and paragraph separators)
    /// become spaces, runs of white space one space, trimmed, and at most 120 characters.
    public static func oneLine(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for u in text.unicodeScalars {
            let v = u.value
            let isBreak = v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            if isBreak || u.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.unicodeScalars.append(" ")
                pendingSpace = false
            }
            out.unicodeScalars.append(u)
        }
        if out.count > 120 { out = String(out.prefix(119)) + "…" }
        return out
    }

    /// A role's name in a file: its label in `language` and the colour's nearest name in it.
    public static func roleName(_ role: Role, _ color: RGB, _ language: Language) -> String {
        role.label(language) + " · " + colourName(color, language)
    }

    /// The colour's nearest name in `language` (every file names its colours through here).
    public static func colourName(_ color: RGB, _ language: Language) -> String {
        ColorNames.nearest(to: color, language: language).name.name
    }

    /// Text for inside a comment that `closer` ends (`*/`, `-->`): the closer is broken up.
    static func comment(_ text: String, closer: String = "*/") -> String {
        var s = oneLine(text)
        while let r = s.scalarRange(of: closer) {
            s.replaceSubrange(r, with: String(closer.first!) + " " + String(closer.dropFirst()))
        }
        return s
    }

    /// XML character data or attribute text, with characters XML 1.0 forbids left out.
    static func xml(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = u.value
                if v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D { continue }
                if v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// A Lua string literal in double quotes.
    static func lua(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if u.value < 0x20 || u.value == 0x7F {
                    out += "\\" + String(u.value)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// A JSON (and YAML double-quoted, and TOML basic) string literal.
    static func json(_ text: String) -> String { JSONText.string(text) }

    /// A file-name-like slug: lower-case ASCII letters and digits, other runs as one `-`.
    public static func slug(_ text: String, fallback: String = "palette-tui") -> String {
        var out = ""
        for u in text.lowercased().unicodeScalars {
            if (u >= "a" && u <= "z") || (u >= "0" && u <= "9") {
                out.unicodeScalars.append(u)
            } else if !out.isEmpty && !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        if out.count > 64 {
            out = String(out.prefix(64))
            while out.hasSuffix("-") { out.removeLast() }
        }
        return out.isEmpty ? fallback : out
    }

    /// `value` with exactly `digits` decimals, in the C locale.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        cFormat("%.\(digits)f", value)
    }

    /// `#rrggbb` in lower case (for the formats whose examples use it).
    static func lowerHex(_ c: RGB) -> String { c.hex.lowercased() }

    /// `rrggbb`, no `#`, lower case.
    static func bareHex(_ c: RGB) -> String { String(c.hex.dropFirst()).lowercased() }
}
