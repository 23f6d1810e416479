import FoundationEssentials
import Glibc
import PaletteCore
import ProviderKit

/// Palettes from Ollama's native chat API (`POST /api/chat`), on ProviderKit.
///
/// The request sets `format` to the palette's JSON Schema (Ollama's structured outputs),
/// `stream: false` (one JSON reply, never a stream to reassemble), and `options` with the
/// temperature, top_p, seed and `num_predict` stated, so the model's own defaults never pick
/// them. `think` is not sent: turning thinking off broke `format` on some models, and a
/// model's `message.thinking` is never read. `done_reason: "length"` is truncation. A model
/// that is not pulled is `modelNotFound` with the models that are (`/api/tags`), when the
/// server lists them within the deadline.
public actor OllamaClient: HTTPPaletteClient {
    public static let providerID = "ollama"

    public nonisolated let configuration: OllamaConfiguration
    public nonisolated let http: ProviderHTTPClient

    public init(
        configuration: OllamaConfiguration, jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.configuration = configuration
        http = Self.transport(configuration, jitter: jitter)
    }

    public nonisolated var description: String {
        "OllamaClient(model: \(configuration.model), host: \(configuration.host.absoluteString))"
    }

    public nonisolated var rehearsal: HTTPRequest? {
        (try? configuration.chatURL()).map { .jsonPOST($0, body: Data("{}".utf8), key: nil) }
    }

    public static func warmDecoders() {
        _ = try? JSONDecoder().decode(ChatReply.self, from: Data("{}".utf8))
    }

    // MARK: - Generating

    public func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
        try checkSupported(request)
        let deadline = http.startDeadline()
        let url = try configuration.chatURL()
        let configuration = self.configuration
        let http = self.http
        let turns = PaletteConversation.turns(for: request)
        do {
            return try await PaletteConversation.generate(http, for: request, model: configuration.model) {
                (correction) throws(ProviderFailure) -> ChatAnswer in
                let asked = PaletteConversation.turns(turns, correcting: correction, for: request)
                let body = OllamaClient.body(model: configuration.model, turns: asked, request: request)
                return try await http.send(
                    HTTPRequest.jsonPOST(url, body: body.data, key: configuration.apiKey), by: deadline
                ) { reply in
                    OllamaClient.classify(reply, model: configuration.model, sentImage: request.image != nil)
                }
            }
        } catch {
            guard case .modelNotFound(let model, []) = error.reason else { throw error }
            throw http.failure(.modelNotFound(model: model, available: await installedModels(by: deadline)))
        }
    }

    /// The models the server has pulled, or none when it does not say within the deadline.
    func installedModels(by deadline: Deadline) async -> [String] {
        guard let url = try? configuration.tagsURL() else { return [] }
        var request = HTTPRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let key = configuration.apiKey {
            request.setValue(key, forHTTPHeaderField: "Authorization", prefix: "Bearer ")
        }
        let names: [String]? = try? await http.send(request, by: deadline) { reply in
            guard reply.status == 200, let tags = try? JSONDecoder().decode(Tags.self, from: reply.body) else {
                return .failure(.unexpectedStatus(reply.status))
            }
            return .success(tags.models?.compactMap { $0.name ?? $0.model } ?? [])
        }
        return names ?? []
    }

    /// The `/api/chat` body, in a fixed order.
    static func body(model: String, turns: [ChatTurn], request: GenerationRequest) -> JSONBody {
        .object([
            ("model", .string(model)),
            ("messages", .array(turns.map(message))),
            ("stream", .bool(false)),
            ("format", .answerSchema(for: request, boundedItems: true)),
            (
                "options",
                .object([
                    ("temperature", .number(Sampling.temperature)),
                    ("top_p", .number(Sampling.topP)),
                    ("seed", .integer(Sampling.seed(for: request))),
                    ("num_predict", .integer(PaletteInstructions.maxOutputTokens)),
                ])
            ),
        ])
    }

    /// One message: `{"role", "content"}`, and for a turn with a picture `images`, a list
    /// holding the picture as base64 (no `data:` prefix), as `/api/chat` takes image input.
    static func message(_ turn: ChatTurn) -> JSONBody {
        guard let image = turn.image else { return turn.json }
        return .object([
            ("role", .string(turn.speaker.rawValue)),
            ("content", .string(turn.content)),
            ("images", .array([.string(image.base64)])),
        ])
    }

    // MARK: - Reading a reply

    /// The non-streaming `/api/chat` reply; `message.thinking` is not decoded.
    struct ChatReply: Decodable {
        var message: Message?
        var done: Bool?
        var doneReason: String?

        enum CodingKeys: String, CodingKey {
            case message, done
            case doneReason = "done_reason"
        }

        struct Message: Decodable {
            var content: String?
        }
    }

    struct Tags: Decodable {
        var models: [Model]?
        struct Model: Decodable {
            var name: String?
            var model: String?
        }
    }

    /// `{"error": "text"}`, Ollama's one error shape.
    static func errorText(_ body: Data) -> String? {
        JSONValue.parse(body)?.object?["error"]?.string
    }

    /// What a reply means. Retried: 408, 429, 5xx (503 is Ollama's "server busy"). Final: 400,
    /// 401, 403, 404 (a model not pulled), others. With a picture sent (`sentImage`), an error
    /// about the picture is `imageNotAccepted` whatever its status, never retried: a model
    /// without vision answers 400 "this model does not support image input", older servers
    /// 500 "this model is missing data required for image input".
    static func classify(_ reply: HTTPReply, model: String, sentImage: Bool = false) -> ReplyVerdict<ChatAnswer> {
        let status = reply.status
        let error = errorText(reply.body)
        if sentImage, status >= 400, ImageUpload.isRefusal(error) {
            return .failure(.imageNotAccepted(model: model, serverMessage: error))
        }
        if status == 200, error == nil {
            guard let decoded = try? JSONDecoder().decode(ChatReply.self, from: reply.body) else {
                return .failure(
                    reply.bodyLooksLikeJSON
                        ? .malformedResponse : .notJSON(status: status, contentType: reply.contentType))
            }
            guard let message = decoded.message else { return .failure(.malformedResponse) }
            let text = message.content ?? ""
            return .success(ChatAnswer(text: text, truncated: decoded.doneReason == "length"))
        }
        switch status {
        case 408, 500..<600:
            return .retry(.serverUnavailable(status: status, serverMessage: error))
        case 429:
            return .retry(.rateLimited(retryAfter: reply.retryAfter))
        default:
            break
        }
        guard let error else {
            if reply.body.isEmpty { return .failure(.unexpectedStatus(status)) }
            return .failure(.notJSON(status: status, contentType: reply.contentType))
        }
        switch status {
        case 200, 400:
            return .failure(.badRequest(serverMessage: error))
        case 401:
            return .failure(.invalidAPIKey(serverMessage: error))
        case 403:
            return .failure(.permissionDenied(code: nil, serverMessage: error))
        case 404:
            return .failure(.modelNotFound(model: model, available: []))
        default:
            return .failure(.unexpectedStatus(status))
        }
    }
}
