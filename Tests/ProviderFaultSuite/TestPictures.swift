import PaletteCore
import TestSupport

/// The pictures the providers' image tests send, made with known pixels.
public enum TestPictures {
    /// 48 × 32 pixels of seeded noise: any change on the way (a filter, a colour conversion, a
    /// reduction) shows in the pixels read back.
    public static let noise: RGBImage = {
        var random = SplitMix64(seed: 36)
        let pixels = (0..<(48 * 32 * 3)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        return RGBImage(width: 48, height: 32, pixels: pixels)!
    }()

    /// 2048 × 512, twice the largest side a model is sent: the left half a one-pixel
    /// checkerboard of #643200 and #C896FA, the right half #0A141E. Reduced to 1024 × 256 with a
    /// box filter, every pixel of the left half is their mean, #96647D (150, 100, 125), and the
    /// right half stays #0A141E; any sampling that skips pixels gives one of the two squares.
    public static let oversized: RGBImage = {
        let width = 2048
        let height = 512
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let colour: [UInt8] =
                    x >= width / 2 ? [10, 20, 30] : ((x + y) % 2 == 0 ? [100, 50, 0] : [200, 150, 250])
                let i = (y * width + x) * 3
                pixels[i] = colour[0]
                pixels[i + 1] = colour[1]
                pixels[i + 2] = colour[2]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }()

    /// The request with `picture` and `description`, as `generate --image` makes it.
    public static func request(_ picture: RGBImage, _ description: String = "calmer") -> GenerationRequest {
        GenerationRequest(
            description: description,
            image: ImageInput(
                picture: picture, source: "photo.jpg", checksum: "sha256:" + String(repeating: "0", count: 64)))
    }

    /// How many pixels of `pixels` (RGB, row by row, `width` wide) differ from the reduced
    /// `oversized`'s expected colours: #96647D left of column 512, #0A141E from it.
    public static func oversizedMismatches(_ pixels: [UInt8], width: Int) -> Int {
        var wrong = 0
        for p in 0..<(pixels.count / 3) {
            let expected: [UInt8] = p % width < width / 2 ? [150, 100, 125] : [10, 20, 30]
            if Array(pixels[(p * 3)..<(p * 3 + 3)]) != expected { wrong += 1 }
        }
        return wrong
    }
}
