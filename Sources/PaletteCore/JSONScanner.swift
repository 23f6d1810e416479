/// Finds the palette in the JSON of a model's answer, in one pass over its bytes.
///
/// Every array and object in the text is judged when it closes, from a small summary of its
/// direct children, so nothing is kept but the open containers (at most `maxDepth`) and the
/// best result so far. The first container (by its opening bracket) that is a palette wins;
/// failing that, the first palette-like one's error is reported.
///
/// Beyond strict JSON it accepts what models write: single-quoted strings, unquoted keys and
/// values, trailing commas, `;` between members, `//` and `/* */` comments. Text outside
/// brackets is skipped. On a syntax error the open containers are dropped and scanning
/// resumes as prose at the offending byte, never before it, so the scan stays linear however
/// the input is built. Containers that closed before the error still count.
struct JSONScanner {
    /// Deeper nesting is a syntax error: it bounds memory, and no palette needs it.
    static var maxDepth: Int { 64 }
    /// Longer strings are cut when stored: no colour is that long, and messages quote 24 characters.
    static var maxStoredBytes: Int { 256 }

    /// The outcome of a scan.
    enum Outcome: Equatable {
        case palette(Palette)
        case failure(PaletteParseError)
        /// No array or object in the text looked like a palette.
        case none
    }

    /// What a container needs to know about one of its values.
    struct Child {
        /// A string or bare token's text, or an object's colour field (`{"hex": ...}`).
        var text: String?
        /// What to quote when the value is not a colour: the token, `[…]` or `{…}`.
        var display: String
        /// The role an object names in its `role`/`type`/`name` field.
        var role: Role?
        /// True for strings and bare tokens (not numbers, literals or containers).
        var isText: Bool

        var isCode: Bool { text.map(PaletteParser.isCode) ?? false }
        /// Whether the text names a colour (asked only of values that are not codes).
        var isName: Bool { text.map(PaletteParser.isName) ?? false }
        var colorText: String { text ?? display }
    }

    /// Up to three values kept inline: most containers are not palettes, and an array per
    /// container would cost an allocation each.
    struct FirstThree {
        private var a: Child?
        private var b: Child?
        private var c: Child?

        mutating func append(_ child: Child) {
            if a == nil { a = child } else if b == nil { b = child } else if c == nil { c = child }
        }

        var values: [Child] { [a, b, c].compactMap { $0 } }
    }

    private enum Expect {
        case value, key, colon, separator
    }

    /// What an open container expects next: kept apart from its `Frame` so the per-byte
    /// path copies two bytes, not the whole summary.
    private struct State {
        var isObject: Bool
        var expect: Expect
    }

    /// One open array or object and the summary of what it holds so far.
    private struct Frame {
        var isObject: Bool
        /// Order of the opening bracket among all containers; lower wins.
        var order: Int
        var pendingKey = ""
        /// Values (arrays) or members (objects) seen.
        var count = 0
        /// Arrays: every value that looks like a colour; objects: members whose value looks
        /// like a colour code (a name counts only under a role key).
        var colorish = 0
        /// Arrays: the values that look like colour codes, not names.
        var codes = 0
        /// Arrays: the first three values; objects: the first three colour-looking values.
        var first = FirstThree()
        /// Objects: the value for each role key (three fields, not an array: no allocation for
        /// the many objects that are not palettes).
        var primary: Child?
        var secondary: Child?
        var accent: Child?
        var colorField: String?
        var roleField: Role?
    }

    private let bytes: [UInt8]
    private var states: [State] = []
    private var frames: [Frame] = []
    private var opened = 0
    private var best: (order: Int, palette: Palette)?
    /// The first palette made only of colour names, with no role keys: used when nothing better is found.
    private var bestOfNames: (order: Int, palette: Palette)?
    private var firstError: (order: Int, error: PaletteParseError)?
    private var scratch: [UInt8] = []

    static func scan(_ bytes: [UInt8]) -> Outcome {
        var scanner = JSONScanner(bytes: bytes)
        scanner.run()
        if let best = scanner.best ?? scanner.bestOfNames { return .palette(best.palette) }
        if let firstError = scanner.firstError { return .failure(firstError.error) }
        return .none
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        states.reserveCapacity(Self.maxDepth)
        frames.reserveCapacity(Self.maxDepth)
        scratch.reserveCapacity(Self.maxStoredBytes)
    }

    // MARK: - Main loop

    private mutating func run() {
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if states.isEmpty {
                // Nothing opened later can beat a palette found at the top level.
                if best != nil { return }
                if c == UInt8(ascii: "[") || (c == UInt8(ascii: "{") && canStartMember(after: i)) {
                    open(c)
                    i += 1
                } else {
                    i = nextBracket(after: i)
                }
                continue
            }
            switch step(at: i) {
            case .next(let next):
                i = next
            case .fail(let resume):
                states.removeAll(keepingCapacity: true)
                frames.removeAll(keepingCapacity: true)
                i = resume
            }
        }
    }

    /// What one step inside a container did.
    private enum Step {
        /// Consumed up to this index.
        case next(Int)
        /// A syntax error: drop the open containers and read on as prose from this index.
        case fail(Int)
    }

    /// Consumes one token inside a container.
    private mutating func step(at i: Int) -> Step {
        let c = bytes[i]
        if Self.isSpace(c) { return .next(i + 1) }
        if c == UInt8(ascii: "/") { return skipComment(at: i).map(Step.next) ?? .fail(i) }
        let top = states.count - 1
        let state = states[top]
        let isObject = state.isObject
        switch state.expect {
        case .value:
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                guard states.count < Self.maxDepth else { return .fail(i) }
                open(c)
                return .next(i + 1)
            }
            if !isObject && c == UInt8(ascii: "]") { return close(c) ? .next(i + 1) : .fail(i) }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                switch readString(at: i) {
                case .success(let (s, next)):
                    deliver(Child(text: s, display: s, role: nil, isText: true))
                    return .next(next)
                case .failure(let broken):
                    return .fail(broken.index)
                }
            }
            guard Self.isTokenByte(c) else { return .fail(i) }
            let (token, next) = readToken(at: i)
            let isText = !(token == "true" || token == "false" || token == "null" || Self.isNumber(token))
            deliver(Child(text: isText ? token : nil, display: token, role: nil, isText: isText))
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
            frames[top].pendingKey = key
            states[top].expect = .colon
            return .next(next)
        case .colon:
            guard c == UInt8(ascii: ":") else { return .fail(i) }
            states[top].expect = .value
            return .next(i + 1)
        case .separator:
            if c == UInt8(ascii: ",") || (isObject && c == UInt8(ascii: ";")) {
                states[top].expect = isObject ? .key : .value
                return .next(i + 1)
            }
            if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") { return close(c) ? .next(i + 1) : .fail(i) }
            return .fail(i)
        }
    }

    /// The index of the first `[` or `{` after `i`, or the end: prose between containers is
    /// skipped in one search.
    private func nextBracket(after i: Int) -> Int {
        bytes.withUnsafeBufferPointer {
            ByteSearch.first(UInt8(ascii: "["), UInt8(ascii: "{"), in: $0, from: i + 1, to: $0.count) ?? $0.count
        }
    }

    /// False when the first non-space byte after a prose `{` cannot begin a key or close the
    /// object: opening it would only fail there, and `{{{{` is common enough in garbage.
    private func canStartMember(after i: Int) -> Bool {
        var j = i + 1
        while j < bytes.count && Self.isSpace(bytes[j]) { j += 1 }
        guard j < bytes.count else { return false }
        let c = bytes[j]
        return c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "}") || c == UInt8(ascii: "/")
            || Self.isTokenByte(c)
    }

    private mutating func open(_ bracket: UInt8) {
        let isObject = bracket == UInt8(ascii: "{")
        states.append(State(isObject: isObject, expect: isObject ? .key : .value))
        frames.append(Frame(isObject: isObject, order: opened))
        opened += 1
    }

    /// Closes the top container if `bracket` matches it, judges it, and hands its summary to
    /// the enclosing one; false on a mismatch.
    private mutating func close(_ bracket: UInt8) -> Bool {
        guard states[states.count - 1].isObject == (bracket == UInt8(ascii: "}")) else { return false }
        states.removeLast()
        let frame = frames.removeLast()
        if let result = Self.judge(frame) {
            // An array of names alone is a weaker candidate, and its failures are not reported:
            // most lists of words are not palettes.
            let ofNames = !frame.isObject && frame.codes == 0
            switch result {
            case .success(let palette) where ofNames:
                if bestOfNames.map({ frame.order < $0.order }) ?? true { bestOfNames = (frame.order, palette) }
            case .success(let palette):
                if best.map({ frame.order < $0.order }) ?? true { best = (frame.order, palette) }
            case .failure where ofNames:
                break
            case .failure(let error):
                if firstError.map({ frame.order < $0.order }) ?? true { firstError = (frame.order, error) }
            }
        }
        if !states.isEmpty {
            let child =
                frame.isObject
                ? Child(text: frame.colorField, display: "{…}", role: frame.roleField, isText: false)
                : Child(text: nil, display: "[…]", role: nil, isText: false)
            deliver(child)
        }
        return true
    }

    /// Adds a value to the top container's summary.
    private mutating func deliver(_ child: Child) {
        let top = states.count - 1
        states[top].expect = .separator
        frames[top].count += 1
        // A colour code always counts; a colour name is looked up only where it can change the
        // outcome: among an array's first three values (an array of more
        // is never a palette, and one without codes is not reported), and under a weak role key.
        let isCode = child.isCode
        guard states[top].isObject else {
            if isCode {
                frames[top].colorish += 1
                frames[top].codes += 1
            } else if frames[top].count <= 3, child.isName {
                frames[top].colorish += 1
            }
            frames[top].first.append(child)
            return
        }
        let colorish = isCode
        let key = RoleWords.normalize(frames[top].pendingKey)
        if let match = RoleWords.role(forNormalizedKey: key), match.isStrong || isCode || child.isName {
            switch match.role {
            case .primary: if frames[top].primary == nil { frames[top].primary = child }
            case .secondary: if frames[top].secondary == nil { frames[top].secondary = child }
            case .accent: if frames[top].accent == nil { frames[top].accent = child }
            }
        }
        if colorish {
            frames[top].colorish += 1
            frames[top].first.append(child)
        }
        // A colour field holds text, or an object that itself holds one (Design Tokens'
        // `"$value": {"colorSpace": "srgb", "hex": "#2E86AB"}`).
        if frames[top].colorField == nil && PaletteParser.colorFields.contains(key), let text = child.text {
            frames[top].colorField = text
        }
        if child.isText {
            if frames[top].roleField == nil && PaletteParser.roleFields.contains(key), let text = child.text {
                frames[top].roleField = RoleWords.role(forKey: text)?.role
            }
        }
    }

    // MARK: - Judging a container

    /// The palette a closed container stands for, why it is a broken one, or nil when it is
    /// not palette-like at all (no role keys and no colour-looking values).
    private static func judge(_ frame: Frame) -> Result<Palette, PaletteParseError>? {
        if frame.isObject {
            let named = [frame.primary, frame.secondary, frame.accent].compactMap { $0 }
            if !named.isEmpty {
                guard named.count == 3 else { return .failure(.wrongColorCount(named.count)) }
                return build(named)
            }
            guard frame.colorish > 0 else { return nil }
            guard frame.colorish == 3 else { return .failure(.wrongColorCount(frame.colorish)) }
            return build(frame.first.values)
        }
        guard frame.colorish > 0 else { return nil }
        guard frame.count == 3 else { return .failure(.wrongColorCount(frame.count)) }
        let values = frame.first.values
        if Set(values.compactMap(\.role)).count == 3 {
            return build(Role.allCases.map { role in values.first { $0.role == role }! })
        }
        return build(values)
    }

    /// Three values in role order to a palette, or the first one that is not a colour.
    private static func build(_ values: [Child]) -> Result<Palette, PaletteParseError> {
        var colors: [RGB] = []
        for (role, value) in zip(Role.allCases, values) {
            do {
                colors.append(try ColorSyntax.parse(value.colorText))
            } catch {
                return .failure(.invalidColor(role.rawValue, error))
            }
        }
        return .success(Palette(primary: colors[0], secondary: colors[1], accent: colors[2]))
    }

    // MARK: - Tokens

    /// Where an unterminated string stopped: the line break or the end of the text.
    private struct BrokenString: Error {
        var index: Int
    }

    /// Reads a quoted string with JSON escapes; fails when a line or the text ends first.
    private mutating func readString(at start: Int) -> Result<(String, Int), BrokenString> {
        let quote = bytes[start]
        let n = bytes.count
        // Most strings hold no escape: found to their end in one search and decoded in one go (cut
        // to `maxStoredBytes` as `store` cuts them). At a backslash, the loop below reads it whole.
        var i = endOrEscape(from: start + 1, quote: quote)
        if i == n { return .failure(BrokenString(index: n)) }
        if bytes[i] == quote {
            let stored = (start + 1)..<min(i, start + 1 + Self.maxStoredBytes)
            return .success((String(decoding: bytes[stored], as: UTF8.self), i + 1))
        }
        if bytes[i] != UInt8(ascii: "\\") { return .failure(BrokenString(index: i)) }
        scratch.removeAll(keepingCapacity: true)
        // The bytes before the backslash, as `store` keeps them.
        scratch.append(contentsOf: bytes[(start + 1)..<min(i, start + 1 + Self.maxStoredBytes)])
        while i < n {
            // Once the stored text is full, nothing more read changes it: only where the string
            // ends is left to find (a hex digit after `\u` is never a quote, a backslash or a
            // line break, so each escape skips its one next byte).
            if scratch.count >= Self.maxStoredBytes { return skipToEnd(from: i, quote: quote) }
            let c = bytes[i]
            if c == quote { return .success((String(decoding: scratch, as: UTF8.self), i + 1)) }
            if c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") { return .failure(BrokenString(index: i)) }
            if c != UInt8(ascii: "\\") {
                store(c)
                i += 1
                continue
            }
            guard i + 1 < n else { return .failure(BrokenString(index: n)) }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): store(0x0A)
            case UInt8(ascii: "t"): store(0x09)
            case UInt8(ascii: "r"): store(0x0D)
            case UInt8(ascii: "b"): store(0x08)
            case UInt8(ascii: "f"): store(0x0C)
            case UInt8(ascii: "u"):
                guard let unit = hex4(at: i) else {
                    store(e)
                    continue
                }
                i += 4
                var scalar = Unicode.Scalar(unit)
                if (0xD800..<0xDC00).contains(unit), i + 6 <= n, bytes[i] == UInt8(ascii: "\\"),
                    bytes[i + 1] == UInt8(ascii: "u"), let low = hex4(at: i + 2), (0xDC00..<0xE000).contains(low)
                {
                    scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                    i += 6
                }
                for b in String(scalar ?? "\u{FFFD}").utf8 { store(b) }
            default:
                store(e)
            }
        }
        return .failure(BrokenString(index: n))
    }

    /// The index of the first quote, backslash or line break from `i`, or the end of the text.
    private func endOrEscape(from i: Int, quote: UInt8) -> Int {
        bytes.withUnsafeBufferPointer {
            ByteSearch.first(
                quote, UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), in: $0, from: i, to: $0.count)
        } ?? bytes.count
    }

    /// The rest of a string whose stored text is complete: `scratch` and the index after its
    /// closing quote, or where it broke, as the loop in `readString` would find them.
    private func skipToEnd(from start: Int, quote: UInt8) -> Result<(String, Int), BrokenString> {
        let n = bytes.count
        var i = start
        while i < n {
            let hit = endOrEscape(from: i, quote: quote)
            if hit == n { break }
            if bytes[hit] == quote { return .success((String(decoding: scratch, as: UTF8.self), hit + 1)) }
            guard bytes[hit] == UInt8(ascii: "\\") else { return .failure(BrokenString(index: hit)) }
            guard hit + 1 < n else { break }
            i = hit + 2
        }
        return .failure(BrokenString(index: n))
    }

    private mutating func store(_ byte: UInt8) {
        if scratch.count < Self.maxStoredBytes { scratch.append(byte) }
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
        return (String(decoding: bytes[start..<min(i, start + Self.maxStoredBytes)], as: UTF8.self), i)
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

    /// JSON's number grammar: `-? digits (. digits)? ([eE] [+-]? digits)?`.
    static func isNumber(_ token: String) -> Bool {
        var it = token.utf8.makeIterator()
        var c = it.next()
        func digits() -> Bool {
            var any = false
            while let d = c, d >= 0x30 && d <= 0x39 {
                any = true
                c = it.next()
            }
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
            UInt8(ascii: "."), UInt8(ascii: "$"):
            return true
        default: return false
        }
    }
}
