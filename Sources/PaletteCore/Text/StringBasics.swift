import FoundationEssentials
import Glibc
@_spi(_Unicode) import Swift

// What the program's modules used from Foundation proper (the NSString layer), written on the
// standard library, so that the binary links FoundationEssentials alone: no CoreFoundation, no
// ICU (docs/decisions.md, "FoundationEssentials only"). The names differ from Foundation's, so a
// file that imports both (the tests do) is never ambiguous.

extension StringProtocol {
    /// The text without white space at either end, as Foundation's `.whitespacesAndNewlines`
    /// trims it: Unicode's White_Space property (the space separators, tab, the line breaks
    /// U+000A to U+000D, U+0085, U+2028 and U+2029) and U+200B, the zero-width space, which
    /// CoreFoundation's tables still count (compared over every scalar).
    public func trimmed() -> String {
        trimming { $0.properties.isWhitespace || $0.value == 0x200B }
    }

    /// The text without spaces and tabs at either end (Foundation's `.whitespaces`: the space
    /// separators, tab and U+200B); line breaks stay.
    public func trimmedSpaces() -> String {
        trimming { $0 == "\t" || $0.value == 0x200B || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The text without any of `characters`' scalars at either end.
    public func trimming(_ characters: String) -> String {
        let set = Set(characters.unicodeScalars)
        return trimming { set.contains($0) }
    }

    /// The text without the scalars that `drop` accepts at either end. The kept part is sliced
    /// at scalar boundaries and copied once (a cut inside a grapheme stays where it is).
    public func trimming(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let text = String(self)
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !drop($0) }) ?? first
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
        return String(Substring(scalars[first...last]))
    }

    /// The pieces between every `separator`, empty ones kept, as Foundation's
    /// `components(separatedBy:)` gives them here: by characters, so "\n" does not split the
    /// one character "\r\n" (a test compares the two).
    public func pieces(separatedBy separator: String) -> [String] {
        guard !separator.isEmpty else { return [String(self)] }
        return split(separator: separator, omittingEmptySubsequences: false).map { String($0) }
    }
}

/// `format` filled in by the C library's `vsnprintf`, as Foundation's `String(format:)` does for
/// numbers (`%.2f`, `%5.2f`, `%02X`, `%d`); only C formats of numbers, never `%@`.
public func cFormat(_ format: String, _ arguments: any CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 64)
        let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
        if needed < buffer.count {
            return String(decoding: buffer.prefix(max(0, needed)).map(UInt8.init(bitPattern:)), as: UTF8.self)
        }
        buffer = [CChar](repeating: 0, count: needed + 1)
        return withVaList(arguments) { again in
            _ = vsnprintf(&buffer, buffer.count, format, again)
            return String(decoding: buffer.prefix(needed).map(UInt8.init(bitPattern:)), as: UTF8.self)
        }
    }
}

/// The last component of a slash-separated path and the path without it, as NSString's
/// `lastPathComponent` and `deletingLastPathComponent` read them (trailing slashes ignored;
/// the parent of a name alone is "", of "/x" is "/").
public enum PathText {
    public static func lastComponent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        if p == "/" { return "/" }
        if let slash = p.lastIndex(of: "/") { return String(p[p.index(after: slash)...]) }
        return String(p)
    }

    public static func deletingLastComponent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        if slash == p.startIndex { return "/" }
        var parent = p[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        return String(parent)
    }

    public static func appending(_ path: String, _ component: String) -> String {
        if path.isEmpty { return component }
        if path.hasSuffix("/") { return path + component }
        return path + "/" + component
    }
}

extension StringProtocol {
    /// Where `target` first occurs, compared scalar by scalar as Foundation's `range(of:)` does
    /// (so "\n" is found inside "\r\n", which a search by characters would not find; unlike
    /// Foundation, "é" does not find e + U+0301: the program searches for ASCII and CJK words);
    /// `ignoringCase` compares the scalars' lowercase mappings, `backwards` finds the last one,
    /// `within` limits the search to part of the text.
    public func scalarRange(
        of target: some StringProtocol, ignoringCase: Bool = false, backwards: Bool = false,
        within: Range<Index>? = nil
    ) -> Range<Index>? {
        let fold: (Unicode.Scalar) -> Unicode.Scalar = { scalar in
            guard ignoringCase else { return scalar }
            if scalar.isASCII {
                return ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
            }
            guard scalar.properties.changesWhenLowercased else { return scalar }
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            return lower.count == 1 ? lower.first! : scalar
        }
        let wanted = target.unicodeScalars.map(fold)
        guard let head = wanted.first else { return nil }
        let scalars = unicodeScalars
        let lower = within?.lowerBound ?? scalars.startIndex
        let upper = within?.upperBound ?? scalars.endIndex
        func match(at start: Index) -> Index? {
            var i = start
            for w in wanted {
                guard i < upper, fold(scalars[i]) == w else { return nil }
                i = scalars.index(after: i)
            }
            return i
        }
        if backwards {
            var i = upper
            while i > lower {
                i = scalars.index(before: i)
                if fold(scalars[i]) == head, let end = match(at: i) { return i..<end }
            }
            return nil
        }
        var i = lower
        while i < upper {
            if fold(scalars[i]) == head, let end = match(at: i) { return i..<end }
            i = scalars.index(after: i)
        }
        return nil
    }

    /// Every `target` replaced by `replacement`, found scalar by scalar from the start, as
    /// Foundation's `replacingOccurrences(of:with:)` finds them.
    public func replacingAll(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        let text = String(self)
        let scalars = text.unicodeScalars
        guard var found = text.scalarRange(of: target) else { return text }
        var out = ""
        var rest = scalars.startIndex
        while true {
            out += Substring(scalars[rest..<found.lowerBound])
            out += replacement
            rest = found.upperBound
            guard let next = text.scalarRange(of: target, within: rest..<scalars.endIndex) else { break }
            found = next
        }
        out += Substring(scalars[rest...])
        return out
    }
}

// MARK: - Normal forms and folding

/// Half-width katakana U+FF66 ... U+FF9D as full-width.
private let fullWidthKatakana = Array(
    "ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン".unicodeScalars)

extension StringProtocol {
    /// The text in Unicode's composed normal form (NFC), by the standard library's own tables.
    public var composedText: String {
        String(decoding: String(self)._nfcCodeUnits, as: UTF8.self)
    }

    /// The text folded for matching words as Foundation's `folding(options: [.caseInsensitive,
    /// .diacriticInsensitive, .widthInsensitive], locale: nil)` folds it: full-width ASCII and
    /// half-width katakana to their usual width, case folded (ß and ligatures spelt out, final
    /// sigma as sigma), and the Latin, Greek and Cyrillic accents (U+0300 ... U+036F after
    /// decomposition) dropped; other marks (kana voicing, Devanagari, Arabic, Thai) and Hangul
    /// stay as typed.
    public func foldedForMatching() -> String {
        var cased = ""
        for scalar in unicodeScalars {
            var s = scalar
            switch s.value {
            case 0xFF01...0xFF5E: s = Unicode.Scalar(s.value - 0xFEE0)!
            case 0xFF66...0xFF9D: s = fullWidthKatakana[Int(s.value - 0xFF66)]
            case 0xFF61: s = "\u{3002}"
            case 0xFF62: s = "\u{300C}"
            case 0xFF63: s = "\u{300D}"
            case 0xFF64: s = "\u{3001}"
            case 0xFF65: s = "\u{30FB}"
            default: break
            }
            switch s.value {
            case 0xDF, 0x1E9E: cased += "ss"
            case 0x3C2: cased += "\u{3C3}"
            case 0xFB00: cased += "ff"
            case 0xFB01: cased += "fi"
            case 0xFB02: cased += "fl"
            case 0xFB03: cased += "ffi"
            case 0xFB04: cased += "ffl"
            case 0xFB05, 0xFB06: cased += "st"
            default:
                if s.properties.changesWhenLowercased {
                    cased += s.properties.lowercaseMapping
                } else {
                    cased.unicodeScalars.append(s)
                }
            }
        }
        guard cased.unicodeScalars.contains(where: { $0.value >= 0xC0 }) else { return cased }
        var bare = String.UnicodeScalarView()
        for scalar in cased._nfd where !(0x300...0x36F).contains(scalar.value) { bare.append(scalar) }
        return String(bare).composedText
    }
}

extension StringProtocol {
    /// The text cut or padded with spaces to exactly `length` UTF-16 units, as NSString's
    /// `padding(toLength:withPad:" ",startingAt:0)` does (a cut through a surrogate pair drops
    /// the pair).
    public func padded(toLength length: Int) -> String {
        let units = utf16.count
        if units < length { return String(self) + String(repeating: " ", count: length - units) }
        var kept = ""
        var used = 0
        for scalar in unicodeScalars {
            let width = scalar.utf16.count
            guard used + width <= length else { break }
            kept.unicodeScalars.append(scalar)
            used += width
        }
        return kept + String(repeating: " ", count: length - used)
    }

    /// The text with its `%XX` escapes decoded, as `removingPercentEncoding` does: nil when an
    /// escape is malformed or the bytes are not UTF-8.
    public func removingPercentEscapes() -> String? {
        var bytes: [UInt8] = []
        var it = utf8.makeIterator()
        func hex(_ b: UInt8?) -> UInt8? {
            switch b {
            case .some(let c) where c >= 0x30 && c <= 0x39: return c - 0x30
            case .some(let c) where c >= 0x41 && c <= 0x46: return c - 0x41 + 10
            case .some(let c) where c >= 0x61 && c <= 0x66: return c - 0x61 + 10
            default: return nil
            }
        }
        while let b = it.next() {
            if b == UInt8(ascii: "%") {
                guard let high = hex(it.next()), let low = hex(it.next()) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
