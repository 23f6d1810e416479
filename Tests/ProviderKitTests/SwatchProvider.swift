import Foundation
import PaletteCore
import ProviderKit

/// A provider for "swatch/1", a made-up palette service (`Tests/TestSupport/Servers/swatch_server.py`).
///
/// It speaks nothing like Gemini (a form-encoded POST, a plain-text answer of one line per role,
/// `Retry-After` headers, its own auth scheme) and is written against ProviderKit's public API
/// only: a plain `import ProviderKit`, and this test target does not depend on Gemini. All it
/// supplies is the request and the reading of a reply; the deadline, cancellation, retries, the
/// size limit, refused redirects and the key's redaction come from `ProviderHTTPClient`.
struct SwatchProvider: PaletteProvider {
    let endpoint: URL
    let key: APIKey
    let http: ProviderHTTPClient

    init(
        endpoint: URL, key: APIKey, timeout: Double, retry: RetryPolicy = RetryPolicy(),
        maxResponseBytes: Int = 4 * 1_048_576, jitter: @escaping @Sendable () -> Double = { 0.5 }
    ) {
        self.endpoint = endpoint
        self.key = key
        http = ProviderHTTPClient(
            provider: "swatch", timeout: timeout, retry: retry,
            maxResponseBytes: maxResponseBytes, secrets: [key], jitter: jitter)
    }

    var name: String { "swatch" }
    var model: String? { "swatch-1" }
    /// The service takes a seed; it has no way to lock a colour or refine a palette.
    var supportedFields: Set<GenerationRequest.Field> { [.seed] }

    func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
        try checkSupported(request)
        let deadline = http.startDeadline()
        var fields = [("description", request.description), ("variation", String(request.variation))]
        if let seed = request.seed { fields.append(("seed", String(seed))) }
        var urlRequest = HTTPRequest(
            url: endpoint.appendingPathComponent("v1/swatch"), method: "POST", body: Data(Self.formEncoded(fields).utf8)
        )
        urlRequest.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue(key, forHTTPHeaderField: "Authorization", prefix: "Swatch ")
        let palette = try await http.send(urlRequest, by: deadline, classify: Self.classify)
        return GeneratedPalette(palette: palette, provider: name, model: model)
    }

    static func formEncoded(_ fields: [(String, String)]) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return fields.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
    }

    /// What a swatch/1 reply means.
    static func classify(_ reply: HTTPReply) -> ReplyVerdict<Palette> {
        let text = String(decoding: reply.body, as: UTF8.self)
        let error =
            text.hasPrefix("error ") ? String(text.dropFirst(6)).trimmingCharacters(in: .whitespacesAndNewlines) : nil
        switch reply.status {
        case 200:
            var colours: [String: RGB] = [:]
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                if parts.count == 2, let colour = try? RGB(hex: parts[1]) { colours[parts[0]] = colour }
            }
            guard let primary = colours["primary"], let secondary = colours["secondary"],
                let accent = colours["accent"]
            else {
                return .failure(.malformedResponse)
            }
            return .success(Palette(primary: primary, secondary: secondary, accent: accent))
        case 401:
            return .failure(.invalidAPIKey(serverMessage: error))
        case 429:
            return .retry(.rateLimited(retryAfter: reply.retryAfter))
        case 500...599:
            return .retry(.serverUnavailable(status: reply.status, serverMessage: error))
        default:
            return .failure(.unexpectedStatus(reply.status))
        }
    }
}
