import PaletteApp
import PaletteCore
import ScreenCore
import XCTest

@testable import TerminalUI

final class ColorChoiceTests: XCTestCase {
    private let direct = TerminalCapabilities(hasColors: true, rgbFlag: true, colors: 0x100_0000)
    private let colors256 = TerminalCapabilities(hasColors: true, rgbFlag: false, colors: 256)
    private let colors8 = TerminalCapabilities(hasColors: true, rgbFlag: false, colors: 8)
    private let mono = TerminalCapabilities(hasColors: false, rgbFlag: false, colors: 0)

    func testAutomaticModeFollowsTheTerminal() {
        XCTAssertEqual(ColorChoice.mode(request: .auto, environment: [:], capabilities: direct), .direct)
        XCTAssertEqual(
            ColorChoice.mode(
                request: .auto, environment: [:],
                capabilities: TerminalCapabilities(hasColors: true, rgbFlag: true, colors: 256)), .direct)
        XCTAssertEqual(ColorChoice.mode(request: .auto, environment: [:], capabilities: colors256), .indexed256)
        XCTAssertEqual(ColorChoice.mode(request: .auto, environment: [:], capabilities: colors8), .none)
        XCTAssertEqual(ColorChoice.mode(request: .auto, environment: [:], capabilities: mono), .none)
    }

    func testNoColorTurnsFillsOffUnlessTheUserAsks() {
        XCTAssertEqual(ColorChoice.mode(request: .auto, environment: ["NO_COLOR": "1"], capabilities: direct), .none)
        XCTAssertEqual(ColorChoice.mode(request: .auto, environment: ["NO_COLOR": ""], capabilities: direct), .direct)
        XCTAssertEqual(
            ColorChoice.mode(request: .truecolor, environment: ["NO_COLOR": "1"], capabilities: direct), .direct)
        XCTAssertEqual(
            ColorChoice.mode(request: .indexed256, environment: ["NO_COLOR": "1"], capabilities: direct), .indexed256)
    }

    func testForcedModes() {
        XCTAssertEqual(ColorChoice.mode(request: .none, environment: [:], capabilities: direct), .none)
        XCTAssertEqual(ColorChoice.mode(request: .indexed256, environment: [:], capabilities: direct), .indexed256)
        // ncurses cannot send 24-bit values through a 256-colour entry: degrade honestly.
        XCTAssertEqual(ColorChoice.mode(request: .truecolor, environment: [:], capabilities: colors256), .indexed256)
        XCTAssertEqual(ColorChoice.mode(request: .truecolor, environment: [:], capabilities: colors8), .none)
    }

    func testColorRequestFromOptionThenEnvironment() throws {
        XCTAssertEqual(try ColorRequest.from(option: nil, environment: [:]), .auto)
        XCTAssertEqual(try ColorRequest.from(option: "256", environment: ["PALETTE_TUI_COLOR": "none"]), .indexed256)
        XCTAssertEqual(try ColorRequest.from(option: nil, environment: ["PALETTE_TUI_COLOR": "truecolor"]), .truecolor)
        XCTAssertThrowsError(try ColorRequest.from(option: "rgb", environment: [:])) { error in
            XCTAssertEqual(
                (error as? TerminalSetupError)?.description,
                "invalid value 'rgb' for --color; expected one of: auto, truecolor, 256, none")
        }
        XCTAssertThrowsError(try ColorRequest.from(option: nil, environment: ["PALETTE_TUI_COLOR": "lots"]))
    }

    func testDirectEntryUpgradeNeedsColortermPromise() {
        func name(_ env: [String: String], _ request: ColorRequest = .auto) -> String? {
            ColorChoice.directTerminalName(request: request, environment: env)
        }
        XCTAssertEqual(name(["TERM": "xterm-256color", "COLORTERM": "truecolor"]), "xterm-direct")
        XCTAssertEqual(name(["TERM": "tmux-256color", "COLORTERM": "24bit"]), "tmux-direct")
        XCTAssertEqual(name(["TERM": "alacritty", "COLORTERM": "TrueColor"]), "alacritty-direct")
        XCTAssertEqual(
            name(["TERM": "screen-256color", "COLORTERM": "truecolor", "TMUX": "/tmp/s,1,0"]), "tmux-direct")
        XCTAssertNil(name(["TERM": "screen-256color", "COLORTERM": "truecolor"]))
        XCTAssertNil(name(["TERM": "xterm-256color"]))
        XCTAssertNil(name(["TERM": "xterm-256color", "COLORTERM": "yes"]))
        XCTAssertNil(name(["TERM": "xterm-direct", "COLORTERM": "truecolor"]))
        XCTAssertNil(name(["TERM": "dumb", "COLORTERM": "truecolor"]))
        XCTAssertNil(name(["COLORTERM": "truecolor"]))
        XCTAssertNil(name(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"]))
        XCTAssertNil(name(["TERM": "xterm-256color", "COLORTERM": "truecolor"], .indexed256))
        XCTAssertEqual(name(["TERM": "xterm-256color"], .truecolor), "xterm-direct")
    }

    func testDirectValuesAreExactExceptThePaletteRange() {
        let mapper = ColorMapper(mode: .direct)
        XCTAssertEqual(mapper.number(for: .rgb(RGB(packed: 0x2E8B57))), 0x2E8B57)
        XCTAssertEqual(mapper.number(for: .rgb(RGB(packed: 0xFFFFFF))), 0xFFFFFF)
        // 0...7 would be sent as the user's palette colours 0-7 by *-direct entries.
        XCTAssertEqual(mapper.number(for: .rgb(RGB(packed: 0x000000))), 8)
        XCTAssertEqual(mapper.number(for: .rgb(RGB(packed: 0x000007))), 8)
        XCTAssertEqual(mapper.number(for: .rgb(RGB(packed: 0x000008))), 8)
        XCTAssertEqual(mapper.number(for: .rgb(RGB(packed: 0x000100))), 0x100)
        XCTAssertEqual(mapper.number(for: .terminalDefault), -1)
    }

    func testIndexedValuesUseOnlyTheFixedPalette() {
        let mapper = ColorMapper(mode: .indexed256)
        // Colours that are exactly in the cube or the grey ramp map to themselves.
        XCTAssertEqual(mapper.number(for: .rgb(RGB(packed: 0xFF0000))), 196)
        XCTAssertEqual(mapper.number(for: .rgb(RGB(packed: 0x000000))), 16)
        XCTAssertEqual(mapper.number(for: .rgb(RGB(packed: 0xFFFFFF))), 231)
        XCTAssertEqual(mapper.number(for: .rgb(RGB(packed: 0x808080))), 244)
        XCTAssertEqual(mapper.number(for: .rgb(RGB(packed: 0x5F87AF))), 67)
        for packed: UInt32 in [0x2E8B57, 0x123456, 0xF5DEB3, 0x010101] {
            XCTAssertTrue((16...255).contains(mapper.number(for: .rgb(RGB(packed: packed)))))
        }
        XCTAssertEqual(mapper.number(for: .terminalDefault), -1)
        XCTAssertEqual(ColorMapper(mode: .none).number(for: .rgb(RGB(packed: 0x2E8B57))), -1)
    }
}
