import CWebP
import PaletteCore

/// WebP through libwebp (opened on first use, `ImageLibraries`), scaled while decoding (`use_scaling`) to `ImageDecoder.targetSize`,
/// transparent pixels composed over white.
enum WebPDecoder {
    static func decode(_ bytes: [UInt8]) throws(ImageProblem) -> RGBImage {
        guard let webp = ImageLibraries.webp else { throw .libraryMissing(.webp) }
        var config = WebPDecoderConfig()
        guard webp.initDecoderConfig(&config) != 0 else { throw .damaged(.webp) }
        let features = bytes.withUnsafeBufferPointer { webp.getFeatures($0.baseAddress, bytes.count, &config.input) }
        guard features == VP8_STATUS_OK else {
            throw features == VP8_STATUS_NOT_ENOUGH_DATA ? .truncated(.webp) : .damaged(.webp)
        }
        let width = Int(config.input.width)
        let height = Int(config.input.height)
        try ImageDecoder.check(width: width, height: height)
        let (w, h) = ImageDecoder.targetSize(width: width, height: height)
        if (w, h) != (width, height) {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(w)
            config.options.scaled_height = Int32(h)
        }
        config.output.colorspace = MODE_RGBA
        let status = bytes.withUnsafeBufferPointer { webp.decode($0.baseAddress, bytes.count, &config) }
        defer { webp.freeDecBuffer(&config.output) }
        guard status == VP8_STATUS_OK, let rgba = config.output.u.RGBA.rgba else {
            throw status == VP8_STATUS_NOT_ENOUGH_DATA ? .truncated(.webp) : .damaged(.webp)
        }
        let stride = Int(config.output.u.RGBA.stride)
        let outWidth = Int(config.output.width)
        let outHeight = Int(config.output.height)
        var scaler = BoxDownscaler(width: outWidth, height: outHeight)
        for y in 0..<outHeight { scaler.add(row: y, rgba: rgba + y * stride) }
        return scaler.image()
    }
}
