import Foundation
import PaletteCore
import PaletteExport
import PaletteHistory
import PaletteText
import ScreenCore
import XCTest

@testable import PaletteApp

/// Each effect, performed headless against test dependencies: the action it sends back, typed,
/// and the state the reducer makes of it (TCA's `TestStore.receive`, bubbletea's `teatest`).
@MainActor
final class EffectTests: XCTestCase {
    /// The test that covers each effect case. The switch has no `default`, so a new case does
    /// not compile until it is given one here.
    static func test(for effect: Effect) -> String {
        switch effect {
        case .loadHistory: return "testLoadHistory"
        case .generatePalette: return "testGeneratePalette"
        case .cancelRequest: return "testCancelRequest"
        case .copyToClipboard: return "testCopyToClipboard"
        case .appendHistory: return "testAppendHistory"
        case .setFavorite: return "testSetFavorite"
        case .deleteHistory: return "testDeleteAndRestoreHistory"
        case .restoreHistory: return "testDeleteAndRestoreHistory"
        case .writeFile: return "testWriteFile"
        case .buildSearchIndex: return "testBuildSearchIndex"
        case .exportPalette: return "testExportPalette"
        case .applyTheme: return "testApplyTheme"
        case .loadImage: return "testLoadImage"
        case .tick: return "testTick"
        case .suspend: return "testSuspend"
        case .quit: return "testQuit"
        }
    }

    private func store(_ world: TestWorld, _ state: AppState? = nil) -> TestStore {
        TestStore(state ?? Fixture.state(clock: world.clock), dependencies: world.dependencies)
    }

    // MARK: - History

    func testLoadHistory() async {
        let world = TestWorld()
        let old = (0..<3).map { Fixture.entry($0, "old \($0)") }
        world.newest = .success((Array(old.suffix(1)), false))
        world.all = .success((old, [.skippedLine(number: 2, .zeroBytes)]))
        let store = store(world)
        let effects = await store.send(.launched)
        XCTAssertEqual(effects, [.loadHistory(firstRows: 100)])
        XCTAssertEqual(effects.first?.schedule, .serial(.history))
        // The newest entries first, with no warnings (the full load reports them)...
        await store.receive(.historyLoaded(Array(old.suffix(1)), warnings: [])) {
            $0.history.load(Array(old.suffix(1)))
            $0.showSelectedHistoryEntry(evenOutsideTheHistory: true)
        }
        // ...then everything, and the skipped line, worded once.
        await store.receive(.historyLoaded(old, warnings: [.skippedLine(number: 2, .zeroBytes)])) {
            $0.history.load(old)
            $0.status = StatusMessage(
                "History: line 2 holds zero bytes (an interrupted write); skipped and kept in the file.", kind: .warning
            )
        }
        // Each load asked for its search index; the first one's, built for a load since
        // replaced, is dropped; the second is installed.
        await store.receive(where: { if case .searchIndexBuilt = $0 { true } else { false } })
        XCTAssertNil(store.state.history.searchIndex)
        await store.receive(where: { if case .searchIndexBuilt = $0 { true } else { false } })
        XCTAssertEqual(store.state.history.searchIndex?.count, 3)
        XCTAssertEqual(world.loads, 1)
        store.finish()
    }

    /// A small file is read whole once: one `historyLoaded`.
    func testLoadHistoryOfACompleteFileSendsOnce() async {
        let world = TestWorld()
        let entries = [Fixture.entry(1, "one")]
        world.newest = .success((entries, true))
        world.all = .success((entries, []))
        let store = store(world)
        await store.send(.launched)
        await store.receive(.historyLoaded(entries, warnings: [])) {
            $0.history.load(entries)
            $0.showSelectedHistoryEntry(evenOutsideTheHistory: true)  // a relaunch shows the newest
        }
        await store.receive(where: { if case .searchIndexBuilt = $0 { true } else { false } })
        store.finish()
    }

    /// The house review's bug 3.1: a history path under a regular file reads as one sentence,
    /// with one prefix, in English and in Chinese.
    func testHistoryUnderARegularFileIsOneSentence() async {
        let failure = HistoryFailure(path: "/tmp/x/blocker/h.jsonl", .notAFolder(blocker: "/tmp/x/blocker"))
        for (language, read, saved) in [
            (
                Language.english,
                "History not read: /tmp/x/blocker is a file, not a folder; move it or use --history FILE.",
                "History not saved: /tmp/x/blocker is a file, not a folder; move it or use --history FILE."
            ),
            (
                .traditionalChinese, "未能讀取歷史紀錄：/tmp/x/blocker 是檔案而不是資料夾；請移走它，或使用 --history FILE。",
                "未能儲存歷史紀錄：/tmp/x/blocker 是檔案而不是資料夾；請移走它，或使用 --history FILE。"
            ),
            (
                .simplifiedChinese, "未能读取历史记录：/tmp/x/blocker 是文件而不是文件夹；请移走它，或使用 --history FILE。",
                "未能保存历史记录：/tmp/x/blocker 是文件而不是文件夹；请移走它，或使用 --history FILE。"
            ),
        ] {
            let world = TestWorld()
            world.newest = .failure(failure)
            world.writeFailure = failure
            let store = TestStore(
                Fixture.state(language: language, clock: world.clock), dependencies: world.dependencies)
            await store.send(.launched)
            await store.receive(.historyLoadFailed(failure)) { $0.status = StatusMessage(read, kind: .warning) }
            await store.send(.keyPressed(.character("x"))) { $0.field.insert("x") }
            let effects = await store.send(.keyPressed(.enter)) { state in
                state.request = InFlightRequest(
                    id: 1, description: "x", variation: 0, started: .zero, elapsedMilliseconds: 0)
                state.nextRequestID = 2
                state.lastRequest = LastRequest(description: "x", variation: 0)
                state.status = StatusMessage(UIText.escCancels(language), kind: .info)
            }
            XCTAssertEqual(effects.count, 2)
            await store.skipReceived(where: { if case .paletteReceived = $0 { true } else { false } })
            await store.receive(.clockTicked(uptime: .zero))
            await store.receive(.historyWriteFailed(failure)) { $0.status = StatusMessage(saved, kind: .error) }
            store.finish()
            let status = store.state.status?.text ?? ""
            XCTAssertEqual(status.components(separatedBy: "History").count - 1, language == .english ? 1 : 0, status)
        }
    }

    func testNoLocationIsSaidOnceNotWithEveryPalette() async {
        let failure = HistoryFailure(path: nil, .noLocation)
        let world = TestWorld()
        world.newest = .failure(failure)
        world.writeFailure = failure
        let store = store(world)
        await store.send(.launched)
        await store.receive(.historyLoadFailed(failure)) {
            $0.status = StatusMessage(
                "History is off: neither XDG_STATE_HOME nor HOME is set; set one, or use --history FILE.",
                kind: .warning)
        }
        await store.send(.historyWriteFailed(failure))
        store.finish()
    }

    func testAppendHistory() async {
        let world = TestWorld()
        var state = Fixture.state(clock: world.clock)
        state.type("sea")
        _ = state.reduce(.keyPressed(.enter))
        let store = store(world, state)
        let entry = HistoryEntry(
            id: "id-1", created: Fixture.now, description: "sea", palette: Fixture.palette,
            provider: "gemini", model: "gemini-2.5-flash")
        let effects = await store.send(.paletteReceived(requestID: 1, .success(Fixture.generated()))) { state in
            state.request = nil
            let before = state.snapshot
            state.shown = ShownPalette(
                palette: Fixture.palette, description: "sea", provider: "gemini",
                model: "gemini-2.5-flash", isFallback: false, entryID: "id-1")
            state.workbench.record(.workbench(before: before, after: state.snapshot))
            state.history.append(entry)
            state.status = StatusMessage("New palette from gemini.", kind: .success)
            state.descriptionSelected = true
        }
        XCTAssertEqual(effects, [.appendHistory(entry)])
        XCTAssertEqual(world.changes, [.append(entry)])
        store.finish()

        // The same effect, failing: one typed action, worded once by the reducer.
        let path = "/home/u/h.jsonl"
        world.writeFailure = HistoryFailure(path: path, .system(.write, path: path, code: ENOSPC))
        let direct = TestStore(Fixture.state(clock: world.clock), dependencies: world.dependencies)
        await direct.send(.historyWriteFailed(world.writeFailure!)) {
            $0.status = StatusMessage("History not saved: \(path): No space left on device.", kind: .error)
        }
        let box = ActionBox()
        await Effect.appendHistory(entry).perform(with: world.dependencies) { box.append($0) }
        XCTAssertEqual(box.actions.map { "\($0)" }, ["\(Action.historyWriteFailed(world.writeFailure!))"])
    }

    /// The history's file work (flock, fsync) and file writes run on `BlockingIO`'s threads,
    /// never on the cooperative pool's.
    func testBlockingFileWorkLeavesTheCooperativePool() async {
        let seen = ActionBox()
        let history = HistoryClient(
            loadNewest: { _ in
                seen.append(.historyLoaded([], warnings: []))
                XCTAssertTrue(BlockingIO.isCurrent, "loadNewest")
                return ([], false)
            },
            load: {
                XCTAssertTrue(BlockingIO.isCurrent, "load")
                return ([], [])
            },
            write: { _ in XCTAssertTrue(BlockingIO.isCurrent, "write") })
        XCTAssertFalse(BlockingIO.isCurrent)
        var dependencies = TestWorld().dependencies
        dependencies.history = history
        dependencies.files.write = { _, _ in XCTAssertTrue(BlockingIO.isCurrent, "files.write") }
        let box = ActionBox()
        for effect in [
            Effect.loadHistory(firstRows: 5), .appendHistory(Fixture.entry(1, "a calm sea")),
            .setFavorite(id: "h1", true),
            .deleteHistory(id: "h1"), .restoreHistory(id: "h1"), .writeFile(path: "/t/x", contents: [1]),
        ] {
            await effect.perform(with: dependencies) { box.append($0) }
        }
        XCTAssertEqual(seen.actions.count, 1, "loadNewest ran")
        XCTAssertEqual(box.actions.count, 3, "two history loads and one file written: \(box.actions)")
    }

    func testSetFavorite() async {
        let world = TestWorld()
        var state = Fixture.state(clock: world.clock)
        state.send(.historyLoaded([Fixture.entry(1, "harbour")], warnings: []))
        state.press(.backTab)
        let store = store(world, state)
        let effects = await store.sendWithoutStateCheck(.keyPressed(.character("f")))
        XCTAssertEqual(store.state.status?.text, "Marked “harbour” as a favourite.")
        XCTAssertEqual(store.state.history.entries.map(\.favorite), [true])
        XCTAssertEqual(effects, [.setFavorite(id: "h1", true)])
        XCTAssertEqual(world.changes, [.setFavorite(id: "h1", true)])
        store.finish()
    }

    func testDeleteAndRestoreHistory() async {
        let world = TestWorld()
        var state = Fixture.state(clock: world.clock)
        state.send(.historyLoaded([Fixture.entry(1, "harbour"), Fixture.entry(2, "dune")], warnings: []))
        state.press(.backTab)
        let store = store(world, state)
        // Delete acts at once (d asks first, see ReducerTests).
        let deleted = await store.sendWithoutStateCheck(.keyPressed(.delete))
        XCTAssertEqual(deleted, [.deleteHistory(id: "h2")])
        XCTAssertEqual(store.state.history.deleted, [1], "the newest row, dune, is deleted")
        let restored = await store.sendWithoutStateCheck(.keyPressed(.character("u")))
        XCTAssertEqual(store.state.history.deleted, [], "and restored")
        XCTAssertEqual(restored, [.restoreHistory(id: "h2")])
        XCTAssertEqual(world.changes, [.delete(id: "h2"), .restore(id: "h2")])
        XCTAssertEqual(store.state.status?.text, "Restored “dune”.")
        store.finish()

        world.writeFailure = HistoryFailure(path: "/h.jsonl", .foreign(.notJSONObject))
        let box = ActionBox()
        await Effect.deleteHistory(id: "h1").perform(with: world.dependencies) { box.append($0) }
        await Effect.restoreHistory(id: "h1").perform(with: world.dependencies) { box.append($0) }
        XCTAssertEqual(box.actions.count, 2)
        for action in box.actions {
            guard case .historyWriteFailed(let failure) = action else { return XCTFail("\(action)") }
            XCTAssertEqual(failure.kind, .foreign)
        }
    }

    // MARK: - Generating

    func testGeneratePalette() async {
        let world = TestWorld()
        world.generation = .success(Fixture.generated(notes: [.noColourWords]))
        let store = store(world)
        await store.send(.keyPressed(.character("a"))) { $0.field.insert("a") }
        let effects = await store.send(.keyPressed(.enter)) { state in
            state.request = InFlightRequest(
                id: 1, description: "a", variation: 0, started: .zero, elapsedMilliseconds: 0)
            state.nextRequestID = 2
            state.lastRequest = LastRequest(description: "a", variation: 0)
            state.status = StatusMessage("Generating; Esc cancels.", kind: .info)
        }
        XCTAssertEqual(
            effects,
            [
                .generatePalette(requestID: 1, GenerationRequest(description: "a", variation: 0)),
                .tick(after: .milliseconds(100)),
            ])
        XCTAssertEqual(effects.first?.schedule, .concurrent(cancellationID: 1))
        XCTAssertEqual(world.requests, [GenerationRequest(description: "a", variation: 0)])
        await store.receive(.paletteReceived(requestID: 1, world.generation)) { state in
            state.request = nil
            let before = state.snapshot
            state.shown = ShownPalette(
                palette: Fixture.palette, description: "a", provider: "gemini",
                model: "gemini-2.5-flash", isFallback: false, entryID: "id-1")
            state.workbench.record(.workbench(before: before, after: state.snapshot))
            state.history.append(
                HistoryEntry(
                    id: "id-1", created: Fixture.now, description: "a", palette: Fixture.palette,
                    provider: "gemini", model: "gemini-2.5-flash"))
            state.status = StatusMessage(
                "New palette from gemini. No word of the description was recognised: this is a general palette; "
                    + "name a colour, a scene or a mood (the offline engine reads 14 languages).",
                kind: .success)
            state.descriptionSelected = true
        }
        // The spinner's tick, sent after the palette came: nothing is in flight, so no next tick.
        let next = await store.receive(.clockTicked(uptime: .zero))
        XCTAssertEqual(next, [])
        XCTAssertEqual(world.changes.count, 1, "the new palette went to the history")
        store.finish()
    }

    func testGeneratePaletteFailureIsWordedByTheReducer() async {
        let world = TestWorld()
        world.generation = .failure(ProviderFailure(provider: "gemini", .rateLimited(retryAfter: 7)))
        let store = store(world)
        await store.send(.keyPressed(.character("a"))) { $0.field.insert("a") }
        await store.send(.keyPressed(.enter)) { state in
            state.request = InFlightRequest(
                id: 1, description: "a", variation: 0, started: .zero, elapsedMilliseconds: 0)
            state.nextRequestID = 2
            state.lastRequest = LastRequest(description: "a", variation: 0)
            state.status = StatusMessage("Generating; Esc cancels.", kind: .info)
        }
        await store.receive(.paletteReceived(requestID: 1, world.generation)) { state in
            state.request = nil
            state.status = StatusMessage("Gemini's rate limit was reached: wait 7 s and try again.", kind: .error)
        }
        await store.receive(.clockTicked(uptime: .zero))
        store.finish()
    }

    /// The live provider client turns a cancelled task into a typed `.cancelled`, whatever the
    /// provider threw.
    func testGeneratePaletteHonoursCancellation() async {
        struct Slow: PaletteProvider {
            let started: AsyncStream<Void>.Continuation
            var name: String { "slow" }
            var model: String? { nil }
            var supportedFields: Set<GenerationRequest.Field> { [] }
            func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
                started.yield()
                try await Task.sleep(for: .seconds(600))
                return GeneratedPalette(palette: Fixture.palette, provider: name)
            }
        }
        let (started, signal) = AsyncStream<Void>.makeStream()
        var world = TestWorld().dependencies
        world.provider = ProviderClient(Slow(started: signal))
        let dependencies = world
        let box = ActionBox()
        let task = Task {
            await Effect.generatePalette(requestID: 4, GenerationRequest(description: "x"))
                .perform(with: dependencies) { box.append($0) }
        }
        // Cancelled while the provider is working: it has started.
        for await _ in started { break }
        task.cancel()
        await task.value
        XCTAssertEqual(
            box.actions.map { "\($0)" },
            ["\(Action.paletteReceived(requestID: 4, .failure(.cancelled(provider: "slow"))))"])
    }

    /// The spinner's clock is the reducer's: a request that starts asks for a tick, a tick that
    /// finds it in flight moves the elapsed time and asks for the next, and once the answer has
    /// come a tick asks for nothing. Performed, a tick waits on the clock and sends its uptime.
    func testTick() async {
        let uptime = ManualUptime()
        let world = TestWorld(clock: Fixture.clock(uptime: uptime.read))
        var state = Fixture.state(clock: world.clock)
        state.type("sea")
        XCTAssertEqual(
            state.reduce(.keyPressed(.enter)),
            [
                .generatePalette(requestID: 1, GenerationRequest(description: "sea", variation: 0)),
                .tick(after: .milliseconds(100)),
            ])
        XCTAssertEqual(Effect.tick(after: .milliseconds(100)).schedule, .concurrent(cancellationID: -1))
        let store = store(world, state)
        uptime.advance(by: .milliseconds(250))
        let effects = await store.send(.clockTicked(uptime: .milliseconds(250))) {
            $0.request?.elapsedMilliseconds = 250
        }
        XCTAssertEqual(effects, [.tick(after: .milliseconds(100))])
        // That tick, performed, sent the clock's uptime; still in flight, so another is asked for.
        let again = await store.receive(.clockTicked(uptime: .milliseconds(250)))
        XCTAssertEqual(again, [.tick(after: .milliseconds(100))])
        // The answer comes; the tick still waiting finds nothing in flight and asks for nothing.
        let failure = ProviderFailure(provider: "gemini", .rateLimited(retryAfter: 7))
        await store.send(.paletteReceived(requestID: 1, .failure(failure))) { state in
            state.request = nil
            state.status = StatusMessage("Gemini's rate limit was reached: wait 7 s and try again.", kind: .error)
        }
        let last = await store.receive(.clockTicked(uptime: .milliseconds(250)))
        XCTAssertEqual(last, [])
        store.finish()
        // A tick cancelled while it waits (replaced by a newer one) sends nothing.
        let box = ActionBox()
        let live = TestWorld(clock: AppClock(now: { Fixture.now }, uptime: { .zero }, makeID: { "x" }))
        let task = Task { await Effect.tick(after: .seconds(30)).perform(with: live.dependencies) { box.append($0) } }
        task.cancel()
        await task.value
        XCTAssertTrue(box.actions.isEmpty, "\(box.actions)")
    }

    func testCancelRequest() async {
        let world = TestWorld()
        var state = Fixture.state(clock: world.clock)
        state.type("sea")
        _ = state.reduce(.keyPressed(.enter))
        let store = store(world, state)
        let effects = await store.send(.keyPressed(.escape)) { state in
            state.request = nil
            state.status = StatusMessage("Generation cancelled.", kind: .info)
        }
        XCTAssertEqual(effects, [.cancelRequest(requestID: 1)])
        XCTAssertEqual(effects.first?.schedule, .cancel(id: 1), "cancelled by the id the generation was started with")
        XCTAssertEqual(store.controlEffects, [.cancelRequest(requestID: 1)])
        // The runtime's part: it sends nothing of its own.
        let box = ActionBox()
        await Effect.cancelRequest(requestID: 1).perform(with: world.dependencies) { box.append($0) }
        XCTAssertTrue(box.actions.isEmpty)
        store.finish()
    }

    // MARK: - Clipboard, files, index, quit

    func testCopyToClipboard() async {
        let world = TestWorld()
        world.clipboard = .success([.terminal, .program("wl-copy")])
        var state = Fixture.state(clock: world.clock)
        state.type("sea")
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        let store = store(world, state)
        let effects = await store.send(.keyPressed(.tab)) { $0.focus = .button }
        XCTAssertEqual(effects, [])
        await store.send(.keyPressed(.character("2"))) { $0.selectedRole = .secondary }
        XCTAssertEqual(world.copies, ["#A23B72"])
        await store.receive(.clipboardCopied("#A23B72", via: [.terminal, .program("wl-copy")])) {
            $0.status = StatusMessage("Copied #A23B72 (OSC 52 + wl-copy).", kind: .success)
        }
        world.clipboard = .failure(.tooLongForTerminal(bytes: 80_000))
        await store.send(.keyPressed(.character("1"))) { $0.selectedRole = .primary }
        await store.receive(.clipboardFailed("#2E86AB", .tooLongForTerminal(bytes: 80_000))) {
            $0.status = StatusMessage(
                "Could not copy #2E86AB: 80,000 bytes is too long for the terminal's clipboard.", kind: .error)
        }
        store.finish()
    }

    func testWriteFile() async {
        let world = TestWorld()
        let store = store(world)
        let effect = Effect.writeFile(path: "/tmp/theme.conf", contents: Array("x".utf8))
        XCTAssertEqual(effect.schedule, .serial(.files))
        let box = ActionBox()
        await effect.perform(with: world.dependencies) { box.append($0) }
        XCTAssertEqual(world.files.map(\.path), ["/tmp/theme.conf"])
        XCTAssertEqual(world.files.first?.contents, Array("x".utf8))
        XCTAssertEqual(box.actions.map { "\($0)" }, ["\(Action.fileWritten(path: "/tmp/theme.conf"))"])
        await store.send(box.actions[0]) {
            $0.status = StatusMessage("Saved /tmp/theme.conf.", kind: .success, readWhole: true)
        }

        world.fileFailure = FileWriteFailure(path: "/ro/theme.conf", code: EROFS)
        let failed = ActionBox()
        await Effect.writeFile(path: "/ro/theme.conf", contents: []).perform(with: world.dependencies) {
            failed.append($0)
        }
        XCTAssertEqual(failed.actions.map { "\($0)" }, ["\(Action.fileWriteFailed(world.fileFailure!))"])
        await store.send(failed.actions[0]) {
            $0.status = StatusMessage("Could not save /ro/theme.conf: Read-only file system.", kind: .error)
        }
        store.finish()
    }

    /// A picture is read off the UI thread with the live client: `~` is the environment's HOME,
    /// a missing path is passed over, the first picture found is decoded with its checksum.
    func testLoadImage() async throws {
        let folder = try TinyPNG.folder()
        try TinyPNG.write(TinyPNG.quadrants, to: folder + "/pic.png")
        var dependencies = TestWorld().dependencies
        dependencies.processEnvironment["HOME"] = folder
        let effect = Effect.loadImage(
            ImageLoadJob(id: 7, paths: ["~/missing.png", "~/pic.png"], directory: "/", named: false))
        XCTAssertEqual(effect.schedule, .concurrent(cancellationID: nil))
        let box = ActionBox()
        await effect.perform(with: dependencies) { box.append($0) }
        guard case .imageLoaded(7, .loaded(let attached, index: 1))? = box.actions.first, box.actions.count == 1 else {
            return XCTFail("\(box.actions)")
        }
        XCTAssertEqual(attached.input.source, folder + "/pic.png")
        XCTAssertEqual(attached.name, "pic.png")
        XCTAssertEqual(attached.input.picture.width, 4)
        XCTAssertEqual(attached.input.picture.color(x: 3, y: 3), RGB(r: 0xFF, g: 0xFF, b: 0xFF))
        XCTAssertTrue(attached.input.checksum.hasPrefix("sha256:"))
        XCTAssertEqual(attached.input.checksum.count, 7 + 64)
    }

    /// "Apply to this terminal": the applier gets the previewed palette and variant, in the files
    /// lane; its answer closes the preview and shows on the status line, in the user's language.
    func testApplyTheme() async {
        final class Calls: @unchecked Sendable {
            let lock = NSLock()
            var items: [String] = []
            func add(_ s: String) { lock.withLock { items.append(s) } }
        }
        let calls = Calls()
        var dependencies = TestWorld().dependencies
        dependencies.themes = ThemeApplier { palette, variant in
            calls.add(palette.colors.map(\.hex).joined(separator: " ") + " " + variant.rawValue)
            return AppliedTheme(succeeded: true, message: Localized("done", "完成", "完成"))
        }
        let effect = Effect.applyTheme(Fixture.palette, .light)
        XCTAssertEqual(effect.schedule, .serial(.files))
        let box = ActionBox()
        await effect.perform(with: dependencies) { box.append($0) }
        XCTAssertEqual(calls.items, ["#2E86AB #A23B72 #F18F01 light"])
        guard case .themeApplied(let applied)? = box.actions.first, box.actions.count == 1 else {
            return XCTFail("\(box.actions)")
        }
        XCTAssertTrue(applied.succeeded)
        XCTAssertEqual(applied.message.traditional, "完成")
        // With nothing to apply to: a failure that says so.
        let none = ThemeApplier.unavailable.apply(Fixture.palette, .dark)
        XCTAssertFalse(none.succeeded)
        XCTAssertTrue(none.message.english.hasPrefix("No terminal palette-tui apply knows was detected"))
    }

    /// The export menu's write: rendered off the UI thread, a taken default name numbered, a
    /// taken chosen name refused (a question for the reducer), replaced only when told.
    func testExportPalette() async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pt-export-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let dir = directory.path
        try? Data("old\n".utf8).write(to: directory.appendingPathComponent("calm.css"))
        var dependencies = TestWorld().dependencies
        dependencies.files = FileClient(
            write: { path, bytes throws(FileWriteFailure) in
                guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                    throw FileWriteFailure(path: path, code: EIO)
                }
            },
            create: { path, bytes throws(FileWriteFailure) in
                guard !FileManager.default.fileExists(atPath: path) else {
                    throw FileWriteFailure(path: path, code: EEXIST)
                }
                guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                    throw FileWriteFailure(path: path, code: EIO)
                }
            },
            exists: { FileManager.default.fileExists(atPath: $0) })
        let request = ExportRequest(palette: Fixture.palette, format: .css, name: "calm", language: .english)
        func run(_ job: ExportJob) async -> [Action] {
            let effect = Effect.exportPalette(job)
            XCTAssertEqual(effect.schedule, .serial(.files))
            let box = ActionBox()
            await effect.perform(with: dependencies) { box.append($0) }
            return box.actions
        }
        let old = try? String(contentsOfFile: dir + "/calm.css", encoding: .utf8)
        // The default name is taken: the next free one is written, the old file untouched.
        let numbered = await run(
            ExportJob(request: request, path: "calm.css", directory: dir, numberIfTaken: true, replace: false))
        let written = ExportWritten(
            path: dir + "/calm-2.css", choice: ExportChoice(format: .css, tailwindV3: false), variant: .dark)
        XCTAssertEqual("\(numbered)", "\([Action.exportWritten(written)])")
        XCTAssertEqual(try? String(contentsOfFile: dir + "/calm.css", encoding: .utf8), old)
        XCTAssertEqual(
            try? Data(contentsOf: URL(fileURLWithPath: dir + "/calm-2.css")), Data(Exporter.render(request)))
        // A chosen name that exists: nothing written, the reducer asks.
        let refused = await run(
            ExportJob(request: request, path: "calm.css", directory: dir, numberIfTaken: false, replace: false))
        XCTAssertEqual("\(refused)", "\([Action.exportFailed(.exists(path: dir + "/calm.css"))])")
        XCTAssertEqual(try? String(contentsOfFile: dir + "/calm.css", encoding: .utf8), old)
        // Confirmed: replaced.
        _ = await run(
            ExportJob(request: request, path: "calm.css", directory: dir, numberIfTaken: false, replace: true))
        XCTAssertEqual(try? Data(contentsOf: URL(fileURLWithPath: dir + "/calm.css")), Data(Exporter.render(request)))
        // A folder is not a file name.
        let folder = await run(
            ExportJob(request: request, path: "sub/", directory: dir, numberIfTaken: false, replace: false))
        XCTAssertEqual("\(folder)", "\([Action.exportFailed(.noFileName(path: dir + "/sub/"))])")
    }

    func testBuildSearchIndex() async {
        let world = TestWorld()
        let store = store(world)
        let entries = [Fixture.entry(1, "misty harbour"), Fixture.entry(2, "dune")]
        let effects = await store.send(.historyLoaded(entries, warnings: [])) {
            $0.history.load(entries)
            $0.showSelectedHistoryEntry(evenOutsideTheHistory: true)  // a relaunch shows the newest
        }
        guard case .buildSearchIndex(let source)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(effects.first?.schedule, .concurrent(cancellationID: nil))
        let isTheIndex: (Action) -> Bool = { action in
            guard case .searchIndexBuilt(let index) = action else { return false }
            return index.count == 2 && "\(index)" == "\(source.build())"
        }
        await store.receive(where: isTheIndex) { state in
            _ = state.history.install(source.build())
        }
        XCTAssertEqual(store.state.history.searchIndex?.count, 2, "installed")
        store.finish()
    }

    /// Ctrl-Z in the field and in help is the runtime's suspend; the state does not change.
    func testSuspend() async {
        let world = TestWorld()
        let store = store(world)
        await store.send(.keyPressed(.character("a"))) { $0.field.insert("a") }
        let effects = await store.send(.keyPressed(.control("z")))
        XCTAssertEqual(effects, [.suspend])
        XCTAssertEqual(effects.first?.schedule, .suspend)
        await store.send(.keyPressed(.function(1))) { $0.isShowingHelp = true }
        XCTAssertTrue(store.state.isShowingHelp)
        let inHelp = await store.send(.keyPressed(.control("z")))
        XCTAssertEqual(inHelp, [.suspend], "help stays open")
        XCTAssertEqual(store.controlEffects, [.suspend, .suspend])
        let box = ActionBox()
        await Effect.suspend.perform(with: world.dependencies) { box.append($0) }
        XCTAssertTrue(box.actions.isEmpty)
        store.finish()
    }

    func testQuit() async {
        let world = TestWorld()
        let store = store(world)
        await store.send(.keyPressed(.tab)) { $0.focus = .button }
        // q asks first; q again quits.
        let asked = await store.sendWithoutStateCheck(.keyPressed(.character("q")))
        XCTAssertEqual(asked, [])
        XCTAssertEqual(store.state.status?.text, "Press q again to quit; any other key goes on.")
        let effects = await store.sendWithoutStateCheck(.keyPressed(.character("q")))
        XCTAssertEqual(effects, [.quit])
        XCTAssertEqual(effects.first?.schedule, .stop)
        XCTAssertEqual(store.controlEffects, [.quit])
        let box = ActionBox()
        await Effect.quit.perform(with: world.dependencies) { box.append($0) }
        XCTAssertTrue(box.actions.isEmpty)
        store.finish()
    }

    /// Every effect case has an example here, and the test `test(for:)` names for it is a test
    /// method of this file. Both are read from this file's own text: the case labels of
    /// `test(for:)`'s switch and the `func test…()` declarations, so no hand list is compared
    /// with another.
    func testEveryEffectCaseHasATest() throws {
        let examples: [Effect] = [
            .loadHistory(firstRows: 1), .generatePalette(requestID: 1, GenerationRequest(description: "x")),
            .cancelRequest(requestID: 1), .copyToClipboard("x"), .appendHistory(Fixture.entry(1, "x")),
            .setFavorite(id: "x", true), .deleteHistory(id: "x"), .restoreHistory(id: "x"),
            .writeFile(path: "x", contents: []), .buildSearchIndex(HistoryList().searchIndexSource), .suspend, .quit,
            .tick(after: .milliseconds(100)), .applyTheme(Fixture.palette, .dark),
            .loadImage(ImageLoadJob(id: 1, paths: ["x.png"], directory: "/", named: false)),
            .exportPalette(
                ExportJob(
                    request: ExportRequest(palette: Fixture.palette, format: .css), path: "x", directory: "/",
                    numberIfTaken: true, replace: false)),
        ]
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let switchBody = try XCTUnwrap(
            source.components(separatedBy: "switch effect {").dropFirst().first?.components(separatedBy: "\n        }")
                .first)
        let caseLabels = Set(
            switchBody.split(separator: "\n").compactMap { line -> String? in
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("case .") else { return nil }
                return String(text.dropFirst("case .".count).prefix { $0.isLetter || $0.isNumber })
            })
        XCTAssertEqual(caseLabels.count, 16, "the switch's cases as read: \(caseLabels.sorted())")
        let exampleCases = Set(examples.map { "\($0)".prefix { $0.isLetter || $0.isNumber } }.map(String.init))
        XCTAssertEqual(exampleCases, caseLabels, "one example of every case of the switch")
        let methods = Set(
            source.split(separator: "\n").compactMap { line -> String? in
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("func test") else { return nil }
                return String(text.dropFirst("func ".count).prefix { $0.isLetter || $0.isNumber })
            })
        for example in examples {
            XCTAssertTrue(methods.contains(Self.test(for: example)), "\(Self.test(for: example)) is not a test here")
        }
    }
}
