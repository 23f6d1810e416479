import PaletteCore
import PaletteHistory
import XCTest

@testable import PaletteApp

/// Each test states the exact effects and the exact next state, TCA style.
final class ReducerTests: XCTestCase {
    // MARK: - Quitting

    func testCtrlCQuits() {
        var state = Fixture.state()
        let expected = state
        XCTAssertEqual(state.reduce(.keyPressed(.control("c"))), [.quit])
        XCTAssertEqual(state, expected)
    }

    func testQTypesInTheFieldButQuitsOutsideIt() {
        var state = Fixture.state()
        XCTAssertEqual(state.press(.character("q")), [])
        XCTAssertEqual(state.field.text, "q")
        state.press(.tab)
        XCTAssertEqual(state.focus, .button)
        XCTAssertEqual(state.press(.character("q")), [], "q outside the field asks first")
        XCTAssertEqual(state.status?.text, "Press q again to quit; any other key goes on.")
        XCTAssertEqual(state.press(.character("q")), [.quit])
    }

    // MARK: - Generating

    func testEnterGeneratesFromTheTrimmedDescription() {
        var state = Fixture.state()
        state.type("  寧靜的森林早晨 ")
        var expected = state
        let effects = state.press(.enter)
        XCTAssertEqual(
            effects,
            [
                .generatePalette(requestID: 1, GenerationRequest(description: "寧靜的森林早晨", variation: 0)),
                .tick(after: .milliseconds(100)),
            ])
        expected.request = InFlightRequest(
            id: 1, description: "寧靜的森林早晨", variation: 0, started: .zero,
            elapsedMilliseconds: 0)
        expected.nextRequestID = 2
        expected.lastRequest = LastRequest(description: "寧靜的森林早晨", variation: 0)
        expected.status = StatusMessage("Generating; Esc cancels.", kind: .info)
        XCTAssertEqual(state, expected)
        XCTAssertTrue(state.isGenerating)
    }

    func testEmptyDescriptionGetsAMessageAndNoRequest() {
        var state = Fixture.state()
        state.type("   ")
        var expected = state
        XCTAssertEqual(state.press(.enter), [])
        expected.status = StatusMessage("Type a description first.", kind: .error)
        XCTAssertEqual(state, expected)
        XCTAssertFalse(state.isGenerating)
    }

    func testNoSecondRequestWhileOneIsInFlight() {
        var state = Fixture.state()
        state.type("sea")
        state.press(.enter)
        var expected = state
        XCTAssertEqual(state.press(.enter), [])
        XCTAssertEqual(state.press(.tab, .enter), [])
        expected.focus = .button
        expected.status = StatusMessage("A palette is already being generated; Esc cancels it.", kind: .warning)
        XCTAssertEqual(state, expected)
    }

    func testTheButtonGeneratesToo() {
        var state = Fixture.state()
        state.type("dusk")
        state.press(.tab)
        XCTAssertEqual(
            state.press(.enter),
            [
                .generatePalette(requestID: 1, GenerationRequest(description: "dusk", variation: 0)),
                .tick(after: .milliseconds(100)),
            ])
    }

    func testSuccessShowsThePaletteAndAppendsHistory() {
        var state = Fixture.state()
        state.type("sea")
        state.press(.enter)
        var expected = state
        let effects = state.reduce(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        let entry = HistoryEntry(
            id: "id-1", created: Fixture.now, description: "sea", palette: Fixture.palette,
            provider: "gemini", model: "gemini-2.5-flash")
        XCTAssertEqual(effects, [.appendHistory(entry)])
        expected.request = nil
        let before = expected.snapshot
        expected.shown = ShownPalette(
            palette: Fixture.palette, description: "sea", provider: "gemini",
            model: "gemini-2.5-flash", isFallback: false, entryID: "id-1")
        expected.workbench.record(.workbench(before: before, after: expected.snapshot))
        expected.history.append(entry)
        expected.status = StatusMessage("New palette from gemini.", kind: .success)
        expected.descriptionSelected = true
        XCTAssertEqual(state, expected)
        XCTAssertEqual(state.history.count, 1)
        XCTAssertEqual(state.history.selectedEntry, entry)
    }

    func testEachNewPaletteGetsAFreshID() {
        var state = Fixture.state()
        var ids: [String] = []
        for n in 1...3 {
            state.type("x")
            state.press(.enter)
            for case .appendHistory(let e) in state.reduce(
                .paletteReceived(requestID: n, .success(Fixture.generated())))
            {
                ids.append(e.id)
            }
        }
        XCTAssertEqual(ids, ["id-1", "id-2", "id-3"])
    }

    func testErrorIsOneSentenceAndThePreviousPaletteStays() {
        var state = Fixture.state()
        state.type("sea")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        state.press(.enter)
        var expected = state
        let failure = ProviderFailure(
            provider: "gemini", .invalidAPIKey(serverMessage: "API key not valid.\nPlease\tpass a valid key."))
        XCTAssertEqual(state.reduce(.paletteReceived(requestID: 2, .failure(failure))), [])
        expected.request = nil
        expected.status = StatusMessage(
            "Gemini rejected the API key (API key not valid. Please pass a valid key): create a new key and set GEMINI_API_KEY.",
            kind: .error)
        XCTAssertEqual(state, expected)
        XCTAssertEqual(state.shown?.palette, Fixture.palette)
    }

    func testFallbackIsMarkedWithTheGeminiError() {
        var state = Fixture.state()
        state.type("sea")
        state.press(.enter)
        let generated = Fixture.generated(
            Fixture.forest, provider: "offline", model: "engine-1",
            fallback: ProviderFailure(provider: "gemini", .timedOut(seconds: 30)))
        let effects = state.reduce(.paletteReceived(requestID: 1, .success(generated)))
        XCTAssertEqual(effects.count, 1)
        XCTAssertEqual(
            state.status,
            StatusMessage(
                "Offline fallback: Gemini did not answer within 30 s: try again or raise --timeout.", kind: .warning))
        XCTAssertEqual(state.shown?.isFallback, true)
        XCTAssertEqual(state.shown?.palette, Fixture.forest)
    }

    func testEscCancelsAndTheLateAnswerIsDropped() {
        var state = Fixture.state()
        state.type("sea")
        state.press(.enter)
        var expected = state
        XCTAssertEqual(state.press(.escape), [.cancelRequest(requestID: 1)])
        expected.request = nil
        expected.status = StatusMessage("Generation cancelled.", kind: .info)
        XCTAssertEqual(state, expected)
        XCTAssertEqual(state.reduce(.paletteReceived(requestID: 1, .success(Fixture.generated()))), [])
        XCTAssertEqual(state, expected)
    }

    func testCtrlCCancelsFirstThenQuits() {
        var state = Fixture.state()
        state.type("sea")
        state.press(.enter)
        XCTAssertEqual(state.press(.control("c")), [.cancelRequest(requestID: 1)])
        XCTAssertEqual(state.press(.control("c")), [.quit])
    }

    func testStaleRequestIDsAreDropped() {
        var state = Fixture.state()
        state.type("sea")
        state.press(.enter)
        state.press(.escape)
        state.press(.enter)
        XCTAssertEqual(state.request?.id, 2)
        let before = state
        XCTAssertEqual(state.reduce(.paletteReceived(requestID: 1, .success(Fixture.generated()))), [])
        XCTAssertEqual(
            state.reduce(
                .paletteReceived(requestID: 7, .failure(ProviderFailure(provider: "gemini", .connectionLost)))), [])
        XCTAssertEqual(state, before)
        XCTAssertEqual(state.reduce(.paletteReceived(requestID: 2, .success(Fixture.generated()))).count, 1)
    }

    func testCancelledFailureSaysCancelled() {
        var state = Fixture.state()
        state.type("sea")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .failure(ProviderFailure.cancelled(provider: "gemini"))))
        XCTAssertEqual(state.status, StatusMessage("Generation cancelled.", kind: .info))
        XCTAssertNil(state.request)
    }

    func testClockTicksCountFromTheRequestsStart() {
        let uptime = ManualUptime(.seconds(40))
        var state = Fixture.state(clock: Fixture.clock(uptime: uptime.read))
        let idle = state
        XCTAssertEqual(state.reduce(.clockTicked(uptime: .seconds(41))), [])
        XCTAssertEqual(state, idle)
        state.type("sea")
        state.press(.enter)
        XCTAssertEqual(state.request?.started, .seconds(40), "the state keeps the start, from its clock")
        state.send(.clockTicked(uptime: .seconds(41) + .milliseconds(250)))
        XCTAssertEqual(state.request?.elapsedMilliseconds, 1_250)
        state.send(.clockTicked(uptime: .seconds(39)))
        XCTAssertEqual(state.request?.elapsedMilliseconds, 0, "never negative")
    }

    func testRegenerateCountsVariationsUp() {
        var state = Fixture.state()
        state.type("sea")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        state.press(.tab, .tab)
        XCTAssertEqual(
            state.press(.character("r")),
            [
                .generatePalette(requestID: 2, GenerationRequest(description: "sea", variation: 1)),
                .tick(after: .milliseconds(100)),
            ])
        XCTAssertEqual(state.status, StatusMessage("Generating variation 1; Esc cancels.", kind: .info))
        state.send(.paletteReceived(requestID: 2, .success(Fixture.generated(Fixture.forest))))
        XCTAssertEqual(
            state.press(.character("r")),
            [
                .generatePalette(requestID: 3, GenerationRequest(description: "sea", variation: 2)),
                .tick(after: .milliseconds(100)),
            ])
    }

    func testRegenerateUsesTheShownDescriptionWhenTheFieldIsEmpty() {
        var state = Fixture.state()
        state.send(.historyLoaded([Fixture.entry(1, "old harbour")], warnings: []))
        // The relaunch shows the newest palette, so r on the button varies it.
        state.press(.tab, .tab)
        XCTAssertEqual(
            state.press(.character("r")),
            [
                .generatePalette(requestID: 1, GenerationRequest(description: "old harbour", variation: 1)),
                .tick(after: .milliseconds(100)),
            ])
    }

    func testRegenerateInTheHistoryUsesTheSelectedEntry() {
        var state = Fixture.state()
        state.send(.historyLoaded([Fixture.entry(1, "old harbour"), Fixture.entry(2, "new moon")], warnings: []))
        state.type("typed text")
        state.press(.backTab, .down)
        XCTAssertEqual(
            state.press(.character("r")),
            [
                .generatePalette(requestID: 1, GenerationRequest(description: "old harbour", variation: 1)),
                .tick(after: .milliseconds(100)),
            ])
        state.press(.backTab)
        XCTAssertEqual(state.focus, .panes)
        state.send(.paletteReceived(requestID: 1, .failure(ProviderFailure(provider: "gemini", .connectionLost))))
        XCTAssertEqual(
            state.press(.character("r")),
            [
                .generatePalette(requestID: 2, GenerationRequest(description: "typed text", variation: 1)),
                .tick(after: .milliseconds(100)),
            ])
    }

    // MARK: - Focus and panes

    func testTabCyclesFocusBothWays() {
        var state = Fixture.state()
        var seen: [Focus] = []
        for _ in 0..<4 {
            state.press(.tab)
            seen.append(state.focus)
        }
        XCTAssertEqual(seen, [.button, .panes, .history, .description])
        state.press(.backTab)
        XCTAssertEqual(state.focus, .history)
    }

    func testPanesSelectAndCopy() {
        var state = Fixture.showingPalette("sea")
        XCTAssertEqual(state.press(.character("c")), [.copyToClipboard("#2E86AB")])
        state.press(.right)
        XCTAssertEqual(state.selectedRole, .secondary)
        XCTAssertEqual(state.press(.enter), [.copyToClipboard("#A23B72")])
        state.press(.left, .left)
        XCTAssertEqual(state.selectedRole, .accent)
        XCTAssertEqual(state.press(.character("3")), [.copyToClipboard("#F18F01")])
        XCTAssertEqual(state.press(.character("1")), [.copyToClipboard("#2E86AB")])
        XCTAssertEqual(state.selectedRole, .primary)
    }

    func testNumberKeysCopyOutsideTheFieldAndTypeInsideIt() {
        var state = Fixture.state()
        state.type("sea")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        XCTAssertEqual(state.press(.character("2")), [])
        // Typed over the description the palette was made from: a new one ("sea" set aside).
        XCTAssertEqual(state.field.text, "2")
        XCTAssertEqual(state.descriptionRecall.texts, ["sea"])
        state.press(.tab)
        XCTAssertEqual(state.press(.character("2")), [.copyToClipboard("#A23B72")])
        state.press(.tab, .tab)
        XCTAssertEqual(state.focus, .history)
        XCTAssertEqual(state.press(.character("2")), [.copyToClipboard("#A23B72")])
    }

    func testCopyWithoutAPaletteSaysSo() {
        var state = Fixture.state()
        state.press(.tab)
        XCTAssertEqual(state.press(.character("1")), [])
        XCTAssertEqual(state.status, StatusMessage("No palette to copy yet.", kind: .info))
    }

    func testClipboardConfirmation() {
        var state = Fixture.state()
        state.send(.clipboardCopied("#2E86AB", via: [.terminal, .program("tmux")]))
        XCTAssertEqual(state.status, StatusMessage("Copied #2E86AB (OSC 52 + tmux).", kind: .success))
        state.send(.clipboardFailed("#2E86AB", .noRoute))
        XCTAssertEqual(state.status, StatusMessage("Could not copy #2E86AB: no clipboard is available.", kind: .error))
        state.send(.clipboardFailed("#2E86AB", .programFailed("xclip")))
        XCTAssertEqual(state.status, StatusMessage("Could not copy #2E86AB: xclip failed.", kind: .error))
    }

    // MARK: - Text field through keys

    func testEditingKeys() {
        var state = Fixture.state()
        state.type("寧靜的 forest")
        state.press(.home, .right, .delete)
        XCTAssertEqual(state.field.text, "寧的 forest")
        state.press(.control("e"), .control("w"))
        XCTAssertEqual(state.field.text, "寧的 ")
        state.press(.control("a"), .control("k"))
        XCTAssertEqual(state.field.text, "")
        state.type("abc")
        state.press(.left, .control("u"))
        XCTAssertEqual(state.field.text, "c")
        XCTAssertEqual(state.field.cursor, 0)
        state.press(.end, .backspace)
        XCTAssertEqual(state.field.text, "")
    }

    func testPasteIsCleanedAndCapped() {
        var state = Fixture.state()
        state.press(.paste("sea\u{1B}[31m\nfoam\u{202E}!"))
        XCTAssertEqual(state.field.text, "sea[31m foam!")
        XCTAssertNil(state.status)
        state.press(.paste(String(repeating: "長", count: 3_000)))
        XCTAssertEqual(state.field.characters.count, 2_000)
        XCTAssertEqual(state.status, StatusMessage("Pasted text was cut to 2,000 characters.", kind: .warning))
        state.type("x")
        XCTAssertEqual(state.status, StatusMessage("The description is limited to 2,000 characters.", kind: .warning))
    }

    func testPasteOutsideTheFieldGoesToTheField() {
        var state = Fixture.state()
        state.press(.tab, .tab)
        state.press(.paste("harbour"))
        XCTAssertEqual(state.focus, .description)
        XCTAssertEqual(state.field.text, "harbour")
    }

    func testControlCharactersAreNotTyped() {
        var state = Fixture.state()
        state.press(.character("\u{7}"), .character("a"), .character("\u{200B}"))
        XCTAssertEqual(state.field.text, "a")
    }

    // MARK: - Help

    func testHelpOpensAndAnyKeyClosesIt() {
        var state = Fixture.state()
        state.press(.function(1))
        XCTAssertTrue(state.isShowingHelp)
        XCTAssertEqual(state.press(.character("x")), [])
        XCTAssertFalse(state.isShowingHelp)
        XCTAssertEqual(state.field.text, "", "the key that closes help does nothing else")
        state.press(.tab, .character("?"))
        XCTAssertTrue(state.isShowingHelp)
        XCTAssertEqual(state.press(.control("c")), [.quit])
    }

    func testHelpScrollsWhenItDoesNotFit() {
        var state = Fixture.state(width: 40, height: 12)
        state.press(.function(1))
        XCTAssertGreaterThan(state.maxHelpScroll, 0)
        state.press(.down, .down, .up)
        XCTAssertEqual(state.helpScroll, 1)
        for _ in 0..<(state.maxHelpScroll / 11 + 2) { state.press(.pageDown) }
        XCTAssertEqual(state.helpScroll, state.maxHelpScroll)
        XCTAssertTrue(state.isShowingHelp)
    }

    // MARK: - Size and history messages

    func testResize() {
        var state = Fixture.state()
        XCTAssertEqual(state.reduce(.resized(width: 100, height: 30)), [])
        XCTAssertEqual(state.width, 100)
        XCTAssertEqual(state.height, 30)
    }

    func testHistoryWriteFailureAndWarnings() {
        var state = Fixture.state()
        let path = "/home/u/.local/state/palette-tui/history.jsonl"
        state.send(.historyWriteFailed(HistoryFailure(path: path, .system(.write, path: path, code: EACCES))))
        XCTAssertEqual(state.status, StatusMessage("History not saved: \(path): Permission denied.", kind: .error))
        state.send(
            .historyLoaded(
                [],
                warnings: [
                    .skippedLine(number: 3, .notARecord(.notJSON)),
                    .skippedLine(number: 9, .zeroBytes),
                ]))
        // The others are counted in words, with where each is listed ("(+1)" said neither).
        XCTAssertEqual(
            state.status,
            StatusMessage(
                "History: line 3 is not a record (not valid JSON); skipped and kept in the file."
                    + " 1 more line was skipped too; palette-tui history lists each.", kind: .warning))
        // A "more skipped" warning counts its lines; each language says it.
        let warnings: [HistoryWarning] = [
            .skippedLine(number: 3, .notARecord(.notJSON)), .skippedLine(number: 9, .zeroBytes),
            .moreSkipped(count: 1_200),
        ]
        let expected = [
            (Language.english, "1,201 more lines were skipped too; palette-tui history lists each."),
            (.traditionalChinese, "。另有 1,201 行也已略過；執行 palette-tui history 可逐一列出。"),
            (.simplifiedChinese, "。另有 1,201 行也已跳过；运行 palette-tui history 可逐一列出。"),
        ]
        for (language, tail) in expected {
            var s = Fixture.state(language: language)
            s.send(.historyLoaded([], warnings: warnings))
            XCTAssertTrue(s.status?.text.hasSuffix(tail) ?? false, "\(language): \(s.status?.text ?? "")")
            XCTAssertFalse(s.status?.text.contains("(+") ?? true)
        }
    }

    func testChineseMessages() {
        var state = Fixture.state(language: .traditionalChinese)
        state.press(.enter)
        XCTAssertEqual(state.status?.text, "請先輸入描述。")
        var hans = Fixture.state(language: .simplifiedChinese)
        hans.press(.tab, .tab, .tab, .character("u"))
        XCTAssertEqual(hans.status?.text, "没有可撤销的删除。")
    }
}
