import CSpng
import PaletteCore

/// PNG through libspng (opened on first use, `ImageLibraries`), row by row: each row (8-bit RGBA whatever the file holds: grey, palette,
/// 16-bit, transparency) goes into a `BoxDownscaler` and is dropped, so memory is the output's
/// sums and one row, never the picture.
enum PNGDecoder {
    /// The most bytes an ancillary chunk may hold, and all of them together (text, ICC profiles).
    static let chunkLimit = 8 << 20
    static let cacheLimit = 32 << 20

    /// Adam7's first column and column step for each pass.
    static let passFirst = [0, 4, 0, 2, 0, 1, 0]
    static let passStep = [8, 8, 4, 4, 2, 2, 1]

    /// Holds the source the C read callback takes bytes from.
    final class SourceBox {
        var source: any ByteSource
        init(_ source: any ByteSource) { self.source = source }
    }

    static func decode<S: ByteSource>(_ source: inout S) throws(ImageProblem) -> RGBImage {
        guard let spng = ImageLibraries.png else { throw .libraryMissing(.png) }
        guard let ctx = spng.ctxNew(0) else { throw .damaged(.png) }
        defer { spng.ctxFree(ctx) }
        let box = SourceBox(source)
        defer { source = box.source as! S }
        _ = spng.setChunkLimits(ctx, chunkLimit, cacheLimit)
        let read: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int32 = {
            _, user, destination, length in
            let box = Unmanaged<SourceBox>.fromOpaque(user!).takeUnretainedValue()
            if length == 0 { return 0 }
            return box.source.fill(destination!, count: length) ? 0 : SPNG_IO_EOF.rawValue
        }
        let user = Unmanaged.passUnretained(box).toOpaque()
        func failed(_ code: Int32) -> ImageProblem {
            if let failure = box.source.failure { return failure }
            return code == SPNG_IO_EOF.rawValue ? .truncated(.png) : .damaged(.png)
        }
        var code = withExtendedLifetime(box) { spng.setPNGStream(ctx, read, user) }
        guard code == 0 else { throw failed(code) }
        var header = spng_ihdr()
        code = spng.getIHDR(ctx, &header)
        guard code == 0 else { throw failed(code) }
        let width = Int(header.width)
        let height = Int(header.height)
        try ImageDecoder.check(width: width, height: height)
        // RGB when nothing can be transparent (no alpha channel, no tRNS chunk): a quarter fewer
        // bytes a row, and no composing over white.
        var transparency = spng_trns()
        let alpha =
            header.color_type == UInt8(SPNG_COLOR_TYPE_GRAYSCALE_ALPHA.rawValue)
            || header.color_type == UInt8(SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue)
            || spng.getTRNS(ctx, &transparency) == 0
        let format = Int32(alpha ? SPNG_FMT_RGBA8.rawValue : SPNG_FMT_RGB8.rawValue)
        let channels = alpha ? 4 : 3
        code = spng.decodeImage(
            ctx, nil, 0, format, Int32(SPNG_DECODE_TRNS.rawValue | SPNG_DECODE_PROGRESSIVE.rawValue))
        guard code == 0 else { throw failed(code) }
        var scaler = BoxDownscaler(width: width, height: height)
        let interlaced = header.interlace_method != 0
        var row = [UInt8](repeating: 0, count: width * channels)
        try withExtendedLifetime(box) { () throws(ImageProblem) in
            try row.withUnsafeMutableBufferPointer { (row) throws(ImageProblem) in
                var info = spng_row_info()
                repeat {
                    code = spng.getRowInfo(ctx, &info)
                    guard code == 0 else { break }
                    code = spng.decodeRow(ctx, row.baseAddress, row.count)
                    guard code == 0 || code == SPNG_EOI.rawValue else { break }
                    let y = Int(info.row_num)
                    guard y < height else { throw ImageProblem.damaged(.png) }
                    let pass = interlaced ? min(max(Int(info.pass), 0), 6) : 6
                    scaler.add(
                        row: y, pixels: row.baseAddress!, channels: channels, first: passFirst[pass],
                        step: passStep[pass])
                } while code == 0
            }
        }
        guard code == SPNG_EOI.rawValue else { throw failed(code) }
        return scaler.image()
    }
}
