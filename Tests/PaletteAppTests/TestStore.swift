import Foundation
import PaletteCore
import PaletteHistory
import XCTest

@testable import PaletteApp

/// A headless store in the manner of TCA's `TestStore` and bubbletea's `teatest`: it sends an
/// action to the reducer, performs the effects that come back against test dependencies, and
/// makes the test account for every action those effects send, with the state it leads to.
///
/// Exhaustive: `send` and `receive` compare the whole state with the expected one, and
/// `finish` fails when an action the effects sent was never received.
@MainActor
final class TestStore {
    private(set) var state: AppState
    let dependencies: Dependencies
    /// Actions effects sent that the test has not received yet, in order.
    private(set) var pending: [Action] = []
    /// Effects the runtime itself acts on (`.cancelRequest`, `.quit`), as they were returned.
    private(set) var controlEffects: [Effect] = []
    /// Every effect performed, in order.
    private(set) var performed: [Effect] = []

    init(_ state: AppState, dependencies: Dependencies) {
        self.state = state
        self.dependencies = dependencies
    }

    /// Sends `action`; `update` turns the state before into the expected state after. Then
    /// performs what the reducer returned, and returns those effects.
    @discardableResult
    func send(
        _ action: Action, file: StaticString = #filePath, line: UInt = #line,
        _ update: (inout AppState) -> Void = { _ in }
    ) async -> [Effect] {
        var expected = state
        update(&expected)
        let effects = state.reduce(action)
        XCTAssertEqual(state, expected, "state after sending \(action)", file: file, line: line)
        await perform(effects)
        return effects
    }

    /// Sends `action` without comparing the whole state: for a step whose state change other
    /// tests pin down, in a test about the effects it returns. The test then checks the fields
    /// it is about, against literal values. Performs the effects and returns them.
    @discardableResult
    func sendWithoutStateCheck(_ action: Action) async -> [Effect] {
        let effects = state.reduce(action)
        await perform(effects)
        return effects
    }

    /// Takes the next action an effect sent, checks it is `expected` (compared as printed, since
    /// an action may carry a search index), reduces it and checks the state `update` describes.
    @discardableResult
    func receive(
        _ expected: Action, file: StaticString = #filePath, line: UInt = #line,
        _ update: (inout AppState) -> Void = { _ in }
    ) async -> [Effect] {
        await receive(where: { "\($0)" == "\(expected)" }, file: file, line: line, update)
    }

    /// `receive` with a predicate, for actions the test cannot spell out whole.
    @discardableResult
    func receive(
        where matches: (Action) -> Bool, file: StaticString = #filePath, line: UInt = #line,
        _ update: (inout AppState) -> Void = { _ in }
    ) async -> [Effect] {
        guard let action = next(matches, file: file, line: line) else { return [] }
        var expected = state
        update(&expected)
        let effects = state.reduce(action)
        XCTAssertEqual(state, expected, "state after receiving \(action)", file: file, line: line)
        await perform(effects)
        return effects
    }

    /// Takes the next action and applies it without checking the state: for a step whose state
    /// change other tests pin down, in a test about what follows.
    @discardableResult
    func skipReceived(where matches: (Action) -> Bool, file: StaticString = #filePath, line: UInt = #line) async
        -> [Effect]
    {
        guard let action = next(matches, file: file, line: line) else { return [] }
        let effects = state.reduce(action)
        await perform(effects)
        return effects
    }

    private func next(_ matches: (Action) -> Bool, file: StaticString, line: UInt) -> Action? {
        guard !pending.isEmpty else {
            XCTFail("expected an action from an effect; none was sent", file: file, line: line)
            return nil
        }
        let action = pending.removeFirst()
        XCTAssertTrue(matches(action), "received \(action)", file: file, line: line)
        return action
    }

    /// Every action the effects sent must have been received.
    func finish(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(pending.isEmpty, "actions sent but never received: \(pending)", file: file, line: line)
    }

    private func perform(_ effects: [Effect]) async {
        for effect in effects {
            performed.append(effect)
            switch effect.schedule {
            case .cancel, .suspend, .stop:
                controlEffects.append(effect)
            case .concurrent, .serial:
                let box = ActionBox()
                await effect.perform(with: dependencies) { box.append($0) }
                pending += box.actions
            }
        }
    }
}

/// Collects the actions an effect sends, from whichever thread it sends them.
final class ActionBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Action] = []

    func append(_ action: Action) {
        lock.lock()
        stored.append(action)
        lock.unlock()
    }

    var actions: [Action] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

// MARK: - Test dependencies

/// Dependencies made of closures that answer what the test says and record what they were
/// asked, so a test can check both sides of an effect.
final class TestWorld: @unchecked Sendable {
    private let lock = NSLock()
    private var _requests: [GenerationRequest] = []
    private var _changes: [HistoryChange] = []
    private var _copies: [String] = []
    private var _files: [(path: String, contents: [UInt8])] = []
    private var _loads = 0

    var generation: Result<GeneratedPalette, ProviderFailure> = .success(Fixture.generated())
    var newest: Result<(entries: [HistoryEntry], complete: Bool), HistoryFailure> = .success(([], true))
    var all: Result<(entries: [HistoryEntry], warnings: [HistoryWarning]), HistoryFailure> = .success(([], []))
    var writeFailure: HistoryFailure?
    var clipboard: Result<[ClipboardRoute], ClipboardFailure> = .success([.terminal])
    var fileFailure: FileWriteFailure?
    let clock: AppClock

    init(clock: AppClock = Fixture.clock()) {
        self.clock = clock
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    var requests: [GenerationRequest] { locked { _requests } }
    var changes: [HistoryChange] { locked { _changes } }
    var copies: [String] { locked { _copies } }
    var files: [(path: String, contents: [UInt8])] { locked { _files } }
    var loads: Int { locked { _loads } }

    var dependencies: Dependencies {
        Dependencies(
            provider: ProviderClient(name: "gemini", model: "gemini-2.5-flash") { request in
                self.locked { self._requests.append(request) }
                return self.generation
            },
            history: HistoryClient(
                loadNewest: { _ throws(HistoryFailure) in
                    self.locked { self._loads += 1 }
                    return try self.newest.get()
                },
                load: { () throws(HistoryFailure) in try self.all.get() },
                write: { change throws(HistoryFailure) in
                    if let failure = self.writeFailure { throw failure }
                    self.locked { self._changes.append(change) }
                }),
            clipboard: ClipboardClient { text in
                self.locked { self._copies.append(text) }
                return self.clipboard
            },
            files: FileClient { path, contents throws(FileWriteFailure) in
                if let failure = self.fileFailure { throw failure }
                self.locked { self._files.append((path, contents)) }
            },
            clock: clock, processEnvironment: ["TERM": "xterm-256color"])
    }
}
