import CNcurses
import FoundationEssentials
import Glibc
import PaletteCore

/// The key sequences a terminal sends, each with the ncurses key code it stands for.
///
/// Keys are packed into one `UInt64` (up to seven bytes and the length), so matching a
/// sequence allocates nothing.
public struct KeySequenceTable: Sendable {
    /// The longest sequence kept; longer ones (none in the terminfo entries in use) are left out.
    public static let maxLength = 7

    private var codes: [UInt64: Int32] = [:]
    /// Every proper prefix of a sequence (a longer sequence may still come).
    private var prefixes: Set<UInt64> = []
    /// Bytes that begin a sequence.
    private var starts = [Bool](repeating: false, count: 256)

    /// A table of `sequences`; printable ASCII never starts one (typing must stay typing).
    public init(_ sequences: [([UInt8], Int32)]) {
        for (bytes, code) in sequences {
            guard let first = bytes.first, bytes.count <= Self.maxLength, !(0x20...0x7E).contains(first) else {
                continue
            }
            // The first binding of a sequence wins, as in ncurses' own table.
            if codes[Self.key(bytes[...])] == nil { codes[Self.key(bytes[...])] = code }
            starts[Int(first)] = true
            for end in 1..<bytes.count { prefixes.insert(Self.key(bytes[..<end])) }
        }
    }

    static func key(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var key = UInt64(bytes.count) << 56
        for (index, byte) in bytes.enumerated() { key |= UInt64(byte) << (8 * UInt64(index)) }
        return key
    }

    func startsSequence(_ byte: UInt8) -> Bool { starts[Int(byte)] }
    func code(_ key: UInt64) -> Int32? { codes[key] }
    func isPrefix(_ key: UInt64) -> Bool { prefixes.contains(key) }

    /// The bracketed-paste markers, bound to `KeyDecoder`'s private codes.
    public static let pasteMarkers: [([UInt8], Int32)] = [
        (Array("\u{1B}[200~".utf8), KeyDecoder.pasteStartCode),
        (Array("\u{1B}[201~".utf8), KeyDecoder.pasteEndCode),
    ]

    /// The extended key strings given codes of their own: Ctrl-Left and Ctrl-Right.
    static let namedExtendedKeys: [(name: String, code: Int32)] = [
        ("kLFT5", KeyBytes.controlLeftCode), ("kRIT5", KeyBytes.controlRightCode),
    ]

    /// ncurses' own table for the open terminal (terminfo's key strings, its extended `k*`
    /// strings such as Ctrl-arrows, with the codes `wget_wch` returned for them), plus the
    /// paste markers. Read with `keybound`, which walks the table ncurses built in `keypad`.
    static func fromNcurses() -> KeySequenceTable {
        KeySequenceTable(ncursesSequences(codeLimit: ncursesCodeLimit()))
    }

    /// The codes worth asking `keybound` about: KEY_MIN up to the last code ncurses can have
    /// given an extended string (KEY_MAX + their count), never past the KEY_MAX + 512 that was
    /// asked before. Each `keybound` walks ncurses' whole key tree, so a code that has no key
    /// costs as much as one that has: xterm-256color has 78 extended strings, so 332 codes are
    /// asked instead of 766 (the first key that may begin a sequence pays for the table).
    static func ncursesCodeLimit() -> Int32 {
        KEY_MAX + min(Int32(pt_extended_string_count()), 512)
    }

    /// The sequences of `fromNcurses()`, for codes below `codeLimit`, in the order it binds them.
    static func ncursesSequences(codeLimit: Int32) -> [([UInt8], Int32)] {
        var sequences = pasteMarkers
        for (name, code) in namedExtendedKeys {
            if let value = pt_string_cap(name) {
                sequences.append((Array(UnsafeRawBufferPointer(start: value, count: strlen(value))), code))
            }
        }
        // Key codes run from KEY_MIN to KEY_MAX; extended strings get codes from KEY_MAX up,
        // where the private codes are too: those not named above are unknown keys.
        for code in Int32(KEY_MIN)..<codeLimit {
            var index: Int32 = 0
            while let bound = keybound(code, index) {
                let bytes = Array(UnsafeRawBufferPointer(start: bound, count: strlen(bound)))
                free(bound)
                sequences.append((bytes, code < KEY_MAX ? code : KeyBytes.unknownSequenceCode))
                index += 1
            }
        }
        return sequences
    }

    /// Whether a sequence of `fromNcurses()`'s table may begin with `byte`, answered without
    /// building the table: ncurses' `key_defined` walks its key tree once for the one byte,
    /// where building the table asks `keybound` for each of several hundred key codes (about 1 ms).
    /// Without it the first control key of a session built the table, and that key is often
    /// the quit key Ctrl-C (docs/benchmarks.md, Findings, session 5). Esc (and NUL, which
    /// cannot be asked as a C string) always answer yes.
    static func ncursesMayStart(with byte: UInt8) -> Bool {
        if byte == 0 || byte == 0x1B { return true }
        if pasteMarkers.contains(where: { $0.0.first == byte }) { return true }
        for (name, _) in namedExtendedKeys {
            if let value = pt_string_cap(name), UInt8(bitPattern: value.pointee) == byte { return true }
        }
        let text: [CChar] = [CChar(bitPattern: byte), 0]
        // A code when the byte alone is a key, -1 when longer keys begin with it, 0 when none does.
        return key_defined(text) != 0
    }
}

/// Turns the bytes read from the terminal into `RawInput`s, as `wget_wch` did: UTF-8
/// characters, and key sequences (arrows, function keys, the paste markers) as key codes.
///
/// The terminal is read with one read(2) a wake instead of ncurses' one byte a call. A read
/// may end inside a sequence or a character (a lone Esc, the first bytes of an arrow, half of
/// a Chinese character): those bytes wait for the next read, or for `escapeDelay` (ncurses'
/// ESCDELAY) after they came, when they are taken as they are: Esc alone is the Escape key,
/// an unfinished character is dropped.
///
/// Beyond ncurses' table, the usual CSI and SS3 forms of the arrows, Home, End, Page Up/Down,
/// Insert, Delete, F1 to F4 and Ctrl-Left/Right are understood (a terminal that left keypad
/// mode sends the other form), and any other complete CSI or SS3 sequence is one unknown key
/// rather than its letters typed into the field. Esc followed at once (in the same read, or
/// within `escapeDelay`) by a printable character, DEL or BS is that key with Alt, as
/// terminals send Alt (`RawInput.alt`). Invalid UTF-8 is dropped. The answers to the app's
/// background query are read as what they are, never typed: OSC 11's (`ESC ] 11 ; … BEL` or
/// `… ESC \`, one cut short or malformed dropped whole) and DA1's (`ESC [ ? … c`), whenever
/// they come. Pure: the table is passed in.
public struct KeyBytes {
    /// A key code for a complete escape sequence no table knows.
    public static let unknownSequenceCode: Int32 = KEY_MAX + 3
    /// Ctrl-Left and Ctrl-Right, which ncurses has no code of its own for.
    public static let controlLeftCode: Int32 = KEY_MAX + 4
    public static let controlRightCode: Int32 = KEY_MAX + 5
    /// The longest CSI sequence parsed; a longer one is taken byte by byte.
    static let maxCSILength = 32
    /// The longest OSC 11 answer read; a longer one is dropped there (an answer is about 30).
    static let maxAnswerLength = 64
    /// How long an OSC 11 answer cut by a read waits for its rest before it is dropped: longer
    /// than ESCDELAY, so an answer that comes in two writes is still swallowed whole.
    static let answerDelay: Duration = .milliseconds(100)

    public let escapeDelay: Duration
    private var table: KeySequenceTable?
    private let makeTable: () -> KeySequenceTable
    /// Whether a control byte other than Esc may begin a sequence of the table (nil: any may).
    private let mayStartSequence: ((UInt8) -> Bool)?
    private var pending: [UInt8] = []
    /// An OSC 11 answer was dropped cut short: the rest of it (hex digits and slashes up to its
    /// terminator) may begin the next read, and is dropped too.
    private var answerCut = false

    /// `table` is asked for the first time an Esc comes, or a control byte that
    /// `mayStartSequence` says may begin one of its sequences (every control byte when it is
    /// nil), so a session that only types letters and text never builds it. `mayStartSequence`
    /// must answer true for every byte a sequence of `table` begins with.
    public init(
        escapeDelay: Duration, mayStartSequence: ((UInt8) -> Bool)? = nil,
        table: @escaping () -> KeySequenceTable
    ) {
        self.escapeDelay = escapeDelay
        self.mayStartSequence = mayStartSequence
        makeTable = table
    }

    /// When `expire(at:into:)` takes the waiting bytes as they are; nil when none wait.
    ///
    /// Stored, not worked out: the runtime asks on every wake, and a computed property of a
    /// struct held by a class is read from a copy of the whole struct (its table and buffers
    /// retained and released each time).
    public private(set) var deadline: ContinuousClock.Instant?

    /// Decodes `bytes` read at `now`, after any bytes still waiting, appending to `output`.
    ///
    /// `now` is asked for only when bytes are left waiting (an Esc, an unfinished sequence or
    /// character), so a key that comes whole reads no clock.
    public mutating func feed(
        _ bytes: UnsafeBufferPointer<UInt8>, at now: @autoclosure () -> ContinuousClock.Instant,
        into output: inout [RawInput]
    ) {
        if answerCut {
            answerCut = false
            let rest = Self.restOfAnswer(bytes)
            if rest > 0 {
                feed(UnsafeBufferPointer(rebasing: bytes[rest...]), at: now(), into: &output)
                return
            }
        }
        if pending.isEmpty {
            consume(bytes, flush: false, at: now, into: &output)
        } else if pending == [0x1B], let first = bytes.first, first != UInt8(ascii: "["), first != UInt8(ascii: "O") {
            // An Esc that ended the last read and no sequence going on: the Escape key. A
            // terminal sends Alt and its character in one write; Esc then a quick letter is two keys.
            pending.removeAll()
            deadline = nil
            output.append(.character(0x1B))
            consume(bytes, flush: false, at: now, into: &output)
        } else {
            var joined = pending
            joined.append(contentsOf: bytes)
            pending.removeAll()
            deadline = nil
            joined.withUnsafeBufferPointer { consume($0, flush: false, at: now, into: &output) }
        }
    }

    /// Convenience for tests: `feed` with an array.
    public mutating func feed(_ bytes: [UInt8], at now: ContinuousClock.Instant, into output: inout [RawInput]) {
        bytes.withUnsafeBufferPointer { feed($0, at: now, into: &output) }
    }

    /// Takes the waiting bytes as they are once `escapeDelay` has passed since they came.
    public mutating func expire(at now: ContinuousClock.Instant, into output: inout [RawInput]) {
        guard let due = deadline, now >= due else { return }
        let waiting = pending
        pending.removeAll()
        deadline = nil
        waiting.withUnsafeBufferPointer { consume($0, flush: true, at: { now }, into: &output) }
    }

    private enum Match {
        case key(Int32, length: Int)
        /// Esc and a character: the character with Alt.
        case alt(UInt32, length: Int)
        /// An answer to a query; nil: one dropped (cut short, malformed, not a colour).
        case answer(RawInput?, length: Int)
        case incomplete
        /// An OSC 11 answer not finished in this read: it waits `answerDelay`.
        case incompleteAnswer
        case none
    }

    private mutating func consume(
        _ b: UnsafeBufferPointer<UInt8>, flush: Bool, at now: () -> ContinuousClock.Instant,
        into output: inout [RawInput]
    ) {
        var i = 0
        let n = b.count
        while i < n {
            let byte = b[i]
            if byte >= 0x20 && byte < 0x7F {
                output.append(.character(UInt32(byte)))
                i += 1
                continue
            }
            if byte >= 0x80 {
                switch Self.utf8(b, at: i) {
                case .scalar(let value, let length):
                    output.append(.character(value))
                    i += length
                case .incomplete where !flush:
                    wait(b, from: i, at: now)
                    return
                case .incomplete:
                    return
                case .invalid:
                    i += 1
                }
                continue
            }
            // UTF-8 needs no table; a control byte that begins no sequence is itself either way.
            if table == nil, byte == 0x1B || mayStartSequence?(byte) ?? true { table = makeTable() }
            switch match(b, at: i, flush: flush) {
            case .key(let code, let length):
                output.append(.keyCode(code))
                i += length
            case .alt(let value, let length):
                output.append(.alt(value))
                i += length
            case .answer(let input, let length):
                if let input { output.append(input) }
                // Dropped at its deadline with no terminator: its rest may come later.
                if flush, input == nil, i + length == n { answerCut = true }
                i += length
            case .incomplete:
                wait(b, from: i, at: now)
                return
            case .incompleteAnswer:
                wait(b, from: i, at: now, delay: Self.answerDelay)
                return
            case .none:
                output.append(.character(UInt32(byte)))
                i += 1
            }
        }
    }

    private mutating func wait(
        _ b: UnsafeBufferPointer<UInt8>, from start: Int, at now: () -> ContinuousClock.Instant,
        delay: Duration? = nil
    ) {
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: b[start...]))
        deadline = now() + max(delay ?? escapeDelay, escapeDelay)
    }

    /// The sequence at `i`: the longest one the table knows, else a CSI/SS3 form.
    private func match(_ b: UnsafeBufferPointer<UInt8>, at i: Int, flush: Bool) -> Match {
        guard let table else { return .none }
        let n = b.count
        if table.startsSequence(b[i]) {
            var key: UInt64 = 0
            var best: (code: Int32, length: Int)?
            var length = 0
            var longer = false
            while i + length < n, length < KeySequenceTable.maxLength {
                key |= UInt64(b[i + length]) << (8 * UInt64(length))
                length += 1
                let packed = key | UInt64(length) << 56
                if let code = table.code(packed) { best = (code, length) }
                longer = table.isPrefix(packed)
                if !longer { break }
            }
            // Out of bytes inside a sequence that may still go on: wait, as ncurses does.
            if longer, i + length == n, !flush { return .incomplete }
            if let best { return .key(best.code, length: best.length) }
        }
        guard b[i] == 0x1B else { return .none }
        return Self.escapeSequence(b, at: i, flush: flush)
    }

    /// ESC [ parameters intermediates final, ESC O letter, or ESC and a character (Alt).
    private static func escapeSequence(_ b: UnsafeBufferPointer<UInt8>, at i: Int, flush: Bool) -> Match {
        let n = b.count
        guard i + 1 < n else { return flush ? .none : .incomplete }
        switch b[i + 1] {
        case UInt8(ascii: "O"):
            guard i + 2 < n else { return flush ? .none : .incomplete }
            let final = b[i + 2]
            guard (0x40...0x7E).contains(final) else { return .none }
            return .key(ss3Code(final), length: 3)
        case UInt8(ascii: "["):
            var j = i + 2
            var parameter = 0
            // The second parameter of `ESC [ 1 ; m X`, the modifier (5 is Ctrl); -1 for any other form.
            var modifier = 0
            var parameters = 0
            while j < n, j - i < maxCSILength {
                let byte = b[j]
                switch byte {
                case 0x30...0x39:
                    if parameters == 0 { parameter = min(parameter * 10 + Int(byte - 0x30), 100_000) }
                    if parameters == 1, modifier >= 0 { modifier = min(modifier * 10 + Int(byte - 0x30), 100) }
                case 0x3A...0x3F:
                    parameters += 1
                    if byte != UInt8(ascii: ";") { modifier = -1 }
                case 0x20...0x2F:
                    modifier = -1
                case 0x40...0x7E:
                    if byte == UInt8(ascii: "c"), b[i + 2] == UInt8(ascii: "?") {
                        return .answer(.deviceAttributes, length: j - i + 1)
                    }
                    if parameters == 1, parameter == 1, modifier == 5 {
                        if byte == UInt8(ascii: "D") { return .key(controlLeftCode, length: j - i + 1) }
                        if byte == UInt8(ascii: "C") { return .key(controlRightCode, length: j - i + 1) }
                    }
                    return .key(csiCode(final: byte, first: parameter, more: parameters > 0), length: j - i + 1)
                default:
                    return .none
                }
                j += 1
            }
            if j == n, !flush { return .incomplete }
            return .none
        case UInt8(ascii: "]"):
            return oscAnswer(b, at: i, flush: flush)
        case 0x20...0x7E, 0x7F, 0x08:
            return .alt(UInt32(b[i + 1]), length: 2)
        case 0xC2...0xF4:
            switch utf8(b, at: i + 1) {
            case .scalar(let value, let length): return .alt(value, length: 1 + length)
            case .incomplete where !flush: return .incomplete
            default: return .none
            }
        default:
            return .none
        }
    }

    /// `ESC ] 11 ;` then the answer's body up to BEL or `ESC \`: the OSC 11 answer. `ESC ]` that
    /// a read ends with, or that another byte follows, is Alt-] as before; `ESC ] 1` or
    /// `ESC ] 11` at a read's end waits for the rest as any sequence does. Once `11;` has come
    /// the bytes are never typed: a body that is too long, holds a control byte, or is cut short
    /// (its rest not come within `answerDelay`) is dropped up to there.
    private static func oscAnswer(_ b: UnsafeBufferPointer<UInt8>, at i: Int, flush: Bool) -> Match {
        let n = b.count
        let alt = Match.alt(UInt32(UInt8(ascii: "]")), length: 2)
        guard i + 2 < n else { return alt }
        var j = i + 2
        for expected in [UInt8(ascii: "1"), UInt8(ascii: "1"), UInt8(ascii: ";")] {
            guard j < n else { return flush ? alt : .incomplete }
            guard b[j] == expected else { return alt }
            j += 1
        }
        let bodyStart = i + 2
        while j < n {
            let byte = b[j]
            if byte == 0x07 {
                return .answer(colour(b, bodyStart..<j), length: j - i + 1)
            }
            if byte == 0x1B {
                guard j + 1 < n else { return flush ? .answer(nil, length: j - i + 1) : .incompleteAnswer }
                guard b[j + 1] == UInt8(ascii: "\\") else { return .answer(nil, length: j - i) }
                return .answer(colour(b, bodyStart..<j), length: j - i + 2)
            }
            guard (0x20...0x7E).contains(byte), j - i < maxAnswerLength else { return .answer(nil, length: j - i) }
            j += 1
        }
        return flush ? .answer(nil, length: j - i) : .incompleteAnswer
    }

    /// How many bytes at the start of `b` are the rest of a cut OSC 11 answer: hex digits and
    /// slashes, then BEL or `ESC \\`; 0 when they are not.
    private static func restOfAnswer(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        var j = 0
        while j < b.count, j < maxAnswerLength {
            switch b[j] {
            case 0x30...0x39, 0x41...0x46, 0x61...0x66, UInt8(ascii: "/"): j += 1
            case 0x07: return j + 1
            case 0x1B: return j + 1 < b.count && b[j + 1] == UInt8(ascii: "\\") ? j + 2 : 0
            default: return 0
            }
        }
        return 0
    }

    private static func colour(_ b: UnsafeBufferPointer<UInt8>, _ body: Range<Int>) -> RawInput? {
        BackgroundQuestion.colour(answer: UnsafeBufferPointer(rebasing: b[body])).map(RawInput.background)
    }

    /// The keys both cursor forms end in the same letter for: `ESC O A` and `ESC [ A` are Up.
    private static func cursorKeyCode(_ final: UInt8) -> Int32? {
        switch final {
        case UInt8(ascii: "A"): return KEY_UP
        case UInt8(ascii: "B"): return KEY_DOWN
        case UInt8(ascii: "C"): return KEY_RIGHT
        case UInt8(ascii: "D"): return KEY_LEFT
        case UInt8(ascii: "H"): return KEY_HOME
        case UInt8(ascii: "F"): return KEY_END
        default: return nil
        }
    }

    private static func ss3Code(_ final: UInt8) -> Int32 {
        if let code = cursorKeyCode(final) { return code }
        switch final {
        case UInt8(ascii: "M"): return KEY_ENTER
        // rxvt's Ctrl-arrows.
        case UInt8(ascii: "d"): return controlLeftCode
        case UInt8(ascii: "c"): return controlRightCode
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return KEY_F0 + 1 + Int32(final - UInt8(ascii: "P"))
        default: return unknownSequenceCode
        }
    }

    /// Unmodified keys only: a modified one (`ESC[1;5A`) that the table does not know stays
    /// unknown rather than passing for the plain key.
    private static func csiCode(final: UInt8, first: Int, more: Bool) -> Int32 {
        if more { return unknownSequenceCode }
        if let code = cursorKeyCode(final) { return code }
        switch final {
        case UInt8(ascii: "Z"): return KEY_BTAB
        case UInt8(ascii: "~"):
            switch first {
            case 1, 7: return KEY_HOME
            case 2: return KEY_IC
            case 3: return KEY_DC
            case 4, 8: return KEY_END
            case 5: return KEY_PPAGE
            case 6: return KEY_NPAGE
            default: return unknownSequenceCode
            }
        default: return unknownSequenceCode
        }
    }

    private enum UTF8Result {
        case scalar(UInt32, length: Int)
        case incomplete
        case invalid
    }

    /// One UTF-8 character at `i` (shortest form, no surrogates, at most U+10FFFF).
    private static func utf8(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> UTF8Result {
        let lead = b[i]
        let length: Int
        var value: UInt32
        var minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value, minimum) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (length, value, minimum) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (length, value, minimum) = (4, UInt32(lead & 0x07), 0x10000)
        default: return .invalid
        }
        var k = 1
        while k < length {
            guard i + k < b.count else { return .incomplete }
            let next = b[i + k]
            guard next & 0xC0 == 0x80 else { return .invalid }
            value = value << 6 | UInt32(next & 0x3F)
            k += 1
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return .invalid }
        return .scalar(value, length: length)
    }
}
