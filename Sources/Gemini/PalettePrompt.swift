import PaletteCore
import ProviderKit

/// The one place the request body sent to Gemini is built; the words are PaletteCore's
/// `PaletteInstructions`, shared by every model provider.
///
/// The instructions travel as `systemInstruction` so the user's description can go verbatim,
/// in whatever language it came, as the only user turn.
public enum PalettePrompt {
    /// The designer's instructions, independent of the description (`PaletteInstructions`).
    public static var systemInstruction: String { PaletteInstructions.designer }

    /// The extra instruction for a regenerated palette (`variation` > 0).
    public static func variationInstruction(_ variation: Int) -> String {
        PaletteInstructions.variation(variation)
    }

    /// What the model is told when its previous answer could not be used.
    public static func correction(for problem: String) -> String {
        PaletteInstructions.correction(for: problem)
    }

    /// Room for the answer plus any thinking the model does on its own.
    public static var maxOutputTokens: Int { PaletteInstructions.maxOutputTokens }

    /// Builds the request for a description.
    ///
    /// - Parameters:
    ///   - correction: the previous unusable reply and what was wrong with it, to ask once more.
    public static func request(
        description: String, variation: Int = 0,
        correction: (reply: String, problem: String)? = nil
    ) -> GenerateContentRequest {
        request(for: GenerationRequest(description: description, variation: variation), correction: correction)
    }

    /// Builds the request for `generation`: its locked colours and the palette it refines are
    /// in the instructions and in the schema (a locked role's property allows only its colour),
    /// a refinement's instruction is the user turn, a seed goes in `generationConfig.seed`, and
    /// several candidates are asked for as one array in one answer (`Schema.answer(for:)`).
    /// A picture is re-encoded here (`ImageUpload`); `request(for:image:correction:)` takes
    /// one already encoded.
    public static func request(
        for generation: GenerationRequest, correction: (reply: String, problem: String)? = nil
    ) -> GenerateContentRequest {
        request(for: generation, image: generation.image.map { ImageUpload($0.picture) }, correction: correction)
    }

    /// `request(for:correction:)` with the request's picture already encoded: it goes as an
    /// `inlineData` part before the text of the first user turn (`nil`: no picture is sent).
    public static func request(
        for generation: GenerationRequest, image: ImageUpload?, correction: (reply: String, problem: String)? = nil
    ) -> GenerateContentRequest {
        let instruction = PaletteInstructions.system(for: generation)
        let words = Part(text: PaletteInstructions.userTurn(for: generation))
        var contents = [Content(role: "user", parts: image.map { [Part(image: $0), words] } ?? [words])]
        if let correction {
            contents.append(Content(role: "model", text: correction.reply))
            contents.append(
                Content(
                    role: "user", text: PaletteInstructions.correction(for: correction.problem, request: generation)))
        }
        return GenerateContentRequest(
            systemInstruction: Content(role: nil, text: instruction),
            contents: contents,
            generationConfig: GenerationConfig(
                responseMimeType: "application/json",
                responseSchema: Schema.answer(for: generation),
                maxOutputTokens: maxOutputTokens,
                seed: generation.seed.map { _ in Sampling.seed(for: generation) }))
    }
}
