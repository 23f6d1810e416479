import Foundation
import PaletteCore

/// Why a palette could not be had from Gemini, one case per thing the user can act on.
///
/// Server messages are kept (with the key removed) because Google's wording is often the only
/// precise hint, but each `userMessage` starts with what happened and ends with what to do.
public enum GeminiError: Error, Equatable, Sendable {
    /// No key in the environment for a provider that needs one.
    case missingAPIKey
    /// The base URL cannot be used to build a request URL.
    case invalidEndpoint(String)
    /// 400 with `API_KEY_INVALID`: a wrong or expired key.
    case invalidAPIKey(message: String)
    /// 403: the key exists but may not call this API (service disabled, key restricted, suspended, missing).
    case permissionDenied(reason: String?, message: String)
    /// 404: the model does not exist or was retired.
    case modelNotFound(model: String)
    /// Any other 400: Google rejected the request itself (region, request shape).
    case badRequest(message: String)
    /// 429 that waiting can clear; `retryAfter` is Google's `retryDelay` in seconds.
    case rateLimited(retryAfter: Double?)
    /// 429 for a per-day quota or spend cap: waiting a few seconds will not help.
    case quotaExhausted(message: String)
    /// 408, 500, 502, 503, 504 (and 499) after every attempt.
    case serverUnavailable(status: Int, message: String?)
    /// Any other HTTP status, redirects included (they are never followed).
    case unexpectedStatus(Int)
    /// The response body was not JSON (an HTML page from a proxy or a wrong endpoint).
    case notJSON(status: Int, contentType: String?)
    /// JSON, but not a `GenerateContentResponse` (cut short or some other service).
    case malformedResponse
    /// The response was larger than any palette answer can be.
    case responseTooLarge(limit: Int)
    /// `promptFeedback.blockReason`: Gemini refused the description itself.
    case promptBlocked(reason: String)
    /// A content filter withheld the answer (`SAFETY`, `RECITATION`, `PROHIBITED_CONTENT`, ...).
    case answerBlocked(reason: String)
    /// The output limit was reached before a usable answer (often spent on thinking).
    case truncated
    /// The model stopped without an answer (`OTHER`, an unknown reason, or no candidates).
    case noAnswer(reason: String?, message: String?)
    /// The answer was not a palette, even after asking once more.
    case unusableAnswer(String)
    /// No route to the host: offline, or the name does not resolve.
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

    public var userMessage: String {
        switch self {
        case .missingAPIKey:
            return "Gemini needs an API key: set GEMINI_API_KEY (or GOOGLE_API_KEY), or use --provider offline."
        case .invalidEndpoint(let text):
            return "The Gemini endpoint '\(text)' is not a usable http(s) URL: fix --endpoint or GEMINI_BASE_URL."
        case .invalidAPIKey(let message):
            return "Gemini rejected the API key (\(message.trimmedSentence)): create a new key in Google AI Studio and set GEMINI_API_KEY."
        case let .permissionDenied(reason, message):
            let hint: String
            switch reason {
            case "SERVICE_DISABLED":
                hint = "enable the Generative Language API for the key's Google Cloud project"
            case "API_KEY_SERVICE_BLOCKED":
                hint = "allow the Generative Language API in the key's API restrictions, or use another key"
            case "CONSUMER_SUSPENDED":
                hint = "the project is suspended; use a key from another project"
            default:
                hint = "check that GEMINI_API_KEY holds a current Gemini API key from Google AI Studio"
            }
            return "Gemini refused access (\(message.trimmedSentence)): \(hint)."
        case .modelNotFound(let model):
            return "Gemini has no model '\(model)' (it may have been retired): choose another with --model or PALETTE_TUI_MODEL, e.g. \(GeminiConfiguration.defaultModel)."
        case .badRequest(let message):
            return "Gemini rejected the request (\(message.trimmedSentence)): check the model and your region, or use --provider offline."
        case .rateLimited(let delay):
            if let delay {
                return "Gemini's rate limit was reached: wait \(Int(delay.rounded(.up))) s and try again."
            }
            return "Gemini's rate limit was reached: wait a minute and try again."
        case .quotaExhausted:
            return "The Gemini quota for this key is used up for today: try tomorrow, enable billing, or use --provider offline."
        case let .serverUnavailable(status, message):
            let what = message.map { " (\($0.trimmedSentence))" } ?? ""
            return "Gemini is overloaded or failing, HTTP \(status)\(what): try again later or use --provider offline."
        case .unexpectedStatus(let status) where (300..<400).contains(status):
            return "The endpoint redirected (HTTP \(status)), which is refused so the key goes nowhere else: set --endpoint or GEMINI_BASE_URL to the final URL."
        case .unexpectedStatus(let status):
            return "Gemini answered with HTTP \(status): check --endpoint or GEMINI_BASE_URL."
        case let .notJSON(status, contentType):
            return "The endpoint answered HTTP \(status) with \(contentType ?? "an unknown body"), not Gemini JSON: check --endpoint or GEMINI_BASE_URL and any proxy."
        case .malformedResponse:
            return "Gemini's response was cut short or not a Gemini response: try again, and check --endpoint."
        case .responseTooLarge(let limit):
            return "The endpoint sent more than \(limit / 1_048_576) MiB, far more than a palette: check --endpoint or GEMINI_BASE_URL."
        case .promptBlocked(let reason):
            return "Gemini declined this description (\(reason)): rephrase it."
        case .answerBlocked(let reason):
            return "Gemini withheld its answer (\(reason)): rephrase the description or try again."
        case .truncated:
            return "Gemini ran out of output tokens before answering: try again or choose another --model."
        case let .noAnswer(reason, message):
            let detail = [reason, message?.trimmedSentence].compactMap { $0 }.joined(separator: ": ")
            return "Gemini returned no answer\(detail.isEmpty ? "" : " (\(detail))"): try again."
        case .unusableAnswer(let problem):
            return "Gemini's answer was not a palette even after asking again (\(problem)): try again or use --provider offline."
        case .noNetwork(let host):
            return "Cannot reach \(host): check your network connection, or use --provider offline."
        case .connectionRefused(let host):
            return "Nothing is listening at \(host): check --endpoint or GEMINI_BASE_URL."
        case .connectionLost:
            return "The connection to Gemini dropped: try again."
        case .tlsFailure(let host):
            return "The secure connection to \(host) failed (TLS certificate or handshake): check the system clock, proxy and --endpoint."
        case .timedOut(let seconds):
            return "Gemini did not answer within \(seconds.formattedSeconds) s: try again or raise --timeout."
        case .transport(let text):
            return "The request to Gemini failed (\(text.trimmedSentence)): try again."
        }
    }

    /// Whether another attempt may succeed: 408, 429 (not daily), 5xx, a dropped connection
    /// and other transient transport failures.
    ///
    /// No network, a refused connection and a TLS failure are configuration, not luck: retrying
    /// them only delays the message (and the offline fallback).
    public var isRetryable: Bool {
        switch self {
        case .rateLimited, .serverUnavailable, .connectionLost, .transport:
            return true
        default:
            return false
        }
    }
}

extension GeminiError: ProviderFailureConvertible {
    /// The provider-neutral failure: what the fallback policy reads and PaletteApp words.
    public var providerFailure: ProviderFailure {
        let reason: ProviderFailure.Reason
        switch self {
        case .missingAPIKey: reason = .missingAPIKey(variables: ["GEMINI_API_KEY", "GOOGLE_API_KEY"])
        case .invalidEndpoint(let text): reason = .invalidEndpoint(text, settings: ["--endpoint", "GEMINI_BASE_URL"])
        case .invalidAPIKey(let message): reason = .invalidAPIKey(serverMessage: message)
        case let .permissionDenied(code, message): reason = .permissionDenied(code: code, serverMessage: message)
        case .modelNotFound(let model): reason = .modelNotFound(model: model, available: [])
        case .badRequest(let message): reason = .badRequest(serverMessage: message)
        case .rateLimited(let delay): reason = .rateLimited(retryAfter: delay)
        case .quotaExhausted(let message): reason = .quotaExhausted(serverMessage: message)
        case let .serverUnavailable(status, message): reason = .serverUnavailable(status: status, serverMessage: message)
        case .unexpectedStatus(let status) where (300..<400).contains(status): reason = .redirectRefused(status: status)
        case .unexpectedStatus(let status): reason = .unexpectedStatus(status)
        case let .notJSON(status, contentType): reason = .notJSON(status: status, contentType: contentType)
        case .malformedResponse: reason = .malformedResponse
        case .responseTooLarge(let limit): reason = .responseTooLarge(limit: limit)
        case .promptBlocked(let why): reason = .promptBlocked(reason: why)
        case .answerBlocked(let why): reason = .answerBlocked(reason: why)
        case .truncated: reason = .truncated
        case let .noAnswer(why, message): reason = .noAnswer(reason: why, message: message)
        case .unusableAnswer(let problem): reason = .unusableAnswer(problem: problem)
        case .noNetwork(let host): reason = .noNetwork(host: host)
        case .connectionRefused(let host): reason = .connectionRefused(host: host)
        case .connectionLost: reason = .connectionLost
        case .tlsFailure(let host): reason = .tlsFailure(host: host)
        case .timedOut(let seconds): reason = .timedOut(seconds: seconds)
        case .transport(let text): reason = .transport(text)
        }
        return ProviderFailure(provider: "gemini", reason)
    }
}

extension GeminiError: CustomStringConvertible {
    public var description: String { userMessage }
}

extension String {
    /// The text without surrounding space and one trailing full stop, to nest in a sentence.
    var trimmedSentence: String {
        var text = trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension Double {
    /// `2` or `1.5`: seconds without a pointless fraction.
    var formattedSeconds: String {
        self == rounded() ? String(Int(self)) : String(format: "%.1f", self)
    }
}
