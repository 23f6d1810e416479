import XCTest

@testable import PaletteCore

/// APCA, the audit, lightness repair and generation to a level, against the reference vectors
/// and against brute force.
final class AccessibilityTests: XCTestCase {
    private func rgb(_ hex: String?, file: StaticString = #filePath, line: UInt = #line) throws -> RGB {
        try RGB(hex: XCTUnwrap(hex, file: file, line: line))
    }

    // MARK: - APCA

    func testAPCAMatchesEveryVectorTo1e9() throws {
        let file = try XCTUnwrap(Fixture.json("vectors/apca.json") as? [String: Any])
        let official = try XCTUnwrap(file["official"] as? [[String: Any]])
        let computed = try XCTUnwrap(file["computed"] as? [[String: Any]])
        XCTAssertEqual(official.count, 8)
        XCTAssertGreaterThan(computed.count, 40)
        var worst = 0.0
        for vector in official + computed {
            let text = try rgb(vector["text"] as? String)
            let background = try rgb(vector["background"] as? String)
            let want = try XCTUnwrap(vector["Lc"] as? Double)
            let got = APCA.lc(text: text, background: background)
            worst = max(worst, abs(got - want))
            XCTAssertEqual(got, want, accuracy: 1e-9, "\(text) on \(background)")
        }
        print(
            "ACCESS figure: APCA \(official.count + computed.count) vectors (apca.json), largest |error| \(worst) (limit 1e-9)"
        )
    }

    func testAPCAConstantsAreTheVectorFilesOwn() throws {
        let file = try XCTUnwrap(Fixture.json("vectors/apca.json") as? [String: Any])
        let c = try XCTUnwrap(file["constants"] as? [String: Double])
        let ours: [String: Double] = [
            "mainTRC": APCA.mainTRC, "sRco": APCA.sRco, "sGco": APCA.sGco, "sBco": APCA.sBco,
            "normBG": APCA.normBG, "normTXT": APCA.normTXT, "revTXT": APCA.revTXT, "revBG": APCA.revBG,
            "blkThrs": APCA.blkThrs, "blkClmp": APCA.blkClmp, "scaleBoW": APCA.scaleBoW, "scaleWoB": APCA.scaleWoB,
            "loBoWoffset": APCA.loBoWoffset, "loWoBoffset": APCA.loWoBoffset, "deltaYmin": APCA.deltaYmin,
            "loClip": APCA.loClip,
        ]
        XCTAssertEqual(ours, c)
    }

    func testAPCAPolarityAndClip() {
        // Dark on light is positive, light on dark negative; under Lc 10 is clipped to 0.
        XCTAssertGreaterThan(APCA.lc(text: WCAG.black, background: WCAG.white), 100)
        XCTAssertLessThan(APCA.lc(text: WCAG.white, background: WCAG.black), -100)
        XCTAssertEqual(APCA.lc(text: RGB(packed: 0x777777), background: RGB(packed: 0x787878)), 0)
    }

    // MARK: - WCAG and colour vision in the audit

    func testAuditRatiosAndFlagsMatchTheWCAGVectors() throws {
        let rows = try Fixture.csv("vectors/wcag_contrast_pairs.csv")
        XCTAssertGreaterThan(rows.count, 20)
        for row in rows {
            let fg = try rgb(row["fg"])
            let bg = try rgb(row["bg"])
            let audit = PaletteAudit(Palette(primary: fg, secondary: bg, accent: fg), background: bg)
            let label = "\(row["fg"]!) on \(row["bg"]!)"
            for pair in [
                audit.pair(.role(.primary), on: .background), audit.pair(.role(.secondary), on: .role(.primary)),
            ] {
                let p = try XCTUnwrap(pair)
                XCTAssertEqual(p.ratio, try row.number("contrast_ratio"), accuracy: 5e-5, label)
                XCTAssertEqual(p.aaNormal, row["AA_normal_4_5"] == "True", label)
                XCTAssertEqual(p.aaLarge, row["AA_large_3"] == "True", label)
                XCTAssertEqual(p.nonText, row["AA_large_3"] == "True", label)
                XCTAssertEqual(p.aaaNormal, row["AAA_normal_7"] == "True", label)
                XCTAssertEqual(p.aaaLarge, row["AAA_large_4_5"] == "True", label)
            }
        }
    }

    func testAuditHasEveryOrderedPairWithAPCABeside() throws {
        let palette = Palette(
            primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01))
        let audit = PaletteAudit(palette, background: WCAG.white)
        XCTAssertEqual(audit.pairs.count, 12)
        XCTAssertEqual(Set(audit.pairs.map { "\($0.foreground)/\($0.background)" }).count, 12)
        let p = try XCTUnwrap(audit.pair(.role(.primary), on: .background))
        XCTAssertEqual(p.lc, 67.88807914665809, accuracy: 1e-9)  // apca.json: #2E86AB on #FFFFFF
        let back = try XCTUnwrap(audit.pair(.background, on: .role(.primary)))
        XCTAssertEqual(back.ratio, p.ratio)
        XCTAssertLessThan(back.lc, 0)
        XCTAssertEqual(audit.deficiencies.count, 9)
    }

    /// The audit's simulated ΔE00 against the Machado vectors: each pair of sample colours,
    /// simulated by us and by the vector file, gives the same ΔE00.
    func testDeficiencyDeltaEMatchesTheMachadoVectors() throws {
        let rows = try Fixture.csv("vectors/cvd_simulation_samples.csv")
        XCTAssertEqual(rows.count, 30)
        var checked = 0
        var worst = 0.0
        for (i, a) in rows.enumerated() {
            let b = rows[(i + 1) % rows.count]
            let c = rows[(i + 7) % rows.count]
            let palette = Palette(primary: try rgb(a["hex"]), secondary: try rgb(b["hex"]), accent: try rgb(c["hex"]))
            let audit = PaletteAudit(palette, background: WCAG.white)
            for pair in audit.deficiencies {
                let row = [Role.primary: a, .secondary: b, .accent: c]
                let simA = try rgb(row[pair.a]!["machado_\(pair.deficiency.rawValue)"])
                let simB = try rgb(row[pair.b]!["machado_\(pair.deficiency.rawValue)"])
                XCTAssertEqual(pair.simulatedA, simA)
                XCTAssertEqual(pair.simulatedB, simB)
                let want = CIEDE2000.difference(simA, simB)
                worst = max(worst, abs(pair.deltaE - want))
                XCTAssertEqual(pair.deltaE, want, accuracy: 1e-9)
                XCTAssertEqual(pair.distinguishable, want >= 10)
                checked += 1
            }
        }
        print("ACCESS figure: CVD ΔE00 on \(checked) simulated pairs of the Machado vectors, largest |error| \(worst)")
    }

    func testLevelRules() throws {
        // A light grey accent on white beside black and white: 3:1 from black only.
        let light = RGB(packed: 0xBBBBBB)
        let audit = PaletteAudit(
            Palette(primary: WCAG.black, secondary: WCAG.white, accent: light), background: WCAG.white)
        let aa = audit.failures(.aa)
        XCTAssertTrue(
            aa.contains {
                if case .accent(.role(.secondary), _) = $0 { return true }
                return false
            })
        XCTAssertTrue(
            aa.contains {
                if case .accent(.background, _) = $0 { return true }
                return false
            })
        XCTAssertFalse(
            aa.contains {
                if case .accent(.role(.primary), _) = $0 { return true }
                return false
            })
        // Every colour carries its ink at 4.5:1 (the worst is sqrt(21) = 4.58); a mid grey not at 7:1.
        XCTAssertFalse(
            aa.contains {
                if case .ink = $0 { return true }
                return false
            })
        let grey = RGB(packed: 0x777777)
        let mid = PaletteAudit(
            Palette(primary: WCAG.black, secondary: WCAG.white, accent: grey), background: WCAG.black)
        XCTAssertTrue(mid.failures(.aaa).contains(.ink(.accent, ratio: AccessibilityLevel.inkRatio(grey))))
        XCTAssertFalse(
            mid.failures(.aa).contains {
                if case .ink = $0 { return true }
                return false
            })
        // Two blues a step apart cannot be told apart under any deficiency.
        let twins = PaletteAudit(
            Palette(primary: RGB(packed: 0x336699), secondary: RGB(packed: 0x346699), accent: WCAG.white),
            background: WCAG.black)
        let collapsed = twins.failures(.aa).filter {
            if case .indistinct(_, .primary, .secondary, _) = $0 { return true }
            return false
        }
        XCTAssertEqual(collapsed.count, 3)
    }

    // MARK: - Targets

    func testTargetsParse() throws {
        XCTAssertEqual(try ContrastTarget(parsing: "4.5"), .ratio(4.5))
        XCTAssertEqual(try ContrastTarget(parsing: "4.5:1"), .ratio(4.5))
        XCTAssertEqual(try ContrastTarget(parsing: "aa"), .ratio(4.5))
        XCTAssertEqual(try ContrastTarget(parsing: "AAA"), .ratio(7))
        XCTAssertEqual(try ContrastTarget(parsing: "Lc60"), .lc(60))
        XCTAssertEqual(try ContrastTarget(parsing: "lc 75.5"), .lc(75.5))
        for bad in ["", "A", "fast", "4.5x", "Lc", "Lcabc", "nan", "inf"] {
            XCTAssertThrowsError(try ContrastTarget(parsing: bad), bad) {
                XCTAssertEqual($0 as? ContrastTargetError, .notATarget(bad))
            }
        }
        XCTAssertThrowsError(try ContrastTarget(parsing: "22")) {
            XCTAssertEqual($0 as? ContrastTargetError, .ratioOutOfRange("22"))
        }
        XCTAssertThrowsError(try ContrastTarget(parsing: "0.5")) {
            XCTAssertEqual($0 as? ContrastTargetError, .ratioOutOfRange("0.5"))
        }
        XCTAssertThrowsError(try ContrastTarget(parsing: "Lc200")) {
            XCTAssertEqual($0 as? ContrastTargetError, .lcOutOfRange("Lc200"))
        }
    }

    // MARK: - Repair

    /// A deterministic generator: the test never depends on the clock.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func unit() -> Double { Double(next() % 1_000_001) / 1_000_000 }
        mutating func color() -> RGB { RGB(packed: UInt32(next() & 0xFF_FFFF)) }
    }

    /// A random target: WCAG ratios from 1.5 to 15 and the levels, APCA Lc 15 to 90.
    static func target(_ r: inout Random) -> ContrastTarget {
        switch r.below(6) {
        case 0: return .aa
        case 1: return .aaa
        case 2: return .ratio(3)
        case 3, 4: return .ratio(1.5 + 13.5 * r.unit())
        default: return .lc(15 + 75 * r.unit())
        }
    }

    /// The nearest passing, hue-keeping colour over every `stride`-th lattice step, searched
    /// without the production search: every step is tried.
    static func bruteForce(_ color: RGB, against other: RGB, target: ContrastTarget, stride: Int)
        -> (color: RGB, deltaE: Double)?
    {
        let path = LightnessPath(color)
        var best: (color: RGB, deltaE: Double)?
        var seen: Set<RGB> = []
        for k in Swift.stride(from: 0, through: LightnessPath.steps, by: stride) {
            let c = path.color(atStep: k)
            guard seen.insert(c).inserted, meets(c, other, target), (hueMove(color, c) ?? 0) <= 2 else { continue }
            let d = CIEDE2000.difference(color, c)
            if best == nil || d < best!.deltaE { best = (c, d) }
        }
        return best
    }

    /// The hue difference after rounding, or nil where the rule does not apply (either colour
    /// at chroma 0.05 or less). Written here, not taken from the code under test.
    static func hueMove(_ a: RGB, _ b: RGB) -> Double? {
        let x = OKLCH(a)
        let y = OKLCH(b)
        guard x.c > 0.05, y.c > 0.05 else { return nil }
        let d = abs(x.h - y.h)
        return min(d, 360 - d)
    }

    /// The target's rule computed from the formulas directly, not through `ContrastTarget`.
    static func meets(_ c: RGB, _ other: RGB, _ target: ContrastTarget) -> Bool {
        switch target {
        case .ratio(let r): return WCAG.contrast(c, other) >= r
        case .lc(let l): return abs(APCA.lc(text: c, background: other)) >= l
        }
    }

    struct Tally {
        var cases = 0, alreadyMet = 0, repaired = 0, unreachable = 0
        var failedAfterRounding = 0, hueBroken = 0, nearerFound = 0, missedReachable = 0
        var worstHue = 0.0
        var nearerExamples: [String] = []

        mutating func check(_ color: RGB, _ other: RGB, _ target: ContrastTarget, stride: Int) {
            cases += 1
            let repair = ContrastRepair(color, against: other, target: target)
            switch repair.outcome {
            case .alreadyMet:
                alreadyMet += 1
                if !AccessibilityTests.meets(color, other, target) { failedAfterRounding += 1 }
            case .repaired(let c):
                repaired += 1
                if !AccessibilityTests.meets(c, other, target) { failedAfterRounding += 1 }
                if let move = AccessibilityTests.hueMove(color, c) {
                    worstHue = max(worstHue, move)
                    if move > LightnessPath.hueTolerance { hueBroken += 1 }
                }
                if let brute = AccessibilityTests.bruteForce(color, against: other, target: target, stride: stride),
                    brute.deltaE < repair.deltaE - 1e-12
                {
                    nearerFound += 1
                    if nearerExamples.count < 5 {
                        nearerExamples.append(
                            "\(color) vs \(other) \(target): chose \(c) ΔE \(repair.deltaE), brute \(brute.color) ΔE \(brute.deltaE)"
                        )
                    }
                }
            case .unreachable:
                unreachable += 1
                if AccessibilityTests.bruteForce(color, against: other, target: target, stride: stride) != nil {
                    missedReachable += 1
                }
            }
        }
    }

    /// 10,000 random palettes and targets: a random role against another role or the background.
    func testTenThousandRepairsPassKeepHueAndAreNearest() {
        var r = Random(state: 0xACCE55)
        var tally = Tally()
        for _ in 0..<10_000 {
            let palette = Palette(primary: r.color(), secondary: r.color(), accent: r.color())
            let background = [WCAG.white, WCAG.black, r.color()][r.below(3)]
            let role = Role.allCases[r.below(3)]
            let others = Role.allCases.filter { $0 != role }.map { palette[$0] } + [background]
            tally.check(palette[role], others[r.below(3)], Self.target(&r), stride: 10)
        }
        print(
            "ACCESS figure: repair over \(tally.cases) random palettes and targets (brute force every 0.001 of lightness): "
                + "\(tally.repaired) repaired, \(tally.alreadyMet) already met, \(tally.unreachable) unreachable; "
                + "fail after rounding \(tally.failedAfterRounding), hue beyond 2° \(tally.hueBroken) (largest \(ColorReport.fixed(tally.worstHue, 3))°), "
                + "nearer lightness candidate found \(tally.nearerFound), reachable called unreachable \(tally.missedReachable)"
        )
        XCTAssertEqual(tally.cases, 10_000)
        XCTAssertGreaterThan(tally.repaired, 4_000)
        XCTAssertGreaterThan(tally.unreachable, 0)
        XCTAssertEqual(tally.failedAfterRounding, 0)
        XCTAssertEqual(tally.hueBroken, 0)
        XCTAssertEqual(tally.nearerFound, 0, tally.nearerExamples.joined(separator: "\n"))
        XCTAssertEqual(tally.missedReachable, 0)
    }

    /// The same check on the full lattice (every 0.0001 of lightness), on fewer cases.
    func testRepairsAreNearestOnTheFullLattice() {
        var r = Random(state: 0xF1E1D)
        var tally = Tally()
        for _ in 0..<300 {
            tally.check(r.color(), [WCAG.white, WCAG.black, r.color()][r.below(3)], Self.target(&r), stride: 1)
        }
        print(
            "ACCESS figure: repair over \(tally.cases) cases against every 0.0001 of lightness: nearer found \(tally.nearerFound), "
                + "fail after rounding \(tally.failedAfterRounding), hue beyond 2° \(tally.hueBroken)")
        XCTAssertEqual(tally.failedAfterRounding, 0)
        XCTAssertEqual(tally.hueBroken, 0)
        XCTAssertEqual(tally.nearerFound, 0, tally.nearerExamples.joined(separator: "\n"))
        XCTAssertEqual(tally.missedReachable, 0)
    }

    func testLightnessPathIsTheGamutMappingOfEachLightness() {
        var r = Random(state: 0xBA5E)
        for _ in 0..<50 {
            let path = LightnessPath(r.color())
            for k in stride(from: 0, through: LightnessPath.steps, by: 97) {
                let l = Double(k) / Double(LightnessPath.steps)
                XCTAssertEqual(path.color(atStep: k), OKLCH(l: l, c: path.lch.c, h: path.lch.h).gamutMapped())
            }
        }
    }

    func testRepairKnownCases() throws {
        // Orange on white fails AA; the repair darkens it, keeps the hue, reaches 4.5 after rounding.
        let orange = RGB(packed: 0xF18F01)
        let repair = ContrastRepair(orange, against: WCAG.white, target: .aa)
        guard case .repaired(let c) = repair.outcome else { return XCTFail("\(repair.outcome)") }
        XCTAssertGreaterThanOrEqual(WCAG.contrast(c, WCAG.white), 4.5)
        XCTAssertLessThan(OKLCH(c).l, OKLCH(orange).l)
        XCTAssertLessThanOrEqual(try XCTUnwrap(Self.hueMove(orange, c)), 2)
        XCTAssertLessThan(repair.before, 4.5)
        XCTAssertEqual(repair.after, WCAG.contrast(c, WCAG.white))
        // Against black the same orange already passes.
        XCTAssertEqual(ContrastRepair(orange, against: WCAG.black, target: .aa).outcome, .alreadyMet)
        // Nothing reaches 7:1 against mid grey: the best ink is offered, and it fails too.
        let grey = RGB(packed: 0x777777)
        let none = ContrastRepair(orange, against: grey, target: .aaa)
        XCTAssertEqual(none.outcome, .unreachable(ink: WCAG.black, inkMeets: false))
        XCTAssertEqual(none.result, orange)
        // APCA: the magnitude counts, both polarities.
        let lc = ContrastRepair(RGB(packed: 0x5A7D9A), against: RGB(packed: 0x1E1E2E), target: .lc(60))
        guard case .repaired(let light) = lc.outcome else { return XCTFail("\(lc.outcome)") }
        XCTAssertLessThanOrEqual(APCA.lc(text: light, background: RGB(packed: 0x1E1E2E)), -60)
    }

    // MARK: - Splitting colours a deficiency collapses

    func testSplitMovesTheRoleThatMovesLeast() throws {
        var r = Random(state: 0x5B117)
        var splits = 0
        var unsplit = 0
        for _ in 0..<400 {
            let base = r.color()
            let near = RGB(r: base.r &+ UInt8(r.below(9)), g: base.g, b: base.b &+ UInt8(r.below(9)))
            let palette = Palette(primary: base, secondary: near, accent: r.color())
            let kind = VisionDeficiency.allCases[r.below(3)]
            guard CIEDE2000.difference(kind.simulate(base), kind.simulate(near)) < 10 else { continue }
            guard let change = palette.split(.primary, .secondary, under: kind) else {
                unsplit += 1
                continue
            }
            splits += 1
            var after = palette
            after[change.role] = change.to
            XCTAssertGreaterThanOrEqual(
                CIEDE2000.difference(kind.simulate(after.primary), kind.simulate(after.secondary)), 10)
            if let move = Self.hueMove(change.from, change.to) { XCTAssertLessThanOrEqual(move, 2) }
            // The other role could not have reached 10 with a smaller move.
            let other: Role = change.role == .primary ? .secondary : .primary
            let otherPath = LightnessPath(palette[other])
            let moved = CIEDE2000.difference(change.from, change.to)
            let heldSim = CIELab(kind.simulate(palette[change.role]))
            for k in stride(from: 0, through: LightnessPath.steps, by: 10) {
                let c = otherPath.color(atStep: k)
                let apart =
                    (OKLCH(c).l - OKLCH(palette[change.role]).l)
                    * (OKLCH(palette[other]).l - OKLCH(palette[change.role]).l) >= 0
                guard apart, otherPath.keepsHue(c), CIEDE2000.difference(CIELab(kind.simulate(c)), heldSim) >= 10 else {
                    continue
                }
                XCTAssertGreaterThanOrEqual(CIEDE2000.difference(palette[other], c), moved - 1e-9, "\(palette) \(kind)")
            }
        }
        print(
            "ACCESS figure: CVD split of \(splits + unsplit) collapsing pairs: \(splits) split, \(unsplit) impossible")
        XCTAssertGreaterThan(splits, 50)
    }

    // MARK: - The app's repair key

    func testRoleRepairFixesTheWorstFailureOfThatRole() throws {
        let palette = Palette(
            primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01))
        let audit = PaletteAudit(palette, background: WCAG.white)
        // The accent's worst is against the primary (1.69:1, under the secondary's 2.54 and the background's 2.42).
        let accent = RoleRepair(.accent, in: audit, level: .aa)
        XCTAssertEqual(accent.rule, .contrast(against: .role(.primary), color: palette.primary, target: .ratio(3)))
        guard case .repaired(let change) = accent.outcome else { return XCTFail("\(accent.outcome)") }
        XCTAssertEqual(change.role, .accent)
        XCTAssertEqual(change.from, palette.accent)
        XCTAssertGreaterThanOrEqual(WCAG.contrast(change.to, palette.primary), 3)
        XCTAssertEqual(accent.before, WCAG.contrast(palette.accent, palette.primary))
        XCTAssertEqual(accent.after, WCAG.contrast(change.to, palette.primary))
        // The primary's only failure is the accent against it: the primary moves.
        let primary = RoleRepair(.primary, in: audit, level: .aa)
        XCTAssertEqual(primary.rule, .contrast(against: .role(.accent), color: palette.accent, target: .ratio(3)))
        guard case .repaired(let moved) = primary.outcome else { return XCTFail("\(primary.outcome)") }
        XCTAssertEqual(moved.role, .primary)
        XCTAssertGreaterThanOrEqual(WCAG.contrast(moved.to, palette.accent), 3)
        // AAA: a mid grey's ink (4.69:1) is its only failure; it moves until it carries 7:1.
        let greys = PaletteAudit(
            Palette(primary: WCAG.black, secondary: RGB(packed: 0x777777), accent: WCAG.white), background: WCAG.black)
        XCTAssertEqual(
            greys.failures(.aaa), [.ink(.secondary, ratio: AccessibilityLevel.inkRatio(RGB(packed: 0x777777)))])
        let ink = RoleRepair(.secondary, in: greys, level: .aaa)
        guard case .repaired(let inked) = ink.outcome, case .ink(_, let target)? = ink.rule else {
            return XCTFail("\(ink)")
        }
        XCTAssertEqual(target, .ratio(7))
        XCTAssertGreaterThanOrEqual(AccessibilityLevel.inkRatio(inked.to), 7)
        // Two blues a step apart: the selected one moves until each deficiency tells them apart.
        let twins = PaletteAudit(
            Palette(primary: RGB(packed: 0x336699), secondary: RGB(packed: 0x346699), accent: WCAG.white),
            background: WCAG.black)
        let split = RoleRepair(.secondary, in: twins, level: .aa)
        guard case .repaired(let apart) = split.outcome, case .vision(let kind, .primary)? = split.rule else {
            return XCTFail("\(split)")
        }
        XCTAssertEqual(apart.role, .secondary)
        XCTAssertGreaterThanOrEqual(
            CIEDE2000.difference(kind.simulate(apart.to), kind.simulate(twins.palette.primary)), 10)
        XCTAssertEqual(split.after, CIEDE2000.difference(kind.simulate(apart.to), kind.simulate(twins.palette.primary)))
        // A palette that meets AA has nothing to repair in any role.
        let met = try XCTUnwrap(AccessibilityRequirement(level: .aa).enforce(palette)).palette
        for role in Role.allCases {
            let none = RoleRepair(role, in: PaletteAudit(met, background: WCAG.white), level: .aa)
            XCTAssertEqual(none.outcome, .nothingFails)
            XCTAssertNil(none.rule)
        }
    }

    func testRoleRepairOnRandomPalettesRemovesTheFailureItRepairs() {
        var r = Random(state: 0x0FF1CE)
        var repaired = 0
        var nothing = 0
        var unreachable = 0
        for _ in 0..<600 {
            let palette = Palette(primary: r.color(), secondary: r.color(), accent: r.color())
            let audit = PaletteAudit(palette, background: [WCAG.white, WCAG.black, r.color()][r.below(3)])
            let role = Role.allCases[r.below(3)]
            let level: AccessibilityLevel = r.below(4) == 0 ? .aaa : .aa
            let repair = RoleRepair(role, in: audit, level: level)
            switch repair.outcome {
            case .nothingFails:
                nothing += 1
                XCTAssertFalse(audit.failures(level).contains { $0.roles.contains(role) })
            case .unreachable:
                unreachable += 1
            case .repaired(let change):
                repaired += 1
                XCTAssertEqual(change.role, role)
                XCTAssertEqual(change.from, palette[role])
                if let move = Self.hueMove(change.from, change.to) { XCTAssertLessThanOrEqual(move, 2) }
                var after = palette
                after[role] = change.to
                switch repair.rule {
                case .contrast(_, let color, let target)?:
                    XCTAssertTrue(Self.meets(change.to, color, target))
                case .ink(_, let target)?:
                    XCTAssertGreaterThanOrEqual(AccessibilityLevel.inkRatio(change.to), target.threshold)
                case .vision(let kind, let other)?:
                    XCTAssertGreaterThanOrEqual(
                        CIEDE2000.difference(kind.simulate(change.to), kind.simulate(palette[other])), 10)
                case nil:
                    XCTFail("a repair names its rule")
                }
            }
        }
        print(
            "ACCESS figure: repair key on 600 random palettes: \(repaired) repaired, \(nothing) with nothing failing, \(unreachable) unreachable"
        )
        XCTAssertGreaterThan(repaired, 300)
    }

    /// The repair key moves a role to where every rule of the level involving it holds, when
    /// any lightness does: checked against the audit itself (not the search's score) and, when
    /// it says none does, against every 10th step of the lightness path.
    func testRoleRepairClearsTheRoleWheneverSomeLightnessCan() {
        var r = Random(state: 0xC1EA45)
        var cleared = 0
        var worstOnly = 0
        var nearer = 0
        var spent = Duration.zero
        var slowest = Duration.zero
        for _ in 0..<400 {
            let palette = Palette(primary: r.color(), secondary: r.color(), accent: r.color())
            let background = [WCAG.white, WCAG.black, r.color()][r.below(3)]
            let role = Role.allCases[r.below(3)]
            let level: AccessibilityLevel = r.below(4) == 0 ? .aaa : .aa
            let start = ContinuousClock.now
            let repair = RoleRepair(role, in: PaletteAudit(palette, background: background), level: level)
            let took = ContinuousClock.now - start
            spent += took
            slowest = max(slowest, took)
            guard case .repaired(let change) = repair.outcome else { continue }
            func clears(_ c: RGB) -> Bool {
                var p = palette
                p[role] = c
                return !PaletteAudit(p, background: background).failures(level).contains { $0.roles.contains(role) }
            }
            let path = LightnessPath(palette[role])
            let passing = stride(from: 0, through: LightnessPath.steps, by: 10).map(path.color(atStep:))
                .filter { path.keepsHue($0) && clears($0) }
            if repair.clearsRole {
                cleared += 1
                XCTAssertTrue(clears(change.to), "\(palette) \(role): said cleared, audit disagrees")
                let best = passing.map { CIEDE2000.difference(palette[role], $0) }.min() ?? .infinity
                if best < CIEDE2000.difference(palette[role], change.to) - 1e-9 { nearer += 1 }
            } else {
                worstOnly += 1
                XCTAssertFalse(clears(change.to))
                XCTAssertEqual(passing, [], "\(palette) \(role) \(level): a lightness clears the role")
            }
        }
        print(
            "ACCESS figure: repair key clearing the role on 400 random palettes: \(cleared) cleared every rule of the role, "
                + "\(worstOnly) could only fix the worst (brute force every 10th step agrees), nearer clearing step found \(nearer); "
                + "a repair took \(spent / 400) on average, \(slowest) at most (this build)"
        )
        XCTAssertEqual(nearer, 0)
        XCTAssertGreaterThan(cleared, 130)
    }

    // MARK: - Generation to a level

    func testEnforcedPalettesMeetTheLevel() {
        var r = Random(state: 0x6E4)
        var met = 0
        var total = 0
        var unchanged = 0
        for i in 0..<1_000 {
            let palette = Palette(primary: r.color(), secondary: r.color(), accent: r.color())
            let requirement = AccessibilityRequirement(
                level: i % 3 == 0 ? .aaa : .aa,
                background: [WCAG.white, WCAG.black, r.color()][r.below(3)])
            total += 1
            guard let (result, changes) = requirement.enforce(palette) else { continue }
            if Self.levelHolds(result, requirement) { met += 1 }
            XCTAssertEqual(requirement.isMet(by: result), Self.levelHolds(result, requirement))
            if changes.isEmpty {
                unchanged += 1
                XCTAssertEqual(result, palette)
            }
            for change in changes {
                XCTAssertEqual(palette[change.role], change.from)
                XCTAssertEqual(result[change.role], change.to)
            }
        }
        print(
            "ACCESS figure: enforce on \(total) random palettes (AA and AAA, light, dark and random backgrounds): "
                + "\(met) meet the level (\(ColorReport.fixed(Double(met) * 100 / Double(total), 2)) %), \(unchanged) needed no change"
        )
        XCTAssertEqual(met, total)
    }

    /// The level's three rules computed from the formulas, independently of `PaletteAudit`.
    static func levelHolds(_ p: Palette, _ requirement: AccessibilityRequirement) -> Bool {
        let ink = requirement.level == .aa ? 4.5 : 7.0
        for c in p.colors where max(WCAG.contrast(c, WCAG.white), WCAG.contrast(c, WCAG.black)) < ink { return false }
        for other in [p.primary, p.secondary, requirement.background] where WCAG.contrast(p.accent, other) < 3 {
            return false
        }
        for kind in VisionDeficiency.allCases {
            let s = p.colors.map(kind.simulate)
            for (i, j) in [(0, 1), (0, 2), (1, 2)] where CIEDE2000.difference(s[i], s[j]) < 10 { return false }
        }
        return true
    }

    func testEnforceKeepsFixedRoles() throws {
        let palette = Palette(
            primary: RGB(packed: 0x336699), secondary: RGB(packed: 0x346699), accent: RGB(packed: 0x3366AA))
        let requirement = AccessibilityRequirement(level: .aa, background: WCAG.white)
        let (result, _) = try XCTUnwrap(requirement.enforce(palette, fixed: [.primary]))
        XCTAssertEqual(result.primary, palette.primary)
        XCTAssertTrue(requirement.isMet(by: result))
    }
}
