/// The palette JSON we ask models for: the one definition, kept beside the parser that reads it.
///
/// One object with three required string properties named after the roles, in role order,
/// each a colour as `#RRGGBB`. A provider translates it into its own schema dialect (Gemini:
/// the OpenAPI subset of `responseSchema`); nothing here is specific to one API. The hex form
/// is stated in the descriptions but checked by `PaletteParser`, not by the schema, because
/// models differ in which schema keywords they honour. Changing a name here without the parser
/// still reading it as that role fails `PaletteSchemaTests`.
public struct PaletteSchema: Sendable, Equatable {
    /// One property of the object: the colour of one role.
    public struct Property: Sendable, Equatable {
        public let role: Role
        /// What the model is told the value means.
        public let description: String
        /// The one value allowed, for a locked role (spelt as an enum of one by each dialect).
        public var fixed: RGB? = nil

        /// The JSON key: the role's name.
        public var name: String { role.rawValue }
    }

    /// What the model is told the whole object is.
    public let description: String
    /// The properties in the order the model should write them: role order.
    public let properties: [Property]

    /// The keys every answer must have: all of them.
    public var required: [String] { properties.map(\.name) }

    /// The order the keys should be written in.
    public var propertyOrdering: [String] { properties.map(\.name) }

    /// The palette object every provider asks for.
    public static let palette = PaletteSchema(
        description: "A three-colour palette.",
        properties: Role.allCases.map { role in
            switch role {
            case .primary:
                return Property(
                    role: role, description: "The dominant colour that carries the overall feeling, as #RRGGBB.")
            case .secondary:
                return Property(role: role, description: "A supporting colour that works with the primary, as #RRGGBB.")
            case .accent:
                return Property(role: role, description: "A small, distinct highlight colour, as #RRGGBB.")
            }
        })

    /// The palette object for `request`: each locked role allows only its locked colour (and
    /// says so), and for a refinement each property says the colour it refines.
    public static func palette(for request: GenerationRequest) -> PaletteSchema {
        guard !request.locked.isEmpty || request.refinement != nil else { return palette }
        return PaletteSchema(
            description: palette.description,
            properties: palette.properties.map { property in
                if let colour = request.locked[property.role] {
                    return Property(
                        role: property.role, description: "Locked by the user: exactly \(colour.hex).", fixed: colour)
                }
                if let base = request.refinement?.base {
                    return Property(
                        role: property.role,
                        description: property.description + " Refined from \(base[property.role].hex).")
                }
                return property
            })
    }
}

extension PaletteSchema {
    /// What the model is told the array of several candidates is (`PaletteInstructions.candidatesKey`).
    public static func candidatesDescription(_ count: Int) -> String {
        "Exactly \(count) palettes, each clearly different from the others, best first."
    }
}
