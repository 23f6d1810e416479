import PaletteCore
import PaletteExport
import PaletteSystem
import PaletteText
import ScreenCore
import XCTest

@testable import PaletteApp

/// The system view (`S`), the export menu's system rows and the system's pairs, through the
/// reducer and the renderer. Expected values are `palette-tui system #2E86AB #A23B72 #F18F01`'s
/// output (Fixture.palette), and contrast ratios worked out apart from the app (WCAG 2 formula).
final class SystemViewTests: XCTestCase {
    private func lines(_ state: AppState) -> [String] { state.render().textLines }

    func testSOpensTheViewAndEscGivesBackTheAreaItCameFrom() {
        for (start, scope) in [(Focus.panes, KeyScope.panes), (.history, .history), (.button, .button)] {
            var state = Fixture.showingPalette()
            while state.focus != start { state.press(.tab) }
            state.press(.character("S"))
            XCTAssertEqual(state.keyScope, .system)
            XCTAssertEqual(state.systemView?.system.palette, Fixture.palette)
            // Keys the view does not bind do nothing: no typing, no quitting.
            state.press(.character("x"), .character("r"))
            XCTAssertEqual(state.keyScope, .system)
            XCTAssertEqual(state.field.text, "calm lake at dawn")
            state.press(.escape)
            XCTAssertNil(state.systemView)
            XCTAssertEqual(state.keyScope, scope)
        }
        var state = Fixture.showingPalette()
        state.press(.character("S"), .character("q"))
        XCTAssertNil(state.systemView)
        XCTAssertEqual(state.keyScope, .panes)
    }

    func testAPaletteThatArrivesWhileItShowsIsDrawn() {
        var state = Fixture.state()
        state.type("old harbour")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        state.press(.tab, .character("r"), .character("S"), .character("v"))
        XCTAssertNotNil(state.request)
        XCTAssertEqual(state.systemView?.system.palette, Fixture.palette)
        state.send(.paletteReceived(requestID: 2, .success(Fixture.generated(Fixture.forest))))
        XCTAssertEqual(state.systemView?.system.palette, Fixture.forest)
        XCTAssertEqual(state.systemView?.theme, .dark, "the theme chosen stays")
        XCTAssertTrue(lines(state)[6].contains("primary-800 #2F4F4F"), lines(state)[6])
    }

    func testAPasteWhileTheViewShowsTypesNothing() {
        var state = Fixture.showingPalette()
        state.press(.character("S"), .paste("neon city"))
        XCTAssertEqual(state.keyScope, .system)
        XCTAssertEqual(state.field.text, "calm lake at dawn")
        XCTAssertEqual(state.focus, .panes)
    }

    func testWithoutColourTheMockStillReads() {
        var state = AppState(
            width: 80, height: 24, colorMode: .none, language: .english, providerName: "gemini", modelName: nil,
            clock: Fixture.clock())
        state.type("calm lake at dawn")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        state.press(.tab, .character("S"))
        let canvas = state.render()
        let text = canvas.textLines
        XCTAssertTrue(text[12].contains("[primary] [secondary] [accent]"), text[12])
        XCTAssertTrue(text[6].contains("primary-600 #2E86AB"), text[6])
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                XCTAssertEqual(canvas[x, y].style.background, .terminalDefault, "(\(x), \(y))")
            }
        }
    }

    func testWithoutAPaletteItSaysSoInEachLanguage() {
        for (language, text) in [
            (Language.english, "No palette yet: generate one"), (.traditionalChinese, "還沒有配色：先生成"),
            (.simplifiedChinese, "还没有配色：先生成"),
        ] {
            var state = Fixture.state(language: language)
            state.press(.tab)
            state.press(.character("S"))
            XCTAssertNil(state.systemView)
            XCTAssertTrue(state.status?.text.hasPrefix(text) == true, state.status?.text ?? "")
        }
    }

    func testAt80x24BothThemesShowUnderTheScales() throws {
        var state = Fixture.showingPalette()
        state.press(.character("S"))
        let canvas = state.render()
        let text = canvas.textLines
        XCTAssertTrue(text[0].contains("Design system · calm lake at dawn"), text[0])
        XCTAssertEqual(
            text[1].trimmingCharacters(in: .whitespaces),
            "50    100   200   300   400   500   600   700   800   900   950")
        XCTAssertTrue(text[2].hasPrefix(" primary"))
        XCTAssertTrue(text[5].hasPrefix(" neutral"))
        XCTAssertTrue(text[6].contains("primary-600 #2E86AB  secondary-600 #A23B72  accent-400 #F18F01"), text[6])
        // Step 50 of primary is the first cell of its strip (column 11), 950 the last.
        XCTAssertEqual(canvas[11, 2].style.background, .rgb(RGB(packed: 0xEFF8FD)))
        XCTAssertEqual(canvas[11 + 60, 2].style.background, .rgb(RGB(packed: 0x002838)))
        XCTAssertEqual(canvas[11 + 6 * 3, 5].style.background, .rgb(RGB(packed: 0xB8BFC3)), "neutral-300")
        // The mock: both themes side by side.
        XCTAssertTrue(text[8].contains("Light theme") && text[8].contains("Dark theme"), text[8])
        XCTAssertTrue(text[12].contains(" primary   secondary   accent "), text[12])
        XCTAssertTrue(text[14].contains("✓ success  Saved."), text[14])
        XCTAssertTrue(text[16].contains("✗ error  Failed."), text[16])
        XCTAssertTrue(text[19].contains("Card"), text[19])
        // Each theme in its own roles: the light background, the dark one, the button's fill.
        XCTAssertEqual(canvas[2, 9].style.background, .rgb(RGB(packed: 0xF3F7FA)))
        XCTAssertEqual(canvas[41, 9].style.background, .rgb(RGB(packed: 0x202528)))
        XCTAssertEqual(canvas[41, 9].style.foreground, .rgb(RGB(packed: 0xE4E9EB)))
        XCTAssertEqual(canvas[3, 12].style.background, .rgb(RGB(packed: 0x2E86AB)))
        XCTAssertEqual(canvas[3, 12].style.foreground, .rgb(RGB(packed: 0x000000)), "on-primary")
        XCTAssertEqual(canvas[3, 14].style.background, .rgb(RGB(packed: 0x167117)), "light success")
        XCTAssertEqual(canvas[42, 14].style.background, .rgb(RGB(packed: 0xC5DDC3)), "dark success")
        XCTAssertEqual(canvas[2, 18].style.foreground, .rgb(RGB(packed: 0x6B7377)), "light border")
        // Both themes show, so `v` is not offered; the pairs do not fit, so `a` is.
        XCTAssertEqual(text[23].trimmingCharacters(in: .whitespaces), "Esc back · a audit pairs")
    }

    func testBelow80ColumnsOneThemeShowsAndVSwitches() {
        var state = Fixture.showingPalette(width: 60, height: 24)
        state.press(.character("S"))
        var text = lines(state)
        XCTAssertTrue(text[8].contains("Light theme"))
        XCTAssertFalse(text[8].contains("Dark theme"))
        XCTAssertEqual(text[23].trimmingCharacters(in: .whitespaces), "Esc back · v light/dark · a audit pairs")
        // The palette's own steps that do not fit on one line go on the next.
        XCTAssertEqual(text[6].trimmingCharacters(in: .whitespaces), "◆ primary-600 #2E86AB  secondary-600 #A23B72")
        XCTAssertEqual(text[7].trimmingCharacters(in: .whitespaces), "accent-400 #F18F01")
        state.press(.character("v"))
        text = lines(state)
        XCTAssertTrue(text[8].contains("Dark theme"), text[8])
        XCTAssertEqual(state.render()[2, 9].style.background, .rgb(RGB(packed: 0x202528)))
    }

    func testALargeScreenShowsEveryHexAndThePairsUnderTheMock() {
        var state = Fixture.showingPalette(width: 120, height: 40)
        state.press(.character("S"))
        let text = lines(state)
        XCTAssertTrue(text[2].contains("#EFF8FD"), text[2])
        XCTAssertTrue(text[2].contains("◆#2E86AB"), text[2])
        XCTAssertTrue(text[4].contains("#FFF5EC"), text[4])
        XCTAssertTrue(text[5].contains("#202528"), text[5])
        XCTAssertTrue(text[6].contains("◆ the palette's own colour:"), text[6])
        XCTAssertTrue(text[23].contains("Light: contrast") && text[23].contains("Dark: contrast"), text[23])
        XCTAssertTrue(text[24].contains("on-primary/primary      5.11 ≥4.5 ✓ pass"), text[24])
        XCTAssertTrue(text[36].contains("All 12 pairs meet their contrast."), text[36])
        XCTAssertEqual(text[39].trimmingCharacters(in: .whitespaces), "Esc back")
    }

    func testTheExtraRoomIsUsedFrom99ColumnsAnd38Rows() {
        for (width, height, hex, pairs) in [(98, 37, false, false), (99, 38, true, true)] {
            var state = Fixture.showingPalette(width: width, height: height)
            state.press(.character("S"))
            let text = lines(state)
            XCTAssertEqual(text[2].contains("#EFF8FD"), hex, "\(width)x\(height): \(text[2])")
            XCTAssertEqual(text.contains { $0.contains("on-primary/primary") }, pairs, "\(width)x\(height)")
        }
    }

    func testTheSystemPairsAreAuditedWithTheirRatiosInBothThemes() {
        let system = DesignSystem(palette: Fixture.palette)
        let light = SystemPair.all(system, .light)
        let dark = SystemPair.all(system, .dark)
        XCTAssertEqual(light.count, 12)
        func ratio(_ pairs: [SystemPair], _ fg: SemanticRole, _ bg: SemanticRole) -> String {
            pairs.first { $0.foreground == fg && $0.background == bg }.map { String(format: "%.2f", $0.ratio) } ?? "-"
        }
        XCTAssertEqual(ratio(light, .onPrimary, .primary), "5.11")
        XCTAssertEqual(ratio(light, .onSecondary, .secondary), "5.71")
        XCTAssertEqual(ratio(light, .text, .background), "11.35")
        XCTAssertEqual(ratio(light, .text, .surface), "9.99")
        XCTAssertEqual(ratio(light, .textMuted, .surface), "5.56")
        XCTAssertEqual(ratio(light, .border, .surface), "3.95")
        XCTAssertEqual(ratio(dark, .onInfo, .info), "6.43")
        XCTAssertEqual(ratio(dark, .textMuted, .surface), "4.77")
        XCTAssertEqual(light.first { $0.foreground == .border }?.required, 3)
        XCTAssertEqual(light.first { $0.foreground == .text }?.required, 7)

        // In the view, `a` lists them in place of the mock at 80x24, in the user's language.
        var state = Fixture.showingPalette(language: .traditionalChinese)
        state.press(.character("S"), .character("a"))
        var text = lines(state)
        XCTAssertTrue(text[8].contains("淺色：對比") && text[8].contains("深色：對比"), text[8])
        XCTAssertTrue(text[9].contains("on-primary/primary      5.11 ≥4.5 ✓"), text[9])
        XCTAssertTrue(text[17].contains("text/surface            9.99 ≥7   ✓"), text[18])
        XCTAssertTrue(text[20].contains("border/surface          3.95 ≥3   ✓"), text[20])
        XCTAssertTrue(text[21].contains("全部 12 組對比都達標。"), text[21])
        state.press(.character("a"))
        text = lines(state)
        XCTAssertTrue(text[8].contains("淺色主題"), text[8])
    }

    func testHelpListsTheKeyInEachLanguage() {
        for (language, words) in [
            (Language.english, "Open the design system"), (.traditionalChinese, "開啟設計系統"),
            (.simplifiedChinese, "打开设计系统"),
        ] {
            let rows = KeyMap.helpSections(language).flatMap(\.rows)
            XCTAssertTrue(rows.contains { $0.key == "S" && $0.text == words }, "\(language)")
            XCTAssertTrue(HelpScreen.lines(language).contains { $0.key == "S" && $0.text == words })
        }
        XCTAssertEqual(KeyMap.binding(for: .character("S"), in: KeyScope.panes.contexts)?.command, .openSystem)
    }

    // MARK: - Export menu

    func testTheExportMenuListsTheSystemFormatsAndWritesThem() throws {
        XCTAssertEqual(
            ExportChoice.all.filter { $0.system != nil }.map(\.label),
            ["system-json", "system-css", "system-scss", "system-tailwind", "system-tokens", "system-swatch"])
        var state = Fixture.showingPalette()
        state.exportDirectory = "/home/u/work"
        state.press(.character("E"))
        while state.exportMenu?.choice.system != .tailwind { state.press(.down) }
        XCTAssertEqual(state.exportMenu?.path.text, "calm-lake-at-dawn-system.tailwind.css")
        let text = lines(state).joined(separator: "\n")
        XCTAssertTrue(text.contains("Design system (as palette-tui system)"), text)
        XCTAssertTrue(text.contains("▸ system-tailwind"), text)
        state.press(.down)
        XCTAssertEqual(state.exportMenu?.path.text, "calm-lake-at-dawn-system.resolver.json")
        state.press(.up, .up, .up, .up)
        XCTAssertEqual(state.exportMenu?.path.text, "calm-lake-at-dawn.system.json")
        state.press(.down)
        let effects = state.press(.enter)
        guard case .exportPalette(let job)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(job.system, .css)
        XCTAssertEqual(job.path, "calm-lake-at-dawn-system.css")
        let css = String(decoding: job.render(), as: UTF8.self)
        XCTAssertTrue(css.contains("--color-primary-50: #EFF8FD"), css)
        XCTAssertTrue(css.contains("light-dark("), css)
        state.send(
            .exportWritten(
                ExportWritten(path: "/home/u/work/x.css", choice: ExportChoice(system: .css), variant: .dark)))
        XCTAssertEqual(state.status?.text, "Wrote system-css to /home/u/work/x.css.")

        var chinese = Fixture.showingPalette(language: .traditionalChinese)
        chinese.press(.character("E"))
        while chinese.exportMenu?.choice.system != .tokens { chinese.press(.down) }
        let menu = lines(chinese).joined(separator: "\n")
        XCTAssertTrue(menu.contains("設計系統（同 palette-tui system）"), menu)
        XCTAssertTrue(menu.contains("▸ system-tokens"), menu)
        XCTAssertTrue(menu.contains("DTCG 2025.10 設計權杖，淺色與深色"), menu)
    }
}
