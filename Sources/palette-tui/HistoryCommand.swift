/// `palette-tui history`: not built yet.
func runHistory(_ args: [String]) async throws -> Int32 {
    printError("palette-tui: 'history' is not built yet")
    return 1
}
