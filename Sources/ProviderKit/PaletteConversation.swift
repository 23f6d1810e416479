import FoundationEssentials
import Glibc
import PaletteCore

/// One turn of a chat: what OpenAI's Chat Completions and Ollama's `/api/chat` both send.
public struct ChatTurn: Hashable, Sendable {
    public enum Speaker: String, Hashable, Sendable {
        case system, user, assistant
    }

    public var speaker: Speaker
    public var content: String
    /// The picture that goes with this turn (only the first user turn of a request with an
    /// image has one); each protocol spells it its own way (`json` leaves it out).
    public var image: ImageUpload?

    public init(_ speaker: Speaker, _ content: String, image: ImageUpload? = nil) {
        self.speaker = speaker
        self.content = content
        self.image = image
    }

    /// `{"role": ..., "content": ...}`, without the image.
    public var json: JSONBody { .object([("role", .string(speaker.rawValue)), ("content", .string(content))]) }
}

/// A chat model's answer: its text, and whether it stopped at the output limit.
public struct ChatAnswer: Hashable, Sendable {
    public var text: String
    public var truncated: Bool

    public init(text: String, truncated: Bool) {
        self.text = text
        self.truncated = truncated
    }
}

/// A reply that could not be used, and exactly what was wrong with it: what the model is
/// shown when it is asked once more.
public struct Correction: Hashable, Sendable {
    public var reply: String
    public var problem: String

    public init(reply: String, problem: String) {
        self.reply = reply
        self.problem = problem
    }
}

/// The one conversation every model provider has about a palette (Gemini, OpenAI-compatible,
/// Ollama): ask, read the answer the common way (one palette: `ModelAnswer`; several
/// candidates: `CandidateAnswer`), and when nothing in it is usable ask once more, quoting the
/// answer and exactly what was wrong with it; then fail with that problem. A usable answer
/// comes back checked against the request (`GenerationRequest.checked`: locks put back).
///
/// An answer cut off at the output limit that is not usable is `truncated`, without asking
/// again (the same limit would cut the next one). The provider supplies only how one ask goes
/// over its protocol (`ask(nil)` the first time, `ask(correction)` the second); the deadline,
/// retries and cancellation inside each ask are `ProviderHTTPClient`'s.
public enum PaletteConversation {
    /// The first turns for `request`: the instructions (`PaletteInstructions`), then the
    /// description (a refinement's instruction), verbatim, as the only user turn, carrying the
    /// request's picture, if any, re-encoded (`ImageUpload`).
    public static func turns(for request: GenerationRequest) -> [ChatTurn] {
        [
            ChatTurn(.system, PaletteInstructions.system(for: request)),
            ChatTurn(
                .user, PaletteInstructions.userTurn(for: request),
                image: request.image.map { ImageUpload($0.picture) }),
        ]
    }

    /// `first`, then, when there is a correction, the unusable reply as the model's turn and
    /// what was wrong with it as the user's.
    public static func turns(
        _ first: [ChatTurn], correcting correction: Correction?, for request: GenerationRequest
    ) -> [ChatTurn] {
        guard let correction else { return first }
        return first + [
            ChatTurn(.assistant, correction.reply),
            ChatTurn(.user, PaletteInstructions.correction(for: correction.problem, request: request)),
        ]
    }

    /// `turns` with the answer's JSON Schema added to the system turn: for a server that
    /// refused to enforce it, the schema is then asked for in words.
    public static func withSchema(_ turns: [ChatTurn], for request: GenerationRequest) -> [ChatTurn] {
        var turns = turns
        guard let first = turns.first, first.speaker == .system else { return turns }
        turns[0].content =
            first.content + "\n\nThe reply must be valid against this JSON Schema: "
            + JSONBody.answerSchema(for: request, boundedItems: false).text
        return turns
    }

    /// The fields every model provider honours through this conversation: a seed (sent as the
    /// protocol's own), locked colours and a refinement (in the instructions and the schema,
    /// the answer checked), several candidates in one request, and a picture (sent as the
    /// protocol documents image input, the roles asked for from it in the instructions).
    public static let supportedFields: Set<GenerationRequest.Field> = [
        .seed, .lockedRoles, .refinement, .candidates, .image,
    ]

    /// Runs the conversation over `http` for `request`; `ask` sends one request and returns the answer.
    ///
    /// Its own failures are `http`'s (`ProviderHTTPClient.failure`): the problem quoted from an
    /// unusable answer is the model's text, so it passes the same door as any server text (an
    /// answer that echoes the key in a colour value is redacted).
    public static func generate(
        _ http: ProviderHTTPClient, for request: GenerationRequest, model: String?,
        isolation: isolated (any Actor)? = #isolation,
        ask: (Correction?) async throws(ProviderFailure) -> ChatAnswer
    ) async throws(ProviderFailure) -> GeneratedPalette {
        let first = try await ask(nil)
        let problem: String
        switch read(first.text, for: request, provider: http.provider, model: model, http: http) {
        case .success(let result):
            return result
        case .failure(let why):
            if first.truncated { throw http.failure(.truncated) }
            problem = why.text
        }
        let second = try await ask(Correction(reply: first.text, problem: problem))
        switch read(second.text, for: request, provider: http.provider, model: model, http: http) {
        case .success(let result):
            return result
        case .failure(let why):
            if second.truncated { throw http.failure(.truncated) }
            throw http.failure(.unusableAnswer(problem: why.text))
        }
    }

    /// One answer read for `request`: a checked palette, or the candidates it asked for.
    static func read(
        _ text: String, for request: GenerationRequest, provider: String, model: String?, http: ProviderHTTPClient
    ) -> Result<GeneratedPalette, CandidateAnswer.Problem> {
        if request.candidateCount > 1 {
            return CandidateAnswer.result(
                text, for: request, provider: provider, model: model, clean: http.serverText.clean)
        }
        switch ModelAnswer.read(text) {
        case .palette(let palette):
            return .success(
                GeneratedPalette(palette: palette, provider: provider, model: model).checked(against: request))
        case .problem(let why):
            return .failure(CandidateAnswer.Problem(why))
        }
    }
}

/// The sampling every request states, so no server picks its own (Ollama's `/v1` forces
/// temperature 1.0 and top_p 1.0 when they are left out).
public enum Sampling {
    public static let temperature = 0.7
    public static let topP = 0.9

    /// The seed sent: the request's own, else its variation (so "another" is another draw and
    /// the same request is the same draw), folded into 31 bits, which every server accepts.
    public static func seed(for request: GenerationRequest) -> Int {
        Int((request.seed ?? UInt64(request.variation)) % 2_147_483_648)
    }
}

extension HTTPReply {
    /// Whether the body is empty or starts like JSON: a cut-short answer rather than an HTML page.
    public var bodyLooksLikeJSON: Bool {
        let space: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        guard let first = body.first(where: { !space.contains($0) }) else { return true }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}

/// Building a request URL from a user's base URL.
public enum EndpointURL {
    /// `base` with `path` appended (trailing slashes of `base` ignored), or `invalidEndpoint`
    /// naming `settings` when `base` is not an http(s) URL with a host and no query.
    public static func make(
        _ base: URL, appending path: String, provider: String, settings: [String]
    ) throws(ProviderFailure) -> URL {
        let bad = ProviderFailure(provider: provider, .invalidEndpoint(base.absoluteString, settings: settings))
        guard let scheme = base.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = base.host, !host.isEmpty, base.query == nil, base.fragment == nil
        else { throw bad }
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text + path) else { throw bad }
        return url
    }
}
