import FoundationEssentials
import Glibc

/// A TOML value: the subset of TOML 1.0 a settings file needs, read strictly.
///
/// Everything of TOML 1.0 is read (tables, dotted keys, inline tables, arrays, arrays of tables,
/// all string forms, every integer and float form) except dates and times, which are refused as
/// unsupported rather than misread; integers are 64-bit, and a larger one is an error (TOML asks
/// for that). The rules on redefining keys and tables follow the specification as Python's
/// `tomllib` implements it, which the tests compare against on many documents.
public indirect enum TOMLValue: Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case bool(Bool)
    case array([TOMLValue])
    case table([String: TOMLValue])
}

/// Why a document is not TOML this reader accepts, and where.
public struct TOMLError: Error, Hashable, Sendable {
    public enum Problem: Hashable, Sendable {
        /// A line that is not a key, a `[table]` header or a comment.
        case invalidStatement
        /// Something after a statement on the same line.
        case expectedNewline
        /// A key not followed by `=`.
        case expectedEquals
        /// A key that is neither bare (`A-Za-z0-9_-`) nor quoted.
        case invalidKey
        /// A value that is not a string, number, boolean, array or inline table.
        case invalidValue
        /// A string without its closing quote.
        case unterminatedString
        /// A backslash escape TOML does not have, or a `\u` that is not a character.
        case invalidEscape
        /// A control character where TOML allows none (in a string or a comment).
        case controlCharacter
        /// A key given a second value.
        case duplicateKey(String)
        /// A table declared twice, or a key's table declared again with a header.
        case tableRedefined(String)
        /// A change to an inline table or an array, which are complete as written.
        case immutable(String)
        /// A `[`, `[[`, `{` or `[...]` left open.
        case unclosed
        /// An integer beyond 64 bits.
        case integerOutOfRange
        /// A date or time: valid TOML, not used by these settings.
        case unsupportedDateTime
        /// The line is not UTF-8.
        case invalidUTF8
        /// A key of more parts than `TOMLLimits.keyDepth`, its table's included.
        case keyTooDeep(limit: Int)
        /// Arrays and inline tables more than `TOMLLimits.nesting` deep.
        case nestedTooDeep(limit: Int)
        /// More values than `TOMLLimits.values`: the rest of the document is not read.
        case tooManyValues(limit: Int)
        /// More problems than `TOMLLimits.problems`: the rest of the document is not read.
        case tooManyProblems(limit: Int)
    }

    /// Whether reading stopped here (the rest of the document was not read).
    public var endsReading: Bool {
        switch problem {
        case .tooManyValues, .tooManyProblems: return true
        default: return false
        }
    }

    /// 1-based line and column (in characters) of the problem.
    public var line: Int
    public var column: Int
    public var problem: Problem

    public init(line: Int, column: Int, _ problem: Problem) {
        self.line = line
        self.column = column
        self.problem = problem
    }
}

/// How much of a document the reader takes: enough for any settings file many times over, and
/// small enough that no file can make reading cost more than linear time and memory, or
/// recursion deeper than a few hundred frames.
public enum TOMLLimits {
    /// The most parts a key may have, a table header's parts and a dotted key's together
    /// (`[a.b]` then `c.d = 1` is four). The settings use three.
    public static let keyDepth = 32
    /// The most arrays and inline tables open inside one another.
    public static let nesting = 32
    /// The most values in one document (every key, header, array item and inline-table entry).
    public static let values = 200_000
    /// The most problems reported before the rest of the document is left unread.
    public static let problems = 100
}

/// A document read as far as it could be: what every good statement says, and a problem for
/// each bad one (each skipped whole, so the rest still counts).
public struct TOMLDocument: Sendable {
    /// The top-level table of every statement that was read.
    public var table: [String: TOMLValue]
    /// The line of each key and table header, by full path.
    public var lines: [[String]: Int]
    /// One per bad statement, in the order of the file.
    public var errors: [TOMLError]
    /// The table headers that were refused, by line: the settings under them were not read.
    public var refusedHeaders: Set<Int>
}

/// Reads TOML documents (`TOMLParser.parse`).
public enum TOMLParser {
    /// The document's top-level table; the first problem when it has any.
    public static func parse(_ data: [UInt8]) throws(TOMLError) -> [String: TOMLValue] {
        let document = read(data)
        if let first = document.errors.first { throw first }
        return document.table
    }

    public static func parse(_ text: String) throws(TOMLError) -> [String: TOMLValue] {
        try parse(Array(text.utf8))
    }

    /// The document's top-level table, and the line each key and table header is on (by its
    /// full path), so a setting that is valid TOML but wrong can be reported at its line.
    public static func parseWithLines(_ data: [UInt8]) throws(TOMLError) -> (
        table: [String: TOMLValue], lines: [[String]: Int]
    ) {
        let document = read(data)
        if let first = document.errors.first { throw first }
        return (document.table, document.lines)
    }

    /// Reads every statement it can: a bad one (a line that is not UTF-8, a syntax error, a
    /// duplicate, a limit passed) is recorded and skipped to the end of its line, and reading
    /// goes on with the next line. The settings under a refused table header are skipped too
    /// (they would otherwise land in the table before it). Linear in time and memory.
    public static func read(_ data: [UInt8]) -> TOMLDocument {
        var errors: [TOMLError] = []
        var bytes = normalised(data)
        if String(validating: bytes, as: UTF8.self) == nil {
            blankInvalidLines(&bytes, errors: &errors)
        }
        var reader = Reader(bytes: bytes)
        reader.errors = errors
        let table = reader.document()
        return TOMLDocument(
            table: table, lines: reader.lines, errors: reader.errors.sorted { $0.line < $1.line },
            refusedHeaders: reader.refusedHeaders)
    }

    /// Each line that is not UTF-8 reported and emptied (its newline kept, so lines keep their numbers).
    static func blankInvalidLines(_ bytes: inout [UInt8], errors: inout [TOMLError]) {
        var start = 0
        var line = 1
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            if String(validating: bytes[start..<end], as: UTF8.self) == nil {
                if errors.count < TOMLLimits.problems { errors.append(TOMLError(line: line, column: 1, .invalidUTF8)) }
                for i in start..<end { bytes[i] = 0x20 }
            }
            start = end + 1
            line += 1
        }
    }

    /// CRLF as LF, as TOML reads it; a lone CR stays and is refused where it appears.
    static func normalised(_ data: [UInt8]) -> [UInt8] {
        guard data.contains(0x0D) else { return data }
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        var i = 0
        while i < data.count {
            if data[i] == 0x0D, i + 1 < data.count, data[i + 1] == 0x0A {
                i += 1
                continue
            }
            out.append(data[i])
            i += 1
        }
        return out
    }
}

/// Which rule protects a key path (tomllib's flags).
private enum Flag: Hashable {
    /// Inline tables and arrays, and all inside them.
    case frozen
    /// Declared by a header, or by dotted keys of an earlier section.
    case explicitNest
}

private final class FlagNode {
    var flags: Set<Flag> = []
    var recursive: Set<Flag> = []
    var nested: [String: FlagNode] = [:]
}

private final class Flags {
    let root = FlagNode()
    /// Containers of dotted keys, marked explicit when the next header starts (a set: twenty
    /// thousand `x.kN = 1` lines leave one entry, not twenty thousand).
    var pending: Set<[String]> = []

    func set(_ key: [String], _ flag: Flag, recursive: Bool) {
        var node = root
        for k in key {
            if let next = node.nested[k] {
                node = next
            } else {
                let next = FlagNode()
                node.nested[k] = next
                node = next
            }
        }
        if recursive { node.recursive.insert(flag) } else { node.flags.insert(flag) }
    }

    func unsetAll(_ key: [String]) {
        guard let last = key.last else { return }
        var node = root
        for k in key.dropLast() {
            guard let next = node.nested[k] else { return }
            node = next
        }
        node.nested[last] = nil
    }

    func isSet(_ key: [String], _ flag: Flag) -> Bool {
        guard let last = key.last else { return false }
        var node = root
        for k in key.dropLast() {
            guard let next = node.nested[k] else { return false }
            if next.recursive.contains(flag) { return true }
            node = next
        }
        guard let stem = node.nested[last] else { return false }
        return stem.flags.contains(flag) || stem.recursive.contains(flag)
    }

    func finalizePending() {
        for key in pending { set(key, .explicitNest, recursive: false) }
        pending = []
    }
}

/// Not a place to go: the key names a value that is not a table.
private struct NotANest: Error {}

/// A table being read. Tables are built as objects and made values once at the end, so adding
/// a key never copies the table it goes in (a value-typed table held twice, as a `switch` on it
/// holds it, is copied whole on every change: quadratic in the number of keys).
private final class TableNode {
    enum Entry {
        case value(TOMLValue)
        case table(TableNode)
        /// An array of tables (`[[name]]`), the last one open.
        case tables(TableList)
    }

    final class TableList {
        var items: [TableNode] = []
    }

    var entries: [String: Entry] = [:]

    /// The table at `path`, made as needed when `create`; into the last table of an array of
    /// tables when `accessLists`. Nil when it does not exist and `create` is false; `NotANest`
    /// when a value stands in the way.
    func nest(_ path: ArraySlice<String>, create: Bool, accessLists: Bool) throws(NotANest) -> TableNode? {
        var node = self
        for key in path {
            switch node.entries[key] {
            case nil:
                guard create else { return nil }
                let next = TableNode()
                node.entries[key] = .table(next)
                node = next
            case .table(let next)?:
                node = next
            case .tables(let list)?:
                guard accessLists, let last = list.items.last else { throw NotANest() }
                node = last
            case .value?:
                throw NotANest()
            }
        }
        return node
    }

    /// The table as a value. Recursion as deep as tables nest, which `TOMLLimits.keyDepth` bounds.
    var value: [String: TOMLValue] {
        entries.mapValues { entry in
            switch entry {
            case .value(let value): return value
            case .table(let node): return .table(node.value)
            case .tables(let list): return .array(list.items.map { .table($0.value) })
            }
        }
    }
}

private struct Reader {
    let bytes: [UInt8]
    var pos = 0
    /// The line of each key and header, by full path.
    var lines: [[String]: Int] = [:]
    /// The problems found so far.
    var errors: [TOMLError] = []
    /// The lines of refused table headers.
    var refusedHeaders: Set<Int> = []
    /// Values read so far (`TOMLLimits.values`).
    var values = 0
    /// Where each line after the first starts, for line numbers in logarithmic time.
    let lineStarts: [Int]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts: [Int] = []
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The 1-based line of `position` and where that line starts.
    func lineAndStart(_ position: Int) -> (line: Int, start: Int) {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let mid = (low + high) / 2
            if lineStarts[mid] <= position { low = mid + 1 } else { high = mid }
        }
        return (low + 1, low == 0 ? 0 : lineStarts[low - 1])
    }

    func line(at position: Int) -> Int { lineAndStart(position).line }

    // MARK: Characters

    var current: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    func peek(_ offset: Int) -> UInt8? {
        pos + offset < bytes.count ? bytes[pos + offset] : nil
    }

    func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard pos + count <= bytes.count else { return false }
        let t = text.utf8Start
        for i in 0..<count where bytes[pos + i] != t[i] { return false }
        return true
    }

    func error(_ problem: TOMLError.Problem, at position: Int? = nil) -> TOMLError {
        let at = min(position ?? pos, bytes.count)
        let (line, lineStart) = lineAndStart(at)
        let column = String(decoding: bytes[lineStart..<at], as: UTF8.self).count + 1
        return TOMLError(line: line, column: column, problem)
    }

    /// One more value; past `TOMLLimits.values`, the problem that ends reading.
    mutating func count(at position: Int) throws(TOMLError) {
        values += 1
        if values > TOMLLimits.values { throw error(.tooManyValues(limit: TOMLLimits.values), at: position) }
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    static func isBare(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
    }
    static func isControl(_ b: UInt8) -> Bool { b < 0x20 || b == 0x7F }

    mutating func skipSpaces() {
        while let b = current, Reader.isSpace(b) { pos += 1 }
    }

    mutating func skipSpacesAndNewlines() {
        while let b = current, Reader.isSpace(b) || b == 0x0A { pos += 1 }
    }

    mutating func skipComment() throws(TOMLError) {
        guard current == UInt8(ascii: "#") else { return }
        pos += 1
        while let b = current, b != 0x0A {
            if Reader.isControl(b) && b != 0x09 { throw error(.controlCharacter) }
            pos += 1
        }
    }

    mutating func skipCommentsAndArraySpace() throws(TOMLError) {
        while true {
            let before = pos
            skipSpacesAndNewlines()
            try skipComment()
            if pos == before { return }
        }
    }

    /// Spaces, a comment, then the end of the line (not consumed: a statement found bad after
    /// this is skipped to there) or of the document.
    mutating func endOfStatement() throws(TOMLError) {
        skipSpaces()
        try skipComment()
        guard let next = current else { return }
        if next != 0x0A { throw error(.expectedNewline) }
    }

    /// Past the end of the line `pos` is on (a bad statement's rest).
    mutating func skipLine() {
        while let b = current, b != 0x0A { pos += 1 }
        if current != nil { pos += 1 }
    }

    // MARK: Document

    /// Every statement in turn; a bad one is recorded and skipped to the end of its line.
    mutating func document() -> [String: TOMLValue] {
        let root = TableNode()
        let flags = Flags()
        // nil after a refused header: what follows belongs to no table that was read.
        var header: [String]? = []
        while errors.count < TOMLLimits.problems {
            skipSpaces()
            guard let c = current else { break }
            if c == 0x0A {
                pos += 1
                continue
            }
            let isHeader = c == UInt8(ascii: "[")
            let start = pos
            do throws(TOMLError) {
                if Reader.isBare(c) || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    try keyValue(root, flags: flags, header: header)
                } else if isHeader {
                    flags.finalizePending()
                    header = nil
                    if peek(1) == UInt8(ascii: "[") {
                        header = try arrayTableHeader(root, flags: flags)
                    } else {
                        header = try tableHeader(root, flags: flags)
                    }
                } else if c == UInt8(ascii: "#") {
                    try endOfStatement()
                } else {
                    throw error(.invalidStatement)
                }
                if current != nil { pos += 1 }
            } catch {
                if error.endsReading {
                    errors.append(error)
                    return root.value
                }
                if isHeader { refusedHeaders.insert(line(at: start)) }
                let opened = line(at: start)
                if error.line > opened, error.problem == .unterminatedString || error.problem == .unclosed {
                    // A string or bracket left open runs into the lines after it: the statement
                    // that opened it is the bad line, and reading goes on from the next one, so
                    // the settings below it still apply.
                    errors.append(TOMLError(line: opened, column: 1, error.problem))
                    pos = start
                } else {
                    errors.append(error)
                }
                skipLine()
            }
        }
        if errors.count >= TOMLLimits.problems, pos < bytes.count {
            errors.append(error(.tooManyProblems(limit: TOMLLimits.problems)))
        }
        return root.value
    }

    static func dotted(_ key: [String]) -> String { key.joined(separator: ".") }

    /// `[key]`: checked whole (through the end of its line) before anything changes.
    mutating func tableHeader(_ root: TableNode, flags: Flags) throws(TOMLError) -> [String] {
        let start = pos
        try count(at: start)
        pos += 1
        skipSpaces()
        let key = try self.key(depth: 0)
        if flags.isSet(key, .explicitNest) || flags.isSet(key, .frozen) {
            throw error(.tableRedefined(Reader.dotted(key)), at: start)
        }
        do {
            _ = try root.nest(key[...], create: false, accessLists: true)
        } catch {
            throw self.error(.tableRedefined(Reader.dotted(key)), at: start)
        }
        guard current == UInt8(ascii: "]") else { throw error(.unclosed) }
        pos += 1
        try endOfStatement()
        flags.set(key, .explicitNest, recursive: false)
        lines[key] = line(at: start)
        _ = try? root.nest(key[...], create: true, accessLists: true)
        return key
    }

    /// `[[key]]`, likewise checked whole first.
    mutating func arrayTableHeader(_ root: TableNode, flags: Flags) throws(TOMLError) -> [String] {
        let start = pos
        try count(at: start)
        pos += 2
        skipSpaces()
        let key = try self.key(depth: 0)
        if flags.isSet(key, .frozen) { throw error(.immutable(Reader.dotted(key)), at: start) }
        let last = key[key.count - 1]
        do {
            if let parent = try root.nest(key.dropLast(), create: false, accessLists: true) {
                switch parent.entries[last] {
                case nil, .tables?: break
                default: throw NotANest()
                }
            }
        } catch {
            throw self.error(.tableRedefined(Reader.dotted(key)), at: start)
        }
        guard starts(with: "]]") else { throw error(.unclosed) }
        pos += 2
        try endOfStatement()
        flags.unsetAll(key)
        flags.set(key, .explicitNest, recursive: false)
        lines[key] = line(at: start)
        if let parent = try? root.nest(key.dropLast(), create: true, accessLists: true) {
            if case .tables(let list)? = parent.entries[last] {
                list.items.append(TableNode())
            } else {
                let list = TableNode.TableList()
                list.items.append(TableNode())
                parent.entries[last] = .tables(list)
            }
        }
        return key
    }

    /// `key = value` through the end of its line, checked whole before anything changes; with
    /// no `header` (after a refused one) it is read and checked for syntax only.
    mutating func keyValue(_ root: TableNode, flags: Flags, header: [String]?) throws(TOMLError) {
        let start = pos
        try count(at: start)
        let (key, value) = try keyValuePair(depth: header?.count ?? 0, nesting: 0)
        try endOfStatement()
        guard let header else { return }
        let parent = header + key.dropLast()
        var containers: [[String]] = []
        for i in 1..<key.count {
            let container = header + key[..<i]
            if flags.isSet(container, .explicitNest) {
                throw error(.tableRedefined(Reader.dotted(container)), at: start)
            }
            containers.append(container)
        }
        if flags.isSet(parent, .frozen) { throw error(.immutable(Reader.dotted(parent)), at: start) }
        let stem = key[key.count - 1]
        do {
            if try root.nest(parent[...], create: false, accessLists: true)?.entries[stem] != nil { throw NotANest() }
        } catch {
            throw self.error(.duplicateKey(Reader.dotted(header + key)), at: start)
        }
        flags.pending.formUnion(containers)
        (try? root.nest(parent[...], create: true, accessLists: true))?.entries[stem] = .value(value)
        let here = line(at: start)
        // A table made by a dotted key is on the line that first made it.
        for container in containers where lines[container] == nil { lines[container] = here }
        lines[header + key] = here
        switch value {
        case .table, .array: flags.set(header + key, .frozen, recursive: true)
        default: break
        }
    }

    /// A key, `=` and a value; `depth` is the parts of the key path so far (the header's).
    mutating func keyValuePair(depth: Int, nesting: Int) throws(TOMLError) -> ([String], TOMLValue) {
        let key = try self.key(depth: depth)
        skipSpaces()
        guard current == UInt8(ascii: "=") else { throw error(.expectedEquals) }
        pos += 1
        skipSpaces()
        return (key, try value(nesting: nesting))
    }

    // MARK: Keys

    /// A dotted key; `depth` parts of its path come before it (a header's), and the whole may
    /// have at most `TOMLLimits.keyDepth`.
    mutating func key(depth: Int) throws(TOMLError) -> [String] {
        var parts = [try keyPart()]
        while true {
            skipSpaces()
            guard current == UInt8(ascii: ".") else { break }
            if depth + parts.count >= TOMLLimits.keyDepth {
                throw error(.keyTooDeep(limit: TOMLLimits.keyDepth))
            }
            pos += 1
            skipSpaces()
            parts.append(try keyPart())
        }
        if depth + parts.count > TOMLLimits.keyDepth { throw error(.keyTooDeep(limit: TOMLLimits.keyDepth)) }
        return parts
    }

    mutating func keyPart() throws(TOMLError) -> String {
        guard let c = current else { throw error(.invalidKey) }
        if Reader.isBare(c) {
            let start = pos
            while let b = current, Reader.isBare(b) { pos += 1 }
            return String(decoding: bytes[start..<pos], as: UTF8.self)
        }
        if c == UInt8(ascii: "'") { return try literalString() }
        if c == UInt8(ascii: "\"") { return try basicString(multiline: false) }
        throw error(.invalidKey)
    }

    // MARK: Values

    /// A value inside `nesting` arrays and inline tables.
    mutating func value(nesting: Int) throws(TOMLError) -> TOMLValue {
        guard let c = current else { throw error(.invalidValue) }
        switch c {
        case UInt8(ascii: "\""):
            if starts(with: "\"\"\"") { return .string(try multilineString(literal: false)) }
            return .string(try basicString(multiline: false))
        case UInt8(ascii: "'"):
            if starts(with: "'''") { return .string(try multilineString(literal: true)) }
            return .string(try literalString())
        case UInt8(ascii: "t"):
            if starts(with: "true") {
                pos += 4
                return .bool(true)
            }
        case UInt8(ascii: "f"):
            if starts(with: "false") {
                pos += 5
                return .bool(false)
            }
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            if nesting >= TOMLLimits.nesting { throw error(.nestedTooDeep(limit: TOMLLimits.nesting)) }
            return c == UInt8(ascii: "[") ? try array(nesting: nesting + 1) : try inlineTable(nesting: nesting + 1)
        default:
            break
        }
        if looksLikeDateTime() { throw error(.unsupportedDateTime) }
        if let number = try number() { return number }
        let specials: [(StaticString, Double)] = [
            ("inf", .infinity), ("nan", .nan), ("+inf", .infinity), ("-inf", -.infinity), ("+nan", .nan),
            ("-nan", .nan),
        ]
        for (special, value) in specials where starts(with: special) {
            pos += special.utf8CodeUnitCount
            return .float(value)
        }
        throw error(.invalidValue)
    }

    /// `YYYY-MM-DD...` or `HH:MM:SS...`, which tomllib reads before numbers.
    func looksLikeDateTime() -> Bool {
        func digit(_ i: Int) -> Bool { peek(i).map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if digit(0), digit(1), digit(2), digit(3), peek(4) == UInt8(ascii: "-"), digit(5), digit(6) { return true }
        if digit(0), digit(1), peek(2) == UInt8(ascii: ":"), digit(3), digit(4) { return true }
        return false
    }

    /// An integer or float as tomllib's number pattern reads it, or nil when none starts here.
    mutating func number() throws(TOMLError) -> TOMLValue? {
        let start = pos
        func digits(_ allowed: (UInt8) -> Bool) -> Bool {
            guard let b = current, allowed(b) else { return false }
            pos += 1
            while true {
                if current == UInt8(ascii: "_"), let n = peek(1), allowed(n) {
                    pos += 2
                } else if let b = current, allowed(b) {
                    pos += 1
                } else {
                    return true
                }
            }
        }
        let decimal: (UInt8) -> Bool = { $0 >= 0x30 && $0 <= 0x39 }
        if current == UInt8(ascii: "0"), let p = peek(1) {
            let radix: (Int, (UInt8) -> Bool)?
            switch p {
            case UInt8(ascii: "x"):
                radix = (16, { decimal($0) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66) })
            case UInt8(ascii: "o"): radix = (8, { $0 >= 0x30 && $0 <= 0x37 })
            case UInt8(ascii: "b"): radix = (2, { $0 == 0x30 || $0 == 0x31 })
            default: radix = nil
            }
            if let (base, allowed) = radix {
                pos += 2
                let digitsStart = pos
                if digits(allowed) {
                    let text = String(decoding: bytes[digitsStart..<pos], as: UTF8.self).replacingAll(
                        "_", with: "")
                    guard let value = Int64(text, radix: base) else { throw error(.integerOutOfRange, at: start) }
                    return .integer(value)
                }
                pos = start
            }
        }
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { pos += 1 }
        if current == UInt8(ascii: "0") {
            pos += 1
        } else if current.map({ $0 >= 0x31 && $0 <= 0x39 }) ?? false {
            _ = digits(decimal)
        } else {
            pos = start
            return nil
        }
        var isFloat = false
        if current == UInt8(ascii: "."), let n = peek(1), decimal(n) {
            pos += 1
            _ = digits(decimal)
            isFloat = true
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            let mark = pos
            pos += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { pos += 1 }
            if digits(decimal) { isFloat = true } else { pos = mark }
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self).replacingAll("_", with: "")
        if isFloat {
            guard let value = Double(text) else { throw error(.invalidValue, at: start) }
            return .float(value)
        }
        guard let value = Int64(text) else { throw error(.integerOutOfRange, at: start) }
        return .integer(value)
    }

    mutating func array(nesting: Int) throws(TOMLError) -> TOMLValue {
        pos += 1
        var items: [TOMLValue] = []
        try skipCommentsAndArraySpace()
        if current == UInt8(ascii: "]") {
            pos += 1
            return .array(items)
        }
        while true {
            try count(at: pos)
            items.append(try value(nesting: nesting))
            try skipCommentsAndArraySpace()
            guard let c = current else { throw error(.unclosed) }
            if c == UInt8(ascii: "]") {
                pos += 1
                return .array(items)
            }
            guard c == UInt8(ascii: ",") else { throw error(.unclosed) }
            pos += 1
            try skipCommentsAndArraySpace()
            if current == UInt8(ascii: "]") {
                pos += 1
                return .array(items)
            }
        }
    }

    mutating func inlineTable(nesting: Int) throws(TOMLError) -> TOMLValue {
        pos += 1
        let table = TableNode()
        let flags = Flags()
        skipSpaces()
        if current == UInt8(ascii: "}") {
            pos += 1
            return .table([:])
        }
        while true {
            let start = pos
            try count(at: start)
            let (key, value) = try keyValuePair(depth: 0, nesting: nesting)
            if flags.isSet(key, .frozen) { throw error(.immutable(Reader.dotted(key)), at: start) }
            let stem = key[key.count - 1]
            do {
                guard let nest = try table.nest(key.dropLast(), create: true, accessLists: false),
                    nest.entries[stem] == nil
                else { throw NotANest() }
                nest.entries[stem] = .value(value)
            } catch {
                throw self.error(.duplicateKey(Reader.dotted(key)), at: start)
            }
            skipSpaces()
            guard let c = current else { throw error(.unclosed) }
            if c == UInt8(ascii: "}") {
                pos += 1
                return .table(table.value)
            }
            guard c == UInt8(ascii: ",") else { throw error(.unclosed) }
            switch value {
            case .table, .array: flags.set(key, .frozen, recursive: true)
            default: break
            }
            pos += 1
            skipSpaces()
        }
    }

    // MARK: Strings

    mutating func literalString() throws(TOMLError) -> String {
        pos += 1
        let start = pos
        while true {
            guard let b = current else { throw error(.unterminatedString) }
            if b == UInt8(ascii: "'") { break }
            if Reader.isControl(b) && b != 0x09 {
                throw error(b == 0x0A ? .unterminatedString : .controlCharacter)
            }
            pos += 1
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        pos += 1
        return text
    }

    mutating func multilineString(literal: Bool) throws(TOMLError) -> String {
        pos += 3
        if current == 0x0A { pos += 1 }
        var result: String
        let delimiter: UInt8 = literal ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        if literal {
            let start = pos
            while true {
                guard let b = current else { throw error(.unterminatedString) }
                if starts(with: "'''") { break }
                if Reader.isControl(b) && b != 0x09 && b != 0x0A { throw error(.controlCharacter) }
                pos += 1
            }
            result = String(decoding: bytes[start..<pos], as: UTF8.self)
            pos += 3
        } else {
            result = try basicString(multiline: true)
        }
        if current == delimiter {
            pos += 1
            result.append(Character(Unicode.Scalar(delimiter)))
            if current == delimiter {
                pos += 1
                result.append(Character(Unicode.Scalar(delimiter)))
            }
        }
        return result
    }

    /// A basic string after its opening quote(s); for `multiline` the opening `"""` is already
    /// consumed and the closing one is consumed here.
    mutating func basicString(multiline: Bool) throws(TOMLError) -> String {
        if !multiline { pos += 1 }
        var out: [UInt8] = []
        while true {
            guard let b = current else { throw error(.unterminatedString) }
            if b == UInt8(ascii: "\"") {
                if !multiline {
                    pos += 1
                    break
                }
                if starts(with: "\"\"\"") {
                    pos += 3
                    break
                }
                out.append(b)
                pos += 1
                continue
            }
            if b == UInt8(ascii: "\\") {
                try escape(into: &out, multiline: multiline)
                continue
            }
            if Reader.isControl(b) && b != 0x09 && !(multiline && b == 0x0A) {
                throw error(b == 0x0A ? .unterminatedString : .controlCharacter)
            }
            out.append(b)
            pos += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func escape(into out: inout [UInt8], multiline: Bool) throws(TOMLError) {
        let start = pos
        guard let id = peek(1) else { throw error(.invalidEscape) }
        pos += 2
        if multiline && (id == 0x20 || id == 0x09 || id == 0x0A) {
            if id != 0x0A {
                skipSpaces()
                guard let c = current else { return }
                if c != 0x0A { throw error(.invalidEscape, at: start) }
                pos += 1
            }
            skipSpacesAndNewlines()
            return
        }
        switch id {
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = id == UInt8(ascii: "u") ? 4 : 8
            guard pos + count <= bytes.count else { throw error(.invalidEscape, at: start) }
            let hex = bytes[pos..<(pos + count)]
            let isHex: (UInt8) -> Bool = {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66)
            }
            guard hex.allSatisfy(isHex), let code = UInt32(String(decoding: hex, as: UTF8.self), radix: 16),
                let scalar = Unicode.Scalar(code)
            else { throw error(.invalidEscape, at: start) }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            pos += count
        default:
            throw error(.invalidEscape, at: start)
        }
    }
}
