import PaletteCore
import ScreenCore
import XCTest

@testable import PaletteApp

/// Golden snapshots of whole frames, plus targeted checks of colours, widths and the cursor.
final class RenderTests: XCTestCase {
    // MARK: - Scenes

    private static let descriptions = [
        "寧靜的森林早晨", "a neon-lit rainy street in Taipei at 2 a.m., reflections everywhere",
        "秋天的楓葉與溫暖的咖啡", "sea foam", "desert dusk 🌵", "宁静的湖面", "brutalist concrete with one red door",
        "霧", "old harbour", "candle light", "glacier", "梅雨季節的午後，窗外的綠意與濕潤的石板路",
    ]

    /// A state with `count` history entries (favourites every fifth) and a generated palette.
    private func scene(
        width: Int = 80, height: Int = 24, mode: ColorMode = .direct,
        language: Language = .english, history count: Int = 12
    ) -> AppState {
        var state = Fixture.state(width: width, height: height, mode: mode, language: language)
        let palettes = [
            Fixture.forest, Fixture.palette,
            Palette(
                primary: RGB(packed: 0x1B1B3A), secondary: RGB(packed: 0x693668),
                accent: RGB(packed: 0xF2F2F2)),
        ]
        let entries = (0..<count).map { i in
            Fixture.entry(
                i, Self.descriptions[i % Self.descriptions.count], palette: palettes[i % 3],
                favorite: i % 5 == 0)
        }
        state.send(.historyLoaded(entries, warnings: []))
        state.type("寧靜的森林早晨")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        return state
    }

    // MARK: - Goldens

    func testEmpty80x24() {
        assertGolden(Fixture.state().render(), "empty-80x24")
    }

    func testPalette80x24() {
        assertGolden(scene().render(), "palette-80x24")
    }

    func testWide120x40() {
        assertGolden(scene(width: 120, height: 40, history: 40).render(), "wide-120x40")
    }

    func testMinimum40x12() {
        assertGolden(scene(width: 40, height: 12).render(), "minimum-40x12")
    }

    func testNarrowStacked56x30() {
        var state = scene(width: 56, height: 30)
        state.press(.tab, .tab)
        assertGolden(state.render(), "narrow-stacked-56x30")
    }

    func testTraditionalChinese80x24() {
        var state = scene(language: .traditionalChinese)
        state.press(.tab, .tab, .right)
        assertGolden(state.render(), "zh-Hant-80x24")
    }

    func testSimplifiedChinese80x24() {
        var state = scene(language: .simplifiedChinese)
        state.press(.tab, .tab, .tab)
        assertGolden(state.render(), "zh-Hans-80x24")
    }

    func testGenerating80x24() {
        var state = scene()
        state.press(.character(" "), .character("2"), .enter)
        state.send(.clockTicked(uptime: .milliseconds(2_345)))
        assertGolden(state.render(), "generating-80x24")
    }

    func testGeneratingChinese40x12() {
        var state = scene(width: 40, height: 12, language: .traditionalChinese)
        state.press(.enter)
        state.send(.clockTicked(uptime: .milliseconds(12_050)))
        assertGolden(state.render(), "generating-zh-Hant-40x12")
    }

    func testError80x24() {
        var state = scene()
        state.press(.enter)
        state.send(
            .paletteReceived(
                requestID: 2,
                .failure(
                    ProviderFailure(
                        provider: "gemini", .rateLimited(retryAfter: nil)))))
        assertGolden(state.render(), "error-80x24")
    }

    func testOfflineFallback80x24() {
        var state = Fixture.state()
        state.type("sea foam")
        state.press(.enter)
        state.send(
            .paletteReceived(
                requestID: 1,
                .success(
                    Fixture.generated(
                        Fixture.forest, provider: "offline", model: "engine-1",
                        fallback: ProviderFailure(provider: "gemini", .timedOut(seconds: 30))))))
        assertGolden(state.render(), "fallback-80x24")
    }

    func testHelp80x24() {
        var state = scene()
        state.press(.function(1))
        assertGolden(state.render(), "help-80x24")
    }

    func testHelpScrolled40x12() {
        var state = scene(width: 40, height: 12, language: .simplifiedChinese)
        state.press(.function(1), .down)
        assertGolden(state.render(), "help-zh-Hans-40x12")
    }

    func testTooSmall() {
        assertGolden(scene(width: 39, height: 12).render(), "too-small-39x12")
        assertGolden(scene(width: 20, height: 5, language: .traditionalChinese).render(), "too-small-zh-Hant-20x5")
    }

    func testHistoryFocusedWithFilter80x24() {
        var state = scene(history: 30)
        state.press(.backTab, .down, .down)
        state.press(.character("/"))
        state.type("or")
        assertGolden(state.render(), "history-filter-80x24")
    }

    func testHistoryFocusedScrolled80x24() {
        var state = scene(history: 30)
        state.press(.backTab, .pageDown, .pageDown, .down)
        assertGolden(state.render(), "history-scrolled-80x24")
    }

    func testNoColor80x24() {
        var state = scene(mode: .none)
        state.press(.tab, .tab)
        assertGolden(state.render(), "no-color-80x24")
    }

    func testIndexed256_80x24() {
        assertGolden(scene(mode: .indexed256).render(), "indexed256-80x24")
    }

    func testLongDescriptionScrolls80x24() {
        var state = Fixture.state()
        state.type("a very long description of a misty mountain village at dawn, 山間小村的清晨薄霧與炊煙, with pines")
        for _ in 0..<20 { state.press(.left) }
        assertGolden(state.render(), "long-field-80x24")
    }

    // MARK: - Targeted checks

    func testPanesAreFilledWithThePaletteAndReadableInk() {
        let state = scene()
        let canvas = state.render()
        let layout = state.layout
        for (i, role) in Role.allCases.enumerated() {
            let rect = layout.panes[i]
            let color = Fixture.palette[role]
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) {
                    XCTAssertEqual(canvas[x, y].style.background, .rgb(color), "\(role) at \(x),\(y)")
                    XCTAssertEqual(canvas[x, y].style.foreground, .rgb(WCAG.readableInk(on: color)))
                }
            }
            let text = (rect.y..<(rect.y + rect.height)).map { canvas.textLines[$0] }.joined()
            XCTAssertTrue(text.contains(color.hex), "\(role) pane shows its hex")
            XCTAssertTrue(text.contains(role.label(.english)))
        }
        XCTAssertEqual(WCAG.readableInk(on: Fixture.palette.secondary), WCAG.white, "the fixture covers both inks")
    }

    func testNoColorModeHasNoFillsAnywhere() {
        let canvas = scene(mode: .none).render()
        for cell in canvas.cells {
            XCTAssertEqual(cell.style.background, .terminalDefault)
            XCTAssertEqual(cell.style.foreground, .terminalDefault)
        }
        let text = canvas.textLines.joined(separator: "\n")
        for hex in Fixture.palette.colors.map(\.hex) { XCTAssertTrue(text.contains(hex)) }
    }

    func testIndexedModeMarksEveryPaneApproximate() {
        let state = scene(mode: .indexed256)
        let canvas = state.render()
        for rect in state.layout.panes {
            let text = (rect.y..<(rect.y + rect.height)).map { y in
                (rect.x..<(rect.x + rect.width)).map { canvas[$0, y].text }.joined()
            }.joined()
            XCTAssertTrue(text.contains("≈"))
        }
        XCTAssertFalse(scene(mode: .direct).render().textLines.joined().contains("≈"))
    }

    func testHistoryRowsShowSwatchesOfEachEntry() {
        let state = scene()
        let canvas = state.render()
        let list = state.layout.historyList
        for r in 0..<list.height {
            guard let entry = state.history.entry(atRow: state.history.top + r) else { break }
            for (n, color) in entry.palette.colors.enumerated() {
                XCTAssertEqual(canvas[list.x + 3 + 2 * n, list.y + r].style.background, .rgb(color))
                XCTAssertEqual(canvas[list.x + 4 + 2 * n, list.y + r].style.background, .rgb(color))
            }
        }
    }

    func testCursorSitsAfterTheTypedText() {
        var state = Fixture.state()
        state.type("寧靜 sea")
        let canvas = state.render()
        let field = state.layout.field
        XCTAssertEqual(canvas.cursor?.x, field.x + 8)
        XCTAssertEqual(canvas.cursor?.y, field.y)
        state.press(.tab)
        XCTAssertNil(state.render().cursor, "no cursor outside the text field")
    }

    func testUntrustedTextIsCleanedBeforeDrawing() {
        // Wide enough for the whole error beside the key hints.
        var state = Fixture.state(width: 160)
        state.send(.historyLoaded([Fixture.entry(1, "evil\u{1B}]52;c;aGk=\u{7}\u{202E}name\r\nend")], warnings: []))
        state.type("x")
        state.press(.enter)
        state.send(
            .paletteReceived(
                requestID: 1,
                .failure(ProviderFailure(provider: "gemini", .badRequest(serverMessage: "bad\u{1B}[2J\u{9B}thing")))))
        let canvas = state.render()
        for cell in canvas.cells {
            for scalar in cell.text.unicodeScalars {
                XCTAssertFalse(
                    [.control, .format].contains(scalar.properties.generalCategory),
                    "U+\(String(scalar.value, radix: 16)) reached the canvas")
            }
        }
        let text = canvas.textLines.joined(separator: "\n")
        XCTAssertTrue(text.contains("evil]52;c;aGk=name  end"))
        XCTAssertTrue(text.contains("bad[2Jthing"))
    }

    func testAHundredThousandEntriesDrawOnlyTheVisibleRows() {
        var state = Fixture.state()
        state.send(.historyLoaded((0..<100_000).map { Fixture.entry($0, "palette number \($0)") }, warnings: []))
        state.press(.backTab, .end)
        let text = state.render().textLines.joined(separator: "\n")
        XCTAssertTrue(text.contains("History 100,000/100,000"))
        XCTAssertTrue(text.contains("palette number 0"))
        XCTAssertTrue(text.contains("palette number 9"))
        XCTAssertFalse(text.contains("palette number 10\n"))
    }

    /// Every golden scene keeps the canvas consistent: a continuation follows a wide character,
    /// and each row's display width is exactly the canvas width.
    func testWideCharactersAreNeverSplit() {
        let states = [
            scene(), scene(width: 40, height: 12, language: .traditionalChinese),
            scene(width: 57, height: 21, language: .simplifiedChinese), scene(width: 120, height: 40),
        ]
        for state in states {
            var withHelp = state
            withHelp.press(.function(1))
            for canvas in [state.render(), withHelp.render()] {
                for y in 0..<canvas.height {
                    var x = 0
                    while x < canvas.width {
                        let cell = canvas[x, y]
                        XCTAssertFalse(cell.isContinuation, "orphan continuation at \(x),\(y)")
                        let w = max(DisplayWidth.of(cell.text), 1)
                        XCTAssertLessThanOrEqual(w, 2)
                        for k in 1..<w {
                            XCTAssertTrue(
                                x + k < canvas.width && canvas[x + k, y].isContinuation,
                                "wide \(cell.text) at \(x),\(y) lacks its continuation")
                        }
                        x += w
                    }
                    XCTAssertEqual(DisplayWidth.of(canvas.textLines[y]), canvas.width, "row \(y)")
                }
            }
        }
    }

    func testEverySizeRendersWithoutTrapping() {
        var state = scene(history: 30)
        for width in [0, 1, 2, 10, 39, 40, 41, 59, 60, 61, 79, 80, 200] {
            for height in [0, 1, 2, 5, 11, 12, 13, 19, 20, 21, 24, 60] {
                state.send(.resized(width: width, height: height))
                let canvas = state.render()
                XCTAssertEqual(canvas.cells.count, width * height)
                state.press(.tab)
            }
        }
    }
}
