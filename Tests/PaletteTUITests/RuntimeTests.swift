import Foundation
import Glibc
import PaletteApp
import PaletteCore
import PaletteEngine
import ScreenCore
import TerminalUI
import XCTest

@testable import PaletteProgram

/// The runtime loop headless (bubbletea's `teatest`): the real `Runtime`, `Inbox`, reducer,
/// effects and offline engine, on a fake screen that records every frame and answers with
/// scripted input once a frame shows what the script waits for.
final class RuntimeTests: XCTestCase {
    /// Type a description, Enter: the palette comes back through the inbox, is drawn and saved;
    /// Ctrl-C then ends the loop with status 0.
    func testASessionGeneratesDrawsSavesAndQuits() throws {
        let saved = Recorded<HistoryChange>()
        let screen = try FakeScreen(script: [
            // The first frame: the description field has the keyboard.
            .init(when: { $0.contains("Tab next") }, send: "dusk".map { .key(.character($0)) } + [.key(.enter)]),
            // The palette is drawn: quit.
            .init(when: { $0.contains("New palette from") }, send: [.key(.control("c"))]),
        ])
        let runtime = try makeRuntime(screen, history: saved)
        let status = runtime.loop()
        XCTAssertTrue(runtime.finish(), "the history lane drained")
        XCTAssertEqual(status, 0, screen.lastText)
        XCTAssertEqual(runtime.state.shown?.description, "dusk")
        XCTAssertEqual(runtime.state.shown?.provider, "offline")
        guard case .append(let entry)? = saved.values.first, saved.values.count == 1 else {
            return XCTFail("\(saved.values)")
        }
        XCTAssertEqual(entry.description, "dusk")
        // Every hex of the palette saved is on the last frame.
        for color in entry.palette.colors { XCTAssertTrue(screen.lastText.contains(color.hex), color.hex) }
        XCTAssertEqual(screen.closed, 1)
    }

    /// A terminal at end of input (readable, nothing to read, again and again: `Screen` says so)
    /// ends the loop as a hang-up does, with 128 + SIGHUP.
    func testATerminalAtEndOfInputEndsTheLoopAsAHangUp() throws {
        let screen = try FakeScreen(script: [.init(when: { $0.contains("Tab next") }, send: [], endOfInput: true)])
        let runtime = try makeRuntime(screen, history: Recorded())
        XCTAssertEqual(runtime.loop(), 128 + SIGHUP)
        XCTAssertTrue(runtime.finish())
    }

    private func makeRuntime(_ screen: FakeScreen, history: Recorded<HistoryChange>) throws -> Runtime {
        let started = ContinuousClock.now
        let clock = AppClock(
            now: { Date(timeIntervalSince1970: 1_795_953_600) }, uptime: { ContinuousClock.now - started },
            makeID: { "entry-1" })
        let dependencies = Dependencies(
            provider: ProviderClient(OfflineEngine()),
            history: HistoryClient(loadNewest: { _ in ([], true) }, load: { ([], []) }, write: { history.append($0) }),
            clipboard: ClipboardClient { _ in .failure(.noRoute) }, files: FileClient(write: { _, _ in }),
            clock: clock, processEnvironment: [:])
        let state = AppState(
            width: 80, height: 24, colorMode: .direct, language: .english, providerName: "offline", modelName: nil,
            clock: clock)
        return Runtime(
            state: state, screen: screen, dependencies: dependencies, terminalOutbox: TerminalOutbox(),
            inbox: try Inbox())
    }
}

/// Values appended from any thread.
final class Recorded<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// A terminal for `Runtime` with no terminal: frames are kept as text; input is a pipe the loop
/// polls, written once a frame shows what the next step of the script waits for.
final class FakeScreen: RuntimeScreen {
    struct Step {
        var when: (String) -> Bool
        var send: [InputEvent]
        /// After this step the terminal reads as ended.
        var endOfInput = false
    }

    let inputFD: Int32
    private let writeFD: Int32
    private var script: [Step]
    private var queued: [InputEvent] = []
    let size = (width: 80, height: 24)
    let colorMode = ColorMode.direct
    let inputDeadline: ContinuousClock.Instant? = nil
    private(set) var isAtEndOfInput = false
    private(set) var lastText = ""
    private(set) var closed = 0
    private var emptyReads = 0

    init(script: [Step]) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        inputFD = fds[0]
        writeFD = fds[1]
        self.script = script
    }

    deinit {
        Glibc.close(inputFD)
        Glibc.close(writeFD)
    }

    func draw(_ canvas: Canvas) {
        lastText = (0..<canvas.height).map { y in (0..<canvas.width).map { canvas[$0, y].text }.joined() }
            .joined(separator: "\n")
        guard let step = script.first, step.when(lastText) else { return }
        script.removeFirst()
        queued += step.send
        if step.endOfInput { isAtEndOfInput = true }
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    func readEvents(inputReady: Bool) -> [InputEvent] {
        if inputReady {
            var byte: UInt8 = 0
            _ = read(inputFD, &byte, 1)
        }
        if isAtEndOfInput {
            // A hung-up terminal stays readable with nothing to read. A loop that kept reading
            // it would spin: after 1,000 reads it gets Ctrl-C, and the test sees status 0.
            emptyReads += 1
            if emptyReads >= 1_000 { return [.key(.control("c"))] }
            var byte: UInt8 = 1
            _ = write(writeFD, &byte, 1)
        }
        defer { queued = [] }
        return queued
    }

    func updateSize() -> Bool { false }
    func invalidate() {}
    func showPreview(colours: [UInt8], screen: [UInt8]) {}
    func endPreview() {}
    func writeAfterRefresh(_ bytes: [UInt8]) {}
    func suspend() {}
    func resume() {}
    func close() { closed += 1 }
}
