/// JSON string literals, escaped by hand so that writers keep a fixed key order and a fixed
/// spelling: `"`, `\` and control characters (DEL included) are escaped, short forms for
/// `\n`, `\r` and `\t`, `\u00XX` (lower-case hex) for the rest. Every other scalar that
/// `TextSanitizer` would not show as it is (C1 controls, bidi controls, zero-width and other
/// format characters, line and paragraph separators, private-use and unassigned scalars) is
/// written as a `\uXXXX` escape too (a surrogate pair above U+FFFF), so JSON printed to a
/// terminal cannot steer it, and a reader gets every character back unchanged. Everything else
/// is written as UTF-8.
///
/// The one escaper: the history file's line encoder appends to its byte buffer with
/// `appendString`, and the `json` output formats use `string`.
public enum JSONText {
    /// Appends `text` as a JSON string literal, quotes included.
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        if !text.utf8.contains(where: needsLook) {
            out.append(contentsOf: text.utf8)
        } else if !text.utf8.contains(where: { $0 >= 0x80 }) {
            for byte in text.utf8 { appendASCII(byte, to: &out) }
        } else {
            var text = text
            text.withUTF8 { bytes in appendMixed(bytes, to: &out) }
        }
        out.append(0x22)
    }

    /// Walks valid UTF-8 (a Swift string's), copying what is shown as it is and escaping the rest.
    private static func appendMixed(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                appendASCII(lead, to: &out)
                i += 1
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length { value = value << 6 | (UInt32(bytes[i + k]) & 0x3F) }
            if let scalar = Unicode.Scalar(value), shownAsIs(scalar) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]))
            } else {
                appendEscape(value, to: &out)
            }
            i += length
        }
    }

    /// Whether a non-ASCII scalar is written as UTF-8 rather than escaped.
    @inline(__always)
    private static func shownAsIs(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v == 0xFE0E || v == 0xFE0F { return false }
        return TextSanitizer.verdict(scalar) == .keep
    }

    @inline(__always)
    private static func appendASCII(_ byte: UInt8, to out: inout [UInt8]) {
        guard needsEscape(byte) else {
            out.append(byte)
            return
        }
        out.append(0x5C)
        switch byte {
        case 0x22, 0x5C: out.append(byte)
        case 0x0A: out.append(0x6E)
        case 0x0D: out.append(0x72)
        case 0x09: out.append(0x74)
        default:
            out.append(contentsOf: [0x75, 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0xF)])
        }
    }

    /// `\uXXXX`, or a surrogate pair of them above U+FFFF.
    private static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
        func unit(_ u: UInt32) {
            out.append(contentsOf: [0x5C, 0x75])
            for shift in stride(from: 12, through: 0, by: -4) {
                out.append(hexDigit(UInt8((u >> UInt32(shift)) & 0xF)))
            }
        }
        if value > 0xFFFF {
            let v = value - 0x10000
            unit(0xD800 + (v >> 10))
            unit(0xDC00 + (v & 0x3FF))
        } else {
            unit(value)
        }
    }

    /// `text` as a JSON string literal, quotes included.
    public static func string(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F
    }

    /// A byte that may need an escape: one of `needsEscape`, or any byte of a non-ASCII scalar.
    @inline(__always)
    private static func needsLook(_ byte: UInt8) -> Bool {
        needsEscape(byte) || byte >= 0x80
    }

    @inline(__always)
    private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x57 + v }
}
