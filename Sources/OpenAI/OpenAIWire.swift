import FoundationEssentials
import Glibc
import PaletteCore
import ProviderKit

/// A part of the request a server may refuse by name, and leave out when it does.
public enum RequestPart: String, CaseIterable, Hashable, Sendable, Comparable {
    case responseFormat = "response_format"
    case temperature
    case topP = "top_p"
    case seed
    case maxTokens = "max_tokens"
    /// Only in `RequestDialect.gpt6Luna`'s body, in place of `max_tokens`.
    case maxCompletionTokens = "max_completion_tokens"
    /// Only in `RequestDialect.gpt6Luna`'s body.
    case reasoningEffort = "reasoning_effort"

    public static func < (a: RequestPart, b: RequestPart) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The part a rejection names: the error's `param` when it is one, else the first part
    /// the message names as a whole word (`'temperature'`, `response_format.type`); only the
    /// parts `among` count (those a body was sent with).
    static func named(param: String?, message: String?, among: Set<RequestPart> = Set(allCases)) -> RequestPart? {
        if let param {
            let head = param.split(whereSeparator: { $0 == "." || $0 == "[" }).first.map(String.init) ?? param
            if let part = RequestPart(rawValue: head), among.contains(part) { return part }
        }
        guard let message else { return nil }
        var best: (String.Index, RequestPart)?
        for part in allCases where among.contains(part) {
            var search = message.startIndex..<message.endIndex
            while let range = message.scalarRange(of: part.rawValue, within: search) {
                let before =
                    range.lowerBound == message.startIndex ? nil : message[message.index(before: range.lowerBound)]
                let after = range.upperBound == message.endIndex ? nil : message[range.upperBound]
                func isWord(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
                if !isWord(before), !isWord(after) {
                    if best.map({ range.lowerBound < $0.0 }) ?? true { best = (range.lowerBound, part) }
                    break
                }
                search = range.upperBound..<message.endIndex
            }
        }
        return best?.1
    }
}

/// How the body is spelled for one model: the parts never sent, and the reasoning effort asked for.
///
/// Every server gets `portable` except OpenAI's own API asked for a model whose Chat Completions
/// parameters OpenAI documents (`documented`, by exact name): a name says nothing about a local
/// server (llama.cpp answers to any name, so `gpt-6-luna` may well reach it), but on
/// `api.openai.com` it is the model the documentation describes.
public struct RequestDialect: Sendable, Equatable, CustomStringConvertible {
    /// Parts never sent; a server naming one is not asked again without it.
    public var leftOut: Set<RequestPart>
    /// `reasoning_effort`, when sent.
    public var reasoningEffort: String?

    /// What every OpenAI-compatible server got before there was any other: `max_tokens`,
    /// temperature, top_p, seed and the schema, and neither `max_completion_tokens` nor
    /// `reasoning_effort`, which older servers do not know. Refusals downgrade part by part.
    public static let portable = RequestDialect(leftOut: [.maxCompletionTokens, .reasoningEffort])

    /// gpt-6-luna, a reasoning model, as OpenAI documents it on Chat Completions (checked
    /// 2026-12-03, docs/decisions.md): `reasoning_effort` `none`, the setting OpenAI's GPT-4.x
    /// migration guide starts from and the least a palette needs; temperature and top_p only
    /// go with `none` (remove them at any other effort, says OpenAI's deployment checklist);
    /// `max_completion_tokens`, as the API reference says, since `max_tokens` is refused.
    /// Seed and the schema are sent as for every server.
    public static let gpt6Luna = RequestDialect(leftOut: [.maxTokens], reasoningEffort: "none")

    /// The models whose parameters OpenAI documents, by exact name.
    public static let documented: [String: RequestDialect] = ["gpt-6-luna": .gpt6Luna]

    public init(leftOut: Set<RequestPart>, reasoningEffort: String? = nil) {
        self.leftOut = leftOut
        self.reasoningEffort = reasoningEffort
    }

    public var description: String {
        "RequestDialect(leftOut: \(leftOut.sorted().map(\.rawValue)), reasoningEffort: \(reasoningEffort ?? "none sent"))"
    }
}

/// One message of the body: `{"role", "content"}`, the content a string; a turn with a
/// picture has as its content an array of a `text` part and an `image_url` part whose URL is
/// the picture itself as a `data:image/png;base64,` URL (Chat Completions' image input).
func chatMessage(_ turn: ChatTurn) -> JSONBody {
    guard let image = turn.image else { return turn.json }
    return .object([
        ("role", .string(turn.speaker.rawValue)),
        (
            "content",
            .array([
                .object([("type", .string("text")), ("text", .string(turn.content))]),
                .object([("type", .string("image_url")), ("image_url", .object([("url", .string(image.dataURL))]))]),
            ])
        ),
    ])
}

/// The Chat Completions request body, built in a fixed order; the dialect's parts and those a
/// server refused (`without`) are left out (the schema then goes in the system turn only).
func chatCompletionsBody(
    model: String, turns: [ChatTurn], request: GenerationRequest, dialect: RequestDialect = .portable,
    without refused: Set<RequestPart>
) -> JSONBody {
    var members: [(String, JSONBody)] = [
        ("model", .string(model)),
        ("messages", .array(turns.map(chatMessage))),
    ]
    for part in RequestPart.allCases where !refused.contains(part) && !dialect.leftOut.contains(part) {
        switch part {
        case .responseFormat:
            // The nested form with a name: the only one llama.cpp reads, and what OpenAI, vLLM
            // and LM Studio require. Never `json_object`, which LM Studio refuses.
            members.append(
                (
                    "response_format",
                    .object([
                        ("type", .string("json_schema")),
                        (
                            "json_schema",
                            .object([
                                ("name", .string(request.candidateCount > 1 ? "palettes" : "palette")),
                                ("description", .string(PaletteSchema.palette.description)),
                                ("strict", .bool(true)),
                                ("schema", .answerSchema(for: request, boundedItems: false)),
                            ])
                        ),
                    ])
                ))
        case .temperature: members.append(("temperature", .number(Sampling.temperature)))
        case .topP: members.append(("top_p", .number(Sampling.topP)))
        case .seed: members.append(("seed", .integer(Sampling.seed(for: request))))
        case .maxTokens: members.append(("max_tokens", .integer(PaletteInstructions.maxOutputTokens)))
        case .maxCompletionTokens:
            members.append(("max_completion_tokens", .integer(PaletteInstructions.maxOutputTokens)))
        case .reasoningEffort:
            if let effort = dialect.reasoningEffort { members.append(("reasoning_effort", .string(effort))) }
        }
    }
    members.append(("stream", .bool(false)))
    return .object(members)
}

// MARK: - Replies

/// A Chat Completions response; every field optional, unknown ones ignored.
struct ChatCompletion: Decodable {
    var choices: [Choice]?
    var model: String?

    struct Choice: Decodable {
        var message: Message?
        var finishReason: String?

        enum CodingKeys: String, CodingKey {
            case message
            case finishReason = "finish_reason"
        }
    }

    /// `reasoning_content` (vLLM, DeepSeek, llama.cpp) and `reasoning` (Ollama, OpenRouter)
    /// are not decoded at all: reasoning is never read as the answer.
    struct Message: Decodable {
        var content: String?
        var refusal: String?
    }
}

/// An error body in any of the shapes these servers send:
/// `{"error": {"message", "type", "param", "code"}}` (OpenAI, llama.cpp, vLLM, Ollama's `/v1`),
/// `{"error": "text"}` (LM Studio), `{"object": "error", "message": ...}` (older vLLM) or
/// `{"detail": "text"}` (FastAPI proxies).
struct ServerError {
    var message: String?
    var type: String?
    var param: String?
    var code: String?

    static func decode(_ data: Data) -> ServerError? {
        guard let object = JSONValue.parse(data)?.object else { return nil }
        func text(_ value: JSONValue?) -> String? {
            switch value {
            case .string(let s): return s
            case .number(let n): return n
            default: return nil
            }
        }
        if let error = object["error"]?.object {
            return ServerError(
                message: text(error["message"]), type: text(error["type"]), param: text(error["param"]),
                code: text(error["code"]))
        }
        if let message = object["error"]?.string {
            return ServerError(message: message)
        }
        if text(object["object"]) == "error" {
            return ServerError(
                message: text(object["message"]), type: text(object["type"]), param: text(object["param"]),
                code: text(object["code"]))
        }
        if let detail = object["detail"]?.string {
            return ServerError(message: detail)
        }
        return nil
    }

    /// Whether the error is about the model not being there.
    var isModelMissing: Bool {
        if code == "model_not_found" { return true }
        let lower = (message ?? "").lowercased()
        return lower.contains("model") && (lower.contains("not found") || lower.contains("does not exist"))
    }

    /// OpenAI's "out of credit" as opposed to a rate limit.
    var isQuota: Bool {
        code == "insufficient_quota" || type == "insufficient_quota"
            || (message ?? "").lowercased().contains("exceeded your current quota")
    }
}
