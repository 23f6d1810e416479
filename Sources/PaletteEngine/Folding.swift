import FoundationEssentials
import Glibc
import PaletteCore

/// Folds text for lookup, scalar to scalar, the same way for lexicon terms and descriptions.
///
/// `fold` lowers case, narrows full-width ASCII, drops what carries nothing (variation
/// selectors, joiners, Arabic vowel marks and tatweel, the Devanagari nukta), unifies the
/// spellings readers treat as one (Arabic alif forms, ة/ه, ى/ي; ё/е; ँ/ं; katakana as
/// hiragana; Traditional as Simplified Chinese) and keeps accents: trắng (white) and trăng
/// (moon) stay apart. `bare` then drops the accents of Latin letters, for words typed
/// without them ("foret", "KIRMIZI").
///
/// Traditional -> Simplified is PaletteCore's `ChineseFolding`, the table history search uses too.
struct Folding: Sendable {
    let bareMap: [UInt32: Unicode.Scalar]

    init(bareLetters: String) {
        bareMap = Folding.pairs(bareLetters)
    }

    private static func pairs(_ text: String) -> [UInt32: Unicode.Scalar] {
        var map: [UInt32: Unicode.Scalar] = [:]
        var pending: Unicode.Scalar?
        for s in text.unicodeScalars where !s.properties.isWhitespace {
            if let from = pending {
                map[from.value] = s
                pending = nil
            } else {
                pending = s
            }
        }
        return map
    }

    /// One scalar folded for lookup, or nil for scalars that carry nothing.
    func fold(_ s: Unicode.Scalar) -> Unicode.Scalar? {
        let v = s.value
        switch v {
        case 0x41...0x5A:
            return Unicode.Scalar(v + 0x20)
        case 0..<0x80:
            return s
        case 0xAD, 0x200B...0x200D, 0x2060, 0xFEFF, 0xFE00...0xFE0F, 0xE0100...0xE01EF:
            return nil
        case 0xFF01...0xFF5E:
            return Unicode.Scalar(v - 0xFEE0).flatMap { fold($0) }
        case 0x2018, 0x2019, 0x02BC, 0x2032, 0xB4:
            return "'"
        case 0x130:
            return "i"
        case 0xC0..<0x250, 0x1E00...0x1EFF, 0x370...0x3FF, 0x400...0x52F:
            var lower = s
            let mapping = s.properties.lowercaseMapping.unicodeScalars
            if mapping.count == 1, let only = mapping.first { lower = only }
            return lower.value == 0x451 ? "\u{435}" : lower
        case 0x622, 0x623, 0x625, 0x671:
            return "\u{627}"
        case 0x649, 0x6CC:
            return "\u{64A}"
        case 0x629:
            return "\u{647}"
        case 0x6A9:
            return "\u{643}"
        case 0x640, 0x64B...0x652, 0x670:
            return nil
        case 0x901:
            return "\u{902}"
        case 0x93C:
            return nil
        case 0x30A1...0x30F6:
            return Unicode.Scalar(v - 0x60)
        case 0x30FB, 0xFF65:
            return nil
        default:
            return v < 0x3400 ? s : ChineseFolding.simplified(s) ?? s
        }
    }

    /// A folded scalar without its accent (é -> e, ạ -> a, ı -> i); other scalars unchanged.
    func bare(_ s: Unicode.Scalar) -> Unicode.Scalar {
        s.value < 0xC0 ? s : bareMap[s.value] ?? s
    }

    /// A folded word without accents; combining accents left by NFC are dropped.
    func bare(_ word: String) -> String {
        guard word.utf8.contains(where: { $0 >= 0x80 }),
            word.unicodeScalars.contains(where: { (0x300...0x36F).contains($0.value) || bare($0) != $0 })
        else { return word }
        return string(word.unicodeScalars.lazy.filter { !(0x300...0x36F).contains($0.value) }.map { bare($0) })
    }

    /// True for combining scalars that NFC may compose with the letter before.
    static func needsComposition(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x300...0x36F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F, 0x1100...0x11FF,
            0x3099...0x309A:
            return true
        default:
            return false
        }
    }
}

/// Whether `text` is in NFC (composing it changes no byte).
func isComposed(_ text: String) -> Bool {
    text.composedText.utf8.elementsEqual(text.utf8)
}

/// A string of scalars, encoded directly (faster than building a `String.UnicodeScalarView`).
func string<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(scalars.underestimatedCount * 2)
    for s in scalars { UTF8.encode(s) { bytes.append($0) } }
    return String(decoding: bytes, as: UTF8.self)
}

// MARK: - Normalised text

/// The description folded for lookup, with a map back to what the user typed.
///
/// The text is first composed (NFC) when it holds combining marks, so "é" typed as e +
/// U+0301 meets "é"; then folded scalar to scalar, so every matched span maps back to the
/// user's own words for the rationale.
struct NormalisedText {
    /// How many scalars of a description are read; the rest of a huge paste is ignored.
    static let readLimit = 4096

    /// The user's text (composed), up to the read limit.
    let original: [Unicode.Scalar]
    /// Folded scalars, accents kept.
    let scalars: [Unicode.Scalar]
    /// For each folded scalar, the index of the original scalar it came from.
    let origin: [Int]
    let wasTruncated: Bool

    init(_ text: String, folding: Folding) {
        var original: [Unicode.Scalar] = []
        var truncated = false
        var compose = false
        for s in text.unicodeScalars {
            if original.count == NormalisedText.readLimit {
                truncated = true
                break
            }
            if !compose, s.value >= 0x300, Folding.needsComposition(s) { compose = true }
            original.append(s)
        }
        if compose {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: original)
            original = Array(String(view).composedText.unicodeScalars)
        }
        var scalars: [Unicode.Scalar] = []
        var origin: [Int] = []
        scalars.reserveCapacity(original.count)
        origin.reserveCapacity(original.count)
        for (i, s) in original.enumerated() {
            guard let f = folding.fold(s) else { continue }
            scalars.append(f)
            origin.append(i)
        }
        self.original = original
        self.scalars = scalars
        self.origin = origin
        self.wasTruncated = truncated
    }

    /// The user's own text for the folded scalars in `range`.
    func surface(_ range: Range<Int>) -> String {
        guard let first = range.first, let last = range.last else { return "" }
        return string(original[origin[first]...origin[last]])
    }
}
