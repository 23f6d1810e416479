import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaletteCore

/// Palettes from Google's Gemini API (`v1beta` `generateContent`) over URLSession.
///
/// One call to `generate` is one bounded conversation: up to `retry.maxAttempts` attempts per
/// request for transient failures, at most one follow-up request when the answer is not a
/// palette, and everything (waits included) inside `configuration.timeout`. The key travels
/// only in the `x-goog-api-key` header and never appears in errors or descriptions.
public actor GeminiClient: PaletteProvider, CustomStringConvertible {
    public nonisolated let configuration: GeminiConfiguration
    private let jitter: @Sendable () -> Double
    /// The one URLSession of this client, kept for its lifetime and invalidated with it.
    nonisolated let transport: HTTPTransport

    /// Builds the client; cheap, nothing is set up or sent until `warmUp()` or `generate`.
    ///
    /// - Parameter jitter: a random value in 0...1 for backoff; injectable so tests can pin it.
    public init(configuration: GeminiConfiguration,
                jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }) {
        self.configuration = configuration
        self.jitter = jitter
        self.transport = HTTPTransport(timeout: configuration.timeout)
    }

    public nonisolated var name: String { "gemini" }
    public nonisolated var model: String? { configuration.model }

    public nonisolated var description: String {
        "GeminiClient(model: \(configuration.model), endpoint: \(configuration.baseURL.absoluteString))"
    }

    // MARK: - Warming up

    /// Sets the HTTP stack up in a low-priority background task, so the first request does not.
    ///
    /// The first request of a process otherwise pays for libcurl's global initialisation (and
    /// OpenSSL's with it), the URLSession and its queues, and the Swift runtime's first look at
    /// the Codable request and response types: several milliseconds between the user's Enter
    /// and the palette. This does all of it ahead of time without touching the network: it
    /// makes the session, encodes a request body, builds a request without the key and cancels
    /// a task for it before it is resumed, and reads a canned answer through the same decoding
    /// and parsing as a real one. It runs detached at background priority (a niced thread on
    /// Linux). A request made meanwhile waits for the session being made, or makes it itself.
    ///
    /// - Parameter delay: how long to wait before starting. Priority alone does not keep the
    ///   warm-up off a caller's critical path on a multi-core machine: it runs beside it, and
    ///   libcurl's and OpenSSL's set-up still slowed a first frame drawn at the same moment by
    ///   about 1.5 ms here. A caller about to draw passes a delay that puts the warm-up after.
    @discardableResult
    public nonisolated func warmUp(after delay: Duration = .zero) -> Task<Void, Never> {
        let transport = self.transport
        let url = try? configuration.generateContentURL()
        return Task.detached(priority: .background) {
            if delay > .zero { try? await Task.sleep(for: delay) }
            GeminiClient.rehearse(transport: transport, url: url)
        }
    }

    /// Everything a request does on this side of the socket, with nothing sent and no key in sight.
    static func rehearse(transport: HTTPTransport, url: URL?) {
        transport.prepare()
        let body = (try? encode(PalettePrompt.request(description: "warm-up"))) ?? Data()
        if let url { transport.rehearse(urlRequest(url, body: body, key: nil)) }
        let reply = Data(rehearsalReply.utf8)
        _ = ErrorStatus.decode(reply)
        guard let response = try? JSONDecoder().decode(GenerateContentResponse.self, from: reply),
              let text = try? answer(in: response) else { return }
        _ = palette(from: text)
    }

    /// A canned successful answer for `rehearse`, shaped like Gemini's.
    static let rehearsalReply = ##"{"candidates":[{"content":{"parts":[{"text":"{\"primary\":\"#2E86AB\",\"secondary\":\"#A23B72\",\"accent\":\"#F18F01\"}"}],"role":"model"},"finishReason":"STOP","index":0}],"modelVersion":"warm-up"}"##

    // MARK: - Generating

    public nonisolated var supportedFields: Set<GenerationRequest.Field> { [] }

    /// Throws `GeminiError` (which converts to a `ProviderFailure`) or `CancellationError`.
    public func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
        try checkSupported(request)
        let description = request.description
        let variation = request.variation
        let deadline = ContinuousClock.now + .milliseconds(Int64(configuration.timeout * 1000))
        let url = try configuration.generateContentURL()

        let first = try await send(PalettePrompt.request(description: description, variation: variation),
                                   to: url, deadline: deadline)
        let firstText = try GeminiClient.answer(in: first)
        let problem: String
        switch GeminiClient.palette(from: firstText) {
        case .palette(let palette):
            return result(palette)
        case .problem(let why):
            if first.candidates?.first?.finishReason == .maxTokens { throw GeminiError.truncated }
            problem = why
        }

        let retryRequest = PalettePrompt.request(description: description, variation: variation,
                                                 correction: (reply: firstText, problem: problem))
        let second = try await send(retryRequest, to: url, deadline: deadline)
        let secondText = try GeminiClient.answer(in: second)
        switch GeminiClient.palette(from: secondText) {
        case .palette(let palette):
            return result(palette)
        case .problem(let why):
            if second.candidates?.first?.finishReason == .maxTokens { throw GeminiError.truncated }
            throw GeminiError.unusableAnswer(why)
        }
    }

    private func result(_ palette: Palette) -> GeneratedPalette {
        GeneratedPalette(palette: palette, provider: name, model: configuration.model)
    }

    // MARK: - Reading an answer

    /// The answer text of a decoded response, or why there is none.
    ///
    /// Checks the prompt block and the finish reason before anything is parsed: text that came
    /// with a safety stop is not an answer, however palette-like it looks. A finish reason this
    /// client does not know yet is judged by the text that came with it.
    static func answer(in response: GenerateContentResponse) throws(GeminiError) -> String {
        if let reason = response.promptFeedback?.blockReason {
            throw .promptBlocked(reason: reason.rawValue)
        }
        guard let candidate = response.candidates?.first else {
            if let message = response.promptFeedback?.blockReasonMessage {
                throw .promptBlocked(reason: message)
            }
            throw .noAnswer(reason: nil, message: nil)
        }
        let text = response.answerText
        let hasText = !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        switch candidate.finishReason {
        case nil, .stop?, .unspecified?:
            return text
        case .maxTokens?:
            guard hasText else { throw .truncated }
            return text
        case let reason?:
            if FinishReason.filtered.contains(reason.rawValue) {
                throw .answerBlocked(reason: reason.rawValue)
            }
            if FinishReason.stopped.contains(reason.rawValue) || !hasText {
                throw .noAnswer(reason: reason.rawValue, message: candidate.finishMessage)
            }
            return text
        }
    }

    /// A parsed answer: a palette, or what was wrong with the text.
    enum Parsed: Equatable {
        case palette(Palette)
        case problem(String)
    }

    /// Parses answer text through the shared parser; a problem says what was wrong.
    static func palette(from text: String) -> Parsed {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return .problem("the reply was empty")
        }
        do {
            return .palette(try PaletteParser.parse(text))
        } catch {
            return .problem(String(describing: error))
        }
    }

    // MARK: - Sending with retries

    /// Sends one request, retrying transient failures with backoff until the deadline.
    private func send(_ request: GenerateContentRequest, to url: URL,
                      deadline: ContinuousClock.Instant) async throws -> GenerateContentResponse {
        let body = try GeminiClient.encode(request)
        var attempt = 0
        while true {
            attempt += 1
            let remaining = ContinuousClock.now.duration(to: deadline).seconds
            guard remaining > 0 else { throw GeminiError.timedOut(seconds: configuration.timeout) }
            do {
                let reply = try await transport.perform(
                    GeminiClient.urlRequest(url, body: body, key: configuration.apiKey),
                    deadline: remaining, maxBytes: configuration.maxResponseBytes)
                return try interpret(reply)
            } catch let error as GeminiError {
                if case .timedOut = error { throw GeminiError.timedOut(seconds: configuration.timeout) }
                guard error.isRetryable, attempt < configuration.retry.maxAttempts else { throw error }
                var retryAfter: Double?
                if case .rateLimited(let delay) = error { retryAfter = delay }
                let wait = configuration.retry.delay(afterAttempt: attempt, retryAfter: retryAfter, unit: jitter())
                guard wait < ContinuousClock.now.duration(to: deadline).seconds else { throw error }
                try await Task.sleep(for: .milliseconds(Int64(wait * 1000)))
            }
        }
    }

    /// The HTTP request for a body; the key, when given, goes only in the `x-goog-api-key` header.
    static func urlRequest(_ url: URL, body: Data, key: APIKey?) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let key { request.setValue(key.secret, forHTTPHeaderField: "x-goog-api-key") }
        return request
    }

    /// The request body as sent: sorted keys, UTF-8 text unescaped.
    static func encode(_ request: GenerateContentRequest) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(request)
    }

    // MARK: - Classifying a reply

    /// Turns an HTTP reply into a response or the typed error for its status and body.
    nonisolated func interpret(_ reply: HTTPReply) throws(GeminiError) -> GenerateContentResponse {
        let status = reply.status
        let rpc = ErrorStatus.decode(reply.body)
        if (200..<300).contains(status), rpc == nil {
            do {
                return try JSONDecoder().decode(GenerateContentResponse.self, from: reply.body)
            } catch {
                throw GeminiClient.looksLikeJSON(reply.body)
                    ? .malformedResponse : .notJSON(status: status, contentType: reply.contentType)
            }
        }
        let code = (200..<300).contains(status) ? (rpc?.code ?? status) : status
        let message = configuration.apiKey.redact(rpc?.message ?? "")
        switch code {
        case 408, 499, 500, 502, 503, 504:
            throw .serverUnavailable(status: code, message: message.isEmpty ? nil : message)
        case 429:
            if rpc?.isDailyQuota == true { throw .quotaExhausted(message: message) }
            throw .rateLimited(retryAfter: rpc?.retryDelay)
        default:
            break
        }
        guard rpc != nil else {
            if (300..<400).contains(status) || reply.body.isEmpty { throw .unexpectedStatus(status) }
            throw .notJSON(status: status, contentType: reply.contentType)
        }
        switch code {
        case 400, 401:
            if rpc?.reason == "API_KEY_INVALID" || code == 401 { throw .invalidAPIKey(message: message) }
            throw .badRequest(message: message)
        case 403:
            throw .permissionDenied(reason: rpc?.reason, message: message)
        case 404:
            throw .modelNotFound(model: configuration.model)
        default:
            throw .unexpectedStatus(code)
        }
    }

    /// Whether a body is empty or starts like JSON, to tell a cut-short answer from an HTML page.
    static func looksLikeJSON(_ body: Data) -> Bool {
        let space: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        guard let first = body.first(where: { !space.contains($0) }) else { return true }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }
}

extension GeminiConfiguration: CustomStringConvertible {
    public var description: String {
        "GeminiConfiguration(model: \(model), endpoint: \(baseURL.absoluteString), timeout: \(timeout.formattedSeconds) s)"
    }
}
