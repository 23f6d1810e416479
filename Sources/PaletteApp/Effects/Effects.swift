import Dispatch
import PaletteCore
import PaletteHistory

/// How the runtime hands effect results back to the loop. Callable from any thread.
public typealias Send = @Sendable (Action) -> Void

/// How the runtime runs one effect. The runtime reads only this, never an effect's contents.
public enum EffectSchedule: Hashable, Sendable {
    /// Perform it off the UI thread, beside other effects; `cancellationID`, when set, lets a
    /// later `.cancel` with the same id stop it.
    case concurrent(cancellationID: Int?)
    /// Perform it after every earlier effect of the same lane has finished; the runtime waits
    /// (bounded) for the lanes to drain before the process exits.
    case serial(EffectLane)
    /// Cancel the effect started with this id, if it still runs.
    case cancel(id: Int)
    /// Give the terminal back and stop (job control); the next frame is drawn in full.
    case suspend
    /// End the app.
    case stop
}

/// Effects that must happen in order: one history file, written change after change.
public enum EffectLane: Hashable, Sendable, CaseIterable {
    case history
    case files
}

extension Effect {
    /// The spinner's cancellation id: request ids start at 1, so it is never one of theirs.
    static let tickID = -1
    /// The spinner's cadence while a request is in flight.
    static let tickInterval: Duration = .milliseconds(100)

    /// How the runtime runs this effect.
    public var schedule: EffectSchedule {
        switch self {
        case .generatePalette(let id, _): return .concurrent(cancellationID: id)
        case .cancelRequest(let id): return .cancel(id: id)
        case .copyToClipboard, .buildSearchIndex, .loadImage: return .concurrent(cancellationID: nil)
        case .loadHistory, .appendHistory, .setFavorite, .deleteHistory, .restoreHistory: return .serial(.history)
        case .writeFile, .exportPalette, .applyTheme: return .serial(.files)
        case .tick: return .concurrent(cancellationID: Effect.tickID)
        case .suspend: return .suspend
        case .quit: return .stop
        }
    }

    /// Performs the effect against `dependencies` and sends what came of it as typed actions,
    /// in order (most send one; a history load sends the newest entries first, then all).
    ///
    /// Runs off the UI thread. The blocking dependencies (the history's file lock and fsync, file
    /// writes) run on `BlockingIO`'s threads, not on the cooperative pool's few. The
    /// control effects (`.cancelRequest`, `.suspend`, `.quit`) are the runtime's own and send
    /// nothing.
    public func perform(with dependencies: Dependencies, send: Send) async {
        switch self {
        case .generatePalette(let id, let request):
            send(.paletteReceived(requestID: id, await dependencies.provider.generate(request)))
        case .loadImage(let job):
            let images = dependencies.images
            let home = dependencies.processEnvironment["HOME"]
            send(.imageLoaded(id: job.id, await BlockingIO.run { images.load(job, home: home) }))
        case .copyToClipboard(let text):
            switch await dependencies.clipboard.copy(text) {
            case .success(let routes): send(.clipboardCopied(text, via: routes))
            case .failure(let failure): send(.clipboardFailed(text, failure))
            }
        case .loadHistory(let firstRows):
            await Self.loadHistory(firstRows: firstRows, from: dependencies.history, send: send)
        case .appendHistory(let entry):
            await Self.write(.append(entry), to: dependencies.history, send: send)
        case .setFavorite(let id, let favorite):
            await Self.write(.setFavorite(id: id, favorite), to: dependencies.history, send: send)
        case .deleteHistory(let id):
            await Self.write(.delete(id: id), to: dependencies.history, send: send)
        case .restoreHistory(let id):
            await Self.write(.restore(id: id), to: dependencies.history, send: send)
        case .writeFile(let path, let contents):
            let files = dependencies.files
            let written = await BlockingIO.run { () -> Result<Void, FileWriteFailure> in
                do throws(FileWriteFailure) {
                    return .success(try files.write(path, contents))
                } catch {
                    return .failure(error)
                }
            }
            switch written {
            case .success: send(.fileWritten(path: path))
            case .failure(let failure): send(.fileWriteFailed(failure))
            }
        case .buildSearchIndex(let source):
            send(.searchIndexBuilt(source.build()))
        case .exportPalette(let job):
            switch job.perform(files: dependencies.files, home: dependencies.processEnvironment["HOME"]) {
            case .success(let path):
                let choice =
                    job.system.map { ExportChoice(system: $0) }
                    ?? ExportChoice(format: job.request.format, tailwindV3: job.request.tailwindV3)
                send(.exportWritten(ExportWritten(path: path, choice: choice, variant: job.request.variant)))
            case .failure(let failure):
                send(.exportFailed(failure))
            }
        case .applyTheme(let palette, let variant):
            let themes = dependencies.themes
            send(.themeApplied(await BlockingIO.run { themes.apply(palette, variant) }))
        case .tick(let interval):
            await dependencies.clock.sleep(interval)
            // A tick cancelled while it waited (a newer one replaced it) says nothing.
            guard !Task.isCancelled else { return }
            send(.clockTicked(uptime: dependencies.clock.uptime()))
        case .cancelRequest, .suspend, .quit:
            break
        }
    }

    /// The newest entries first, so the list fills at once; then, unless that was the whole
    /// file, everything (which the reducer merges). Bad lines are reported by the full load only.
    private static func loadHistory(firstRows: Int, from history: HistoryClient, send: Send) async {
        let newest = await BlockingIO.run { Result { () throws(HistoryFailure) in try history.loadNewest(firstRows) } }
        switch newest {
        case .failure(let failure): return send(.historyLoadFailed(failure))
        case .success(let newest) where !newest.complete: send(.historyLoaded(newest.entries, warnings: []))
        case .success: break
        }
        switch await BlockingIO.run({ Result { () throws(HistoryFailure) in try history.load() } }) {
        case .success(let all): send(.historyLoaded(all.entries, warnings: all.warnings))
        case .failure(let failure): send(.historyLoadFailed(failure))
        }
    }

    private static func write(_ change: HistoryChange, to history: HistoryClient, send: Send) async {
        let written = await BlockingIO.run { Result { () throws(HistoryFailure) in try history.write(change) } }
        if case .failure(let failure) = written { send(.historyWriteFailed(failure)) }
    }
}

/// Where blocking file work runs: threads of its own (a concurrent dispatch queue), so a slow
/// disk, a held `flock` or an `fsync` never holds one of the cooperative pool's threads (two on a
/// two-core machine), which the app's other effects and the providers need.
enum BlockingIO {
    static let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "palette-tui.blocking-io", qos: .utility, attributes: .concurrent)
        queue.setSpecific(key: key, value: ())
        return queue
    }()
    private static let key = DispatchSpecificKey<Void>()

    /// Whether the calling code runs on `queue` (the tests ask the history's closures).
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }

    /// Runs `body` on `queue` and returns its value once it is done.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { (done: CheckedContinuation<Value, Never>) in
            queue.async { done.resume(returning: body()) }
        }
    }
}
