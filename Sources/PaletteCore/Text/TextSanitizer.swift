/// Makes untrusted text (model output, history, pastes, typed keys) safe to draw on one line.
///
/// ncurses passes bidi overrides through raw and lets `\r`, `\b` and `\t` move the cursor, so
/// text is cleaned before it reaches a canvas: control, format (bidi, BOM, invisible operators),
/// surrogate, private-use and unassigned scalars are dropped, and line breaks and tabs become
/// spaces. Inside a grapheme cluster, after its first scalar, the joiners a cluster is made of
/// stay: ZWJ (👨‍👩‍👧), ZWNJ (Persian, Indic scripts) and the emoji tag characters (🏴󠁧󠁢󠁳󠁣󠁴󠁿);
/// variation selectors (☀️) are marks and stay too. So every grapheme the user typed is kept
/// whole, in the field, in the history file and in listings.
///
/// The one sanitiser: the app's canvas and text field, the `history` listing and the history
/// loader's messages all clean text here, so a rule added here holds everywhere.
public enum TextSanitizer {
    /// Cleans `text` for a single line.
    public static func clean(_ text: String) -> String {
        if isPlainASCII(text) { return text }
        var out = String.UnicodeScalarView()
        for character in text {
            // Joiners stay only in a cluster whose first scalar is kept and is not a space.
            var joins = false
            for (k, scalar) in character.unicodeScalars.enumerated() {
                if k > 0 && joins && isClusterJoiner(scalar) {
                    out.append(scalar)
                    continue
                }
                let v = verdict(scalar)
                if k == 0 { joins = v == .keep && !scalar.properties.isWhitespace }
                switch v {
                case .keep: out.append(scalar)
                case .space: out.append(" ")
                case .drop: break
                }
            }
        }
        return String(out)
    }

    /// The format characters that join a grapheme cluster rather than steer the text: ZWNJ,
    /// ZWJ and the emoji tag characters. Kept after the first scalar of a cluster that starts
    /// with a visible character, dropped anywhere else.
    @inline(__always)
    public static func isClusterJoiner(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v == 0x200C || v == 0x200D || (0xE0020...0xE007F).contains(v)
    }

    /// Cleans `text` for a single line of at most `width` columns, ending with "…" when cut.
    public static func clean(_ text: String, toWidth width: Int) -> String {
        truncate(clean(text), toWidth: width)
    }

    /// True when every byte is printable ASCII, so nothing needs cleaning.
    @inline(__always)
    public static func isPlainASCII(_ text: String) -> Bool {
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    /// What cleaning does with one scalar.
    public enum Verdict { case keep, space, drop }

    /// What cleaning does with `scalar`, for callers that clean as they draw.
    public static func verdict(_ scalar: Unicode.Scalar) -> Verdict {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return .keep }
        if v == 0x09 || v == 0x0A || v == 0x0D || v == 0x0B || v == 0x0C { return .space }
        if v == 0x85 || v == 0x2028 || v == 0x2029 { return .space }
        // Blocks with no control, format or unassigned code points skip the property lookup:
        // CJK punctuation, unified ideographs, Hangul syllables and fullwidth forms.
        if (0x3000...0x303F).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xFF01...0xFF60).contains(v)
        {
            return .keep
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned:
            return .drop
        case .lineSeparator, .paragraphSeparator:
            return .space
        default:
            return .keep
        }
    }

    /// Cuts `text` to at most `width` columns, ending with "…" when it was cut.
    ///
    /// Never splits a grapheme, so a wide character that would straddle the edge is left out.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if text.utf8.count <= width, isPlainASCII(text) { return text }
        var used = 0
        var fitEnd = text.startIndex
        var cutEnd: String.Index?
        for index in text.indices {
            let w = DisplayWidth.of(text[index])
            if cutEnd == nil, used + w > width - 1 { cutEnd = index }
            if used + w > width {
                return String(text[..<(cutEnd ?? index)]) + "…"
            }
            used += w
            fitEnd = text.index(after: index)
        }
        return String(text[..<fitEnd])
    }
}
