import FoundationEssentials
import Glibc
import PaletteCore
import ProviderKit

// MARK: - Open enums

/// A string enum from the wire that keeps values it does not know.
///
/// Google adds finish and block reasons without notice (SDK fixtures even carry
/// `FAKE_NEW_FINISH_REASON`); a closed Swift enum would turn each new value into a decoding failure.
public struct WireEnum<Tag>: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}

/// Tag for `Candidate.finishReason` values.
public enum FinishReasonTag {}
/// Tag for `PromptFeedback.blockReason` values.
public enum BlockReasonTag {}

public typealias FinishReason = WireEnum<FinishReasonTag>
public typealias BlockReason = WireEnum<BlockReasonTag>

extension WireEnum where Tag == FinishReasonTag {
    public static let unspecified = FinishReason(rawValue: "FINISH_REASON_UNSPECIFIED")
    public static let stop = FinishReason(rawValue: "STOP")
    public static let maxTokens = FinishReason(rawValue: "MAX_TOKENS")

    /// Reasons meaning a content filter withheld the answer: never parse what came with them.
    public static let filtered: Set<String> = [
        "SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY",
        "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION", "MODEL_ARMOR", "LANGUAGE",
    ]

    /// Reasons meaning the model stopped without producing text for us.
    public static let stopped: Set<String> = [
        "OTHER", "MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS",
        "NO_IMAGE", "IMAGE_OTHER",
    ]
}

// MARK: - Request

/// The `generateContent` request body: only fields of the v1beta `GenerateContentRequest`.
public struct GenerateContentRequest: Encodable, Sendable, Equatable {
    public var systemInstruction: Content
    public var contents: [Content]
    public var generationConfig: GenerationConfig
}

/// A turn of the conversation: `user` or `model` and its parts.
public struct Content: Codable, Sendable, Equatable {
    public var role: String?
    public var parts: [Part]?

    public init(role: String?, text: String) {
        self.role = role
        self.parts = [Part(text: text)]
    }

    public init(role: String?, parts: [Part]) {
        self.role = role
        self.parts = parts
    }
}

/// One part of a turn: text, or a picture sent inline (`inlineData`). Answers may carry other
/// kinds, which are ignored.
public struct Part: Codable, Sendable, Equatable {
    public var text: String?
    /// A picture as v1beta's `Blob`: the media type and the bytes as base64.
    public var inlineData: Blob?
    /// True for the model's thought summaries, which are never part of the answer.
    public var thought: Bool?

    public init(text: String) {
        self.text = text
        self.inlineData = nil
        self.thought = nil
    }

    /// A picture, as Gemini's image input is documented: `{"inlineData": {"mimeType", "data"}}`.
    public init(image: ImageUpload) {
        self.text = nil
        self.inlineData = Blob(mimeType: ImageUpload.mimeType, data: image.base64)
        self.thought = nil
    }
}

/// v1beta's `Blob`: raw bytes (base64 in JSON) and their IANA media type.
public struct Blob: Codable, Sendable, Equatable {
    public var mimeType: String
    public var data: String
}

/// The `generationConfig` fields this client sets.
public struct GenerationConfig: Encodable, Sendable, Equatable {
    public var responseMimeType: String
    public var responseSchema: Schema
    public var maxOutputTokens: Int
    /// Sent only when the request has a seed ("mostly deterministic" on Gemini's side).
    public var seed: Int? = nil
}

/// The OpenAPI-subset `Schema` of v1beta: the subset every Gemini model with JSON mode accepts.
public final class Schema: Encodable, Sendable, Equatable {
    public let type: String
    public let description: String?
    public let properties: [String: Schema]?
    public let required: [String]?
    public let propertyOrdering: [String]?
    /// `"enum"` with `enum` for a STRING that may take only the listed values (a locked role).
    public let format: String?
    public let `enum`: [String]?
    /// For an ARRAY: the schema of each item, and how many there must be.
    public let items: Schema?
    public let minItems: Int?
    public let maxItems: Int?

    public init(
        type: String, description: String? = nil, properties: [String: Schema]? = nil,
        required: [String]? = nil, propertyOrdering: [String]? = nil, enum values: [String]? = nil,
        items: Schema? = nil, count: Int? = nil
    ) {
        self.type = type
        self.description = description
        self.properties = properties
        self.required = required
        self.propertyOrdering = propertyOrdering
        self.format = values == nil ? nil : "enum"
        self.enum = values
        self.items = items
        self.minItems = count
        self.maxItems = count
    }

    public static func == (a: Schema, b: Schema) -> Bool {
        a.type == b.type && a.description == b.description && a.properties == b.properties
            && a.required == b.required && a.propertyOrdering == b.propertyOrdering && a.format == b.format
            && a.enum == b.enum && a.items == b.items && a.minItems == b.minItems && a.maxItems == b.maxItems
    }
}

extension Schema {
    /// Gemini's form of a PaletteCore schema: an OBJECT of STRING properties, all required, in order.
    ///
    /// PaletteCore owns what is asked for; this only spells it in the v1beta dialect, so the
    /// request and the parser cannot drift apart.
    public convenience init(_ palette: PaletteSchema) {
        var properties: [String: Schema] = [:]
        for property in palette.properties {
            properties[property.name] = Schema(
                type: "STRING", description: property.description, enum: property.fixed.map { [$0.hex] })
        }
        self.init(
            type: "OBJECT", description: palette.description, properties: properties,
            required: palette.required, propertyOrdering: palette.propertyOrdering)
    }

    /// The answer `request` asks for: one palette, or for several candidates an OBJECT whose one
    /// property is an ARRAY of exactly that many (`PaletteInstructions.candidatesKey`).
    public static func answer(for request: GenerationRequest) -> Schema {
        let palette = Schema(PaletteSchema.palette(for: request))
        let count = request.candidateCount
        guard count > 1 else { return palette }
        let key = PaletteInstructions.candidatesKey
        let list = Schema(
            type: "ARRAY", description: PaletteSchema.candidatesDescription(count), items: palette, count: count)
        return Schema(
            type: "OBJECT", description: "\(count) different three-colour palettes.", properties: [key: list],
            required: [key], propertyOrdering: [key])
    }
}

// MARK: - Response

/// The `generateContent` response; every field optional, unknown fields ignored.
public struct GenerateContentResponse: Decodable, Sendable {
    public var candidates: [Candidate]?
    public var promptFeedback: PromptFeedback?
    public var modelVersion: String?
}

public struct Candidate: Decodable, Sendable {
    public var content: Content?
    public var finishReason: FinishReason?
    public var finishMessage: String?
}

public struct PromptFeedback: Decodable, Sendable {
    public var blockReason: BlockReason?
    public var blockReasonMessage: String?
}

extension GenerateContentResponse {
    /// The answer: the first candidate's text parts that are not thoughts, joined.
    ///
    /// Answers can be split over several parts, and thought summaries come first when
    /// thoughts are included; reading only `parts[0]` would return the thinking instead.
    public var answerText: String {
        let parts = candidates?.first?.content?.parts ?? []
        return parts.filter { $0.thought != true }.compactMap(\.text).joined()
    }
}

// MARK: - Errors

/// The body of a failed call: `{"error": {...}}`, sometimes wrapped in an array by proxies.
struct ErrorEnvelope: Decodable {
    var error: ErrorStatus
}

/// A `google.rpc.Status`, with the details this client reads.
struct ErrorStatus: Decodable {
    var code: Int?
    var message: String?
    var status: String?
    var details: [ErrorDetail]?
}

/// One entry of `details`: ErrorInfo, RetryInfo, QuotaFailure and others, flattened.
struct ErrorDetail: Decodable {
    var type: String?
    var reason: String?
    var retryDelay: String?
    var violations: [QuotaViolation]?

    enum CodingKeys: String, CodingKey {
        case type = "@type"
        case reason, retryDelay, violations
    }
}

struct QuotaViolation: Decodable {
    var quotaId: String?
    var quotaMetric: String?
}

extension ErrorStatus {
    /// `ErrorInfo.reason`, such as `API_KEY_INVALID` or `SERVICE_DISABLED`.
    var reason: String? { details?.lazy.compactMap(\.reason).first }

    /// `RetryInfo.retryDelay` as seconds (`"26s"`, `"53.016342224s"`).
    var retryDelay: Double? {
        guard let text = details?.lazy.compactMap(\.retryDelay).first else { return nil }
        return ServerNumber.seconds(fromDuration: text)
    }

    /// Whether a quota violation is per day, which waiting a few seconds will not clear.
    var isDailyQuota: Bool {
        let ids = (details ?? []).flatMap { $0.violations ?? [] }.compactMap { $0.quotaId ?? $0.quotaMetric }
        return ids.contains { $0.scalarRange(of: "PerDay", ignoringCase: true) != nil }
    }

    /// Whether the message names `model` (`models/<id>`, or the id between characters that
    /// cannot be part of one): the sign that a 429 or 503 is about the model, not the load.
    func names(model: String) -> Bool {
        guard let message, !model.isEmpty else { return false }
        var rest = Substring(message)
        while let range = rest.scalarRange(of: model) {
            let before = rest[..<range.lowerBound].last
            let after = rest[range.upperBound...].first
            func part(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || "-._".contains($0) } ?? false }
            if !part(before) || before == "/", !part(after) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// Decodes an error body, accepting the array-wrapped form; nil when the body is not one.
    static func decode(_ data: Data) -> ErrorStatus? {
        let decoder = JSONDecoder()
        if let envelope = try? decoder.decode(ErrorEnvelope.self, from: data) { return envelope.error }
        if let wrapped = try? decoder.decode([ErrorEnvelope].self, from: data) { return wrapped.first?.error }
        return nil
    }
}

// MARK: - Models

/// One page of `GET /v1beta/models`: models and the token of the next page.
struct ModelList: Decodable {
    var models: [ModelInfo]?
    var nextPageToken: String?
}

/// The fields of a v1beta `Model` this client reads.
struct ModelInfo: Decodable {
    /// `models/<id>`.
    var name: String?
    var supportedGenerationMethods: [String]?
}
