import FoundationEssentials
import Glibc
import PaletteCore
import PaletteExport
import PaletteHistory
import PaletteText

/// Everything effects touch in the world, as one value of closures (TCA's dependency clients).
///
/// Built live exactly once, in the executable (`LiveDependencies`); tests build theirs from
/// closures that return canned values. Every closure answers with a typed value or a typed
/// failure, never with a sentence: the reducer words results, in the user's language.
public struct Dependencies: Sendable {
    public var provider: ProviderClient
    public var history: HistoryClient
    public var clipboard: ClipboardClient
    public var files: FileClient
    public var clock: AppClock
    /// The process's environment variables (TERM, COLORTERM, ESCDELAY...), read once at start.
    /// Named so it is not taken for these dependencies.
    public var processEnvironment: [String: String]
    /// "Apply to this terminal": the theme into the detected terminal's config.
    public var themes: ThemeApplier
    /// Pictures for palettes: what a path is, and its decoding (`ImageClient`).
    public var images: ImageClient

    public init(
        provider: ProviderClient, history: HistoryClient, clipboard: ClipboardClient,
        files: FileClient, clock: AppClock, processEnvironment: [String: String],
        themes: ThemeApplier = .unavailable, images: ImageClient = .live
    ) {
        self.themes = themes
        self.images = images
        self.provider = provider
        self.history = history
        self.clipboard = clipboard
        self.files = files
        self.clock = clock
        self.processEnvironment = processEnvironment
    }
}

// MARK: - Provider

/// The palette source for this run: a fallback chain, Gemini or the offline engine.
public struct ProviderClient: Sendable {
    /// The provider's id, shown in the title line and stored in history.
    public var name: String
    public var model: String?
    /// One generation. Honours task cancellation, answering `.cancelled` then.
    public var generate: @Sendable (GenerationRequest) async -> Result<GeneratedPalette, ProviderFailure>

    public init(
        name: String, model: String?,
        generate: @escaping @Sendable (GenerationRequest) async -> Result<GeneratedPalette, ProviderFailure>
    ) {
        self.name = name
        self.model = model
        self.generate = generate
    }

    /// Any provider, its errors turned into `ProviderFailure` (cancellation recognised whatever
    /// its type).
    public init(_ provider: any PaletteProvider) {
        self.init(name: provider.name, model: provider.model) { request in
            do {
                return .success(try await provider.generate(request))
            } catch {
                return .failure(ProviderFailure.from(error, provider: provider.name, cancelled: Task.isCancelled))
            }
        }
    }
}

// MARK: - History

/// One change to the history file.
public enum HistoryChange: Hashable, Sendable {
    case append(HistoryEntry)
    case setFavorite(id: String, Bool)
    case delete(id: String)
    case restore(id: String)
}

/// The history file as closures, whichever type or module the store lives in.
///
/// The closures block (file locks, fsync); effects call them off the UI thread, and the runtime
/// keeps history effects in one ordered lane.
public struct HistoryClient: Sendable {
    /// At least the newest `count` entries (oldest first), and whether that was the whole file.
    public var loadNewest: @Sendable (_ count: Int) throws(HistoryFailure) -> (entries: [HistoryEntry], complete: Bool)
    /// Every entry (oldest first) and the lines that were skipped.
    public var load: @Sendable () throws(HistoryFailure) -> (entries: [HistoryEntry], warnings: [HistoryWarning])
    public var write: @Sendable (HistoryChange) throws(HistoryFailure) -> Void

    public init(
        loadNewest:
            @escaping @Sendable (_ count: Int) throws(HistoryFailure) -> (entries: [HistoryEntry], complete: Bool),
        load: @escaping @Sendable () throws(HistoryFailure) -> (entries: [HistoryEntry], warnings: [HistoryWarning]),
        write: @escaping @Sendable (HistoryChange) throws(HistoryFailure) -> Void
    ) {
        self.loadNewest = loadNewest
        self.load = load
        self.write = write
    }

    /// No history (`--no-history`): nothing to load, nothing written.
    public static let off = HistoryClient(
        loadNewest: { _ in ([], true) }, load: { ([], []) }, write: { _ in })

    /// History that cannot be used this run (no location): every call fails with `failure`.
    public static func unavailable(_ failure: HistoryFailure) -> HistoryClient {
        HistoryClient(
            loadNewest: { _ throws(HistoryFailure) in throw failure },
            load: { () throws(HistoryFailure) in throw failure },
            write: { _ throws(HistoryFailure) in throw failure })
    }
}

// MARK: - Clipboard

/// A way a copy reached the clipboard.
public enum ClipboardRoute: Hashable, Sendable {
    /// OSC 52: the terminal sets its own clipboard (works over SSH).
    case terminal
    /// A local program fed on its standard input (`wl-copy`, `xclip`, `xsel`, `tmux`).
    case program(String)
}

/// Why nothing took a copy.
public enum ClipboardFailure: Error, Hashable, Sendable {
    /// No route is configured or available (`--clipboard none`, or no program and no OSC 52).
    case noRoute
    /// The text is longer than the terminal's clipboard sequence allows, and no program took it.
    case tooLongForTerminal(bytes: Int)
    /// The program was run and failed, and no other route took the text.
    case programFailed(String)
}

public struct ClipboardClient: Sendable {
    /// Copies `text`: the routes that took it (at least one), or why none did.
    public var copy: @Sendable (String) async -> Result<[ClipboardRoute], ClipboardFailure>

    public init(copy: @escaping @Sendable (String) async -> Result<[ClipboardRoute], ClipboardFailure>) {
        self.copy = copy
    }
}

// MARK: - Files

/// A file the app could not write, with the system's error number.
public struct FileWriteFailure: Error, Hashable, Sendable {
    public var path: String
    public var code: Int32
    /// Set when the target was refused without trying (`code` is then 0).
    public var refusal: FileRefusal?

    public init(path: String, code: Int32, refusal: FileRefusal? = nil) {
        self.path = path
        self.code = code
        self.refusal = refusal
    }
}

public struct FileClient: Sendable {
    /// Replaces the file at `path` with `contents`, atomically (a reader sees the old file or
    /// the new one, never a part).
    public var write: @Sendable (_ path: String, _ contents: [UInt8]) throws(FileWriteFailure) -> Void
    /// Writes a new file at `path` as atomically, failing with `EEXIST` (and changing nothing)
    /// when one is there: the export menu never replaces a file the user did not confirm.
    public var create: @Sendable (_ path: String, _ contents: [UInt8]) throws(FileWriteFailure) -> Void
    /// Whether anything (a file, a folder, a dangling link) has this path.
    public var exists: @Sendable (_ path: String) -> Bool

    public init(
        write: @escaping @Sendable (_ path: String, _ contents: [UInt8]) throws(FileWriteFailure) -> Void,
        create: @escaping @Sendable (_ path: String, _ contents: [UInt8]) throws(FileWriteFailure) -> Void,
        exists: @escaping @Sendable (_ path: String) -> Bool
    ) {
        self.write = write
        self.create = create
        self.exists = exists
    }

    /// A writer that replaces and sees no file (for tests that only write).
    public init(write: @escaping @Sendable (_ path: String, _ contents: [UInt8]) throws(FileWriteFailure) -> Void) {
        self.init(write: write, create: write, exists: { _ in false })
    }
}

// MARK: - Theme applier

/// What applying the previewed theme came to: whether it was applied, and what was done or why
/// not, already in every language (the apply command's own words, `ApplyWords`).
public struct AppliedTheme: Sendable {
    public var succeeded: Bool
    public var message: Localized

    public init(succeeded: Bool, message: Localized) {
        self.succeeded = succeeded
        self.message = message
    }
}

/// Applies a theme to the terminal the app runs in, as `palette-tui apply` does (blocking: file
/// writes, a reload).
public struct ThemeApplier: Sendable {
    public var apply: @Sendable (Palette, ThemeVariant) -> AppliedTheme

    public init(apply: @escaping @Sendable (Palette, ThemeVariant) -> AppliedTheme) {
        self.apply = apply
    }

    /// For tests and builds without one: says nothing can be applied.
    public static let unavailable = ThemeApplier { _, _ in
        AppliedTheme(succeeded: false, message: ExportWords.noTerminalToApply)
    }
}
