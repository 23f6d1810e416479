/// Makes untrusted text (server replies, model output, history and other files, the
/// environment, pastes, typed keys) safe to show on one line: on a canvas, on standard output
/// or standard error.
///
/// Nothing that can steer a terminal or hide text gets through: C0 and C1 controls (so no
/// escape sequence: OSC 52 clipboard writes, window titles, screen clears, U+009B CSI), bidi
/// controls (U+061C, U+200E/F, U+202A...U+202E, U+2066...U+2069), zero-width and other format
/// characters (U+200B, U+2060, U+FEFF, U+00AD...), the combining grapheme joiner, surrogate,
/// private-use and unassigned scalars. Line breaks and tabs become spaces. What belongs inside
/// an emoji sequence stays, so no emoji is altered: ZWJ between two emoji (👨‍👩‍👧), VS15/VS16
/// after a character that has an emoji form (☀️, keycaps 1️⃣), the tag characters of a flag tag
/// sequence (🏴󠁧󠁢󠁳󠁣󠁴󠁿). ZWNJ and ZWJ stay between two letters of a script that needs them
/// (Arabic, Persian, Syriac, the Indic scripts: क्‍ष) and nowhere else; other variation
/// selectors stay after a visible character. A scalar that is dropped does not part a
/// joiner from what it joins.
///
/// The one sanitiser: the app's canvas and text field, every line the command line writes,
/// the `history` listing and the history loader's messages clean text here, so a rule added
/// here holds everywhere. (`verdict` is the per-scalar part, for callers that clean as they
/// draw; it drops the context-dependent joiners.)
public enum TextSanitizer {
    /// Cleans `text` for a single line.
    public static func clean(_ text: String) -> String {
        if isPlainASCII(text) || isKeptWhole(text) { return text }
        return cleaned(text)
    }

    /// Whether every scalar of `text` is one that cleaning keeps whatever stands beside it
    /// (`keptWithoutLookup`): such text comes back as it is, without the scalar-by-scalar pass
    /// (through it, a Chinese description cost a tenth of a history move's instructions).
    static func isKeptWhole(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where !keptWithoutLookup(scalar.value) { return false }
        return true
    }

    /// The scalar-by-scalar pass of `clean`.
    static func cleaned(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var lastKept: Unicode.Scalar?
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            // The next scalar that stays (a bidi control between two emoji does not part them).
            var k = i + 1
            while k < scalars.count, joinerKind(scalars[k]) == .none, verdict(scalars[k]) == .drop { k += 1 }
            let next = k < scalars.count ? scalars[k] : nil
            if scalar.value == 0x1F3F4, let end = flagTagEnd(scalars, from: i + 1) {
                // 🏴 and its tag characters up to CANCEL TAG: a subdivision flag, kept whole.
                out.append(contentsOf: scalars[i..<end])
                lastKept = scalars[end - 1]
                i = end
                continue
            }
            var keep: Bool
            switch joinerKind(scalar) {
            case .zwj:
                // Between two emoji, or two letters of a script that spells with it (the
                // Devanagari half form क्‍ष).
                keep =
                    (lastKept.map(isEmojiPart) == true && next.map(isPictographic) == true)
                    || (lastKept.map(needsZWNJ) == true && next.map(needsZWNJ) == true)
            case .zwnj:
                keep = lastKept.map(needsZWNJ) == true && next.map(needsZWNJ) == true
            case .emojiVariation:
                keep = lastKept.map { $0.properties.isEmoji } == true
            case .variation:
                keep = lastKept.map { !$0.properties.isWhitespace } == true
            case .none:
                switch verdict(scalar) {
                case .keep:
                    out.append(scalar)
                    lastKept = scalar
                case .space:
                    out.append(" ")
                    lastKept = " "
                case .drop:
                    break
                }
                i += 1
                continue
            }
            if keep {
                out.append(scalar)
                lastKept = scalar
            }
            i += 1
        }
        return String(out)
    }

    /// Whether `joiner` (ZWJ, ZWNJ) typed right after `scalar` may stay, judged by what is
    /// before it alone: a text field gets keys one scalar at a time, and what the joiner joins
    /// comes with the next key (which `clean` of the whole text judges again).
    public static func mayJoin(_ joiner: Unicode.Scalar, after scalar: Unicode.Scalar) -> Bool {
        switch joinerKind(joiner) {
        case .zwj: return isEmojiPart(scalar) || needsZWNJ(scalar)
        case .zwnj: return needsZWNJ(scalar)
        default: return false
        }
    }

    private enum JoinerKind { case none, zwj, zwnj, emojiVariation, variation }

    /// The scalars whose fate depends on their neighbours.
    @inline(__always)
    private static func joinerKind(_ scalar: Unicode.Scalar) -> JoinerKind {
        switch scalar.value {
        case 0x200D: return .zwj
        case 0x200C: return .zwnj
        case 0xFE0E, 0xFE0F: return .emojiVariation
        case 0xFE00...0xFE0D, 0xE0100...0xE01EF: return .variation
        default: return .none
        }
    }

    /// Whether `scalar` can end the part of an emoji sequence before a ZWJ: a pictograph, an
    /// emoji modifier (skin tone), VS16 or a keycap's enclosing mark.
    private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return isPictographic(scalar) || (0x1F3FB...0x1F3FF).contains(v) || v == 0xFE0F || v == 0x20E3
    }

    /// An emoji that a ZWJ may join: an emoji-property scalar outside ASCII (digits, `#` and `*`
    /// have the property for keycaps, but are never joined).
    private static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && scalar.properties.isEmoji
    }

    /// Letters and marks of the scripts whose spelling uses ZWNJ: Arabic (and Persian, Urdu),
    /// Syriac, N'Ko, Mongolian and the Indic scripts from Devanagari to Khmer.
    private static func needsZWNJ(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        let joining =
            (0x0600...0x08FF).contains(v) || (0x0900...0x0DFF).contains(v) || (0x1000...0x109F).contains(v)
            || (0x1780...0x18AF).contains(v) || (0xFB50...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
            || (0xA8E0...0xA8FF).contains(v)
        guard joining else { return false }
        switch scalar.properties.generalCategory {
        case .otherLetter, .nonspacingMark, .spacingMark, .modifierLetter: return true
        default: return false
        }
    }

    /// The index after CANCEL TAG when `scalars[start...]` is a flag's tag run (at least one
    /// tag character, then U+E007F); nil otherwise.
    private static func flagTagEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var k = start
        while k < scalars.count, (0xE0020...0xE007E).contains(scalars[k].value), k - start < 32 { k += 1 }
        guard k > start, k < scalars.count, scalars[k].value == 0xE007F else { return nil }
        return k + 1
    }

    /// Cleans `text` for a single line of at most `width` columns, ending with "…" when cut.
    public static func clean(_ text: String, toWidth width: Int) -> String {
        truncate(clean(text), toWidth: width)
    }

    /// True when every byte is printable ASCII, so nothing needs cleaning.
    @inline(__always)
    public static func isPlainASCII(_ text: String) -> Bool {
        if let plain = text.utf8.withContiguousStorageIfAvailable(isPlainASCII) { return plain }
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    /// `isPlainASCII` on UTF-8 bytes in memory, eight at a time: a lane of 0x80 and above sets
    /// its top bit; with none, adding 1 to each lane sets it only in a 0x7F, and subtracting 0x20
    /// from each lane with its top bit set clears it only in a lane below 0x20 (no lane carries
    /// or borrows into the next).
    @inline(__always)
    public static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        var i = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let high: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= n {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if w & high != 0 || (w &+ 0x0101_0101_0101_0101) & high != 0
                    || ((w | high) &- 0x2020_2020_2020_2020) & high != high
                {
                    return false
                }
                i += 8
            }
        }
        return isPlainASCII(rest: bytes, from: i)
    }

    private static func isPlainASCII(rest bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        for i in start..<bytes.count where bytes[i] < 0x20 || bytes[i] >= 0x7F { return false }
        return true
    }

    /// What cleaning does with one scalar.
    public enum Verdict { case keep, space, drop }

    /// Printable ASCII, and the blocks with no control, format, joiner, separator or unassigned
    /// code point, which skip the property lookup (about 380 instructions a scalar): Latin-1 and
    /// the Latin extensions and spacing marks, Cyrillic, Vietnamese letters, dashes, quotes and
    /// the other general punctuation the screen draws, arrows, mathematical and technical
    /// symbols, box drawing, shapes and dingbats, kana, CJK punctuation, unified ideographs,
    /// Hangul syllables and fullwidth forms. `TextTests` checks every code point against the
    /// lookup.
    static func keptWithoutLookup(_ v: UInt32) -> Bool {
        if v < 0x7F { return v >= 0x20 }
        switch v {
        case 0xA0...0xAC, 0xAE...0x2FF, 0x400...0x4FF, 0x1E00...0x1EFF: return true
        case 0x2010...0x2027, 0x2030...0x205E, 0x2100...0x218B, 0x2190...0x23FF, 0x2500...0x27BF: return true
        case 0x3000...0x303F, 0x3041...0x3096, 0x3099...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60:
            return true
        default: return false
        }
    }

    /// What cleaning does with `scalar`, for callers that clean as they draw.
    public static func verdict(_ scalar: Unicode.Scalar) -> Verdict {
        let v = scalar.value
        if keptWithoutLookup(v) { return .keep }
        if v == 0x09 || v == 0x0A || v == 0x0D || v == 0x0B || v == 0x0C { return .space }
        if v == 0x85 || v == 0x2028 || v == 0x2029 { return .space }
        // The combining grapheme joiner is a mark, but invisible: it only hides text.
        if v == 0x034F { return .drop }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned:
            return .drop
        case .lineSeparator, .paragraphSeparator:
            return .space
        default:
            return .keep
        }
    }

    /// Cuts `text` to at most `width` columns, ending with "…" when it was cut.
    ///
    /// Never splits a grapheme, so a wide character that would straddle the edge is left out.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if text.utf8.count <= width, isPlainASCII(text) { return text }
        var used = 0
        var fitEnd = text.startIndex
        var cutEnd: String.Index?
        for index in text.indices {
            let w = DisplayWidth.of(text[index])
            if cutEnd == nil, used + w > width - 1 { cutEnd = index }
            if used + w > width {
                return String(text[..<(cutEnd ?? index)]) + "…"
            }
            used += w
            fitEnd = text.index(after: index)
        }
        return String(text[..<fitEnd])
    }

    /// Cuts `text` to at most `width` columns from the front, starting with "…" when it was cut:
    /// the end of a path (its file name) is the part worth keeping.
    public static func truncateLeading(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if text.utf8.count <= width, isPlainASCII(text) { return text }
        if text.reduce(0, { $0 + DisplayWidth.of($1) }) <= width { return text }
        var used = 0
        var start = text.endIndex
        while start > text.startIndex {
            let previous = text.index(before: start)
            let w = DisplayWidth.of(text[previous])
            if used + w > width - 1 {
                return "…" + text[start...]
            }
            used += w
            start = previous
        }
        return text
    }
}
