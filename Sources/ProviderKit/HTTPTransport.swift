import Foundation
import PaletteCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One finished HTTP exchange: status, headers and the whole body.
public struct HTTPReply: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }

    public var contentType: String? { headers["content-type"] }

    /// The server's `Retry-After`, in seconds, when it sent a usable one.
    public var retryAfter: Double? { ServerNumber.retryAfter(headers["retry-after"]) }
}

/// Why the transport gave no reply, and whether another attempt may get one.
struct TransportFailure: Error {
    var reason: ProviderFailure.Reason
    var retryable: Bool
}

/// One URLSession for a client's lifetime; each request on it bounded in time and size, and cancellable.
///
/// One session rather than one per request: making a URLSession is the dearest part of a first
/// request on Linux (libcurl's global set-up, which initialises OpenSSL even for plain HTTP, a
/// multi handle, queues, protocol registration), and a session per request also dropped the
/// connection, so every request connected again. The session is made on first use, either by
/// `prepare()` off the caller's path or by the first request, and invalidated (its tasks
/// cancelled) when the transport goes away.
///
/// Each request is a delegate-driven data task rather than `data(for:)`: it can stop reading
/// once the body passes the size limit (a 50 MB reply is never buffered), it enforces a total
/// deadline (URLSession's own timeout only measures silence between packets), and cancelling
/// the calling Task cancels that request's URLSession task at once on every platform, leaving
/// the session and other requests alone.
final class HTTPTransport: @unchecked Sendable {
    private let lock = NSLock()
    private var made: URLSession?
    /// The session's delegate; outlives the transport until URLSession lets go of it.
    let router = SessionRouter()
    private let backstop: Double

    /// - Parameter timeout: the longest a caller will wait for one request, in seconds.
    init(timeout: Double) {
        // swift-corelibs-foundation truncates URLSession timeouts to whole seconds (0.9 s becomes
        // an instant timeout), so they are only a backstop a second past our own exact timer.
        backstop = (timeout + 1).rounded(.up)
    }

    deinit {
        made?.invalidateAndCancel()
    }

    /// The session, made on first use; every later call returns the same one.
    var session: URLSession {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        let session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
        made = session
        return session
    }

    /// Whether the session has been made yet (by `prepare()` or a request). A test hook: the
    /// warm-up tests need to see that building sets nothing up and warming up does.
    var isPrepared: Bool {
        lock.lock()
        defer { lock.unlock() }
        return made != nil
    }

    /// Makes the session now, so the first request finds it ready; sends nothing.
    func prepare() {
        _ = session
    }

    /// Creates a task for the request and cancels it before it is resumed.
    ///
    /// This sets up what a first task needs (the HTTP protocol object and its libcurl easy
    /// handle, the delegate queue's thread) without a connection: a task that was never
    /// resumed is never added to libcurl's multi handle, so nothing leaves the process.
    func rehearse(_ request: URLRequest) {
        session.dataTask(with: request).cancel()
    }

    /// Runs one request to completion, or until the deadline, the size limit or cancellation;
    /// throws `TransportFailure`.
    func perform(_ request: URLRequest, deadline seconds: Double, maxBytes: Int) async throws -> HTTPReply {
        let session = self.session
        var request = request
        request.timeoutInterval = (seconds + 1).rounded(.up)
        let task = session.dataTask(with: request)
        let exchange = ExchangeState(maxBytes: maxBytes, deadline: seconds)
        router.register(exchange, for: task.taskIdentifier)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(task, continuation: continuation)
            }
        } onCancel: {
            exchange.stop(.cancelled)
        }
    }
}

/// The session's delegate: hands each task's events to the exchange that started it.
///
/// URLSession keeps its delegate until the session is invalidated, so the router holds no
/// reference back to the transport; the transport's deinit can then invalidate the session.
final class SessionRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: ExchangeState] = [:]
    private var sawInvalidation = false

    /// Whether URLSession has reported the session invalidated, which it does once the transport is gone.
    var invalidated: Bool {
        lock.lock()
        defer { lock.unlock() }
        return sawInvalidation
    }

    func register(_ exchange: ExchangeState, for task: Int) {
        lock.lock()
        exchanges[task] = exchange
        lock.unlock()
    }

    private func exchange(for task: URLSessionTask, removing: Bool = false) -> ExchangeState? {
        lock.lock()
        defer { lock.unlock() }
        return removing ? exchanges.removeValue(forKey: task.taskIdentifier) : exchanges[task.taskIdentifier]
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(exchange(for: dataTask)?.received(response) ?? .cancel)
    }

    /// Refuses every redirect: the key header would travel to wherever `Location` points.
    /// The 3xx reply itself comes back, and `ProviderHTTPClient` reports it as `redirectRefused`.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        exchange(for: task, removing: true)?.completed(task, error: error)
    }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        lock.lock()
        sawInvalidation = true
        exchanges = [:]
        lock.unlock()
    }
}

/// Why an exchange was stopped from this side.
enum StopReason: Sendable {
    case cancelled
    case timedOut
    case tooLarge
}

/// The mutable side of one exchange, shared between the caller and URLSession's delegate queue.
///
/// Every field is guarded by `lock`; the continuation is resumed exactly once.
final class ExchangeState: @unchecked Sendable {
    private let lock = NSLock()
    private let maxBytes: Int
    private let deadline: Double
    private var task: URLSessionTask?
    private var continuation: CheckedContinuation<HTTPReply, any Error>?
    private var stopReason: StopReason?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var finished = false

    init(maxBytes: Int, deadline: Double) {
        self.maxBytes = maxBytes
        self.deadline = deadline
    }

    /// Resumes the task, unless the exchange was stopped first (then the task is cancelled unsent).
    func start(_ task: URLSessionTask, continuation: CheckedContinuation<HTTPReply, any Error>) {
        lock.lock()
        if let reason = stopReason {
            finished = true
            lock.unlock()
            task.cancel()
            continuation.resume(throwing: ExchangeState.error(for: reason, deadline: deadline, maxBytes: maxBytes))
            return
        }
        self.task = task
        self.continuation = continuation
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { [weak self] in
            self?.stop(.timedOut)
        }
        task.resume()
    }

    /// Stops the exchange; the first reason given wins.
    func stop(_ reason: StopReason) {
        lock.lock()
        guard stopReason == nil, !finished else {
            lock.unlock()
            return
        }
        stopReason = reason
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    /// The response headers arrived: go on, or stop at once when the announced body is too big.
    func received(_ response: URLResponse) -> URLSession.ResponseDisposition {
        lock.lock()
        self.response = response as? HTTPURLResponse
        lock.unlock()
        if response.expectedContentLength > Int64(maxBytes) {
            stop(.tooLarge)
            return .cancel
        }
        return .allow
    }

    /// A piece of the body arrived; past the size limit the exchange stops and the body is dropped.
    func received(_ data: Data) {
        lock.lock()
        body.append(data)
        let over = body.count > maxBytes
        if over { body = Data() }
        lock.unlock()
        if over { stop(.tooLarge) }
    }

    /// The task ended: resumes the caller with the reply or the error that says why not.
    func completed(_ task: URLSessionTask, error: (any Error)?) {
        lock.lock()
        guard !finished, let continuation else {
            lock.unlock()
            return
        }
        finished = true
        self.continuation = nil
        let reason = stopReason
        let response = self.response
        let body = self.body
        lock.unlock()
        if let reason {
            continuation.resume(throwing: ExchangeState.error(for: reason, deadline: deadline, maxBytes: maxBytes))
        } else if let urlError = error as? URLError, urlError.code == .timedOut {
            continuation.resume(throwing: TransportFailure(reason: .timedOut(seconds: deadline), retryable: false))
        } else if let error {
            continuation.resume(throwing: ExchangeState.classify(error, url: task.originalRequest?.url))
        } else if let response {
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            continuation.resume(returning: HTTPReply(status: response.statusCode, headers: headers, body: body))
        } else {
            continuation.resume(throwing: TransportFailure(reason: .connectionLost, retryable: true))
        }
    }

    static func error(for reason: StopReason, deadline: Double, maxBytes: Int) -> TransportFailure {
        switch reason {
        case .cancelled: return TransportFailure(reason: .cancelled, retryable: false)
        case .timedOut: return TransportFailure(reason: .timedOut(seconds: deadline), retryable: false)
        case .tooLarge: return TransportFailure(reason: .responseTooLarge(limit: maxBytes), retryable: false)
        }
    }

    /// Maps a URLSession failure to the reason the user can act on, and whether to try again.
    ///
    /// A dropped connection and other transient failures are retried. No network, a refused
    /// connection and a TLS failure are configuration, not luck: retrying them only delays the
    /// message (and the offline fallback).
    static func classify(_ error: any Error, url: URL?) -> TransportFailure {
        let host =
            url.map { u in u.host.map { h in u.port.map { "\(h):\($0)" } ?? h } ?? u.absoluteString } ?? "the endpoint"
        guard let urlError = error as? URLError else {
            return TransportFailure(reason: .transport(String(describing: error)), retryable: true)
        }
        switch urlError.code {
        case .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed, .internationalRoamingOff,
            .dataNotAllowed, .callIsActive:
            return TransportFailure(reason: .noNetwork(host: host), retryable: false)
        case .cannotConnectToHost:
            return TransportFailure(reason: .connectionRefused(host: host), retryable: false)
        case .networkConnectionLost, .cannotParseResponse, .badServerResponse, .zeroByteResource,
            .cannotDecodeRawData, .cannotDecodeContentData:
            return TransportFailure(reason: .connectionLost, retryable: true)
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            return TransportFailure(reason: .tlsFailure(host: host), retryable: false)
        default:
            return TransportFailure(reason: .transport(urlError.localizedDescription), retryable: true)
        }
    }
}
