import Foundation
import PaletteApply
import PaletteCore
import TestSupport
import XCTest

/// `--variant auto`: the terminal's background asked with OSC 11 and DA1 as the sentinel, on a
/// pseudo-terminal that answers, answers late, or never answers; and the answers' parsing.
final class ApplyBackgroundTests: XCTestCase {
    func testTheAnswersAreReadInEveryForm() {
        func scan(_ s: String) -> TerminalBackground.Scan { TerminalBackground.scan(Array(s.utf8)) }
        XCTAssertEqual(scan("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22c"), .done(RGB(r: 255, g: 255, b: 255)))
        XCTAssertEqual(scan("\u{1B}]11;rgb:0e/17/20\u{07}\u{1B}[?1;2c"), .done(RGB(r: 0x0E, g: 0x17, b: 0x20)))
        XCTAssertEqual(scan("\u{1B}]11;rgba:1/2/3/f\u{07}\u{1B}[?6c"), .done(RGB(r: 17, g: 34, b: 51)))
        XCTAssertEqual(scan("\u{1B}[?62;22c"), .done(nil), "DA1 alone: no OSC 11")
        XCTAssertEqual(scan("\u{1B}]11;rgb:ffff/ffff"), .waiting)
        XCTAssertEqual(scan("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"), .waiting, "DA1 not yet")
        // Inside tmux, tmux's own DA1 answer comes first and ends nothing; the outer
        // terminal's OSC 11 answer through the passthrough does.
        func tmux(_ s: String) -> TerminalBackground.Scan { TerminalBackground.scan(Array(s.utf8), insideTmux: true) }
        XCTAssertEqual(tmux("\u{1B}[?1;2c"), .waiting)
        XCTAssertEqual(tmux("\u{1B}[?1;2c\u{1B}]11;rgb:f0f0/f0f0/f0f0\u{1B}\\"), .done(RGB(r: 0xF0, g: 0xF0, b: 0xF0)))
        XCTAssertEqual(tmux("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?1;2c"), .done(RGB(r: 255, g: 255, b: 255)))
        XCTAssertEqual(TerminalBackground.variant(for: RGB(r: 0xF0, g: 0xF0, b: 0xF0)), .light)
        XCTAssertEqual(TerminalBackground.variant(for: RGB(r: 0x28, g: 0x2C, b: 0x34)), .dark)
        XCTAssertEqual(TerminalBackground.variant(for: RGB(r: 0x77, g: 0x77, b: 0x77)), .light)
        XCTAssertEqual(TerminalBackground.variant(for: RGB(r: 0x75, g: 0x75, b: 0x75)), .dark)
    }

    struct PtyRun: Decodable {
        var elapsed: Double
        var status: Int
        var queried: Bool
        var output: String
        /// Seconds from start to the answer going out; nil when the command had exited before
        /// the answer was due.
        var answeredAt: Double?

        enum CodingKeys: String, CodingKey {
            case elapsed, status, queried, output
            case answeredAt = "answered_at"
        }
    }

    func onPty(_ h: ApplyHome, mode: String, delay: Int, background: String = "f0f0f0", variant: String? = nil)
        throws -> PtyRun
    {
        let args =
            ["apply", "kitty", "--dry-run"] + (variant.map { ["--variant", $0] } ?? []) + ApplyHome.colours
        let r = try Spawn.run(
            [
                "python3", Repository.url("Tests/TestSupport/Tools/osc11_pty.py").path, mode, String(delay), background,
                "--", try Repository.paletteTUI(),
            ] + args, environment: h.env(["TERM": "xterm-256color"]))
        XCTAssertEqual(r.status, 0, r.stderr)
        return try JSONDecoder().decode(PtyRun.self, from: Data(r.stdout.utf8))
    }

    func testAnsweredLateOrNeverTheCommandDoesNotWaitForIt() throws {
        let h = try ApplyHome()
        try h.write(".config/kitty/kitty.conf", "font_size 11\n")
        let given = try onPty(h, mode: "never", delay: 0, variant: "dark")
        XCTAssertFalse(given.queried, "a given variant asks nothing")
        XCTAssertEqual(given.status, 0, given.output)

        let light = try onPty(h, mode: "answer", delay: 5)
        XCTAssertTrue(light.queried)
        XCTAssertEqual(light.status, 0, light.output)
        XCTAssertTrue(light.output.contains("the terminal's background is #F0F0F0: light theme"), light.output)
        XCTAssertTrue(light.output.contains(" · light · palette-tui"), light.output)

        let dark = try onPty(h, mode: "answer", delay: 5, background: "1e1e2e")
        XCTAssertTrue(dark.output.contains("the terminal's background is #1E1E2E: dark theme"), dark.output)

        let noOSC = try onPty(h, mode: "da1", delay: 5)
        XCTAssertEqual(noOSC.status, 0)
        XCTAssertTrue(noOSC.output.contains(" · dark · palette-tui"), noOSC.output)

        // An answer 2 s late (the command waits 100 ms): the command has finished, with the dark
        // default, before the answer is due: an order of events, not a time measured (a bound
        // on seconds failed on a loaded machine, 0.34 s against 0.25).
        let late = try onPty(h, mode: "answer", delay: 2000)
        XCTAssertEqual(late.status, 0)
        XCTAssertTrue(late.queried)
        XCTAssertNil(late.answeredAt, "the command was still running when the late answer went out")
        XCTAssertTrue(late.output.contains(" · dark · palette-tui"), "a late answer is not waited for")

        // No answer at all: the command finishes (the pty's guard kills it at 20 s, which
        // fails the status), dark.
        let never = try onPty(h, mode: "never", delay: 0)
        XCTAssertEqual(never.status, 0)
        XCTAssertTrue(never.output.contains(" · dark · palette-tui"), never.output)
        print(
            "apply kitty on a pty: given \(given.elapsed) s, answered \(light.elapsed) s, DA1 only \(noOSC.elapsed) s, "
                + "late \(late.elapsed) s, never \(never.elapsed) s")
    }
}

/// The terminal the app's "apply to this terminal" picks, from the environment.
final class ApplyDetectionTests: XCTestCase {
    func testTheTerminalIsDetectedFromWhatItSets() {
        XCTAssertEqual(ApplyTarget.detect(["TMUX": "/tmp/s,1,0", "KITTY_WINDOW_ID": "1"]), .tmux)
        XCTAssertEqual(ApplyTarget.detect(["KITTY_WINDOW_ID": "3", "TERM": "xterm-256color"]), .kitty)
        XCTAssertEqual(ApplyTarget.detect(["TERM": "xterm-kitty"]), .kitty)
        XCTAssertEqual(ApplyTarget.detect(["ALACRITTY_WINDOW_ID": "94", "TERM": "alacritty"]), .alacritty)
        XCTAssertEqual(ApplyTarget.detect(["TERM_PROGRAM": "WezTerm"]), .wezterm)
        XCTAssertEqual(ApplyTarget.detect(["TERM_PROGRAM": "ghostty", "TERM": "xterm-ghostty"]), .ghostty)
        XCTAssertEqual(ApplyTarget.detect(["TERM": "foot"]), .foot)
        XCTAssertNil(ApplyTarget.detect(["TERM": "xterm-256color", "TMUX": ""]))
        XCTAssertNil(ApplyTarget.detect([:]))
    }

    func testConfigPlacesFollowEachProgramsDocumentation() {
        let env = ["HOME": "/home/u", "XDG_CONFIG_HOME": "/x"]
        func place(_ t: ApplyTarget, _ existing: Set<String> = [], _ e: [String: String] = env) -> String? {
            t.configPath(environment: e, exists: { existing.contains($0) })
        }
        XCTAssertEqual(place(.kitty), "/x/kitty/kitty.conf")
        XCTAssertEqual(place(.kitty, [], env.merging(["KITTY_CONFIG_DIRECTORY": "/k/"]) { $1 }), "/k/kitty.conf")
        XCTAssertEqual(place(.alacritty, ["/home/u/.alacritty.toml"]), "/home/u/.alacritty.toml")
        XCTAssertEqual(place(.alacritty), "/x/alacritty/alacritty.toml")
        XCTAssertEqual(place(.alacritty, ["/x/alacritty.toml", "/x/alacritty/alacritty.yml"]), "/x/alacritty.toml")
        // Alacritty 0.11-0.12's YAML, in its four places, when there is no TOML.
        XCTAssertEqual(place(.alacritty, ["/x/alacritty/alacritty.yml"]), "/x/alacritty/alacritty.yml")
        XCTAssertEqual(place(.alacritty, ["/x/alacritty.yml", "/home/u/.alacritty.yml"]), "/x/alacritty.yml")
        XCTAssertEqual(
            place(.alacritty, ["/home/u/.config/alacritty/alacritty.yml", "/home/u/.alacritty.yml"]),
            "/home/u/.config/alacritty/alacritty.yml")
        XCTAssertEqual(place(.alacritty, ["/home/u/.alacritty.yml"]), "/home/u/.alacritty.yml")
        XCTAssertEqual(ApplyTarget.alacritty.themePath(config: "/home/u/.alacritty.yml"), "/home/u/.palette-tui.yml")
        XCTAssertEqual(
            ApplyTarget.alacritty.themePath(config: "/x/alacritty/alacritty.yml"), "/x/alacritty/palette-tui.yml")
        XCTAssertEqual(place(.tmux), "/home/u/.tmux.conf")
        XCTAssertEqual(place(.tmux, ["/x/tmux/tmux.conf"]), "/x/tmux/tmux.conf")
        XCTAssertEqual(place(.ghostty, ["/x/ghostty/config.ghostty"]), "/x/ghostty/config.ghostty")
        XCTAssertEqual(place(.neovim, ["/x/nvim/init.vim"]), "/x/nvim/init.vim")
        XCTAssertEqual(place(.neovim, [], env.merging(["NVIM_APPNAME": "lazy"]) { $1 }), "/x/lazy/init.lua")
        XCTAssertEqual(
            place(.helix, [], ["HOME": "/home/u", "XDG_CONFIG_HOME": "relative"]), "/home/u/.config/helix/config.toml")
        XCTAssertNil(place(.foot, [], [:]))
        XCTAssertEqual(
            ApplyTarget.neovim.includeLine(config: "/x/nvim/init.vim", theme: "/x/nvim/colors/palette-tui.lua"),
            "colorscheme palette-tui")
    }
}
