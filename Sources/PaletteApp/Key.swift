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
