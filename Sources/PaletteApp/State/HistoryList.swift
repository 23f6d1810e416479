import PaletteCore
import PaletteHistory

/// The history as the app browses it: newest first, filtered, favourites, deletes with undo.
///
/// Built for 100,000 entries: `entries` stays in file order (oldest first) and is never
/// reordered; what the list shows is either "everything, newest first" (no array at all) or
/// `view`, the matching entry indices newest first. Moving the selection and drawing touch only
/// the visible rows. Filtering matches as `history --search` does (PaletteHistory's
/// `HistoryFilter`), over the folded text of every entry (`SearchIndex`), which the runtime
/// builds off the UI thread after each load (or `/` builds, if it comes first), and narrows
/// the previous matches while the query only grows.
public struct HistoryList: Equatable, Sendable {
    /// Every entry loaded or generated, oldest first (the file's order).
    public private(set) var entries: [HistoryEntry] = [] { didSet { revision &+= 1 } }
    /// Indices into `entries` of deleted entries, kept so `u` can bring them back.
    public private(set) var deleted: Set<Int> = [] { didSet { revision &+= 1 } }
    /// The filter as typed.
    public private(set) var query: String = "" { didSet { revision &+= 1 } }
    public private(set) var favoritesOnly = false { didSet { revision &+= 1 } }
    /// `query` and `favoritesOnly` as the history search takes them.
    private var filter = HistoryFilter()
    /// Matching entry indices, newest first; nil means every entry, newest first.
    private(set) var view: [Int32]? { didSet { revision &+= 1 } }
    /// Changes whenever what a row shows may have changed (entries, deletes, filters, the
    /// view), not when the selection moves: the renderer redraws list rows only then. Not
    /// part of equality.
    private(set) var revision = 0
    /// Index into the visible list of the selected row.
    public internal(set) var selected = 0
    /// Index into the visible list of the first row drawn.
    public internal(set) var top = 0
    /// Lowercased descriptions and hex codes for filtering; handed in or built on first use.
    private(set) var searchIndex: SearchIndex?
    /// Counts loads, so an index built from an earlier load is recognised and dropped.
    private(set) var loadGeneration = 0
    /// Ids of entries generated in this session, kept when the file's history (re)loads.
    private var sessionIDs: Set<String> = []
    /// Earlier narrower-or-equal results while typing a query, so Backspace is instant.
    private var narrowing: [(query: HistoryQuery, view: [Int32])] = []
    /// Groups (a run of neighbouring palettes with one description: a palette and its
    /// variations, refinements, edits) opened to show every member, by the id of the group's
    /// oldest member (it stays when a new variation joins the group).
    private(set) var expanded: Set<String> = [] { didSet { revision &+= 1 } }
    /// The rows when some palettes are grouped: for each row, its position in the ungrouped
    /// order (newest first, as filtered), and its group's size on the row that shows a group
    /// (0 on a member's row of an opened group, 1 on a palette alone); nil when no two
    /// neighbours share a description, so every palette is a row.
    private var grouped: (positions: [Int32], sizes: [Int32])?

    public init(entries: [HistoryEntry] = []) {
        self.entries = entries
        regroup()
    }

    public static func == (lhs: HistoryList, rhs: HistoryList) -> Bool {
        lhs.entries == rhs.entries && lhs.deleted == rhs.deleted && lhs.query == rhs.query
            && lhs.favoritesOnly == rhs.favoritesOnly && lhs.visibleIndices == rhs.visibleIndices
            && lhs.selected == rhs.selected && lhs.top == rhs.top && lhs.expanded == rhs.expanded
    }

    // MARK: - Reading

    /// How many rows the list shows (a closed group is one row).
    public var count: Int { grouped?.positions.count ?? paletteCount }

    /// How many palettes the list holds, grouped or not.
    public var paletteCount: Int { view?.count ?? entries.count }

    /// The entry on visible row `row` (0 is the newest shown); a group's row shows its newest.
    public func entry(atRow row: Int) -> HistoryEntry? {
        guard let index = entryIndex(atRow: row) else { return nil }
        return entries[index]
    }

    /// Index into `entries` of visible row `row`.
    func entryIndex(atRow row: Int) -> Int? {
        guard row >= 0, row < count else { return nil }
        return entryIndex(atPosition: grouped.map { Int($0.positions[row]) } ?? row)
    }

    /// Index into `entries` of position `p` of the ungrouped order (newest first, as filtered).
    private func entryIndex(atPosition p: Int) -> Int? {
        guard p >= 0, p < paletteCount else { return nil }
        if let view { return Int(view[p]) }
        return entries.count - 1 - p
    }

    /// How row `row` groups: the group's size on a group's row (≥ 2), 1 on a palette alone,
    /// 0 on a member's row under an opened group.
    func groupSize(atRow row: Int) -> Int {
        guard let grouped, row >= 0, row < grouped.sizes.count else { return 1 }
        return Int(grouped.sizes[row])
    }

    /// True when row `row` shows a group that is open.
    func isExpanded(atRow row: Int) -> Bool {
        guard groupSize(atRow: row) >= 2, let key = groupKey(atRow: row) else { return false }
        return expanded.contains(key)
    }

    /// The id of the oldest member of the group row `row` shows.
    private func groupKey(atRow row: Int) -> String? {
        guard let grouped, row >= 0, row < grouped.positions.count else { return nil }
        let last = Int(grouped.positions[row]) + Int(grouped.sizes[row]) - 1
        return entryIndex(atPosition: last).map { entries[$0].id }
    }

    /// Opens (or closes) the group on row `row`; false when the row shows no group or it is
    /// already so. The selection stays on the group's row.
    @discardableResult
    mutating func setExpanded(_ open: Bool, atRow row: Int, rows: Int) -> Bool {
        guard groupSize(atRow: row) >= 2, let key = groupKey(atRow: row), expanded.contains(key) != open else {
            return false
        }
        if open { expanded.insert(key) } else { expanded.remove(key) }
        regroup()
        scrollToSelection(rows: rows)
        return true
    }

    /// The row of the group a member's row belongs to (itself when it shows a group or a
    /// palette alone).
    func groupRow(of row: Int) -> Int {
        var r = row
        while r > 0, groupSize(atRow: r) == 0 { r -= 1 }
        return r
    }

    /// Works out the rows: neighbours in the ungrouped order with the same description are one
    /// group; a group is one row unless it is open. O(palettes), string comparisons only
    /// between neighbours.
    private mutating func regroup() {
        let n = paletteCount
        var positions: [Int32] = []
        var sizes: [Int32] = []
        var anyGroup = false
        var p = 0
        while p < n {
            guard let first = entryIndex(atPosition: p) else { break }
            var q = p + 1
            while q < n, let next = entryIndex(atPosition: q), entries[next].description == entries[first].description {
                q += 1
            }
            let size = q - p
            if size > 1 { anyGroup = true }
            positions.append(Int32(p))
            sizes.append(Int32(size))
            if size > 1, let oldest = entryIndex(atPosition: q - 1), expanded.contains(entries[oldest].id) {
                for member in (p + 1)..<q {
                    positions.append(Int32(member))
                    sizes.append(0)
                }
            }
            p = q
        }
        grouped = anyGroup ? (positions, sizes) : nil
        revision &+= 1
    }

    var selectedEntry: HistoryEntry? { entry(atRow: selected) }

    /// True when a filter or favourites-only hides entries.
    var isFiltered: Bool { !query.isEmpty || favoritesOnly }

    /// All visible entry indices (tests and equality only: O(n)).
    var visibleIndices: [Int] { (0..<paletteCount).compactMap { entryIndex(atPosition: $0) } }

    // MARK: - Loading and appending

    /// Replaces the loaded history, keeping entries generated before it arrived.
    ///
    /// The runtime may load twice (the newest screenful first, then the whole file), so
    /// deletes made in between are carried over by id, and the selection stays on the same
    /// entry when it is still on the same row (the usual case: the newest rows do not move).
    mutating func load(_ loaded: [HistoryEntry]) {
        let selectedID = selectedEntry?.id
        let deletedIDs = Set(deleted.map { entries[$0].id })
        if sessionIDs.isEmpty {
            entries = loaded
        } else {
            let loadedIDs = Set(loaded.map(\.id))
            let session = entries.filter { sessionIDs.contains($0.id) && !loadedIDs.contains($0.id) }
            entries = loaded + session
        }
        deleted = []
        if !deletedIDs.isEmpty {
            for (i, e) in entries.enumerated() where deletedIDs.contains(e.id) { deleted.insert(i) }
        }
        searchIndex = nil
        loadGeneration += 1
        narrowing = []
        rebuildView()
        regroup()
        if selectedEntry?.id != selectedID || selectedID == nil {
            selected = 0
            top = 0
        }
    }

    /// Adds a new palette as the newest entry and selects it when it is shown.
    mutating func append(_ entry: HistoryEntry) {
        entries.append(entry)
        sessionIDs.insert(entry.id)
        let index = entries.count - 1
        searchIndex?.append(entry)
        narrowing = []
        if view != nil, matches(index) { view?.insert(Int32(index), at: 0) }
        regroup()
        if entryIndex(atRow: 0) == index {
            selected = 0
            top = 0
        }
    }

    // MARK: - Selection

    /// Moves the selection by `delta` rows, clamped, keeping it inside `rows` visible rows.
    mutating func move(by delta: Int, rows: Int) {
        guard count > 0 else { return }
        selected = min(max(selected + delta, 0), count - 1)
        scrollToSelection(rows: rows)
    }

    mutating func moveTo(_ row: Int, rows: Int) {
        guard count > 0 else { return }
        selected = min(max(row, 0), count - 1)
        scrollToSelection(rows: rows)
    }

    /// Keeps `top` so the selected row is one of `rows` rows drawn, and no space is wasted.
    mutating func scrollToSelection(rows: Int) {
        let rows = max(rows, 1)
        selected = min(max(selected, 0), max(count - 1, 0))
        if selected < top { top = selected }
        if selected >= top + rows { top = selected - rows + 1 }
        top = min(top, max(count - rows, 0))
        top = max(top, 0)
    }

    // MARK: - Favourites and deletes

    /// Indices into `entries` of every copy of `id`, oldest first. A file may hold copies of
    /// an id (two files concatenated, a backup appended), and the store applies one change to
    /// every copy saved before it: so does the list, or the screen and the file would disagree.
    func copies(of id: String) -> [Int] {
        entries.indices.filter { entries[$0].id == id }
    }

    /// Flips the favourite mark of visible row `row`, and of every copy of its id; returns the
    /// entry after the change.
    mutating func toggleFavorite(atRow row: Int, rows: Int) -> HistoryEntry? {
        guard let index = entryIndex(atRow: row) else { return nil }
        let favorite = !entries[index].favorite
        let indices = copies(of: entries[index].id)
        for i in indices { entries[i].favorite = favorite }
        let entry = entries[index]
        if favoritesOnly, !favorite {
            for i in indices { removeFromView(entryIndex: i) }
            narrowing = []
            regroup()
            scrollToSelection(rows: rows)
        }
        return entry
    }

    /// Hides visible row `row` as deleted, and every copy of its id; returns the entry. On a
    /// group's row that is the palette the row shows, its newest (docs/decisions.md).
    mutating func delete(atRow row: Int, rows: Int) -> HistoryEntry? {
        guard let index = entryIndex(atRow: row) else { return nil }
        return delete(entryAt: index, rows: rows)
    }

    /// Hides entry `index` as deleted, and every copy of its id; returns the entry.
    mutating func delete(entryAt index: Int, rows: Int) -> HistoryEntry? {
        guard index >= 0, index < entries.count, !deleted.contains(index) else { return nil }
        for i in copies(of: entries[index].id) where !deleted.contains(i) {
            deleted.insert(i)
            removeFromView(entryIndex: i)
        }
        narrowing = []
        regroup()
        scrollToSelection(rows: rows)
        return entries[index]
    }

    /// Brings back every deleted copy of `id` after a delete and selects the newest when it is
    /// shown; returns its index into `entries`, nil when none was deleted.
    @discardableResult
    mutating func restore(id: String, rows: Int) -> Int? {
        let indices = copies(of: id).filter { deleted.contains($0) }
        guard let newest = indices.last else { return nil }
        for index in indices { deleted.remove(index) }
        narrowing = []
        if deleted.isEmpty, !isFiltered {
            view = nil
        } else {
            for index in indices where matches(index) { insertIntoView(index) }
        }
        regroup()
        if let row = row(ofEntry: newest) {
            selected = row
            scrollToSelection(rows: rows)
        }
        return newest
    }

    /// The visible row of entry `index`, if shown: its own row, or the row of the closed
    /// group it is in.
    func row(ofEntry index: Int) -> Int? {
        guard let p = position(ofEntry: index) else { return nil }
        guard let grouped else { return p }
        // The last row at or before the position (rows are in position order).
        var lo = 0
        var hi = grouped.positions.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if Int(grouped.positions[mid]) <= p { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The position of entry `index` in the ungrouped order, if shown (binary search: the
    /// view is newest first).
    private func position(ofEntry index: Int) -> Int? {
        guard let view else {
            guard index >= 0, index < entries.count, !deleted.contains(index) else { return nil }
            return entries.count - 1 - index
        }
        var lo = 0
        var hi = view.count - 1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            let v = Int(view[mid])
            if v == index { return mid }
            if v > index { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }

    private mutating func removeFromView(entryIndex index: Int) {
        if view == nil { view = allIndicesNewestFirst() }
        if let r = position(ofEntry: index) { view?.remove(at: r) }
    }

    private mutating func insertIntoView(_ index: Int) {
        if view == nil { view = allIndicesNewestFirst() }
        guard var v = view else { return }
        var lo = 0
        var hi = v.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if Int(v[mid]) > index { lo = mid + 1 } else { hi = mid }
        }
        if lo < v.count, Int(v[lo]) == index { return }
        v.insert(Int32(index), at: lo)
        view = v
    }

    private func allIndicesNewestFirst() -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(entries.count)
        var i = entries.count - 1
        while i >= 0 {
            if !deleted.contains(i) { out.append(Int32(i)) }
            i -= 1
        }
        return out
    }

    // MARK: - Filtering

    /// Shows favourites only, or everything again.
    mutating func setFavoritesOnly(_ on: Bool) {
        guard on != favoritesOnly else { return }
        favoritesOnly = on
        filter.favoritesOnly = on
        narrowing = []
        rebuildView()
        regroup()
        selected = 0
        top = 0
    }

    /// Builds the search index now (on `/`) unless the runtime's has arrived, so the first
    /// letter typed answers as fast as the rest.
    mutating func prepareSearch() {
        if searchIndex == nil { searchIndex = SearchIndex(entries, generation: loadGeneration) }
    }

    /// What building the search index off the UI thread needs: the entries of this load.
    var searchIndexSource: SearchIndexSource {
        SearchIndexSource(generation: loadGeneration, entries: entries)
    }

    /// Takes an index built from `searchIndexSource`, adding the entries generated since; an
    /// index from an earlier load, or one arriving after `/` built its own, is dropped.
    /// Returns whether it was taken.
    @discardableResult
    mutating func install(_ index: SearchIndex) -> Bool {
        guard searchIndex == nil, index.generation == loadGeneration, index.count <= entries.count else {
            return false
        }
        var index = index
        for entry in entries[index.count...] { index.append(entry) }
        searchIndex = index
        return true
    }

    /// Filters by `text`: a case-insensitive substring of the description or of one of the
    /// `#rrggbb` codes, as `palette-tui history --search` matches.
    mutating func setQuery(_ text: String) {
        guard text != query else { return }
        query = text
        filter.query = HistoryQuery(text)
        rebuildView()
        regroup()
        selected = 0
        top = 0
    }

    /// True when entry `index` passes the favourites and text filters and is not deleted.
    func matches(_ index: Int) -> Bool {
        if deleted.contains(index) { return false }
        var scratch: [UInt8] = []
        return filter.matches(entries[index], scratch: &scratch)
    }

    private mutating func rebuildView() {
        if query.isEmpty {
            narrowing = []
            if favoritesOnly || !deleted.isEmpty {
                var out: [Int32] = []
                var i = entries.count - 1
                while i >= 0 {
                    if !deleted.contains(i), !favoritesOnly || entries[i].favorite { out.append(Int32(i)) }
                    i -= 1
                }
                view = out
            } else {
                view = nil
            }
            return
        }
        prepareSearch()
        guard let index = searchIndex?.index else { return }
        let search = filter.query
        // Reuse the results of the longest earlier query this one refines: its matches are a superset.
        while let last = narrowing.last, !search.refines(last.query) { narrowing.removeLast() }
        if let last = narrowing.last, last.query == search {
            view = last.view
            return
        }
        var out: [Int32] = []
        if let candidates = narrowing.last?.view {
            for i32 in candidates where index.entry(Int(i32), matches: search) { out.append(i32) }
        } else if deleted.isEmpty && !favoritesOnly {
            out = index.search(search)
        } else {
            let deleted = self.deleted
            let favoritesOnly = self.favoritesOnly
            let entries = self.entries
            out = index.search(search) { i in
                !deleted.contains(i) && (!favoritesOnly || entries[i].favorite)
            }
        }
        narrowing.append((search, out))
        view = out
    }
}

// MARK: - Search index

/// The entries of one history load, for building a `SearchIndex` off the UI thread.
///
/// The reducer hands it out in `Effect.buildSearchIndex`; the runtime calls `build()` on a
/// background queue and sends the result back in `Action.searchIndexBuilt`.
public struct SearchIndexSource: Hashable, Sendable {
    let generation: Int
    let entries: [HistoryEntry]

    /// The index of every entry, oldest first. Pure; about 20 to 40 ms for 100,000 entries.
    public func build() -> SearchIndex {
        SearchIndex(entries, generation: generation)
    }

    public static func == (lhs: SearchIndexSource, rhs: SearchIndexSource) -> Bool {
        lhs.generation == rhs.generation && lhs.entries == rhs.entries
    }

    /// By generation and size: hashing 100,000 entries would cost more than building the index.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(generation)
        hasher.combine(entries.count)
    }
}

/// The history search's index of one load (`HistoryIndex`), marked with the load it was
/// built from so that an index of an earlier load is recognised and dropped.
public struct SearchIndex: Sendable {
    /// The `HistoryList` load it was built from (0 when built in place).
    let generation: Int
    private(set) var index: HistoryIndex

    init(_ entries: [HistoryEntry], generation: Int = 0) {
        self.generation = generation
        index = HistoryIndex(entries)
    }

    /// How many entries it covers.
    var count: Int { index.count }

    mutating func append(_ entry: HistoryEntry) {
        index.append(entry)
    }
}
