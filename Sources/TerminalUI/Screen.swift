import CNcurses
import PaletteApp

/// The ncurses screen: the only type in the project that talks to the terminal.
public final class Screen {
    public init() {}
}
