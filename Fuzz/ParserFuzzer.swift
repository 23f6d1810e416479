/// libFuzzer entry point for `PaletteParser`, built by `make fuzz` together with PaletteCore's sources.
///
/// Every input must be answered (a palette or a `PaletteParseError`) without a crash, a hang
/// or a sanitizer report, and any palette it accepts must read back unchanged from each of
/// its own output formats.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaletteParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let palette: Palette
    do {
        palette = try PaletteParser.parse(text)
    } catch {
        precondition(!error.description.isEmpty, "empty error message")
        return 0
    }
    let result = GeneratedPalette(palette: palette, provider: "fuzz")
    // The text form looks up colour names (~3,300 CIEDE2000 each), so only one input in 16 pays for it.
    let formats: [PaletteFormat] = size % 16 == 0 ? PaletteFormat.allCases : [.json, .hex, .css]
    for format in formats {
        let again = try? PaletteParser.parse(result.formatted(format))
        precondition(
            again == palette, "\(format) output of \(palette.colors) read back as \(String(describing: again))")
    }
    return 0
}
