import PaletteCore

/// libFuzzer entry point for the settings file reader, built by `make fuzz` together with
/// PaletteConfig's sources, on PaletteCore.
///
/// The input is a `config.toml`. It must be read without a crash, a hang or a sanitizer report
/// (deep nesting, long keys and many values are limits, not stack or memory exhaustion); the
/// reading that goes on after bad lines must agree with the strict one (no problem exactly
/// when the strict reader accepts, and then the same table); every problem must name a line of
/// the file, in order, at most `TOMLLimits.problems` + 1 of them; the settings check must answer
/// for whatever the reader kept; and masking the URL secrets of the text must leave text
/// without a URL as it was and be stable when done twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTOMLReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document = TOMLParser.read(bytes)
    let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    precondition(document.errors.count <= TOMLLimits.problems + 1, "\(document.errors.count) problems")
    var previous = 0
    for error in document.errors {
        precondition(error.line >= 1 && error.line <= lineCount, "line \(error.line) of \(lineCount)")
        precondition(error.line >= previous, "problems out of order")
        precondition(error.column >= 1, "column \(error.column)")
        previous = error.line
    }
    let strict: [String: TOMLValue]? = try? TOMLParser.parse(bytes)
    if document.errors.isEmpty {
        precondition(strict != nil, "the strict reader refused what reading accepted")
        precondition(strict.map { equal(.table($0), .table(document.table)) } ?? false, "a different table")
    } else {
        precondition(strict == nil, "the strict reader accepted a document with problems")
    }
    let reading = ConfigFile.reading(bytes, path: "config.toml", providers: providers)
    for problem in reading.problems {
        precondition(problem.line >= 0 && problem.line <= lineCount, "setting problem at line \(problem.line)")
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let masked = URLSecrets.masked(text)
    if !text.contains("://") { precondition(masked == text, "text without a URL changed") }
    precondition(URLSecrets.masked(masked) == masked, "masking twice changed the text")
    let endpoint = URLSecrets.masked(text, endpoint: true)
    precondition(URLSecrets.masked(endpoint, endpoint: true) == endpoint, "masking an endpoint twice changed it")
    return 0
}

/// Equality where NaN equals NaN (`nan` is a valid TOML float).
private func equal(_ a: TOMLValue, _ b: TOMLValue) -> Bool {
    switch (a, b) {
    case (.float(let x), .float(let y)): return x == y || (x.isNaN && y.isNaN)
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
    case (.table(let x), .table(let y)):
        return x.count == y.count && x.allSatisfy { key, value in y[key].map { equal(value, $0) } ?? false }
    default: return a == b
    }
}

/// The program's provider ids, as the settings check takes them.
private let providers = [
    ProviderFacts(id: "offline", label: "offline", configuredBy: []),
    ProviderFacts(id: "gemini", label: "Gemini", configuredBy: [.key]),
    ProviderFacts(id: "openai", label: "openai", configuredBy: [.key, .endpoint]),
    ProviderFacts(id: "ollama", label: "Ollama", configuredBy: [.endpoint, .section]),
]
