import Synchronization

/// The texts of cells longer than a cell's word holds (8 to 15 bytes of UTF-8: a base with
/// marks, as Devanagari and Vietnamese often are, a flag, an emoji with a modifier), each kept
/// once for the life of the process under a number that the cell stores instead.
///
/// Numbering the same text the same way keeps a cell's equality a compare of its two words.
/// The store grows only with texts never seen before, and stops at `capacity` (about 2.5 MB);
/// past that a new long text is cut to what fits in the word, at a scalar boundary.
enum ClusterStore {
    /// Up to 15 bytes of UTF-8: 0...7 in `low`, 8...14 in `high`, the count in `high`'s top byte.
    struct Bytes: Hashable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init() {}

        init(words: (UInt64, UInt64)) {
            low = words.0
            high = words.1
        }

        var count: Int { Int(high >> 56) }

        /// Adds the scalar's bytes; false (and nothing added) when they would pass 15 bytes.
        mutating func append(_ scalar: Unicode.Scalar) -> Bool {
            var count = self.count
            guard count + scalar.utf8.count <= Cell.limit else { return false }
            for byte in scalar.utf8 {
                if count < 8 {
                    low |= UInt64(byte) << (UInt64(count) * 8)
                } else {
                    high |= UInt64(byte) << (UInt64(count - 8) * 8)
                }
                count += 1
            }
            high = (high & 0x00FF_FFFF_FFFF_FFFF) | UInt64(count) << 56
            return true
        }

        func byte(_ index: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: index < 8 ? low >> (UInt64(index) * 8) : high >> (UInt64(index - 8) * 8))
        }

        /// How many bytes of whole scalars fit in `limit` bytes.
        func count(within limit: Int) -> Int {
            var end = min(count, limit)
            // A byte 10xxxxxx continues a scalar: the cut goes before the scalar it belongs to.
            while end > 0, end < count, byte(end) & 0xC0 == 0x80 { end -= 1 }
            return end
        }

        /// The first `count(within: limit)` bytes (at most 8), as a word.
        func prefix(_ limit: Int) -> UInt64 {
            let kept = count(within: min(limit, 8))
            return kept == 8 ? low : low & ((1 << (UInt64(kept) * 8)) - 1)
        }
    }

    /// Texts stored before the store stops taking new ones: each costs its 16 bytes in the list
    /// and about twice that in the index.
    static let capacity = 1 << 16

    private struct Table: ~Copyable {
        var list: [Bytes] = []
        var numbers: [Bytes: UInt32] = [:]
    }

    private static let table = Mutex(Table())

    /// The number of `bytes`, stored now if new; nil when the store is full.
    static func number(of bytes: Bytes) -> UInt32? {
        table.withLock { table in
            if let known = table.numbers[bytes] { return known }
            guard table.list.count < capacity else { return nil }
            let number = UInt32(table.list.count)
            table.list.append(bytes)
            table.numbers[bytes] = number
            return number
        }
    }

    /// The words of text number `number`.
    static func words(_ number: UInt32) -> (UInt64, UInt64) {
        table.withLock { table in
            let bytes = table.list[Int(number)]
            return (bytes.low, bytes.high)
        }
    }
}
