import CZlib
import FoundationEssentials
import Glibc
import PaletteCore

/// The share string: `ptui1.` and the base64url (no padding) of a few bytes:
///
///     flags (1: bit 0 primary locked, bit 1 secondary, bit 2 accent; other bits zero)
///     primary, secondary, accent (3 bytes each, R G B)
///     the description (UTF-8, up to `maximumDescription` bytes, no control characters)
///     CRC-32 of everything before it (4 bytes, big-endian)
///
/// Three colours and no description take 24 characters. The checksum makes a string cut short in
/// a chat window or changed by hand a clear error instead of another palette.
public enum ShareString {
    public static let prefix = "ptui1."
    /// The most description bytes a string carries; a longer description is cut at a character.
    public static let maximumDescription = 1024
    /// The longest string read: what the longest description encodes to, and a little more.
    public static let maximumLength = 1500

    public static func encode(_ palette: Palette, description: String, locked: Set<Role>) -> String {
        var flags: UInt8 = 0
        for (bit, role) in Role.allCases.enumerated() where locked.contains(role) { flags |= 1 << UInt8(bit) }
        var bytes: [UInt8] = [flags]
        for c in palette.colors { bytes += [c.r, c.g, c.b] }
        bytes += Array(clean(description).utf8)
        let crc = checksum(bytes)
        bytes += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        return prefix + base64url(bytes)
    }

    /// The description as a string carries it: control characters as spaces, cut to
    /// `maximumDescription` bytes at a character boundary.
    public static func clean(_ description: String) -> String {
        var out = ""
        var size = 0
        for ch in description {
            let c: Character = ch.unicodeScalars.contains(where: isControl) ? " " : ch
            let n = c.utf8.count
            if size + n > maximumDescription { break }
            out.append(c)
            size += n
        }
        return out
    }

    private static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s.value == 0x2028 || s.value == 0x2029
    }

    /// The first `ptuiN.` token in `text` (any version, so that another version is named).
    static func find(in text: String) -> Substring? {
        guard let start = text.scalarRange(of: "ptui") else { return nil }
        // At most one character past the cap is looked at: a longer token is refused as too long.
        let token = text[start.lowerBound...].prefix(maximumLength + 1).prefix {
            $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0))
        }
        guard token.contains("."), token.dropFirst(4).first?.isNumber == true else { return nil }
        return token
    }

    public static func decode(_ token: Substring) throws(ImportFailure) -> ImportedPalette {
        guard token.count <= maximumLength else { throw .shareString(.tooLong) }
        guard token.hasPrefix(prefix) else {
            throw .shareString(.version(String(token.prefix { $0 != "." })))
        }
        guard let bytes = fromBase64url(token.dropFirst(prefix.count)) else { throw .shareString(.notBase64) }
        guard bytes.count >= 14 else { throw .shareString(.tooShort) }
        let body = Array(bytes.dropLast(4))
        let tail = Array(bytes.suffix(4))
        let crc = UInt32(tail[0]) << 24 | UInt32(tail[1]) << 16 | UInt32(tail[2]) << 8 | UInt32(tail[3])
        guard checksum(body) == crc else { throw .shareString(.checksum) }
        guard body[0] & 0xF8 == 0 else { throw .shareString(.unknownFlags) }
        var locked: Set<Role> = []
        for (bit, role) in Role.allCases.enumerated() where body[0] & (1 << UInt8(bit)) != 0 { locked.insert(role) }
        func color(_ k: Int) -> RGB { RGB(r: body[1 + 3 * k], g: body[2 + 3 * k], b: body[3 + 3 * k]) }
        let text = Array(body[10...])
        guard text.count <= maximumDescription, let description = String(validating: text, as: UTF8.self),
            !description.unicodeScalars.contains(where: isControl)
        else { throw .shareString(.badDescription) }
        return ImportedPalette(
            palette: Palette(primary: color(0), secondary: color(1), accent: color(2)), description: description,
            locked: locked, source: .shareString)
    }

    /// A plain Coolors link of the colours (no description, no locks: Coolors has neither).
    public static func coolorsURL(_ palette: Palette) -> String {
        "https://coolors.co/" + palette.colors.map { $0.hex.dropFirst().lowercased() }.joined(separator: "-")
    }

    private static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func base64url(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var v = UInt32(bytes[i]) << 16
            if n > 1 { v |= UInt32(bytes[i + 1]) << 8 }
            if n > 2 { v |= UInt32(bytes[i + 2]) }
            for k in 0...n { out.append(alphabet[Int((v >> UInt32(18 - 6 * k)) & 63)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func fromBase64url(_ text: Substring) -> [UInt8]? {
        var values: [UInt32] = []
        for b in text.utf8 {
            guard let k = alphabet.firstIndex(of: b) else { return nil }
            values.append(UInt32(k))
        }
        if values.count % 4 == 1 { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < values.count {
            let n = min(4, values.count - i)
            var v: UInt32 = 0
            for k in 0..<4 { v |= (k < n ? values[i + k] : 0) << UInt32(18 - 6 * k) }
            let produced = n - 1
            let bytes = [UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
            // Bits after the last byte must be zero: one string for one value.
            if produced < 3, bytes[produced] != 0 || (produced == 1 ? (v & 0xFFFF) != 0 : (v & 0xFF) != 0) {
                return nil
            }
            out += bytes.prefix(produced)
            i += 4
        }
        return out
    }
}
