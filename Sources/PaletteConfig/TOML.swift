import Foundation

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
        /// The file is not UTF-8.
        case invalidUTF8
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

/// Reads TOML documents (`TOMLParser.parse`).
public enum TOMLParser {
    /// The document's top-level table.
    public static func parse(_ data: [UInt8]) throws(TOMLError) -> [String: TOMLValue] {
        guard String(validating: data, as: UTF8.self) != nil else {
            throw TOMLError(line: 1, column: 1, .invalidUTF8)
        }
        var reader = Reader(bytes: normalised(data))
        return try reader.document()
    }

    public static func parse(_ text: String) throws(TOMLError) -> [String: TOMLValue] {
        try parse(Array(text.utf8))
    }

    /// The document's top-level table, and the line each key and table header is on (by its
    /// full path), so a setting that is valid TOML but wrong can be reported at its line.
    public static func parseWithLines(_ data: [UInt8]) throws(TOMLError) -> (
        table: [String: TOMLValue], lines: [[String]: Int]
    ) {
        guard String(validating: data, as: UTF8.self) != nil else {
            throw TOMLError(line: 1, column: 1, .invalidUTF8)
        }
        var reader = Reader(bytes: normalised(data))
        let table = try reader.document()
        return (table, reader.lines)
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
    var pending: [([String], Flag)] = []

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
        for (key, flag) in pending { set(key, flag, recursive: false) }
        pending = []
    }
}

/// Not a place to go: the key names a value that is not a table.
private struct NotANest: Error {}

/// Walks `path` from `table`, making tables as needed (and the last table of an array of
/// tables when `accessLists`), then runs `body` on the table at the end.
private func withNest<R>(
    _ path: ArraySlice<String>, in table: inout [String: TOMLValue], accessLists: Bool,
    _ body: (inout [String: TOMLValue]) throws -> R
) throws -> R {
    guard let first = path.first else { return try body(&table) }
    let rest = path.dropFirst()
    switch table[first] {
    case nil:
        var inner: [String: TOMLValue] = [:]
        let result = try withNest(rest, in: &inner, accessLists: accessLists, body)
        table[first] = .table(inner)
        return result
    case .table(var inner)?:
        table[first] = nil
        defer { table[first] = .table(inner) }
        return try withNest(rest, in: &inner, accessLists: accessLists, body)
    case .array(var items)? where accessLists:
        guard case .table(var inner)? = items.last else { throw NotANest() }
        table[first] = nil
        defer {
            items[items.count - 1] = .table(inner)
            table[first] = .array(items)
        }
        return try withNest(rest, in: &inner, accessLists: accessLists, body)
    default:
        throw NotANest()
    }
}

private struct Reader {
    let bytes: [UInt8]
    var pos = 0
    /// The line of each key and header, by full path.
    var lines: [[String]: Int] = [:]

    func line(at position: Int) -> Int {
        var line = 1
        for i in 0..<min(position, bytes.count) where bytes[i] == 0x0A { line += 1 }
        return line
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Characters

    var current: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    func peek(_ offset: Int) -> UInt8? {
        pos + offset < bytes.count ? bytes[pos + offset] : nil
    }

    func starts(with text: String) -> Bool {
        let t = Array(text.utf8)
        return pos + t.count <= bytes.count && Array(bytes[pos..<(pos + t.count)]) == t
    }

    func error(_ problem: TOMLError.Problem, at position: Int? = nil) -> TOMLError {
        let at = min(position ?? pos, bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<at where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        let column = String(decoding: bytes[lineStart..<at], as: UTF8.self).count + 1
        return TOMLError(line: line, column: column, problem)
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

    // MARK: Document

    mutating func document() throws(TOMLError) -> [String: TOMLValue] {
        var root: [String: TOMLValue] = [:]
        let flags = Flags()
        var header: [String] = []
        while true {
            skipSpaces()
            guard let c = current else { break }
            if c == 0x0A {
                pos += 1
                continue
            }
            if Reader.isBare(c) || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                try keyValue(&root, flags: flags, header: header)
                skipSpaces()
            } else if c == UInt8(ascii: "[") {
                flags.finalizePending()
                if peek(1) == UInt8(ascii: "[") {
                    header = try arrayTableHeader(&root, flags: flags)
                } else {
                    header = try tableHeader(&root, flags: flags)
                }
                skipSpaces()
            } else if c != UInt8(ascii: "#") {
                throw error(.invalidStatement)
            }
            try skipComment()
            guard let next = current else { break }
            if next != 0x0A { throw error(.expectedNewline) }
            pos += 1
        }
        return root
    }

    static func dotted(_ key: [String]) -> String { key.joined(separator: ".") }

    mutating func tableHeader(_ root: inout [String: TOMLValue], flags: Flags) throws(TOMLError) -> [String] {
        let start = pos
        pos += 1
        skipSpaces()
        let key = try self.key()
        if flags.isSet(key, .explicitNest) || flags.isSet(key, .frozen) {
            throw error(.tableRedefined(Reader.dotted(key)), at: start)
        }
        flags.set(key, .explicitNest, recursive: false)
        lines[key] = line(at: start)
        do {
            try withNest(key[...], in: &root, accessLists: true) { _ in }
        } catch {
            throw self.error(.tableRedefined(Reader.dotted(key)), at: start)
        }
        guard current == UInt8(ascii: "]") else { throw error(.unclosed) }
        pos += 1
        return key
    }

    mutating func arrayTableHeader(_ root: inout [String: TOMLValue], flags: Flags) throws(TOMLError) -> [String] {
        let start = pos
        pos += 2
        skipSpaces()
        let key = try self.key()
        if flags.isSet(key, .frozen) { throw error(.immutable(Reader.dotted(key)), at: start) }
        flags.unsetAll(key)
        flags.set(key, .explicitNest, recursive: false)
        do {
            try withNest(key.dropLast(), in: &root, accessLists: true) { table in
                let last = key[key.count - 1]
                switch table[last] {
                case nil: table[last] = .array([.table([:])])
                case .array(var items)?:
                    items.append(.table([:]))
                    table[last] = .array(items)
                default: throw NotANest()
                }
            }
        } catch {
            throw self.error(.tableRedefined(Reader.dotted(key)), at: start)
        }
        guard starts(with: "]]") else { throw error(.unclosed) }
        pos += 2
        return key
    }

    mutating func keyValue(_ root: inout [String: TOMLValue], flags: Flags, header: [String]) throws(TOMLError) {
        let start = pos
        let (key, value) = try keyValuePair()
        let parent = header + key.dropLast()
        for i in 1..<key.count {
            let container = header + key[..<i]
            if flags.isSet(container, .explicitNest) {
                throw error(.tableRedefined(Reader.dotted(container)), at: start)
            }
            flags.pending.append((container, .explicitNest))
        }
        if flags.isSet(parent, .frozen) { throw error(.immutable(Reader.dotted(parent)), at: start) }
        let stem = key[key.count - 1]
        var duplicate = false
        do {
            try withNest(parent[...], in: &root, accessLists: true) { table in
                if table[stem] != nil {
                    duplicate = true
                    return
                }
                table[stem] = value
            }
        } catch {
            throw self.error(.duplicateKey(Reader.dotted(header + key)), at: start)
        }
        if duplicate { throw error(.duplicateKey(Reader.dotted(header + key)), at: start) }
        lines[header + key] = line(at: start)
        switch value {
        case .table, .array: flags.set(header + key, .frozen, recursive: true)
        default: break
        }
    }

    mutating func keyValuePair() throws(TOMLError) -> ([String], TOMLValue) {
        let key = try self.key()
        skipSpaces()
        guard current == UInt8(ascii: "=") else { throw error(.expectedEquals) }
        pos += 1
        skipSpaces()
        return (key, try value())
    }

    // MARK: Keys

    mutating func key() throws(TOMLError) -> [String] {
        var parts = [try keyPart()]
        while true {
            skipSpaces()
            guard current == UInt8(ascii: ".") else { return parts }
            pos += 1
            skipSpaces()
            parts.append(try keyPart())
        }
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

    mutating func value() throws(TOMLError) -> TOMLValue {
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
        case UInt8(ascii: "["):
            return try array()
        case UInt8(ascii: "{"):
            return try inlineTable()
        default:
            break
        }
        if looksLikeDateTime() { throw error(.unsupportedDateTime) }
        if let number = try number() { return number }
        for special in ["inf", "nan", "+inf", "-inf", "+nan", "-nan"] where starts(with: special) {
            pos += special.utf8.count
            let negative = special.hasPrefix("-")
            if special.hasSuffix("inf") { return .float(negative ? -.infinity : .infinity) }
            return .float(.nan)
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
                    let text = String(decoding: bytes[digitsStart..<pos], as: UTF8.self).replacingOccurrences(
                        of: "_", with: "")
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
        let text = String(decoding: bytes[start..<pos], as: UTF8.self).replacingOccurrences(of: "_", with: "")
        if isFloat {
            guard let value = Double(text) else { throw error(.invalidValue, at: start) }
            return .float(value)
        }
        guard let value = Int64(text) else { throw error(.integerOutOfRange, at: start) }
        return .integer(value)
    }

    mutating func array() throws(TOMLError) -> TOMLValue {
        pos += 1
        var items: [TOMLValue] = []
        try skipCommentsAndArraySpace()
        if current == UInt8(ascii: "]") {
            pos += 1
            return .array(items)
        }
        while true {
            items.append(try value())
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

    mutating func inlineTable() throws(TOMLError) -> TOMLValue {
        pos += 1
        var table: [String: TOMLValue] = [:]
        let flags = Flags()
        skipSpaces()
        if current == UInt8(ascii: "}") {
            pos += 1
            return .table(table)
        }
        while true {
            let start = pos
            let (key, value) = try keyValuePair()
            if flags.isSet(key, .frozen) { throw error(.immutable(Reader.dotted(key)), at: start) }
            let stem = key[key.count - 1]
            var duplicate = false
            do {
                try withNest(key.dropLast(), in: &table, accessLists: false) { nest in
                    if nest[stem] != nil {
                        duplicate = true
                        return
                    }
                    nest[stem] = value
                }
            } catch {
                throw self.error(.duplicateKey(Reader.dotted(key)), at: start)
            }
            if duplicate { throw error(.duplicateKey(Reader.dotted(key)), at: start) }
            skipSpaces()
            guard let c = current else { throw error(.unclosed) }
            if c == UInt8(ascii: "}") {
                pos += 1
                return .table(table)
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
