import FoundationEssentials
import Glibc
import PaletteCore

/// One palette in the history file: one JSON object a line in `history.jsonl`.
///
/// Coded by hand so the line is the same whatever encoder writes it: `created` is an RFC 3339
/// UTC string with milliseconds (`RFC3339`) (a synthesised `Date` would become a bare number), `model` is
/// written as `null` when absent, and a missing `favorite` reads as `false`.
///
/// A loaded history holds one of these for every line (100,000 and more), so its size is the
/// history's memory: the stored properties are ordered so that `favorite` fills the padding after
/// the colours, and the lineage, empty for nearly every entry, is one optional reference. The
/// struct is 96 bytes an entry, as it was before lineage existed, instead of 160 with the lineage
/// inline (`HistoryEntryLayoutTests`).
public struct HistoryEntry: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    /// RFC 3339, UTC.
    public var created: Date
    public var description: String
    public var primary: RGB
    public var secondary: RGB
    public var accent: RGB
    public var favorite: Bool
    public var provider: String
    public var model: String?
    /// The lineage when it is not empty; nil (no allocation) for the empty one.
    private var lineageBox: LineageBox?

    /// How the palette was made beyond provider and model; empty for entries written before
    /// lineage existed (and then nothing of it is written, so such a line re-encodes byte for byte).
    public var lineage: Lineage {
        get { lineageBox?.value ?? Lineage() }
        set { lineageBox = LineageBox.holding(newValue) }
    }

    public init(
        id: String, created: Date, description: String, palette: Palette,
        provider: String, model: String?, favorite: Bool = false, lineage: Lineage = Lineage()
    ) {
        self.id = id
        self.created = created
        self.description = description
        self.primary = palette.primary
        self.secondary = palette.secondary
        self.accent = palette.accent
        self.provider = provider
        self.model = model
        self.favorite = favorite
        self.lineageBox = LineageBox.holding(lineage)
    }

    public var palette: Palette { Palette(primary: primary, secondary: secondary, accent: accent) }

    // MARK: - Codable

    enum CodingKeys: String, CodingKey {
        case id, created, description, primary, secondary, accent, provider, model, favorite
        case parent, seed, variation, locked, refinement, change, image, imageChecksum
    }

    /// A time as the history file holds it: to the millisecond, as the encoder writes it. A
    /// line with finer digits (written by another tool) reads as the time it will be written
    /// back as, so compacting or re-encoding an entry never changes it (a fuzz finding).
    static func fileTime(_ date: Date) -> Date {
        let millis = (date.timeIntervalSince1970 * 1000).rounded()
        return Date(timeIntervalSince1970: millis / 1000)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        let stamp = try c.decode(String.self, forKey: .created)
        guard let date = RFC3339.parse(stamp) else {
            throw DecodingError.dataCorruptedError(
                forKey: .created, in: c, debugDescription: "not an RFC 3339 time")
        }
        created = HistoryEntry.fileTime(date)
        description = try c.decode(String.self, forKey: .description)
        primary = try c.decode(RGB.self, forKey: .primary)
        secondary = try c.decode(RGB.self, forKey: .secondary)
        accent = try c.decode(RGB.self, forKey: .accent)
        provider = try c.decode(String.self, forKey: .provider)
        model = try c.decodeIfPresent(String.self, forKey: .model)
        favorite = try c.decodeIfPresent(Bool.self, forKey: .favorite) ?? false
        // Lineage is read leniently: a value of the wrong shape is left out, never the palette.
        var lineage = Lineage()
        if let parent = try? c.decodeIfPresent(String.self, forKey: .parent), !parent.isEmpty {
            lineage.parent = parent
        }
        if let text = try? c.decodeIfPresent(String.self, forKey: .seed) {
            lineage.seed = UInt64(text)
        } else if let number = try? c.decodeIfPresent(UInt64.self, forKey: .seed) {
            lineage.seed = number
        }
        if let variation = try? c.decodeIfPresent(Int.self, forKey: .variation), variation >= 0 {
            lineage.variation = variation
        }
        if let names = try? c.decodeIfPresent([String].self, forKey: .locked) {
            lineage.locked = Lineage.roles(names)
        }
        if let refinement = try? c.decodeIfPresent(String.self, forKey: .refinement) {
            lineage.refinement = refinement
        }
        if let text = try? c.decodeIfPresent(String.self, forKey: .change) {
            lineage.change = Change(text: text)
        }
        if let source = try? c.decodeIfPresent(String.self, forKey: .image),
            let checksum = try? c.decodeIfPresent(String.self, forKey: .imageChecksum)
        {
            lineage.image = ImageReference(source: source, checksum: checksum)
        }
        self.lineageBox = LineageBox.holding(lineage)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(RFC3339.format(created), forKey: .created)
        try c.encode(description, forKey: .description)
        try c.encode(primary, forKey: .primary)
        try c.encode(secondary, forKey: .secondary)
        try c.encode(accent, forKey: .accent)
        try c.encode(provider, forKey: .provider)
        try c.encode(model, forKey: .model)
        try c.encode(favorite, forKey: .favorite)
        try c.encodeIfPresent(lineage.parent, forKey: .parent)
        try c.encodeIfPresent(lineage.seed.map(String.init), forKey: .seed)
        if lineage.variation != 0 { try c.encode(lineage.variation, forKey: .variation) }
        if !lineage.locked.isEmpty { try c.encode(lineage.locked.map(\.rawValue), forKey: .locked) }
        try c.encodeIfPresent(lineage.refinement, forKey: .refinement)
        try c.encodeIfPresent(lineage.change?.text, forKey: .change)
        try c.encodeIfPresent(lineage.image?.source, forKey: .image)
        try c.encodeIfPresent(lineage.image?.checksum, forKey: .imageChecksum)
    }
}

/// A non-empty lineage, stored out of line: compared and hashed by its value, so an entry's
/// synthesised `==` and `hash(into:)` see the lineage itself, never the reference.
private final class LineageBox: Hashable, Sendable {
    let value: HistoryEntry.Lineage

    private init(_ value: HistoryEntry.Lineage) { self.value = value }

    /// nil for the empty lineage, so that every entry without one shares no storage at all.
    static func holding(_ lineage: HistoryEntry.Lineage) -> LineageBox? {
        lineage.isEmpty ? nil : LineageBox(lineage)
    }

    static func == (lhs: LineageBox, rhs: LineageBox) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension HistoryEntry {
    /// How a palette was made, beside the entry's provider and model: what the workbench needs
    /// to say where a palette came from and to make it again.
    ///
    /// In the file each part is a field of its own, written only when set, after `favorite`:
    /// `"parent":"<id>"`, `"seed":"<decimal>"` (a string: JSON readers that hold numbers as
    /// doubles would round a 64-bit seed), `"variation":<n>` (only above 0), `"locked":["primary",…]`
    /// (role order; the colours are the entry's own, since locked roles come back exactly) and
    /// `"refinement":"<instruction>"`. Older versions ignore fields they do not know.
    public struct Lineage: Hashable, Sendable {
        /// The entry this one was made from (a refinement's base, a regeneration with locks).
        public var parent: String?
        /// The seed the request carried.
        public var seed: UInt64?
        /// The variation asked for: 0 is the first answer, `r` counts up.
        public var variation: Int
        /// The roles the request locked, in role order.
        public var locked: [Role]
        /// The refinement's instruction, as the user wrote it.
        public var refinement: String?
        /// A change made in the workbench rather than asked of a provider (a swap, a companion,
        /// an edit, a repair, a candidate kept); nil for a palette as generated.
        public var change: Change?
        /// The picture the palette was made from: the file as named and its checksum, never pixels.
        public var image: ImageReference?

        public init(
            parent: String? = nil, seed: UInt64? = nil, variation: Int = 0, locked: [Role] = [],
            refinement: String? = nil, change: Change? = nil, image: ImageReference? = nil
        ) {
            self.image = image
            self.parent = parent
            self.seed = seed
            self.variation = max(0, variation)
            self.locked = Role.allCases.filter { locked.contains($0) }
            self.refinement = refinement
            self.change = change
        }

        /// The lineage of a palette made for `request` from the entry `parent`.
        public init(request: GenerationRequest, parent: String? = nil) {
            self.init(
                parent: parent, seed: request.seed, variation: request.variation,
                locked: Role.allCases.filter { request.locked[$0] != nil },
                refinement: request.refinement?.instruction, image: request.image?.reference)
        }

        /// True when nothing beyond provider and model is known (entries from before lineage).
        public var isEmpty: Bool {
            parent == nil && seed == nil && variation == 0 && locked.isEmpty && refinement == nil && change == nil
                && image == nil
        }

        /// The roles named in `names`, in role order; unknown names are left out.
        static func roles(_ names: [String]) -> [Role] {
            Role.allCases.filter { names.contains($0.rawValue) }
        }
    }

    /// The entry for a palette `result` made for `request`, with its lineage.
    public init(
        id: String, created: Date, request: GenerationRequest, result: GeneratedPalette, parent: String? = nil,
        description: String? = nil
    ) {
        self.init(
            id: id, created: created, description: description ?? request.description, palette: result.palette,
            provider: result.provider, model: result.model,
            lineage: Lineage(request: request, parent: parent))
    }
}

extension HistoryEntry {
    /// A palette changed in the workbench, as a step of its lineage. In the file, one string:
    /// `swap:1-2`, `companion:light`, `edit:accent`, `repair:primary`, `candidate:2`; a string
    /// of another shape is left out when read (older and newer versions ignore what they do not know).
    public enum Change: Hashable, Sendable {
        /// Two panes' colours exchanged; the panes' numbers (1 to 3) as the keys name them.
        case swapped(Int, Int)
        /// The light-ground or dark-ground companion.
        case companion(CompanionGround)
        /// One colour edited by hand.
        case edited(Role)
        /// One colour repaired for contrast (`x`).
        case repaired(Role)
        /// One of several candidates kept; its number, from 1.
        case candidate(Int)

        public var text: String {
            switch self {
            case .swapped(let a, let b): return "swap:\(a)-\(b)"
            case .companion(let ground): return "companion:\(ground.rawValue)"
            case .edited(let role): return "edit:\(role.rawValue)"
            case .repaired(let role): return "repair:\(role.rawValue)"
            case .candidate(let n): return "candidate:\(n)"
            }
        }

        public init?(text: String) {
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            let value = parts[1]
            switch parts[0] {
            case "swap":
                let panes = value.split(separator: "-").compactMap { Int($0) }
                guard panes.count == 2, panes.allSatisfy({ (1...3).contains($0) }), panes[0] != panes[1] else {
                    return nil
                }
                self = .swapped(panes[0], panes[1])
            case "companion":
                guard let ground = CompanionGround(rawValue: value) else { return nil }
                self = .companion(ground)
            case "edit":
                guard let role = Role(rawValue: value) else { return nil }
                self = .edited(role)
            case "repair":
                guard let role = Role(rawValue: value) else { return nil }
                self = .repaired(role)
            case "candidate":
                guard let n = Int(value), n >= 1, n <= 99 else { return nil }
                self = .candidate(n)
            default:
                return nil
            }
        }
    }
}

extension Collection where Element == HistoryEntry {
    /// `entry`'s ancestors, nearest first, by following `lineage.parent` through this
    /// collection; stops at a parent that is not here (deleted, compacted away) or at a loop.
    public func ancestors(of entry: HistoryEntry) -> [HistoryEntry] {
        var byID: [String: HistoryEntry] = [:]
        for e in self { byID[e.id] = e }
        var chain: [HistoryEntry] = []
        var seen: Set<String> = [entry.id]
        var next = entry.lineage.parent
        while let id = next, let parent = byID[id], seen.insert(id).inserted {
            chain.append(parent)
            next = parent.lineage.parent
        }
        return chain
    }
}
