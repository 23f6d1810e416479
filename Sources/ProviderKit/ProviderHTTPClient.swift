import FoundationEssentials
import Glibc
import PaletteCore

/// What a provider makes of one HTTP reply.
public enum ReplyVerdict<Value> {
    /// The reply is the answer.
    case success(Value)
    /// A transient failure: tried again while attempts and the deadline allow, after the
    /// policy's backoff or `serverDelay` (the server's own delay, a floor), whichever the
    /// server gave; without one, the reply's `Retry-After` header counts.
    case retry(ProviderFailure.Reason, serverDelay: Double? = nil)
    /// A failure no other attempt would change.
    case failure(ProviderFailure.Reason)
}

/// Sends a provider's requests: one libcurl multi handle for the client's lifetime, an exact overall
/// deadline, cancellation that hangs up, a body size limit, refused redirects, retries with
/// backoff and jitter, and typed failures with the keys taken out of every server text.
///
/// A provider supplies only how to build its `HTTPRequest` and how to read a reply
/// (`ReplyVerdict`); everything about HTTP that is not one service's protocol lives here:
///
///     let deadline = http.startDeadline()
///     let answer = try await http.send(request, by: deadline) { reply in
///         reply.status == 200 ? .success(reply.body) : .failure(.unexpectedStatus(reply.status))
///     }
///
/// Transport failures are classified here the same way for every provider: a dropped
/// connection is retried at once, other transient errors after the backoff; no network, a
/// refused connection, a TLS failure, the deadline, the size limit and cancellation are not.
public final class ProviderHTTPClient: Sendable {
    /// The provider's id, put in every failure.
    public let provider: String
    /// Seconds for one whole generation (`startDeadline`).
    public let timeout: Double
    public let retry: RetryPolicy
    /// The largest response body read; past it the exchange stops and nothing is buffered.
    public let maxResponseBytes: Int
    /// Every server string a failure carries passes through this.
    public let serverText: ServerText
    let transport: HTTPTransport
    private let jitter: @Sendable () -> Double

    /// Builds the client; cheap, nothing is set up or sent until `prepare()` or `send`.
    ///
    /// - Parameters:
    ///   - secrets: keys to remove from anything a server echoes.
    ///   - jitter: a random value in 0...1 for backoff; injectable so tests can pin it.
    public convenience init(
        provider: String, timeout: Double, retry: RetryPolicy = RetryPolicy(),
        maxResponseBytes: Int = 4 * 1_048_576, secrets: [APIKey] = [],
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.init(
            provider: provider, timeout: timeout, retry: retry, maxResponseBytes: maxResponseBytes, secrets: secrets,
            jitter: jitter, library: { CurlLibrary.functions })
    }

    /// The client on the libcurl `library` gives: the system's for every client but a test's,
    /// which gives one that cannot be loaded.
    init(
        provider: String, timeout: Double, retry: RetryPolicy, maxResponseBytes: Int, secrets: [APIKey],
        jitter: @escaping @Sendable () -> Double,
        library: @escaping @Sendable () -> Result<CurlFunctions, CurlLibraryMissing>
    ) {
        self.provider = provider
        self.timeout = timeout
        self.retry = retry
        self.maxResponseBytes = max(1, maxResponseBytes)
        self.serverText = ServerText(secrets: secrets)
        self.jitter = jitter
        self.transport = HTTPTransport(timeout: timeout, library: library)
    }

    /// The deadline of one generation, starting now.
    public func startDeadline() -> Deadline {
        Deadline(seconds: timeout)
    }

    /// A failure of this provider, its server text cleaned. Providers build every failure
    /// they throw with this, so no server string leaves without passing `serverText`.
    public func failure(_ reason: ProviderFailure.Reason) -> ProviderFailure {
        ProviderFailure(provider: provider, serverText.clean(reason))
    }

    // MARK: - Warming up

    /// Sets up what a first request needs without sending anything: libcurl opened (dlopen)
    /// and its global set-up, OpenSSL's with it, the multi handle and its thread, and, given a
    /// request, an easy handle for it made and freed (it never joins the multi handle, so
    /// nothing leaves the process). Pass a request without its key. When libcurl cannot be
    /// loaded this does nothing; the first request then fails with `libraryMissing`.
    public func prepare(rehearsing request: HTTPRequest? = nil) {
        transport.prepare()
        if let request { transport.rehearse(request) }
    }

    // MARK: - Sending

    /// Sends `request` until a reply is a success or a final failure, retrying transient ones
    /// with backoff, all inside `deadline`.
    ///
    /// A 3xx reply is `redirectRefused` before `classify` sees it. The deadline's passing is
    /// `timedOut` with the whole allowance; a wait that would outlast it is not begun (the
    /// last failure is reported at once). Cancelling the calling Task cancels the request's
    /// connection or the wait at once and throws `cancelled`.
    public func send<Value>(
        _ request: HTTPRequest, by deadline: Deadline,
        classify: @Sendable (HTTPReply) -> ReplyVerdict<Value>
    ) async throws(ProviderFailure) -> Value {
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw failure(.cancelled) }
            let remaining = deadline.remaining
            guard remaining > 0 else { throw failure(.timedOut(seconds: deadline.seconds)) }
            let verdict: ReplyVerdict<Value>
            var headerDelay: Double?
            // A connection that dropped mid-exchange is tried again at once: nothing says the
            // server is busy, and waiting only delays the answer.
            var atOnce = false
            do {
                let reply = try await transport.perform(request, deadline: remaining, maxBytes: maxResponseBytes)
                headerDelay = reply.retryAfter
                verdict =
                    (300..<400).contains(reply.status)
                    ? .failure(.redirectRefused(status: reply.status))
                    : classify(reply)
            } catch {
                let transportFailure =
                    (error as? TransportFailure)
                    ?? TransportFailure(
                        reason: Task.isCancelled ? .cancelled : .transport(String(describing: error)),
                        retryable: false)
                switch transportFailure.reason {
                case .timedOut: throw failure(.timedOut(seconds: deadline.seconds))
                case .cancelled: throw failure(.cancelled)
                default: break
                }
                atOnce = transportFailure.reason == .connectionLost
                verdict =
                    transportFailure.retryable ? .retry(transportFailure.reason) : .failure(transportFailure.reason)
            }
            switch verdict {
            case .success(let value):
                return value
            case .failure(let reason):
                throw failure(reason)
            case .retry(let reason, let serverDelay):
                guard attempt < retry.maxAttempts else { throw failure(reason) }
                if atOnce { continue }
                let floor = (serverDelay ?? headerDelay).flatMap(ServerNumber.delay)
                let wait = retry.delay(afterAttempt: attempt, retryAfter: floor, unit: jitter())
                // `wait` is finite and below the deadline's remaining seconds (at most a year)
                // here, so the conversion to milliseconds cannot overflow.
                guard wait.isFinite, wait < deadline.remaining else { throw failure(reason) }
                do {
                    try await Task.sleep(for: .milliseconds(Int64(max(0, wait) * 1000)))
                } catch {
                    throw failure(.cancelled)
                }
            }
        }
    }
}
