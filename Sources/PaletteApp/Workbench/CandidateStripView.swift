import PaletteCore
import ScreenCore

/// Candidates side by side where the panes are: one column each, a numbered header (the chosen
/// one marked) over three bands of its colours with their hex codes.
///
/// Drawn by `Panes` (on its rows) when every column gets at least `minimumColumn` cells; on a
/// narrower screen the panes show the chosen candidate alone and the button row counts.
struct CandidateStripView {
    var strip: CandidateStrip

    static let minimumColumn = 9

    /// The strip's area: the panes' rows, from the first pane's left edge to the last one's right.
    static func area(_ layout: Layout) -> Rect {
        let first = layout.panes[0]
        let last = layout.panes[2]
        return Rect(
            x: first.x, y: first.y, width: last.x + last.width - first.x, height: last.y + last.height - first.y)
    }

    static func fits(_ strip: CandidateStrip, _ layout: Layout) -> Bool {
        let n = strip.candidates.count
        guard !layout.panesStacked, n > 0 else { return false }
        let area = area(layout)
        return area.height >= 3 && (area.width - (n - 1)) / n >= minimumColumn
    }

    func draw(on canvas: inout Canvas, _ frame: RenderFrame) {
        let area = Self.area(frame.layout)
        let n = strip.candidates.count
        let columnWidth = (area.width - (n - 1)) / n
        let theme = frame.theme
        for (i, candidate) in strip.candidates.enumerated() {
            let x = area.x + i * (columnWidth + 1)
            let chosen = i == strip.index
            let header = chosen ? "▸ \(i + 1) ◂" : "\(i + 1)"
            let headerStyle = chosen ? Style(bold: true, reverse: true) : Style(bold: true)
            if chosen { canvas.fill(Rect(x: x, y: area.y, width: columnWidth, height: 1), style: headerStyle) }
            canvas.centre(
                header, in: Rect(x: x, y: area.y, width: columnWidth, height: 1), row: area.y, style: headerStyle)
            let rows = area.height - 1
            let base = rows / 3
            var y = area.y + 1
            for (r, role) in Role.allCases.enumerated() {
                let height = base + (r < rows - base * 3 ? 1 : 0)
                guard height > 0 else { continue }
                let color = candidate.palette[role]
                let band = Rect(x: x, y: y, width: columnWidth, height: height)
                var ink = Style.plain
                if theme.fills {
                    ink = Style(foreground: .rgb(WCAG.readableInk(on: color)), background: .rgb(color))
                    canvas.fill(band, style: ink)
                }
                var hex = color.hex
                if frame.colorMode == .indexed256 { hex += "≈" }
                if !theme.fills { hex = String(role.label(frame.language).prefix(1)) + " " + hex }
                let hexRow = y + (height - 1) / 2
                canvas.centre(hex, in: band, row: hexRow, style: ink)
                // With a row to spare, the colour's name under its hex.
                let name = strip.names[i][role]
                if hexRow + 1 < y + height, DisplayWidth.of(name) <= columnWidth {
                    canvas.centre(name, in: band, row: hexRow + 1, style: ink)
                }
                y += height
            }
        }
    }
}
