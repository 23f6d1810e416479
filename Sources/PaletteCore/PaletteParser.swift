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
        case let .invalidColor(role, error):
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
/// 2. Failing that, `#RGB`/`#RRGGBB` codes in the prose, assigned by the role word before
///    each on its line when all three are labelled, otherwise in order.
///
/// When nothing succeeds, the first palette-like container's error is reported. Every step
/// is linear in the input; see `LooseJSONScanner`.
public enum PaletteParser {
    public static func parse(_ text: String) throws(PaletteParseError) -> Palette {
        var firstError: PaletteParseError?
        for container in LooseJSONScanner.containers(in: text) {
            switch interpret(container) {
            case nil: continue
            case .success(let palette)?: return palette
            case .failure(let error)?: firstError = firstError ?? error
            }
        }
        if let firstError { throw firstError }
        return try ProseScanner.palette(in: text)
    }

    /// The palette a container stands for, why it is a broken one, or nil when it is not
    /// palette-like at all (no role keys and no colour-looking values).
    static func interpret(_ value: LooseValue) -> Result<Palette, PaletteParseError>? {
        switch value {
        case .array(let elements): return interpretList(elements.map { ($0, roleHint(in: $0)) })
        case .object(let members): return interpretObject(members)
        default: return nil
        }
    }

    private static func interpretObject(_ members: [LooseMember]) -> Result<Palette, PaletteParseError>? {
        var byRole: [Role: LooseValue] = [:]
        for member in members {
            guard let match = RoleWords.role(forKey: member.key), byRole[match.role] == nil else { continue }
            if match.isStrong || colorText(member.value).map(looksLikeColor) == true {
                byRole[match.role] = member.value
            }
        }
        if !byRole.isEmpty {
            guard byRole.count == 3 else { return .failure(.wrongColorCount(byRole.count)) }
            return build { byRole[$0]! }
        }
        let colorish = members.filter { colorText($0.value).map(looksLikeColor) == true }
        return interpretList(colorish.map { ($0.value, nil) })
    }

    /// A list of colours, each with the role its own object names, if any.
    private static func interpretList(_ items: [(value: LooseValue, role: Role?)]) -> Result<Palette, PaletteParseError>? {
        guard items.contains(where: { colorText($0.value).map(looksLikeColor) == true }) else { return nil }
        guard items.count == 3 else { return .failure(.wrongColorCount(items.count)) }
        let hinted = items.compactMap(\.role)
        if Set(hinted).count == 3 {
            return build { role in items.first { $0.role == role }!.value }
        }
        return build { items[Role.allCases.firstIndex(of: $0)!].value }
    }

    private static func build(_ value: (Role) -> LooseValue) -> Result<Palette, PaletteParseError> {
        var colors: [RGB] = []
        for role in Role.allCases {
            let v = value(role)
            do {
                colors.append(try RGB(hex: colorText(v) ?? v.displayText))
            } catch {
                return .failure(.invalidColor(role.rawValue, error))
            }
        }
        return .success(Palette(primary: colors[0], secondary: colors[1], accent: colors[2]))
    }

    // MARK: - Colour values

    /// Field names that hold the colour inside a per-colour object (`{"hex": "#2E86AB"}`).
    private static let colorFields: Set<String> = [
        "hex", "color", "colour", "value", "code", "hexcode", "colorcode", "colourcode", "rgb", "色", "顏色", "颜色", "色碼", "色码",
    ]

    /// Field names that say which role a per-colour object plays.
    private static let roleFields: Set<String> = ["role", "type", "usage", "purpose", "name", "角色", "用途"]

    /// The text of a colour value: a string or bare token, or the colour field of an object.
    static func colorText(_ value: LooseValue) -> String? {
        switch value {
        case .string(let s), .bare(let s):
            return s
        case .object(let members):
            for m in members where colorFields.contains(RoleWords.normalize(m.key)) {
                if case .string(let s) = m.value { return s }
                if case .bare(let s) = m.value { return s }
            }
            return nil
        default:
            return nil
        }
    }

    private static func roleHint(in value: LooseValue) -> Role? {
        guard case .object(let members) = value else { return nil }
        for m in members where roleFields.contains(RoleWords.normalize(m.key)) {
            if case .string(let s) = m.value, let match = RoleWords.role(forKey: s) { return match.role }
        }
        return nil
    }

    /// True for text meant as a colour: `#` first, six hex digits, or three with a digit
    /// among them (so words like "bad" or "fed" do not make a list palette-like).
    static func looksLikeColor(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars
        while let f = scalars.first, f.properties.isWhitespace { scalars.removeFirst() }
        if scalars.first == "#" { return true }
        var count = 0, digits = 0
        for s in scalars {
            if s.properties.isWhitespace { break }
            guard RGB.nibble(s) != nil else { return false }
            count += 1
            if s.value < 0x3A { digits += 1 }
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

    private static let affixes = ["colour", "color", "hex", "code", "value"]

    /// The role a key names, and whether the name is a strong one.
    static func role(forKey key: String) -> (role: Role, isStrong: Bool)? {
        var k = normalize(key)
        var changed = true
        while changed && !k.isEmpty {
            if let r = strong[k] { return (r, true) }
            if let r = weak[k] { return (r, false) }
            changed = false
            for affix in affixes {
                if k.count > affix.count && k.hasSuffix(affix) {
                    k.removeLast(affix.count)
                    changed = true
                } else if k.count > affix.count && k.hasPrefix(affix) {
                    k.removeFirst(affix.count)
                    changed = true
                }
            }
        }
        return nil
    }

    /// Lower case, letters and digits only: `Primary_Color` and `primary-colour` meet.
    static func normalize(_ key: String) -> String {
        var out = String.UnicodeScalarView()
        for s in key.unicodeScalars.prefix(64) where s.properties.isAlphabetic || s.properties.numericType != nil {
            out.append(contentsOf: s.properties.lowercaseMapping.unicodeScalars)
        }
        return String(out)
    }
}

// MARK: - Prose

/// Reads `#RGB` / `#RRGGBB` codes from text that holds no usable JSON.
enum ProseScanner {
    static func palette(in text: String) throws(PaletteParseError) -> Palette {
        let bytes = Array(text.utf8)
        var tokens: [(label: Range<Int>, code: Range<Int>)] = []
        var lineStart = 0
        var labelStart = 0
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x0A {
                lineStart = i + 1
                labelStart = i + 1
                i += 1
                continue
            }
            guard c == UInt8(ascii: "#"), i == 0 || !isWordByte(bytes[i - 1]) && bytes[i - 1] != UInt8(ascii: "&") else {
                i += 1
                continue
            }
            var j = i + 1
            while j < bytes.count && RGB.nibble(Unicode.Scalar(bytes[j])) != nil { j += 1 }
            let length = j - i - 1
            if (length == 3 || length == 6) && (j == bytes.count || !isWordByte(bytes[j])) {
                tokens.append((max(lineStart, labelStart)..<i, (i + 1)..<j))
                labelStart = j
            }
            i = max(j, i + 1)
        }
        if tokens.isEmpty { throw .noPaletteFound }
        guard tokens.count == 3 else { throw .wrongColorCount(tokens.count) }
        func slice(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        var colors: [RGB] = []
        for (k, token) in tokens.enumerated() {
            do {
                colors.append(try RGB(hex: slice(token.code)))
            } catch {
                throw .invalidColor(Role.allCases[k].rawValue, error)
            }
        }
        let labels = tokens.map { label(slice($0.label)) }
        if Set(labels.compactMap { $0 }).count == 3 {
            var byRole: [Role: RGB] = [:]
            for (k, role) in labels.enumerated() { byRole[role!] = colors[k] }
            return Palette(primary: byRole[.primary]!, secondary: byRole[.secondary]!, accent: byRole[.accent]!)
        }
        return Palette(primary: colors[0], secondary: colors[1], accent: colors[2])
    }

    /// The one role named in a stretch of prose, or nil when there is none or more than one.
    static func label(_ segment: String) -> Role? {
        var found: Set<Role> = []
        for word in segment.lowercased().split(whereSeparator: { !$0.isLetter }) {
            if let r = RoleWords.strong[String(word)] ?? RoleWords.weak[String(word)] { found.insert(r) }
        }
        for (name, role) in RoleWords.strong where name.unicodeScalars.first!.value > 0x2E80 && segment.contains(name) {
            found.insert(role)
        }
        return found.count == 1 ? found.first : nil
    }

    private static func isWordByte(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == UInt8(ascii: "_")
    }
}
