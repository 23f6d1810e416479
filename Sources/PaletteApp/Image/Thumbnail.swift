import PaletteCore
import PaletteText
import ScreenCore

/// A picture made small: area averaging, and the half-block cells the app draws it with.
public enum Thumbnail {
    /// The preview kept with an attached picture (its longer side at most this), made once off
    /// the UI thread; the thumbnail's cells are averaged from it when the panes are drawn.
    public static let previewSide = 96
    /// The thumbnail's largest size in cells (16 columns, 8 rows of two pixels each).
    public static let maxColumns = 16
    public static let maxRows = 8

    /// `picture` at `width` × `height` pixels, each the mean of the area of the picture it covers
    /// (a pixel cut by the edge counts for the part inside), in sRGB values, rounded.
    public static func areaAverage(_ picture: RGBImage, width: Int, height: Int) -> RGBImage {
        let width = max(width, 1)
        let height = max(height, 1)
        let xs = spans(source: picture.width, target: width)
        let ys = spans(source: picture.height, target: height)
        var out = [UInt8](repeating: 0, count: width * height * 3)
        var row = [Double](repeating: 0, count: picture.width * 3)
        for oy in 0..<height {
            // The picture's rows under this output row, weighted, summed column by column.
            for k in row.indices { row[k] = 0 }
            for (sy, wy) in ys[oy] {
                let base = sy * picture.width * 3
                for k in 0..<(picture.width * 3) { row[k] += Double(picture.pixels[base + k]) * wy }
            }
            for ox in 0..<width {
                var sum = (0.0, 0.0, 0.0)
                var weight = 0.0
                for (sx, wx) in xs[ox] {
                    sum.0 += row[sx * 3] * wx
                    sum.1 += row[sx * 3 + 1] * wx
                    sum.2 += row[sx * 3 + 2] * wx
                    weight += wx
                }
                let total = weight * ys[oy].reduce(0) { $0 + $1.1 }
                let i = (oy * width + ox) * 3
                out[i] = channel(sum.0 / total)
                out[i + 1] = channel(sum.1 / total)
                out[i + 2] = channel(sum.2 / total)
            }
        }
        return RGBImage(width: width, height: height, pixels: out)!
    }

    private static func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }

    /// For each of `target` cells along a side of `source` pixels: the source pixels it covers
    /// and how much of each (in source pixels, so a cell's weights sum to source / target).
    static func spans(source: Int, target: Int) -> [[(Int, Double)]] {
        let scale = Double(source) / Double(target)
        return (0..<target).map { t in
            let lo = Double(t) * scale
            let hi = Double(t + 1) * scale
            var out: [(Int, Double)] = []
            var s = Int(lo.rounded(.down))
            while s < source, Double(s) < hi {
                let w = min(hi, Double(s + 1)) - max(lo, Double(s))
                if w > 1e-9 { out.append((s, w)) }
                s += 1
            }
            return out
        }
    }

    /// The preview kept with a picture: the picture itself when small, else area-averaged to
    /// `previewSide` on its longer side.
    public static func preview(_ picture: RGBImage) -> RGBImage {
        let longer = max(picture.width, picture.height)
        guard longer > previewSide else { return picture }
        let w = max(1, (picture.width * previewSide + longer / 2) / longer)
        let h = max(1, (picture.height * previewSide + longer / 2) / longer)
        return areaAverage(picture, width: w, height: h)
    }

    /// The size in pixels (columns, and rows of half cells) a `width` × `height` picture takes
    /// within `columns` × `rows` cells, its shape kept (a half-block pixel is about square).
    static func fit(width: Int, height: Int, columns: Int, rows: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0, columns > 0, rows > 0 else { return (0, 0) }
        let scale = min(Double(columns) / Double(width), Double(rows * 2) / Double(height))
        let w = min(columns, max(1, Int((Double(width) * scale).rounded())))
        let h = min(rows * 2, max(1, Int((Double(height) * scale).rounded())))
        return (w, h)
    }

    /// The cells of `picture` drawn within `columns` × `rows`: rows of (upper, lower) pixel
    /// colours, top to bottom; the lower is nil on the last row of a picture an odd number of
    /// pixels high.
    public static func cells(_ picture: RGBImage, columns: Int, rows: Int) -> [[(upper: RGB, lower: RGB?)]] {
        let size = fit(width: picture.width, height: picture.height, columns: columns, rows: rows)
        guard size.width > 0 else { return [] }
        let small = areaAverage(picture, width: size.width, height: size.height)
        return stride(from: 0, to: size.height, by: 2).map { y in
            (0..<size.width).map { x in
                (small.color(x: x, y: y), y + 1 < size.height ? small.color(x: x, y: y + 1) : nil)
            }
        }
    }
}

/// What the panes show of an attached picture: its preview and its file's name.
struct ThumbnailView: Equatable, Sendable {
    var preview: RGBImage
    var name: String

    /// Draws in `rect` (the column beside the panes): the picture in half blocks, centred, and
    /// the name on the last row; with no colour (NO_COLOR) a heading and the name only.
    func draw(in rect: Rect, on canvas: inout Canvas, _ frame: RenderFrame) {
        guard rect.width > 0, rect.height > 0 else { return }
        let limit = rect.x + rect.width
        let nameRow = rect.y + rect.height - 1
        canvas.put(name, x: rect.x, y: nameRow, style: frame.theme.dim, limit: limit, ellipsis: true)
        guard rect.height >= 2 else { return }
        guard frame.theme.fills else {
            canvas.put(
                ImageAppText.thumbnailHeading(frame.language), x: rect.x, y: rect.y, style: Style(bold: true),
                limit: limit, ellipsis: true)
            return
        }
        let rows = min(rect.height - 1, Thumbnail.maxRows)
        let cells = Thumbnail.cells(preview, columns: min(rect.width, Thumbnail.maxColumns), rows: rows)
        guard let first = cells.first else { return }
        let x0 = rect.x + (rect.width - first.count) / 2
        let y0 = rect.y + (rows - cells.count) / 2
        for (r, line) in cells.enumerated() {
            for (c, cell) in line.enumerated() {
                let style = Style(
                    foreground: .rgb(cell.upper), background: cell.lower.map { .rgb($0) } ?? .terminalDefault)
                canvas.put("▀", x: x0 + c, y: y0 + r, style: style, limit: limit)
            }
        }
    }
}
