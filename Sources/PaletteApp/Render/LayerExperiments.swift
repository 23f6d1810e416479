#if PALETTE_LAYER_EXPERIMENTS
    import Foundation

    /// Off switches for the change-detection layers, read from `PALETTE_LAYERS_OFF`
    /// (separated by `+` or `,`: `parts`, `revision`, `rows`). Compiled only with
    /// `-DPALETTE_LAYER_EXPERIMENTS`, for `bench/layers.py`; never part of the product.
    public enum LayerExperiments {
        public static let off: Set<String> = Set(
            (ProcessInfo.processInfo.environment["PALETTE_LAYERS_OFF"] ?? "").split(whereSeparator: {
                $0 == "," || $0 == "+"
            }).map(String.init))
        public static let parts = off.contains("parts")
        public static let revision = off.contains("revision")
        public static let rows = off.contains("rows")
    }
#endif
