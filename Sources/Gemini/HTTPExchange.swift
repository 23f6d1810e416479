import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One finished HTTP exchange: status, content type and the whole body.
struct HTTPReply: Sendable {
    var status: Int
    var contentType: String?
    var body: Data
}

/// Runs one request on its own ephemeral URLSession, bounded in time and size, and cancellable.
///
/// A delegate-driven data task rather than `data(for:)`: it can stop reading once the body
/// passes the size limit (a 50 MB reply is never buffered), it enforces a total deadline
/// (URLSession's own timeout only measures silence between packets), and cancelling the calling
/// Task cancels the URLSession task at once on every platform.
enum HTTPExchange {
    static func perform(_ request: URLRequest, deadline seconds: Double, maxBytes: Int) async throws -> HTTPReply {
        let state = ExchangeState(maxBytes: maxBytes, deadline: seconds)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // swift-corelibs-foundation truncates these to whole seconds (0.9 s becomes an instant
        // timeout), so they are only a backstop a second past our own exact timer.
        let backstop = (seconds + 1).rounded(.up)
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        let session = URLSession(configuration: configuration, delegate: state, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = request
        request.timeoutInterval = backstop
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.start(task, continuation: continuation)
            }
        } onCancel: {
            state.stop(.cancelled)
        }
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
final class ExchangeState: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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

    func start(_ task: URLSessionTask, continuation: CheckedContinuation<HTTPReply, any Error>) {
        lock.lock()
        if let reason = stopReason {
            finished = true
            lock.unlock()
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
        guard stopReason == nil, !finished else { lock.unlock(); return }
        stopReason = reason
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        lock.lock()
        self.response = response as? HTTPURLResponse
        lock.unlock()
        if response.expectedContentLength > Int64(maxBytes) {
            stop(.tooLarge)
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    /// Refuses every redirect: the key header would travel to wherever `Location` points.
    /// The 3xx reply itself is then reported as an unexpected status.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        body.append(data)
        let over = body.count > maxBytes
        if over { body = Data() }
        lock.unlock()
        if over { stop(.tooLarge) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        guard !finished, let continuation else { lock.unlock(); return }
        finished = true
        self.continuation = nil
        let reason = stopReason
        let response = self.response
        let body = self.body
        lock.unlock()
        if let reason {
            continuation.resume(throwing: ExchangeState.error(for: reason, deadline: deadline, maxBytes: maxBytes))
        } else if let urlError = error as? URLError, urlError.code == .timedOut {
            continuation.resume(throwing: GeminiError.timedOut(seconds: deadline))
        } else if let error {
            continuation.resume(throwing: ExchangeState.classify(error, url: task.originalRequest?.url))
        } else if let response {
            continuation.resume(returning: HTTPReply(
                status: response.statusCode,
                contentType: response.value(forHTTPHeaderField: "Content-Type"),
                body: body))
        } else {
            continuation.resume(throwing: GeminiError.malformedResponse)
        }
    }

    static func error(for reason: StopReason, deadline: Double, maxBytes: Int) -> any Error {
        switch reason {
        case .cancelled: return CancellationError()
        case .timedOut: return GeminiError.timedOut(seconds: deadline)
        case .tooLarge: return GeminiError.responseTooLarge(limit: maxBytes)
        }
    }

    /// Maps a URLSession failure to the error the user can act on.
    static func classify(_ error: any Error, url: URL?) -> GeminiError {
        let host = url.map { u in u.host.map { h in u.port.map { "\(h):\($0)" } ?? h } ?? u.absoluteString } ?? "the endpoint"
        guard let urlError = error as? URLError else { return .transport(String(describing: error)) }
        switch urlError.code {
        case .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed, .internationalRoamingOff,
             .dataNotAllowed, .callIsActive:
            return .noNetwork(host: host)
        case .cannotConnectToHost:
            return .connectionRefused(host: host)
        case .networkConnectionLost, .cannotParseResponse, .badServerResponse, .zeroByteResource,
             .cannotDecodeRawData, .cannotDecodeContentData:
            return .connectionLost
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            return .tlsFailure(host: host)
        default:
            return .transport(urlError.localizedDescription)
        }
    }
}
