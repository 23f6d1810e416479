import Foundation
import PaletteCore
import PaletteExport
import PaletteHistory
import XCTest

@testable import PaletteApp

/// `AppState`'s equality is the compiler's: every field counts, except the two kept out on
/// purpose in `NotCompared`. Catches the house review's mutation M3 (a hand-written `==` that
/// dropped `selectedRole`, which every "exact state" assertion then silently ignored).
final class StateEqualityTests: XCTestCase {
    /// One change per stored field. A new field must be listed here, or the first assertion fails.
    static let changes: [String: @Sendable (inout AppState) -> Void] = [
        "width": { $0.width += 1 },
        "height": { $0.height += 1 },
        "colorMode": { $0.colorMode = .none },
        "language": { $0.language = .simplifiedChinese },
        "providerName": { $0.providerName = "offline" },
        "modelName": { $0.modelName = nil },
        "field": { $0.field.insert("x") },
        "descriptionSelected": { $0.descriptionSelected = true },
        "descriptionRecall": { $0.descriptionRecall.setAside("x") },
        "focus": { $0.focus = .panes },
        "pendingConfirmation": { $0.pendingConfirmation = PendingConfirmation(command: .quit, key: .character("q")) },
        "request": {
            $0.request = InFlightRequest(id: 9, description: "x", variation: 0, started: .zero, elapsedMilliseconds: 0)
        },
        "shown": {
            $0.shown = ShownPalette(
                palette: Fixture.palette, description: "x", provider: "p", model: nil, isFallback: false)
        },
        "selectedRole": { $0.selectedRole = .accent },
        "status": { $0.status = StatusMessage("x") },
        // Derived from the status and the width: a message too long for its row.
        "statusLines": { $0.status = StatusMessage(String(repeating: "a long message ", count: 12), kind: .warning) },
        "history": { $0.history.append(Fixture.entry(1, "x")) },
        "filterField": { $0.filterField.insert("x") },
        "isEditingFilter": { $0.isEditingFilter = true },
        "isShowingHelp": { $0.isShowingHelp = true },
        "helpScroll": { $0.helpScroll = 3 },
        "workbench": { $0.workbench.record(.delete(id: "x")) },
        "nextRequestID": { $0.nextRequestID = 5 },
        "lastRequest": { $0.lastRequest = LastRequest(description: "x", variation: 2) },
        "access": { $0.access.background = WCAG.black },
        "isShowingAudit": { $0.isShowingAudit = true },
        "auditView": {
            $0.auditView = AuditView(palette: Fixture.palette, background: WCAG.white, level: .aa, selected: .primary)
        },
        "vision": { $0.vision = .tritan },
        "exportMenu": { $0.exportMenu = ExportMenu() },
        "themePreview": {
            $0.themePreview = ThemePreview(
                theme: ThemeDerivation.derive(Fixture.palette, variant: .dark), description: "x")
        },
        "systemView": { $0.systemView = SystemView(palette: Fixture.palette, description: "x") },
        "previewSupport": { $0.previewSupport = .known },
        "exportDirectory": { $0.exportDirectory = "/elsewhere" },
        "appearance": { $0.appearance.take(background: RGB(packed: 0xFFFFFF)) },
        "image": { $0.image.prompt = TextField() },
    ]

    /// Kept out of equality on purpose: caches and clocks.
    static let notCompared: [String: @Sendable (inout AppState) -> Void] = [
        "colorNames": { _ = $0.colorNames.value.names(for: Fixture.forest, language: .english) },
        "clock": {
            $0.clock = NotCompared(AppClock(now: { .distantPast }, uptime: { .seconds(1) }, makeID: { "other" }))
        },
    ]

    func testEveryFieldCountsInEqualityButTheNotComparedOnes() {
        let base = Fixture.state()
        let fields = Set(Mirror(reflecting: base).children.compactMap(\.label))
        XCTAssertEqual(
            fields, Set(Self.changes.keys).union(Self.notCompared.keys),
            "every stored field of AppState needs a change here")
        for (name, change) in Self.changes {
            var changed = base
            change(&changed)
            XCTAssertNotEqual(changed, base, "\(name) is left out of AppState's equality")
        }
        for (name, change) in Self.notCompared {
            var changed = base
            change(&changed)
            XCTAssertEqual(changed, base, "\(name) should not count")
        }
    }
}
