import PaletteCore

/// The one history search: `palette-tui history --search` and the app's `/` filter both match
/// with it, so they find the same entries for the same text.
///
/// An entry matches when its description, or one of its three `#rrggbb` codes, contains the
/// query, ignoring case and the difference between Traditional and Simplified Chinese. Both
/// sides are folded the same way (`fold`): lowercased, then `ChineseFolding`. An entry's
/// search text is its folded description, then each code after a 0xFF byte; 0xFF never
/// occurs in UTF-8, so no query can match across the description and a code or across two codes.
public struct HistoryQuery: Hashable, Sendable {
    /// The query as typed.
    public let text: String
    /// Its folded bytes.
    @usableFromInline let needle: [UInt8]

    public init(_ text: String) {
        self.text = text
        needle = HistorySearch.fold(text)
    }

    /// Two queries are the same when they fold the same ("Sea" and "sea", 霧 and 雾).
    public static func == (lhs: HistoryQuery, rhs: HistoryQuery) -> Bool { lhs.needle == rhs.needle }

    public func hash(into hasher: inout Hasher) { hasher.combine(needle) }

    /// True for the empty query, which every entry matches.
    public var isEmpty: Bool { needle.isEmpty }

    /// True when `entry` matches.
    public func matches(_ entry: HistoryEntry) -> Bool {
        var scratch: [UInt8] = []
        return matches(entry, scratch: &scratch)
    }

    /// True when `entry` matches, folding its text into `scratch` (reused across calls).
    public func matches(_ entry: HistoryEntry, scratch: inout [UInt8]) -> Bool {
        matches(entry, scratch: &scratch, folding: ChineseFolding.table)
    }

    func matches(_ entry: HistoryEntry, scratch: inout [UInt8], folding: ChineseFolding.Table) -> Bool {
        if needle.isEmpty { return true }
        scratch.removeAll(keepingCapacity: true)
        HistorySearch.appendSearchText(of: entry, to: &scratch, folding: folding)
        return scratch.withUnsafeBufferPointer { HistorySearch.find(needle, in: $0, from: 0, to: $0.count) }
    }

    /// True when every entry this query matches also matches `other` (its folded text
    /// contains `other`'s), so results for `other` can be narrowed instead of searched again.
    public func refines(_ other: HistoryQuery) -> Bool {
        needle.withUnsafeBufferPointer { HistorySearch.find(other.needle, in: $0, from: 0, to: $0.count) }
    }
}

/// What `history` lists and the app's list shows: favourites only or all, then the query.
public struct HistoryFilter: Hashable, Sendable {
    public var query: HistoryQuery
    public var favoritesOnly: Bool

    public init(query: HistoryQuery = HistoryQuery(""), favoritesOnly: Bool = false) {
        self.query = query
        self.favoritesOnly = favoritesOnly
    }

    /// True when `entry` passes.
    public func matches(_ entry: HistoryEntry, scratch: inout [UInt8]) -> Bool {
        matches(entry, scratch: &scratch, folding: ChineseFolding.table)
    }

    func matches(_ entry: HistoryEntry, scratch: inout [UInt8], folding: ChineseFolding.Table) -> Bool {
        (!favoritesOnly || entry.favorite) && query.matches(entry, scratch: &scratch, folding: folding)
    }

    /// The entries that pass, newest first (`entries` is oldest first, as loaded), at most `limit`.
    public func newestFirst(_ entries: [HistoryEntry], limit: Int? = nil) -> [HistoryEntry] {
        var out: [HistoryEntry] = []
        var scratch: [UInt8] = []
        let folding = ChineseFolding.table
        for entry in entries.reversed() {
            if let limit, out.count >= limit { break }
            if matches(entry, scratch: &scratch, folding: folding) { out.append(entry) }
        }
        return out
    }
}

/// Every entry's search text in one byte buffer, for searching 100,000 entries on each key.
///
/// One contiguous buffer scans at memory speed and costs one allocation instead of 100,000.
/// Built with the same `HistorySearch.appendSearchText` as `HistoryQuery.matches`, so an
/// entry is found here exactly when `matches` says so.
///
/// `entry(_:matches:)` and `search(_:keep:)` are inlinable: the app calls them on every key.
/// Called across the module boundary instead, one key's scan of 100,000 entries cost about
/// 1.8 times the CPU time in a release build (3.2 ms against 1.8 ms).
public struct HistoryIndex: Sendable {
    @usableFromInline var bytes: [UInt8] = []
    /// `starts[i]..<starts[i + 1]` is entry `i`'s search text.
    @usableFromInline var starts: [Int32] = [0]

    /// The index of `entries`, in their order. Pure; about 20 to 40 ms for 100,000 entries.
    public init(_ entries: [HistoryEntry] = []) {
        var total = 0
        for e in entries { total += e.description.utf8.count }
        total += entries.count * 24
        bytes.reserveCapacity(total + total / 8)
        starts.reserveCapacity(entries.count + 1)
        let folding = ChineseFolding.table
        for e in entries {
            HistorySearch.appendSearchText(of: e, to: &bytes, folding: folding)
            starts.append(Int32(bytes.count))
        }
    }

    /// How many entries it covers.
    public var count: Int { starts.count - 1 }

    /// Adds the next entry.
    public mutating func append(_ entry: HistoryEntry) {
        HistorySearch.appendSearchText(of: entry, to: &bytes)
        starts.append(Int32(bytes.count))
    }

    /// True when entry `i` matches `query`.
    @inlinable
    public func entry(_ i: Int, matches query: HistoryQuery) -> Bool {
        bytes.withUnsafeBufferPointer { buf in
            HistorySearch.find(query.needle, in: buf, from: Int(starts[i]), to: Int(starts[i + 1]))
        }
    }

    /// Indices of the entries matching `query`, newest (highest) first, that also pass `keep`.
    @inlinable
    public func search(_ query: HistoryQuery, keep: (Int) -> Bool = { _ in true }) -> [Int32] {
        var out: [Int32] = []
        let needle = query.needle
        bytes.withUnsafeBufferPointer { buf in
            var i = starts.count - 2
            while i >= 0 {
                if HistorySearch.find(needle, in: buf, from: Int(starts[i]), to: Int(starts[i + 1])), keep(i) {
                    out.append(Int32(i))
                }
                i -= 1
            }
        }
        return out
    }
}

/// The folding and substring matching under `HistoryQuery` and `HistoryIndex`.
public enum HistorySearch {
    /// `text` folded for matching: the bytes of `lowercased()`, then Traditional Chinese
    /// folded to Simplified (`ChineseFolding`).
    public static func fold(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII folds to its lower case alone: the Chinese table is not fetched (building it
            // cost the first frame about 0.8 ms, for the app's empty query).
            for b in text.utf8 { out.append(b &- 0x41 < 26 ? b | 0x20 : b) }
            return out
        }
        fold(text, into: &out, folding: ChineseFolding.table)
        return out
    }

    /// Appends what `entry`'s search text folds to: its description, then a 0xFF byte and
    /// `#rrggbb` for each of its three colours.
    public static func appendSearchText(of entry: HistoryEntry, to out: inout [UInt8]) {
        appendSearchText(of: entry, to: &out, folding: ChineseFolding.table)
    }

    /// `appendSearchText(of:to:)` with the table fetched by the caller, once for many entries.
    static func appendSearchText(of entry: HistoryEntry, to out: inout [UInt8], folding: ChineseFolding.Table) {
        fold(entry.description, into: &out, folding: folding)
        appendHex(entry.primary, to: &out)
        appendHex(entry.secondary, to: &out)
        appendHex(entry.accent, to: &out)
    }

    /// A separator, then `#rrggbb`.
    @inline(__always)
    private static func appendHex(_ color: RGB, to out: inout [UInt8]) {
        @inline(__always) func digit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x57 + v }
        out.append(0xFF)
        out.append(0x23)
        out.append(digit(color.r >> 4))
        out.append(digit(color.r & 0xF))
        out.append(digit(color.g >> 4))
        out.append(digit(color.g & 0xF))
        out.append(digit(color.b >> 4))
        out.append(digit(color.b & 0xF))
    }

    /// Appends `fold(text)`, with `folding` (`ChineseFolding.table`) fetched by the caller.
    ///
    /// The UTF-8 is copied in one go and ASCII letters are lowercased in place; only a string
    /// holding a non-ASCII scalar that changes case (É, Σ, Д) or that folds takes the slow path.
    /// This keeps a 100,000-entry index to about ten milliseconds.
    static func fold(_ text: String, into out: inout [UInt8], folding: ChineseFolding.Table) {
        let start = out.count
        out.append(contentsOf: text.utf8)
        var needsUnicode = false
        out.withUnsafeMutableBufferPointer { buf in
            var i = start
            let n = buf.count
            while i < n {
                let b = buf[i]
                if b < 0x80 {
                    if b &- 0x41 < 26 { buf[i] = b | 0x20 }
                    i += 1
                    continue
                }
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
                var v = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                var k = i + 1
                while k < min(i + length, n) {
                    v = v << 6 | UInt32(buf[k] & 0x3F)
                    k += 1
                }
                i += length
                guard let scalar = Unicode.Scalar(v) else { continue }
                if folding.simplified(scalar) != nil {
                    needsUnicode = true
                    return
                }
                if (0x3000...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v) { continue }
                if scalar.properties.changesWhenLowercased {
                    needsUnicode = true
                    return
                }
            }
        }
        guard needsUnicode else { return }
        out.removeSubrange(start...)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 {
                let b = UInt8(v)
                out.append(b &- 0x41 < 26 ? b | 0x20 : b)
            } else if scalar.properties.changesWhenLowercased {
                for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                    out.append(contentsOf: (folding.simplified(lower) ?? lower).utf8)
                }
            } else {
                out.append(contentsOf: (folding.simplified(scalar) ?? scalar).utf8)
            }
        }
    }

    /// True when `needle` occurs in `buf[from..<to]`.
    @inlinable @inline(__always)
    static func find(_ needle: [UInt8], in buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        let m = needle.count
        if m == 0 { return true }
        if to - from < m { return false }
        let first = needle[0]
        var p = from
        let last = to - m
        while p <= last {
            if buf[p] == first {
                var k = 1
                while k < m, buf[p + k] == needle[k] { k += 1 }
                if k == m { return true }
            }
            p += 1
        }
        return false
    }
}
