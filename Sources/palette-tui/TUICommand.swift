/// The interactive app (no command): not built yet.
func runTUI(_ args: [String]) async throws -> Int32 {
    printError("palette-tui: the interactive app is not built yet; try 'palette-tui generate'")
    return 1
}
