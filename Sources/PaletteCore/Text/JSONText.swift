/// JSON string literals, escaped by hand so that writers keep a fixed key order and a fixed
/// spelling: `"`, `\` and control characters (DEL included) are escaped, short forms for
/// `\n`, `\r` and `\t`, `\u00XX` (lower-case hex) for the rest; everything else is written as
/// UTF-8 unchanged.
///
/// The one escaper: the history file's line encoder appends to its byte buffer with
/// `appendString`, and the `json` output formats use `string`.
public enum JSONText {
    /// Appends `text` as a JSON string literal, quotes included.
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        if !text.utf8.contains(where: needsEscape) {
            out.append(contentsOf: text.utf8)
        } else {
            for byte in text.utf8 {
                guard needsEscape(byte) else {
                    out.append(byte)
                    continue
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
        }
        out.append(0x22)
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

    @inline(__always)
    private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x57 + v }
}
