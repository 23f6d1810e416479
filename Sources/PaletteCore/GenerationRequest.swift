/// Everything a provider is asked for one generation, as one value.
///
/// Every provider takes this value, so a new input (a lock, a refinement, a constraint) is a new
/// field here and changes no provider's signature. A provider that cannot honour a field it is
/// given says so with `ProviderFailure.Reason.unsupported`, naming the fields, never silently
/// (see `PaletteProvider.supportedFields` and `checkSupported(_:)`).
public struct GenerationRequest: Hashable, Sendable {
    /// The optional parts of a request, beyond the description, language and variation that
    /// every provider honours.
    public enum Field: String, CaseIterable, Hashable, Sendable, Comparable {
        /// `seed`: a reproducible choice.
        case seed
        /// `locked`: roles whose colour must come back exactly.
        case lockedRoles
        /// `refinement`: an instruction applied to a given palette.
        case refinement
        /// `constraints`: an accessibility level and the background it is judged on.
        case constraints
        /// `candidateCount` above one: several palettes at once.
        case candidates
        /// `image`: a picture the palette is made from.
        case image

        public static func < (lhs: Field, rhs: Field) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The user's description of a scene or mood, in any language.
    public var description: String
    /// The language the user reads: notes, names and labels follow it.
    public var language: Language
    /// 0 is the first answer; other values ask for a different, equally fitting one.
    public var variation: Int
    /// Makes the choice reproducible across runs and machines, where the provider can.
    public var seed: UInt64?
    /// Roles whose colours must come back exactly, the others chosen to go with them.
    public var locked: [Role: RGB]
    /// An instruction ("warmer accent") applied to the palette it refines.
    public var refinement: Refinement?
    /// What every palette returned must satisfy.
    public var constraints: GenerationConstraints
    /// How many palettes to return (at least one).
    public var candidateCount: Int
    /// A picture the palette is made from, the description (possibly empty) steering it.
    public var image: ImageInput?

    public init(
        description: String, language: Language = .english, variation: Int = 0, seed: UInt64? = nil,
        locked: [Role: RGB] = [:], refinement: Refinement? = nil,
        constraints: GenerationConstraints = GenerationConstraints(), candidateCount: Int = 1,
        image: ImageInput? = nil
    ) {
        self.description = description
        self.language = language
        self.variation = variation
        self.seed = seed
        self.locked = locked
        self.refinement = refinement
        self.constraints = constraints
        self.candidateCount = max(1, candidateCount)
        self.image = image
    }

    /// The optional fields this request actually uses.
    public var usedFields: Set<Field> {
        var fields: Set<Field> = []
        if seed != nil { fields.insert(.seed) }
        if !locked.isEmpty { fields.insert(.lockedRoles) }
        if refinement != nil { fields.insert(.refinement) }
        if !constraints.isEmpty { fields.insert(.constraints) }
        if candidateCount > 1 { fields.insert(.candidates) }
        if image != nil { fields.insert(.image) }
        return fields
    }
}

/// An instruction applied to a palette: "warmer accent", "a night version", "更柔和".
public struct Refinement: Hashable, Sendable {
    public var instruction: String
    /// The palette being refined.
    public var base: Palette

    public init(instruction: String, base: Palette) {
        self.instruction = instruction
        self.base = base
    }
}

/// What a generated palette must satisfy.
public struct GenerationConstraints: Hashable, Sendable {
    /// The accessibility level every palette returned must meet, and the background it is
    /// judged on (`--accessible` with `--background`).
    public var accessibility: AccessibilityRequirement?

    public init(accessibility: AccessibilityRequirement? = nil) {
        self.accessibility = accessibility
    }

    /// True when nothing is constrained.
    public var isEmpty: Bool { accessibility == nil }
}
