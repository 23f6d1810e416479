import FoundationEssentials
import Glibc
import PaletteCore
import ProviderKit
import Synchronization

/// Palettes from Google's Gemini API (`v1beta` `generateContent`), on ProviderKit.
///
/// This file holds only what is Gemini's: the URL, the body, and how a Gemini reply reads.
/// Deadline, retries, cancellation, size limit, refused redirects and the key's redaction are
/// `ProviderHTTPClient`'s. One call to `generate` is one bounded conversation: up to
/// `retry.maxAttempts` attempts per request for transient failures, at most one follow-up
/// request when the answer is not a palette, and everything (waits included) inside
/// `configuration.timeout`. The key travels only in the `x-goog-api-key` header. Failures are
/// `ProviderFailure`s; PaletteApp words them.
///
/// An actor, as the design has it, and shaped like the other clients (`HTTPPaletteClient`): a
/// conversation (`generate` and the model lookup it may make) runs on the client's own
/// executor. What callers read without awaiting (its name, model, fields, description, the
/// warm-up) is `nonisolated`, built only from constants and the `Mutex`-guarded
/// `ModelReplacement`. The transport is libcurl, not URLSession
/// (docs/decisions.md, "the HTTP transport on libcurl"); requests are ProviderKit's `HTTPRequest`s.
public actor GeminiClient: HTTPPaletteClient {
    /// The id in failures, results and history.
    public static let providerID = "gemini"

    public nonisolated let configuration: GeminiConfiguration
    /// The one transport of this client and everything around it, kept for its lifetime.
    public nonisolated let http: ProviderHTTPClient
    /// The model that replaced a retired default, once one did: every later request uses it.
    private nonisolated let replacement = ModelReplacement()

    /// Builds the client; cheap, nothing is set up or sent until `warmUp()` or `generate`.
    ///
    /// - Parameter jitter: a random value in 0...1 for backoff; injectable so tests can pin it.
    public init(
        configuration: GeminiConfiguration,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.configuration = configuration
        self.http = Self.transport(configuration, jitter: jitter)
    }

    public nonisolated var model: String? { currentModel }

    /// The model requests go to: the configured one, or the one that replaced a retired default.
    nonisolated var currentModel: String { replacement.model ?? configuration.model }

    public nonisolated var description: String {
        "GeminiClient(model: \(currentModel), endpoint: \(configuration.baseURL.absoluteString))"
    }

    // MARK: - Warming up (`HTTPPaletteClient.warmUp`)

    /// Everything a request does on this side of the socket, with nothing sent and no key in sight.
    public nonisolated var rehearsal: HTTPRequest? {
        let body = (try? GeminiClient.encode(PalettePrompt.request(description: "warm-up"))) ?? Data()
        return (try? configuration.generateContentURL()).map { GeminiClient.urlRequest($0, body: body, key: nil) }
    }

    public static func warmDecoders() {
        let empty = Data("{}".utf8)
        _ = ErrorStatus.decode(empty)
        _ = try? JSONDecoder().decode(GenerateContentResponse.self, from: empty)
        _ = GeminiClient.palette(from: "{}")
    }

    // MARK: - Generating

    // The fields are `HTTPPaletteClient`'s: a seed goes in `generationConfig.seed`; several
    // candidates are one array in one answer (not `candidateCount`, which Gemini 3 models
    // refuse with a 400: docs/decisions.md).

    /// Throws `ProviderFailure`.
    public func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
        try checkSupported(request)
        let deadline = http.startDeadline()
        do {
            _ = try configuration.generateContentURL()
        } catch {
            throw http.failure(error.reason)
        }
        var model = currentModel
        var notes: [GenerationNote] = []
        // Encoded once: the same picture goes with the first request and any correction.
        let image = request.image.map { ImageUpload($0.picture) }
        var result = try await PaletteConversation.generate(http, for: request, model: model) {
            (correction) throws(ProviderFailure) -> ChatAnswer in
            let prompt = PalettePrompt.request(
                for: request, image: image, correction: correction.map { (reply: $0.reply, problem: $0.problem) })
            let answer = try await answer(prompt, model: &model, notes: &notes, by: deadline)
            return ChatAnswer(text: answer.text, truncated: answer.reachedTokenLimit)
        }
        // A retired default replaced during the conversation: every candidate names the model that answered.
        result.model = model
        result.alternatives = result.alternatives.map { alternative in
            var alternative = alternative
            alternative.model = model
            return alternative
        }
        result.notes.insert(contentsOf: notes, at: 0)
        return result
    }

    /// The answer to `prompt` from `model`, moving a retired default model on.
    ///
    /// When the service says the model is not found (404), or a 429 or 5xx names the model or
    /// says NOT_FOUND (some proxies answer so for a retired ID), the model list decides: a
    /// listed model meant what the reply said, and is asked again with the reply read as it
    /// is (rate limit, overload). Otherwise a model the user chose fails with the models that
    /// can be used; the default moves to the newest Flash-Lite listed, for this request and
    /// every later one, and a note says so.
    private func answer(
        _ prompt: GenerateContentRequest, model: inout String, notes: inout [GenerationNote],
        by deadline: Deadline
    ) async throws(ProviderFailure) -> Answer {
        var judgeNamedModel = true
        var tried = [model]
        while true {
            switch try await ask(prompt, model: model, judgeNamedModel: judgeNamedModel, by: deadline) {
            case .answer(let answer):
                // Kept only once it answered, so a replacement that fails too is not remembered.
                if model != configuration.model { replacement.model = model }
                return answer
            case .modelMissing(let certain):
                let available = await availableModels(by: deadline)
                if !certain, let available, available.contains(model) {
                    judgeNamedModel = false
                    continue
                }
                // Never offered again: the models that were just not found.
                let usable = (available ?? []).filter { !tried.contains($0) }
                // One replacement per generation: when it is missing too, the list is the answer.
                guard !configuration.modelChosen, tried.count == 1, let next = GeminiClient.newestFlashLite(in: usable)
                else {
                    throw http.failure(.modelNotFound(model: model, available: GeminiClient.ranked(usable)))
                }
                notes.append(.modelReplaced(retired: model, replacement: next))
                tried.append(next)
                model = next
                judgeNamedModel = true
            }
        }
    }

    /// One request to `model`, retried by ProviderKit as the reply says.
    private func ask(
        _ request: GenerateContentRequest, model: String, judgeNamedModel: Bool,
        by deadline: Deadline
    ) async throws(ProviderFailure) -> Reply {
        let body: Data
        do {
            body = try GeminiClient.encode(request)
        } catch {
            throw http.failure(.transport(String(describing: error)))
        }
        let url: URL
        do {
            url = try configuration.generateContentURL(model: model)
        } catch {
            throw http.failure(error.reason)
        }
        let urlRequest = GeminiClient.urlRequest(url, body: body, key: configuration.apiKey)
        return try await http.send(urlRequest, by: deadline) { reply in
            GeminiClient.classify(reply, model: model, judgeNamedModel: judgeNamedModel)
        }
    }

    /// What one generateContent reply gave: the answer, or a sign that the model is missing.
    enum Reply {
        case answer(Answer)
        /// A 404 (`certain`), or a 429 or 5xx that names the model or says NOT_FOUND.
        case modelMissing(certain: Bool)
    }

    // MARK: - Models

    /// The models that can generate content (`GET /v1beta/models`, every page, ids without
    /// `models/`), or nil when the list cannot be read. Ids that could not go into a URL are left out.
    func availableModels(by deadline: Deadline) async -> [String]? {
        var models: [String] = []
        var token: String?
        for _ in 0..<20 {
            guard let url = try? configuration.modelsURL(pageToken: token) else { return nil }
            var request = HTTPRequest(url: url, method: "GET")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            request.setValue(configuration.apiKey, forHTTPHeaderField: "x-goog-api-key")
            let page: ModelList
            do {
                page = try await http.send(request, by: deadline) { reply -> ReplyVerdict<ModelList> in
                    guard reply.status == 200, let list = try? JSONDecoder().decode(ModelList.self, from: reply.body)
                    else {
                        return (500..<600).contains(reply.status)
                            ? .retry(.serverUnavailable(status: reply.status, serverMessage: nil))
                            : .failure(.unexpectedStatus(reply.status))
                    }
                    return .success(list)
                }
            } catch {
                return nil
            }
            for info in page.models ?? [] where info.supportedGenerationMethods?.contains("generateContent") == true {
                let id = GeminiConfiguration.modelID(info.name ?? "")
                // An id that echoes the key (in any form) is never used, shown or stored.
                if GeminiConfiguration.isUsableModelID(id), http.serverText.clean(id) == id, !models.contains(id) {
                    models.append(id)
                }
            }
            guard let next = page.nextPageToken, !next.isEmpty, next != token else { break }
            token = next
        }
        return models
    }

    /// A model id's family and version: `gemini-3.5-flash-lite` is (flash-lite, [3, 5]); nil
    /// for previews, experiments, aliases (`-latest`) and anything not named that way.
    static func stableVersion(_ id: String, family: String) -> [Int]? {
        guard id.hasPrefix("gemini-") else { return nil }
        var rest = id.dropFirst("gemini-".count)
        guard let range = rest.scalarRange(of: "-\(family)") else { return nil }
        let version = rest[..<range.lowerBound]
        rest = rest[range.upperBound...]
        // Only a dated stable suffix (`-001`) may follow.
        guard rest.isEmpty || (rest.count == 4 && rest.first == "-" && rest.dropFirst().allSatisfy(\.isNumber))
        else { return nil }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }
    }

    /// The newest stable Flash-Lite among `models`, else the Flash-Lite alias when listed.
    static func newestFlashLite(in models: [String]) -> String? {
        let stable = models.compactMap { id in stableVersion(id, family: "flash-lite").map { (id, $0) } }
        if let best = stable.max(by: { $0.1.lexicographicallyPrecedes($1.1) || ($0.1 == $1.1 && $0.0 > $1.0) }) {
            return best.0
        }
        return models.first { $0 == "gemini-flash-lite-latest" }
    }

    /// `models` in the order worth suggesting: stable Flash-Lite models, newest first, then stable
    /// Flash models, newest first, then the rest; ties in id order.
    static func ranked(_ models: [String]) -> [String] {
        func key(_ id: String) -> (Int, [Int]) {
            if let v = stableVersion(id, family: "flash-lite") { return (0, v) }
            if let v = stableVersion(id, family: "flash") { return (1, v) }
            return (2, [])
        }
        return models.sorted { a, b in
            let (ka, kb) = (key(a), key(b))
            if ka.0 != kb.0 { return ka.0 < kb.0 }
            if ka.1 != kb.1 { return kb.1.lexicographicallyPrecedes(ka.1) }
            return a < b
        }
    }

    /// An answer's text, and whether the model stopped at its output limit.
    struct Answer: Equatable {
        var text: String
        var reachedTokenLimit: Bool
    }

    // MARK: - Reading an answer

    /// The answer text of a decoded response, or why there is none.
    ///
    /// Checks the prompt block and the finish reason before anything is parsed: text that came
    /// with a safety stop is not an answer, however palette-like it looks. A finish reason this
    /// client does not know yet is judged by the text that came with it.
    static func answer(in response: GenerateContentResponse) throws(ProviderFailure) -> String {
        func fail(_ reason: ProviderFailure.Reason) -> ProviderFailure { ProviderFailure(provider: providerID, reason) }
        if let reason = response.promptFeedback?.blockReason {
            throw fail(.promptBlocked(reason: reason.rawValue))
        }
        guard let candidate = response.candidates?.first else {
            if let message = response.promptFeedback?.blockReasonMessage {
                throw fail(.promptBlocked(reason: message))
            }
            throw fail(.noAnswer(reason: nil, message: nil))
        }
        let text = response.answerText
        let hasText = !text.trimmed().isEmpty
        switch candidate.finishReason {
        case nil, .stop?, .unspecified?:
            return text
        case .maxTokens?:
            guard hasText else { throw fail(.truncated) }
            return text
        case let reason?:
            if FinishReason.filtered.contains(reason.rawValue) {
                throw fail(.answerBlocked(reason: reason.rawValue))
            }
            if FinishReason.stopped.contains(reason.rawValue) || !hasText {
                throw fail(.noAnswer(reason: reason.rawValue, message: candidate.finishMessage))
            }
            return text
        }
    }

    /// A parsed answer: a palette, or what was wrong with the text.
    enum Parsed: Equatable {
        case palette(Palette)
        case problem(String)
    }

    /// Reads answer text the way every provider does (`ModelAnswer`); a problem says what was wrong.
    static func palette(from text: String) -> Parsed {
        switch ModelAnswer.read(text) {
        case .palette(let palette): return .palette(palette)
        case .problem(let problem): return .problem(problem)
        }
    }

    // MARK: - The request

    /// The HTTP request for a body; the key, when given, goes only in the `x-goog-api-key` header.
    static func urlRequest(_ url: URL, body: Data, key: APIKey?) -> HTTPRequest {
        .jsonPOST(url, body: body, key: key, header: "x-goog-api-key", prefix: "")
    }

    /// The request body as sent: sorted keys, UTF-8 text unescaped.
    static func encode(_ request: GenerateContentRequest) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(request)
    }

    // MARK: - Classifying a reply

    /// What a Gemini reply means: the answer, a failure worth another attempt, or a final one.
    ///
    /// Retried: 408, 499, 5xx and a 429 that is not a daily quota (after Google's
    /// `RetryInfo.retryDelay`). Never retried: 400, 401, 403, a daily quota. A JSON 404 is a
    /// missing model, and so, for the model list to judge (`judgeNamedModel`), is a 429 or 5xx
    /// that names the model or says NOT_FOUND.
    static func classify(_ reply: HTTPReply, model: String, judgeNamedModel: Bool = true) -> ReplyVerdict<Reply> {
        let status = reply.status
        let rpc = ErrorStatus.decode(reply.body)
        if (200..<300).contains(status), rpc == nil {
            let response: GenerateContentResponse
            do {
                response = try JSONDecoder().decode(GenerateContentResponse.self, from: reply.body)
            } catch {
                return .failure(
                    looksLikeJSON(reply.body)
                        ? .malformedResponse : .notJSON(status: status, contentType: reply.contentType))
            }
            do {
                let text = try answer(in: response)
                return .success(
                    .answer(
                        Answer(text: text, reachedTokenLimit: response.candidates?.first?.finishReason == .maxTokens)))
            } catch {
                return .failure(error.reason)
            }
        }
        // An error code inside a 2xx body counts only when it is an HTTP status at all.
        let bodyCode = rpc?.code.flatMap { (100..<600).contains($0) ? $0 : nil }
        let code = (200..<300).contains(status) ? (bodyCode ?? status) : status
        let message = rpc?.message
        if let rpc, judgeNamedModel, code == 429 || (500..<600).contains(code),
            rpc.status == "NOT_FOUND" || rpc.names(model: model)
        {
            return .success(.modelMissing(certain: false))
        }
        switch code {
        case 408, 499, 500, 502, 503, 504:
            return .retry(.serverUnavailable(status: code, serverMessage: message))
        case 429:
            if rpc?.isDailyQuota == true { return .failure(.quotaExhausted(serverMessage: message)) }
            let delay = rpc?.retryDelay
            return .retry(.rateLimited(retryAfter: delay), serverDelay: delay)
        default:
            break
        }
        guard rpc != nil else {
            if reply.body.isEmpty { return .failure(.unexpectedStatus(status)) }
            return .failure(.notJSON(status: status, contentType: reply.contentType))
        }
        switch code {
        case 400, 401:
            if rpc?.reason == "API_KEY_INVALID" || code == 401 {
                return .failure(.invalidAPIKey(serverMessage: message))
            }
            return .failure(.badRequest(serverMessage: message))
        case 403:
            return .failure(.permissionDenied(code: rpc?.reason, serverMessage: message))
        case 404:
            return .success(.modelMissing(certain: true))
        default:
            return .failure(.unexpectedStatus(code))
        }
    }

    /// Whether a body is empty or starts like JSON, to tell a cut-short answer from an HTML page.
    static func looksLikeJSON(_ body: Data) -> Bool {
        let space: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        guard let first = body.first(where: { !space.contains($0) }) else { return true }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}

/// The model that replaced a retired default, shared by every request of one client.
final class ModelReplacement: Sendable {
    private let chosen = Mutex<String?>(nil)

    var model: String? {
        get { chosen.withLock { $0 } }
        set { chosen.withLock { $0 = newValue } }
    }
}
