import PaletteCore
import PaletteExport

/// The terminal's background colour, asked with OSC 11 and a DA1 query behind it: every terminal
/// answers DA1, so its answer ends the wait even when OSC 11 gets none (the caller still waits
/// no longer than its deadline). Pure: the caller writes `query` and feeds what it reads to `scan`.
public enum TerminalBackground {
    /// `ESC ] 11 ; ? ESC \` then `ESC [ c`; inside tmux with the passthrough form too
    /// (`BackgroundQuestion.query`).
    public static func query(insideTmux: Bool) -> [UInt8] { BackgroundQuestion.query(insideTmux: insideTmux) }

    /// The longest wait for the answers, in milliseconds.
    public static let deadlineMilliseconds =
        Int(BackgroundQuestion.deadline.components.seconds * 1000)
        + Int(BackgroundQuestion.deadline.components.attoseconds / 1_000_000_000_000_000)

    public enum Scan: Equatable, Sendable {
        /// Neither answer complete yet.
        case waiting
        /// DA1 answered: the background, if OSC 11 was answered before it.
        case done(RGB?)
    }

    /// What the bytes read so far say. Inside tmux (`insideTmux`) tmux's own DA1 answer comes
    /// before the outer terminal's OSC 11 answer through the passthrough: DA1 ends nothing
    /// there, only an OSC 11 answer does (else the caller's deadline).
    public static func scan(_ bytes: [UInt8], insideTmux: Bool = false) -> Scan {
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
                if let rgb = parseOSC11(String(decoding: bytes[(i + 2)..<end], as: UTF8.self)) {
                    if insideTmux { return .done(rgb) }
                    colour = rgb
                }
                i = end + 1
            } else if bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else { return .waiting }
                if bytes[j] == UInt8(ascii: "c"), i + 2 < bytes.count, bytes[i + 2] == UInt8(ascii: "?"), !insideTmux {
                    return .done(colour)
                }
                i = j + 1
            } else {
                i += 1
            }
        }
        return .waiting
    }

    /// `11;rgb:RRRR/GGGG/BBBB` to a colour (`BackgroundQuestion.colour(answer:)`).
    static func parseOSC11(_ body: String) -> RGB? {
        BackgroundQuestion.colour(answer: Array(body.utf8))
    }

    /// Dark ink on a light background (`ThemeVariant(background:)`).
    public static func variant(for background: RGB) -> ThemeVariant {
        ThemeVariant(background: background)
    }
}
