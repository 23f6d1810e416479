import PaletteCore
import PaletteExport
import ScreenCore
import XCTest

@testable import PaletteApp

/// The terminal's background (its answer to OSC 11) chooses the chrome's ink and the theme
/// variant the export menu, the preview and `a` start on; `--variant` fixes both.
final class AppearanceTests: XCTestCase {
    private func rgb(_ packed: UInt32) -> TermColor { .rgb(RGB(packed: packed)) }

    func testTheInkIsTheFirstOfItsLadderThatReadsAtFourPointFiveToOne() {
        // Each colour's contrast with the background (WCAG 2) noted beside it.
        XCTAssertEqual(
            ChromeInk(.light, on: RGB(packed: 0xFFFFFF)),
            ChromeInk(success: rgb(0x008700), warning: rgb(0xAF5F00), error: rgb(0xD70000)))  // 4.70, 4.71, 5.40
        XCTAssertEqual(
            ChromeInk(.light, on: RGB(packed: 0xF0F0F0)),
            ChromeInk(success: rgb(0x005F00), warning: rgb(0x875F00), error: rgb(0xD70000)))  // 6.99, 5.03, 4.74
        XCTAssertEqual(
            ChromeInk(.light, on: RGB(packed: 0xEEE8D5)),  // Solarized light's base2
            ChromeInk(success: rgb(0x005F00), warning: rgb(0x875F00), error: rgb(0xAF0000)))  // 6.50, 4.67, 6.07
        // Mid-grey: where no ladder colour reads, the terminal's own foreground.
        XCTAssertEqual(
            ChromeInk(.light, on: RGB(packed: 0xBBBBBB)),
            ChromeInk(success: .terminalDefault, warning: .terminalDefault, error: rgb(0x870000)))  // 5.39
        // Dark: the standard colours where they read, lighter ones where they do not.
        XCTAssertEqual(ChromeInk(.dark, on: RGB(packed: 0x1E1E2E)), ChromeInk.standard)
        XCTAssertEqual(
            ChromeInk(.dark, on: RGB(packed: 0x5A5A5A)),
            ChromeInk(success: rgb(0x87FF87), warning: rgb(0xFFD75F), error: .terminalDefault))  // 5.48, 4.97
        XCTAssertEqual(
            ChromeInk.standard, ChromeInk(success: rgb(0x5FD75F), warning: rgb(0xFFAF00), error: rgb(0xFF5F5F)))
    }

    func testTheAnswerSetsTheVariantAndTheInkUnlessTheVariantWasGiven() {
        var state = Fixture.showingPalette()
        XCTAssertEqual(state.appearance.variant, .dark)
        XCTAssertEqual(state.appearance.ink, .standard)
        state.send(.terminalBackground(RGB(packed: 0xF0F0F0)))
        XCTAssertEqual(state.appearance.variant, .light)
        XCTAssertEqual(state.appearance.terminalBackground, RGB(packed: 0xF0F0F0))
        XCTAssertEqual(state.appearance.ink.warning, rgb(0x875F00))

        var given = AppState(
            width: 80, height: 24, colorMode: .direct, language: .english, providerName: "gemini", modelName: nil,
            clock: Fixture.clock(), appearance: .fixed(.dark))
        given.send(.terminalBackground(RGB(packed: 0xF0F0F0)))
        XCTAssertEqual(given.appearance.variant, .dark, "--variant dark stands")
        XCTAssertEqual(given.appearance.ink, .standard)
        XCTAssertEqual(Appearance.fixed(.light).ink.warning, rgb(0xAF5F00), "--variant light: the ink for white")
        XCTAssertEqual(Appearance.following(defaultVariant: .light).variant, .light)
        XCTAssertEqual(Appearance.following(defaultVariant: .light).ink, .standard)
    }

    func testThePreviewTheMenuAndApplyStartOnTheDetectedVariant() {
        var state = Fixture.showingPalette()
        state.send(.terminalBackground(RGB(packed: 0xFDF6E3)))
        state.press(.character("t"))
        XCTAssertEqual(state.themePreview?.variant, .light)
        let effects = state.press(.character("a"))
        XCTAssertTrue(effects.contains(.applyTheme(Fixture.palette, .light)), "\(effects)")
        state.press(.escape)

        var menu = Fixture.showingPalette()
        menu.send(.terminalBackground(RGB(packed: 0xFDF6E3)))
        menu.press(.character("E"))
        XCTAssertEqual(menu.exportMenu?.variant, .light)

        // A dark background: dark, as before.
        var dark = Fixture.showingPalette()
        dark.send(.terminalBackground(RGB(packed: 0x282C34)))
        dark.press(.character("t"))
        XCTAssertEqual(dark.themePreview?.variant, .dark)
    }

    func testTheStatusLineIsDrawnInTheInk() {
        func warningColour(_ appearance: Appearance, answer: RGB? = nil) -> TermColor {
            var state = AppState(
                width: 80, height: 24, colorMode: .direct, language: .english, providerName: "gemini",
                modelName: nil, clock: Fixture.clock(), notice: StatusMessage("careful", kind: .warning),
                appearance: appearance)
            if let answer { state.send(.terminalBackground(answer)) }
            var cache = RenderCache()
            _ = state.render(cache: &cache)
            let canvas = state.render(cache: &cache)
            for x in 0..<canvas.width where canvas[x, 23].text == "c" { return canvas[x, 23].style.foreground }
            XCTFail("no status text")
            return .terminalDefault
        }
        XCTAssertEqual(warningColour(.following(defaultVariant: .dark)), rgb(0xFFAF00))
        XCTAssertEqual(warningColour(.following(defaultVariant: .dark), answer: RGB(packed: 0xF0F0F0)), rgb(0x875F00))
        XCTAssertEqual(warningColour(.fixed(.light)), rgb(0xAF5F00))
    }
}
