/// A palette with what produced it and why: the one result type every provider returns.
public struct GeneratedPalette: Hashable, Sendable, Codable {
    public var palette: Palette
    /// `offline` or `gemini`.
    public var provider: String
    /// The model name for a remote provider; the engine version for the offline one.
    public var model: String?
    /// For each role, the words of the description that drove it (offline engine).
    public var rationale: [Role: [String]]
    /// Notes for the user: "no colour words found", "offline fallback: <why Gemini failed>".
    public var notes: [String]
    /// Set when this palette came from the offline engine because the remote provider failed.
    public var isFallback: Bool

    public init(palette: Palette, provider: String, model: String? = nil,
                rationale: [Role: [String]] = [:], notes: [String] = [], isFallback: Bool = false) {
        self.palette = palette
        self.provider = provider
        self.model = model
        self.rationale = rationale
        self.notes = notes
        self.isFallback = isFallback
    }
}

/// Anything that turns a description into a palette: the offline engine, Gemini, a fallback chain.
///
/// `variation` 0 is the first answer; other values ask for a different, equally fitting one
/// (the TUI's regenerate). Providers honour task cancellation.
public protocol PaletteProvider: Sendable {
    /// `offline` or `gemini`: shown in the title line and stored in history.
    var name: String { get }
    /// The model in use, when there is one.
    var model: String? { get }
    func generate(description: String, variation: Int) async throws -> GeneratedPalette
}

/// A failure a provider reports to the user: one actionable sentence.
public protocol UserFacingError: Error {
    var userMessage: String { get }
}
