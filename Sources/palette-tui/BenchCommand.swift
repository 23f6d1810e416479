/// `palette-tui __bench`: in-process measurements for `make bench` (hidden). Not built yet.
func runBench(_ args: [String]) async throws -> Int32 {
    printError("palette-tui: '__bench' is not built yet")
    return 1
}
