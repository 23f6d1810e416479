import FoundationEssentials
import Glibc
import PaletteCore
import PaletteSystem
import PaletteText
import ScreenCore

/// The system view's screen: the title; the four scales as strips under their steps' names (each
/// step's hex inside it from 99 columns up, the palette's own colour marked ◆, and its step and
/// hex on the line below; at 8 columns a cell the mark stands for the source's "#"); then, in each theme, a mock interface (heading, body and muted text,
/// a button in each palette role, an alert in each status colour, a card) and the contrast of
/// every pair the system promises. From 80 columns the two themes stand side by side, below
/// that one at a time (`v`); from 38 rows the pairs show under the mock, below that instead of
/// it (`a`). Token names (`primary`, `on-error`) are the same in every language.
struct SystemScreen {
    var view: SystemView

    /// Rows of one theme's mock interface and of its list of pairs.
    static let mockRows = 14
    static let pairRows = 14
    /// Rows above the themes: title, steps' names, four strips, the source line, a blank.
    static let headerRows = 8
    /// Both themes side by side from this width.
    static let sideBySideWidth = 80
    static let labelWidth = 10

    /// Whether the mock and the pairs both fit under the scales.
    static func stacksPairs(height: Int) -> Bool { height - headerRows - 1 >= mockRows + 1 + pairRows }

    /// The width of one strip's cell.
    static func cellWidth(width: Int) -> Int { max(2, min(10, (width - 1 - labelWidth) / ScaleStep.allCases.count)) }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let width = frame.width
        let height = frame.height
        let language = frame.language
        let chrome = frame.theme
        canvas.fill(Rect(x: 0, y: 0, width: width, height: height), style: .plain)
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: chrome.title)
        canvas.put(
            SystemViewWords.title(view.description)(language), x: 1, y: 0, style: chrome.title, limit: width - 1,
            ellipsis: true)
        drawStrips(on: &canvas, frame)

        let themes: [PaletteSystem.Theme] = width >= Self.sideBySideWidth ? [.light, .dark] : [view.theme]
        let columnWidth = (width - 2 - (themes.count - 1)) / themes.count
        for (n, theme) in themes.enumerated() {
            let x = 1 + n * (columnWidth + 1)
            var y = Self.headerRows
            if Self.stacksPairs(height: height) {
                drawMock(theme, x: x, y: y, width: columnWidth, on: &canvas, frame)
                y += Self.mockRows + 1
                drawPairs(theme, x: x, y: y, width: columnWidth, on: &canvas, frame)
            } else if view.showsPairs {
                drawPairs(theme, x: x, y: y, width: columnWidth, on: &canvas, frame)
            } else {
                drawMock(theme, x: x, y: y, width: columnWidth, on: &canvas, frame)
            }
        }
        // The keys, on the last row.
        let row = height - 1
        canvas.fill(Rect(x: 0, y: row, width: width, height: 1), style: .plain)
        var x = 1
        // A key with nothing to do at this size is not offered.
        var idle: Set<Command> = []
        if themes.count == 2 { idle.insert(.toggleSystemTheme) }
        if Self.stacksPairs(height: height) { idle.insert(.toggleSystemPairs) }
        let keys = KeyMap.footer(for: KeyScope.system.contexts, language: language, excluding: idle)
        for (n, item) in keys.enumerated() {
            let w = DisplayWidth.of(item.key) + 1 + DisplayWidth.of(item.text) + (n > 0 ? 3 : 0)
            if x + w > width - 1 { break }
            if n > 0 { x = canvas.put(" · ", x: x, y: row, style: chrome.dim) }
            x = canvas.put(item.key, x: x, y: row, style: Style(bold: true))
            x = canvas.put(" " + item.text, x: x, y: row, style: chrome.dim)
        }
    }

    // MARK: - Scales

    private func drawStrips(on canvas: inout Canvas, _ frame: RenderFrame) {
        let width = frame.width
        let cell = Self.cellWidth(width: width)
        let left = 1 + Self.labelWidth
        let fills = frame.theme.fills
        for (i, step) in ScaleStep.allCases.enumerated() where cell >= 3 {
            canvas.put(step.name, x: left + i * cell, y: 1, style: Style(bold: true), limit: width)
        }
        for (row, name) in SystemView.strips.enumerated() {
            guard let scale = view.system.scales[name] else { continue }
            let y = 2 + row
            canvas.put(name.rawValue, x: 1, y: y, style: Style(bold: true), limit: left - 1)
            for (i, step) in ScaleStep.allCases.enumerated() {
                let x = left + i * cell
                guard x + cell <= width else { break }
                let color = scale[step]
                let ink = WCAG.readableInk(on: color)
                let style = fills ? Style(foreground: .rgb(ink), background: .rgb(color)) : Style.plain
                canvas.fill(Rect(x: x, y: y, width: cell, height: 1), style: style)
                let isSource = step == scale.sourceStep && name != .neutral
                var text = ""
                if cell >= 9 {
                    text = (isSource ? "◆" : " ") + color.hex
                } else if cell >= 8 {
                    // No room for both: the mark takes the place of the "#".
                    text = isSource ? "◆" + color.hex.dropFirst() : color.hex
                } else if isSource {
                    text = "◆"
                }
                let tx = x + max((cell - DisplayWidth.of(text)) / 2, 0)
                var textStyle = style
                textStyle.bold = isSource
                canvas.put(text, x: tx, y: y, style: textStyle, limit: x + cell)
            }
        }
        // The palette's own colours: the step each sits at, and its hex.
        let sources = [ScaleName.primary, .secondary, .accent].compactMap { name -> String? in
            guard let scale = view.system.scales[name] else { return nil }
            return "\(name.rawValue)-\(scale.sourceStep.name) \(scale.source.hex)"
        }
        let list = sources.joined(separator: "  ")
        let legend = SystemViewWords.sourceLegend(frame.language)
        if DisplayWidth.of(legend) + 1 + DisplayWidth.of(list) <= width - 2 {
            canvas.put(legend + " " + list, x: 1, y: 6, style: frame.theme.dim, limit: width - 1)
            return
        }
        // Narrow: as many as fit on the line, the rest on the blank line under it.
        var lines = ["◆"]
        for item in sources {
            let joined = lines[lines.count - 1] + (lines[lines.count - 1] == "◆" ? " " : "  ") + item
            if DisplayWidth.of(joined) <= width - 2 || lines.count == 2 {
                lines[lines.count - 1] = joined
            } else {
                lines.append("  " + item)
            }
        }
        for (n, line) in lines.enumerated() {
            canvas.put(line, x: 1, y: 6 + n, style: frame.theme.dim, limit: width - 1, ellipsis: true)
        }
    }

    // MARK: - Mock interface

    private func drawMock(
        _ theme: PaletteSystem.Theme, x: Int, y: Int, width: Int, on canvas: inout Canvas, _ frame: RenderFrame
    ) {
        let language = frame.language
        let fills = frame.theme.fills
        let system = view.system
        func style(_ fg: SemanticRole, on bg: SemanticRole, bold: Bool = false) -> Style {
            guard fills else { return Style(bold: bold) }
            return Style(
                foreground: .rgb(system.color(fg, theme)), background: .rgb(system.color(bg, theme)), bold: bold)
        }
        let end = x + width
        canvas.fill(Rect(x: x, y: y, width: width, height: Self.mockRows), style: style(.text, on: .background))
        var heading = style(.text, on: .background, bold: true)
        heading.underline = true
        canvas.put(SystemViewWords.themeName(theme)(language), x: x + 1, y: y, style: heading, limit: end - 1)
        canvas.put(
            SystemViewWords.heading(language), x: x + 1, y: y + 1, style: style(.text, on: .background, bold: true),
            limit: end - 1, ellipsis: true)
        canvas.put(
            SystemViewWords.body(language), x: x + 1, y: y + 2, style: style(.text, on: .background), limit: end - 1,
            ellipsis: true)
        canvas.put(
            SystemViewWords.muted(language), x: x + 1, y: y + 3, style: style(.textMuted, on: .background),
            limit: end - 1, ellipsis: true)
        // A button in each palette role.
        var bx = x + 1
        for role in [SemanticRole.primary, .secondary, .accent] {
            guard let ink = role.ink else { continue }
            let label = fills ? " \(role.name) " : "[\(role.name)]"
            bx = canvas.put(label, x: bx, y: y + 4, style: style(ink, on: role, bold: true), limit: end - 1) + 1
        }
        // An alert in each status colour.
        let alerts: [(SemanticRole, StatusKind, String)] = [
            (.success, .success, "✓"), (.warning, .warning, "!"), (.error, .error, "✗"), (.info, .info, "i"),
        ]
        for (n, (role, kind, mark)) in alerts.enumerated() {
            guard let ink = role.ink else { continue }
            let row = y + 6 + n
            let s = style(ink, on: role)
            canvas.fill(Rect(x: x + 1, y: row, width: width - 2, height: 1), style: s)
            var bold = s
            bold.bold = true
            let after = canvas.put(" \(mark) \(role.name)", x: x + 1, y: row, style: bold, limit: end - 1)
            canvas.put(
                "  " + SystemViewWords.alert(kind)(language), x: after, y: row, style: s, limit: end - 1, ellipsis: true
            )
        }
        // A card on the surface, inside its border.
        let cardX = x + 1
        let cardWidth = width - 2
        guard cardWidth >= 4 else { return }
        let top = y + 10
        canvas.fill(Rect(x: cardX, y: top, width: cardWidth, height: 4), style: style(.text, on: .surface))
        let border = style(.border, on: .surface)
        let rule = String(repeating: "─", count: cardWidth - 2)
        canvas.put("┌" + rule + "┐", x: cardX, y: top, style: border)
        canvas.put("└" + rule + "┘", x: cardX, y: top + 3, style: border)
        for row in [top + 1, top + 2] {
            canvas.put("│", x: cardX, y: row, style: border)
            canvas.put("│", x: cardX + cardWidth - 1, y: row, style: border)
        }
        canvas.put(
            SystemViewWords.cardTitle(language), x: cardX + 2, y: top + 1,
            style: style(.text, on: .surface, bold: true),
            limit: cardX + cardWidth - 1, ellipsis: true)
        canvas.put(
            SystemViewWords.cardBody(language), x: cardX + 2, y: top + 2, style: style(.textMuted, on: .surface),
            limit: cardX + cardWidth - 1, ellipsis: true)
    }

    // MARK: - Pairs

    private func drawPairs(
        _ theme: PaletteSystem.Theme, x: Int, y: Int, width: Int, on canvas: inout Canvas, _ frame: RenderFrame
    ) {
        let language = frame.language
        let fills = frame.theme.fills
        let system = view.system
        let end = x + width
        canvas.put(
            SystemViewWords.pairsHeading(theme)(language), x: x, y: y, style: Style(bold: true, underline: true),
            limit: end, ellipsis: true)
        let pairs = SystemPair.all(system, theme)
        let words = width >= 44
        for (n, pair) in pairs.enumerated() {
            let row = y + 1 + n
            let sample =
                fills
                ? Style(
                    foreground: .rgb(system.color(pair.foreground, theme)),
                    background: .rgb(system.color(pair.background, theme)), bold: true) : Style.plain
            var cx = canvas.put("Aa", x: x, y: row, style: sample, limit: end)
            let name = pair.foreground.name + "/" + pair.background.name
            let padded = name.padded(toLength: 22)
            let required = cFormat(pair.required == pair.required.rounded() ? "≥%.0f" : "≥%.1f", pair.required)
            cx = canvas.put(
                " " + padded + " " + cFormat("%5.2f", pair.ratio) + " "
                    + required.padded(toLength: 4), x: cx, y: row,
                style: pair.passes ? .plain : Style(bold: true), limit: end)
            let verdict =
                pair.passes
                ? "✓" + (words ? " " + SystemViewWords.pass(language) : "")
                : "✗" + (words ? " " + SystemViewWords.fail(language) : "")
            canvas.put(
                " " + verdict, x: cx, y: row, style: frame.theme.status(pair.passes ? .success : .error), limit: end)
        }
        let failed = pairs.filter { !$0.passes }.count
        canvas.put(
            SystemViewWords.pairsSummary(failed: failed, total: pairs.count)(language), x: x, y: y + 1 + pairs.count,
            style: frame.theme.dim, limit: end, ellipsis: true)
    }
}
