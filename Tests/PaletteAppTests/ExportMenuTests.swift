import PaletteCore
import PaletteExport
import PaletteText
import XCTest

@testable import PaletteApp

/// The export menu and the theme preview, through the reducer and the renderer.
final class ExportMenuTests: XCTestCase {
    /// A state showing a palette, focus on the panes (outside the text field).
    private func showing(_ language: Language = .english, description: String = "calm lake at dawn") -> AppState {
        var state = Fixture.showingPalette(description, language: language)
        state.exportDirectory = "/home/u/work"
        return state
    }

    func testOpeningWithoutAPaletteSaysSoInEachLanguage() {
        for (language, text) in [
            (Language.english, "No palette to export yet"), (.traditionalChinese, "還沒有可匯出的配色"),
            (.simplifiedChinese, "还没有可导出的配色"),
        ] {
            var state = Fixture.state(language: language)
            state.press(.tab)
            XCTAssertTrue(state.press(.character("E")).isEmpty)
            XCTAssertNil(state.exportMenu)
            XCTAssertTrue(state.status?.text.hasPrefix(text) == true, state.status?.text ?? "")
            state.press(.character("t"))
            XCTAssertNil(state.themePreview)
        }
    }

    func testTheDefaultNameFollowsTheFormatAndVariantUntilEdited() {
        var state = showing()
        state.press(.character("E"))
        XCTAssertEqual(state.keyScope, .exportMenu)
        XCTAssertEqual(state.exportMenu?.path.text, "calm-lake-at-dawn.css")
        state.press(.down, .down, .down, .down)
        XCTAssertEqual(state.exportMenu?.choice.label, "tailwind-v3")
        XCTAssertEqual(state.exportMenu?.path.text, "calm-lake-at-dawn.tailwind.config.js")
        state.press(.end)
        XCTAssertEqual(state.exportMenu?.choice.format, .terminalJSON)
        state.press(.character("g"))
        while state.exportMenu?.choice.format != .kitty { state.press(.character("j")) }
        XCTAssertEqual(state.exportMenu?.path.text, "calm-lake-at-dawn-dark.conf")
        state.press(.character("v"))
        XCTAssertEqual(state.exportMenu?.path.text, "calm-lake-at-dawn-light.conf")
        // Typed: the keyboard is in the name; letters are text there, not commands.
        state.press(.tab)
        XCTAssertEqual(state.keyScope, .exportPath)
        state.press(.backspace, .backspace, .backspace, .backspace)
        state.type("kitty-v.conf")
        XCTAssertEqual(state.exportMenu?.path.text, "calm-lake-at-dawn-light.kitty-v.conf")
        state.press(.tab)
        state.press(.character("v"), .up)
        XCTAssertEqual(state.exportMenu?.path.text, "calm-lake-at-dawn-light.kitty-v.conf", "an edited name stays")
        state.press(.escape)
        XCTAssertNil(state.exportMenu)
    }

    func testEnterWritesTheChosenFormatAndTheStatusSaysWhere() throws {
        var state = showing()
        state.press(.character("E"))
        while state.exportMenu?.choice.format != .alacritty { state.press(.down) }
        state.press(.character("v"))
        let effects = state.press(.enter)
        guard case .exportPalette(let job)? = effects.first, effects.count == 1 else { return XCTFail("\(effects)") }
        XCTAssertEqual(job.request.format, .alacritty)
        XCTAssertEqual(job.request.variant, .light)
        XCTAssertEqual(job.request.palette, Fixture.palette)
        XCTAssertEqual(job.request.name, "calm lake at dawn")
        XCTAssertEqual(job.path, "calm-lake-at-dawn-light.toml")
        XCTAssertEqual(job.directory, "/home/u/work")
        XCTAssertTrue(job.numberIfTaken)
        XCTAssertFalse(job.replace)
        XCTAssertTrue(state.press(.enter).isEmpty, "a second Enter while writing starts nothing")
        let written = ExportWritten(
            path: "/home/u/work/calm-lake-at-dawn-light-2.toml",
            choice: ExportChoice(format: .alacritty, tailwindV3: false), variant: .light)
        state.send(.exportWritten(written))
        XCTAssertNil(state.exportMenu)
        XCTAssertEqual(
            state.status, StatusMessage("Wrote alacritty (light) to \(written.path).", kind: .success, readWhole: true))
    }

    func testAnExistingChosenFileIsReplacedOnlyAfterASecondEnter() {
        var state = showing(.traditionalChinese)
        state.press(.character("E"), .tab)
        state.press(.control("u"))
        state.type("mine.css")
        let first = state.press(.enter)
        guard case .exportPalette(let job)? = first.first else { return XCTFail("\(first)") }
        XCTAssertFalse(job.numberIfTaken, "a typed name is not numbered")
        XCTAssertFalse(job.replace)
        state.send(.exportFailed(.exists(path: "/home/u/work/mine.css")))
        XCTAssertEqual(state.status?.kind, .warning)
        XCTAssertEqual(state.status?.text, "/home/u/work/mine.css 已存在：按 Enter 取代它，Tab 修改名稱，Esc 保留原檔。")
        let second = state.press(.enter)
        guard case .exportPalette(let again)? = second.first else { return XCTFail("\(second)") }
        XCTAssertTrue(again.replace)
        // Editing the name again withdraws the confirmation.
        state.send(.exportFailed(.exists(path: "/home/u/work/mine.css")))
        state.press(.backspace)
        state.type("s")
        guard case .exportPalette(let third)? = state.press(.enter).first else { return XCTFail() }
        XCTAssertFalse(third.replace)
    }

    func testAnEmptyNameAndAWriteFailureAreSaidAndTheMenuStays() {
        var state = showing(.simplifiedChinese)
        state.press(.character("E"), .tab, .control("u"))
        XCTAssertTrue(state.press(.enter).isEmpty)
        XCTAssertEqual(state.status?.text, "请先输入文件名（文件名栏是空的）。")
        state.type("/ro/x.css")
        _ = state.press(.enter)
        state.send(.exportFailed(.writeFailed(FileWriteFailure(path: "/ro/x.css", code: EROFS))))
        XCTAssertNotNil(state.exportMenu)
        XCTAssertEqual(state.status?.kind, .error)
        XCTAssertTrue(state.status?.text.hasPrefix("无法写入 /ro/x.css：") == true, state.status?.text ?? "")
    }

    func testThePreviewShowsTheDerivedThemeAndAnyKeyLeavesIt() {
        var state = showing()
        state.press(.character("t"))
        XCTAssertEqual(state.keyScope, .preview)
        XCTAssertEqual(state.themePreview?.theme, ThemeDerivation.derive(Fixture.palette, variant: .dark))
        state.previewSupport = .known
        let frame = state.previewFrame
        XCTAssertEqual(
            frame?.colours, Array(ThemeSequences.apply(ThemeDerivation.derive(Fixture.palette, variant: .dark)).utf8))
        let screen = String(decoding: frame?.screen ?? [], as: UTF8.self)
        for k in 0..<8 {
            XCTAssertTrue(screen.contains("\u{1B}[3\(k)m"), "ANSI \(k) as text")
            XCTAssertTrue(screen.contains("\u{1B}[9\(k)m"), "ANSI \(k + 8) as text")
            XCTAssertTrue(screen.contains("\u{1B}[4\(k)m"), "ANSI \(k) as a swatch")
        }
        XCTAssertFalse(screen.contains("\u{1B}]"), "the screen carries no colour change of its own")
        state.press(.character("v"))
        XCTAssertEqual(state.themePreview?.variant, .light)
        XCTAssertTrue(state.press(.paste("rm -rf")).isEmpty, "a paste goes nowhere")
        XCTAssertNotNil(state.themePreview)
        XCTAssertTrue(state.press(.character("x")).isEmpty)
        XCTAssertNil(state.themePreview, "any other key leaves")
        XCTAssertNil(state.previewFrame)
        XCTAssertEqual(state.status?.text, "The terminal has its own colours back.")
        state.press(.character("t"))
        XCTAssertEqual(state.press(.character("q")), [.quit], "q quits from the preview")
    }

    func testAnUnsupportedTerminalIsSentNoColoursAndTold() {
        var state = showing()
        state.previewSupport = PreviewSupport.judge(["TERM": "linux"])
        state.press(.character("t"))
        XCTAssertEqual(state.previewFrame?.colours, [])
        let screen = String(decoding: state.previewFrame?.screen ?? [], as: UTF8.self)
        XCTAssertTrue(screen.contains("TERM=linux"), screen)
        XCTAssertEqual(PreviewSupport.judge(["TERM": "xterm-256color"]), .known)
        XCTAssertEqual(PreviewSupport.judge(["TERM": "screen", "TMUX": "/tmp/t,1,0"]), .known)
        XCTAssertEqual(PreviewSupport.judge(["TERM": "screen", "STY": "1.pts"]), .unsupported(term: "screen"))
        XCTAssertEqual(PreviewSupport.judge(["TERM": "weird"]), .unknown)
    }

    func testThePreviewScreenFitsAnyTerminalAndEveryWordIsTranslated() {
        for language in Language.allCases {
            for (w, h) in [(40, 12), (80, 24), (200, 60), (41, 13)] {
                var state = showing(language)
                state.send(.resized(width: w, height: h))
                state.press(.character("t"))
                let screen = String(decoding: state.previewFrame?.screen ?? [], as: UTF8.self)
                let rows = screen.components(separatedBy: "\u{1B}[").filter { $0.contains(";1H") }
                XCTAssertLessThanOrEqual(rows.count, h, "\(w)x\(h)")
                // Each row's text (SGR stripped) fits in width - 1 columns.
                for row in screen.components(separatedBy: ";1H").dropFirst() {
                    let text = row.replacingOccurrences(
                        of: "\u{1B}\\[[0-9;]*[mHJ]", with: "", options: .regularExpression
                    )
                    .replacingOccurrences(of: "\u{1B}\\[[0-9]*$", with: "", options: .regularExpression)
                    XCTAssertLessThan(DisplayWidth.of(text), w, "\(language) \(w)x\(h): \(text)")
                }
                for k in 0..<8 {
                    XCTAssertTrue(screen.contains("\u{1B}[10\(k)m   "), "\(language) \(w)x\(h): swatch \(k + 8) shows")
                    XCTAssertTrue(screen.contains("\u{1B}[9\(k)m\(k + 8)"), "\(language) \(w)x\(h): \(k + 8) as text")
                }
                if language != .english {
                    XCTAssertFalse(screen.contains("bright"), "\(language): \(screen)")
                    XCTAssertFalse(screen.contains("Theme preview"))
                }
            }
        }
    }

    /// A narrow terminal wraps the sentences rather than cutting them off: every word of the
    /// "may not show" note, of the default-text line and of each placement shows at 40 columns,
    /// in each language; a row that must be cut ends in "…".
    func testANarrowPreviewWrapsItsSentencesAndMarksWhatIsCut() {
        for language in Language.allCases {
            var state = showing(language, description: "a very long description of a calm lake at dawn")
            state.previewSupport = .unknown
            state.send(.resized(width: 40, height: 30))
            state.press(.character("t"))
            let screen = String(decoding: state.previewFrame?.screen ?? [], as: UTF8.self)
            let rows = screen.components(separatedBy: ";1H").dropFirst().map {
                $0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[mHJ]?", with: "", options: .regularExpression)
            }
            let shown = rows.joined().filter { !$0.isWhitespace }
            let placements = Role.allCases.map {
                ExportWords.placement(state.themePreview?.theme.placements[$0] ?? .neutrals)(language)
            }
            for sentence in [
                ExportWords.previewSupportNote(.unknown)(language), ExportWords.previewDefaultText(language),
            ] + placements {
                XCTAssertTrue(shown.contains(sentence.filter { !$0.isWhitespace }), "\(language): \(rows)")
            }
            XCTAssertTrue(rows[0].hasSuffix("…"), "the cut title says so: \(rows[0])")
            for row in rows { XCTAssertLessThan(DisplayWidth.of(row), 40, row) }
        }
    }

    func testTheMenuDrawsEveryFormatAndItsKeys() {
        var state = showing(.traditionalChinese)
        state.send(.resized(width: 100, height: 40))
        state.press(.character("E"))
        let text = state.render().textLines.joined(separator: "\n")
        XCTAssertTrue(text.contains("匯出 · calm lake at dawn"), text)
        XCTAssertTrue(text.contains("配色格式"))
        XCTAssertTrue(text.contains("▸ css"))
        XCTAssertTrue(text.contains("檔案：calm-lake-at-dawn.css"))
        XCTAssertTrue(text.contains("位於 /home/u/work"))
        XCTAssertTrue(text.contains("寫出"), "the keys")
        for choice in ExportChoice.all.prefix(30) { XCTAssertTrue(text.contains(choice.label), choice.label) }
        var cache = RenderCache()
        XCTAssertEqual(
            state.render(cache: &cache).textLines.joined(separator: "\n"), text, "the cached path draws the same")
        state.press(.tab)
        XCTAssertNotNil(state.render().cursor, "the cursor is in the file name")
    }

    func testTheKeysAreInTheOneTableSoHelpAndFooterShowThem() {
        let help = HelpScreen.lines(.english).map(\.text)
        for words in [
            "Export to a file", "Try the theme live", "Preview the theme on this terminal", "Write the file",
            "Dark / light theme",
        ] {
            XCTAssertTrue(help.contains(words), words)
        }
        let footer = KeyMap.footer(for: KeyScope.panes.contexts, language: .simplifiedChinese).map(\.text)
        XCTAssertTrue(footer.contains("导出"), "\(footer)")
        let menu = KeyMap.footer(for: KeyScope.exportMenu.contexts, language: .english).map(\.text)
        XCTAssertEqual(menu, ["choose", "write", "dark/light", "name", "preview", "close"])
    }
}
