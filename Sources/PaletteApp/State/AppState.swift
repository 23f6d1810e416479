import FoundationEssentials
import Glibc
import PaletteCore
import PaletteExport
import PaletteHistory
import ScreenCore

/// What happened: the only input to `AppState.reduce`. Results of effects come back as these,
/// typed; the reducer words them, once.
public enum Action: Sendable {
    /// The first frame is on screen: the history can load.
    case launched
    case keyPressed(Key)
    case resized(width: Int, height: Int)
    case paletteReceived(requestID: Int, Result<GeneratedPalette, ProviderFailure>)
    /// The spinner's clock while a request is in flight (`Effect.tick`): `AppClock.uptime` when it ticked.
    case clockTicked(uptime: Duration)
    /// The history file's entries in file order (oldest first), and the lines it skipped.
    case historyLoaded([HistoryEntry], warnings: [HistoryWarning])
    case historyLoadFailed(HistoryFailure)
    case historyWriteFailed(HistoryFailure)
    /// The clipboard took the text; `via` names the routes that carried it (never empty).
    case clipboardCopied(String, via: [ClipboardRoute])
    /// No route took the text.
    case clipboardFailed(String, ClipboardFailure)
    case fileWritten(path: String)
    case fileWriteFailed(FileWriteFailure)
    /// The history filter's index, built off the UI thread from `Effect.buildSearchIndex`.
    case searchIndexBuilt(SearchIndex)
    /// The export menu's file is written.
    case exportWritten(ExportWritten)
    /// The export menu's file was not written, and why.
    case exportFailed(ExportJobFailure)
    /// The previewed theme went into the terminal's config (or did not), and what was done.
    case themeApplied(AppliedTheme)
    /// The terminal answered the background query in time: with `auto` it sets the default
    /// theme variant and the chrome's ink (`Appearance`).
    case terminalBackground(RGB)
    /// What reading a picture came to (`Effect.loadImage`, Image/ImageReduce.swift).
    case imageLoaded(id: Int, ImageLoadOutcome)
}

/// What the runtime must do: the only output of `AppState.reduce` besides the new state.
///
/// Each effect is performed by `perform(with:send:)` against `Dependencies`; `schedule` tells
/// the runtime how (concurrently, in a serial lane, as a cancellation, or as the end).
public enum Effect: Hashable, Sendable {
    /// Read the history: first the newest `firstRows` entries (enough to fill the list at once),
    /// then, for a large file, everything.
    case loadHistory(firstRows: Int)
    case generatePalette(requestID: Int, GenerationRequest)
    case cancelRequest(requestID: Int)
    case copyToClipboard(String)
    case appendHistory(HistoryEntry)
    case setFavorite(id: String, Bool)
    case deleteHistory(id: String)
    case restoreHistory(id: String)
    /// Write `contents` to the file at `path`, replacing it atomically.
    case writeFile(path: String, contents: [UInt8])
    /// Build the history filter's index (`source.build()`) off the UI thread and send it back
    /// as `Action.searchIndexBuilt`, so the first `/` at 100,000 entries does not wait for it.
    case buildSearchIndex(SearchIndexSource)
    /// Render an export and write it where the job says, never over a file it was not told
    /// to replace; answered with `Action.exportWritten` or `.exportFailed`.
    case exportPalette(ExportJob)
    /// Put the theme of this palette and variant into the detected terminal's config
    /// (`ThemeApplier`); answered with `Action.themeApplied`.
    case applyTheme(Palette, ThemeVariant)
    /// Read the job's paths until one is a picture, off the UI thread (`ImageClient`);
    /// answered with `Action.imageLoaded`.
    case loadImage(ImageLoadJob)
    /// Wait `after`, then send `Action.clockTicked`: the spinner's clock, asked for by the reducer
    /// while a request is in flight. A new tick replaces one still waiting.
    case tick(after: Duration)
    /// Give the terminal back and stop the process (Ctrl-Z); once continued, redraw.
    case suspend
    case quit
}

/// What changes from one moment to the next, for the reducer: the wall clock (a new history
/// entry's date), a monotonic clock (the spinner), and fresh ids for history entries.
///
/// Built live once, with the other dependencies (`LiveDependencies`); fixed in tests.
public struct AppClock: Sendable {
    public var now: @Sendable () -> Date
    /// Time since an arbitrary origin, never going back: `ContinuousClock` live.
    public var uptime: @Sendable () -> Duration
    public var makeID: @Sendable () -> String
    /// Waits this long, or until the task is cancelled (`Effect.tick`): `Task.sleep` live.
    public var sleep: @Sendable (Duration) async -> Void
    /// The local time zone's offset from UTC at a moment, in seconds (the history list's times
    /// are local, as `palette-tui history` prints them): `TimeZone.current` unless told.
    public var utcOffset: @Sendable (Date) -> Int

    public init(
        now: @escaping @Sendable () -> Date, uptime: @escaping @Sendable () -> Duration,
        makeID: @escaping @Sendable () -> String,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) },
        utcOffset: @escaping @Sendable (Date) -> Int = { TimeZone.current.secondsFromGMT(for: $0) }
    ) {
        self.now = now
        self.uptime = uptime
        self.makeID = makeID
        self.sleep = sleep
        self.utcOffset = utcOffset
    }

    /// When a history row's palette was made, as the list shows it: the local time to the
    /// minute ("14:05") when it is today, else the local date ("2026-12-04").
    func stamp(_ created: Date) -> String { stamp(created, today: today()) }

    /// `stamp(created)` when the local day now is `today` (`today()`).
    func stamp(_ created: Date, today: Int) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let made = localDay(created)
        if made.day == today { return two(made.minute / 60) + ":" + two(made.minute % 60) }
        let date = CivilDate.date(days: made.day)
        return "\(date.year)-\(two(date.month))-\(two(date.day))"
    }

    /// The local day now, as days since 1970-01-01.
    func today() -> Int { localDay(now()).day }

    private func localDay(_ date: Date) -> (day: Int, minute: Int) {
        let seconds = Int((date.timeIntervalSince1970).rounded(.down)) + utcOffset(date)
        let day = Int((Double(seconds) / 86_400).rounded(.down))
        return (day, (seconds - day * 86_400) / 60)
    }
}

/// The history rows' times and dates, by when each palette was made, for one local day.
///
/// Working one out asks the time zone for the offset of the palette's moment (`AppClock.stamp`):
/// a history move drew about twenty rows, and their stamps were 8 % of the move's instructions
/// (callgrind, 96 moves through a 1,000-entry history). Another day starts over, so a row made
/// yesterday never keeps today's "14:05".
struct StampMemo: Sendable {
    static let capacity = 1024
    private var day: Int?
    private var stamps: [Date: String] = [:]

    var count: Int { stamps.count }

    /// `clock.stamp(created)` when the local day now is `today` (`clock.today()`).
    mutating func stamp(_ created: Date, today: Int, clock: AppClock) -> String {
        if day != today {
            stamps.removeAll(keepingCapacity: true)
            day = today
        }
        if let known = stamps[created] { return known }
        if stamps.count >= Self.capacity { stamps.removeAll(keepingCapacity: true) }
        let stamp = clock.stamp(created, today: today)
        stamps[created] = stamp
        return stamp
    }
}

/// A stored property kept out of `AppState`'s synthesised equality: two states are the same
/// whatever clock they hold or whatever their colour-name memo has cached.
///
/// The only `==` written by hand in the state, and it says so: everything else is compared
/// field by field by the compiler, so a new field cannot be left out of equality by mistake.
public struct NotCompared<Value: Sendable>: Equatable, Sendable {
    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public static func == (lhs: NotCompared, rhs: NotCompared) -> Bool { true }
}

/// Which part of the screen has the keyboard. Tab cycles through them in this order.
public enum Focus: Int, CaseIterable, Hashable, Sendable {
    case description, button, panes, history
}

/// A request the runtime is running for us.
public struct InFlightRequest: Hashable, Sendable {
    public var id: Int
    public var description: String
    public var variation: Int
    /// `AppClock.uptime` when the request started.
    public var started: Duration
    /// Time since it started, as of the last clock tick.
    var elapsedMilliseconds: Int
    /// What it was for: a palette, a refinement, candidates.
    public var purpose: RequestPurpose = .generate
    /// How the answer was asked for, for its history entry: parent, seed, variation, locks,
    /// refinement.
    public var lineage = HistoryEntry.Lineage()
}

/// The description and variation of the last request, for `r`.
public struct LastRequest: Hashable, Sendable {
    public var description: String
    public var variation: Int
}

/// The palette the panes show, with where it came from and its colours' nearest names.
///
/// The names are looked up once, when the palette is shown, never while drawing a frame.
public struct ShownPalette: Hashable, Sendable {
    public let palette: Palette
    public let names: PaletteNames
    public var description: String
    public var provider: String
    public var model: String?
    public var isFallback: Bool
    /// For each role, the words of the description that drove it, when the provider said.
    public var rationale: [Role: [String]]
    /// Roles whose colour the user's lock kept when this palette was made: their "from:" line
    /// credits the lock, not the description.
    public var creditedToLock: Set<Role> = []
    /// The history entry this palette was saved as (or shown from), if any.
    var entryID: String?

    /// `names` defaults to a fresh lookup; the reducer passes its memo's.
    public init(
        palette: Palette, description: String, provider: String, model: String?, isFallback: Bool,
        names: PaletteNames? = nil, rationale: [Role: [String]] = [:], entryID: String? = nil,
        creditedToLock: Set<Role> = []
    ) {
        self.palette = palette
        self.names = names ?? PaletteNames(palette)
        self.description = description
        self.provider = provider
        self.model = model
        self.isFallback = isFallback
        self.rationale = rationale
        self.entryID = entryID
        self.creditedToLock = creditedToLock
    }
}

/// A line for the status bar.
public struct StatusMessage: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case info, success, warning, error }
    public var text: String
    public var kind: Kind
    /// Read whole before the key hints get room (errors, warnings, where a file went); other
    /// messages leave the hints a third of the row and are cut to the rest.
    var readWhole: Bool

    public init(_ text: String, kind: Kind = .info, readWhole: Bool? = nil) {
        self.text = text
        self.kind = kind
        self.readWhole = readWhole ?? (kind == .error || kind == .warning)
    }
}

/// A command that asks before it acts, and the key that asked, so that a word begun with that
/// letter ("quiet", "dark") can still reach the description field whole.
public struct PendingConfirmation: Sendable, Equatable {
    public var command: Command
    public var key: Key
}

/// The whole state of the interactive app. Pure: no terminal, no network, no files.
public struct AppState: Sendable, Equatable {
    public internal(set) var width: Int {
        didSet { if width != oldValue { wrapStatus() } }
    }
    public internal(set) var height: Int
    public internal(set) var colorMode: ColorMode
    public internal(set) var language: Language
    public internal(set) var providerName: String
    public internal(set) var modelName: String?

    /// The description being typed.
    public internal(set) var field = TextField()
    /// The field holds the description a palette was just made from, shown selected: the next
    /// character typed or pasted starts a new description (the old one set aside, ↑ brings it
    /// back); an editing key edits it (docs/decisions.md, "typing after a generation").
    var descriptionSelected = false
    /// Descriptions the field held and gave up (replaced by typing, by a history entry, or the
    /// one being typed while ↑ shows an earlier one): ↑ and ↓ walk them.
    var descriptionRecall = DescriptionRecall()
    public internal(set) var focus: Focus = .description
    /// The request in flight, if any.
    public internal(set) var request: InFlightRequest?
    public internal(set) var shown: ShownPalette?
    /// The pane `c` copies.
    var selectedRole: Role = .primary
    public internal(set) var status: StatusMessage? {
        didSet { wrapStatus() }
    }
    /// The status message's lines when it is too long for the one status row (`StatusWrap`),
    /// worked out when the message or the width changes, never while drawing.
    internal private(set) var statusLines: [String] = []
    public internal(set) var history = HistoryList()
    /// The history filter while it is typed (`/`).
    var filterField = TextField(capacity: 200)
    var isEditingFilter = false
    var isShowingHelp = false
    /// How many help lines are scrolled off the top when the key table does not fit.
    var helpScroll = 0
    /// A destructive key (`q`, `d`) pressed once outside the text field: the status line asks,
    /// the same command again does it, any other key lets it go (see `Reduce.handle`).
    var pendingConfirmation: PendingConfirmation?
    /// Locks, the colour editor, candidates, refinement, lineage, and the undo history.
    public internal(set) var workbench = WorkbenchState()
    /// The id the next request gets; ids only grow, so late answers to old requests are recognised.
    var nextRequestID = 1
    /// The description and variation of the last request, for `r`.
    var lastRequest: LastRequest?
    /// What the audit and the repair key judge by (`--accessible`, `--background`, `b`).
    public internal(set) var access: AccessSettings
    /// The audit panel under the panes (`a`).
    var isShowingAudit = false
    /// The audit panel's content while it is shown (`refreshAuditView`).
    var auditView: AuditView?
    /// The colour-vision simulation the whole screen is drawn through (`v`); nil: normal.
    public internal(set) var vision: VisionDeficiency?
    /// Colour names already looked up.
    var colorNames = NotCompared(ColorNameMemo())
    /// Where new entries get their date and id, and the spinner its time.
    public internal(set) var clock: NotCompared<AppClock>
    /// The export menu, while it is open (`e`).
    var exportMenu: ExportMenu?
    /// The live theme preview, while it shows (`t`): the runtime sends `previewFrame`.
    var themePreview: ThemePreview?
    /// The system view, while it shows (`S`).
    public internal(set) var systemView: SystemView?
    /// Whether this terminal can show the preview's colours, judged from the environment at start.
    public internal(set) var previewSupport: PreviewSupport
    /// Where the export menu's relative paths point: the working directory at start.
    public internal(set) var exportDirectory: String
    /// The theme variant the export menu and the preview start on, and the chrome's ink.
    public internal(set) var appearance: Appearance
    /// The picture palettes are made from, its read and its prompt (Image/ImageReduce.swift).
    public internal(set) var image = ImageState()

    /// The state at start: every field a caller may choose is here; after this only `reduce`
    /// changes the state.
    public init(
        width: Int, height: Int, colorMode: ColorMode, language: Language,
        providerName: String, modelName: String?, clock: AppClock, notice: StatusMessage? = nil,
        access: AccessSettings = AccessSettings(), previewSupport: PreviewSupport = .unknown,
        exportDirectory: String = ".", appearance: Appearance = .following(defaultVariant: .dark)
    ) {
        self.appearance = appearance
        self.previewSupport = previewSupport
        self.exportDirectory = exportDirectory
        self.status = notice
        self.width = width
        self.height = height
        self.colorMode = colorMode
        self.language = language
        self.providerName = TextSanitizer.clean(providerName)
        self.modelName = modelName.map(TextSanitizer.clean)
        self.clock = NotCompared(clock)
        self.access = access
        statusLines = StatusWrap.lines(notice, width: width)
    }

    /// True while a request is in flight: the spinner ticks only then (`Effect.tick`).
    var isGenerating: Bool {
        if case .some = request { return true }
        return false
    }

    /// The layout for the current size.
    var layout: Layout {
        Layout(
            width: width, height: height, labelWidth: Layout.labelWidth(language),
            auditPanel: isShowingAudit, statusRows: max(statusLines.count, 1), image: image.attached != nil)
    }

    /// Lays the status message out again for the width; when it takes another number of rows
    /// the history list's height changes, so the selection is kept in view.
    mutating func wrapStatus() {
        let lines = StatusWrap.lines(status, width: width)
        let changedRows = lines.count != statusLines.count
        statusLines = lines
        if changedRows { history.scrollToSelection(rows: layout.historyList.height) }
    }

    /// Where the keyboard is: help, the filter, or the focused area.
    var keyScope: KeyScope {
        if isShowingHelp { return .help }
        // Optional chains and case tests, not `if let`: asked on every key, and a binding would
        // copy the menu or the preview out of the state.
        if case .some = themePreview { return .preview }
        if let editingPath = exportMenu?.isEditingPath { return editingPath ? .exportPath : .exportMenu }
        if case .some = systemView { return .system }
        if isEditingFilter { return .filter }
        if case .some = image.prompt { return .imagePath }
        if workbench.awaitingLockRole { return .lockRole }
        if case .some = workbench.editor { return workbench.editor?.hexField == nil ? .edit : .hexEntry }
        if case .some = workbench.candidates { return .candidates }
        if workbench.isRefining { return .refine }
        switch focus {
        case .description: return .description
        case .button: return .button
        case .panes: return .panes
        case .history: return .history
        }
    }

    /// The key contexts in force, most specific first.
    var activeContexts: [KeyContext] { keyScope.contexts }
}
