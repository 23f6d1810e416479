import PaletteCore

/// The embedded text-to-palette engine: works with no key and no network.
public struct OfflineEngine: PaletteProvider {
    public let name = "offline"
    public var model: String? { "offline-engine-1" }

    public init() {}

    /// Provisional: the real engine replaces this body.
    public func palette(for description: String, variation: Int = 0) -> GeneratedPalette {
        GeneratedPalette(
            palette: Palette(primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01)),
            provider: name, model: model, notes: ["offline engine not built yet"])
    }

    public func generate(description: String, variation: Int) async throws -> GeneratedPalette {
        try Task.checkCancellation()
        return palette(for: description, variation: variation)
    }
}
