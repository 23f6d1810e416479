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

    public init(entries: [HistoryEntry] = []) {
        self.entries = entries
    }

    public static func == (lhs: HistoryList, rhs: HistoryList) -> Bool {
        lhs.entries == rhs.entries && lhs.deleted == rhs.deleted && lhs.query == rhs.query
            && lhs.favoritesOnly == rhs.favoritesOnly && lhs.visibleIndices == rhs.visibleIndices
            && lhs.selected == rhs.selected && lhs.top == rhs.top
    }

    // MARK: - Reading

    /// How many rows the list shows.
    public var count: Int { view?.count ?? entries.count }

    /// The entry on visible row `row` (0 is the newest shown).
    public func entry(atRow row: Int) -> HistoryEntry? {
        guard let index = entryIndex(atRow: row) else { return nil }
        return entries[index]
    }

    /// Index into `entries` of visible row `row`.
    func entryIndex(atRow row: Int) -> Int? {
        guard row >= 0, row < count else { return nil }
        if let view { return Int(view[row]) }
        return entries.count - 1 - row
    }

    var selectedEntry: HistoryEntry? { entry(atRow: selected) }

    /// True when a filter or favourites-only hides entries.
    var isFiltered: Bool { !query.isEmpty || favoritesOnly }

    /// All visible entry indices (tests and equality only: O(n)).
    var visibleIndices: [Int] { (0..<count).compactMap { entryIndex(atRow: $0) } }

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
            scrollToSelection(rows: rows)
        }
        return entry
    }

    /// Hides visible row `row` as deleted, and every copy of its id; returns the entry.
    mutating func delete(atRow row: Int, rows: Int) -> HistoryEntry? {
        guard let index = entryIndex(atRow: row) else { return nil }
        for i in copies(of: entries[index].id) where !deleted.contains(i) {
            deleted.insert(i)
            removeFromView(entryIndex: i)
        }
        narrowing = []
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
        if let row = row(ofEntry: newest) {
            selected = row
            scrollToSelection(rows: rows)
        }
        return newest
    }

    /// The visible row of entry `index`, if shown (binary search: the view is newest first).
    func row(ofEntry index: Int) -> Int? {
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
        if let r = self.row(ofEntry: index) { view?.remove(at: r) }
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
