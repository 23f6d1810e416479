import PaletteCore
import PaletteSystem

/// The design system as a PNG: every scale as a strip of its eleven steps (the source step
/// marked), then a small mock interface drawn in each theme's roles: a heading, body and muted
/// text on a card, a button in each palette role, an alert in each status colour. Labels are the
/// token names a developer types (`primary-600`, `on-error`), the same in every language.
public enum SystemCard {
    static let margin = 24, labelWidth = 110, cell = 96, cellHeight = 46, gap = 4
    static let panelWidth = 560, panelHeight = 372

    public static func png(_ system: DesignSystem, name: String, language: Language) -> [UInt8] {
        let width = margin * 2 + labelWidth + 11 * cell + 10 * gap
        let stripsTop = margin + 34
        let stripsHeight = ScaleName.allCases.count * (cellHeight + gap) + 22
        let panelsTop = stripsTop + stripsHeight + 16
        let height = panelsTop + panelHeight + margin
        var canvas = Raster(width: width, height: height, fill: WCAG.white)
        let ink = RGB(r: 0x1F, g: 0x1F, b: 0x1F)
        CardFont.draw(
            CardFont.fit(name, width: width - 2 * margin, bold: true, language), bold: true, language, x: margin,
            baseline: margin + 16, color: ink, on: &canvas)

        // The steps' names above the strips, then one strip a scale.
        for (i, step) in ScaleStep.allCases.enumerated() {
            let x = margin + labelWidth + i * (cell + gap)
            CardFont.draw(step.name, bold: false, x: x, baseline: stripsTop + 14, color: ink, on: &canvas)
        }
        for (row, scaleName) in ScaleName.allCases.enumerated() {
            guard let scale = system.scales[scaleName] else { continue }
            let y = stripsTop + 22 + row * (cellHeight + gap)
            CardFont.draw(scaleName.rawValue, bold: true, x: margin, baseline: y + 28, color: ink, on: &canvas)
            for (i, step) in ScaleStep.allCases.enumerated() {
                let x = margin + labelWidth + i * (cell + gap)
                let c = scale[step]
                canvas.fill(x: x, y: y, width: cell, height: cellHeight, c)
                let label = WCAG.readableInk(on: c)
                CardFont.draw(c.hex, bold: false, x: x + 6, baseline: y + 30, color: label, on: &canvas)
                if step == scale.sourceStep && scaleName != .neutral {
                    canvas.fill(x: x, y: y + cellHeight - 5, width: cell, height: 5, label)
                }
            }
        }
        for (k, theme) in Theme.allCases.enumerated() {
            panel(system, theme, x: margin + k * (panelWidth + 24), y: panelsTop, on: &canvas)
        }
        return PNG.encode(
            width: canvas.width, height: canvas.height, rgb: canvas.pixels,
            text: [("Title", language.rawValue, ExportText.oneLine(name))])
    }

    /// One theme's mock interface.
    static func panel(_ s: DesignSystem, _ theme: Theme, x: Int, y: Int, on canvas: inout Raster) {
        func c(_ r: SemanticRole) -> RGB { s.color(r, theme) }
        canvas.fill(x: x, y: y, width: panelWidth, height: panelHeight, c(.background))
        CardFont.draw(theme.rawValue, bold: true, x: x + 16, baseline: y + 26, color: c(.text), on: &canvas)
        // A card on the surface, with its border.
        let cardX = x + 16
        let cardY = y + 40
        let cardW = panelWidth - 32
        canvas.fill(x: cardX, y: cardY, width: cardW, height: 150, c(.border))
        canvas.fill(x: cardX + 1, y: cardY + 1, width: cardW - 2, height: 148, c(.surface))
        CardFont.draw("Heading: text", bold: true, x: cardX + 14, baseline: cardY + 28, color: c(.text), on: &canvas)
        CardFont.draw(
            "Body copy in text on surface.", bold: false, x: cardX + 14, baseline: cardY + 54, color: c(.text),
            on: &canvas)
        CardFont.draw(
            "Secondary lines in text-muted.", bold: false, x: cardX + 14, baseline: cardY + 78,
            color: c(.textMuted), on: &canvas)
        let buttons: [SemanticRole] = [.primary, .secondary, .accent]
        for (i, role) in buttons.enumerated() {
            let bx = cardX + 14 + i * 168
            canvas.fill(x: bx, y: cardY + 96, width: 156, height: 38, c(role))
            CardFont.draw(
                role.name, bold: true, x: bx + 12, baseline: cardY + 121, color: c(role.ink ?? .text), on: &canvas)
        }
        // An alert in each status colour.
        let statuses: [SemanticRole] = [.success, .warning, .error, .info]
        for (i, role) in statuses.enumerated() {
            let ay = y + 204 + i * 40
            canvas.fill(x: x + 16, y: ay, width: panelWidth - 32, height: 34, c(role))
            CardFont.draw(
                "\(role.name): on-\(role.name) on \(role.name)", bold: false, x: x + 28, baseline: ay + 23,
                color: c(role.ink ?? .text), on: &canvas)
        }
    }
}
