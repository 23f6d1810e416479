import PaletteCore
import XCTest

@testable import PaletteApp

/// Colour names under the panes: the same names PaletteCore gives, found once per palette.
final class ColorNamingTests: XCTestCase {
    func testShownPaletteCarriesItsNames() {
        var state = Fixture.state()
        state.type("sea")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        for role in Role.allCases {
            XCTAssertEqual(state.shown?.names[role], ColorNames.nearest(to: Fixture.palette[role]).name.name)
        }
    }

    /// Browsing looks each colour up once: going back over entries reuses the memo.
    func testBrowsingLooksEachColourUpOnce() {
        var state = Fixture.state()
        let palettes = [Fixture.palette, Fixture.forest]
        state.send(
            .historyLoaded(
                (0..<6).map { Fixture.entry($0, "e\($0)", palette: palettes[$0 % 2]) },
                warnings: []))
        state.press(.backTab)
        for _ in 0..<5 { state.press(.down) }
        for _ in 0..<5 { state.press(.up) }
        XCTAssertEqual(state.colorNames.value.count, 6, "two palettes of three colours")
        XCTAssertEqual(state.shown?.names, PaletteNames(state.history.selectedEntry!.palette))
    }

    /// NO_COLOR: no fills, and each pane still says its role, hex and name.
    func testNoColorPanesShowRoleHexAndName() {
        var state = Fixture.state(mode: .none)
        state.type("sea")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        let canvas = state.render()
        for (i, role) in Role.allCases.enumerated() {
            let rect = state.layout.panes[i]
            let text = (rect.y..<(rect.y + rect.height)).map { y in
                (rect.x..<(rect.x + rect.width)).map { canvas[$0, y].text }.joined()
            }.joined(separator: "\n")
            XCTAssertTrue(text.contains(role.label(.english)), text)
            XCTAssertTrue(text.contains(Fixture.palette[role].hex), text)
            XCTAssertTrue(text.contains(ColorNames.nearest(to: Fixture.palette[role]).name.name), text)
        }
    }

    /// Stacked panes put the name after the hex only when all of it fits ("blue with a hint of
    /// purple" does not at 40 columns; it does at 59).
    func testStackedNameOnlyWhenItFits() {
        let long = Palette(
            primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0x533CC6), accent: RGB(packed: 0xF18F01))
        var seen: Set<Bool> = []
        for width in [40, 41, 59] {
            var state = Fixture.state(width: width, height: 20)
            state.type("sea")
            state.press(.enter)
            state.send(.paletteReceived(requestID: 1, .success(Fixture.generated(long))))
            let canvas = state.render()
            for (i, role) in Role.allCases.enumerated() {
                let rect = state.layout.panes[i]
                let row = canvas.textLines[rect.y]
                let name = state.shown!.names[role]
                let hexEnd = DisplayWidth.of(String(row.prefix(upTo: row.range(of: long[role].hex)!.upperBound)))
                let fits = hexEnd + 2 + DisplayWidth.of(name) <= rect.x + rect.width
                XCTAssertEqual(row.contains(name), fits, "\(width): \(row)")
                seen.insert(fits)
            }
        }
        XCTAssertEqual(seen, [true, false], "both cases are covered")
    }
}
