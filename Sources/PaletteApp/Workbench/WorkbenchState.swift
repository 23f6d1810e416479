import PaletteCore
import PaletteHistory

/// The workbench: what the user steers a palette with (locks, a colour being edited, candidates,
/// a refinement being typed) and the undo history of every change to the shown palette.
///
/// One value on `AppState`, so the state's equality and its test see it as one field.
public struct WorkbenchState: Hashable, Sendable {
    /// Roles whose colours generating, `r` and refining keep exactly: the shown palette's.
    public internal(set) var locked: Set<Role> = []
    /// `L` was pressed: the next key names the role (1, 2 or 3).
    var awaitingLockRole = false
    /// The colour being edited, if any.
    public internal(set) var editor: ColorEditor?
    /// Several palettes to choose from, while they are shown.
    public internal(set) var candidates: CandidateStrip?
    /// The refinement instruction being typed (the description field in refine mode).
    var refineField = TextField(capacity: 300)
    var isRefining = false
    /// Where the focus was when refining began: Esc goes back there (an instruction sent leaves
    /// the focus on the description, where the answer's words are).
    var focusBeforeRefine: Focus = .description
    /// The selected history entry's lineage is shown over the list (`i`).
    var showsLineage = false
    /// That lineage: the entry, then each entry it was made from (at most `lineageDepth`).
    public internal(set) var lineage: [LineageStep] = []
    var lineageTruncated = false

    static let lineageDepth = 64
    /// Steps `u` takes back, the latest last; `U` redoes what `u` took back.
    /// Each companion made this session and the palette it was made from, both ways, so `m`
    /// on either gives back the other exactly (the derivation rounds to 8 bits each way).
    public internal(set) var companions: [Palette: Palette] = [:]
    /// How many palettes `companions` holds before it starts again.
    static let companionMemory = 512
    public internal(set) var undo: [UndoStep] = []
    public internal(set) var redo: [UndoStep] = []

    /// How many steps `u` can take back.
    static let undoDepth = 500

    public init() {}

    mutating func record(_ step: UndoStep) {
        undo.append(step)
        if undo.count > Self.undoDepth { undo.removeFirst(undo.count - Self.undoDepth) }
        redo.removeAll()
    }
}

/// What the shown palette is at one moment, as far as undo is concerned.
public struct WorkbenchSnapshot: Hashable, Sendable {
    public var shown: ShownPalette?
    public var locked: Set<Role>
    var selectedRole: Role
}

/// One step `u` takes back and `U` redoes.
public enum UndoStep: Hashable, Sendable {
    /// The shown palette (or its locks) changed: a lock, an edit, a swap, a companion, a new
    /// palette generated, refined or chosen among candidates.
    case workbench(before: WorkbenchSnapshot, after: WorkbenchSnapshot)
    /// A history entry was deleted (undo restores it, redo deletes it again).
    case delete(id: String)
}

/// The OKLCH channel the editor's arrows move.
public enum EditChannel: Int, CaseIterable, Hashable, Sendable {
    case lightness, chroma, hue

    /// The small and large steps of one arrow press.
    var steps: (small: Double, large: Double) {
        switch self {
        case .lightness: return (0.01, 0.05)
        case .chroma: return (0.005, 0.025)
        case .hue: return (2, 15)
        }
    }
}

/// A colour being edited: its OKLCH values as asked (so a hue survives chroma at zero and steps
/// add up without rounding), the colour they make, and the hex being typed.
public struct ColorEditor: Hashable, Sendable {
    public let role: Role
    /// The colour before the edit: Esc puts it back.
    public let original: RGB
    /// The shown palette before the edit.
    public let base: ShownPalette
    public internal(set) var lightness: Double
    public internal(set) var chroma: Double
    public internal(set) var hue: Double
    /// What the panes show: the OKLCH values mapped into sRGB (or the typed hex).
    public internal(set) var color: RGB
    var channel: EditChannel = .lightness
    /// The hex being typed (`#`), and the colour before typing began.
    var hexField: TextField?
    var beforeHex: RGB?

    init(role: Role, color: RGB, base: ShownPalette) {
        self.role = role
        self.base = base
        original = color
        self.color = color
        let lch = OKLCH(color)
        lightness = lch.l
        chroma = lch.c
        hue = lch.h
    }

    /// The chroma sRGB can show at this lightness and hue (what the colour really has).
    var shownChroma: Double { min(chroma, OKLCH.maxChroma(l: lightness, h: hue)) }

    /// Moves the current channel by `steps` (negative: down) of the small or large size.
    mutating func nudge(by direction: Int, large: Bool) {
        let size = large ? channel.steps.large : channel.steps.small
        let delta = Double(direction) * size
        switch channel {
        case .lightness:
            lightness = min(max(lightness + delta, 0), 1)
        case .chroma:
            // From what is shown, so pressing past the gamut's edge does not store chroma that
            // later presses must undo before anything changes.
            chroma = min(max(shownChroma + delta, 0), max(OKLCH.maxChroma(l: lightness, h: hue), 0))
        case .hue:
            hue = (hue + delta).truncatingRemainder(dividingBy: 360)
            if hue < 0 { hue += 360 }
        }
        color = OKLCH(l: lightness, c: chroma, h: hue).gamutMapped()
    }

    mutating func set(_ rgb: RGB) {
        color = rgb
        let lch = OKLCH(rgb)
        lightness = lch.l
        chroma = lch.c
        if !lch.isAchromatic { hue = lch.h }
    }

    /// The colour the typed hex names, if it names one yet (`#RGB` or `#RRGGBB`).
    static func parse(_ text: String) -> RGB? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 3 || digits.count == 6 else { return nil }
        return try? RGB(hex: digits)
    }
}

/// Candidates shown side by side: arrows choose, Enter keeps one, Esc none.
public struct CandidateStrip: Hashable, Sendable {
    public internal(set) var candidates: [GeneratedPalette]
    /// Each candidate's colour names, looked up when they arrived.
    public let names: [PaletteNames]
    public internal(set) var selected = 0
    /// The description they were made for.
    public let description: String
    /// How they were asked for: the kept one's history entry records it.
    public let lineage: HistoryEntry.Lineage

    init(
        candidates: [GeneratedPalette], names: [PaletteNames], description: String,
        lineage: HistoryEntry.Lineage = HistoryEntry.Lineage()
    ) {
        self.candidates = candidates
        self.names = names
        self.description = description
        self.lineage = lineage
    }

    var index: Int { min(max(selected, 0), candidates.count - 1) }
    public var chosen: GeneratedPalette { candidates[index] }
    var chosenNames: PaletteNames { names[index] }

    /// The notes that go with the candidate on screen: those about the whole answer, which the
    /// first candidate carries (candidates left out or too few, a model replaced, parameters
    /// refused), then the candidate's own (locks put back, an accessibility repair...).
    var chosenNotes: [GenerationNote] {
        let own = chosen.notes
        let shared = candidates[0].notes.filter { Self.isAboutTheWholeAnswer($0) && !own.contains($0) }
        return shared + own
    }

    private static func isAboutTheWholeAnswer(_ note: GenerationNote) -> Bool {
        switch note {
        case .fewerCandidates, .candidatesDropped, .modelReplaced, .parametersRefused: return true
        default: return false
        }
    }
}

/// What a request in flight was for, so its answer is shown the right way.
public enum RequestPurpose: Hashable, Sendable {
    /// A palette for the description (Enter, `r`).
    case generate
    /// The shown palette refined by an instruction.
    case refine(instruction: String)
    /// Several palettes to choose from.
    case candidates(count: Int)
}
