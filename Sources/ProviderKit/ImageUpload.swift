import CZlib
import FoundationEssentials
import Glibc
import PaletteCore

/// A picture as it leaves the machine for a model: its pixels re-encoded as a PNG that holds
/// only IHDR, IDAT and IEND, at most `ImageInput.maxSide` pixels on its longer side.
///
/// Nothing of the file the user named travels: no EXIF, GPS, XMP, ICC profile or text chunk
/// can be carried over, because the PNG is written from `RGBImage`'s bytes alone. A picture
/// larger than the limit (the decoder already bounds it; this is a second guard) is first
/// reduced with a box filter. Each provider sends `base64` (Gemini's `inlineData`, Ollama's
/// `images`) or `dataURL` (OpenAI's `image_url`) as its API documents image input.
public struct ImageUpload: Hashable, Sendable {
    /// The media type of `png`.
    public static let mimeType = "image/png"

    /// The picture as sent (after any reduction).
    public let width: Int
    public let height: Int
    /// The whole PNG file.
    public let png: [UInt8]

    /// Encodes `picture`, reduced first when a side is longer than `maxSide`.
    public init(_ picture: RGBImage, maxSide: Int = ImageInput.maxSide) {
        let fitted = ImageUpload.fitted(picture, maxSide: maxSide)
        width = fitted.width
        height = fitted.height
        png = PNGWriter.encode(fitted)
    }

    /// The PNG as standard base64 (with padding, no line breaks).
    public var base64: String { Data(png).base64EncodedString() }

    /// `data:image/png;base64,…`, an image URL that carries the picture itself.
    public var dataURL: String { "data:\(ImageUpload.mimeType);base64,\(base64)" }

    /// `picture` when both sides are at most `maxSide`; else reduced so that the longer side is
    /// `maxSide` (the shorter in proportion, at least 1), each pixel the mean of the source
    /// pixels whose box it covers (a box filter: every source pixel counts once).
    public static func fitted(_ picture: RGBImage, maxSide: Int = ImageInput.maxSide) -> RGBImage {
        let side = max(1, maxSide)
        let longer = max(picture.width, picture.height)
        guard longer > side else { return picture }
        let w = max(1, min(side, (picture.width * side + longer / 2) / longer))
        let h = max(1, min(side, (picture.height * side + longer / 2) / longer))
        let sw = picture.width
        let sh = picture.height
        var out = [UInt8](repeating: 0, count: w * h * 3)
        picture.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                // Column boxes once: output column x covers source columns x0[x]..<x0[x + 1].
                let columns = (0...w).map { $0 * sw / w }
                var sums = [Int](repeating: 0, count: w * 3)
                for y in 0..<h {
                    let top = y * sh / h
                    let bottom = (y + 1) * sh / h
                    for i in sums.indices { sums[i] = 0 }
                    for sy in top..<bottom {
                        let row = sy * sw * 3
                        for x in 0..<w {
                            var r = 0
                            var g = 0
                            var b = 0
                            var i = row + columns[x] * 3
                            let end = row + columns[x + 1] * 3
                            while i < end {
                                r += Int(src[i])
                                g += Int(src[i + 1])
                                b += Int(src[i + 2])
                                i += 3
                            }
                            sums[x * 3] += r
                            sums[x * 3 + 1] += g
                            sums[x * 3 + 2] += b
                        }
                    }
                    let rows = bottom - top
                    for x in 0..<w {
                        let count = rows * (columns[x + 1] - columns[x])
                        let o = (y * w + x) * 3
                        for c in 0..<3 { dst[o + c] = UInt8((sums[x * 3 + c] + count / 2) / count) }
                    }
                }
            }
        }
        return RGBImage(width: w, height: h, pixels: out)!
    }
}

/// A PNG writer for 8-bit RGB: the signature, IHDR, one IDAT (zlib, each row with the
/// filter that leaves the smallest sum of magnitudes, libpng's heuristic) and IEND. No other
/// chunk is ever written.
enum PNGWriter {
    static func encode(_ image: RGBImage) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(image.width))
        header += bigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, adaptive filtering, no interlace
        out += chunk("IHDR", header)
        out += chunk("IDAT", deflate(filtered(image)))
        out += chunk("IEND", [])
        return out
    }

    /// Each row as its filter byte and the filtered bytes.
    static func filtered(_ image: RGBImage) -> [UInt8] {
        let stride = image.width * 3
        var raw = [UInt8](repeating: 0, count: (stride + 1) * image.height)
        var candidate = [UInt8](repeating: 0, count: stride)
        image.pixels.withUnsafeBufferPointer { px in
            raw.withUnsafeMutableBufferPointer { out in
                candidate.withUnsafeMutableBufferPointer { trial in
                    for y in 0..<image.height {
                        let row = y * stride
                        let target = y * (stride + 1)
                        var bestSum = Int.max
                        var bestFilter: UInt8 = 0
                        for filter in UInt8(0)...4 {
                            var sum = 0
                            for i in 0..<stride {
                                let a = i >= 3 ? Int(px[row + i - 3]) : 0
                                let b = y > 0 ? Int(px[row - stride + i]) : 0
                                let c = i >= 3 && y > 0 ? Int(px[row - stride + i - 3]) : 0
                                let predictor: Int
                                switch filter {
                                case 0: predictor = 0
                                case 1: predictor = a
                                case 2: predictor = b
                                case 3: predictor = (a + b) / 2
                                default:
                                    let p = a + b - c
                                    let pa = abs(p - a)
                                    let pb = abs(p - b)
                                    let pc = abs(p - c)
                                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                                }
                                let value = UInt8(truncatingIfNeeded: Int(px[row + i]) - predictor)
                                trial[i] = value
                                sum += value < 128 ? Int(value) : 256 - Int(value)
                            }
                            if sum < bestSum {
                                bestSum = sum
                                bestFilter = filter
                                out[target] = filter
                                for i in 0..<stride { out[target + 1 + i] = trial[i] }
                            }
                        }
                        out[target] = bestFilter
                    }
                }
            }
        }
        return raw
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// A zlib stream of `data` (zlib's default level, 6).
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(i.count), 6) }
        }
        precondition(status == Z_OK, "zlib compress2 failed: \(status)")
        return Array(out.prefix(Int(size)))
    }
}

extension ImageUpload {
    /// Whether a server's error text, given to a request that carried a picture, is about the
    /// picture: what a model without vision answers ("image_url is only supported by certain
    /// models", Ollama's "this model does not support image input" and its older "this model
    /// is missing data required for image input"). Read only when a picture was sent.
    public static func isRefusal(_ message: String?) -> Bool {
        guard let message = message?.lowercased() else { return false }
        return ["image", "vision", "multimodal"].contains { message.contains($0) }
    }
}
