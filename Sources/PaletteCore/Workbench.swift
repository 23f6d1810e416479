import FoundationEssentials
import Glibc

/// What every provider does with the workbench's fields of a request once it has a palette:
/// locked roles are put back exactly, and an answer to a refinement that is the palette it was
/// asked to refine is said so. The offline engine meets both by construction; a model's answer
/// is checked here (Gemini, OpenAI-compatible servers, Ollama alike).
extension GenerationRequest {
    /// `palette` with every locked role set to its locked colour, and the notes the check made:
    /// `.lockedRestored` naming each role the answer changed (from the answer's colour to the
    /// locked one), `.refinementUnchanged` when a refinement came back equal to its base.
    ///
    /// The refinement is compared after the locks are put back, so an answer that only moved a
    /// locked role (put back) counts as unchanged too.
    public func checked(_ palette: Palette) -> (palette: Palette, notes: [GenerationNote]) {
        var result = palette
        var restored: [RoleChange] = []
        for role in Role.allCases {
            guard let colour = locked[role], result[role] != colour else { continue }
            restored.append(RoleChange(role: role, from: result[role], to: colour))
            result[role] = colour
        }
        var notes: [GenerationNote] = []
        if !restored.isEmpty { notes.append(.lockedRestored(restored)) }
        if let refinement, refinement.base == result, !Role.allCases.allSatisfy({ locked[$0] != nil }) {
            // An answer that moved only locked roles refined nothing the user left free.
            notes.append(restored.isEmpty ? .refinementUnchanged : .refinementLocked(restored.map(\.role)))
        }
        return (result, notes)
    }

    /// The roles that are free to change, in role order.
    public var freeRoles: [Role] { Role.allCases.filter { locked[$0] == nil } }
}

extension GeneratedPalette {
    /// This result after `request.checked`: locks put back, its notes added (the alternatives too).
    public func checked(against request: GenerationRequest) -> GeneratedPalette {
        var out = self
        let (palette, notes) = request.checked(self.palette)
        out.palette = palette
        out.notes += notes.filter { !out.notes.contains($0) }
        out.alternatives = alternatives.map { $0.checked(against: request) }
        return out
    }
}

extension Palette {
    /// How far apart two candidates must be: ΔE00 on at least one role (the offline engine's
    /// rule, and the one a model's candidates are held to).
    public static let candidateDistance = 10.0

    /// True when some role of `other` is at least `candidateDistance` from this palette's.
    public func differsAsCandidate(from other: Palette) -> Bool {
        Role.allCases.contains { CIEDE2000.difference(self[$0], other[$0]) >= Palette.candidateDistance }
    }
}

extension Role {
    /// The role a user names: `primary`, `secondary`, `accent` in any case, or a role's label in
    /// English or Chinese (主色, 輔助色/辅助色, 強調色/强调色); nil for anything else.
    public init?(naming text: String) {
        let key = text.trimmedSpaces().lowercased()
        for role in Role.allCases {
            if key == role.rawValue || Language.allCases.contains(where: { role.label($0).lowercased() == key }) {
                self = role
                return
            }
        }
        return nil
    }
}
