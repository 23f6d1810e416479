import CNcurses
import PaletteCore
import ScreenCore

/// One result of `get_wch`: a character (`OK`) or a key code (`KEY_CODE_YES`); or a character
/// with Alt (Esc then the character, which `KeyBytes` reads as one key); or the terminal's
/// answer to a query (`KeyBytes` reads it so that it is never typed).
public enum RawInput: Hashable, Sendable {
    case character(UInt32)
    case keyCode(Int32)
    case alt(UInt32)
    /// An OSC 11 answer: the terminal's background colour.
    case background(RGB)
    /// A DA1 answer (`ESC [ ? … c`): the terminal has answered what was asked before it.
    case deviceAttributes
}

/// Turns `get_wch` results into `Key`s, collecting a bracketed paste into one `.paste`.
///
/// Pure apart from the ncurses key-code constants, so the whole mapping is unit-tested. It owns
/// the paste's deadline too: a paste whose end marker does not come within `pasteTimeout` of its
/// last input is taken as it is (`expire(at:)`), so the text is not lost.
/// Control characters never reach the text field as text: Ctrl-A arrives as character 1 and
/// becomes `.control("a")`; other C0/C1 characters become `.unknown`.
public struct KeyDecoder: Sendable {
    /// Private key codes bound with `define_key` to the bracketed-paste markers `ESC[200~` / `ESC[201~`.
    public static let pasteStartCode: Int32 = KEY_MAX + 1
    public static let pasteEndCode: Int32 = KEY_MAX + 2
    /// A paste larger than this is cut: nobody describes a palette in a megabyte, and the
    /// cap keeps a runaway paste from growing memory without bound.
    public static let pasteLimit = 64 * 1024
    /// How long a paste may wait for more input before its text is taken as it is.
    public static let pasteTimeout: Duration = .milliseconds(500)

    private var pasteBuffer: String.UnicodeScalarView?
    private var pastedScalars = 0

    public init() {}

    /// True between the paste start and end markers.
    public var isInPaste: Bool { pasteBuffer != nil }

    /// When `expire(at:)` will end the open paste, if one is open: the caller's poll timeout.
    /// Stored, as `KeyBytes.deadline` is, so asking copies nothing.
    public private(set) var deadline: ContinuousClock.Instant?

    /// Feeds one input read at `now`; returns the event it completes, if any. `now` is asked
    /// for only while a paste is open.
    public mutating func feed(
        _ input: RawInput, at now: @autoclosure () -> ContinuousClock.Instant = .now
    ) -> InputEvent? {
        let event = decode(input)
        if pasteBuffer != nil { deadline = now() + KeyDecoder.pasteTimeout }
        return event
    }

    /// Ends the open paste if its deadline has passed at `now`.
    public mutating func expire(at now: ContinuousClock.Instant = .now) -> InputEvent? {
        guard let deadline, now >= deadline else { return nil }
        return flushPaste()
    }

    private mutating func decode(_ input: RawInput) -> InputEvent? {
        // An answer is no key, in a paste or not (`Screen` takes them before they come here).
        switch input {
        case .background(let colour): return .background(colour)
        case .deviceAttributes: return nil
        default: break
        }
        if pasteBuffer != nil {
            return feedPaste(input)
        }
        switch input {
        case .character(let value):
            return Self.character(value).map(InputEvent.key)
        case .alt(let value):
            return .key(Self.alt(value))
        case .background, .deviceAttributes:
            return nil
        case .keyCode(let code):
            if code == KeyDecoder.pasteStartCode {
                pasteBuffer = String.UnicodeScalarView()
                pastedScalars = 0
                return nil
            }
            if code == KeyDecoder.pasteEndCode { return nil }
            if code == KEY_RESIZE { return .resize }
            return .key(Self.keyCode(code))
        }
    }

    /// Ends a paste whose end marker never came (input stopped mid-paste), so text is not lost.
    public mutating func flushPaste() -> InputEvent? {
        guard let buffer = pasteBuffer else { return nil }
        pasteBuffer = nil
        deadline = nil
        return .key(.paste(String(buffer)))
    }

    private mutating func feedPaste(_ input: RawInput) -> InputEvent? {
        switch input {
        case .keyCode(KeyDecoder.pasteEndCode):
            return flushPaste()
        case .keyCode(KEY_RESIZE):
            return .resize
        case .keyCode(KEY_ENTER):
            appendPasted(0x0A)
        case .keyCode:
            // A key sequence inside pasted text (say an arrow's escape code) is not pasted text.
            break
        case .character(let value):
            appendPasted(value == 0x0D ? 0x0A : value)
        case .alt(let value):
            // Pasted text with an Esc in it: the Esc is no text, the character is.
            appendPasted(value == 0x0D ? 0x0A : value)
        case .background, .deviceAttributes:
            break
        }
        return nil
    }

    private mutating func appendPasted(_ value: UInt32) {
        guard pastedScalars < KeyDecoder.pasteLimit, let scalar = Unicode.Scalar(value) else { return }
        pasteBuffer?.append(scalar)
        pastedScalars += 1
    }

    /// A character outside a paste.
    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x7F, 0x08: return .backspace
        case 0x00: return .unknown(0)
        case 0x01...0x1A:
            return .control(Character(Unicode.Scalar(UInt8(0x60 + value))))
        case 0x1C...0x1F, 0x80...0x9F:
            return .unknown(Int32(value))
        default:
            guard let scalar = Unicode.Scalar(value) else { return .unknown(Int32(bitPattern: value)) }
            return .character(Character(scalar))
        }
    }

    /// A character with Alt outside a paste: printable ones and Backspace; the rest are unknown
    /// (no Alt binding types its character).
    static func alt(_ value: UInt32) -> Key {
        switch value {
        case 0x7F, 0x08: return .altBackspace
        case 0x00...0x1F, 0x80...0x9F: return .unknown(Int32(value))
        default:
            guard let scalar = Unicode.Scalar(value) else { return .unknown(Int32(bitPattern: value)) }
            return .alt(Character(scalar))
        }
    }

    /// A key code outside a paste.
    static func keyCode(_ code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KeyBytes.controlLeftCode: return .controlLeft
        case KeyBytes.controlRightCode: return .controlRight
        case (KEY_F0 + 1)...(KEY_F0 + 63): return .function(Int(code - KEY_F0))
        default: return .unknown(code)
        }
    }
}
