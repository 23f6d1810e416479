import CSpng
import CTurboJPEG
import CWebP
import FoundationEssentials
import Glibc
import PaletteCore

/// The picture libraries, opened with dlopen(3) the first time a picture of their kind is
/// decoded rather than linked: loading and relocating libspng, TurboJPEG and libwebp at every
/// start cost the interactive app's first frame about 0.6 ms, and most runs read no picture.
/// Each is opened once (`RTLD_NOW | RTLD_LOCAL`) and stays open. One that cannot be opened, or
/// lacks a function, is `ImageProblem.libraryMissing`, said in one sentence; nothing crashes
/// (`SharedLibrary`, PaletteCore).
enum ImageLibraries {
    /// libspng's functions, or nil when `ImageFormat.png.library` cannot be loaded.
    static let png = SpngFunctions(SharedLibrary(ImageFormat.png.library))
    /// TurboJPEG's functions, or nil when `ImageFormat.jpeg.library` cannot be loaded.
    static let jpeg = TurboJPEGFunctions(SharedLibrary(ImageFormat.jpeg.library))
    /// libwebp's functions, or nil when `ImageFormat.webp.library` cannot be loaded.
    static let webp = WebPFunctions(SharedLibrary(ImageFormat.webp.library))
}

extension ImageFormat {
    /// The shared library (its soname) that decodes this kind of picture.
    public var library: String {
        switch self {
        case .png: "libspng.so.0"
        case .jpeg: "libturbojpeg.so.0"
        case .webp: "libwebp.so.7"
        }
    }

    /// The Debian package that installs `library`.
    public var libraryPackage: String {
        switch self {
        case .png: "libspng0"
        case .jpeg: "libturbojpeg0"
        case .webp: "libwebp7"
        }
    }
}

/// The libspng functions PNGDecoder calls, with spng.h's signatures.
struct SpngFunctions: @unchecked Sendable {
    typealias CtxNew = @convention(c) (Int32) -> OpaquePointer?
    typealias CtxFree = @convention(c) (OpaquePointer?) -> Void
    typealias SetPNGStream =
        @convention(c) (
            OpaquePointer?,
            (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int32)?,
            UnsafeMutableRawPointer?
        ) -> Int32
    typealias SetChunkLimits = @convention(c) (OpaquePointer?, Int, Int) -> Int32
    typealias GetIHDR = @convention(c) (OpaquePointer?, UnsafeMutablePointer<spng_ihdr>?) -> Int32
    typealias GetTRNS = @convention(c) (OpaquePointer?, UnsafeMutablePointer<spng_trns>?) -> Int32
    typealias DecodeImage = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int, Int32, Int32) -> Int32
    typealias DecodeRow = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int) -> Int32
    typealias GetRowInfo = @convention(c) (OpaquePointer?, UnsafeMutablePointer<spng_row_info>?) -> Int32

    let ctxNew: CtxNew
    let ctxFree: CtxFree
    let setPNGStream: SetPNGStream
    let setChunkLimits: SetChunkLimits
    let getIHDR: GetIHDR
    let getTRNS: GetTRNS
    let decodeImage: DecodeImage
    let decodeRow: DecodeRow
    let getRowInfo: GetRowInfo

    init?(_ library: SharedLibrary?) {
        guard let library else { return nil }
        do {
            ctxNew = try library.function("spng_ctx_new")
            ctxFree = try library.function("spng_ctx_free")
            setPNGStream = try library.function("spng_set_png_stream")
            setChunkLimits = try library.function("spng_set_chunk_limits")
            getIHDR = try library.function("spng_get_ihdr")
            getTRNS = try library.function("spng_get_trns")
            decodeImage = try library.function("spng_decode_image")
            decodeRow = try library.function("spng_decode_row")
            getRowInfo = try library.function("spng_get_row_info")
        } catch { return nil }
    }
}

/// The TurboJPEG functions JPEGDecoder calls, with turbojpeg.h's signatures.
struct TurboJPEGFunctions: @unchecked Sendable {
    typealias InitDecompress = @convention(c) () -> tjhandle?
    typealias Destroy = @convention(c) (tjhandle?) -> Int32
    typealias DecompressHeader3 =
        @convention(c) (
            tjhandle?, UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
        ) -> Int32
    typealias Decompress2 =
        @convention(c) (
            tjhandle?, UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<UInt8>?, Int32, Int32, Int32, Int32, Int32
        ) -> Int32
    typealias GetScalingFactors =
        @convention(c) (UnsafeMutablePointer<Int32>?) -> UnsafeMutablePointer<tjscalingfactor>?
    typealias GetErrorStr2 = @convention(c) (tjhandle?) -> UnsafeMutablePointer<CChar>?

    let initDecompress: InitDecompress
    let destroy: Destroy
    let decompressHeader3: DecompressHeader3
    let decompress2: Decompress2
    let getScalingFactors: GetScalingFactors
    let getErrorStr2: GetErrorStr2

    init?(_ library: SharedLibrary?) {
        guard let library else { return nil }
        do {
            initDecompress = try library.function("tjInitDecompress")
            destroy = try library.function("tjDestroy")
            decompressHeader3 = try library.function("tjDecompressHeader3")
            decompress2 = try library.function("tjDecompress2")
            getScalingFactors = try library.function("tjGetScalingFactors")
            getErrorStr2 = try library.function("tjGetErrorStr2")
        } catch { return nil }
    }
}

/// The libwebp functions WebPDecoder calls, with decode.h's signatures (`WebPInitDecoderConfig`
/// and `WebPGetFeatures` are inline functions of the header that call the `Internal` ones with
/// `WEBP_DECODER_ABI_VERSION`).
struct WebPFunctions: @unchecked Sendable {
    typealias InitDecoderConfigInternal = @convention(c) (UnsafeMutablePointer<WebPDecoderConfig>?, Int32) -> Int32
    typealias GetFeaturesInternal =
        @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<WebPBitstreamFeatures>?, Int32) ->
        VP8StatusCode
    typealias Decode =
        @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<WebPDecoderConfig>?) -> VP8StatusCode
    typealias FreeDecBuffer = @convention(c) (UnsafeMutablePointer<WebPDecBuffer>?) -> Void

    let initDecoderConfigInternal: InitDecoderConfigInternal
    let getFeaturesInternal: GetFeaturesInternal
    let decode: Decode
    let freeDecBuffer: FreeDecBuffer

    init?(_ library: SharedLibrary?) {
        guard let library else { return nil }
        do {
            initDecoderConfigInternal = try library.function("WebPInitDecoderConfigInternal")
            getFeaturesInternal = try library.function("WebPGetFeaturesInternal")
            decode = try library.function("WebPDecode")
            freeDecBuffer = try library.function("WebPFreeDecBuffer")
        } catch { return nil }
    }

    func initDecoderConfig(_ config: UnsafeMutablePointer<WebPDecoderConfig>) -> Int32 {
        initDecoderConfigInternal(config, WEBP_DECODER_ABI_VERSION)
    }

    func getFeatures(
        _ data: UnsafePointer<UInt8>?, _ size: Int, _ features: UnsafeMutablePointer<WebPBitstreamFeatures>
    ) -> VP8StatusCode {
        getFeaturesInternal(data, size, features, WEBP_DECODER_ABI_VERSION)
    }
}
