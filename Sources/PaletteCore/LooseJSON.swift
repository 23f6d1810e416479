/// A JSON value as the lenient scanner read it from a model's text.
///
/// Unquoted tokens are kept apart from strings so `[123, 456, 789]` is not read as three
/// colours, while `[#2E86AB, #A23B72, #F18F01]` is.
indirect enum LooseValue: Equatable {
    case string(String)
    /// An unquoted token that is neither a number nor `true`/`false`/`null`.
    case bare(String)
    case number(String)
    case literal(String)
    case array([LooseValue])
    case object([LooseMember])

    /// The text a colour would be parsed from: strings and bare tokens as they are, anything
    /// else as a short stand-in so the error message can say what was there instead.
    var displayText: String {
        switch self {
        case .string(let s), .bare(let s), .number(let s), .literal(let s): return s
        case .array: return "[…]"
        case .object: return "{…}"
        }
    }
}

/// One `key: value` pair of an object, in source order (keys may repeat).
struct LooseMember: Equatable {
    var key: String
    var value: LooseValue
}

/// Finds every JSON array and object in free text, in one pass, tolerating model habits.
///
/// Beyond strict JSON it accepts single-quoted strings, unquoted keys and values, trailing
/// commas, `;` between members and `//` or `/* */` comments. Text outside brackets is
/// skipped. On a syntax error every open container is dropped and scanning resumes at the
/// offending byte, so each byte is looked at a bounded number of times: the scan is linear
/// however the input is built. Containers that closed before the error stay found.
struct LooseJSONScanner {
    /// Deeper nesting is treated as a syntax error; it bounds memory and no palette needs it.
    static let maxDepth = 64

    private enum Expect {
        case value, key, colon, separator
    }

    private struct Frame {
        var isObject: Bool
        var slot: Int
        var expect: Expect
        var elements: [LooseValue] = []
        var members: [LooseMember] = []
        var pendingKey = ""
    }

    private let bytes: [UInt8]
    private var stack: [Frame] = []
    /// One slot per opened container, in order of their opening brackets; nil when dropped.
    private var slots: [LooseValue?] = []

    /// Every container that closed, outermost first among nested ones, in document order.
    static func containers(in text: String) -> [LooseValue] {
        var scanner = LooseJSONScanner(bytes: Array(text.utf8))
        scanner.run()
        return scanner.slots.compactMap { $0 }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Main loop

    private mutating func run() {
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if stack.isEmpty {
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { open(c) }
                i += 1
                continue
            }
            switch step(at: i) {
            case .next(let next):
                i = next
            case .fail(let resume):
                stack.removeAll(keepingCapacity: true)
                i = resume
            }
        }
    }

    /// What one step inside a container did.
    private enum Outcome {
        /// Consumed up to this index.
        case next(Int)
        /// A syntax error: drop the open containers and read on as prose from this index, which
        /// is never before the error, so no byte is scanned as a string twice.
        case fail(Int)
    }

    /// Consumes one token inside a container.
    private mutating func step(at i: Int) -> Outcome {
        let c = bytes[i]
        if Self.isSpace(c) { return .next(i + 1) }
        if c == UInt8(ascii: "/") { return skipComment(at: i).map(Outcome.next) ?? .fail(i) }
        let top = stack[stack.count - 1]
        switch top.expect {
        case .value:
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                guard stack.count < Self.maxDepth else { return .fail(i) }
                open(c)
                return .next(i + 1)
            }
            if !top.isObject && c == UInt8(ascii: "]") { return close(c) ? .next(i + 1) : .fail(i) }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                switch readString(at: i) {
                case .success(let (s, next)):
                    deliver(.string(s))
                    return .next(next)
                case .failure(let broken):
                    return .fail(broken.index)
                }
            }
            guard Self.isTokenByte(c) else { return .fail(i) }
            let (token, next) = readToken(at: i)
            deliver(Self.classify(token))
            return .next(next)
        case .key:
            if c == UInt8(ascii: "}") { return close(c) ? .next(i + 1) : .fail(i) }
            let key: String
            let next: Int
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                switch readString(at: i) {
                case .success(let read): (key, next) = read
                case .failure(let broken): return .fail(broken.index)
                }
            } else if Self.isTokenByte(c) {
                (key, next) = readToken(at: i)
            } else {
                return .fail(i)
            }
            stack[stack.count - 1].pendingKey = key
            stack[stack.count - 1].expect = .colon
            return .next(next)
        case .colon:
            guard c == UInt8(ascii: ":") else { return .fail(i) }
            stack[stack.count - 1].expect = .value
            return .next(i + 1)
        case .separator:
            if c == UInt8(ascii: ",") || (top.isObject && c == UInt8(ascii: ";")) {
                stack[stack.count - 1].expect = top.isObject ? .key : .value
                return .next(i + 1)
            }
            if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") { return close(c) ? .next(i + 1) : .fail(i) }
            return .fail(i)
        }
    }

    private mutating func open(_ bracket: UInt8) {
        let isObject = bracket == UInt8(ascii: "{")
        stack.append(Frame(isObject: isObject, slot: slots.count, expect: isObject ? .key : .value))
        slots.append(nil)
    }

    /// Closes the top container if `bracket` matches it; false on a mismatch.
    private mutating func close(_ bracket: UInt8) -> Bool {
        let frame = stack[stack.count - 1]
        guard frame.isObject == (bracket == UInt8(ascii: "}")) else { return false }
        stack.removeLast()
        let value: LooseValue = frame.isObject ? .object(frame.members) : .array(frame.elements)
        slots[frame.slot] = value
        if !stack.isEmpty { deliver(value) }
        return true
    }

    private mutating func deliver(_ value: LooseValue) {
        let top = stack.count - 1
        if stack[top].isObject {
            stack[top].members.append(LooseMember(key: stack[top].pendingKey, value: value))
        } else {
            stack[top].elements.append(value)
        }
        stack[top].expect = .separator
    }

    // MARK: - Tokens

    /// Where an unterminated string stopped: the line break or the end of the text.
    private struct BrokenString: Error {
        var index: Int
    }

    /// Reads a quoted string with JSON escapes; fails when a line or the text ends first.
    private func readString(at start: Int) -> Result<(String, Int), BrokenString> {
        let quote = bytes[start]
        var out: [UInt8] = []
        var i = start + 1
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c == quote { return .success((String(decoding: out, as: UTF8.self), i + 1)) }
            if c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") { return .failure(BrokenString(index: i)) }
            if c != UInt8(ascii: "\\") {
                out.append(c)
                i += 1
                continue
            }
            guard i + 1 < n else { return .failure(BrokenString(index: n)) }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard let unit = hex4(at: i) else { out.append(e); continue }
                i += 4
                var scalar = Unicode.Scalar(unit)
                if (0xD800..<0xDC00).contains(unit), i + 5 < n, bytes[i] == UInt8(ascii: "\\"),
                   bytes[i + 1] == UInt8(ascii: "u"), let low = hex4(at: i + 2), (0xDC00..<0xE000).contains(low) {
                    scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                    i += 6
                }
                out.append(contentsOf: Array(String(scalar ?? "\u{FFFD}").utf8))
            default:
                out.append(e)
            }
        }
        return .failure(BrokenString(index: n))
    }

    private func hex4(at i: Int) -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for k in i..<(i + 4) {
            guard let d = RGB.nibble(Unicode.Scalar(bytes[k])) else { return nil }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    private func readToken(at start: Int) -> (String, Int) {
        var i = start
        while i < bytes.count && Self.isTokenByte(bytes[i]) { i += 1 }
        return (String(decoding: bytes[start..<i], as: UTF8.self), i)
    }

    /// Skips `// …` to the end of the line or `/* … */`; nil for a lone `/`.
    private func skipComment(at i: Int) -> Int? {
        guard i + 1 < bytes.count else { return nil }
        var j = i + 2
        if bytes[i + 1] == UInt8(ascii: "/") {
            while j < bytes.count && bytes[j] != UInt8(ascii: "\n") { j += 1 }
            return j
        }
        guard bytes[i + 1] == UInt8(ascii: "*") else { return nil }
        while j + 1 < bytes.count {
            if bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/") { return j + 2 }
            j += 1
        }
        return bytes.count
    }

    private static func classify(_ token: String) -> LooseValue {
        switch token {
        case "true", "false", "null": return .literal(token)
        default: return isNumber(token) ? .number(token) : .bare(token)
        }
    }

    /// JSON's number grammar: `-? digits (. digits)? ([eE] [+-]? digits)?`.
    static func isNumber(_ token: String) -> Bool {
        var it = token.utf8.makeIterator()
        var c = it.next()
        func digits() -> Bool {
            var any = false
            while let d = c, d >= 0x30 && d <= 0x39 { any = true; c = it.next() }
            return any
        }
        if c == UInt8(ascii: "-") { c = it.next() }
        guard digits() else { return false }
        if c == UInt8(ascii: ".") {
            c = it.next()
            guard digits() else { return false }
        }
        if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            c = it.next()
            if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { c = it.next() }
            guard digits() else { return false }
        }
        return c == nil
    }

    static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }

    /// Letters, digits, `#_-+.$` and any non-ASCII byte (so `{主色: "#FFF"}` works unquoted).
    static func isTokenByte(_ c: UInt8) -> Bool {
        switch c {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x80...0xFF: return true
        case UInt8(ascii: "#"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"),
             UInt8(ascii: "."), UInt8(ascii: "$"): return true
        default: return false
        }
    }
}
