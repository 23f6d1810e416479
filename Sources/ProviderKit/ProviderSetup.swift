import FoundationEssentials
import Glibc
import PaletteCore

/// What every HTTP provider's configuration holds for its `ProviderHTTPClient`: the deadline of
/// one generation, the retry policy, the body limit and the keys to keep out of server text.
public protocol HTTPProviderConfiguration: Sendable {
    var timeout: Double { get }
    var retry: RetryPolicy { get }
    var maxResponseBytes: Int { get }
    /// The keys the provider sends (none for a local server).
    var secrets: [APIKey] { get }
}

extension ProviderHTTPClient {
    /// The client for a provider's configuration.
    public convenience init(
        provider: String, configuration: some HTTPProviderConfiguration,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.init(
            provider: provider, timeout: configuration.timeout, retry: configuration.retry,
            maxResponseBytes: configuration.maxResponseBytes, secrets: configuration.secrets, jitter: jitter)
    }

    /// Sets the HTTP stack up in a low-priority detached task, so the first request does not:
    /// after `delay` (a caller about to draw puts the warm-up after its first frame), the
    /// transport is prepared with the request `rehearsal` builds there (without its key; an easy
    /// handle made and freed, nothing sent), then `rest` runs the provider's own decoders once
    /// on empty input.
    @discardableResult
    public func warmUp(
        after delay: Duration, rehearsing rehearsal: @escaping @Sendable () -> HTTPRequest?,
        then rest: @escaping @Sendable () -> Void = {}
    ) -> Task<Void, Never> {
        Task.detached(priority: .background) { [self] in
            if delay > .zero { try? await Task.sleep(for: delay) }
            prepare(rehearsing: rehearsal())
            rest()
        }
    }
}

extension HTTPRequest {
    /// A POST of the JSON `body` to `url` that accepts JSON; `key`, when given, goes only in
    /// `header`, after `prefix` (`Authorization` and `"Bearer "` for the chat servers).
    public static func jsonPOST(
        _ url: URL, body: Data, key: APIKey?, header: String = "Authorization", prefix: String = "Bearer "
    ) -> HTTPRequest {
        var request = HTTPRequest(url: url, method: "POST", body: body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let key { request.setValue(key, forHTTPHeaderField: header, prefix: prefix) }
        return request
    }
}

/// What every HTTP provider's configuration also names: the model asked for.
public protocol ModelConfiguration: HTTPProviderConfiguration {
    var model: String { get }
}

/// The skeleton every HTTP palette client shares, written once: its name, its model, the
/// fields it honours, its warm-up and how its `ProviderHTTPClient` is made. A client supplies
/// its id, its configuration, the request a warm-up rehearses (without the key) and the
/// decoders it warms; `generate` and the reading of replies are its own.
///
/// The three clients share one concurrency shape: immutable `Sendable` values whose every
/// mutable part is a `Mutex` (docs/decisions.md, "one concurrency shape for the provider
/// clients"), so what callers read never needs an `await`.
public protocol HTTPPaletteClient: PaletteProvider, CustomStringConvertible {
    associatedtype Configuration: ModelConfiguration
    /// The id in failures, results and history.
    static var providerID: String { get }
    var configuration: Configuration { get }
    /// The one transport of this client and everything around it, kept for its lifetime.
    var http: ProviderHTTPClient { get }
    /// The request a warm-up prepares the transport with: the client's real URL and body
    /// shape, never its key. Nil when the configuration cannot make one. Built in the
    /// background task, not by the caller.
    var rehearsal: HTTPRequest? { get }
    /// Runs the client's reply decoders once on empty input, so the first reply does not pay
    /// for the runtime's first look at their types.
    static func warmDecoders()
}

extension HTTPPaletteClient {
    public var name: String { Self.providerID }
    public var model: String? { configuration.model }
    /// A seed is sent; locked colours and the palette being refined go in the instructions and
    /// the schema, and the answer is checked (`GenerationRequest.checked`); several candidates
    /// come from one request (`PaletteConversation`).
    public var supportedFields: Set<GenerationRequest.Field> { PaletteConversation.supportedFields }

    /// The transport for `configuration`, named for this provider.
    public static func transport(
        _ configuration: Configuration, jitter: @escaping @Sendable () -> Double
    ) -> ProviderHTTPClient {
        ProviderHTTPClient(provider: providerID, configuration: configuration, jitter: jitter)
    }

    /// Sets the HTTP stack up in a low-priority background task, so the first request does not.
    ///
    /// The first request of a process otherwise pays for loading libcurl, its global set-up (and
    /// OpenSSL's with it) and the runtime's first look at the request and reply types. This
    /// prepares the transport with `rehearsal` (an easy handle made and freed unsent, no key), then
    /// runs `warmDecoders`. It runs detached at background priority, `delay` after the call:
    /// priority alone does not keep it off a caller's critical path on a multi-core machine, so
    /// a caller about to draw passes a delay that puts the warm-up after its first frame.
    @discardableResult
    public func warmUp(after delay: Duration = .zero) -> Task<Void, Never> {
        http.warmUp(after: delay, rehearsing: { [self] in rehearsal }, then: { Self.warmDecoders() })
    }
}
