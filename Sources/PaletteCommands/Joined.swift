extension RandomAccessCollection where Element == String {
    /// The elements with `separator` between them, as the standard library's `joined(separator:)`
    /// gives them, compiled in this module for the arrays and slices it joins. The standard
    /// library's is generic code: the first time it runs it looks the collection's associated
    /// types up by name (a demangling and a search of every protocol conformance in the binary),
    /// and the command table builds its help text before the app's first frame (about 0.15 ms).
    func joined(separator: String) -> String {
        var result = ""
        var first = true
        for element in self {
            if !first { result += separator }
            result += element
            first = false
        }
        return result
    }
}
