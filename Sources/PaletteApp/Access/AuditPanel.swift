import PaletteCore
import PaletteText
import ScreenCore

/// The audit panel under the panes (`a`): the level marks, the WCAG ratio and pass marks of
/// each pair of roles and the background with APCA Lc beside it, a colour-vision line, and
/// what the repair key would do to the selected pane, before and after.
///
/// Every result carries a mark (✓ or ✗), so nothing is told by colour alone; failing rows are
/// also bold. On a short panel the rows kept are the header, the repair offer, the vision line,
/// then the pairs, failing ones first.
struct AuditPanel: ScreenPart {
    /// Header, six pairs, the ink line, the vision line and the offer.
    static let idealRows = 10

    @ComparedInPlace var view: AuditView? = nil
    var hasPalette: Bool

    init(_ state: borrowing AppState) {
        if state.isShowingAudit { view = state.auditView }
        hasPalette = false
        if case .some = state.shown { hasPalette = true }
    }

    static func rows(in layout: Layout) -> Range<Int> {
        guard let rect = layout.audit else { return 0..<0 }
        return rect.y..<(rect.y + rect.height)
    }

    /// The six unordered pairs, in audit order: roles with each other, then on the background.
    static let pairs: [(AuditSubject, AuditSubject)] =
        PaletteAudit.rolePairs.map { (.role($0.0), .role($0.1)) } + Role.allCases.map { (.role($0), .background) }

    private enum Line {
        case header
        case pair(ContrastPair)
        case ink, vision, offer
    }

    /// Whether the level checks the pair: the accent against everything at 3:1 (UI); the
    /// other pairs are shown for their figures, and their row carries no verdict, so the marks
    /// at the left are exactly the level's checks (docs/decisions.md, "the audit agrees").
    static func isChecked(_ p: ContrastPair) -> Bool {
        p.foreground == .role(.accent) || p.background == .role(.accent)
    }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        guard let rect = frame.layout.audit else { return }
        let language = frame.language
        guard let view else {
            canvas.put(
                AccessWords.noPalette(language), x: rect.x, y: rect.y, style: frame.theme.dim,
                limit: rect.x + rect.width, ellipsis: true)
            return
        }
        let audit = view.audit
        let pairs = Self.pairs.compactMap { audit.pair($0.0, on: $0.1) }
        // Natural order, and the order rows are kept in when the panel is short.
        let lines: [Line] = [.header] + pairs.map(Line.pair) + [.ink, .vision, .offer]
        let failing = { (p: ContrastPair) in Self.isChecked(p) && !p.nonText }
        var priority: [Int] = [0] + pairs.indices.map { failing(pairs[$0]) ? 4 + $0 : 11 + $0 } + [3, 2, 1]
        if rect.height < lines.count {
            let kept = Set(priority.enumerated().sorted { $0.element < $1.element }.prefix(rect.height).map(\.offset))
            priority = priority.indices.map { kept.contains($0) ? 0 : -1 }
        }
        let labelWidth =
            pairs.map { DisplayWidth.of(Self.pairLabel($0, language)) }.max() ?? 0
        var y = rect.y
        let limit = rect.x + rect.width
        for (i, line) in lines.enumerated() where priority[i] >= 0 {
            defer { y += 1 }
            switch line {
            case .header:
                canvas.put(
                    AccessWords.header(audit)(language), x: rect.x, y: y, style: Style(bold: true), limit: limit,
                    ellipsis: true)
            case .pair(let p):
                let checked = Self.isChecked(p)
                let style = failing(p) ? frame.theme.status(.error) : checked ? Style.plain : frame.theme.dim
                let label = Self.pairLabel(p, language)
                let pad = String(repeating: " ", count: max(labelWidth - DisplayWidth.of(label), 0))
                let ratio = AccessText.ratio(p.ratio)
                let ratioPad = String(repeating: " ", count: max(7 - ratio.count, 0))
                let mark = checked ? AccessText.mark(p.nonText) : "·"
                let text =
                    "\(mark) \(label)\(pad)  \(ratioPad)\(ratio)  "
                    + AccessWords.marks(p, language)
                canvas.put(text, x: rect.x, y: y, style: style, limit: limit, ellipsis: true)
            case .ink:
                let fails = Role.allCases.contains {
                    AccessibilityLevel.inkRatio(audit.palette[$0]) < view.level.textRatio
                }
                canvas.put(
                    AccessWords.inkLine(audit, level: view.level, language), x: rect.x, y: y,
                    style: fails ? frame.theme.status(.error) : Style.plain, limit: limit, ellipsis: true)
            case .vision:
                drawVision(audit, y: y, limit: limit, on: &canvas, frame)
            case .offer:
                drawOffer(view, y: y, rect: rect, on: &canvas, frame)
            }
        }
    }

    /// "Primary / Background".
    private static func pairLabel(_ p: ContrastPair, _ language: Language) -> String {
        AccessText.subject(p.foreground)(language) + " / " + AccessText.subject(p.background)(language)
    }

    /// "Colour vision ΔE00: protan ✓ 21.4 · deutan ✓ 24.1 · tritan ✗ 8.1 Primary/Accent": the
    /// closest two roles under each deficiency.
    private func drawVision(_ audit: PaletteAudit, y: Int, limit: Int, on canvas: inout Canvas, _ frame: RenderFrame) {
        let language = frame.language
        var parts: [String] = []
        var fails = false
        for kind in VisionDeficiency.allCases {
            guard let closest = audit.deficiencies.filter({ $0.deficiency == kind }).min(by: { $0.deltaE < $1.deltaE })
            else { continue }
            var part =
                "\(AccessText.deficiency(kind)(language)) \(AccessText.mark(closest.distinguishable)) "
                + AccessText.deltaE(closest.deltaE)
            if !closest.distinguishable {
                fails = true
                part += " \(closest.a.label(language))/\(closest.b.label(language))"
            }
            parts.append(part)
        }
        let colon = language == .english ? ": " : "："
        let text = AccessWords.vision(language) + colon + parts.joined(separator: " · ")
        let style = fails ? frame.theme.status(.error) : Style.plain
        let x = frame.layout.audit?.x ?? 1
        canvas.put(text, x: x, y: y, style: style, limit: limit, ellipsis: true)
    }

    /// "x repairs Accent: ██ #E8B04B -> ██ #F8C05C  1.12:1 -> 3.01:1 against Secondary (AA)",
    /// or why it would not change anything.
    private func drawOffer(_ view: AuditView, y: Int, rect: Rect, on canvas: inout Canvas, _ frame: RenderFrame) {
        let language = frame.language
        let limit = rect.x + rect.width
        let offer = view.offer
        guard case .repaired(let change) = offer.outcome else {
            let style = offer.outcome == .nothingFails ? frame.theme.dim : Style(bold: true)
            canvas.put(
                AccessWords.repairNotMade(offer, level: view.level, failing: view.failingRoles)(language), x: rect.x,
                y: y, style: style,
                limit: limit, ellipsis: true)
            return
        }
        var x = canvas.put(AccessWords.offer(change.role)(language) + " ", x: rect.x, y: y, style: Style(bold: true))
        for (n, color) in [change.from, change.to].enumerated() {
            if n > 0 { x = canvas.put(" -> ", x: x, y: y, style: .plain, limit: limit) }
            if frame.theme.fills, x + 2 <= limit {
                canvas.fill(Rect(x: x, y: y, width: 2, height: 1), style: Style(background: .rgb(color)))
                x += 3
            }
            x = canvas.put(color.hex, x: x, y: y, style: .plain, limit: limit)
        }
        var tail = "  " + AccessWords.change(offer)(language)
        if !view.offerBreaks.isEmpty { tail += AccessWords.offerBreaks(view.offerBreaks, level: view.level)(language) }
        canvas.put(tail, x: x, y: y, style: .plain, limit: limit, ellipsis: true)
    }
}
