/// A palette with what produced it and why: the one result type every provider returns.
public struct GeneratedPalette: Hashable, Sendable {
    public var palette: Palette
    /// The provider's id: `offline`, `gemini`, ...
    public var provider: String
    /// The model name for a remote provider; the engine version for the offline one.
    public var model: String?
    /// For each role, the words of the description that drove it (offline engine).
    public var rationale: [Role: [String]]
    /// What the user should know about this palette, typed; PaletteApp words them.
    public var notes: [GenerationNote]
    /// Set when this palette came from a fallback because the chosen provider failed: why it failed.
    public var fallbackReason: ProviderFailure?
    /// The other candidates when the request asked for several (`candidateCount` > 1), in the
    /// provider's order; this palette is the first. Empty otherwise.
    public var alternatives: [GeneratedPalette]

    public init(
        palette: Palette, provider: String, model: String? = nil,
        rationale: [Role: [String]] = [:], notes: [GenerationNote] = [],
        fallbackReason: ProviderFailure? = nil, alternatives: [GeneratedPalette] = []
    ) {
        self.palette = palette
        self.provider = provider
        self.model = model
        self.rationale = rationale
        self.notes = notes
        self.fallbackReason = fallbackReason
        self.alternatives = alternatives
    }

    /// True when this palette stands in for a provider that failed.
    public var isFallback: Bool { fallbackReason != nil }

    /// Every candidate: this palette, then its alternatives (each without alternatives of its own).
    public var candidates: [GeneratedPalette] {
        var first = self
        first.alternatives = []
        return [first] + alternatives
    }
}

/// Something the user should know about a generated palette, typed so it can be worded in the
/// user's language (PaletteApp) and tested without matching sentences.
public enum GenerationNote: Hashable, Sendable {
    /// The description had no word the engine knows: the palette is a general one.
    case noColourWords
    /// These words were left out because the description negated them.
    case negated(words: [String])
    /// Only the first `characters` characters of the description were read.
    case readLimit(characters: Int)
    /// Part of the description was understood: the words used, in the user's spelling, and the
    /// content words the engine did not know (grammar words are not listed).
    case partlyUnderstood(used: [String], unknown: [String])
    /// References read (a place, a festival, a movement, a dish, an animal ...), as the user
    /// wrote each, with the colours each brought, most typical first.
    case referencesRead([ReadReference])
    /// The description's key words (a name, its main noun) were not read: the palette comes
    /// from the other words, `used` (empty when none).
    case keyWordsNotRead(words: [String], used: [String])
    /// Words read as words of another language than the description's.
    case readAsOtherLanguage([ForeignWord])
    /// The answer was moved to meet an accessibility requirement; these roles changed.
    case accessibilityRepaired(AccessibilityRequirement, changes: [RoleChange])
    /// The default model is gone from the service; the provider moved to `replacement` (and
    /// stays there). Only a model the user did not choose is replaced.
    case modelReplaced(retired: String, replacement: String)
    /// The server refused these parts of the request by name (`response_format`,
    /// `temperature`...), so the palette was asked for without them; with `response_format`
    /// gone, the answer's shape was asked for in the prompt only.
    case parametersRefused([String])
    /// The answer changed roles the request locked; they were put back (`from` is what the
    /// provider answered, `to` the locked colour).
    case lockedRestored([RoleChange])
    /// The answer to a refinement is the palette it was asked to refine, colour for colour: the
    /// provider did not follow the instruction.
    case refinementUnchanged
    /// No change the engine knows was found in the refinement's instruction (the words it
    /// read, if any, did not name one); the palette is the one it was asked to refine.
    case refinementNotUnderstood
    /// Every role the refinement names is locked: nothing was changed (unlock one to refine it).
    case refinementLocked([Role])
    /// Only `found` of the `requested` candidates are distinct enough to show (the locks leave
    /// too little free, or the provider repeated itself).
    case fewerCandidates(requested: Int, found: Int)
    /// Of the `answered` candidates a model sent in one answer, these were left out (each
    /// checked as a single palette is: three valid, distinct colours, locks put back, and at
    /// least `Palette.candidateDistance` from every candidate kept before it).
    case candidatesDropped(answered: Int, dropped: [DroppedCandidate])
    /// The description's parts were opposed (warm against cold, light against dark) and were set
    /// against each other: the primary from the `ground` words, the accent from the `figure` words.
    case composedByContrast(ground: [String], figure: [String])
    /// These roles were moved (by lightness) so that the roles keep their structure
    /// (`RoleStructure`): the accent standing out, the primary and secondary apart.
    case structureAdjusted([Role])
    /// The description asked for low contrast (these words): a softer role structure was kept.
    case softStructure(words: [String])
    /// A model's palette breaks these rules of the role structure; it is kept as answered.
    case structureBroken([RoleStructure.Rule])
    /// What the offline engine read from a picture: each role's colour as found there, with its
    /// share of the picture's area (in role order; a role the picture gave no colour for is left out).
    case readFromImage([ImageColour])
    /// The description kept only the picture's warm (`warm` true) or cool colours; `found` is
    /// false when the picture has none, and then all its colours were used.
    case imageColoursFiltered(warm: Bool, found: Bool)
    /// The picture's large regions (over a tenth of its area) keep their colours though the
    /// palette then breaks these rules of the role structure.
    case imageRegionsKept([RoleStructure.Rule])
}

/// A colour the offline engine found in a picture for a role, and the share of the picture's
/// area it covers (0...1).
public struct ImageColour: Hashable, Sendable {
    public var role: Role
    public var colour: RGB
    public var share: Double

    public init(role: Role, colour: RGB, share: Double) {
        self.role = role
        self.colour = colour
        self.share = share
    }
}

/// A reference the offline engine read: the user's words and the colours they brought.
public struct ReadReference: Hashable, Sendable {
    public var words: String
    public var colours: [RGB]
    /// Other words of the description read as the same reference ("Moroccan riad": riad),
    /// named beside `words` rather than in a second reference with the same colours.
    public var otherWords: [String]

    public init(words: String, colours: [RGB], otherWords: [String] = []) {
        self.words = words
        self.colours = colours
        self.otherWords = otherWords
    }

    /// `words`, then `otherWords`.
    public var allWords: [String] { [words] + otherWords }
}

/// A word read in another language than the description's: `language` is its code (it, fr ...).
public struct ForeignWord: Hashable, Sendable {
    public var word: String
    public var language: String

    public init(word: String, language: String) {
        self.word = word
        self.language = language
    }
}

/// A candidate of a model's answer that was left out, and why.
public struct DroppedCandidate: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// Not a usable palette; `problem` says exactly what was wrong (the parser's words,
        /// the model's text in them already cleaned of keys).
        case unusable(problem: String)
        /// Too close to the candidate at `position` (once locked roles were put back).
        case repeats(position: Int)
    }

    /// Its place in the answer, from 1.
    public var position: Int
    public var reason: Reason

    public init(position: Int, reason: Reason) {
        self.position = position
        self.reason = reason
    }
}

/// Anything that turns a request into a palette: the offline engine, Gemini, a fallback chain.
///
/// Providers honour task cancellation. What they throw is a `ProviderFailure` or an error that
/// converts to one (`ProviderFailureConvertible`), never only a type of their own.
public protocol PaletteProvider: Sendable {
    /// The provider's id (`offline`, `gemini`): shown in the title line and stored in history.
    var name: String { get }
    /// The model in use, when there is one.
    var model: String? { get }
    /// The optional request fields this provider honours.
    var supportedFields: Set<GenerationRequest.Field> { get }
    func generate(_ request: GenerationRequest) async throws -> GeneratedPalette
}

extension PaletteProvider {
    /// Throws `unsupported`, naming the fields of `request` this provider cannot honour.
    public func checkSupported(_ request: GenerationRequest) throws(ProviderFailure) {
        let missing = request.usedFields.subtracting(supportedFields)
        if !missing.isEmpty { throw ProviderFailure(provider: name, .unsupported(missing)) }
    }
}
