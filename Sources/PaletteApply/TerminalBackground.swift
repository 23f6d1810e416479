import PaletteCore
import PaletteExport

/// The terminal's background colour, asked with OSC 11 and a DA1 query behind it: every terminal
/// answers DA1, so its answer ends the wait even when OSC 11 gets none (the caller still waits
/// no longer than its deadline). Pure: the caller writes `query` and feeds what it reads to `scan`.
public enum TerminalBackground {
    /// `ESC ] 11 ; ? ESC \` then `ESC [ c`.
    public static let query: [UInt8] = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

    /// The longest wait for the answers, in milliseconds.
    public static let deadlineMilliseconds = 100

    public enum Scan: Equatable, Sendable {
        /// Neither answer complete yet.
        case waiting
        /// DA1 answered: the background, if OSC 11 was answered before it.
        case done(RGB?)
    }

    /// What the bytes read so far say.
    public static func scan(_ bytes: [UInt8]) -> Scan {
        var colour: RGB?
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count else {
                i += 1
                continue
            }
            if bytes[i + 1] == UInt8(ascii: "]") {
                // OSC: up to BEL or ST.
                var j = i + 2
                var end: Int?
                while j < bytes.count {
                    if bytes[j] == 0x07 {
                        end = j
                        break
                    }
                    if bytes[j] == 0x1B, j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "\\") {
                        end = j
                        break
                    }
                    j += 1
                }
                guard let end else { return .waiting }
                if let rgb = parseOSC11(String(decoding: bytes[(i + 2)..<end], as: UTF8.self)) { colour = rgb }
                i = end + 1
            } else if bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else { return .waiting }
                if bytes[j] == UInt8(ascii: "c"), i + 2 < bytes.count, bytes[i + 2] == UInt8(ascii: "?") {
                    return .done(colour)
                }
                i = j + 1
            } else {
                i += 1
            }
        }
        return .waiting
    }

    /// `11;rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits a component, as XParseColor) to a colour.
    static func parseOSC11(_ body: String) -> RGB? {
        guard body.hasPrefix("11;") else { return nil }
        var spec = body.dropFirst(3)
        if spec.hasPrefix("rgba:") {
            spec = spec.dropFirst(5)
        } else if spec.hasPrefix("rgb:") {
            spec = spec.dropFirst(4)
        } else {
            return nil
        }
        let parts = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        var values: [UInt8] = []
        for part in parts.prefix(3) {
            guard (1...4).contains(part.count), let v = UInt32(part, radix: 16) else { return nil }
            let max = (UInt32(1) << (4 * UInt32(part.count))) - 1
            values.append(UInt8((v * 255 + max / 2) / max))
        }
        return RGB(r: values[0], g: values[1], b: values[2])
    }

    /// Dark ink on a light background: light when the background is lighter than mid-grey
    /// (CIE L* 50, relative luminance 0.184), dark otherwise.
    public static func variant(for background: RGB) -> ThemeVariant {
        WCAG.luminance(background) >= 0.184 ? .light : .dark
    }
}
