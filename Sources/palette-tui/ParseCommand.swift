/// `palette-tui parse`: not built yet.
func runParse(_ args: [String]) async throws -> Int32 {
    printError("palette-tui: 'parse' is not built yet")
    return 1
}
