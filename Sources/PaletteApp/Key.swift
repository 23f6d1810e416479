/// A decoded key press, independent of ncurses. TerminalUI produces these; the reducer consumes them.
public enum Key: Hashable, Sendable {
    /// A printable character (CJK and emoji included).
    case character(Character)
    /// Ctrl plus a letter, lower case: `.control("a")` for Ctrl-A.
    case control(Character)
    /// A whole bracketed paste, collected between the paste start and end markers.
    case paste(String)
    case enter, tab, backTab, escape, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)
    /// Anything else the terminal sent; ignored by the reducer.
    case unknown(Int32)
}
