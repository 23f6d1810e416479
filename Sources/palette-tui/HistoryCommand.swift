import PaletteCore

/// `palette-tui history`: not built yet.
func runHistory(_ args: [String]) async throws -> Int32 {
    printError("palette-tui: 'history' is not built yet")
    return 1
}

/// Option names every command that writes history accepts (`--history FILE`, `--no-history`).
let historyValuedOptions: Set<String> = ["history"]
let historyBooleanOptions: Set<String> = ["no-history"]

/// Records a generated palette in the history file chosen by the options and environment.
///
/// Returns a one-line warning when the palette could not be saved (the command still succeeds).
/// Provisional: the durable store replaces this body.
func recordGenerated(_ result: GeneratedPalette, description: String, arguments: Arguments,
                     environment: [String: String]) -> String? {
    nil
}
