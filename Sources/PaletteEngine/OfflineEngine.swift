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

    /// The note added when the description had no word the engine knows.
    public static let noColourWordsNote =
        "no colour words found: this is a general palette; add a colour, scene or mood to steer it"

    public init() {}

    /// A palette for `description`; `variation` 0 is the best fit, others are alternatives.
    public func palette(for description: String, variation: Int = 0) -> GeneratedPalette {
        let (reading, composition) = compose(description, variation: variation)
        var notes: [String] = []
        if reading.isEmpty { notes.append(OfflineEngine.noColourWordsNote) }
        if !reading.negatedWords.isEmpty {
            notes.append("left out because negated: " + reading.negatedWords.joined(separator: ", "))
        }
        if reading.wasTruncated {
            notes.append("read only the first \(NormalisedText.readLimit) characters of the description")
        }
        return GeneratedPalette(palette: composition.palette, provider: name, model: model,
                                rationale: composition.rationale, notes: notes)
    }

    /// What the engine read and what it built from it (tests look inside).
    func compose(_ description: String, variation: Int) -> (Reading, Composition) {
        let reading = Reading(description, lexicon: Lexicon.embedded)
        return (reading, PaletteComposer(reading: reading, variation: variation).compose())
    }

    public func generate(description: String, variation: Int) async throws -> GeneratedPalette {
        try Task.checkCancellation()
        return palette(for: description, variation: variation)
    }
}
