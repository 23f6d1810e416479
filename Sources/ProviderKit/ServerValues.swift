import FoundationEssentials
import Glibc
import PaletteCore

/// The one door for text a server sent: every failure a `ProviderHTTPClient` hands out passes
/// here (`ProviderHTTPClient.failure(_:)`), so a rule about server text is written once.
///
/// It removes the client's keys wherever a server echoed them, in any form (`SecretRedactor`:
/// any case, percent-encoded, escaped, spaced out), from every string a failure carries.
/// PaletteApp folds the text to one clean, cut line when it quotes it (`Messages.serverText`);
/// a provider that keeps other server text (a note, a model name) passes it through `clean` too.
public struct ServerText: Sendable {
    let secrets: [APIKey]
    private let redactor: SecretRedactor

    public init(secrets: [APIKey]) {
        self.secrets = secrets
        redactor = SecretRedactor(secrets: secrets.map(\.secret))
    }

    /// The most a failure keeps of one piece of server text, in Unicode scalars: far more than
    /// a message line shows (160 columns), far less than a server can send (a 3 MB message
    /// cost 45 MB to fold and 220 MB to redact when kept whole).
    public static let keptScalars = 4096

    /// How many scalars past the cut are still redacted with the kept text, so a key that
    /// starts before the cut is found whole: every character of the longest key spelled in
    /// the longest form the redactor reads (`&#x0000002D;`, twelve scalars, escaped again), with
    /// a separator beside each.
    var window: Int {
        (secrets.map { $0.secret.unicodeScalars.count }.max() ?? 0) * 32 + 16
    }

    /// The text as it may be kept in a failure, shown or stored: cut to `keptScalars` (with
    /// "…" where it was cut), without any form of a key.
    public func clean(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > ServerText.keptScalars else { return redactor.redact(text) }
        // Redact a little more than is kept, then cut: a key across the cut is already gone.
        let end = scalars.index(
            scalars.startIndex, offsetBy: ServerText.keptScalars + window, limitedBy: scalars.endIndex)
        let head = String(String.UnicodeScalarView(scalars[..<(end ?? scalars.endIndex)]))
        let redacted = redactor.redact(head).unicodeScalars
        let kept = redacted.prefix(ServerText.keptScalars)
        return String(String.UnicodeScalarView(kept)) + "…"
    }

    /// Every piece of server text inside `reason`, cleaned.
    public func clean(_ reason: ProviderFailure.Reason) -> ProviderFailure.Reason {
        reason.mappingServerText(clean)
    }
}

/// The one place numbers a server sent are read, so their checks are written once.
public enum ServerNumber {
    /// A protobuf JSON `Duration` (`"26s"`, `"53.016342224s"`) in seconds; nil when it is not one.
    public static func seconds(fromDuration text: String) -> Double? {
        guard text.hasSuffix("s"), let value = Double(text.dropLast()) else { return nil }
        return delay(value)
    }

    /// An HTTP `Retry-After` value in seconds: delay-seconds, or an HTTP date (RFC 9110 10.2.3).
    public static func retryAfter(_ header: String?, now: Date = Date()) -> Double? {
        guard let text = header?.trimmedSpaces(), !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return Double(text).flatMap(delay)
        }
        guard let seconds = httpDate(text) else { return nil }
        return delay(max(0, seconds - now.timeIntervalSince1970))
    }

    /// An HTTP date in the IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 5.6.7)
    /// as seconds since 1970; nil for anything else.
    static func httpDate(_ text: String) -> Double? {
        func digits(_ s: Substring) -> Bool { s.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
        let parts = text.split(separator: " ")
        let days = ["Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,", "Sun,"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 6, days.contains(String(parts[0])), parts[5] == "GMT",
            (1...2).contains(parts[1].count), digits(parts[1]), let day = Int(parts[1]), (1...31).contains(day),
            let month = months.firstIndex(of: String(parts[2])),
            parts[3].count == 4, digits(parts[3]), let year = Int(parts[3]), year >= 1970
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 && digits($0) }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        guard day <= CivilDate.daysInMonth(year: year, month: month + 1) else { return nil }
        let dayNumber = CivilDate.days(year: year, month: month + 1, day: day)
        return Double(dayNumber * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// The longest delay a server may ask for, in seconds: a day. Longer ones (`1e300s`,
    /// `9.3e18s`, a date years ahead) are read as a day, which no deadline waits for, so the
    /// request fails at once with the rate limit instead of overflowing a conversion.
    public static let maxDelay: Double = 86_400

    /// A delay as the client may use it: finite, not negative, at most `maxDelay`.
    static func delay(_ value: Double) -> Double? {
        guard value.isFinite, value >= 0 else { return nil }
        return min(value, maxDelay)
    }
}

extension ProviderFailure.Reason {
    /// The reason with `transform` applied to every string it carries: what a server sent, and
    /// what came from the environment (an endpoint, a host, a model name), since either may
    /// hold a key.
    ///
    /// Exhaustive on purpose: a new case must say whether it carries text.
    func mappingServerText(_ transform: (String) -> String) -> ProviderFailure.Reason {
        func t(_ text: String?) -> String? { text.map(transform) }
        switch self {
        case .missingAPIKey, .rateLimited, .serverUnavailable(_, nil), .redirectRefused,
            .unexpectedStatus, .malformedResponse, .responseTooLarge, .headersTooLarge, .truncated,
            .connectionLost, .timedOut, .cancelled, .unsupported, .libraryMissing:
            return self
        case .invalidEndpoint(let text, let settings): return .invalidEndpoint(transform(text), settings: settings)
        case .noNetwork(let host): return .noNetwork(host: transform(host))
        case .connectionRefused(let host): return .connectionRefused(host: transform(host))
        case .tlsFailure(let host): return .tlsFailure(host: transform(host))
        case .invalidAPIKey(let message): return .invalidAPIKey(serverMessage: t(message))
        case .permissionDenied(let code, let message):
            return .permissionDenied(code: t(code), serverMessage: t(message))
        case .modelNotFound(let model, let available):
            return .modelNotFound(model: transform(model), available: available.map(transform))
        case .badRequest(let message): return .badRequest(serverMessage: t(message))
        case .imageNotAccepted(let model, let message):
            return .imageNotAccepted(model: transform(model), serverMessage: t(message))
        case .quotaExhausted(let message): return .quotaExhausted(serverMessage: t(message))
        case .serverUnavailable(let status, let message):
            return .serverUnavailable(status: status, serverMessage: t(message))
        case .notJSON(let status, let type): return .notJSON(status: status, contentType: t(type))
        case .promptBlocked(let reason): return .promptBlocked(reason: transform(reason))
        case .answerBlocked(let reason): return .answerBlocked(reason: transform(reason))
        case .noAnswer(let reason, let message): return .noAnswer(reason: t(reason), message: t(message))
        case .unusableAnswer(let problem): return .unusableAnswer(problem: transform(problem))
        case .transport(let text): return .transport(transform(text))
        }
    }
}
