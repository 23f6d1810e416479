import PaletteCore

/// What happened: the only input to `AppState.reduce`.
public enum Action: Sendable {
    case keyPressed(Key)
    case resized(width: Int, height: Int)
    case paletteReceived(requestID: Int, Result<GeneratedPalette, ProviderFailure>)
    /// The spinner's clock while a request is in flight: milliseconds since it started.
    case tick(elapsedMilliseconds: Int)
    case historyLoaded([HistoryEntry], warnings: [String])
    case historyWriteFailed(String)
    case clipboardCopied(String, via: [String])
}

/// A provider failure as the app shows it: one clear sentence.
public struct ProviderFailure: Error, Hashable, Sendable {
    public var message: String
    public var cancelled: Bool

    public init(message: String, cancelled: Bool = false) {
        self.message = message
        self.cancelled = cancelled
    }
}

/// What the runtime must do: the only output of `AppState.reduce` besides the new state.
public enum Effect: Hashable, Sendable {
    case generatePalette(requestID: Int, description: String, variation: Int)
    case cancelRequest(requestID: Int)
    case copyToClipboard(String)
    case appendHistory(HistoryEntry)
    case setFavorite(id: String, Bool)
    case deleteHistory(id: String)
    case restoreHistory(id: String)
    case quit
}

/// The whole state of the interactive app. Pure: no terminal, no network, no files.
public struct AppState: Sendable {
    public var width: Int
    public var height: Int
    public var colorMode: ColorMode
    public var language: Language
    public var providerName: String
    public var modelName: String?
    public var isQuitting = false

    public init(width: Int, height: Int, colorMode: ColorMode, language: Language,
                providerName: String, modelName: String?) {
        self.width = width
        self.height = height
        self.colorMode = colorMode
        self.language = language
        self.providerName = providerName
        self.modelName = modelName
    }

    /// Applies an action and says what the runtime must do next.
    public mutating func reduce(_ action: Action) -> [Effect] {
        switch action {
        case .resized(let w, let h):
            width = w
            height = h
            return []
        case .keyPressed(.control("c")):
            isQuitting = true
            return [.quit]
        default:
            return []
        }
    }

    /// Draws the current state into a fresh canvas of the current size.
    public func render() -> Canvas {
        Canvas(width: width, height: height)
    }
}
