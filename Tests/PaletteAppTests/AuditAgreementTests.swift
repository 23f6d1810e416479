import PaletteCore
import PaletteText
import TestSupport
import XCTest

@testable import PaletteApp

/// The audit panel agrees with itself: the summary under the rows never clears a role that a
/// row, the ink line or the vision line marks failing, and a repair names what it fixed and
/// broke and never reports success while a check of its role still fails.
final class AuditAgreementTests: XCTestCase {
    private static let roleNames = ["Primary": Role.primary, "Secondary": .secondary, "Accent": .accent]

    private func shown(_ palette: Palette, select role: Role) -> AppState {
        var state = Fixture.state(width: 100, height: 30)
        state.type("tidal pool")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated(palette))))
        state.press(.tab, .tab)
        for _ in 0..<(Role.allCases.firstIndex(of: role) ?? 0) { state.press(.right) }
        state.press(.character("a"))
        return state
    }

    /// The panel's lines, and the roles its marks say fail: a row led by ✗, a role marked ✗ on
    /// the ink line, the two roles after a ✗ on the vision line.
    private func panel(_ state: AppState) -> (lines: [String], failing: Set<Role>) {
        guard let rect = state.layout.audit else { return ([], []) }
        let lines = Array(state.render().textLines[rect.y..<(rect.y + rect.height)])
        var failing = Set<Role>()
        for line in lines {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("✗ ") {
                for (name, role) in Self.roleNames where t.prefix(30).contains(name) { failing.insert(role) }
            } else if t.hasPrefix("Ink ") {
                for (name, role) in Self.roleNames where t.contains("\(name) ✗") { failing.insert(role) }
            } else if t.hasPrefix("Colour vision") {
                for part in t.components(separatedBy: " · ") where part.contains("✗") {
                    for (name, role) in Self.roleNames where part.contains(name) { failing.insert(role) }
                }
            }
        }
        return (lines, failing)
    }

    /// The role the offer line clears ("Nothing involving X fails"), if it clears one.
    private func cleared(_ lines: [String]) -> Role? {
        for line in lines {
            for (name, role) in Self.roleNames where line.contains("Nothing involving \(name) fails") { return role }
        }
        return nil
    }

    func testTheSummaryNeverClearsARoleTheRowsMarkFailingBeforeOrAfterARepair() {
        var rng = SplitMix64(seed: 0xA0D17)
        var contradictions: [String] = []
        var falseSuccess: [String] = []
        var unnamed: [String] = []
        var repairs = 0
        var cases = 0
        for _ in 0..<60 {
            let palette = Palette(
                primary: RGB(packed: UInt32(rng.next() % 0x1000000)),
                secondary: RGB(packed: UInt32(rng.next() % 0x1000000)),
                accent: RGB(packed: UInt32(rng.next() % 0x1000000)))
            for role in Role.allCases {
                cases += 1
                var state = shown(palette, select: role)
                let before = panel(state)
                if let r = cleared(before.lines), before.failing.contains(r) {
                    contradictions.append("before x: \(palette.colors.map(\.hex)) \(r): \(before.lines)")
                }
                state.press(.character("x"))
                let after = panel(state)
                if let r = cleared(after.lines), after.failing.contains(r) {
                    contradictions.append("after x: \(palette.colors.map(\.hex)) \(r): \(after.lines)")
                }
                guard let status = state.status, status.text.hasPrefix("Repaired") else { continue }
                repairs += 1
                let now = state.shown?.palette ?? palette
                let stillFails = PaletteAudit(now, background: WCAG.white).failures(.aa).filter {
                    $0.roles.contains(role)
                }
                // Success only when every check of the role passes; otherwise the line says what still fails.
                if status.kind == .success && !stillFails.isEmpty
                    || status.text.contains("all its AA checks pass")
                        && !stillFails.isEmpty
                {
                    falseSuccess.append("\(palette.colors.map(\.hex)) \(role): \(status.text) / \(stillFails)")
                }
                if !stillFails.isEmpty && !status.text.contains("still failing") && !status.text.contains("broke") {
                    unnamed.append("\(palette.colors.map(\.hex)) \(role): \(status.text)")
                }
                // The fixed checks are named: at least the one it set out to fix.
                if !status.text.contains(": fixed ") { unnamed.append(status.text) }
            }
        }
        print(
            "audit agreement: \(cases) palette × role cases, \(repairs) repairs, \(contradictions.count) contradictions"
        )
        XCTAssertGreaterThan(repairs, 90, "the random palettes exercise the repair")
        XCTAssertEqual(contradictions.count, 0, contradictions.prefix(3).joined(separator: "\n"))
        XCTAssertEqual(falseSuccess.count, 0, falseSuccess.prefix(3).joined(separator: "\n"))
        XCTAssertEqual(unnamed.count, 0, unnamed.prefix(3).joined(separator: "\n"))
    }

    /// Fixture.palette on white: the accent's three 3:1 checks fail; primary and secondary
    /// pass every AA check, so their pairs carry no ✗ and the offer clears them.
    func testRowsCarryTheLevelsVerdictAndTheRepairNamesEachCheckItFixed() throws {
        var state = shown(Fixture.palette, select: .primary)
        let (lines, failing) = panel(state)
        // The accent's three pairs fail 3:1, so each role is in a failing row.
        XCTAssertEqual(failing, [.primary, .secondary, .accent])
        XCTAssertTrue(lines.contains { $0.contains("x repairs Primary:") }, "\(lines)")
        // Primary on the background is below 4.5:1 as text, but the level does not check that
        // pair: its row shows the figures with "·", not a failure the summary would contradict.
        let primaryBackground = try XCTUnwrap(lines.first { $0.contains("Primary / Background") })
        XCTAssertTrue(primaryBackground.hasPrefix(" · Primary / Background"), primaryBackground)
        XCTAssertTrue(primaryBackground.contains("4.10:1  AA ✗"), primaryBackground)
        // Its ink (black, 5.11:1, cut) is what the level checks, on the ink line.
        let ink = try XCTUnwrap(lines.first { $0.contains("Ink 4.5:1: ") })
        XCTAssertTrue(ink.contains("Ink 4.5:1: Primary ✓ 5.11:1"), ink)
        state.press(.right, .right)
        state.press(.character("x"))
        XCTAssertEqual(state.status?.kind, .success)
        XCTAssertEqual(
            state.status?.text,
            "Repaired Accent #F18F01 -> #210F00: fixed Accent / Primary (UI 3:1) 1.69:1 -> 4.51:1, "
                + "Accent / Secondary (UI 3:1) 2.54:1 -> 3.00:1, Accent / Background (UI 3:1) 2.42:1 -> 18.53:1; "
                + "all its AA checks pass; u undoes.")
    }
}
