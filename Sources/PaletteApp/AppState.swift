import Foundation
import PaletteCore
import PaletteHistory

/// What happened: the only input to `AppState.reduce`.
public enum Action: Sendable {
    case keyPressed(Key)
    case resized(width: Int, height: Int)
    case paletteReceived(requestID: Int, Result<GeneratedPalette, ProviderFailure>)
    /// The spinner's clock while a request is in flight: milliseconds since it started.
    case tick(elapsedMilliseconds: Int)
    /// The history file's entries in file order (oldest first), and warnings about skipped lines.
    case historyLoaded([HistoryEntry], warnings: [String])
    case historyWriteFailed(String)
    /// The clipboard took `text`; `via` names the routes used ("OSC 52", "wl-copy"); empty if none.
    case clipboardCopied(String, via: [String])
    /// The history filter's index, built off the UI thread from `Effect.buildSearchIndex`.
    case searchIndexBuilt(SearchIndex)
}

/// What the runtime must do: the only output of `AppState.reduce` besides the new state.
public enum Effect: Hashable, Sendable {
    case generatePalette(requestID: Int, GenerationRequest)
    case cancelRequest(requestID: Int)
    case copyToClipboard(String)
    case appendHistory(HistoryEntry)
    case setFavorite(id: String, Bool)
    case deleteHistory(id: String)
    case restoreHistory(id: String)
    /// Build the history filter's index (`source.build()`) off the UI thread and send it back
    /// as `Action.searchIndexBuilt`, so the first `/` at 100,000 entries does not wait for it.
    case buildSearchIndex(SearchIndexSource)
    case quit
}

/// Where new history entries get their id and time: live in the app, fixed in tests.
///
/// Kept out of the state's equality: two states are the same whatever clock they hold.
public struct AppEnvironment: Sendable, Equatable {
    public var now: @Sendable () -> Date
    public var makeID: @Sendable () -> String

    public init(now: @escaping @Sendable () -> Date, makeID: @escaping @Sendable () -> String) {
        self.now = now
        self.makeID = makeID
    }

    /// The system clock and random UUIDs.
    public static var live: AppEnvironment {
        AppEnvironment(now: { Date() }, makeID: { UUID().uuidString.lowercased() })
    }

    public static func == (lhs: AppEnvironment, rhs: AppEnvironment) -> Bool { true }
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
    public var elapsedMilliseconds: Int
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

    /// `names` defaults to a fresh lookup; the reducer passes its memo's.
    public init(palette: Palette, description: String, provider: String, model: String?, isFallback: Bool,
                names: PaletteNames? = nil) {
        self.palette = palette
        self.names = names ?? PaletteNames(palette)
        self.description = description
        self.provider = provider
        self.model = model
        self.isFallback = isFallback
    }
}

/// A line for the status bar.
public struct StatusMessage: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case info, success, warning, error }
    public var text: String
    public var kind: Kind

    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}

/// The whole state of the interactive app. Pure: no terminal, no network, no files.
public struct AppState: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var colorMode: ColorMode
    public var language: Language
    public var providerName: String
    public var modelName: String?
    public var isQuitting = false

    /// The description being typed.
    public internal(set) var field = TextField()
    public internal(set) var focus: Focus = .description
    /// The request in flight, if any.
    public internal(set) var request: InFlightRequest?
    public internal(set) var shown: ShownPalette?
    /// The pane `c` copies.
    public internal(set) var selectedRole: Role = .primary
    public internal(set) var status: StatusMessage?
    public internal(set) var history = HistoryList()
    /// The history filter while it is typed (`/`).
    public internal(set) var filterField = TextField(capacity: 200)
    public internal(set) var isEditingFilter = false
    public internal(set) var isShowingHelp = false
    /// How many help lines are scrolled off the top when the key table does not fit.
    public internal(set) var helpScroll = 0
    /// Ids of deleted entries `u` can bring back, the latest last.
    public internal(set) var undoStack: [String] = []
    /// The id the next request gets; ids only grow, so late answers to old requests are recognised.
    public internal(set) var nextRequestID = 1
    /// The description and variation of the last request, for `r`.
    public internal(set) var lastRequest: (description: String, variation: Int)?
    /// Colour names already looked up (not part of equality).
    var colorNames = ColorNameMemo()
    public var environment: AppEnvironment

    public init(width: Int, height: Int, colorMode: ColorMode, language: Language,
                providerName: String, modelName: String?, environment: AppEnvironment = .live) {
        self.width = width
        self.height = height
        self.colorMode = colorMode
        self.language = language
        self.providerName = TextSanitizer.clean(providerName)
        self.modelName = modelName.map(TextSanitizer.clean)
        self.environment = environment
    }

    /// True while a request is in flight: the runtime ticks the spinner only then.
    public var isGenerating: Bool { request != nil }

    public static func == (lhs: AppState, rhs: AppState) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.colorMode == rhs.colorMode
            && lhs.language == rhs.language && lhs.providerName == rhs.providerName
            && lhs.modelName == rhs.modelName && lhs.isQuitting == rhs.isQuitting
            && lhs.field == rhs.field && lhs.focus == rhs.focus && lhs.request == rhs.request
            && lhs.shown == rhs.shown && lhs.selectedRole == rhs.selectedRole
            && lhs.status == rhs.status && lhs.history == rhs.history
            && lhs.filterField == rhs.filterField && lhs.isEditingFilter == rhs.isEditingFilter
            && lhs.isShowingHelp == rhs.isShowingHelp && lhs.helpScroll == rhs.helpScroll
            && lhs.undoStack == rhs.undoStack
            && lhs.nextRequestID == rhs.nextRequestID
            && lhs.lastRequest?.description == rhs.lastRequest?.description
            && lhs.lastRequest?.variation == rhs.lastRequest?.variation
    }

    /// The layout for the current size.
    var layout: Layout {
        Layout(width: width, height: height, labelWidth: DisplayWidth.of(UIText.descriptionLabel(language)))
    }

    /// The key contexts in force, most specific first.
    public var activeContexts: [KeyContext] {
        if isEditingFilter { return [.filter, .textField, .anywhere] }
        switch focus {
        case .description: return [.description, .textField, .anywhere]
        case .button: return [.button, .outsideField, .anywhere]
        case .panes: return [.panes, .outsideField, .anywhere]
        case .history: return [.history, .outsideField, .anywhere]
        }
    }
}
