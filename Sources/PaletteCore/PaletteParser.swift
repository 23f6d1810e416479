/// Why text from a model is not a palette. Each case says exactly what was wrong.
public enum PaletteParseError: Error, Equatable, Sendable, CustomStringConvertible {
    case noPaletteFound
    case wrongColorCount(Int)
    /// Which colour (its role, e.g. `accent`) and why it is not one.
    case invalidColor(String, ColorParseError)

    public var description: String {
        switch self {
        case .noPaletteFound:
            return "no palette found in the text: expected three colours such as "
                + "[\"#2E86AB\", \"#A23B72\", \"#F18F01\"] or an object with primary, secondary and accent"
        case .wrongColorCount(let n):
            return "expected 3 colours (primary, secondary, accent), found \(n)"
        case .invalidColor(let role, let error):
            return "invalid \(role) colour: \(error)"
        }
    }
}

/// The one place that turns any model's text into a `Palette` or a precise error.
///
/// It reads, in this order of preference:
/// 1. JSON anywhere in the text (fenced, in prose, pretty-printed, or loose as models write
///    it: single quotes, unquoted keys, trailing commas, comments): the first array or object
///    that is a palette wins. Arrays hold three colours, as strings or as objects with a
///    `hex`/`color` field (and optionally a `role`); objects name the roles, in any case, with
///    English synonyms or the Traditional and Simplified Chinese names, or simply hold three
///    colour values. Wrappers such as `{"palette": {...}}` or `{"colors": [...]}` need no
///    special case: every nested container is tried, outermost first.
/// 2. Failing that, `#RGB`/`#RRGGBB` codes in the prose (and `#RGBA`/`#RRGGBBAA` when the
///    alpha is opaque, as in JSON; a translucent one is refused in both, and in prose four
///    digits with a translucent alpha, or five, are called a code that may be cut short),
///    assigned by the role word before each on its line when all three are labelled,
///    otherwise in order.
///
/// When nothing succeeds, the first palette-like container's error is reported. Every step
/// is linear in the input; see `JSONScanner`.
public enum PaletteParser {
    public static func parse(_ text: String) throws(PaletteParseError) -> Palette {
        // One copy of the bytes for both readers.
        let bytes = Array(text.utf8)
        switch JSONScanner.scan(bytes) {
        case .palette(let palette): return palette
        case .failure(let error): throw error
        case .none: return try ProseScanner.palette(in: bytes)
        }
    }

    // MARK: - Colour values

    /// Field names that hold the colour inside a per-colour object (`{"hex": "#2E86AB"}`).
    static let colorFields: Set<String> = [
        "hex", "color", "colour", "value", "code", "hexcode", "colorcode", "colourcode", "rgb", "色", "顏色", "颜色", "色碼",
        "色码",
    ]

    /// Field names that say which role a per-colour object plays.
    static let roleFields: Set<String> = ["role", "type", "usage", "purpose", "name", "角色", "用途"]

    /// How a value looks: a colour code (`isCode`: `looksLikeColor`, or a colour function such
    /// as `rgb(…)`), else a colour name (`isName`). Names count for less: a list of three words
    /// that all happen to name colours ("forest", "moss", "gold") is only a palette when nothing
    /// better is found. The two tests are apart so a name is looked up only where it counts.
    static func isCode(_ text: String) -> Bool {
        // Both tests read from the first byte that is not white space, and pass only when it is
        // a `#`, a hex digit or the letter of a function name: any other value is no code.
        guard let first = text.utf8.first(where: { !JSONScanner.isSpace($0) }),
            first == UInt8(ascii: "#") || (first >= 0x30 && first <= 0x39)
                || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z"))
        else { return false }
        return looksLikeColor(text) || looksLikeFunction(text)
    }

    /// Whether text names a colour (`ColorNames.named`); for a value that is not a code.
    static func isName(_ text: String) -> Bool {
        // A name starts with a letter (any script): punctuation is not looked up at all.
        guard let first = text.utf8.first(where: { !JSONScanner.isSpace($0) }),
            first >= 0x80 || (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
        else { return false }
        return text.utf8.count <= 48 && ColorNames.named(text) != nil
    }

    /// True for `name(` with `name` one of CSS's colour functions, any case, white space first.
    static func looksLikeFunction(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        while let f = bytes.first, JSONScanner.isSpace(f) { bytes.removeFirst() }
        // Most values have no `(` near their start: no name is built for them.
        guard let open = bytes.prefix(6).firstIndex(of: UInt8(ascii: "(")) else { return false }
        return ColorSyntax.isFunctionName(bytes[..<open].map { $0 | 0x20 })
    }

    /// True for text meant as a colour: `#` first, six hex digits, or three with a digit
    /// among them (so words like "bad" or "fed" do not make a list palette-like).
    static func looksLikeColor(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        while let f = bytes.first, JSONScanner.isSpace(f) { bytes.removeFirst() }
        if bytes.first == UInt8(ascii: "#") { return true }
        var count = 0
        var digits = 0
        for b in bytes {
            if JSONScanner.isSpace(b) { break }
            guard RGB.nibble(Unicode.Scalar(b)) != nil else { return false }
            count += 1
            if b < 0x3A { digits += 1 }
        }
        return count == 6 || (count == 3 && digits > 0)
    }
}

// MARK: - Role words

/// The words that name a role, in keys (`primaryColor`, `主色`) and in prose (`Accent:`).
enum RoleWords {
    /// Names that mean the role on their own; their value is taken even when it is not a colour,
    /// so `{"primary": "blue", ...}` is reported as an invalid primary colour.
    static let strong: [String: Role] = [
        "primary": .primary, "主色": .primary, "主色調": .primary, "主色调": .primary,
        "secondary": .secondary, "輔助色": .secondary, "辅助色": .secondary,
        "accent": .accent, "強調色": .accent, "强调色": .accent,
    ]

    /// Synonyms that only count when their value looks like a colour: `base` or `main` are
    /// too common as ordinary keys.
    static let weak: [String: Role] = [
        "main": .primary, "base": .primary, "dominant": .primary, "主要色": .primary, "主要": .primary,
        "support": .secondary, "supporting": .secondary, "complementary": .secondary,
        "輔色": .secondary, "辅色": .secondary, "次要色": .secondary, "次色": .secondary, "輔助": .secondary, "辅助": .secondary,
        "highlight": .accent, "emphasis": .accent, "點綴色": .accent, "点缀色": .accent,
        "重點色": .accent, "重点色": .accent, "強調": .accent, "强调": .accent,
    ]

    /// The strong names written in Chinese (their first scalar above U+2E80), their first
    /// scalars and their bytes: prose is searched for these apart from the ASCII words.
    static let chineseStrong: [String] = strong.keys.filter { $0.unicodeScalars.first!.value > 0x2E80 }
    static let chineseInitials: Set<Unicode.Scalar> = Set(chineseStrong.map { $0.unicodeScalars.first! })
    static let chineseStrongEntries: [(name: String, bytes: [UInt8], role: Role)] = chineseStrong.map {
        ($0, Array($0.utf8), strong[$0]!)
    }

    /// `asciiInitials[n]`: bit `k` set when an ASCII role word (strong or weak) of `n` letters
    /// begins with the `k`th letter of the alphabet.
    static let asciiInitials: [UInt32] = {
        var masks = [UInt32](repeating: 0, count: 32)
        for word in Array(strong.keys) + Array(weak.keys) {
            let bytes = Array(word.utf8)
            guard bytes.count < masks.count, let first = bytes.first, (0x61...0x7A).contains(first) else { continue }
            masks[bytes.count] |= 1 << UInt32(first - 0x61)
        }
        return masks
    }()

    /// False when no ASCII role word has `length` letters and begins with the letter `first`
    /// (either case): such a word need not be looked up.
    /// `initials` is `asciiInitials`, read once by a caller that asks for many words.
    static func mayBeASCIIWord(length: Int, first: UInt8, initials: [UInt32] = asciiInitials) -> Bool {
        guard length < initials.count else { return false }
        return initials[length] & 1 << UInt32((first | 0x20) &- 0x61) != 0
    }

    private static let affixes: [[UInt8]] = ["colour", "color", "hex", "code", "value"].map { Array($0.utf8) }

    /// The role a key names, and whether the name is a strong one.
    static func role(forKey key: String) -> (role: Role, isStrong: Bool)? {
        role(forNormalizedKey: normalize(key))
    }

    /// `role(forKey:)` for a key already passed through `normalize`: looks the key up, then
    /// again after each pass that strips `color`/`colour`/`hex`/`code`/`value` from either end.
    static func role(forNormalizedKey key: String) -> (role: Role, isStrong: Bool)? {
        if let r = lookup(key) { return r }
        // Only a key longer than an affix can lose one (`a`, `x`, `id` are most keys that are no role).
        guard key.utf8.count > 3 else { return nil }
        var k = Array(key.utf8)[...]
        var changed = true
        while changed && k.count <= 48 {
            changed = false
            for affix in affixes where k.count > affix.count {
                if k.suffix(affix.count).elementsEqual(affix) {
                    k.removeLast(affix.count)
                    changed = true
                } else if k.prefix(affix.count).elementsEqual(affix) {
                    k.removeFirst(affix.count)
                    changed = true
                }
            }
            if changed, let r = lookup(String(decoding: k, as: UTF8.self)) { return r }
        }
        return nil
    }

    private static func lookup(_ key: String) -> (role: Role, isStrong: Bool)? {
        if let r = strong[key] { return (r, true) }
        if let r = weak[key] { return (r, false) }
        return nil
    }

    /// Lower case, letters and digits only: `Primary_Color` and `primary-colour` meet.
    static func normalize(_ key: String) -> String {
        let utf8 = key.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: the same letters and digits from the bytes, no scalar view built.
            let bytes = utf8.prefix(64)
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                var n = 0
                for b in bytes {
                    switch b {
                    case 0x30...0x39, 0x61...0x7A: out[n] = b
                    case 0x41...0x5A: out[n] = b + 0x20
                    default: continue
                    }
                    n += 1
                }
                return n
            }
        }
        var out = String.UnicodeScalarView()
        for s in key.unicodeScalars.prefix(64) {
            switch s.value {
            case 0x30...0x39, 0x61...0x7A: out.append(s)
            case 0x41...0x5A: out.append(Unicode.Scalar(s.value + 0x20)!)
            case 0..<0x80: continue
            default:
                if s.properties.isAlphabetic || s.properties.numericType != nil {
                    out.append(contentsOf: s.properties.lowercaseMapping.unicodeScalars)
                }
            }
        }
        return String(out)
    }
}

// MARK: - Prose

/// Reads colours from text that holds no usable JSON: `#RGB` / `#RRGGBB` codes (and, opaque,
/// `#RGBA` / `#RRGGBBAA`) and colour
/// functions (`rgb(47 93 80)`) anywhere, colour names on lines labelled with a role
/// (`Primary: navy`), or a bare list of three names (`navy, teal, coral`).
enum ProseScanner {
    /// One colour found, with the text before it on its line (where its role is named).
    struct Token {
        var label: String
        var color: Result<RGB, ColorParseError>
    }

    /// Text written where a colour goes that is not one (`#zz`, `#12345`, `rgb(1 2)`, a
    /// role's unknown name): kept so a palette that lacks a colour because of it names it,
    /// instead of only counting the colours that read.
    struct Bad {
        /// How many colours (read or not) came before it: its role when no label names one.
        var position: Int
        var label: String
        var error: ColorParseError
    }

    static func palette(in bytes: [UInt8]) throws(PaletteParseError) -> Palette {
        // The first three colours with their labels; the rest are only counted.
        var tokens: [Token] = []
        var bad: [Bad] = []
        var count = 0
        let roleInitials = RoleWords.asciiInitials
        var lineStart = 0
        while lineStart <= bytes.count {
            // The line's end, and whether it holds a `#` or a `(` (where `scan` can find a colour):
            // one search for the three bytes, then for the line break alone.
            let (lineEnd, mayHoldCode) = bytes.withUnsafeBufferPointer { buffer in
                let n = buffer.count
                let line = UInt8(ascii: "\n")
                guard
                    let hit = ByteSearch.first(
                        line, UInt8(ascii: "#"), UInt8(ascii: "("), line, in: buffer, from: lineStart, to: n)
                else { return (n, false) }
                if buffer[hit] == line { return (hit, false) }
                return (ByteSearch.first(line, line, in: buffer, from: hit + 1, to: n) ?? n, true)
            }
            let before = count
            let badBefore = bad.count
            // Both readers of labelled text take lines of at most 400 bytes.
            let mayName =
                lineEnd - lineStart <= 400
                && bytes.withUnsafeBufferPointer { mayNameRole($0, lineStart..<lineEnd, initials: roleInitials) }
            if mayName, let pairs = labelledPairs(bytes[lineStart..<lineEnd]) {
                // `primary: navy; secondary: teal; accent: coral` on one line, or JSON members
                // without their braces: each role with its own value.
                for pair in pairs {
                    switch pair {
                    case .success(let token):
                        count += 1
                        if tokens.count < 3 { tokens.append(token) }
                    case .failure(let unknown):
                        bad.append(Bad(position: count + bad.count, label: unknown.label, error: unknown.error))
                    }
                }
                lineStart = lineEnd + 1
                continue
            }
            if mayHoldCode { scan(bytes, lineStart..<lineEnd, into: &tokens, count: &count, bad: &bad) }
            if mayName, count == before, bad.count == badBefore {
                switch labelledName(bytes[lineStart..<lineEnd]) {
                case .some(.success(let named)):
                    count += 1
                    if tokens.count < 3 { tokens.append(named) }
                case .some(.failure(let unknown)):
                    bad.append(Bad(position: count + bad.count, label: unknown.label, error: unknown.error))
                case nil:
                    break
                }
            }
            lineStart = lineEnd + 1
        }
        if count == 0, bad.isEmpty, let names = nameList(bytes) { return try names.get() }
        // CSS declarations (`color: red; background: blue; border-color: #0A0`): every colour
        // value in any form, names too, when they hold more colours than the codes read above.
        if count < 3, bad.isEmpty, let declared = cssDeclarations(bytes), declared.count > count {
            tokens = Array(declared.prefix(3))
            count = declared.count
        }
        // Fewer than three colours read because one was written wrong: name it, and its role.
        // It counts beside a colour that read, or after a role's label; alone, `#12` is an
        // issue number and `color(s)` prose.
        if count < 3, let first = bad.first {
            let labelled = label(first.label)
            let role = labelled ?? (first.position < 3 ? Role.allCases[first.position] : nil)
            if let role, count > 0 || labelled != nil { throw .invalidColor(role.rawValue, first.error) }
        }
        if count == 0 { throw .noPaletteFound }
        guard count == 3 else { throw .wrongColorCount(count) }
        var colors: [RGB] = []
        for (k, token) in tokens.enumerated() {
            switch token.color {
            case .success(let c): colors.append(c)
            case .failure(let error): throw .invalidColor(Role.allCases[k].rawValue, error)
            }
        }
        let labels = tokens.map { label($0.label) }
        if Set(labels.compactMap { $0 }).count == 3 {
            var byRole: [Role: RGB] = [:]
            for (k, role) in labels.enumerated() { byRole[role!] = colors[k] }
            return Palette(primary: byRole[.primary]!, secondary: byRole[.secondary]!, accent: byRole[.accent]!)
        }
        return Palette(primary: colors[0], secondary: colors[1], accent: colors[2])
    }

    /// The hex codes and the colour functions that read as a colour on one line.
    ///
    /// Only two bytes can start one: a `#` at the start of a word, and the `(` after a function's
    /// name. The line is searched for those two alone, eight bytes at a time, and a name is read
    /// back from its `(`: the letters before it, from where the scan stands, when they start a
    /// word (the scan stands past every `#` word and colour function it has read, so the letters
    /// of `#rgb(` are never a name).
    private static func scan(
        _ bytes: [UInt8], _ line: Range<Int>, into tokens: inout [Token], count: inout Int, bad: inout [Bad]
    ) {
        func slice(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        var labelStart = line.lowerBound
        var i = line.lowerBound
        while let p = bytes.withUnsafeBufferPointer({
            ByteSearch.first(UInt8(ascii: "#"), UInt8(ascii: "("), in: $0, from: i, to: line.upperBound)
        }) {
            if bytes[p] == UInt8(ascii: "#") {
                let atWordStart = p == line.lowerBound || !isWordByte(bytes[p - 1])
                guard atWordStart && (p == line.lowerBound || bytes[p - 1] != UInt8(ascii: "&")) else {
                    i = p + 1
                    continue
                }
                var j = p + 1
                while j < line.upperBound && RGB.nibble(Unicode.Scalar(bytes[j])) != nil { j += 1 }
                let length = j - p - 1
                if (length == 3 || length == 6) && (j == line.upperBound || !isWordByte(bytes[j])) {
                    count += 1
                    // Only the first three are kept; the others are counted, never read or quoted.
                    if tokens.count < 3 {
                        let code = RGB(hexDigits: bytes[(p + 1)..<j])!
                        tokens.append(Token(label: slice(labelStart..<p), color: .success(code)))
                    }
                    labelStart = j
                    i = j
                    continue
                }
                // `#RGBA` and `#RRGGBBAA` read as JSON reads them (`ColorSyntax`): an opaque
                // alpha (`#2E86ABFF`) is the colour itself; a translucent one is refused, a colour
                // written wrong with its alpha named (a palette colour has no transparency).
                if (length == 4 || length == 8) && (j == line.upperBound || !isWordByte(bytes[j])) {
                    // Opaque when every alpha digit is `F`: known from the bytes, so the many
                    // codes past the first three cost no string and no error.
                    let alphaStart = j - length / 4
                    if bytes[alphaStart..<j].allSatisfy({ $0 | 0x20 == UInt8(ascii: "f") }) {
                        count += 1
                        if tokens.count < 3 {
                            let code = RGB(hexDigits: bytes[(p + 1)..<alphaStart])!
                            tokens.append(Token(label: slice(labelStart..<p), color: .success(code)))
                        }
                    } else if bad.count < 3,
                        case .failure(let error) = Result(catching: { () throws(ColorParseError) in
                            try ColorSyntax.parse(slice(p..<j))
                        })
                    {
                        bad.append(
                            Bad(position: count + bad.count, label: slice(labelStart..<p), error: inProse(error)))
                    }
                    labelStart = j
                    i = j
                    continue
                }
                // `#` and a word of up to 8 letters and digits that is no code (`#zz`, `#12345`,
                // `#GGHHII`, `#2E86AB8`): a colour written wrong. A longer word is a hashtag, not
                // a colour. Only the first three are kept, so the error (and its quote) is built
                // for those alone.
                var k = p + 1
                while k < line.upperBound && isWordByte(bytes[k]) { k += 1 }
                if k > p + 1, k - p - 1 <= 8 {
                    // `RGB(hex:)` never reads such a word (3, 4, 6 or 8 hex digits alone are a
                    // code, above): it is called for its error only.
                    if bad.count < 3,
                        case .failure(let error) = Result(catching: { () throws(ColorParseError) in
                            try RGB(hex: slice(p..<k))
                        })
                    {
                        bad.append(
                            Bad(position: count + bad.count, label: slice(labelStart..<p), error: inProse(error)))
                    }
                    labelStart = k
                }
                i = max(k, p + 1)
                continue
            }
            // A `(`: the letters just before it, not before `i`, up to one more than a name has.
            var s = p
            while s > i && p - s <= 5 && isLetter(bytes[s - 1]) { s -= 1 }
            // A colour function counts only when it reads: prose says "colour(s)" too.
            if s < p, p - s <= 5, s == line.lowerBound || !isWordByte(bytes[s - 1]),
                ColorSyntax.isFunctionName(bytes[s..<p].map { $0 | 0x20 }),
                let close = bytes[p..<min(line.upperBound, s + ColorSyntax.maxLength)].firstIndex(
                    of: UInt8(ascii: ")"))
            {
                do {
                    let color = try ColorSyntax.parse(slice(s..<(close + 1)))
                    count += 1
                    if tokens.count < 3 { tokens.append(Token(label: slice(labelStart..<s), color: .success(color))) }
                } catch {
                    // `rgb(1 2)`: a colour function with numbers that does not read is a colour
                    // written wrong (`colour(s)` has none).
                    if bad.count < 3, bytes[p..<close].contains(where: { (0x30...0x39).contains($0) }) {
                        bad.append(Bad(position: count + bad.count, label: slice(labelStart..<s), error: error))
                    }
                }
                labelStart = close + 1
                i = close + 1
                continue
            }
            i = p + 1
        }
    }

    /// `Primary: navy`, `- **Accent** = coral`, `主色：靛青`, `Primary — navy`, `accent -> coral`,
    /// `| Accent | coral |`: a role, a separator, then a colour name (alone, or before a
    /// parenthesis or a comma). Only a name that is known counts; a short value of letters that
    /// names no colour (`accent: corral`) is returned as the failure, so the palette it leaves
    /// short can name it.
    private static func labelledName(_ line: ArraySlice<UInt8>) -> Result<Token, BadName>? {
        guard line.count <= 200 else { return nil }
        return pair(separated(String(decoding: line, as: UTF8.self))[...], namesOnly: true)
    }

    /// Every way a model separates a role from its value, written as `:`.
    private static func separated(_ text: String) -> String {
        var t = text
        // A separator whose bytes are not in the line is not searched for (most lines hold none).
        for (sep, bytes) in separators where contains(text.utf8, bytes) && t.contains(sep) {
            t = t.replacing(sep, with: ":")
        }
        return t
    }

    private static let separators: [(String, [UInt8])] = ["=>", "->", "—", "–", "|", "\t"].map { ($0, Array($0.utf8)) }

    /// Whether `bytes` holds `needle` (non-empty) as a run of bytes.
    private static func contains<C: Collection<UInt8>>(_ bytes: C, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        var i = bytes.startIndex
        while let hit = bytes[i...].firstIndex(of: first) {
            if bytes[hit...].starts(with: needle) { return true }
            i = bytes.index(after: hit)
        }
        return false
    }

    /// What `pair` strips from both ends of a value.
    private static let decoration: Set<Character> = [
        "*", "`", "\"", "'", "_", ".", ",", ";", "。", "，", "；", "-", "=", ":", "：", " ", "\t", "\r", "{", "}",
        "[", "]",
    ]

    /// One `ROLE SEP VALUE` stretch: the role named before the separator, the value read after
    /// it (any colour form unless `namesOnly`, for lines whose codes `scan` already read).
    private static func pair(_ text: Substring, namesOnly: Bool) -> Result<Token, BadName>? {
        var text = text
        while let f = text.first, ":*•·- \t\r".contains(f) { text.removeFirst() }
        guard let sep = text.firstIndex(where: { ":=：".contains($0) }) ?? text.firstRange(of: " - ")?.lowerBound else {
            return nil
        }
        let head = String(text[..<sep])
        guard label(head) != nil else { return nil }
        func stripped(_ s: Substring) -> String {
            var s = s
            while let f = s.first, decoration.contains(f) { s.removeFirst() }
            while let l = s.last, decoration.contains(l) { s.removeLast() }
            return String(s)
        }
        let value = stripped(text[text.index(after: sep)...])
        var candidates = [value]
        if let cut = value.firstIndex(where: { "(（,，".contains($0) }) { candidates.append(stripped(value[..<cut])) }
        var lastError: ColorParseError?
        for candidate in candidates where !candidate.isEmpty {
            if namesOnly {
                if let name = ColorNames.named(candidate) {
                    return .success(Token(label: head, color: .success(name.color)))
                }
            } else {
                do {
                    return .success(Token(label: head, color: .success(try ColorSyntax.parse(candidate))))
                } catch {
                    if lastError == nil { lastError = error }
                }
            }
        }
        let word = candidates.last ?? value
        if (1...32).contains(word.count), word.first?.isLetter == true,
            word.allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" })
        {
            return .failure(BadName(label: head, error: .notAColor(word)))
        }
        if let lastError, !namesOnly, value.count <= 48 {
            return .failure(BadName(label: head, error: inProse(lastError)))
        }
        return nil
    }

    /// A `#` code's error as prose words it (docs/decisions.md, "a code cut short in prose"):
    /// prose reads the alpha forms, so a wrong length says so; four digits with a translucent
    /// alpha, or five, are a six-digit code that may be cut short (a reply ended mid-code, a
    /// digit lost), the #RGBA reading named too; eight are a whole #RRGGBBAA. Text without a
    /// `#` keeps its error: only 3 or 6 digits read without one.
    static func inProse(_ error: ColorParseError) -> ColorParseError {
        func digits(_ text: String) -> Int? {
            var code = Substring(text)
            while code.first == " " { code.removeFirst() }
            while code.last == " " { code.removeLast() }
            guard code.first == "#" else { return nil }
            return code.dropFirst().allSatisfy { $0.isASCII && $0.isHexDigit } ? code.count - 1 : nil
        }
        switch error {
        case .translucent(let alpha, let text) where digits(text) == 4:
            return .cutShort(4, alpha: alpha, in: text)
        case .wrongLength(let n, let text), .wrongHexLength(let n, let text):
            guard digits(text) != nil else { return error }
            return n == 5 ? .cutShort(5, alpha: nil, in: text) : .wrongHexLength(n, in: text)
        default:
            return error
        }
    }

    /// A line that names two or three roles, each followed by a separator and its value
    /// (`Primary: navy, Secondary: teal, Accent: coral`, `"accent": "rgb(0 0 128)", "primary":
    /// "navy"`); nil for a line that names fewer, or one where a role has no value after it (a
    /// sentence that only mentions the roles).
    private static func labelledPairs(_ line: ArraySlice<UInt8>) -> [Result<Token, BadName>]? {
        guard line.count <= 400, line.count >= 8 else { return nil }
        let text = separated(String(decoding: line, as: UTF8.self))
        // Where each role word starts: ASCII words, and the Chinese names anywhere.
        var starts: [String.Index] = []
        var i = text.startIndex
        while i < text.endIndex {
            let character = text[i]
            // An ASCII character's letters are A-Z and a-z (`asciiValue` is nil for all others).
            guard let ascii = character.asciiValue, isLetter(ascii) else {
                if character.asciiValue == nil, mayStartChineseName(character),
                    let name = RoleWords.chineseStrong.first(where: { text[i...].hasPrefix($0) })
                {
                    starts.append(i)
                    i = text.index(i, offsetBy: name.count)
                } else {
                    i = text.index(after: i)
                }
                continue
            }
            var j = text.index(after: i)
            while j < text.endIndex, let a = text[j].asciiValue, isLetter(a) { j = text.index(after: j) }
            if RoleWords.strong[text[i..<j].lowercased()] != nil { starts.append(i) }
            i = j
        }
        guard (2...3).contains(starts.count) else { return nil }
        var pairs: [Result<Token, BadName>] = []
        var roles = Set<Role>()
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : text.endIndex
            guard let found = pair(text[start..<end], namesOnly: false) else { return nil }
            let head: String
            switch found {
            case .success(let token): head = token.label
            case .failure(let unknown): head = unknown.label
            }
            guard let role = label(head), roles.insert(role).inserted else { return nil }
            pairs.append(found)
        }
        return pairs
    }

    /// A role's value that names no colour.
    struct BadName: Error {
        var label: String
        var error: ColorParseError
    }

    /// Text that is only three colour names, one a line or between commas (`navy, teal, coral`),
    /// or three one-word names on one line (`navy teal coral`).
    /// The colours of CSS declarations, in order, each labelled by its property: text with a `;`
    /// or a `{`, cut at `;`, `{`, `}` and line breaks, where a piece `property: value` (with an
    /// optional `!important`) has a value `ColorSyntax` reads. Nil for other text, or none read.
    static func cssDeclarations(_ bytes: [UInt8]) -> [Token]? {
        guard bytes.count <= 1 << 20, bytes.contains(UInt8(ascii: ";")) || bytes.contains(UInt8(ascii: "{")) else {
            return nil
        }
        var tokens: [Token] = []
        for piece in bytes.split(whereSeparator: { $0 == 0x3B || $0 == 0x7B || $0 == 0x7D || $0 == 0x0A }) {
            guard let colon = piece.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let property = cssTrimmed(String(decoding: piece[..<colon], as: UTF8.self))
            guard let first = property.unicodeScalars.first, first == "-" || first.properties.isAlphabetic,
                property.unicodeScalars.allSatisfy({
                    $0 == "-" || $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
                })
            else { continue }
            var value = cssTrimmed(String(decoding: piece[(colon + 1)...], as: UTF8.self))
            if value.lowercased().hasSuffix("!important") { value = cssTrimmed(String(value.dropLast(10))) }
            guard !value.isEmpty, value.utf8.count <= ColorSyntax.maxLength,
                let color = try? ColorSyntax.parse(value)
            else { continue }
            tokens.append(Token(label: property, color: .success(color)))
        }
        return tokens.isEmpty ? nil : tokens
    }

    /// `text` without white space at either end.
    private static func cssTrimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let f = scalars.first, f.properties.isWhitespace { scalars.removeFirst() }
        while let l = scalars.last, l.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    private static func nameList(_ bytes: [UInt8]) -> Result<Palette, PaletteParseError>? {
        guard bytes.count <= 600 else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let bullets: Set<Character> = ["-", "*", "•", "·", "\"", "'", "`", "[", "]", ".", " ", "\t", "\r"]
        func clean(_ item: Substring) -> String {
            var item = item
            while let f = item.first,
                bullets.contains(f) || f.isNumber && item.dropFirst().first.map({ ".)、".contains($0) }) == true
            {
                item.removeFirst()
            }
            while let l = item.last, bullets.contains(l) { item.removeLast() }
            return String(item)
        }
        var items = text.split(whereSeparator: { "\n,;、，；".contains($0) }).map(clean).filter { !$0.isEmpty }
        if items.count == 1 { items = items[0].split(separator: " ").map(String.init) }
        guard items.count == 3 else { return nil }
        let colors = items.map { ColorNames.named($0)?.color }
        let known = colors.compactMap { $0 }
        if known.count == 3 { return .success(Palette(primary: known[0], secondary: known[1], accent: known[2])) }
        // Two names and a word that is none (`navy, tael, coral`): that word is the colour
        // written wrong. With fewer names, the text is not a list of colours at all.
        guard known.count == 2, let k = colors.firstIndex(where: { $0 == nil }),
            (1...32).contains(items[k].count), items[k].allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" })
        else { return nil }
        return .failure(.invalidColor(Role.allCases[k].rawValue, .notAColor(items[k])))
    }

    /// The one role named in a stretch of prose, or nil when there is none or more than one.
    static func label(_ segment: String) -> Role? {
        var found: Set<Role> = []
        let utf8 = segment.utf8
        if !utf8.contains(where: { $0 >= 0x80 }) {
            // ASCII: the same words from the bytes (an ASCII letter is A-Z or a-z), and no Chinese name.
            var i = utf8.startIndex
            while i < utf8.endIndex {
                guard isLetter(utf8[i]) else {
                    i = utf8.index(after: i)
                    continue
                }
                var j = utf8.index(after: i)
                while j < utf8.endIndex, isLetter(utf8[j]) { j = utf8.index(after: j) }
                let word = String(decoding: utf8[i..<j].lazy.map { $0 | 0x20 }, as: UTF8.self)
                if let r = RoleWords.strong[word] ?? RoleWords.weak[word] { found.insert(r) }
                i = j
            }
            return found.count == 1 ? found.first : nil
        }
        for word in segment.lowercased().split(whereSeparator: { !$0.isLetter }) {
            if let r = RoleWords.strong[String(word)] ?? RoleWords.weak[String(word)] { found.insert(r) }
        }
        // Each name is searched for only when its bytes are in the segment (or a compatibility
        // ideograph is, which can stand for one under canonical equivalence).
        let compatible = holdsCompatibilityIdeograph(utf8)
        for (name, bytes, role) in RoleWords.chineseStrongEntries where compatible || contains(utf8, bytes) {
            if segment.contains(name) { found.insert(role) }
        }
        return found.count == 1 ? found.first : nil
    }

    /// False only when `character` cannot begin a Chinese role name, even under canonical
    /// equivalence (which `hasPrefix` compares by): its first scalar is not a name's first, nor
    /// a CJK compatibility ideograph (the only scalars equivalent to another ideograph).
    private static func mayStartChineseName(_ character: Character) -> Bool {
        let first = character.unicodeScalars.first!
        return RoleWords.chineseInitials.contains(first) || isCompatibilityIdeograph(first.value)
    }

    /// Whether UTF-8 text holds a CJK compatibility ideograph (U+F900..U+FAFF: EF A4..AB;
    /// U+2F800..U+2FA1F: F0 AF).
    private static func holdsCompatibilityIdeograph(_ utf8: String.UTF8View) -> Bool {
        var previous: UInt8 = 0
        for b in utf8 {
            if previous == 0xEF && (0xA4...0xAB).contains(b) || previous == 0xF0 && b == 0xAF { return true }
            previous = b
        }
        return false
    }

    private static func isCompatibilityIdeograph(_ v: UInt32) -> Bool {
        (0xF900...0xFAFF).contains(v) || (0x2F800...0x2FA1F).contains(v)
    }

    /// Whether a line can name a role at all, tested on its bytes before it is read as labelled
    /// text (`labelledPairs`, `labelledName`: both need `label` to find a role word): an ASCII
    /// word that is a role word in any case, or any non-ASCII text (the Chinese names, and words
    /// that `label` splits differently). A line of code fences or punctuation costs no strings.
    private static func mayNameRole(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, initials: [UInt32])
        -> Bool
    {
        var i = line.lowerBound
        while i < line.upperBound {
            let c = bytes[i]
            if c >= 0x80 { return true }
            guard isLetter(c) else {
                i += 1
                continue
            }
            var j = i
            while j < line.upperBound, isLetter(bytes[j]) { j += 1 }
            // Looked up only when a role word has this length and first letter (`json` has none).
            if RoleWords.mayBeASCIIWord(length: j - i, first: c, initials: initials) {
                let word = String(decoding: bytes[i..<j].lazy.map { $0 | 0x20 }, as: UTF8.self)
                if RoleWords.strong[word] != nil || RoleWords.weak[word] != nil { return true }
            }
            i = j
        }
        return false
    }

    private static func isLetter(_ c: UInt8) -> Bool { (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) }

    private static func isWordByte(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == UInt8(ascii: "_")
    }
}
