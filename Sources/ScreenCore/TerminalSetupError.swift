/// A setup problem of the interactive app the user can fix, typed; TerminalUI throws it and
/// PaletteText words it (`Messages.terminalSetup`), in the user's language.
public enum TerminalSetupError: Error, Equatable, Sendable {
    case invalidChoice(option: String, value: String, choices: [String])
    case notATerminal
    case unknownTerminal(String?)
    case noCursorAddressing(String)
}
