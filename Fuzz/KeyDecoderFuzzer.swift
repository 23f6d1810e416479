import CNcurses
import Glibc
import ScreenCore

/// libFuzzer entry point for `KeyDecoder`, built by `make fuzz` with TerminalUI's
/// `KeyDecoder.swift` and `KeyBytes.swift` and ScreenCore's `Key.swift` (all the decoder uses),
/// on Debian's curses.h and PaletteCore.
///
/// The input is a script of terminal input: characters and characters with Alt (any 32-bit
/// value, valid scalar or not), key codes (the interesting ones and any 32-bit value), the
/// clock moving on, and explicit flushes. The decoder is checked against a small model of the contract at every
/// step: outside a paste, no control character comes out as text, Ctrl-letters come out as
/// `.control`, every key code becomes a key or a resize; a paste is exactly the characters
/// fed between its markers (CR and Enter as LF, other key codes dropped, at most
/// `pasteLimit` scalars), ended by its end marker, a flush, or `pasteTimeout` without input,
/// and never otherwise.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var script = Script(data, size)
    var decoder = KeyDecoder()
    var model = Model()
    var now = origin
    while let step = script.next() {
        switch step {
        case .input(let input):
            let wasInPaste = decoder.isInPaste
            let event = decoder.feed(input, at: now)
            let expected = model.feed(input, at: now)
            require(
                event == expected,
                "\(input): got \(String(describing: event)), expected \(String(describing: expected))")
            if !wasInPaste, case .key(let key)? = event { checkKey(key, from: input) }
        case .wait(let milliseconds):
            now = now + .milliseconds(milliseconds)
            let event = decoder.expire(at: now)
            require(event == model.expire(at: now), "expire at +\(milliseconds) ms: \(String(describing: event))")
        case .flush:
            require(decoder.flushPaste() == model.flush(), "flush")
        }
        require(decoder.isInPaste == (model.paste != nil), "in a paste or not")
        require(decoder.deadline == model.deadline, "the paste's deadline")
    }
    return 0
}

private let origin = ContinuousClock.now

/// What a key outside a paste may be, whatever the decoder's table says.
private func checkKey(_ key: Key, from input: RawInput) {
    switch key {
    case .character(let character):
        let scalars = Array(character.unicodeScalars)
        require(scalars.count == 1, "one input, one scalar")
        let v = scalars[0].value
        require(v >= 0x20 && !(0x7F...0x9F).contains(v), "control character U+\(v) as text")
        require(input == .character(v), "text from \(input)")
    case .alt(let character):
        let scalars = Array(character.unicodeScalars)
        require(scalars.count == 1, "one input, one scalar")
        let v = scalars[0].value
        require(v >= 0x20 && !(0x7F...0x9F).contains(v), "control character U+\(v) with Alt")
        require(input == .alt(v), "Alt-\(character) from \(input)")
    case .control(let character):
        require(("a"..."z").contains(character), "Ctrl-\(character)")
    case .paste:
        requireFailed("a paste outside a paste")
    default:
        break
    }
}

/// The decoder's contract, kept as plainly as possible.
private struct Model {
    var paste: [Unicode.Scalar]?
    var deadline: ContinuousClock.Instant?

    mutating func feed(_ input: RawInput, at now: ContinuousClock.Instant) -> InputEvent? {
        let event = decode(input)
        if paste != nil { deadline = now + KeyDecoder.pasteTimeout }
        return event
    }

    private mutating func decode(_ input: RawInput) -> InputEvent? {
        // Answers to the background query are no keys, in a paste or not.
        if case .background(let colour) = input { return .background(colour) }
        if case .deviceAttributes = input { return nil }
        if paste != nil {
            switch input {
            case .keyCode(KeyDecoder.pasteEndCode): return flush()
            case .keyCode(KEY_RESIZE): return .resize
            case .keyCode(KEY_ENTER): add(0x0A)
            case .keyCode: break
            case .character(let v), .alt(let v): add(v == 0x0D ? 0x0A : v)
            case .background, .deviceAttributes: break
            }
            return nil
        }
        switch input {
        case .keyCode(KeyDecoder.pasteStartCode):
            paste = []
            return nil
        case .keyCode(KeyDecoder.pasteEndCode): return nil
        case .keyCode(KEY_RESIZE): return .resize
        case .keyCode(let code): return .key(Model.key(code))
        case .character(let v): return .key(Model.key(character: v))
        case .alt(let v): return .key(Model.key(alt: v))
        case .background, .deviceAttributes: return nil
        }
    }

    private mutating func add(_ v: UInt32) {
        guard let scalar = Unicode.Scalar(v), paste!.count < KeyDecoder.pasteLimit else { return }
        paste!.append(scalar)
    }

    mutating func flush() -> InputEvent? {
        guard let scalars = paste else { return nil }
        paste = nil
        deadline = nil
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return .key(.paste(String(text)))
    }

    mutating func expire(at now: ContinuousClock.Instant) -> InputEvent? {
        guard paste != nil, let deadline, now >= deadline else { return nil }
        return flush()
    }

    static func key(character v: UInt32) -> Key {
        switch v {
        case 0x0A, 0x0D: return .enter
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x08, 0x7F: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(0x60 + v)!))
        case 0x00...0x1F, 0x80...0x9F: return .unknown(Int32(v))
        default:
            guard let scalar = Unicode.Scalar(v) else { return .unknown(Int32(bitPattern: v)) }
            return .character(Character(scalar))
        }
    }

    static func key(alt v: UInt32) -> Key {
        switch v {
        case 0x08, 0x7F: return .altBackspace
        case 0x00...0x1F, 0x80...0x9F: return .unknown(Int32(v))
        default:
            guard let scalar = Unicode.Scalar(v) else { return .unknown(Int32(bitPattern: v)) }
            return .alt(Character(scalar))
        }
    }

    static let named: [Int32: Key] = [
        KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right, KEY_HOME: .home, KEY_END: .end,
        KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown, KEY_BACKSPACE: .backspace, KEY_DC: .delete,
        KEY_ENTER: .enter, KEY_BTAB: .backTab, KeyBytes.controlLeftCode: .controlLeft,
        KeyBytes.controlRightCode: .controlRight,
    ]

    static func key(_ code: Int32) -> Key {
        if let key = named[code] { return key }
        if code > KEY_F0 && code <= KEY_F0 + 63 { return .function(Int(code - KEY_F0)) }
        return .unknown(code)
    }
}

/// The fuzzer's bytes read as steps.
private struct Script {
    enum Step {
        case input(RawInput)
        case wait(Int64)
        case flush
    }

    /// Key codes worth meeting often: the paste markers, resize, Enter and the named keys.
    static let codes: [Int32] = [
        KeyDecoder.pasteStartCode, KeyDecoder.pasteEndCode, KEY_RESIZE, KEY_ENTER, KEY_UP, KEY_DOWN, KEY_LEFT,
        KEY_RIGHT, KEY_HOME, KEY_END, KEY_PPAGE, KEY_NPAGE, KEY_BACKSPACE, KEY_DC, KEY_BTAB, KEY_F0, KEY_F0 + 1,
        KEY_F0 + 63, KEY_F0 + 64, KeyBytes.controlLeftCode, KeyBytes.controlRightCode, KEY_MAX, KEY_MAX + 6, 0, -1,
        Int32.min, Int32.max,
    ]

    let data: UnsafePointer<UInt8>
    let size: Int
    var at = 0

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        self.data = data
        self.size = size
    }

    mutating func byte() -> UInt8? {
        guard at < size else { return nil }
        defer { at += 1 }
        return data[at]
    }

    mutating func word(_ count: Int) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<count { v = v << 8 | UInt32(byte() ?? 0) }
        return v
    }

    /// A character still to be repeated, and how many times.
    var repeats: (input: RawInput, left: Int)?

    mutating func next() -> Step? {
        if let (input, left) = repeats {
            repeats = left > 1 ? (input, left - 1) : nil
            return .input(input)
        }
        guard let tag = byte() else { return nil }
        switch tag & 7 {
        // Bit 3 of a one- or two-byte character's tag: the character with Alt (Esc before it).
        case 0: return .input(tag & 8 == 0 ? .character(word(1)) : .alt(word(1)))
        case 1: return .input(tag & 8 == 0 ? .character(word(2)) : .alt(word(2)))
        case 2: return .input(.character(word(3) & 0x1F_FFFF))
        case 3: return .input(.character(word(4)))
        case 4: return .input(.keyCode(Script.codes[Int(byte() ?? 0) % Script.codes.count]))
        case 5: return .input(.keyCode(Int32(bitPattern: word(4))))
        case 6: return .wait(Int64(tag >> 3) * 40)
        default:
            // A run of one character (up to 31). The paste limit itself (65,536 scalars) is
            // KeyDecoderTests' to check: a run that long made every input that reached it cost
            // 66,000 checked steps, and the fuzzer ran 53 inputs a second.
            if tag >> 3 == 0 { return .flush }
            let input = RawInput.character(word(1))
            let count = Int(tag >> 3)
            if count > 1 { repeats = (input, count - 1) }
            return .input(input)
        }
    }
}

/// Like `precondition`, but the message is printed in optimised builds too: it says what the
/// finding is, beside the input libFuzzer saves.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { requireFailed(message()) }
}

private func requireFailed(_ message: String) -> Never {
    let line = Array("fuzz check failed: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
