import FoundationEssentials
import Glibc

/// A JSON value read from bytes (RFC 8259), for the few places that take JSON of no fixed shape:
/// a model's candidate lists, a server's error body, an imported swatch file, an `--access` reply.
/// Numbers keep their text, so nothing is lost in a round trip; objects keep the last of a
/// repeated key. What Foundation's `JSONSerialization` read before is read the same: one
/// trailing comma after a member or an element and a leading byte-order mark are allowed, a
/// number too large for a Double is refused; otherwise strict (no comments, valid UTF-8 only),
/// and at most `maxDepth` levels of nesting (deeper input is refused, never a deep recursion).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public static let maxDepth = 512

    /// The value the bytes hold, surrounding white space aside; nil when they are not one JSON
    /// value.
    public static func parse(_ bytes: some Collection<UInt8>) -> JSONValue? {
        var reader = Reader(bytes: Array(bytes))
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
        reader.skipSpace()
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.atEnd ? value : nil
    }

    public static func parse(_ text: String) -> JSONValue? { parse(Array(text.utf8)) }

    public var object: [String: JSONValue]? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A number's value as a Double (nil for anything but a number).
    public var double: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// Whether it is an object or an array.
    public var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }

    /// Compact JSON text, object keys in sorted order, strings escaped by `JSONText`.
    public var text: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: n.utf8)
        case .string(let s): JSONText.appendString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var i = 0

        var atEnd: Bool { i >= bytes.count }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { return false }
            i += w.count
            return true
        }

        mutating func value(depth: Int) -> JSONValue? {
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                var members: [String: JSONValue] = [:]
                let closed = container(closing: UInt8(ascii: "}"), depth: depth) { reader in
                    guard reader.i < reader.bytes.count, reader.bytes[reader.i] == UInt8(ascii: "\""),
                        let key = reader.string()
                    else { return false }
                    reader.skipSpace()
                    guard reader.i < reader.bytes.count, reader.bytes[reader.i] == UInt8(ascii: ":") else {
                        return false
                    }
                    reader.i += 1
                    reader.skipSpace()
                    guard let v = reader.value(depth: depth + 1) else { return false }
                    members[key] = v
                    return true
                }
                return closed ? .object(members) : nil
            case UInt8(ascii: "["):
                var items: [JSONValue] = []
                let closed = container(closing: UInt8(ascii: "]"), depth: depth) { reader in
                    guard let v = reader.value(depth: depth + 1) else { return false }
                    items.append(v)
                    return true
                }
                return closed ? .array(items) : nil
            case UInt8(ascii: "\""):
                return string().map(JSONValue.string)
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default: return number()
            }
        }

        /// An object's or array's elements from its opening bracket at `i` to `close`: each read
        /// by `element`, commas between, one trailing comma allowed; false when it is not one.
        mutating func container(closing close: UInt8, depth: Int, _ element: (inout Reader) -> Bool) -> Bool {
            guard depth < JSONValue.maxDepth else { return false }
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == close {
                i += 1
                return true
            }
            while true {
                skipSpace()
                guard element(&self) else { return false }
                skipSpace()
                guard i < bytes.count else { return false }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    skipSpace()
                    guard i < bytes.count, bytes[i] == close else { continue }
                }
                guard bytes[i] == close else { return false }
                i += 1
                return true
            }
        }

        /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
        mutating func number() -> JSONValue? {
            let start = i
            func digits() -> Int {
                let from = i
                while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
                return i - from
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: "0") {
                i += 1
            } else if digits() == 0 {
                return nil
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { return nil }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { return nil }
            }
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            guard let value = Double(text), value.isFinite else { return nil }
            return .number(text)
        }

        /// A string literal at `i` (its opening quote); nil when it is not one or is not UTF-8.
        mutating func string() -> String? {
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    i += 1
                    return String(validating: out, as: UTF8.self)
                }
                if b < 0x20 { return nil }
                if b != UInt8(ascii: "\\") {
                    out.append(b)
                    i += 1
                    continue
                }
                i += 1
                guard i < bytes.count else { return nil }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var unit = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(unit) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
                        else { return nil }
                        i += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(unit) {
                        return nil
                    }
                    guard let scalar = Unicode.Scalar(unit) else { return nil }
                    out.append(contentsOf: String(scalar).utf8)
                default: return nil
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard i + 4 <= bytes.count else { return nil }
            var v: UInt32 = 0
            for b in bytes[i..<(i + 4)] {
                let d: UInt8
                switch b {
                case 0x30...0x39: d = b - 0x30
                case 0x41...0x46: d = b - 0x41 + 10
                case 0x61...0x66: d = b - 0x61 + 10
                default: return nil
                }
                v = v << 4 | UInt32(d)
            }
            i += 4
            return v
        }
    }
}
