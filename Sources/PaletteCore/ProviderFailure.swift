/// Why a provider gave no palette, as a typed value.
///
/// Providers never word their failures: the app and the command line word a failure in the
/// user's language (PaletteApp's catalogue), and the fallback policy reads `kind`, which does
/// not depend on which provider failed. Any text inside a reason that came from a server is kept
/// only as evidence (`serverMessage`), already stripped of the API key by the provider.
public struct ProviderFailure: Error, Hashable, Sendable {
    /// What kind of failure this is, for the fallback decision and for retries.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// The service could not be reached, or did not answer as the service (network, timeout,
        /// a proxy's page, a refused redirect).
        case unreachable
        /// The service is overloaded or rate-limited: waiting may help.
        case overloaded
        /// A quota or spend cap is used up: waiting a few seconds will not help.
        case quota
        /// A setting the user must fix: key, permission, model, endpoint, a missing system
        /// library. Never hidden by a fallback.
        case misconfigured
        /// The service answered, but not with a palette (blocked, truncated, not parseable).
        case unusableAnswer
        /// The user cancelled.
        case cancelled
        /// The request asked for something this provider cannot do.
        case unsupported
    }

    /// One case per thing the user can act on; the wording lives in PaletteApp.
    public enum Reason: Hashable, Sendable {
        /// No key in the environment; `variables` names where it is looked for, in order.
        case missingAPIKey(variables: [String])
        /// The endpoint cannot be used to build a request URL; `settings` names where it came from.
        case invalidEndpoint(String, settings: [String])
        /// The key was rejected as wrong or expired.
        case invalidAPIKey(serverMessage: String?)
        /// The key may not call this API; `code` is the server's machine-readable reason, if any.
        case permissionDenied(code: String?, serverMessage: String?)
        /// The model does not exist or was retired; `available` lists models the user can choose.
        case modelNotFound(model: String, available: [String])
        /// The service rejected the request itself (region, request shape).
        case badRequest(serverMessage: String?)
        /// The model cannot read the picture the request carried (a model without vision);
        /// the user chooses another model.
        case imageNotAccepted(model: String, serverMessage: String?)
        /// A rate limit; `retryAfter` is the server's own delay in seconds, when it gave one.
        case rateLimited(retryAfter: Double?)
        /// A quota that waiting will not clear.
        case quotaExhausted(serverMessage: String?)
        /// 408, 5xx after every attempt.
        case serverUnavailable(status: Int, serverMessage: String?)
        /// A redirect, refused so the key goes nowhere else.
        case redirectRefused(status: Int)
        /// Any other HTTP status.
        case unexpectedStatus(Int)
        /// The body was not JSON (an HTML page from a proxy or a wrong endpoint).
        case notJSON(status: Int, contentType: String?)
        /// JSON, but not the service's response shape.
        case malformedResponse
        /// The body was larger than any palette answer can be.
        case responseTooLarge(limit: Int)
        /// The response's header lines were larger than any service sends (all together, or
        /// one line alone), in bytes.
        case headersTooLarge(limit: Int)
        /// The service refused the description itself.
        case promptBlocked(reason: String)
        /// A content filter withheld the answer.
        case answerBlocked(reason: String)
        /// The output limit was reached before a usable answer.
        case truncated
        /// The model stopped without an answer.
        case noAnswer(reason: String?, message: String?)
        /// The answer was not a palette, even after asking again; `problem` is the parser's finding.
        case unusableAnswer(problem: String)
        /// No route to the host.
        case noNetwork(host: String)
        /// Nothing listens at the endpoint.
        case connectionRefused(host: String)
        /// The connection dropped in the middle of the exchange.
        case connectionLost
        /// The TLS handshake or certificate check failed.
        case tlsFailure(host: String)
        /// The overall deadline passed.
        case timedOut(seconds: Double)
        /// Another transport failure, with the system's description.
        case transport(String)
        /// The system library the HTTP transport runs on (its soname) could not be loaded, or
        /// lacks a function; `package` is the Debian package that installs it.
        case libraryMissing(library: String, package: String)
        /// The user cancelled the request.
        case cancelled
        /// The request used fields this provider cannot honour.
        case unsupported(Set<GenerationRequest.Field>)

        /// The provider-neutral classification of this reason.
        public var kind: Kind {
            switch self {
            case .missingAPIKey, .invalidEndpoint, .invalidAPIKey, .permissionDenied, .modelNotFound,
                .imageNotAccepted, .libraryMissing:
                return .misconfigured
            case .noNetwork, .connectionRefused, .tlsFailure, .connectionLost, .timedOut, .transport,
                .redirectRefused, .unexpectedStatus, .notJSON:
                return .unreachable
            case .serverUnavailable, .rateLimited:
                return .overloaded
            case .quotaExhausted:
                return .quota
            case .badRequest, .malformedResponse, .responseTooLarge, .headersTooLarge, .promptBlocked, .answerBlocked,
                .truncated, .noAnswer, .unusableAnswer:
                return .unusableAnswer
            case .cancelled:
                return .cancelled
            case .unsupported:
                return .unsupported
            }
        }
    }

    /// The provider's id (`gemini`, `openai`, ...), so the wording can name it.
    public var provider: String
    public var reason: Reason
    /// Where the endpoint came from, as the user changes it (`--endpoint`, a variable such as
    /// `OLLAMA_HOST`, `config.toml`); nil for the provider's default, which has no setting to
    /// name. Filled by the command line's provider (`EndpointNamingProvider`), so a hint names
    /// only what the user can change.
    public var endpointSetting: String?

    public init(provider: String, _ reason: Reason) {
        self.provider = provider
        self.reason = reason
    }

    public var kind: Kind { reason.kind }

    /// Whether the offline engine should stand in: yes for outages, limits, quotas and unusable
    /// answers; never for cancellation, for settings the user must fix (they would otherwise
    /// hide behind offline palettes for ever), or for a request the fallback cannot honour either.
    public var fallsBack: Bool {
        switch kind {
        case .unreachable, .overloaded, .quota, .unusableAnswer: return true
        case .misconfigured, .cancelled, .unsupported: return false
        }
    }

    /// A cancellation, as a failure value.
    public static func cancelled(provider: String) -> ProviderFailure {
        ProviderFailure(provider: provider, .cancelled)
    }
}

/// An error a provider throws that knows its provider-neutral failure.
///
/// Providers may keep their own error types internally; what leaves a provider is either a
/// `ProviderFailure` or an error conforming to this, so the fallback policy and the wording
/// never catch a provider's own type.
public protocol ProviderFailureConvertible: Error {
    var providerFailure: ProviderFailure { get }
}

extension ProviderFailure: ProviderFailureConvertible {
    public var providerFailure: ProviderFailure { self }
}

extension ProviderFailure {
    /// Any error from a provider as a failure: cancellation is recognised whatever its type.
    public static func from(_ error: any Error, provider: String, cancelled: Bool = false) -> ProviderFailure {
        if cancelled || error is CancellationError { return .cancelled(provider: provider) }
        if let convertible = error as? any ProviderFailureConvertible { return convertible.providerFailure }
        return ProviderFailure(provider: provider, .transport(String(describing: error)))
    }
}
