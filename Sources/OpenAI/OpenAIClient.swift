import FoundationEssentials
import Glibc
import PaletteCore
import ProviderKit
import Synchronization

/// What the server refused of this client's requests, by endpoint and model, so a part refused
/// once is not sent again (and refused again) on every request. Each client has its own unless
/// given one to share.
public final class RefusedParts: Sendable {
    private let refused = Mutex<[String: Set<RequestPart>]>([:])

    public init() {}

    public func parts(endpoint: URL, model: String) -> Set<RequestPart> {
        refused.withLock { $0[Self.key(endpoint, model)] ?? [] }
    }

    func remember(_ part: RequestPart, endpoint: URL, model: String) {
        _ = refused.withLock { $0[Self.key(endpoint, model), default: []].insert(part) }
    }

    private static func key(_ endpoint: URL, _ model: String) -> String {
        var base = endpoint.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + "\u{0}" + model
    }
}

/// Palettes from any OpenAI-compatible Chat Completions server, on ProviderKit.
///
/// This file holds only what is the protocol's: the URL, the body, the reading of a reply and
/// the downgrade rule. The body is the configuration's `dialect`: the portable one for every
/// server, except OpenAI's own API asked for a model OpenAI documents (`RequestDialect`), whose
/// body leaves out at once what the model refuses. When a server refuses a part of the request
/// by name (a 400 whose `param` or message names `response_format`, `temperature`, `top_p`,
/// `seed`, `max_tokens`, `max_completion_tokens` or `reasoning_effort`, as reasoning models and
/// servers without structured output do), the request is sent once more without that part, the
/// refusal is remembered for this endpoint and model by the client (`RefusedParts`), and the
/// palette carries a `parametersRefused` note. Each part is left out at most once; a refusal of
/// a part already left out is a `badRequest`. The key, when there is one, travels only as
/// `Authorization: Bearer`.
public actor OpenAIClient: HTTPPaletteClient {
    public static let providerID = "openai"

    public nonisolated let configuration: OpenAIConfiguration
    public nonisolated let http: ProviderHTTPClient
    nonisolated let refused: RefusedParts

    public init(
        configuration: OpenAIConfiguration, refused: RefusedParts = RefusedParts(),
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.configuration = configuration
        self.refused = refused
        http = Self.transport(configuration, jitter: jitter)
    }

    public nonisolated var description: String {
        "OpenAIClient(model: \(configuration.model), endpoint: \(configuration.baseURL.absoluteString))"
    }

    public nonisolated var rehearsal: HTTPRequest? {
        (try? configuration.chatCompletionsURL()).map { .jsonPOST($0, body: Data("{}".utf8), key: nil) }
    }

    public static func warmDecoders() {
        _ = ServerError.decode(Data("{}".utf8))
        _ = try? JSONDecoder().decode(ChatCompletion.self, from: Data("{}".utf8))
    }

    // MARK: - Generating

    /// Throws `ProviderFailure`.
    public func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
        try checkSupported(request)
        let deadline = http.startDeadline()
        let url = try configuration.chatCompletionsURL()
        let endpoint = configuration.baseURL
        let model = configuration.model
        let dialect = configuration.dialect
        var left = refused.parts(endpoint: endpoint, model: model)
        let turns = PaletteConversation.turns(for: request)
        var result = try await PaletteConversation.generate(http, for: request, model: model) {
            (correction) throws(ProviderFailure) -> ChatAnswer in
            let asked = PaletteConversation.turns(turns, correcting: correction, for: request)
            while true {
                // Without response_format the schema goes in the system turn, the only place left.
                let sent = left.contains(.responseFormat) ? PaletteConversation.withSchema(asked, for: request) : asked
                let body = chatCompletionsBody(
                    model: model, turns: sent, request: request, dialect: dialect, without: left)
                let urlRequest = HTTPRequest.jsonPOST(url, body: body.data, key: configuration.apiKey)
                let outcome = try await http.send(urlRequest, by: deadline) { reply in
                    OpenAIClient.classify(reply, configuration: configuration, sentImage: request.image != nil)
                }
                switch outcome {
                case .answer(let answer):
                    return answer
                case .refused(let part, let message):
                    guard !left.contains(part) else { throw http.failure(.badRequest(serverMessage: message)) }
                    left.insert(part)
                    refused.remember(part, endpoint: endpoint, model: model)
                }
            }
        }
        if !left.isEmpty { result.notes.insert(.parametersRefused(left.sorted().map(\.rawValue)), at: 0) }
        return result
    }

    // MARK: - Reading a reply

    /// One reply: the answer, or a part the server refused by name.
    enum Outcome: Equatable {
        case answer(ChatAnswer)
        case refused(RequestPart, message: String?)
    }

    /// What a reply means. Retried: 408, 409, 429 that is not a quota, 5xx. Refused parts come
    /// back to `generate`; other 400s, 401, 403, 404 and quotas are final. With a picture sent
    /// (`sentImage`), a 400, 422 or 500 about the picture (OpenAI's "image_url is only supported
    /// by certain models", llama.cpp's "image input is not supported") is `imageNotAccepted`:
    /// the model cannot read pictures, and asking again will not change it.
    static func classify(
        _ reply: HTTPReply, configuration: OpenAIConfiguration, sentImage: Bool = false
    ) -> ReplyVerdict<Outcome> {
        let status = reply.status
        let error = ServerError.decode(reply.body)
        if (200..<300).contains(status), error == nil {
            let completion: ChatCompletion
            do {
                completion = try JSONDecoder().decode(ChatCompletion.self, from: reply.body)
            } catch {
                return .failure(
                    reply.bodyLooksLikeJSON
                        ? .malformedResponse : .notJSON(status: status, contentType: reply.contentType))
            }
            guard let choice = completion.choices?.first else {
                return .failure(completion.choices == nil ? .malformedResponse : .noAnswer(reason: nil, message: nil))
            }
            if let refusal = choice.message?.refusal, !refusal.isEmpty {
                return .failure(.answerBlocked(reason: refusal))
            }
            if choice.finishReason == "content_filter" {
                return .failure(.answerBlocked(reason: "content_filter"))
            }
            let text = choice.message?.content ?? ""
            return .success(.answer(ChatAnswer(text: text, truncated: choice.finishReason == "length")))
        }
        let message = error?.message
        // llama.cpp without its projector answers 500; OpenAI 400 naming the content part.
        if sentImage, [400, 422, 500].contains(status),
            ImageUpload.isRefusal(message) || ImageUpload.isRefusal(error?.param)
        {
            return .failure(.imageNotAccepted(model: configuration.model, serverMessage: message))
        }
        switch status {
        case 408, 409, 500..<600:
            return .retry(.serverUnavailable(status: status, serverMessage: message))
        case 429:
            if error?.isQuota == true { return .failure(.quotaExhausted(serverMessage: message)) }
            return .retry(.rateLimited(retryAfter: reply.retryAfter))
        default:
            break
        }
        guard let error else {
            if reply.body.isEmpty { return .failure(.unexpectedStatus(status)) }
            return .failure(.notJSON(status: status, contentType: reply.contentType))
        }
        switch status {
        case 200..<300:
            return .failure(.badRequest(serverMessage: message))
        case 400, 422:
            // A part the dialect never sends is no refusal of this body (as before it had a name).
            let sendable = Set(RequestPart.allCases).subtracting(configuration.dialect.leftOut)
            if let part = RequestPart.named(param: error.param, message: message, among: sendable) {
                return .success(.refused(part, message: message))
            }
            if error.isModelMissing {
                return .failure(.modelNotFound(model: configuration.model, available: []))
            }
            return .failure(.badRequest(serverMessage: message))
        case 401:
            if configuration.apiKey == nil {
                return .failure(.missingAPIKey(variables: configuration.keyVariables))
            }
            return .failure(.invalidAPIKey(serverMessage: message))
        case 403:
            return .failure(.permissionDenied(code: error.code, serverMessage: message))
        case 404:
            if error.isModelMissing {
                return .failure(.modelNotFound(model: configuration.model, available: []))
            }
            return .failure(.unexpectedStatus(404))
        default:
            return .failure(.unexpectedStatus(status))
        }
    }
}
