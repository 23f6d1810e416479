import PaletteCore

/// A decoded key press, independent of ncurses. TerminalUI produces these; the reducer consumes them.
public enum Key: Hashable, Sendable {
    /// A printable character (CJK and emoji included).
    case character(Character)
    /// Ctrl plus a letter, lower case: `.control("a")` for Ctrl-A.
    case control(Character)
    /// Alt (Meta) plus a printable character, sent as Esc then the character: `.alt("b")`.
    case alt(Character)
    /// Alt-Backspace (Esc then DEL or BS).
    case altBackspace
    /// Ctrl-Left / Ctrl-Right (`ESC[1;5D`, `ESC[1;5C`, rxvt's `ESC Od`, `ESC Oc`).
    case controlLeft, controlRight
    /// A whole bracketed paste, collected between the paste start and end markers.
    case paste(String)
    case enter, tab, backTab, escape, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)
    /// Anything else the terminal sent; ignored by the reducer.
    case unknown(Int32)
}

extension Key {
    /// The key after the Esc, for a key whose bytes are Esc and that key (`.alt("q")` is Esc
    /// then `q`); nil for every other key.
    ///
    /// A terminal sends Alt-q as Esc and q in one write, and Esc then q typed while the app is
    /// busy (or over a slow link) reaches it in one read too: the bytes cannot tell them apart.
    /// Where Alt and that key mean nothing, the reducer takes them as the two keys
    /// (docs/decisions.md, "Esc and a key in one read").
    public var keyAfterEscape: Key? {
        switch self {
        case .alt(let c): return .character(c)
        case .altBackspace: return .backspace
        default: return nil
        }
    }
}

/// What the runtime gets from the terminal: a key for the reducer, a size change, or the
/// terminal's background colour (its answer to the OSC 11 query, taken within the deadline).
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case resize
    case background(RGB)
}
