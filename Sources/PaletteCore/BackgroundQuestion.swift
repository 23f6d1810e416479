/// Asking a terminal for its background colour: OSC 11 with `?`, a DA1 query behind it as the
/// sentinel (every terminal answers DA1, so its answer says OSC 11 got none), and the answer's
/// colour. Pure bytes: `palette-tui apply` and the app's screen write and read them.
public enum BackgroundQuestion {
    /// The longest the answer is waited for (`apply`), or taken at all (the app).
    public static let deadline: Duration = .milliseconds(100)

    /// `ESC ] 11 ; ? ESC \` then `ESC [ c`. Inside tmux the OSC 11 query goes twice: as it is,
    /// which tmux answers itself when it knows the pane's colour (3.3a: only once a
    /// window-style or an OSC 11 set it; 3.4 and later ask the outer terminal), and wrapped in
    /// tmux's passthrough (`ESC P tmux; …`), which 3.3a hands to the outer terminal with
    /// `allow-passthrough on` and gives its answer to the pane (after tmux's own DA1 answer),
    /// and which tmux drops without it.
    public static func query(insideTmux: Bool = false) -> [UInt8] {
        let osc11 = "\u{1B}]11;?\u{1B}\\"
        var text = osc11
        if insideTmux {
            // Every ESC inside the passthrough doubled.
            text += "\u{1B}Ptmux;\u{1B}\u{1B}]11;?\u{1B}\u{1B}\\\u{1B}\\"
        }
        text += "\u{1B}[c"
        return Array(text.utf8)
    }

    /// The colour of an OSC 11 answer's body (between `ESC ]` and its terminator):
    /// `11;rgb:RRRR/GGGG/BBBB`, 1 to 4 hex digits a component as XParseColor reads them, or
    /// `rgba:` with an alpha that is ignored.
    public static func colour<Body: Collection<UInt8>>(answer body: Body) -> RGB? {
        var bytes = Array(body)
        guard bytes.starts(with: Array("11;".utf8)) else { return nil }
        bytes.removeFirst(3)
        if bytes.starts(with: Array("rgba:".utf8)) {
            bytes.removeFirst(5)
        } else if bytes.starts(with: Array("rgb:".utf8)) {
            bytes.removeFirst(4)
        } else {
            return nil
        }
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        var values: [UInt8] = []
        for part in parts.prefix(3) {
            guard (1...4).contains(part.count), let v = UInt32(String(decoding: part, as: UTF8.self), radix: 16)
            else { return nil }
            let max = (UInt32(1) << (4 * UInt32(part.count))) - 1
            values.append(UInt8((v * 255 + max / 2) / max))
        }
        return RGB(r: values[0], g: values[1], b: values[2])
    }
}
