/// Gives any provider the accessibility constraint: a model's answer is moved to meet it.
///
/// The request goes to the wrapped provider without the constraint; its palette is then
/// repaired (`AccessibilityRequirement.enforce`: lightness only, hues kept, least movement)
/// and a note says which roles moved, from and to. A provider that meets the constraint
/// itself (it lists `.constraints` in `supportedFields`, as the offline engine does) is
/// passed the request unchanged.
public struct AccessibleProvider: PaletteProvider {
    public let base: any PaletteProvider

    public init(_ base: any PaletteProvider) {
        self.base = base
    }

    public var name: String { base.name }
    public var model: String? { base.model }
    public var supportedFields: Set<GenerationRequest.Field> { base.supportedFields.union([.constraints]) }

    /// A model's answer is also checked against the role structure (`RoleStructure`, as the
    /// description asks: full, one hue, or low contrast): one that breaks it is kept, with a
    /// note naming each rule broken; with an accessibility requirement it is first repaired as
    /// the offline engine's palettes are (secondary, then accent, by lightness, locks held).
    public func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
        guard !base.supportedFields.contains(.constraints) else { return try await base.generate(request) }
        var inner = request
        inner.constraints.accessibility = nil
        var result = try await base.generate(inner)
        try Task.checkCancellation()
        let asked = StructureWords.request(in: request.description).request
        let broken = RoleStructure.violations(result.palette, request: asked)
        guard let requirement = request.constraints.accessibility else {
            if !broken.isEmpty { result.notes.append(.structureBroken(broken)) }
            return result
        }
        if !broken.isEmpty {
            let (palette, moved) = RoleStructure.repaired(
                result.palette, request: asked, fixed: Set(request.locked.keys))
            if moved.isEmpty {
                result.notes.append(.structureBroken(broken))
            } else {
                result.palette = palette
                result.notes.append(.structureAdjusted(moved))
            }
        }
        guard let (palette, changes) = requirement.enforce(result.palette) else {
            throw ProviderFailure(
                provider: name, .unusableAnswer(problem: "no lightness meets \(requirement.level.rawValue)"))
        }
        if !changes.isEmpty {
            result.palette = palette
            result.notes.append(.accessibilityRepaired(requirement, changes: changes))
        }
        return result
    }
}
