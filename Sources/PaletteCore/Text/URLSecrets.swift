/// Secrets a URL can carry: the password of `user:password@host` and the value of a query or
/// fragment parameter named like a key (`key=`, `api_key=`, `apikey=`, `token=`,
/// `access_token=`, `…_secret=`). Found so that a settings file can refuse them, and masked
/// wherever a URL is shown.
///
/// Works on UTF-8 bytes in one pass: linear in the text, whatever it holds.
public enum URLSecrets {
    /// What stands where a secret was.
    public static let mask = "<redacted>"

    /// Whether a parameter of this name carries a key (case, `-` or `_` and percent-encoding aside).
    public static func isSecretParameter(_ name: String) -> Bool {
        let folded = String(decoding: percentDecoded(Array(name.utf8)), as: UTF8.self).lowercased()
            .replacing("-", with: "_")
        let exact: Set<String> = [
            "key", "apikey", "api_key", "access_key", "secret", "token", "access_token", "auth", "auth_token",
            "authorization", "password", "passwd", "pwd", "sig", "signature", "code", "session", "sessionid",
            "x_goog_api_key", "client_secret", "refresh_token", "id_token", "bearer", "credential", "credentials",
        ]
        if exact.contains(folded) { return true }
        return ["_key", "apikey", "_token", "_secret", "_password", "_signature"].contains { folded.hasSuffix($0) }
    }

    /// The secrets in one endpoint (a URL, or a host without a scheme as `OLLAMA_HOST` takes):
    /// whether it has a password, and the names of the key parameters it has.
    public static func secrets(inEndpoint text: String) -> (password: Bool, parameters: [String]) {
        var password = false
        var parameters: [String] = []
        scan(Array(text.utf8), endpoint: true) { part in
            switch part {
            case .password: password = true
            case .parameter(let name): parameters.append(name)
            }
        }
        return (password, parameters)
    }

    /// `text` with every URL password and every key parameter's value replaced by `mask`.
    ///
    /// - Parameter endpoint: `text` is one endpoint, whose scheme may be missing
    ///   (`user:pass@host:11434`); otherwise only URLs written with `scheme://` inside free text
    ///   are looked at.
    public static func masked(_ text: String, endpoint: Bool = false) -> String {
        let bytes = Array(text.utf8)
        // Nothing to look at: most text has no URL in it.
        if !endpoint && !contains(bytes, "://") { return text }
        var ranges: [Range<Int>] = []
        scanRanges(bytes, endpoint: endpoint) { ranges.append($0) }
        guard !ranges.isEmpty else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var at = 0
        for range in ranges {
            out.append(contentsOf: bytes[at..<range.lowerBound])
            out.append(contentsOf: mask.utf8)
            at = range.upperBound
        }
        out.append(contentsOf: bytes[at...])
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Scanning

    private enum Part {
        case password
        case parameter(String)
    }

    private static func scan(_ bytes: [UInt8], endpoint: Bool, _ found: (Part) -> Void) {
        walk(bytes, endpoint: endpoint) { part, _ in found(part) }
    }

    private static func scanRanges(_ bytes: [UInt8], endpoint: Bool, _ found: (Range<Int>) -> Void) {
        walk(bytes, endpoint: endpoint) { _, range in found(range) }
    }

    /// Calls `body` for each secret with the range of its value, in order.
    private static func walk(_ bytes: [UInt8], endpoint: Bool, _ body: (Part, Range<Int>) -> Void) {
        var i = 0
        var first = true
        while i < bytes.count {
            // The start of the next URL's authority.
            var authority: Int
            if first && endpoint {
                authority = 0
                if let scheme = schemeEnd(bytes, from: 0) { authority = scheme }
            } else {
                guard let found = find(bytes, "://", from: i) else { return }
                authority = found + 3
            }
            first = false
            let end = urlEnd(bytes, from: authority, endpoint: endpoint)
            var authorityEnd = authority
            while authorityEnd < end, !"/?#".utf8.contains(bytes[authorityEnd]) { authorityEnd += 1 }
            if let at = bytes[authority..<authorityEnd].lastIndex(of: UInt8(ascii: "@")),
                let colon = bytes[authority..<at].firstIndex(of: UInt8(ascii: ":")), colon + 1 < at
            {
                body(.password, (colon + 1)..<at)
            }
            // Parameters of the query and the fragment.
            var p = authorityEnd
            while p < end {
                let b = bytes[p]
                if b == UInt8(ascii: "?") || b == UInt8(ascii: "#") || b == UInt8(ascii: "&") || b == UInt8(ascii: ";")
                {
                    let nameStart = p + 1
                    var q = nameStart
                    while q < end, !"=&;#".utf8.contains(bytes[q]) { q += 1 }
                    if q < end, bytes[q] == UInt8(ascii: "=") {
                        let name = String(decoding: bytes[nameStart..<q], as: UTF8.self)
                        var v = q + 1
                        while v < end, !"&;#".utf8.contains(bytes[v]) { v += 1 }
                        if v > q + 1, isSecretParameter(name) { body(.parameter(name), (q + 1)..<v) }
                        p = v
                        continue
                    }
                    p = q
                    continue
                }
                p += 1
            }
            i = max(end, authority)
            if endpoint { i = bytes.count }
        }
    }

    /// Past `scheme://` when the text starts with one.
    private static func schemeEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < bytes.count, isSchemeByte(bytes[i]) { i += 1 }
        guard i > start, i + 2 < bytes.count, bytes[i] == UInt8(ascii: ":"),
            bytes[i + 1] == UInt8(ascii: "/"), bytes[i + 2] == UInt8(ascii: "/")
        else { return nil }
        return i + 3
    }

    private static func isSchemeByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D
            || b == 0x2E
    }

    /// Where a URL starting at `start` ends: at white space, a quote or a bracket that closes
    /// a quotation; an endpoint runs to the end.
    private static func urlEnd(_ bytes: [UInt8], from start: Int, endpoint: Bool) -> Int {
        if endpoint { return bytes.count }
        let placeholder = Array(mask.utf8)
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            // A secret masked already is part of its URL (masking again changes nothing).
            if b == placeholder[0], bytes[i...].starts(with: placeholder) {
                i += placeholder.count
                continue
            }
            if b <= 0x20 || b == 0x7F || b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || b == UInt8(ascii: "<")
                || b == UInt8(ascii: ">") || b == UInt8(ascii: "`")
            {
                break
            }
            // A full-width quote or bracket after a URL in Chinese text (「」“”（）) starts with 0xE2 or 0xE3/0xEF.
            if b >= 0xE2 && b <= 0xEF && i + 2 < bytes.count && isClosingPunctuation(bytes[i...(i + 2)]) { break }
            i += 1
        }
        return i
    }

    private static func isClosingPunctuation(_ bytes: ArraySlice<UInt8>) -> Bool {
        let closing: [[UInt8]] = [
            Array("」".utf8), Array("“".utf8), Array("”".utf8), Array("）".utf8), Array("。".utf8), Array("，".utf8),
            Array("：".utf8), Array("；".utf8), Array("「".utf8), Array("（".utf8),
        ]
        return closing.contains { $0.elementsEqual(bytes) }
    }

    private static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
        find(bytes, needle, from: 0) != nil
    }

    private static func find(_ bytes: [UInt8], _ needle: StaticString, from start: Int) -> Int? {
        let n = needle.utf8CodeUnitCount
        let p = needle.utf8Start
        guard n > 0, bytes.count >= n else { return nil }
        var i = start
        while i + n <= bytes.count {
            if bytes[i] == p[0] {
                var k = 1
                while k < n && bytes[i + k] == p[k] { k += 1 }
                if k == n { return i }
            }
            i += 1
        }
        return nil
    }

    private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 0x30...0x39: return b - 0x30
            case 0x41...0x46: return b - 0x37
            case 0x61...0x66: return b - 0x57
            default: return nil
            }
        }
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2])
            {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }
}
