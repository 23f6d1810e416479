/// `palette-tui inspect`: not built yet.
func runInspect(_ args: [String]) async throws -> Int32 {
    printError("palette-tui: 'inspect' is not built yet")
    return 1
}
