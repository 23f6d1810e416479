/// `palette-tui generate`: not built yet.
func runGenerate(_ args: [String]) async throws -> Int32 {
    printError("palette-tui: 'generate' is not built yet")
    return 1
}
