/// Finding the next of a few byte values in a long run of text, eight bytes at a time.
///
/// The parser's readers spend most of an adversarial input looking for the few bytes that can
/// change their state (a quote or a backslash in a string, a `#` or a `(` in prose, a line
/// break); these searches read a word of eight bytes per step and test all of its bytes at once
/// (the "has a zero byte" test on the word XORed with each wanted value), then find the byte
/// within the word. Same answers as a loop over the bytes, in a fraction of the steps.
enum ByteSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether some byte of `word` equals the byte that `pattern` repeats eight times. Exact:
    /// a borrow can only spread above a zero byte, so a word without one never tests true.
    @inline(__always)
    private static func holds(_ word: UInt64, _ pattern: UInt64) -> Bool {
        let x = word ^ pattern
        return (x &- ones) & ~x & highs != 0
    }

    /// The first index in `start..<end` whose byte is `a` or `b`, or nil.
    static func first(_ a: UInt8, _ b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        -> Int?
    {
        guard let base = bytes.baseAddress, start < end else { return nil }
        let pa = ones &* UInt64(a)
        let pb = ones &* UInt64(b)
        var i = start
        while i + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            if holds(word, pa) || holds(word, pb) { break }
            i += 8
        }
        while i < end {
            let c = base[i]
            if c == a || c == b { return i }
            i += 1
        }
        return nil
    }

    /// The first index in `start..<end` whose byte is one of `a`, `b`, `c` and `d`, or nil.
    static func first(
        _ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
        to end: Int
    ) -> Int? {
        guard let base = bytes.baseAddress, start < end else { return nil }
        let pa = ones &* UInt64(a)
        let pb = ones &* UInt64(b)
        let pc = ones &* UInt64(c)
        let pd = ones &* UInt64(d)
        var i = start
        while i + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            if holds(word, pa) || holds(word, pb) || holds(word, pc) || holds(word, pd) { break }
            i += 8
        }
        while i < end {
            let x = base[i]
            if x == a || x == b || x == c || x == d { return i }
            i += 1
        }
        return nil
    }
}
