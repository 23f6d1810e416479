import PaletteCore
import ScreenCore
import TestSupport
import XCTest

@testable import PaletteApp

/// `render(cache:)` must always give exactly `render()`'s frame: random sessions of keys,
/// resizes, results, history loads and changes of language, colour mode and colour-vision
/// simulation, compared after every action.
final class RenderCacheTests: XCTestCase {
    private static let keys: [Key] = [
        .character("a"), .character("寧"), .character("🌅"), .character(" "), .character("/"), .character("f"),
        .character("F"), .character("d"), .character("u"), .character("r"), .character("c"), .character("1"),
        .character("3"), .character("j"), .character("k"), .character("?"), .character("q"), .up, .down, .left,
        .right, .home, .end, .pageUp, .pageDown, .tab, .backTab, .enter, .escape, .backspace, .delete,
        .control("u"), .control("w"), .control("a"), .control("e"), .control("k"), .function(1),
        .paste("pasted 文字 text"),
        // Graphemes of more than one scalar, typed a scalar at a time or pasted whole: the
        // description row draws those from its characters (the rest from its glyphs), and a
        // mark that joins the letter before it changes that letter's cells.
        .character("\u{301}"), .character("\u{300}"), .character("\u{200D}"), .paste("👨‍👩‍👧 🇹🇼 e\u{301}"),
    ]

    private static let sizes: [(Int, Int)] = [
        (80, 24), (120, 40), (40, 12), (56, 30), (59, 20), (100, 30), (39, 12),
        (80, 11), (0, 0), (200, 60),
    ]

    /// How many frames had their written rows checked (so the check cannot silently never run).
    private var checkedRevisions = 0

    func testCachedFramesEqualFreshFramesThroughRandomSessions() {
        for seed in [1, 2, 3, 4] as [UInt64] {
            var random = SplitMix64(seed: seed)
            for mode in [ColorMode.direct, .indexed256, .none] {
                replay(&random, mode: mode, language: Language.allCases[random.below(3)], steps: 400, seed: seed)
            }
        }
        XCTAssertGreaterThan(checkedRevisions, 1_000)
    }

    private func replay(_ random: inout SplitMix64, mode: ColorMode, language: Language, steps: Int, seed: UInt64) {
        var state = Fixture.state(mode: mode, language: language)
        var cache = RenderCache()
        let palettes = [
            Fixture.palette, Fixture.forest,
            Palette(
                primary: RGB(packed: 0x533CC6), secondary: RGB(packed: 0xF2F2F2),
                accent: RGB(packed: 0x1B1B3A)),
        ]
        let words = ["寧靜的森林早晨", "sea foam at dawn", "desert dusk 🌵", "霧", "brutalist concrete with one red door"]
        var time = 0
        var previous: Canvas?
        var previousID: UInt64 = 0
        for step in 0..<steps {
            switch random.below(20) {
            case 0:
                let size = Self.sizes[random.below(Self.sizes.count)]
                state.send(.resized(width: size.0, height: size.1))
            case 1:
                let count = [0, 3, 40][random.below(3)]
                let entries = (0..<count).map { i in
                    Fixture.entry(
                        i, words[(i + step) % words.count] + " \(i)", palette: palettes[i % 3],
                        favorite: i % 4 == 0)
                }
                for effect in state.reduce(
                    .historyLoaded(entries, warnings: random.below(4) == 0 ? [.skippedLine(number: 1, .zeroBytes)] : [])
                ) {
                    if case .buildSearchIndex(let source) = effect, random.below(2) == 0 {
                        state.send(.searchIndexBuilt(source.build()))
                    }
                }
            case 2:
                if let request = state.request {
                    let result: Result<GeneratedPalette, ProviderFailure> =
                        random.below(3) == 0
                        ? .failure(
                            ProviderFailure(provider: "gemini", .badRequest(serverMessage: "the server said no")))
                        : .success(
                            Fixture.generated(
                                palettes[random.below(3)], notes: random.below(2) == 0 ? [.noColourWords] : [],
                                fallback: random.below(4) == 0
                                    ? ProviderFailure(provider: "gemini", .connectionLost) : nil))
                    state.send(.paletteReceived(requestID: request.id, result))
                }
            case 3:
                time += 1_250
                state.send(.clockTicked(uptime: .milliseconds(time)))
            case 4:
                state.send(
                    random.below(2) == 0
                        ? .clipboardCopied("#2E86AB", via: [.terminal]) : .clipboardFailed("#2E86AB", .noRoute))
            case 5:
                // The frame key's inputs besides the size: after a change no part may reuse the rows
                // (or the cells) it kept for the old key.
                switch random.below(3) {
                case 0: state.language = Language.allCases[random.below(Language.allCases.count)]
                case 1: state.colorMode = [ColorMode.direct, .indexed256, .none][random.below(3)]
                default: state.vision = random.below(2) == 0 ? nil : VisionDeficiency.allCases[random.below(3)]
                }
            default:
                state.send(.keyPressed(Self.keys[random.below(Self.keys.count)]))
            }
            let cached = state.render(cache: &cache)
            let fresh = state.render()
            if cached != fresh {
                XCTFail(
                    "seed \(seed) \(mode) \(language) step \(step): cached frame differs\n"
                        + "cached:\n\(cached.snapshot)\nfresh:\n\(fresh.snapshot)")
                return
            }
            // The screen skips rows the revision does not mark: they must be the base frame's.
            if let revision = cached.revision, let previous, revision.base == previous.revision?.id ?? previousID {
                for y in 0..<cached.height where !revision.rows[y] {
                    let row = (0..<cached.width).map { cached[$0, y] }
                    if row != (0..<previous.width).map({ previous[$0, y] }) {
                        XCTFail("seed \(seed) step \(step): row \(y) changed but is not marked written")
                        return
                    }
                }
                checkedRevisions += 1
            }
            previous = cached
            previousID = cached.revision?.id ?? cache.frameID
        }
    }
}
