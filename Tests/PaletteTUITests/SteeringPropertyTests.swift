import Foundation
import PaletteCore
import TestSupport
import XCTest

@testable import PaletteApp
@testable import PaletteEngine

/// Over 1,000 random palettes, every lock set and every workbench operation: a locked colour
/// never changes (a swap moves it with its lock), `m m` is the identity, a named refinement
/// changes only its role, and each refinement moves its measure the way it says. The rates
/// are printed for `make test`. Every measure is written out here, not read from the engine.
final class SteeringPropertyTests: XCTestCase {
    /// Ou, Luo, Woodcock & Wright (2004), colour warmth: −0.5 + 0.02 C*^1.07 cos(h − 50°).
    static func warmth(_ c: RGB) -> Double {
        let lab = CIELab(c)
        let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
        return -0.5 + 0.02 * pow(chroma, 1.07) * cos(atan2(lab.b, lab.a) - 50 * Double.pi / 180)
    }

    static func lightness(_ c: RGB) -> Double { CIELab(c).l }

    static func chroma(_ c: RGB) -> Double {
        let lab = CIELab(c)
        return (lab.a * lab.a + lab.b * lab.b).squareRoot()
    }

    /// The six measured moves: the instruction, and whether the measure went the right way.
    static let moves: [(word: String, right: @Sendable (RGB, RGB) -> Bool)] = [
        ("warmer", { warmth($1) > warmth($0) }), ("cooler", { warmth($1) < warmth($0) }),
        ("lighter", { lightness($1) > lightness($0) }), ("darker", { lightness($1) < lightness($0) }),
        ("more muted", { chroma($1) < chroma($0) }), ("more vivid", { chroma($1) > chroma($0) }),
    ]

    private func state(showing palette: Palette) -> AppState {
        let ids = IDCounter()
        var state = AppState(
            width: 80, height: 24, colorMode: .direct, language: .english, providerName: "offline",
            modelName: nil,
            clock: AppClock(
                now: { Date(timeIntervalSince1970: 1_795_953_600) }, uptime: { .zero }, makeID: { ids.next() }))
        for c in "calm lake" { _ = state.reduce(.keyPressed(.character(c))) }
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(
            .paletteReceived(
                requestID: 1, .success(GeneratedPalette(palette: palette, provider: "offline", model: nil))))
        _ = state.reduce(.keyPressed(.tab))
        _ = state.reduce(.keyPressed(.tab))
        XCTAssertEqual(state.shown?.palette, palette)
        return state
    }

    private func press(_ state: inout AppState, _ c: Character) { _ = state.reduce(.keyPressed(.character(c))) }

    /// `state` with exactly `locks` locked (Space on each pane), the primary selected again.
    private func locking(_ base: AppState, _ locks: Set<Role>) -> AppState {
        var state = base
        for role in Role.allCases {
            if locks.contains(role) { press(&state, " ") }
            _ = state.reduce(.keyPressed(.right))
        }
        XCTAssertEqual(state.workbench.locked, locks)
        XCTAssertEqual(state.selectedRole, .primary)
        return state
    }

    // 1,000 random palettes in four parts of 250, one test each, so `make test` runs them side by
    // side; each part prints its rates and must meet every bar on its own.
    func testLocksHoldCompanionsComeBackAndRefinementsMoveTheirWayPart1() { check(part: 0) }
    func testLocksHoldCompanionsComeBackAndRefinementsMoveTheirWayPart2() { check(part: 1) }
    func testLocksHoldCompanionsComeBackAndRefinementsMoveTheirWayPart3() { check(part: 2) }
    func testLocksHoldCompanionsComeBackAndRefinementsMoveTheirWayPart4() { check(part: 3) }

    private func check(part: Int) {
        // One stream for the four parts, as one test of 1,000 would draw it: each palette takes 3
        // numbers and each of its 8 lock sets 3 more (the model's answer), so a part skips ahead.
        var rng = SplitMix64(seed: 0x57EE_12)
        for _ in 0..<(part * 250 * 27) { _ = rng.next() }
        let lockSets: [Set<Role>] = (0..<8).map { bits in
            Set(Role.allCases.enumerated().filter { bits >> $0.offset & 1 == 1 }.map(\.element))
        }
        let engine = OfflineEngine()
        var checks = 0
        var lockBroken: [String] = []
        var companionCases = 0
        var companionIdentity = 0
        var namedCases = 0
        var namedOnly = 0
        var moveTotals = [Int](repeating: 0, count: Self.moves.count)
        var moveRight = [Int](repeating: 0, count: Self.moves.count)
        let requirement = AccessibilityRequirement(level: .aa)
        var accessibleRefused = 0
        var atEdge = 0
        for i in (part * 250)..<(part * 250 + 250) {
            let palette = Palette(
                primary: RGB(packed: UInt32(rng.next() % 0x1000000)),
                secondary: RGB(packed: UInt32(rng.next() % 0x1000000)),
                accent: RGB(packed: UInt32(rng.next() % 0x1000000)))
            let shown = state(showing: palette)
            for (k, locks) in lockSets.enumerated() {
                let base = locking(shown, locks)
                func holds(_ out: Palette?, _ what: String) {
                    checks += 1
                    guard let out else { return }
                    for role in locks where out[role] != palette[role] {
                        lockBroken.append("\(what): \(role) \(palette[role].hex) -> \(out[role].hex)")
                    }
                }
                // m, and m again: locks hold, and the palette comes back exactly.
                var state = base
                press(&state, "m")
                holds(state.shown?.palette, "companion")
                press(&state, "m")
                holds(state.shown?.palette, "companion twice")
                companionCases += 1
                if state.shown?.palette == palette { companionIdentity += 1 }
                // x, then s, on a pane that moves round with the lock set.
                var repaired = base
                for _ in 0..<(k % 3) { _ = repaired.reduce(.keyPressed(.right)) }
                press(&repaired, "x")
                holds(repaired.shown?.palette, "repair \(repaired.selectedRole)")
                // s: a locked colour keeps its lock wherever it goes.
                var swapped = base
                for _ in 0..<((k + i) % 3) { _ = swapped.reduce(.keyPressed(.right)) }
                press(&swapped, "s")
                checks += 1
                if let out = swapped.shown?.palette {
                    for role in locks {
                        let now = Role.allCases.filter {
                            out[$0] == palette[role] && swapped.workbench.locked.contains($0)
                        }
                        if now.isEmpty { lockBroken.append("swap: locked \(role) \(palette[role].hex) lost its lock") }
                    }
                }
                // A model's answer that changed every colour: locks put back.
                let lockedColours = Dictionary(uniqueKeysWithValues: locks.map { ($0, palette[$0]) })
                let answer = Palette(
                    primary: RGB(packed: UInt32(rng.next() % 0x1000000)),
                    secondary: RGB(packed: UInt32(rng.next() % 0x1000000)),
                    accent: RGB(packed: UInt32(rng.next() % 0x1000000)))
                var answered = base
                press(&answered, "r")
                _ = answered.reduce(
                    .paletteReceived(
                        requestID: 2, .success(GeneratedPalette(palette: answer, provider: "gemini", model: nil))))
                holds(answered.shown?.palette, "model answer")
                // --accessible: met around the locks, or refused (nil), never by moving one.
                let met = requirement.enforce(palette, fixed: locks)
                if met == nil { accessibleRefused += 1 }
                holds(met?.palette, "accessible")
                // A refinement (one of the six moves, named or not; one per palette and lock set).
                let m = (i * 8 + k) % Self.moves.count
                let named: Role? = (i * 8 + k) / Self.moves.count % 2 == 0 ? nil : Role.allCases[(i + k) % 3]
                let instruction = Self.moves[m].word + (named.map { " \($0.rawValue)" } ?? "")
                let request = GenerationRequest(
                    description: "calm lake", locked: lockedColours,
                    refinement: Refinement(instruction: instruction, base: palette))
                let refined = EngineWorkbench(engine: engine, request: request).generate().palette
                holds(refined, "refine '\(instruction)'")
                var targets = (named.map { [$0] } ?? Role.allCases).filter { !locks.contains($0) }
                if Self.moves[m].word == "more vivid" {
                    // A colour on the sRGB gamut's edge for its lightness and hue has no more
                    // chroma to give: not a measure of the move (counted apart).
                    let edge = targets.filter {
                        let c = OKLCH(palette[$0])
                        return OKLCH.maxChroma(l: c.l, h: c.h) - c.c < 0.005
                    }
                    atEdge += edge.count
                    targets.removeAll { edge.contains($0) }
                }
                if let named {
                    namedCases += 1
                    if Role.allCases.allSatisfy({ $0 == named || refined[$0] == palette[$0] }) { namedOnly += 1 }
                }
                if !targets.isEmpty {
                    moveTotals[m] += 1
                    if targets.allSatisfy({ Self.moves[m].right(palette[$0], refined[$0]) }) { moveRight[m] += 1 }
                }
                // Candidates (two, for one lock set in eight per palette, in turn): locks hold in each.
                if k == i % 8 {
                    let candidates = EngineWorkbench(
                        engine: engine,
                        request: GenerationRequest(description: "calm lake", locked: lockedColours, candidateCount: 2)
                    ).generate().candidates
                    for candidate in candidates { holds(candidate.palette, "candidate") }
                }
            }
        }
        var line =
            "steering, part \(part + 1) of 4: 250 random palettes × 8 lock sets: \(checks) operations, locked colours changed \(lockBroken.count); "
            + "m m identity \(companionIdentity)/\(companionCases); named refinement changed only its role \(namedOnly)/\(namedCases);"
        for (m, move) in Self.moves.enumerated() {
            line += String(
                format: " %@ %d/%d (%.1f%%);", move.word, moveRight[m], moveTotals[m],
                100 * Double(moveRight[m]) / Double(max(moveTotals[m], 1)))
        }
        line += " (vivid: \(atEdge) colours already at the gamut's edge left out);"
        line += " --accessible refused (no lightness with the locks) \(accessibleRefused)"
        print(line)
        XCTAssertEqual(lockBroken, [], "\(lockBroken.prefix(10))")
        XCTAssertEqual(companionIdentity, companionCases)
        XCTAssertEqual(namedOnly, namedCases)
        for m in Self.moves.indices {
            XCTAssertGreaterThanOrEqual(
                Double(moveRight[m]) / Double(moveTotals[m]), 0.98, "\(Self.moves[m].word)")
        }
    }
}

/// Ids `e1`, `e2`, ... for the state's clock.
private final class IDCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func next() -> String {
        lock.lock()
        defer { lock.unlock() }
        n += 1
        return "e\(n)"
    }
}
