import PaletteCore

/// The embedded text-to-palette engine: works with no key and no network.
///
/// Reads English and Chinese (Traditional and Simplified) for colour words, scenes, times,
/// seasons, weather, materials, moods and modifiers, then builds a primary, secondary and
/// accent in OKLCH. Deterministic: the same description and variation always give the same
/// palette. The lexicon is parsed once, on first use, and shared by every engine value.
public struct OfflineEngine: PaletteProvider {
    public let name = "offline"
    public var model: String? { "offline-engine-1" }

    public init() {}

    /// A palette for `description`; `variation` 0 is the best fit, others are alternatives.
    public func palette(for description: String, variation: Int = 0) -> GeneratedPalette {
        let (reading, composition) = compose(description, variation: variation)
        var notes: [GenerationNote] = []
        if reading.isEmpty { notes.append(.noColourWords) }
        if !reading.negatedWords.isEmpty { notes.append(.negated(words: reading.negatedWords)) }
        if reading.wasTruncated { notes.append(.readLimit(characters: NormalisedText.readLimit)) }
        return GeneratedPalette(
            palette: composition.palette, provider: name, model: model,
            rationale: composition.rationale, notes: notes)
    }

    /// What the engine read and what it built from it (tests look inside).
    func compose(_ description: String, variation: Int) -> (Reading, Composition) {
        let reading = Reading(description, lexicon: Lexicon.embedded)
        return (reading, PaletteComposer(reading: reading, variation: variation).compose())
    }

    /// Constraints only: an accessibility requirement is met by construction (the composed
    /// palette is moved to it, lightness only, before it is returned). Locks, refinements,
    /// candidates and seeds come with the workbench; until then a request using them is
    /// refused by name.
    public var supportedFields: Set<GenerationRequest.Field> { [.constraints] }

    public func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
        try Task.checkCancellation()
        try checkSupported(request)
        var result = palette(for: request.description, variation: request.variation)
        if let requirement = request.constraints.accessibility {
            guard let met = requirement.enforce(result.palette) else {
                throw ProviderFailure(
                    provider: name, .unusableAnswer(problem: "no lightness meets \(requirement.level.rawValue)"))
            }
            result.palette = met.palette
        }
        return result
    }
}
