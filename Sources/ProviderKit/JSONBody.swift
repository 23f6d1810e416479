import FoundationEssentials
import Glibc
import PaletteCore

/// A JSON value written with its keys in the order given: request bodies whose bytes are
/// fixed (tests compare them, servers that turn a schema into a grammar follow its property
/// order) without Codable's dictionary order.
public indirect enum JSONBody: Hashable, Sendable {
    case object([(String, JSONBody)])
    case array([JSONBody])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    public static func == (a: JSONBody, b: JSONBody) -> Bool { a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// The value as compact JSON text, UTF-8 unescaped (`JSONText`).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The value as compact JSON, UTF-8.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    /// The body of a request.
    public var data: Data { Data(bytes) }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let text):
            JSONText.appendString(text, to: &out)
        case .integer(let value):
            out.append(contentsOf: String(value).utf8)
        case .number(let value):
            // Finite values only reach here; a whole number keeps a decimal point.
            let finite = value.isFinite ? value : 0
            let text = finite == finite.rounded() && abs(finite) < 1e15 ? cFormat("%.1f", finite) : "\(finite)"
            out.append(contentsOf: text.utf8)
        case .bool(let value):
            out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null:
            out.append(contentsOf: "null".utf8)
        }
    }
}

extension JSONBody {
    /// The palette object as standard JSON Schema (draft 2020-12 keywords that every
    /// structured-output server reads): an object of three strings named after the roles, in
    /// role order, all required, nothing else allowed.
    ///
    /// PaletteCore owns what is asked for (`PaletteSchema`); this only spells it. No `pattern`
    /// and no `$ref`: llama.cpp answers unconstrained when a pattern fails to become a grammar,
    /// and several servers reject references. The hex form is checked by `ModelAnswer`.
    public static func jsonSchema(_ schema: PaletteSchema) -> JSONBody {
        .object([
            ("type", .string("object")),
            ("description", .string(schema.description)),
            (
                "properties",
                .object(
                    schema.properties.map { property in
                        var fields: [(String, JSONBody)] = [
                            ("type", .string("string")), ("description", .string(property.description)),
                        ]
                        if let fixed = property.fixed { fields.append(("enum", .array([.string(fixed.hex)]))) }
                        return (property.name, .object(fields))
                    })
            ),
            ("required", .array(schema.required.map { .string($0) })),
            ("additionalProperties", .bool(false)),
        ])
    }
}

extension JSONBody {
    /// The JSON Schema of the answer `request` asks for: one palette (`jsonSchema`), or for
    /// several candidates an object whose one property, `palettes`, is an array of them.
    ///
    /// - Parameter boundedItems: state the count as `minItems`/`maxItems` too (Gemini and
    ///   llama.cpp's grammars enforce them); without, the count is in the array's description
    ///   and the instructions only (OpenAI's strict mode has refused both keywords).
    public static func answerSchema(for request: GenerationRequest, boundedItems: Bool) -> JSONBody {
        let palette = jsonSchema(.palette(for: request))
        let count = request.candidateCount
        guard count > 1 else { return palette }
        var list: [(String, JSONBody)] = [
            ("type", .string("array")),
            ("description", .string(PaletteSchema.candidatesDescription(count))),
            ("items", palette),
        ]
        if boundedItems { list += [("minItems", .integer(count)), ("maxItems", .integer(count))] }
        return .object([
            ("type", .string("object")),
            ("description", .string("\(count) different three-colour palettes.")),
            ("properties", .object([(PaletteInstructions.candidatesKey, .object(list))])),
            ("required", .array([.string(PaletteInstructions.candidatesKey)])),
            ("additionalProperties", .bool(false)),
        ])
    }
}
