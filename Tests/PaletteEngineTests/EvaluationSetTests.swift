import PaletteCore
import TestSupport
import XCTest

@testable import PaletteEngine

/// Issue 32's evaluation set (Fixtures/evaluation.tsv): per-role expectations a designer wrote
/// before tuning, and the role structure of `RoleStructure`. Prints the fit rate and the
/// role-structure rate overall, per language, per kind, tuned and held apart, and fails
/// below 90 % of either.
final class EvaluationSetTests: XCTestCase {
    static let gate = 0.90

    func testEvaluationSetRates() throws {
        let cases = try EvaluationCase.load()
        XCTAssertGreaterThanOrEqual(cases.count, 300)
        let engine = OfflineEngine()
        var fit = Tally()
        var structure = Tally()
        var failures: [String] = []
        for c in cases {
            let j = c.judged(by: engine)
            fit.add(c, j.misses.isEmpty)
            structure.add(c, j.broken.isEmpty)
            // Held-out lines are never listed: their failures are not looked at while tuning.
            if c.split == "tuned", let line = c.failureLine(j, tag: c.split) { failures.append(line) }
        }
        print("PaletteEngine evaluation set (issue 32): fit \(fit.line()), role structure \(structure.line())")
        print("  part         fit                 role structure")
        for key in ["tuned", "held"] + EvaluationCase.kinds + DescriptionSetTests.languages {
            print(
                "  " + key.padding(toLength: 11, withPad: " ", startingAt: 0) + "  "
                    + fit.line(key).padding(toLength: 18, withPad: " ", startingAt: 0) + "  " + structure.line(key))
        }
        if !failures.isEmpty {
            print("evaluation set, failing (tuned lines only):\n" + failures.joined(separator: "\n"))
        }
        // Issue 32's gate: the set fails below 90 % fit or 90 % role structure (the goal is 95 %).
        XCTAssertGreaterThanOrEqual(fit.rate(), Self.gate, "fit rate \(fit.line()) is below the gate")
        XCTAssertGreaterThanOrEqual(
            structure.rate(), Self.gate, "role-structure rate \(structure.line()) is below the gate")
    }
}

extension EvaluationSetTests {
    /// A probe set outside the repository, in evaluation.tsv's columns, named by
    /// PALETTE_PROBE_SET: every failing line listed (a probe is for finding failures, never for
    /// the gate). Skipped when the variable is unset.
    func testProbeSet() throws {
        guard let path = ProcessInfo.processInfo.environment["PALETTE_PROBE_SET"] else {
            throw XCTSkip("PALETTE_PROBE_SET names no probe file")
        }
        let cases = try EvaluationCase.load(url: URL(fileURLWithPath: path))
        let engine = OfflineEngine()
        var fit = Tally()
        var lines: [String] = []
        for c in cases {
            let j = c.judged(by: engine)
            fit.add(c, j.misses.isEmpty && j.broken.isEmpty)
            if let line = c.failureLine(j, tag: c.concept) { lines.append(line) }
        }
        print("probe set \(path): \(fit.line())")
        for key in EvaluationCase.kinds + DescriptionSetTests.languages { print("  \(key) \(fit.line(key))") }
        print(lines.joined(separator: "\n"))
    }
}

/// Passes and totals, overall and by language, kind and split.
struct Tally {
    var counts: [String: (passed: Int, total: Int)] = [:]

    mutating func add(_ c: EvaluationCase, _ ok: Bool) {
        for key in ["", c.language, c.kind, c.split] {
            counts[key, default: (0, 0)].total += 1
            if ok { counts[key]!.passed += 1 }
        }
    }

    func rate(_ key: String = "") -> Double {
        guard let c = counts[key], c.total > 0 else { return 0 }
        return Double(c.passed) / Double(c.total)
    }

    func line(_ key: String = "") -> String {
        guard let c = counts[key] else { return "-" }
        return "\(c.passed)/\(c.total) \(String(format: "%.1f%%", rate(key) * 100))"
    }
}

/// One line of Fixtures/evaluation.tsv (its header documents the columns).
struct EvaluationCase {
    static let kinds = ["ref", "morph", "neg", "scene", "role"]

    struct Group {
        /// nil: any role.
        let role: Role?
        let families: Set<String>
        let lightness: [String]
        let text: String
    }

    let language: String
    let kind: String
    let split: String
    let concept: String
    let description: String
    let must: [Group]
    let mustNot: Set<String>
    let structure: RoleStructure.Request

    static func load(url: URL = Repository.url("Tests/PaletteEngineTests/Fixtures/evaluation.tsv")) throws
        -> [EvaluationCase]
    {
        let text = try String(contentsOf: url, encoding: .utf8)
        var out: [EvaluationCase] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count == 8, let structure = RoleStructure.Request(rawValue: cols[7]),
                ["tuned", "held"].contains(cols[2]), kinds.contains(cols[1])
            else { throw FixtureError.badLine(String(line)) }
            var groups: [Group] = []
            if cols[5] != "-" {
                for g in cols[5].split(separator: ";") {
                    let parts = g.split(separator: ":", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { throw FixtureError.badLine(String(line)) }
                    let role: Role?
                    switch parts[0] {
                    case "p": role = .primary
                    case "s": role = .secondary
                    case "a": role = .accent
                    case "any": role = nil
                    default: throw FixtureError.badLine(String(line))
                    }
                    let fl = parts[1].split(separator: "@", maxSplits: 1).map(String.init)
                    groups.append(
                        Group(
                            role: role, families: Set(fl[0].split(separator: "|").map(String.init)),
                            lightness: fl.count > 1 ? fl[1].split(separator: "|").map(String.init) : ["any"],
                            text: String(g)))
                }
            }
            out.append(
                EvaluationCase(
                    language: cols[0], kind: cols[1], split: cols[2], concept: cols[3], description: cols[4],
                    must: groups, mustNot: cols[6] == "-" ? [] : Set(cols[6].split(separator: "|").map(String.init)),
                    structure: structure))
        }
        return out
    }

    /// What the palette misses: each must group not met, each forbidden family shown.
    /// The engine's palette for this line, the groups it misses and the structure rules it breaks.
    func judged(by engine: OfflineEngine) -> (palette: Palette, misses: [String], broken: [RoleStructure.Rule]) {
        let p = engine.palette(for: description).palette
        return (p, misses(p), RoleStructure.violations(p, request: structure))
    }

    /// The listing line of a failure, `tag` beside the language and kind; nil when it passes.
    func failureLine(_ j: (palette: Palette, misses: [String], broken: [RoleStructure.Rule]), tag: String) -> String? {
        guard !j.misses.isEmpty || !j.broken.isEmpty else { return nil }
        return "  [\(language) \(kind) \(tag)] \(description) -> "
            + j.palette.colors.map(ColourJudge.describe).joined(separator: " / ")
            + (j.misses.isEmpty ? "" : " | misses " + j.misses.joined(separator: ", "))
            + (j.broken.isEmpty ? "" : " | breaks " + j.broken.map(\.rawValue).joined(separator: ", "))
    }

    func misses(_ p: Palette) -> [String] {
        var out: [String] = []
        for g in must {
            let colours = g.role.map { [p[$0]] } ?? p.colors
            let ok = colours.contains { c in
                g.families.contains(ColourJudge.family(c))
                    && g.lightness.contains { ColourJudge.matchesLightness(c, $0) }
            }
            if !ok { out.append(g.text) }
        }
        for c in p.colors where mustNot.contains(ColourJudge.family(c)) { out.append("no \(ColourJudge.family(c))") }
        return out
    }
}
