import PaletteCore

/// The embedded text-to-palette engine: works with no key and no network.
///
/// Reads English, Chinese (Traditional and Simplified), Japanese, Korean, French, Spanish,
/// Portuguese, German, Italian, Russian, Arabic, Hindi, Vietnamese and Turkish for colour
/// words, scenes, times, seasons, weather, materials, moods, modifiers, negations and named
/// things (brands, flags, teams), then builds a primary, secondary and accent in OKLCH.
/// Deterministic: the same description and variation always give the same palette. The
/// lexicon is parsed once, on first use, and shared by every engine value.
public struct OfflineEngine: PaletteProvider {
    public let name = "offline"
    public var model: String? { "offline-engine-1" }

    public init() {}

    /// A palette for `description`; `variation` 0 is the best fit, others are alternatives.
    public func palette(for description: String, variation: Int = 0) -> GeneratedPalette {
        let (reading, composition) = compose(description, variation: variation)
        var notes: [GenerationNote] = []
        if reading.isEmpty {
            notes.append(.noColourWords)
        } else {
            notes += ReadingNotes(reading: reading, lexicon: Lexicon.embedded).notes
        }
        if !reading.negatedWords.isEmpty { notes.append(.negated(words: reading.negatedWords)) }
        if reading.wasTruncated { notes.append(.readLimit(characters: NormalisedText.readLimit)) }
        if let contrast = composition.contrast {
            notes.append(.composedByContrast(ground: contrast.ground, figure: contrast.figure))
        }
        if reading.structure == .soft { notes.append(.softStructure(words: reading.structureWords)) }
        if !composition.structureMoved.isEmpty { notes.append(.structureAdjusted(composition.structureMoved)) }
        return GeneratedPalette(
            palette: composition.palette, provider: name, model: model,
            rationale: composition.rationale, notes: notes)
    }

    /// What the engine read and what it built from it (tests look inside).
    func compose(_ description: String, variation: Int) -> (Reading, Composition) {
        let reading = Reading(description, lexicon: Lexicon.embedded)
        return (reading, PaletteComposer(reading: reading, variation: variation).compose())
    }

    /// Every field: seeds, locked roles, refinements, candidates and a picture (`EngineWorkbench`,
    /// `ImagePalette.swift`), and constraints: an accessibility requirement is met by construction
    /// (each palette is moved to it, lightness only, locked roles held, before it is returned).
    public var supportedFields: Set<GenerationRequest.Field> { Set(GenerationRequest.Field.allCases) }

    public func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
        try Task.checkCancellation()
        try checkSupported(request)
        var result = EngineWorkbench(
            engine: self, request: request, imageReading: request.image.map { ImageReading($0.picture) }
        ).generate()
        if let requirement = request.constraints.accessibility {
            let fixed = Set(request.locked.keys)
            func meet(_ palette: Palette) throws -> Palette {
                guard let met = requirement.enforce(palette, fixed: fixed) else {
                    throw ProviderFailure(
                        provider: name, .unusableAnswer(problem: "no lightness meets \(requirement.level.rawValue)"))
                }
                return met.palette
            }
            let before = result.palette
            result.palette = try meet(result.palette)
            // Which roles moved, from and to: the least ΔE00 moved first (`enforce`).
            let changes = Role.allCases.compactMap { role in
                before[role] == result.palette[role]
                    ? nil : RoleChange(role: role, from: before[role], to: result.palette[role])
            }
            if !changes.isEmpty { result.notes.append(.accessibilityRepaired(requirement, changes: changes)) }
            for i in result.alternatives.indices {
                result.alternatives[i].palette = try meet(result.alternatives[i].palette)
            }
        }
        return result
    }
}
