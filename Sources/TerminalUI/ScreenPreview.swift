/// The theme preview takes the whole terminal for a moment: raw output drawn over the app's
/// frame, after new colours (OSC 4, 10, 11, 12). `TerminalReset` remembers that the colours
/// changed, so leaving the preview, a suspend, a quit, a quit signal and a crash all put the
/// terminal's own colours back (OSC 104, 110, 111, 112).
extension Screen {
    /// Sends `colours` (the terminal's new palette; empty to change none), then `screen`, with
    /// the cursor hidden. The next `draw` after `endPreview` repaints every cell.
    public func showPreview(colours: [UInt8], screen: [UInt8]) {
        guard !isClosed else { return }
        restoreNormalLook()
        hideCursor()
        if !colours.isEmpty {
            TerminalReset.markColoursChanged()
            Screen.writeAll(colours)
        }
        Screen.writeAll(screen)
        invalidate()
    }

    /// Gives the terminal its own colours back (if the preview changed them); the next `draw`
    /// repaints the app in full.
    public func endPreview() {
        guard !isClosed else { return }
        TerminalReset.restoreColours()
        invalidate()
    }
}
