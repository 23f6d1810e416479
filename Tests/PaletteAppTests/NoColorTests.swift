import PaletteCore
import PaletteText
import ScreenCore
import TestSupport
import XCTest

@testable import PaletteApp

/// Without colour (NO_COLOR): the panes keep the words a colour came from, and the theme
/// preview never rewrites the terminal's colours.
final class NoColorTests: XCTestCase {
    private func shown(mode: ColorMode, language: Language = .english) -> AppState {
        var state = Fixture.state(width: 100, height: 30, mode: mode, language: language)
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
        var state = shown(mode: .none)
        state.press(.tab, .tab, .character("t"))
        let frame = try XCTUnwrap(state.previewFrame)
        XCTAssertEqual(frame.colours, [], "no OSC 4/10/11 is sent")
        let screen = String(decoding: frame.screen, as: UTF8.self)
        XCTAssertFalse(screen.contains("\u{1B}]"), "no operating-system command at all")
        for code in ["31m", "91m", "41m", "101m", "37m"] {
            XCTAssertFalse(screen.contains("\u{1B}[" + code), "no colour SGR \(code)")
        }
        XCTAssertTrue(screen.contains("Colour is off (NO_COLOR): the terminal keeps its own colours"), screen)
        // With colour, the theme is sent as before.
        var coloured = shown(mode: .direct)
        coloured.press(.tab, .tab, .character("t"))
        XCTAssertFalse(try XCTUnwrap(coloured.previewFrame).colours.isEmpty)
        var hant = shown(mode: .none, language: .traditionalChinese)
        hant.press(.tab, .tab, .character("t"))
        let hantScreen = String(decoding: try XCTUnwrap(hant.previewFrame).screen, as: UTF8.self)
        XCTAssertTrue(hantScreen.contains("色彩已關閉（NO_COLOR）"), hantScreen)
    }
}
