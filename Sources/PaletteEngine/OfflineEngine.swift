import PaletteCore

/// The embedded text-to-palette engine: works with no key and no network.
public struct OfflineEngine: Sendable {
    public init() {}
}
