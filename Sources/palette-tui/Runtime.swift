import Foundation
import PaletteApp
import PaletteCore
import PaletteHistory
import TerminalUI

/// Everything the event loop needs, built in `runTUI` (the one place live dependencies are made).
struct RuntimeConfiguration: Sendable {
    var language: Language
    var colorRequest: ColorRequest
    var clipboard: ClipboardPlan
    var provider: any PaletteProvider
    var history: HistoryStore?
    /// Why there is no history store when the user did not ask for none, shown once.
    var historyProblem: String?
    var environment: [String: String]
}

// MARK: - Inbox

/// Actions produced off the UI thread (results of effects), waiting for the loop.
///
/// Posting also writes a byte to a pipe the loop polls, so a result wakes it at once and an
/// idle loop needs no timer.
final class ActionInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [Action] = []
    let readFD: Int32
    let writeFD: Int32

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw RuntimeError("cannot create the event pipe: \(String(cString: strerror(errno)))")
        }
        readFD = fds[0]
        writeFD = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    func post(_ action: Action) {
        lock.lock()
        queue.append(action)
        lock.unlock()
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the pipe and returns the queued actions in order.
    func drain() -> [Action] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while buffer.withUnsafeMutableBytes({ read(readFD, $0.baseAddress, $0.count) }) > 0 {}
        lock.lock()
        defer { lock.unlock() }
        let actions = queue
        queue.removeAll()
        return actions
    }
}

/// A failure to start the loop, reported as one sentence.
struct RuntimeError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

// MARK: - The loop

/// The interactive app's event loop: the only code that mutates `AppState` and starts Tasks.
///
/// One thread owns ncurses. It sleeps in poll(2) on the terminal and on the inbox pipe; the
/// only timeout is the spinner's, while a request is in flight (and a stalled paste's).
final class Runtime {
    /// The spinner's cadence while a request is in flight.
    static let tickInterval = 0.1
    /// How long a paste may wait for its end marker before its text is taken as it is.
    static let pasteTimeout = 0.5

    private var state: AppState
    private let screen: Screen
    private let configuration: RuntimeConfiguration
    private let inbox: ActionInbox
    /// History reads and writes, in order, off the UI thread.
    private let historyQueue = DispatchQueue(label: "palette-tui.history")
    private let historyGroup = DispatchGroup()
    private var generations: [Int: (task: Task<Void, Never>, started: Date)] = [:]
    private var nextTick: Date?
    /// When a paste whose end marker has not come is taken as it is.
    private var pasteDeadline: Date?
    private var quitRequested = false
    private var dirty = true
    /// The last frame and what drew it, so a key redraws only what it changed.
    private var renderCache = RenderCache()

    private init(state: AppState, screen: Screen, configuration: RuntimeConfiguration, inbox: ActionInbox) {
        self.state = state
        self.screen = screen
        self.configuration = configuration
        self.inbox = inbox
    }

    /// Opens the terminal, runs until quit or a quit signal, restores the terminal, and
    /// returns the exit status: 0 after a quit, 128 + the signal number after a signal.
    static func run(_ configuration: RuntimeConfiguration) -> Int32 {
        let inbox: ActionInbox
        do {
            inbox = try ActionInbox()
        } catch {
            printError("palette-tui: \(error)")
            return 1
        }
        Signals.installBeforeTerminal(wakeFD: inbox.writeFD)
        let screen: Screen
        do {
            screen = try Screen.open(colorRequest: configuration.colorRequest, environment: configuration.environment)
        } catch {
            Signals.detachFromLoop()
            printError("palette-tui: \(error.description)")
            return 1
        }
        Signals.installAfterTerminal()
        let size = screen.size
        let state = AppState(width: size.width, height: size.height, colorMode: screen.colorMode,
                             language: configuration.language, providerName: configuration.provider.name,
                             modelName: configuration.provider.model, environment: .live)
        let runtime = Runtime(state: state, screen: screen, configuration: configuration, inbox: inbox)
        let status = runtime.loop()
        runtime.finish()
        return status
    }

    private func loop() -> Int32 {
        screen.draw(state.render(cache: &renderCache))
        dirty = false
        loadHistory()
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: inbox.readFD, events: Int16(POLLIN), revents: 0)]
        var emptyReads = 0
        while true {
            if let signal = Signals.quitSignal { return 128 + signal }
            if quitRequested { return 0 }
            fds[0].revents = 0
            fds[1].revents = 0
            let ready = poll(&fds, 2, timeoutMilliseconds())
            if ready < 0 && errno != EINTR {
                return 1
            }
            if let signal = Signals.quitSignal { return 128 + signal }
            if Signals.takeStopRequest() { suspendUntilContinued() }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return 128 + SIGHUP
            }
            let events = screen.readEvents(inputReady: fds[0].revents & Int16(POLLIN) != 0)
            // A readable terminal that yields nothing, again and again, is at end of file.
            if fds[0].revents & Int16(POLLIN) != 0 && events.isEmpty && !screen.isInPaste {
                emptyReads += 1
                if emptyReads > 64 { return 128 + SIGHUP }
            } else {
                emptyReads = 0
            }
            for event in events {
                handle(event)
            }
            if !screen.isInPaste {
                pasteDeadline = nil
            } else if fds[0].revents & Int16(POLLIN) != 0 || pasteDeadline == nil {
                pasteDeadline = Date().addingTimeInterval(Runtime.pasteTimeout)
            } else if let deadline = pasteDeadline, Date() >= deadline {
                pasteDeadline = nil
                if let event = screen.flushPaste() { handle(event) }
            }
            for action in fds[1].revents & Int16(POLLIN) != 0 ? inbox.drain() : [] {
                if case .paletteReceived(let id, _) = action {
                    generations[id] = nil
                }
                apply(action)
            }
            tickIfDue()
            if dirty {
                screen.draw(state.render(cache: &renderCache))
                dirty = false
            }
        }
    }

    /// SIGTSTP (`kill -TSTP`; in raw mode Ctrl-Z is a key): the terminal is restored, the
    /// process stops, and once continued the screen is taken back and drawn in full.
    private func suspendUntilContinued() {
        screen.suspend()
        Signals.stopProcess()
        screen.resume()
        let size = screen.size
        apply(.resized(width: size.width, height: size.height))
    }

    private func handle(_ event: InputEvent) {
        switch event {
        case .key(let key):
            apply(.keyPressed(key))
        case .resize:
            let size = screen.size
            screen.invalidate()
            apply(.resized(width: size.width, height: size.height))
        }
    }

    /// Milliseconds poll(2) may sleep: forever when idle.
    private func timeoutMilliseconds() -> Int32 {
        var deadline = nextTick
        if let paste = pasteDeadline {
            deadline = deadline.map { min($0, paste) } ?? paste
        }
        guard let deadline else { return -1 }
        return Int32(max(0, min(60_000, (deadline.timeIntervalSinceNow * 1000).rounded(.up))))
    }

    /// Sends the spinner's tick when due; the clock runs only while the state says a request
    /// is in flight.
    private func tickIfDue() {
        guard let request = state.request else {
            nextTick = nil
            return
        }
        let now = Date()
        guard let tick = nextTick else {
            nextTick = now.addingTimeInterval(Runtime.tickInterval)
            return
        }
        guard now >= tick else { return }
        nextTick = now.addingTimeInterval(Runtime.tickInterval)
        let started = generations[request.id]?.started ?? now
        apply(.tick(elapsedMilliseconds: Int(now.timeIntervalSince(started) * 1000)))
    }

    private func apply(_ action: Action) {
        let effects = state.reduce(action)
        dirty = true
        for effect in effects {
            perform(effect)
        }
    }

    // MARK: - Effects

    private func perform(_ effect: Effect) {
        switch effect {
        case let .generatePalette(id, request):
            generate(id: id, request: request)
        case .cancelRequest(let id):
            generations.removeValue(forKey: id)?.task.cancel()
        case .copyToClipboard(let text):
            copy(text)
        case .appendHistory(let entry):
            writeHistory { try $0.append(entry) }
        case let .setFavorite(id, favorite):
            writeHistory { try $0.setFavorite(id: id, favorite) }
        case .deleteHistory(let id):
            writeHistory { try $0.delete(id: id) }
        case .restoreHistory(let id):
            writeHistory { try $0.restore(id: id) }
        case .buildSearchIndex(let source):
            let inbox = self.inbox
            DispatchQueue.global(qos: .utility).async {
                inbox.post(.searchIndexBuilt(source.build()))
            }
        case .quit:
            quitRequested = true
        }
    }

    private func generate(id: Int, request: GenerationRequest) {
        let provider = configuration.provider
        let inbox = self.inbox
        let task = Task.detached {
            let result: Result<GeneratedPalette, ProviderFailure>
            do {
                result = .success(try await provider.generate(request))
            } catch {
                result = .failure(ProviderFailure.from(error, provider: provider.name, cancelled: Task.isCancelled))
            }
            inbox.post(.paletteReceived(requestID: id, result))
        }
        generations[id] = (task, Date())
    }

    private func copy(_ text: String) {
        let plan = configuration.clipboard
        var via: [String] = []
        if plan.osc52, let sequence = OSC52.sequence(for: text) {
            screen.writeAfterRefresh(sequence)
            via.append("OSC 52")
        }
        guard let helper = plan.helper else {
            inbox.post(.clipboardCopied(text, via: via))
            return
        }
        let inbox = self.inbox
        DispatchQueue.global(qos: .userInitiated).async { [via] in
            let ok = ClipboardRunner.run(helper, text: text)
            inbox.post(.clipboardCopied(text, via: ok ? via + [helper.displayName] : via))
        }
    }

    // MARK: - History

    /// Loads the history off the UI thread, so the first frame never waits for it: first the
    /// newest entries (the end of the file, enough to fill the list), then, for a large file,
    /// everything, which the reducer merges.
    private func loadHistory() {
        if let problem = configuration.historyProblem {
            inbox.post(.historyLoaded([], warnings: [problem]))
        }
        guard let store = configuration.history else { return }
        let inbox = self.inbox
        let firstRows = max(state.height, 100)
        historyQueue.async(group: historyGroup) {
            do {
                let newest = try store.loadNewest(firstRows)
                if newest.complete {
                    // loadNewest leaves bad lines to load(), which reports them.
                    let all = try store.load()
                    inbox.post(.historyLoaded(all.entries, warnings: all.warnings))
                    return
                }
                inbox.post(.historyLoaded(newest.entries, warnings: []))
                let all = try store.load()
                inbox.post(.historyLoaded(all.entries, warnings: all.warnings))
            } catch {
                inbox.post(.historyLoaded([], warnings: ["History could not be read: \(error)"]))
            }
        }
    }

    private func writeHistory(_ write: @escaping @Sendable (HistoryStore) throws -> Void) {
        guard let store = configuration.history else { return }
        let inbox = self.inbox
        historyQueue.async(group: historyGroup) {
            do {
                try write(store)
            } catch {
                inbox.post(.historyWriteFailed("History not saved: \(error)"))
            }
        }
    }

    /// Cancels requests, restores the terminal, then lets pending history writes finish
    /// (bounded, so a hung disk cannot keep a quitting app alive).
    private func finish() {
        for (_, generation) in generations {
            generation.task.cancel()
        }
        generations.removeAll()
        screen.close()
        Signals.detachFromLoop()
        if historyGroup.wait(timeout: .now() + 5) == .timedOut {
            printError("palette-tui: history writes did not finish within 5 seconds; the last palette may not be saved")
        }
    }
}
