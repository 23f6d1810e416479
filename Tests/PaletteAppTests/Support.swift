import Foundation
import PaletteCore
import PaletteHistory
import ScreenCore
import TestSupport
import XCTest

@testable import PaletteApp

/// Hands out `id-1`, `id-2`, … so history entries made in a test have known ids.
final class IDSequence: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 1

    func make() -> String {
        lock.lock()
        defer { lock.unlock() }
        let id = "id-\(next)"
        next += 1
        return id
    }
}

/// A monotonic clock a test moves by hand.
final class ManualUptime: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Duration

    init(_ start: Duration = .zero) {
        value = start
    }

    var read: @Sendable () -> Duration {
        { [self] in
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    func advance(by step: Duration) {
        lock.lock()
        value += step
        lock.unlock()
    }
}

enum Fixture {
    /// 2026-11-29T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_795_953_600)

    /// The example palette from the original article: ["#2E86AB", "#A23B72", "#F18F01"].
    static let palette = Palette(
        primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72),
        accent: RGB(packed: 0xF18F01))
    static let forest = Palette(
        primary: RGB(packed: 0x2F4F4F), secondary: RGB(packed: 0x8FBC8F),
        accent: RGB(packed: 0xF5DEB3))

    /// The fixed date, `uptime` from `uptime()` (zero unless told), ids `id-1`, `id-2`, ..., a
    /// `sleep` that returns at once (a tick is sent as soon as it is performed), and UTC as the
    /// local time zone (the history list's times do not follow the machine's).
    static func clock(uptime: @escaping @Sendable () -> Duration = { .zero }) -> AppClock {
        let ids = IDSequence()
        return AppClock(now: { now }, uptime: uptime, makeID: { ids.make() }, sleep: { _ in }, utcOffset: { _ in 0 })
    }

    static func state(
        width: Int = 80, height: Int = 24, mode: ColorMode = .direct,
        language: Language = .english, provider: String = "gemini",
        model: String? = "gemini-2.5-flash", clock: AppClock = Fixture.clock()
    ) -> AppState {
        AppState(
            width: width, height: height, colorMode: mode, language: language, providerName: provider,
            modelName: model, clock: clock)
    }

    /// A state that asked for `description`, was answered with `Fixture.generated()` (request 1)
    /// and has the focus on the panes, outside the text field: where most key tests begin.
    static func showingPalette(
        _ description: String = "calm lake at dawn", width: Int = 80, height: Int = 24,
        language: Language = .english, file: StaticString = #filePath, line: UInt = #line
    ) -> AppState {
        var state = Fixture.state(width: width, height: height, language: language)
        state.type(description)
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        state.press(.tab, .tab)
        XCTAssertEqual(state.focus, .panes, file: file, line: line)
        return state
    }

    static func entry(
        _ n: Int, _ description: String, palette: Palette = Fixture.palette,
        favorite: Bool = false
    ) -> HistoryEntry {
        HistoryEntry(
            id: "h\(n)", created: now.addingTimeInterval(Double(n - 1000) * 3600), description: description,
            palette: palette, provider: "offline", model: "engine-1", favorite: favorite)
    }

    static func generated(
        _ palette: Palette = Fixture.palette, provider: String = "gemini",
        model: String? = "gemini-2.5-flash", notes: [GenerationNote] = [],
        fallback: ProviderFailure? = nil
    ) -> GeneratedPalette {
        GeneratedPalette(palette: palette, provider: provider, model: model, notes: notes, fallbackReason: fallback)
    }
}

extension AppState {
    /// Sends each key in turn and returns every effect, in order.
    @discardableResult
    mutating func press(_ keys: Key...) -> [Effect] {
        keys.flatMap { reduce(.keyPressed($0)) }
    }

    /// `reduce` for tests that look only at the state afterwards.
    @discardableResult
    mutating func send(_ action: Action) -> [Effect] {
        reduce(action)
    }

    /// Types text one character at a time, as a terminal would deliver it.
    mutating func type(_ text: String) {
        for c in text { _ = reduce(.keyPressed(.character(c))) }
    }
}

/// Compares a canvas with `Tests/PaletteAppTests/Golden/<name>.txt` (TestSupport's
/// `assertGolden`: `PALETTE_RECORD_GOLDEN=1` re-records).
func assertGolden(_ canvas: Canvas, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
    TestSupport.assertGolden(
        canvas.snapshot, named: name, in: Repository.url("Tests/PaletteAppTests/Golden"),
        file: file, line: line)
}
