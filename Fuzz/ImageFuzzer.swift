import PaletteCore

/// libFuzzer entry point for `ImageDecoder.decode(bytes:)`, built by `make fuzz` with PaletteImage's
/// sources on PaletteCore and Debian's libspng, TurboJPEG and libwebp (which are not instrumented:
/// their faults show as a crash or a sanitizer report when they touch Swift's memory).
///
/// Every input must be answered, a picture or an `ImageProblem`, without a crash, a hang or a
/// sanitizer report; a picture is never empty nor longer than `ImageInput.maxSide` on a side, and
/// the same bytes always give the same picture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let picture: RGBImage
    do {
        picture = try ImageDecoder.decode(bytes: bytes)
    } catch {
        return 0
    }
    precondition(picture.width > 0 && picture.height > 0, "an empty picture")
    precondition(
        max(picture.width, picture.height) <= ImageInput.maxSide, "\(picture.width) × \(picture.height) is too large")
    precondition(picture.pixels.count == picture.width * picture.height * 3, "pixels do not match the size")
    // One input in 8 is decoded twice: the same bytes must give the same pixels.
    if size % 8 == 0 {
        precondition((try? ImageDecoder.decode(bytes: bytes)) == picture, "a second decoding differs")
    }
    return 0
}
