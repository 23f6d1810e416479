/// Takes secrets (API keys) out of text, in whatever form a server or a file spells them.
///
/// An exact match is not enough: a server can echo a key in lower case, percent-encoded
/// (`%2D` for `-`, or every character), as HTML or backslash escapes, in fullwidth letters, or
/// with spaces, dots, dashes or zero-width characters between its characters. So the text is
/// decoded (percent, `&#NN;`, `\uXXXX` and `\xHH` escapes, repeatedly), folded (fullwidth to
/// ASCII, lower case) and reduced to its letters and digits, the secret likewise; wherever the
/// secret's letters and digits appear in a row, the whole stretch of the original text they
/// came from, separators included, becomes `<redacted>`.
///
/// A secret with fewer than `minimumSkeleton` letters and digits is only matched whole and
/// case-insensitively: short runs of letters would otherwise match ordinary words.
public struct SecretRedactor: Sendable {
    /// What stands where a secret was.
    public static let placeholder = "<redacted>"
    /// The fewest letters and digits a secret needs for the separator-blind match.
    public static let minimumSkeleton = 6

    private struct Secret: Sendable {
        var text: String
        var skeleton: [UInt8]
    }

    private let secrets: [Secret]

    /// - Parameter secrets: blank ones are ignored.
    public init(secrets: [String]) {
        self.secrets = secrets.compactMap { raw in
            let scalars = raw.unicodeScalars
            guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
                let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
            else { return nil }
            let text = String(scalars[first...last])
            let skeleton = SecretRedactor.units(of: text).compactMap { SecretRedactor.skeletonByte($0.value) }
            return Secret(text: text, skeleton: skeleton)
        }
    }

    public var isEmpty: Bool { secrets.isEmpty }

    /// `text` with every form of every secret replaced by `placeholder`.
    public func redact(_ text: String) -> String {
        guard !secrets.isEmpty, !text.isEmpty else { return text }
        var ranges: [Range<Int>] = []
        let scalars = Array(text.unicodeScalars)
        var decoded: [Unit]?
        var skeleton: [(byte: UInt8, start: Int, end: Int)] = []
        for secret in secrets {
            if secret.skeleton.count < SecretRedactor.minimumSkeleton {
                ranges += SecretRedactor.caseInsensitiveMatches(of: secret.text, in: scalars)
                continue
            }
            if decoded == nil {
                let units = SecretRedactor.decode(scalars)
                decoded = units
                skeleton = units.compactMap { unit in
                    SecretRedactor.skeletonByte(unit.value).map { (byte: $0, start: unit.start, end: unit.end) }
                }
            }
            for match in SecretRedactor.matches(of: secret.skeleton, in: skeleton.map(\.byte)) {
                ranges.append(skeleton[match.lowerBound].start..<skeleton[match.upperBound - 1].end)
            }
        }
        guard !ranges.isEmpty else { return text }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        var out = String.UnicodeScalarView()
        var position = 0
        for range in merged {
            out.append(contentsOf: scalars[position..<range.lowerBound])
            out.append(contentsOf: SecretRedactor.placeholder.unicodeScalars)
            position = range.upperBound
        }
        out.append(contentsOf: scalars[position...])
        return String(out)
    }

    /// Whether `text` holds any form of a secret.
    public func contains(_ text: String) -> Bool {
        redact(text) != text
    }

    // MARK: - Decoding

    /// One decoded character and the scalars of the original text it came from.
    struct Unit {
        var value: UInt32
        var start: Int
        var end: Int
    }

    static func units(of text: String) -> [Unit] {
        decode(Array(text.unicodeScalars))
    }

    /// Decodes escapes until nothing changes (at most four rounds, for double encoding).
    static func decode(_ scalars: [Unicode.Scalar]) -> [Unit] {
        var units = scalars.enumerated().map { Unit(value: $0.element.value, start: $0.offset, end: $0.offset + 1) }
        for _ in 0..<4 {
            let (next, changed) = decodeOnce(units)
            units = next
            if !changed { break }
        }
        return units.map { unit in
            var unit = unit
            // Fullwidth ASCII (U+FF01...U+FF5E) reads as ASCII.
            if (0xFF01...0xFF5E).contains(unit.value) { unit.value -= 0xFEE0 }
            return unit
        }
    }

    /// A decoded character's value as a hex digit, read with the project's one digit table
    /// (`RGB.hexDigitValue`). Only ASCII is a digit: a scalar such as U+0134 is not its low byte.
    private static func hex(_ v: UInt32) -> UInt32? {
        guard v < 0x80, let digit = RGB.hexDigitValue(UInt8(v)) else { return nil }
        return UInt32(digit)
    }

    /// One round: `%HH`, `&#NN;` and `&#xHH;`, `\uHHHH` and `\xHH` become the character they spell.
    private static func decodeOnce(_ units: [Unit]) -> ([Unit], Bool) {
        var out: [Unit] = []
        out.reserveCapacity(units.count)
        var changed = false
        var i = 0
        func hexRun(from start: Int, count: Int) -> UInt32? {
            guard start + count <= units.count else { return nil }
            var value: UInt32 = 0
            for k in start..<(start + count) {
                guard let digit = hex(units[k].value) else { return nil }
                value = value * 16 + digit
            }
            return value
        }
        while i < units.count {
            let v = units[i].value
            var consumed = 0
            var value: UInt32 = 0
            if v == 0x25, let decoded = hexRun(from: i + 1, count: 2) {  // %HH
                consumed = 3
                value = decoded
            } else if v == 0x5C, i + 1 < units.count {  // \uHHHH, \xHH
                let kind = units[i + 1].value
                if kind == 0x75, let decoded = hexRun(from: i + 2, count: 4) {
                    consumed = 6
                    value = decoded
                } else if kind == 0x78, let decoded = hexRun(from: i + 2, count: 2) {
                    consumed = 4
                    value = decoded
                }
            } else if v == 0x26, i + 2 < units.count, units[i + 1].value == 0x23 {  // &#NN; &#xHH;
                let isHex = units[i + 2].value == 0x78 || units[i + 2].value == 0x58
                var k = i + (isHex ? 3 : 2)
                var number: UInt32 = 0
                var digits = 0
                while k < units.count, digits < 8 {
                    let d = units[k].value
                    if isHex, let h = hex(d) {
                        number = number * 16 + h
                    } else if !isHex, (0x30...0x39).contains(d) {
                        number = number * 10 + (d - 0x30)
                    } else {
                        break
                    }
                    digits += 1
                    k += 1
                }
                if digits > 0, k < units.count, units[k].value == 0x3B {
                    consumed = k + 1 - i
                    value = number
                }
            }
            if consumed > 0 {
                out.append(Unit(value: value, start: units[i].start, end: units[i + consumed - 1].end))
                i += consumed
                changed = true
            } else {
                out.append(units[i])
                i += 1
            }
        }
        return (out, changed)
    }

    /// A letter or digit folded to lower-case ASCII; nil for everything else (a separator).
    static func skeletonByte(_ v: UInt32) -> UInt8? {
        switch v {
        case 0x30...0x39, 0x61...0x7A: return UInt8(v)
        case 0x41...0x5A: return UInt8(v + 0x20)
        default: return nil
        }
    }

    // MARK: - Matching

    /// Every occurrence of `pattern` in `text` (Knuth-Morris-Pratt, so a megabyte stays linear).
    static func matches(of pattern: [UInt8], in text: [UInt8]) -> [Range<Int>] {
        guard !pattern.isEmpty, text.count >= pattern.count else { return [] }
        var failure = [Int](repeating: 0, count: pattern.count)
        var k = 0
        for i in 1..<pattern.count {
            while k > 0 && pattern[i] != pattern[k] { k = failure[k - 1] }
            if pattern[i] == pattern[k] { k += 1 }
            failure[i] = k
        }
        var found: [Range<Int>] = []
        k = 0
        for (i, byte) in text.enumerated() {
            while k > 0 && byte != pattern[k] { k = failure[k - 1] }
            if byte == pattern[k] { k += 1 }
            if k == pattern.count {
                found.append((i + 1 - k)..<(i + 1))
                k = 0
            }
        }
        return found
    }

    /// Whole, case-insensitive occurrences of a short secret, as ranges of `scalars`.
    static func caseInsensitiveMatches(of secret: String, in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        func fold(_ s: Unicode.Scalar) -> UInt32 { (0x41...0x5A).contains(s.value) ? s.value + 0x20 : s.value }
        let pattern = secret.unicodeScalars.map(fold)
        guard !pattern.isEmpty, scalars.count >= pattern.count else { return [] }
        var found: [Range<Int>] = []
        var i = 0
        while i + pattern.count <= scalars.count {
            if (0..<pattern.count).allSatisfy({ fold(scalars[i + $0]) == pattern[$0] }) {
                found.append(i..<(i + pattern.count))
                i += pattern.count
            } else {
                i += 1
            }
        }
        return found
    }
}
