import PaletteCore
import PaletteText
import ScreenCore
import TestSupport
import XCTest

@testable import PaletteApp

/// Without colour (NO_COLOR): the panes keep the words a colour came from, and the theme
/// preview never rewrites the terminal's colours.
final class NoColorTests: XCTestCase {
    private func shown(
        mode: ColorMode, language: Language = .english, environment: [String: String] = ["TERM": "xterm-256color"]
    ) -> AppState {
        var state = AppState(
            width: 100, height: 30, colorMode: mode, language: language, providerName: "offline",
            modelName: "engine-1", clock: Fixture.clock(), previewSupport: PreviewSupport.judge(environment))
        state.type("calm lake at dawn")
        state.press(.enter)
        let generated = GeneratedPalette(
            palette: Fixture.palette, provider: "offline", model: "engine-1",
            rationale: [.primary: ["lake"], .secondary: ["dawn"], .accent: ["calm"]])
        state.send(.paletteReceived(requestID: 1, .success(generated)))
        return state
    }

    func testThePanesKeepTheirFromLineWithoutColour() {
        for mode in [ColorMode.direct, .none] {
            let text = shown(mode: mode).render().textLines.joined(separator: "\n")
            XCTAssertTrue(text.contains("from: lake"), "\(mode): \(text)")
            XCTAssertTrue(text.contains("from: dawn"), "\(mode): \(text)")
            XCTAssertTrue(text.contains("from: calm"), "\(mode): \(text)")
        }
        let hant = shown(mode: .none, language: .traditionalChinese).render().textLines.joined(separator: "\n")
        XCTAssertTrue(hant.contains("來自：lake"), hant)
    }

    func testThePreviewLeavesTheTerminalsColoursAloneWithoutColour() throws {
        let noColor = ["TERM": "xterm-256color", "NO_COLOR": "1"]
        XCTAssertEqual(PreviewSupport.judge(noColor), .noColor)
        var state = shown(mode: .none, environment: noColor)
        state.press(.tab, .tab, .character("t"))
        let frame = try XCTUnwrap(state.previewFrame)
        XCTAssertEqual(frame.colours, [], "no OSC 4/10/11 is sent")
        let screen = String(decoding: frame.screen, as: UTF8.self)
        XCTAssertFalse(screen.contains("\u{1B}]"), "no operating-system command at all")
        for code in ["31m", "91m", "41m", "101m", "37m"] {
            XCTAssertFalse(screen.contains("\u{1B}[" + code), "no colour SGR \(code)")
        }
        XCTAssertTrue(screen.contains("Colour is off (NO_COLOR): the terminal keeps its own colours"), screen)
        // Without NO_COLOR, a terminal of few colours (drawn without fills) still gets the theme,
        // and so does one where `--color` overrode NO_COLOR.
        var few = shown(mode: .none)
        few.press(.tab, .tab, .character("t"))
        XCTAssertFalse(try XCTUnwrap(few.previewFrame).colours.isEmpty)
        var asked = shown(mode: .direct, environment: noColor)
        asked.press(.tab, .tab, .character("t"))
        XCTAssertFalse(try XCTUnwrap(asked.previewFrame).colours.isEmpty)
        var hant = shown(mode: .none, language: .traditionalChinese, environment: noColor)
        hant.press(.tab, .tab, .character("t"))
        let hantScreen = String(decoding: try XCTUnwrap(hant.previewFrame).screen, as: UTF8.self)
        XCTAssertTrue(hantScreen.contains("色彩已關閉（NO_COLOR）"), hantScreen)
    }
}
