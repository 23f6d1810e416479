import FoundationEssentials
import Glibc
import PaletteApp
import PaletteCore
import PaletteHistory
import ScreenCore
import Synchronization
import TerminalUI

// MARK: - Inbox

/// What comes back to the loop from effects running off the UI thread: their actions, and the
/// news that one has finished (bookkeeping the loop keeps without reading any action).
enum InboxMessage: Sendable {
    case action(Action)
    /// The effect started as `task` has returned.
    case finished(task: UInt64)
}

/// Messages produced off the UI thread, waiting for the loop.
///
/// Posting also writes a byte to a pipe the loop polls, so a result wakes it at once and an
/// idle loop needs no timer.
final class Inbox: Sendable {
    private let queue = Mutex<[InboxMessage]>([])
    let readFD: Int32
    let writeFD: Int32

    /// Fails with the system's error number when no pipe can be made.
    init() throws(LaunchFailure) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .eventPipe(code: errno) }
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

    func post(_ message: InboxMessage) {
        queue.withLock { $0.append(message) }
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the pipe and returns the queued messages in order.
    func drain() -> [InboxMessage] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while buffer.withUnsafeMutableBytes({ read(readFD, $0.baseAddress, $0.count) }) > 0 {}
        return queue.withLock { queue in
            defer { queue.removeAll() }
            return queue
        }
    }
}

/// Why the loop could not start, typed; TUICommand words it.
enum LaunchFailure: Error {
    case eventPipe(code: Int32)
    case terminal(TerminalSetupError)
}

// MARK: - The terminal, as the loop sees it

/// What the loop needs of a terminal: `Screen` live; a fake in the runtime's headless tests.
protocol RuntimeScreen: AnyObject {
    /// The descriptor the loop polls for input.
    var inputFD: Int32 { get }
    var size: (width: Int, height: Int) { get }
    var colorMode: ColorMode { get }
    /// When input waiting for more (a lone Esc, an unfinished paste) must be read anyway.
    var inputDeadline: ContinuousClock.Instant? { get }
    /// The terminal is gone: readable with nothing to read, again and again.
    var isAtEndOfInput: Bool { get }
    func readEvents(inputReady: Bool) -> [InputEvent]
    @discardableResult func updateSize() -> Bool
    func invalidate()
    func draw(_ canvas: Canvas)
    func showPreview(colours: [UInt8], screen: [UInt8])
    func endPreview()
    func writeAfterRefresh(_ bytes: [UInt8])
    func suspend()
    func resume()
    func close()
}

extension Screen: RuntimeScreen {
    /// Standard input: `Screen.open` drives the terminal on it.
    var inputFD: Int32 { 0 }
}

// MARK: - The loop

/// The interactive app's event loop: the only code that mutates `AppState`.
///
/// It only schedules. Input and effect results become actions for the reducer; the effects
/// the reducer returns are performed by `Effect.perform(with:send:)` in Swift tasks, each as
/// its `schedule` says (beside the others, in an ordered lane, cancelled by id, or the end).
/// It reads no action's contents and writes no words.
///
/// It runs on the thread that called it (the main thread), which alone touches ncurses, and
/// sleeps in poll(2) on the terminal and on the inbox pipe; the only timeout is the screen's
/// input deadline (the spinner's clock is an effect the reducer asks for, `Effect.tick`).
final class Runtime {
    /// How long an ending app waits for history and file writes to finish.
    static let drainTimeout: Duration = .seconds(5)

    private(set) var state: AppState
    private let screen: any RuntimeScreen
    private let dependencies: Dependencies
    private let terminalOutbox: TerminalOutbox
    private let inbox: Inbox
    /// Concurrent effects that can be cancelled, by cancellation id: (task token, task).
    private var cancellable: [Int: (token: UInt64, task: Task<Void, Never>)] = [:]
    /// One ordered queue per lane, each drained by one task.
    private var lanes: [EffectLane: AsyncStream<(UInt64, Effect)>.Continuation] = [:]
    private var laneTasks: [Task<Void, Never>] = []
    /// Tokens of lane effects not yet finished, for the bounded wait at exit.
    private var pendingLaneEffects: Set<UInt64> = []
    private var nextToken: UInt64 = 0
    private var quitRequested = false
    /// Ctrl-Z was pressed: the loop suspends once the keys read with it are handled.
    private var suspendRequested = false
    private var dirty = true
    /// The last frame and what drew it, so a key redraws only what it changed.
    private var renderCache = RenderCache()
    /// The theme preview's frame on the terminal, if it shows.
    private var shownPreview: PreviewFrame?

    /// A loop on `screen` from `state`; `run` builds the live one, the runtime's tests a headless one.
    init(
        state: AppState, screen: any RuntimeScreen, dependencies: Dependencies, terminalOutbox: TerminalOutbox,
        inbox: Inbox
    ) {
        self.state = state
        self.screen = screen
        self.dependencies = dependencies
        self.terminalOutbox = terminalOutbox
        self.inbox = inbox
    }

    /// Opens the terminal, runs until quit or a quit signal, restores the terminal, and
    /// returns the exit status: 0 after a quit, 128 + the signal number after a signal; or
    /// throws why it could not start.
    static func run(
        language: Language, colorRequest: ColorRequest, live: LiveDependencies, notice: StatusMessage? = nil,
        access: AccessSettings = AccessSettings(), appearance: Appearance = .fixed(.dark)
    ) throws(LaunchFailure) -> (
        status: Int32, drained: Bool
    ) {
        let inbox = try Inbox()
        Signals.installBeforeTerminal(wakeFD: inbox.writeFD)
        let dependencies = live.dependencies
        let screen: Screen
        do throws(TerminalSetupError) {
            screen = try Screen.open(colorRequest: colorRequest, environment: dependencies.processEnvironment)
        } catch {
            Signals.detachFromLoop()
            throw .terminal(error)
        }
        Signals.installAfterTerminal()
        // Asked now, in raw mode, before the first frame; nothing waits for the answer, which
        // comes as input (`InputEvent.background`) and re-inks the next frame.
        let environment = dependencies.processEnvironment
        if appearance.followsTerminal, TUIOptions.asksBackground(environment) {
            screen.askBackground(insideTmux: environment["TMUX"].map { !$0.isEmpty } ?? false)
        }
        let size = screen.size
        let state = AppState(
            width: size.width, height: size.height, colorMode: screen.colorMode,
            language: language, providerName: dependencies.provider.name,
            modelName: dependencies.provider.model, clock: dependencies.clock, notice: notice, access: access,
            previewSupport: PreviewSupport.judge(dependencies.processEnvironment),
            exportDirectory: FileManager.default.currentDirectoryPath, appearance: appearance)
        let runtime = Runtime(
            state: state, screen: screen, dependencies: dependencies,
            terminalOutbox: live.terminalOutbox, inbox: inbox)
        let status = runtime.loop()
        let drained = runtime.finish()
        return (status, drained)
    }

    /// Runs until quit, a quit signal or the terminal's end; returns the exit status.
    func loop() -> Int32 {
        present()
        dirty = false
        apply(.launched)
        var fds = [
            pollfd(fd: screen.inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: inbox.readFD, events: Int16(POLLIN), revents: 0),
        ]
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
            if Signals.takeResizeRequest(), screen.updateSize() { handle(.resize) }
            let inputReady = fds[0].revents & Int16(POLLIN) != 0
            let events = screen.readEvents(inputReady: inputReady)
            if screen.isAtEndOfInput { return 128 + SIGHUP }
            for event in events {
                handle(event)
            }
            if suspendRequested {
                suspendRequested = false
                suspendUntilContinued()
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                receive(inbox.drain())
            }
            if dirty {
                present()
                dirty = false
            }
        }
    }

    /// Shows the state: the app's frame, or while the preview is on, its raw frame (sent only
    /// when it changes). Leaving the preview restores the terminal's colours and repaints.
    private func present() {
        if let frame = inPlace({ $0.previewFrame }) {
            if frame != shownPreview {
                screen.showPreview(colours: frame.colours, screen: frame.screen)
                shownPreview = frame
            }
            return
        }
        if shownPreview != nil {
            screen.endPreview()
            shownPreview = nil
        }
        screen.draw(inPlace { $0.render(cache: &renderCache) })
    }

    /// Reads the state where it is stored. A getter or method called on `state` directly
    /// copies the whole state out of the object first (a retain and a release of every string,
    /// array and closure in it, each a cache miss on a key that comes after a sleep).
    @inline(__always)
    private func inPlace<T>(_ body: (inout AppState) -> T) -> T {
        body(&state)
    }

    private func receive(_ messages: [InboxMessage]) {
        // Terminal bytes from effects (OSC 52) go out after the next frame.
        for bytes in terminalOutbox.drain() {
            screen.writeAfterRefresh(bytes)
            dirty = true
        }
        for message in messages {
            switch message {
            case .action(let action):
                apply(action)
            case .finished(let token):
                pendingLaneEffects.remove(token)
                if let id = cancellable.first(where: { $0.value.token == token })?.key {
                    cancellable[id] = nil
                }
            }
        }
    }

    /// SIGTSTP (`kill -TSTP`), or Ctrl-Z (in raw mode a key, `Effect.suspend`): the terminal is restored, the
    /// process stops, and once continued the screen is taken back and drawn in full.
    private func suspendUntilContinued() {
        screen.suspend()
        Signals.stopProcess()
        screen.resume()
        // The suspend gave the terminal its colours back: a preview is sent again.
        shownPreview = nil
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
        case .background(let colour):
            apply(.terminalBackground(colour))
        }
    }

    /// Milliseconds poll(2) may sleep: forever when idle.
    private func timeoutMilliseconds() -> Int32 {
        guard let deadline = screen.inputDeadline else { return -1 }
        let wait = (deadline - .now).components
        let ms = wait.seconds * 1000 + (wait.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(max(0, min(60_000, ms)))
    }

    private func apply(_ action: Action) {
        let effects = state.reduce(action)
        dirty = true
        for effect in effects {
            schedule(effect)
        }
    }

    // MARK: - Scheduling

    private func schedule(_ effect: Effect) {
        switch effect.schedule {
        case .stop:
            quitRequested = true
        case .suspend:
            suspendRequested = true
        case .cancel(let id):
            cancellable.removeValue(forKey: id)?.task.cancel()
        case .concurrent(let id):
            // A new effect with the id of one still running replaces it (the spinner's tick).
            if let id { cancellable.removeValue(forKey: id)?.task.cancel() }
            let token = takeToken()
            let task = start(effect, token: token)
            if let id { cancellable[id] = (token, task) }
        case .serial(let lane):
            let token = takeToken()
            pendingLaneEffects.insert(token)
            queue(for: lane).yield((token, effect))
        }
    }

    private func takeToken() -> UInt64 {
        nextToken += 1
        return nextToken
    }

    private func start(_ effect: Effect, token: UInt64) -> Task<Void, Never> {
        let dependencies = self.dependencies
        let inbox = self.inbox
        return Task {
            await effect.perform(with: dependencies) { inbox.post(.action($0)) }
            inbox.post(.finished(task: token))
        }
    }

    /// The lane's queue, started on first use: one task performs its effects one at a time.
    private func queue(for lane: EffectLane) -> AsyncStream<(UInt64, Effect)>.Continuation {
        if let queue = lanes[lane] { return queue }
        let (stream, continuation) = AsyncStream.makeStream(of: (UInt64, Effect).self)
        let dependencies = self.dependencies
        let inbox = self.inbox
        laneTasks.append(
            Task {
                for await (token, effect) in stream {
                    await effect.perform(with: dependencies) { inbox.post(.action($0)) }
                    inbox.post(.finished(task: token))
                }
            })
        lanes[lane] = continuation
        return continuation
    }

    // MARK: - Ending

    /// Cancels requests, restores the terminal, then lets the lanes' pending writes finish,
    /// bounded so a hung disk cannot keep a quitting app alive. Returns false if they did not.
    func finish() -> Bool {
        for (_, running) in cancellable {
            running.task.cancel()
        }
        cancellable.removeAll()
        for (_, queue) in lanes {
            queue.finish()
        }
        screen.close()
        Signals.detachFromLoop()
        let deadline = ContinuousClock.now + Runtime.drainTimeout
        while !pendingLaneEffects.isEmpty {
            let left = (deadline - .now).components
            let ms = left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000
            guard ms > 0 else { return false }
            var fd = pollfd(fd: inbox.readFD, events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, Int32(min(ms, 60_000)))
            for case .finished(let token) in inbox.drain() {
                pendingLaneEffects.remove(token)
            }
        }
        return true
    }
}
