import Foundation
import PaletteCore

/// The one door for text a server sent: every failure a `ProviderHTTPClient` hands out passes
/// here (`ProviderHTTPClient.failure(_:)`), so a rule about server text is written once.
///
/// Today it removes the client's keys wherever a server echoed them. PaletteApp folds the text
/// to one clean line when it quotes it (`Messages.serverText`).
public struct ServerText: Sendable {
    let secrets: [APIKey]

    public init(secrets: [APIKey]) {
        self.secrets = secrets
    }

    /// The text as it may be kept in a failure.
    public func clean(_ text: String) -> String {
        secrets.reduce(text) { $1.redact($0) }
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
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return Double(text).flatMap(delay)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: text) else { return nil }
        return delay(max(0, date.timeIntervalSince(now)))
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
    /// The reason with `transform` applied to every string that came from a server.
    ///
    /// Exhaustive on purpose: a new case must say whether it carries server text.
    func mappingServerText(_ transform: (String) -> String) -> ProviderFailure.Reason {
        func t(_ text: String?) -> String? { text.map(transform) }
        switch self {
        case .missingAPIKey, .invalidEndpoint, .rateLimited, .serverUnavailable(_, nil), .redirectRefused,
            .unexpectedStatus, .malformedResponse, .responseTooLarge, .truncated, .noNetwork, .connectionRefused,
            .connectionLost, .tlsFailure, .timedOut, .cancelled, .unsupported:
            return self
        case .invalidAPIKey(let message): return .invalidAPIKey(serverMessage: t(message))
        case .permissionDenied(let code, let message):
            return .permissionDenied(code: t(code), serverMessage: t(message))
        case .modelNotFound(let model, let available):
            return .modelNotFound(model: model, available: available.map(transform))
        case .badRequest(let message): return .badRequest(serverMessage: t(message))
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
