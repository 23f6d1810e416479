// MARK: - Packed key indexes

/// A read-only index from folded keys to senses, packed in a few flat arrays.
///
/// The lexicon's indexes are built once, from the terms, and only read afterwards. Packed,
/// they cost no allocation a key to load (the generated index text is scanned once, see
/// `LexiconIndexText`), a tenth of the memory of a `Dictionary` of `String`s and `[Sense]`
/// arrays, and a lookup hashes the key's UTF-8 bytes with FNV-1a instead of SipHash.
/// Open addressing, linear probing, at most half full; keys are compared by their bytes
/// (they are folded and composed before they are stored or looked up, like `FoldedKey`).
struct PackedKeyIndex: Sendable {
    /// The arrays, behind one reference: the matcher copies an index out of `Lexicon.stems`
    /// for every word and language, and a copy should cost one retain, not six.
    private final class Storage: Sendable {
        /// Every key's UTF-8 bytes, one after another; key `i` ends at `keyEnds[i]`.
        let bytes: [UInt8]
        let keyEnds: [UInt32]
        /// The high 32 bits of each key's hash (the low bits choose its slot), to skip most byte compares.
        let hashes: [UInt32]
        /// Key `i`'s senses end at `senseEnds[i]` in `senses` (`PackedKeyIndex.pack`ed).
        let senseEnds: [UInt32]
        let senses: [UInt32]
        /// Key index + 1 in each slot, 0 for an empty one; the count is a power of two.
        let slots: [UInt32]

        init(
            bytes: [UInt8], keyEnds: [UInt32], hashes: [UInt32], senseEnds: [UInt32], senses: [UInt32],
            slots: [UInt32]
        ) {
            self.bytes = bytes
            self.keyEnds = keyEnds
            self.hashes = hashes
            self.senseEnds = senseEnds
            self.senses = senses
            self.slots = slots
        }

        static let empty = Storage(bytes: [], keyEnds: [], hashes: [], senseEnds: [], senses: [], slots: [0])
    }

    private let storage: Storage

    init() { storage = .empty }

    private init(storage: Storage) { self.storage = storage }

    /// An index of these keys and their senses (keys in this order).
    init(_ pairs: [(key: String, senses: [Sense])]) {
        var builder = Builder()
        for (key, list) in pairs {
            var k = key
            k.withUTF8 { builder.addKey($0) }
            for s in list { builder.addSense(s) }
            builder.endKey()
        }
        self = builder.finish()
    }

    var count: Int { storage.keyEnds.count }

    subscript(key: String) -> [Sense]? {
        guard let i = find(key) else { return nil }
        return senses(at: i)
    }

    func contains(_ key: String) -> Bool { find(key) != nil }

    /// The senses of the key with these UTF-8 bytes: a key looked up without making a `String`.
    func senses(utf8 key: UnsafeBufferPointer<UInt8>) -> [Sense]? {
        find(key).map { senses(at: $0) }
    }

    func contains(utf8 key: UnsafeBufferPointer<UInt8>) -> Bool { find(key) != nil }

    /// The key at `i`, as a string.
    func key(at i: Int) -> String {
        let keyEnds = storage.keyEnds
        let start = i == 0 ? 0 : Int(keyEnds[i - 1])
        return String(decoding: storage.bytes[start..<Int(keyEnds[i])], as: UTF8.self)
    }

    private func senses(at i: Int) -> [Sense] {
        let senseEnds = storage.senseEnds
        let start = i == 0 ? 0 : Int(senseEnds[i - 1])
        let end = Int(senseEnds[i])
        guard end > start else { return [] }
        return storage.senses[start..<end].map(PackedKeyIndex.unpack)
    }

    /// Every key, in the order they were added.
    var keys: LazyMapSequence<Range<Int>, String> { (0..<count).lazy.map { key(at: $0) } }

    /// Every key's senses, in the order of `keys`.
    var values: LazyMapSequence<Range<Int>, [Sense]> { (0..<count).lazy.map { senses(at: $0) } }

    private func find(_ key: String) -> Int? {
        if let found = key.utf8.withContiguousStorageIfAvailable({ find($0) }) { return found }
        var copy = key
        return copy.withUTF8 { find($0) }
    }

    private func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = PackedKeyIndex.hash(key)
        let tag = UInt32(truncatingIfNeeded: hash >> 32)
        let s = storage
        return s.slots.withUnsafeBufferPointer { slots in
            s.hashes.withUnsafeBufferPointer { hashes in
                s.keyEnds.withUnsafeBufferPointer { keyEnds in
                    s.bytes.withUnsafeBufferPointer { stored in
                        let mask = slots.count - 1
                        var slot = Int(truncatingIfNeeded: hash) & mask
                        while true {
                            let entry = slots[slot]
                            if entry == 0 { return nil }
                            let i = Int(entry) - 1
                            if hashes[i] == tag {
                                let start = i == 0 ? 0 : Int(keyEnds[i - 1])
                                let end = Int(keyEnds[i])
                                if end - start == key.count,
                                    key.isEmpty || memoryEqual(stored.baseAddress! + start, key.baseAddress!, key.count)
                                {
                                    return i
                                }
                            }
                            slot = (slot + 1) & mask
                        }
                    }
                }
            }
        }
    }

    private func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        for k in 0..<n where a[k] != b[k] { return false }
        return true
    }

    /// FNV-1a, 64 bits: the same in every process (Swift's `Hasher` is seeded per process).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        return h
    }

    static func pack(_ s: Sense) -> UInt32 {
        UInt32(bitPattern: s.entry) << 5 | UInt32(s.language.rawValue) << 1 | (s.bound ? 1 : 0)
    }

    static func unpack(_ p: UInt32) -> Sense {
        Sense(
            entry: Int32(bitPattern: p >> 5), language: LanguageCode(rawValue: UInt8((p >> 1) & 0xF)) ?? .any,
            bound: p & 1 == 1)
    }

    /// Appends keys and senses straight from bytes (the index text), then lays out the slots.
    struct Builder {
        private var bytes: [UInt8] = []
        private var keyEnds: [UInt32] = []
        private var hashes: [UInt32] = []
        private var senseEnds: [UInt32] = []
        private var senses: [UInt32] = []
        private var keyStart = 0
        /// Each key's whole hash, for its slot.
        private var fullHashes: [UInt64] = []

        mutating func addKey(_ key: UnsafeBufferPointer<UInt8>) {
            keyStart = bytes.count
            bytes.append(contentsOf: key)
        }

        mutating func addKey(_ key: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
            keyStart = bytes.count
            bytes.append(contentsOf: key[start..<end])
        }

        mutating func addSense(_ s: Sense) { senses.append(PackedKeyIndex.pack(s)) }

        /// Room for `keys` keys (and a guess at their bytes and senses), so the arrays grow once.
        mutating func reserve(keys: Int) {
            bytes.reserveCapacity(keys * 12)
            keyEnds.reserveCapacity(keys)
            hashes.reserveCapacity(keys)
            senseEnds.reserveCapacity(keys)
            senses.reserveCapacity(keys + keys / 4)
            fullHashes.reserveCapacity(keys)
        }

        mutating func endKey() {
            keyEnds.append(UInt32(bytes.count))
            senseEnds.append(UInt32(senses.count))
            let hash = bytes.withUnsafeBufferPointer {
                PackedKeyIndex.hash(UnsafeBufferPointer(rebasing: $0[keyStart...]))
            }
            fullHashes.append(hash)
            hashes.append(UInt32(truncatingIfNeeded: hash >> 32))
        }

        func finish() -> PackedKeyIndex {
            var size = 1
            while size < fullHashes.count * 2 + 1 { size <<= 1 }
            var slots = [UInt32](repeating: 0, count: size)
            let mask = size - 1
            for (i, hash) in fullHashes.enumerated() {
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(i + 1)
            }
            return PackedKeyIndex(
                storage: Storage(
                    bytes: bytes, keyEnds: keyEnds, hashes: hashes, senseEnds: senseEnds, senses: senses, slots: slots))
        }
    }
}

// MARK: - The index text

/// The lexicon's indexes as text: written by `lexicon-index` into LexiconIndexData.swift,
/// read at start-up instead of folding, stemming and sorting out 17,000 terms again.
///
/// ```
/// palette-lexicon-index 2 <source fingerprint, 16 hex digits> <longest phrase, words> <longest run, scalars>
/// @rules <count>          then the rule lines, values folded (`code TAB rule TAB value|value`)
/// @exact <count>          then one key a line: key TAB senses
/// @bare <count>
/// @stems <language> <count>
/// @starts <count>         then one key a line, no senses
/// @prefixes <count>       the same
/// ```
///
/// A sense is `<entry><language>`, the language one letter, `a` + its raw value (`a` en,
/// `b` zh ... `o` any), upper case when the sense is bound to its language; senses are
/// separated by spaces, in the order the lookup prefers them. Keys are sorted by their bytes,
/// so the text is the same for the same lexicon.
enum LexiconIndexText {
    static let magic = "palette-lexicon-index 2"

    /// The parts of a lexicon that the text holds.
    struct Indexes {
        var exact = PackedKeyIndex()
        var bare = PackedKeyIndex()
        var stems: [LanguageCode: PackedKeyIndex] = [:]
        var phraseStarts = PackedKeyIndex()
        /// Every key of three or more words up to each space after its first word ("a b c d"
        /// gives "a b" and "a b c"): with `phraseStarts`, every multi-word key's first words
        /// (`Matcher.livePhraseLength`).
        var phrasePrefixes = PackedKeyIndex()
        var maxPhraseWords = 1
        var maxRunLength = 1
        /// The rule lines with their values folded (`Lexicon.foldedRules`), joined by newlines.
        var foldedRules = ""
    }

    /// Identifies the texts an index was built from: FNV-1a over the entries, the rules and
    /// the bare letters, each followed by a zero byte. An index of other texts is not used.
    static func fingerprint(entries: String, rules: String, bareLetters: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for text in [entries, rules, bareLetters] {
            var t = text
            t.withUTF8 { bytes in
                for b in bytes {
                    h ^= UInt64(b)
                    h = h &* 0x0000_0100_0000_01B3
                }
            }
            h = h &* 0x0000_0100_0000_01B3
        }
        return h
    }

    static func hex(_ v: UInt64) -> String {
        let digits = String(v, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The text of these indexes (keys sorted by their bytes).
    static func write(_ ix: Indexes, fingerprint: UInt64) -> String {
        var out = "\(magic) \(hex(fingerprint)) \(ix.maxPhraseWords) \(ix.maxRunLength)\n"
        let rules = ix.foldedRules.split(separator: "\n")
        out += "@rules \(rules.count)\n"
        for line in rules { out += line + "\n" }
        func section(_ header: String, _ index: PackedKeyIndex, senses: Bool) {
            let rows = zip(index.keys, index.values).sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            out += "\(header) \(rows.count)\n"
            for (key, list) in rows {
                precondition(
                    !key.contains("\t") && !key.contains("\n") && !key.contains("\"\"\"") && !key.contains("\\#"),
                    "a lexicon key the index text cannot hold: \(key)")
                out += key
                if senses {
                    out += "\t"
                    out += list.map { s in
                        let letter = UInt8(s.bound ? 0x41 : 0x61) + s.language.rawValue
                        return "\(s.entry)\(Character(Unicode.Scalar(letter)))"
                    }.joined(separator: " ")
                }
                out += "\n"
            }
        }
        section("@exact", ix.exact, senses: true)
        section("@bare", ix.bare, senses: true)
        for l in LanguageCode.allCases {
            guard let index = ix.stems[l] else { continue }
            section("@stems \(l)", index, senses: true)
        }
        section("@starts", ix.phraseStarts, senses: false)
        section("@prefixes", ix.phrasePrefixes, senses: false)
        return out
    }

    /// The indexes in `text`, or nil when it is not an index of these source texts (or is damaged).
    static func read(_ text: String, fingerprint: UInt64) -> Indexes? {
        var t = text
        return t.withUTF8 { read($0, fingerprint: fingerprint) }
    }

    private static func read(_ b: UnsafeBufferPointer<UInt8>, fingerprint: UInt64) -> Indexes? {
        var i = 0
        let n = b.count
        /// The bytes up to the next `stop` byte (or the line's end), moving past the stop.
        func field(_ stop: UInt8) -> Range<Int> {
            let start = i
            while i < n, b[i] != stop, b[i] != 0x0A { i += 1 }
            let range = start..<i
            if i < n, b[i] == stop { i += 1 }
            return range
        }
        func string(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self) }
        func number(_ r: Range<Int>) -> Int? {
            guard !r.isEmpty, r.count < 10 else { return nil }
            var v = 0
            for k in r {
                guard (0x30...0x39).contains(b[k]) else { return nil }
                v = v * 10 + Int(b[k] - 0x30)
            }
            return v
        }
        func endLine() -> Bool {
            guard i < n, b[i] == 0x0A else { return false }
            i += 1
            return true
        }

        // Header.
        let magicBytes = Array(magic.utf8)
        guard n > magicBytes.count, b.starts(with: magicBytes) else { return nil }
        i = magicBytes.count + 1
        guard string(field(0x20)) == hex(fingerprint),
            let words = number(field(0x20)), let run = number(field(0x20)), endLine()
        else { return nil }
        var out = Indexes()
        var sawRules = false
        var sawPrefixes = false
        out.maxPhraseWords = words
        out.maxRunLength = run

        while i < n {
            guard b[i] == 0x40 else { return nil }
            i += 1
            let name = string(field(0x20))
            var language: LanguageCode?
            if name == "stems" {
                let code = string(field(0x20))
                guard let l = LanguageCode(code: Substring(code)) else { return nil }
                language = l
            }
            guard let count = number(field(0x20)), endLine() else { return nil }
            if name == "rules" {
                let start = i
                for _ in 0..<count {
                    while i < n, b[i] != 0x0A { i += 1 }
                    guard endLine() else { return nil }
                }
                out.foldedRules = string(start..<max(start, i - 1))
                sawRules = true
                continue
            }
            let withSenses = name != "starts" && name != "prefixes"
            var builder = PackedKeyIndex.Builder()
            builder.reserve(keys: count)
            for _ in 0..<count {
                let key = field(0x09)
                guard !key.isEmpty else { return nil }
                builder.addKey(b, from: key.lowerBound, to: key.upperBound)
                if withSenses {
                    // `<digits><letter>` separated by spaces, to the end of the line.
                    var entry = 0
                    var digits = 0
                    while i < n, b[i] != 0x0A {
                        let c = b[i]
                        i += 1
                        switch c {
                        case 0x30...0x39:
                            entry = entry * 10 + Int(c - 0x30)
                            digits += 1
                            guard digits < 10 else { return nil }
                        case 0x61...0x6F, 0x41...0x4F:
                            guard digits > 0, let l = LanguageCode(rawValue: (c | 0x20) - 0x61) else { return nil }
                            builder.addSense(Sense(entry: Int32(entry), language: l, bound: c < 0x61))
                            entry = 0
                            digits = 0
                        case 0x20:
                            guard digits == 0 else { return nil }
                        default:
                            return nil
                        }
                    }
                    guard digits == 0 else { return nil }
                }
                guard endLine() else { return nil }
                builder.endKey()
            }
            let index = builder.finish()
            switch name {
            case "exact": out.exact = index
            case "bare": out.bare = index
            case "stems": out.stems[language!] = index
            case "starts": out.phraseStarts = index
            case "prefixes":
                out.phrasePrefixes = index
                sawPrefixes = true
            default: return nil
            }
        }
        // Without the prefixes the matcher would cut every phrase short: a text written before
        // they were (the same version, one section fewer) is not used.
        return sawRules && sawPrefixes ? out : nil
    }
}

// MARK: - The generated file

/// LexiconIndexData.swift, for the `lexicon-index` tool (Sources/lexicon-index), which
/// tools/gen_lexicon.py runs after it writes LexiconData.swift.
public enum LexiconIndexSource {
    /// The Swift source of LexiconIndexData: the embedded lexicon's indexes, built from its terms.
    public static func generated() -> String {
        let text = Lexicon.embeddedIndexText()
        precondition(!text.contains("\"\"\"#"), "the index text holds the raw string's delimiter")
        return """
            // swift-format-ignore-file
            // Generated by `swift run lexicon-index` (tools/gen_lexicon.py runs it) from LexiconData.swift. Do not edit.
            // A test checks that it is what the terms build; a stale one is not used (the terms are built instead).

            /// The embedded lexicon's indexes, built from LexiconData's terms (format: `LexiconIndexText`).
            enum LexiconIndexData {
                static let text = #\"\"\"
            \(text)
            \"\"\"#
            }

            """
    }
}
