import Foundation
import PaletteCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
        after delay: Duration, rehearsing rehearsal: @escaping @Sendable () -> URLRequest?,
        then rest: @escaping @Sendable () -> Void = {}
    ) -> Task<Void, Never> {
        Task.detached(priority: .background) { [self] in
            if delay > .zero { try? await Task.sleep(for: delay) }
            prepare(rehearsing: rehearsal())
            rest()
        }
    }
}

extension URLRequest {
    /// A POST of the JSON `body` to `url` that accepts JSON; `key`, when given, goes only in
    /// `header`, after `prefix` (`Authorization` and `"Bearer "` for the chat servers).
    public static func jsonPOST(
        _ url: URL, body: Data, key: APIKey?, header: String = "Authorization", prefix: String = "Bearer "
    ) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let key { request.setValue(key, forHTTPHeaderField: header, prefix: prefix) }
        return request
    }
}
