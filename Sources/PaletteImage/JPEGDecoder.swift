import CTurboJPEG
import PaletteCore

/// JPEG through TurboJPEG (opened on first use, `ImageLibraries`), scaled in the DCT (1/8 to 1 in eighths) to the largest size whose
/// longer side is at most `ImageInput.maxSide`: an 8000 × 6000 photo is decoded at 1000 × 750 and
/// never exists at full size. TurboJPEG returns error codes (its longjmp stays inside the C library).
enum JPEGDecoder {
    /// The most a progressive (or multi-scan) JPEG's coefficients may take: libjpeg keeps every
    /// block's coefficients for the whole picture before the first row comes out.
    static let coefficientLimit = 48 << 20

    static func decode(_ bytes: [UInt8]) throws(ImageProblem) -> RGBImage {
        guard let turbo = ImageLibraries.jpeg else { throw .libraryMissing(.jpeg) }
        guard let handle = turbo.initDecompress() else { throw .damaged(.jpeg) }
        defer { _ = turbo.destroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colourspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            turbo.decompressHeader3(
                handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colourspace)
        }
        guard header == 0, width > 0, height > 0 else { throw problem(turbo, handle, bytes) }
        try ImageDecoder.check(width: Int(width), height: Int(height))
        if colourspace == TJCS_CMYK.rawValue || colourspace == TJCS_YCCK.rawValue { throw .cmykJPEG }
        if let frame = JPEGFrame(bytes), frame.holdsCoefficients, frame.coefficientBytes > coefficientLimit {
            throw .progressiveTooLarge(width: Int(width), height: Int(height))
        }
        let (w, h) = scaledSize(width: Int(width), height: Int(height), turbo)
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        // Strict: libjpeg's warnings (corrupt entropy data, a premature end) stop the decoding,
        // so a damaged file is refused rather than read as grey or garbled blocks.
        let flags = Int32(TJFLAG_LIMITSCANS | TJFLAG_STOPONWARNING)
        let result = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                turbo.decompress2(
                    handle, source.baseAddress, UInt(bytes.count), out.baseAddress, Int32(w), 0, Int32(h),
                    Int32(TJPF_RGB.rawValue), flags)
            }
        }
        guard result == 0 else { throw problem(turbo, handle, bytes) }
        return RGBImage(width: w, height: h, pixels: pixels)!
    }

    /// The size at the largest DCT scale whose longer side is at most `ImageInput.maxSide` (1/8
    /// when even that is longer), from TurboJPEG's scaling factors (`turbo`).
    static func scaledSize(
        width: Int, height: Int, _ turbo: TurboJPEGFunctions? = ImageLibraries.jpeg
    ) -> (Int, Int) {
        var count: Int32 = 0
        let factors = turbo?.getScalingFactors(&count)
        var best: (Int, Int)?
        var bestLonger = 0
        for i in 0..<Int(count) {
            guard let f = factors?[i], f.num <= f.denom else { continue }
            let w = (width * Int(f.num) + Int(f.denom) - 1) / Int(f.denom)
            let h = (height * Int(f.num) + Int(f.denom) - 1) / Int(f.denom)
            let longer = max(w, h)
            if longer <= ImageInput.maxSide, longer > bestLonger {
                best = (w, h)
                bestLonger = longer
            }
        }
        if let best { return best }
        return ((width + 7) / 8, (height + 7) / 8)
    }

    static func problem(_ turbo: TurboJPEGFunctions, _ handle: tjhandle, _ bytes: [UInt8]) -> ImageProblem {
        let message = turbo.getErrorStr2(handle).map { String(cString: $0) } ?? ""
        let ends = bytes.count >= 2 && bytes[bytes.count - 2] == 0xFF && bytes[bytes.count - 1] == 0xD9
        return message.contains("Premature end") || !ends ? .truncated(.jpeg) : .damaged(.jpeg)
    }
}

/// What the frame header (SOFn) and the scans say, read by walking the markers: whether the
/// decoder must hold every coefficient (progressive, or more than one scan) and how many bytes
/// those take.
struct JPEGFrame {
    var progressive = false
    var scans = 0
    var coefficientBytes = 0

    var holdsCoefficients: Bool { progressive || scans > 1 }

    init?(_ b: [UInt8]) {
        var i = 2
        var sawFrame = false
        let n = b.count
        while i + 3 < n {
            guard b[i] == 0xFF else { break }
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            if marker == 0xD9 { break }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2, i + 2 + length <= n else { break }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), !sawFrame, length >= 8 {
                sawFrame = true
                progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                let height = Int(b[i + 5]) << 8 | Int(b[i + 6])
                let width = Int(b[i + 7]) << 8 | Int(b[i + 8])
                let components = Int(b[i + 9])
                guard length >= 8 + 3 * components, components > 0 else { return nil }
                var factors: [(Int, Int)] = []
                for c in 0..<components {
                    let f = Int(b[i + 11 + 3 * c])
                    factors.append((max(1, f >> 4), max(1, f & 15)))
                }
                let hmax = factors.map(\.0).max()!
                let vmax = factors.map(\.1).max()!
                for (h, v) in factors {
                    let bw = (width * h + 8 * hmax - 1) / (8 * hmax)
                    let bh = (height * v + 8 * vmax - 1) / (8 * vmax)
                    coefficientBytes += bw * bh * 128
                }
            }
            i += 2 + length
            if marker == 0xDA {
                scans += 1
                // Entropy-coded data runs to the next marker that is not a stuffed byte or a restart.
                while i + 1 < n, !(b[i] == 0xFF && b[i + 1] != 0 && !(0xD0...0xD7).contains(b[i + 1])) { i += 1 }
            }
        }
        guard sawFrame else { return nil }
    }
}
