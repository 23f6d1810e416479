import CCurl
import FoundationEssentials
import Glibc
import PaletteCore
import Synchronization

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

/// One libcurl multi handle for a client's lifetime, driven by one thread of its own; each
/// request on it bounded in time and size, and cancellable.
///
/// Not URLSession: swift-corelibs-foundation drives libcurl from Dispatch sources and keeps a
/// socket's write source after libcurl has switched from connecting to reading, so every
/// exchange on a new connection spun a core until its last byte (a 60 s wait cost 50 s of CPU,
/// issue 11 point 12, issue 12 point 10). It also queued decompressed body pieces to the
/// delegate faster than a size limit could stop them (1 MB of gzip on the wire held 1.2 GB,
/// issue 12 point 3). Here libcurl waits in `curl_multi_poll` (poll(2), no CPU while nothing
/// arrives), the body callback runs inside libcurl's own read loop, so a transfer past the
/// limit stops at once, after at most one 16 KiB piece more, whatever the encoding.
///
/// The multi handle keeps connections between requests (no new TCP or TLS handshake), is made
/// on first use (by `prepare()` off the caller's path, or by the first request) and is shut
/// down, its transfers cancelled, when the transport goes away. libcurl itself is opened then
/// too (`CurlLibrary`), not at start; when it cannot be, every request fails with
/// `libraryMissing`.
final class HTTPTransport: Sendable {
    private let made = Mutex<CurlDriver?>(nil)
    /// libcurl's functions, or why they are missing; read when the driver is first made.
    private let library: @Sendable () -> Result<CurlFunctions, CurlLibraryMissing>

    /// - Parameters:
    ///   - timeout: the longest a caller will wait for one request, in seconds (each request
    ///     carries its own exact deadline; kept so callers keep one signature).
    ///   - library: where libcurl's functions come from; a test gives a library that cannot be loaded.
    init(
        timeout: Double,
        library: @escaping @Sendable () -> Result<CurlFunctions, CurlLibraryMissing> = { CurlLibrary.functions }
    ) {
        self.library = library
    }

    deinit {
        made.withLock { $0?.shutDown() }
    }

    /// The driver, made on first use; every later call returns the same one. Throws
    /// `libraryMissing` when libcurl cannot be loaded (and then makes nothing).
    var driver: CurlDriver {
        get throws(TransportFailure) {
            try made.withLock { made throws(TransportFailure) in
                if let made { return made }
                let driver: CurlDriver
                switch library() {
                case .success(let curl): driver = try CurlDriver(curl)
                case .failure(let missing): throw missing.failure
                }
                made = driver
                return driver
            }
        }
    }

    /// Whether the driver has been made yet (by `prepare()` or a request). A test hook: the
    /// warm-up tests need to see that building sets nothing up and warming up does.
    var isPrepared: Bool {
        made.withLock { $0 != nil }
    }

    /// Opens libcurl and makes the multi handle and its thread now, so the first request finds
    /// them ready; sends nothing. Without libcurl it does nothing (the request will say why).
    func prepare() {
        _ = try? driver
    }

    /// Sets up an easy handle for the request and frees it without sending anything: libcurl's
    /// per-transfer set-up (and the first look at the options) happens off the caller's path.
    func rehearse(_ request: HTTPRequest) {
        guard let driver = try? driver else { return }
        if let transfer = try? Transfer(request, curl: driver.curl, deadline: 1, maxBytes: 1) { transfer.release() }
    }

    /// Runs one request to completion, or until the deadline, the size limit or cancellation;
    /// throws `TransportFailure`.
    func perform(_ request: HTTPRequest, deadline seconds: Double, maxBytes: Int) async throws -> HTTPReply {
        let driver = try self.driver
        let transfer = try Transfer(request, curl: driver.curl, deadline: seconds, maxBytes: maxBytes)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                driver.start(transfer, continuation: continuation)
            }
        } onCancel: {
            driver.stop(transfer, .cancelled)
        }
    }
}

/// Why an exchange was stopped from this side.
enum StopReason: Sendable, Equatable {
    case cancelled
    case tooLarge
    /// The header lines passed `Transfer.maxHeaderBytes`.
    case headersTooLarge
    /// The body came in an encoding that is not read (only gzip and deflate are: both
    /// stream with a 32 KiB window, where brotli and zstd can ask for megabytes up front).
    case unreadableEncoding(String)
}

/// The thread that runs libcurl's multi handle: requests are handed to it, it waits in
/// `curl_multi_poll`, and it resumes each caller once its transfer ends.
///
/// Every libcurl call except `curl_multi_wakeup` happens on this thread. Other threads only
/// queue commands (under `condition`) and wake it. With nothing in flight it sleeps on the
/// condition, so an idle client costs no wake-ups at all.
///
/// `@unchecked`: it owns libcurl's multi handle (a raw pointer the compiler cannot check), kept
/// to its one thread, and its command queue needs a condition to sleep on, which `Mutex` lacks.
final class CurlDriver: @unchecked Sendable {
    private enum Command {
        case add(Transfer)
        case remove(Transfer)
        case quit
    }

    /// Guards `commands` and `done`; signalled when a command arrives.
    private let condition = ThreadCondition()
    private var commands: [Command] = []
    private var done = false
    private let multi: UnsafeMutableRawPointer
    /// libcurl's functions (its global set-up already run: `CurlLibrary.functions`).
    let curl: CurlFunctions
    /// Transfers in the multi handle, by easy handle. Touched on the driver's thread only.
    private var active: [UnsafeMutableRawPointer: Transfer] = [:]

    /// Makes the multi handle and starts its thread; throws when libcurl cannot make the handle
    /// (out of memory).
    init(_ curl: CurlFunctions) throws(TransportFailure) {
        guard let multi = curl.multiInit() else {
            throw TransportFailure(reason: .transport("libcurl could not make a multi handle"), retryable: false)
        }
        self.curl = curl
        self.multi = multi
        // Connections are kept for later requests; at most a few are ever open at once.
        _ = pt_multi_setopt_long(curl.multiSetopt, multi, CURLMOPT_MAXCONNECTS, 4)
        startThread(named: "palette-tui.http") { [self] in run() }
    }

    /// Whether the thread has ended (after `shutDown()`); a test hook.
    var hasShutDown: Bool {
        condition.lock()
        defer { condition.unlock() }
        return done
    }

    /// Starts `transfer`, or ends it at once if it was stopped before it could start.
    func start(_ transfer: Transfer, continuation: CheckedContinuation<HTTPReply, any Error>) {
        guard transfer.begin(continuation) else { return }
        send(.add(transfer))
    }

    /// Stops `transfer` for `reason`: the connection is closed and the caller resumed at once.
    func stop(_ transfer: Transfer, _ reason: StopReason) {
        guard transfer.requestStop(reason) else { return }
        send(.remove(transfer))
    }

    /// Ends the thread; transfers still in flight end as cancelled.
    func shutDown() {
        send(.quit)
    }

    /// Queues `command` and wakes the thread, whether it sleeps on the condition or in poll(2).
    /// The wake-up is sent under the lock, so it never reaches a multi handle already cleaned up.
    private func send(_ command: Command) {
        condition.lock()
        let quitting = done
        if !quitting {
            commands.append(command)
            _ = curl.multiWakeup(multi)
        }
        condition.signal()
        condition.unlock()
        if quitting, case .add(let transfer) = command { transfer.finish(failure: CurlDriver.cancelled) }
    }

    private static let cancelled = TransportFailure(reason: .cancelled, retryable: false)

    // MARK: - The thread

    private func run() {
        let handle = multi
        while true {
            condition.lock()
            while commands.isEmpty && active.isEmpty { condition.wait() }
            let batch = commands
            commands = []
            condition.unlock()

            for command in batch {
                switch command {
                case .add(let transfer):
                    if transfer.isStopped {
                        transfer.finishStopped()
                    } else {
                        active[transfer.easy] = transfer
                        _ = curl.multiAddHandle(handle, transfer.easy)
                    }
                case .remove(let transfer):
                    if active.removeValue(forKey: transfer.easy) != nil {
                        // Removing an unfinished transfer closes its connection: the server sees the hang-up.
                        _ = curl.multiRemoveHandle(handle, transfer.easy)
                        transfer.finishStopped()
                    }
                case .quit:
                    for transfer in active.values {
                        _ = curl.multiRemoveHandle(handle, transfer.easy)
                        transfer.finish(failure: CurlDriver.cancelled)
                    }
                    active = [:]
                    condition.lock()
                    done = true
                    let late = commands
                    commands = []
                    _ = curl.multiCleanup(handle)
                    condition.unlock()
                    for case .add(let transfer) in late { transfer.finish(failure: CurlDriver.cancelled) }
                    return
                }
            }
            guard !active.isEmpty else { continue }

            var running: Int32 = 0
            _ = curl.multiPerform(handle, &running)
            collectFinished(handle)
            guard !active.isEmpty else { continue }
            // Sleeps in poll(2) until a socket is ready, libcurl's next timer (the transfer's
            // deadline among them) or a wake-up from another thread.
            _ = curl.multiPoll(handle, nil, 0, 30_000, nil)
        }
    }

    private func collectFinished(_ handle: UnsafeMutableRawPointer) {
        var left: Int32 = 0
        while let message = curl.multiInfoRead(handle, &left) {
            guard pt_msg_done(message) != 0, let easy = pt_msg_easy(message) else { continue }
            let result = pt_msg_result(message)
            _ = curl.multiRemoveHandle(handle, easy)
            active.removeValue(forKey: easy)?.complete(result)
        }
    }
}

/// One request's easy handle and everything it gathers; its callbacks run on the driver's thread.
///
/// The caller's side touches only `stopReason` and the continuation, under `lock`; the status,
/// headers and body are the driver thread's alone. Everything the transfer held (the easy
/// handle, the header list, the body) is freed the moment it ends, however it ends.
///
/// `@unchecked`: it owns libcurl's easy handle and header list (raw pointers the compiler cannot
/// check), which libcurl's callbacks reach through an unmanaged pointer on the driver's thread.
final class Transfer: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    private let curl: CurlFunctions
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let maxBytes: Int
    private let deadline: Double
    private let host: String

    private let lock = ThreadCondition()
    private var continuation: CheckedContinuation<HTTPReply, any Error>?
    private var stopReason: StopReason?
    private var finished = false
    private var released = false

    // The driver thread's.
    private var status = 0
    private var headers: [String: String] = [:]
    private var headerBytes = 0
    /// The final response's header lines have all arrived.
    private var headersEnded = false
    private var body: [UInt8] = []

    /// The most header bytes accepted, all header lines together.
    static let maxHeaderBytes = 256 * 1024
    /// The longest single header line libcurl itself accepts (CURL_MAX_HTTP_HEADER).
    static let maxHeaderLineBytes = 100 * 1024
    /// The content codings read (decoded by libcurl as the body streams); any other is refused.
    static let readableEncodings: Set<String> = ["identity", "gzip", "x-gzip", "deflate"]

    init(_ request: HTTPRequest, curl: CurlFunctions, deadline: Double, maxBytes: Int) throws {
        let url = request.url
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let easy = curl.easyInit()
        else {
            throw TransportFailure(reason: .transport("unsupported URL"), retryable: false)
        }
        self.easy = easy
        self.curl = curl
        self.maxBytes = max(1, maxBytes)
        self.deadline = deadline
        host = url.host.map { h in url.port.map { "\(h):\($0)" } ?? h } ?? url.absoluteString
        configure(request, url: url)
    }

    deinit {
        release()
    }

    private func configure(_ request: HTTPRequest, url: URL) {
        _ = pt_easy_setopt_string(curl.easySetopt, easy, CURLOPT_URL, url.absoluteString)
        _ = pt_easy_setopt_string(curl.easySetopt, easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = pt_easy_setopt_long(curl.easySetopt, easy, CURLOPT_NOSIGNAL, 1)
        // Redirects are not followed: the key header would travel to wherever `Location` points.
        _ = pt_easy_setopt_long(curl.easySetopt, easy, CURLOPT_FOLLOWLOCATION, 0)
        // The whole exchange, connecting included, to the millisecond.
        let milliseconds = deadline.isFinite ? min(max(1, (deadline * 1000).rounded(.up)), 86_400_000) : 1
        _ = pt_easy_setopt_long(curl.easySetopt, easy, CURLOPT_TIMEOUT_MS, Int(milliseconds))
        // gzip is asked for and decoded as it streams; the size limit counts decoded bytes.
        _ = pt_easy_setopt_string(curl.easySetopt, easy, CURLOPT_ACCEPT_ENCODING, "gzip")
        _ = pt_easy_setopt_long(curl.easySetopt, easy, CURLOPT_TCP_NODELAY, 1)

        let method = request.method.uppercased()
        let body = request.body ?? Data()
        switch method {
        case "GET":
            _ = pt_easy_setopt_long(curl.easySetopt, easy, CURLOPT_HTTPGET, 1)
        case "HEAD":
            _ = pt_easy_setopt_long(curl.easySetopt, easy, CURLOPT_NOBODY, 1)
        default:
            _ = pt_easy_setopt_long(curl.easySetopt, easy, CURLOPT_POST, 1)
            if method != "POST" { _ = pt_easy_setopt_string(curl.easySetopt, easy, CURLOPT_CUSTOMREQUEST, method) }
        }
        if method != "GET" && method != "HEAD" {
            // Copied by libcurl (COPYPOSTFIELDS), so the bytes need not outlive this call.
            _ = pt_easy_setopt_offset(curl.easySetopt, easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            if body.isEmpty {
                _ = pt_easy_setopt_string(curl.easySetopt, easy, CURLOPT_COPYPOSTFIELDS, "")
            } else {
                body.withUnsafeBytes { raw in
                    _ = pt_easy_setopt_pointer(
                        curl.easySetopt, easy, CURLOPT_COPYPOSTFIELDS,
                        UnsafeMutableRawPointer(mutating: raw.baseAddress))
                }
            }
        }

        var list: UnsafeMutablePointer<curl_slist>?
        for field in request.headerFields {
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            list = curl.slistAppend(list, line)
        }
        // No "Expect: 100-continue" pause before a body, and no Accept: */* of libcurl's own.
        list = curl.slistAppend(list, "Expect:")
        headerList = list
        _ = pt_easy_setopt_list(curl.easySetopt, easy, CURLOPT_HTTPHEADER, list)

        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = pt_easy_setopt_pointer(curl.easySetopt, easy, CURLOPT_WRITEDATA, context)
        _ = pt_easy_setopt_write(curl.easySetopt, easy, CURLOPT_WRITEFUNCTION, Transfer.bodyCallback)
        _ = pt_easy_setopt_pointer(curl.easySetopt, easy, CURLOPT_HEADERDATA, context)
        _ = pt_easy_setopt_write(curl.easySetopt, easy, CURLOPT_HEADERFUNCTION, Transfer.headerCallback)
    }

    /// Frees the easy handle and the header list; the body goes with the transfer.
    func release() {
        lock.lock()
        let first = !released
        released = true
        lock.unlock()
        guard first else { return }
        curl.easyCleanup(easy)
        if let headerList { curl.slistFreeAll(headerList) }
        headerList = nil
        body = []
    }

    // MARK: - The caller's side

    /// Takes the continuation; false (and the caller resumed) when the transfer was stopped first.
    func begin(_ continuation: CheckedContinuation<HTTPReply, any Error>) -> Bool {
        lock.lock()
        self.continuation = continuation
        let stopped = stopReason != nil
        lock.unlock()
        if stopped { finishStopped() }
        return !stopped
    }

    /// Records why the transfer stops; false when it already ended or was already stopped.
    func requestStop(_ reason: StopReason) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard stopReason == nil, !finished else { return false }
        stopReason = reason
        return continuation != nil
    }

    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopReason != nil
    }

    // MARK: - Ending

    /// Resumes the caller once, with `result`, and frees everything the transfer held.
    private func finish(_ result: Result<HTTPReply, TransportFailure>) {
        lock.lock()
        guard !finished, let continuation else {
            lock.unlock()
            return
        }
        finished = true
        self.continuation = nil
        lock.unlock()
        release()
        continuation.resume(with: result.mapError { $0 as any Error })
    }

    func finish(failure: TransportFailure) {
        finish(.failure(failure))
    }

    /// Ends a transfer stopped from this side with the failure its reason means.
    func finishStopped() {
        lock.lock()
        let reason = stopReason ?? .cancelled
        lock.unlock()
        finish(failure: failure(for: reason))
    }

    private func failure(for reason: StopReason) -> TransportFailure {
        switch reason {
        case .cancelled:
            return TransportFailure(reason: .cancelled, retryable: false)
        case .tooLarge:
            return TransportFailure(reason: .responseTooLarge(limit: maxBytes), retryable: false)
        case .headersTooLarge:
            return TransportFailure(reason: .headersTooLarge(limit: Transfer.maxHeaderBytes), retryable: false)
        case .unreadableEncoding(let coding):
            let type = headers["content-type"] ?? "a body"
            return TransportFailure(
                reason: .notJSON(status: status, contentType: "\(type) (\(coding)-encoded)"), retryable: false)
        }
    }

    /// libcurl finished the transfer with `code`.
    func complete(_ code: CURLcode) {
        lock.lock()
        let stopped = stopReason
        lock.unlock()
        if let stopped {
            finish(failure: failure(for: stopped))
            return
        }
        if code == CURLE_OK {
            var final = 0
            _ = pt_easy_getinfo_long(curl.easyGetinfo, easy, CURLINFO_RESPONSE_CODE, &final)
            let reply = HTTPReply(status: final != 0 ? final : status, headers: headers, body: Data(body))
            finish(.success(reply))
            return
        }
        finish(failure: classify(code))
    }

    /// Maps a libcurl failure to the reason the user can act on, and whether to try again.
    ///
    /// A connection that dropped or closed mid-exchange is transient and retried (at once, by
    /// `ProviderHTTPClient`). No network, a refused connection and a TLS failure are
    /// configuration, not luck: retrying them only delays the message (and the offline fallback).
    private func classify(_ code: CURLcode) -> TransportFailure {
        var osError = 0
        _ = pt_easy_getinfo_long(curl.easyGetinfo, easy, CURLINFO_OS_ERRNO, &osError)
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return TransportFailure(reason: .timedOut(seconds: deadline), retryable: false)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return TransportFailure(reason: .noNetwork(host: host), retryable: false)
        case CURLE_COULDNT_CONNECT:
            if [ENETUNREACH, EHOSTUNREACH, ENETDOWN].contains(Int32(osError)) {
                return TransportFailure(reason: .noNetwork(host: host), retryable: false)
            }
            return TransportFailure(reason: .connectionRefused(host: host), retryable: false)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_HTTP2,
            CURLE_HTTP2_STREAM, CURLE_HTTP3:
            return TransportFailure(reason: .connectionLost, retryable: true)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_USE_SSL_FAILED,
            CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
            CURLE_SSL_CLIENTCERT:
            return TransportFailure(reason: .tlsFailure(host: host), retryable: false)
        case CURLE_BAD_CONTENT_ENCODING:
            let type = headers["content-type"] ?? "a body"
            let coding = headers["content-encoding"] ?? "?"
            return TransportFailure(
                reason: .notJSON(status: status, contentType: "\(type) (broken \(coding) encoding)"), retryable: false)
        case CURLE_FILESIZE_EXCEEDED:
            return TransportFailure(reason: .responseTooLarge(limit: maxBytes), retryable: false)
        case CURLE_OUT_OF_MEMORY where !headersEnded, CURLcode(rawValue: 100) where !headersEnded:
            // libcurl refuses one header line longer than its own limit (CURL_MAX_HTTP_HEADER,
            // 100 KiB) with "Out of memory" (CURLE_TOO_LARGE, 100, from curl 8.6): a header flood.
            return TransportFailure(reason: .headersTooLarge(limit: Transfer.maxHeaderLineBytes), retryable: false)
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT, CURLE_OUT_OF_MEMORY:
            return TransportFailure(reason: .transport(describe(code)), retryable: false)
        default:
            return TransportFailure(reason: .transport(describe(code)), retryable: true)
        }
    }

    private func describe(_ code: CURLcode) -> String {
        curl.easyStrerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)"
    }

    // MARK: - libcurl's callbacks (driver thread)

    private static let bodyCallback: curl_write_callback = { data, size, count, context in
        guard let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard length > 0, let data else { return 0 }
        return transfer.received(body: UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    private static let headerCallback: curl_write_callback = { data, size, count, context in
        guard let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard length > 0, let data else { return length }
        return transfer.received(header: UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    /// A piece of the (decoded) body; false stops the transfer, past the limit, and drops the body.
    private func received(body piece: UnsafeRawBufferPointer) -> Bool {
        guard body.count + piece.count <= maxBytes else {
            body = []
            _ = requestStop(.tooLarge)
            return false
        }
        body.append(contentsOf: piece)
        return true
    }

    /// One header line; false stops the transfer (too many header bytes, an announced body
    /// past the limit, an encoding that is not read).
    private func received(header piece: UnsafeRawBufferPointer) -> Bool {
        headerBytes += piece.count
        guard headerBytes <= Transfer.maxHeaderBytes else {
            _ = requestStop(.headersTooLarge)
            return false
        }
        let line = String(decoding: piece, as: UTF8.self).trimmed()
        if line.hasPrefix("HTTP/") {
            // A status line starts a response: an interim 1xx one, or the final one.
            let parts = line.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            headers = [:]
            return true
        }
        if line.isEmpty {
            if status >= 200 { headersEnded = true }
            return status < 200 || headersAreAcceptable()
        }
        guard let colon = line.firstIndex(of: ":") else { return true }
        let name = line[..<colon].trimmedSpaces().lowercased()
        let value = line[line.index(after: colon)...].trimmedSpaces()
        if let old = headers[name] {
            headers[name] = old + ", " + value
        } else {
            headers[name] = value
        }
        return true
    }

    /// At the end of the final response's headers: refuses an announced body past the limit
    /// and an encoding that is not read, before a byte of the body is decoded.
    private func headersAreAcceptable() -> Bool {
        if let length = headers["content-length"].flatMap({ Int64($0) }), length > Int64(maxBytes) {
            _ = requestStop(.tooLarge)
            return false
        }
        if let coding = headers["content-encoding"]?.lowercased() {
            let codings = coding.split(separator: ",").map { $0.trimmedSpaces() }
            if codings.count > 1 || !codings.allSatisfy(Transfer.readableEncodings.contains) {
                _ = requestStop(.unreadableEncoding(TextSanitizer.clean(coding, toWidth: 40)))
                return false
            }
        }
        return true
    }
}
