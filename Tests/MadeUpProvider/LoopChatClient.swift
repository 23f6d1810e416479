import Foundation
import PaletteCore
import ProviderKit

/// A provider that does not exist: "loopchat", a plain chat server (the llama.cpp persona of the
/// loopback server answers it). It is what a new provider module holds, and no more: a
/// configuration, a client on ProviderKit's skeleton, and one `ProviderDescriptor`. The tests
/// add it to the program's list in one line and find it everywhere the list is read.
public struct LoopChatConfiguration: ModelConfiguration {
    public var endpoint: URL
    public var model: String
    public var apiKey: APIKey?
    public var timeout: Double
    public var retry = RetryPolicy(maxAttempts: 1)
    public var maxResponseBytes = 1_048_576
    public var secrets: [APIKey] { apiKey.map { [$0] } ?? [] }

    public init(endpoint: URL, model: String, apiKey: APIKey?, timeout: Double) {
        self.endpoint = endpoint
        self.model = model
        self.apiKey = apiKey
        self.timeout = timeout
    }

    func chatURL() throws(ProviderFailure) -> URL {
        try EndpointURL.make(
            endpoint, appending: "/chat/completions", provider: LoopChatClient.providerID, settings: ["LOOPCHAT_URL"])
    }
}

/// The client: the shared skeleton (`HTTPPaletteClient`) plus its URL, body and reply.
public actor LoopChatClient: HTTPPaletteClient {
    public static let providerID = "loopchat"

    public nonisolated let configuration: LoopChatConfiguration
    public nonisolated let http: ProviderHTTPClient

    public init(configuration: LoopChatConfiguration) {
        self.configuration = configuration
        http = Self.transport(configuration, jitter: { 0.5 })
    }

    public nonisolated var description: String { "LoopChatClient(model: \(configuration.model))" }
    public nonisolated var rehearsal: HTTPRequest? { nil }
    public static func warmDecoders() {}

    struct Reply: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable { var content: String? }
            var message: Message?
        }
        var choices: [Choice]?
    }

    public func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
        try checkSupported(request)
        let deadline = http.startDeadline()
        let url = try configuration.chatURL()
        let (model, key, http) = (configuration.model, configuration.apiKey, self.http)
        let turns = PaletteConversation.turns(for: request)
        return try await PaletteConversation.generate(http, for: request, model: model) {
            (correction) throws(ProviderFailure) -> ChatAnswer in
            // No structured output: the schema goes in the system turn.
            let asked = PaletteConversation.withSchema(
                PaletteConversation.turns(turns, correcting: correction, for: request), for: request)
            let body = JSONBody.object([
                ("model", .string(model)), ("messages", .array(asked.map(\.json))), ("stream", .bool(false)),
            ])
            return try await http.send(.jsonPOST(url, body: body.data, key: key), by: deadline) { reply in
                guard reply.status == 200, let decoded = try? JSONDecoder().decode(Reply.self, from: reply.body),
                    let text = decoded.choices?.first?.message?.content
                else { return .failure(.unexpectedStatus(reply.status)) }
                return .success(ChatAnswer(text: text, truncated: false))
            }
        }
    }

    /// LoopChat as a provider list holds it: configured by `LOOPCHAT_URL` (or its section's
    /// endpoint), its key in `LOOPCHAT_KEY` when the server wants one.
    public static let descriptor = ProviderDescriptor(
        facts: ProviderFacts(
            id: providerID, label: "LoopChat", keyVariables: ["LOOPCHAT_KEY"], endpointVariable: "LOOPCHAT_URL",
            defaultModel: "loop-1", defaultEndpoint: "http://127.0.0.1:9/v1", configuredBy: [.endpoint]),
        probe: ProviderProbe(path: "/models"),
        make: { settings, _ throws(ProviderSetupError) in
            LoopChatClient(
                configuration: LoopChatConfiguration(
                    endpoint: try settings.url(), model: settings.model, apiKey: settings.key,
                    timeout: settings.timeout ?? 20))
        })
}
