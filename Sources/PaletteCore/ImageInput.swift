/// A picture's pixels: 8-bit sRGB, three bytes a pixel, rows top to bottom, no alpha (a
/// transparent pixel is composed over white before it gets here).
public struct RGBImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes.
    public let pixels: [UInt8]

    /// Nil unless both sides are positive and `pixels` holds exactly `width * height * 3` bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false,
            pixels.count == width * height * 3
        else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at column `x`, row `y` (both in range).
    public func color(x: Int, y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2])
    }
}

/// An image a palette is made from, as a generation request carries it.
///
/// The picture is already decoded and downscaled (at most `ImageInput.maxSide` pixels on its
/// longer side), so nothing of the original file, metadata included, travels further: a model is
/// sent this picture re-encoded, the offline engine reads these pixels, and history keeps only
/// `source` and `checksum`.
public struct ImageInput: Hashable, Sendable {
    /// The longest side a picture keeps once decoded for a palette (what a model is sent too).
    public static let maxSide = 1024

    public var picture: RGBImage
    /// The file as the user named it.
    public var source: String
    /// A checksum of the file's bytes, as lowercase hexadecimal with its algorithm first
    /// ("sha256:…"), so history can tell whether the file changed since.
    public var checksum: String

    public init(picture: RGBImage, source: String, checksum: String) {
        self.picture = picture
        self.source = source
        self.checksum = checksum
    }
}

/// Which picture a palette was made from, as history and JSON output keep it: the file as the
/// user named it and its checksum ("sha256:…"), never its pixels.
public struct ImageReference: Hashable, Sendable {
    public var source: String
    public var checksum: String

    public init(source: String, checksum: String) {
        self.source = source
        self.checksum = checksum
    }
}

extension ImageInput {
    /// The reference history and output keep.
    public var reference: ImageReference { ImageReference(source: source, checksum: checksum) }
}
