import FoundationEssentials
import Glibc
import PaletteCore

/// One line of `history.jsonl`: a palette, or a change to an earlier one.
///
/// Changes are appended rather than edited in place, so a crash can never damage a line
/// that was already written: `{"op":"favorite","id":…,"favorite":true}`,
/// `{"op":"delete","id":…}`, `{"op":"restore","id":…}`.
public enum HistoryRecord: Equatable, Sendable {
    case entry(HistoryEntry)
    case favorite(id: String, Bool)
    case delete(id: String)
    case restore(id: String)
}

// MARK: - Writing

/// Encodes records as single JSON lines (newline included), fields in a fixed order.
public enum HistoryLineEncoder {
    /// One record as one line, newline included.
    public static func encode(_ record: HistoryRecord) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        switch record {
        case .entry(let e):
            out += #"{"id":"#.utf8
            JSONText.appendString(e.id, to: &out)
            out += #","created":""#.utf8
            RFC3339.append(e.created, to: &out)
            out += #"","description":"#.utf8
            JSONText.appendString(e.description, to: &out)
            out += #","primary":""#.utf8
            out += e.primary.hex.utf8
            out += #"","secondary":""#.utf8
            out += e.secondary.hex.utf8
            out += #"","accent":""#.utf8
            out += e.accent.hex.utf8
            out += #"","provider":"#.utf8
            JSONText.appendString(e.provider, to: &out)
            out += #","model":"#.utf8
            if let model = e.model { JSONText.appendString(model, to: &out) } else { out += "null".utf8 }
            out += (e.favorite ? #","favorite":true"# : #","favorite":false"#).utf8
            appendLineage(e.lineage, to: &out)
            out.append(0x7D)
        case .favorite(let id, let on):
            out += #"{"op":"favorite","id":"#.utf8
            JSONText.appendString(id, to: &out)
            out += (on ? #","favorite":true}"# : #","favorite":false}"#).utf8
        case .delete(let id):
            out += #"{"op":"delete","id":"#.utf8
            JSONText.appendString(id, to: &out)
            out += "}".utf8
        case .restore(let id):
            out += #"{"op":"restore","id":"#.utf8
            JSONText.appendString(id, to: &out)
            out += "}".utf8
        }
        out.append(0x0A)
        return out
    }

    /// The lineage fields that are set, in a fixed order; nothing for an empty lineage, so an
    /// entry from before lineage is written exactly as that version wrote it.
    private static func appendLineage(_ lineage: HistoryEntry.Lineage, to out: inout [UInt8]) {
        if let parent = lineage.parent {
            out += #","parent":"#.utf8
            JSONText.appendString(parent, to: &out)
        }
        if let seed = lineage.seed {
            out += #","seed":""#.utf8
            out += String(seed).utf8
            out.append(0x22)
        }
        if lineage.variation > 0 {
            out += #","variation":"#.utf8
            out += String(lineage.variation).utf8
        }
        if !lineage.locked.isEmpty {
            out += #","locked":["#.utf8
            for (i, role) in lineage.locked.enumerated() {
                if i > 0 { out.append(0x2C) }
                out.append(0x22)
                out += role.rawValue.utf8
                out.append(0x22)
            }
            out.append(0x5D)
        }
        if let refinement = lineage.refinement {
            out += #","refinement":"#.utf8
            JSONText.appendString(refinement, to: &out)
        }
        if let change = lineage.change {
            out += #","change":"#.utf8
            JSONText.appendString(change.text, to: &out)
        }
        if let image = lineage.image {
            out += #","image":"#.utf8
            JSONText.appendString(image.source, to: &out)
            out += #","imageChecksum":"#.utf8
            JSONText.appendString(image.checksum, to: &out)
        }
    }
}

// MARK: - Reading

/// Decodes history lines: a hand-written fast path for the flat objects we write, and
/// `JSONDecoder` for anything else a person or another tool may have written.
///
/// Why two paths: `JSONDecoder` costs several microseconds a line on Linux, too slow for a
/// 100,000-line file before the first frame; the fast path handles strings, booleans and
/// nulls and hands numbers, arrays, nested objects and malformed text to the decoder,
/// which also supplies the reason a bad line is rejected.
struct HistoryLineDecoder {
    /// Reuses the storage of repeated provider and model names instead of one copy a line.
    private var internedProvider: String = ""
    private var internedModel: String = ""
    private var scratch: [UInt8] = []

    /// Decodes one line (without its newline) or says why it is not a record.
    mutating func decode(_ line: UnsafeRawBufferPointer) -> Result<HistoryRecord, HistoryLineError> {
        switch fastDecode(line) {
        case .record(let record): return .success(record)
        case .rejected(let finding): return .failure(HistoryLineError(finding: finding))
        case .unusual: return HistoryLineDecoder.slowDecode(line)
        }
    }

    /// True when the hand-written path reads `line` without handing it to `JSONDecoder`.
    mutating func readsWithoutFallback(_ line: UnsafeRawBufferPointer) -> Bool {
        if case .record = fastDecode(line) { return true }
        return false
    }

    // MARK: Fast path

    private enum FastResult {
        case record(HistoryRecord)
        case rejected(HistoryLineFinding)
        case unusual
    }

    /// A JSON value the fast path understands; strings are byte ranges of the line.
    private enum Value {
        case string(Range<Int>, escaped: Bool)
        case bool(Bool)
        case null
        /// A non-negative integer's digits.
        case integer(Range<Int>)
        /// An array of strings without escapes: the bytes between the brackets.
        case strings(Range<Int>)
    }

    private enum Key: Int, CaseIterable {
        case id, created, description, primary, secondary, accent, provider, model, favorite, op
        case parent, seed, variation, locked, refinement, change, image, imageChecksum

        static func match(_ b: UnsafeRawBufferPointer, _ r: Range<Int>) -> Key? {
            @inline(__always) func equals(_ literal: StaticString) -> Bool {
                literal.utf8CodeUnitCount == r.count
                    && memcmp(b.baseAddress! + r.lowerBound, literal.utf8Start, r.count) == 0
            }
            switch r.count {
            case 2: return equals("id") ? .id : equals("op") ? .op : nil
            case 4: return equals("seed") ? .seed : nil
            case 5: return equals("model") ? .model : equals("image") ? .image : nil
            case 6:
                return equals("accent")
                    ? .accent
                    : equals("parent") ? .parent : equals("locked") ? .locked : equals("change") ? .change : nil
            case 7: return equals("created") ? .created : equals("primary") ? .primary : nil
            case 8: return equals("provider") ? .provider : equals("favorite") ? .favorite : nil
            case 9: return equals("secondary") ? .secondary : equals("variation") ? .variation : nil
            case 10: return equals("refinement") ? .refinement : nil
            case 11: return equals("description") ? .description : nil
            case 13: return equals("imageChecksum") ? .imageChecksum : nil
            default: return nil
            }
        }
    }

    private mutating func fastDecode(_ b: UnsafeRawBufferPointer) -> FastResult {
        var values: (Value?, Value?, Value?, Value?, Value?, Value?, Value?, Value?, Value?, Value?) =
            (nil, nil, nil, nil, nil, nil, nil, nil, nil, nil)
        var lineageValues: (Value?, Value?, Value?, Value?, Value?, Value?, Value?, Value?) = (
            nil, nil, nil, nil, nil, nil, nil, nil
        )
        func slot(_ key: Key) -> Value? {
            switch key {
            case .id: return values.0
            case .created: return values.1
            case .description: return values.2
            case .primary: return values.3
            case .secondary: return values.4
            case .accent: return values.5
            case .provider: return values.6
            case .model: return values.7
            case .favorite: return values.8
            case .op: return values.9
            case .parent: return lineageValues.0
            case .seed: return lineageValues.1
            case .variation: return lineageValues.2
            case .locked: return lineageValues.3
            case .refinement: return lineageValues.4
            case .change: return lineageValues.5
            case .image: return lineageValues.6
            case .imageChecksum: return lineageValues.7
            }
        }
        func set(_ key: Key, _ v: Value) -> Bool {
            guard slot(key) == nil else { return false }
            switch key {
            case .id: values.0 = v
            case .created: values.1 = v
            case .description: values.2 = v
            case .primary: values.3 = v
            case .secondary: values.4 = v
            case .accent: values.5 = v
            case .provider: values.6 = v
            case .model: values.7 = v
            case .favorite: values.8 = v
            case .op: values.9 = v
            case .parent: lineageValues.0 = v
            case .seed: lineageValues.1 = v
            case .variation: lineageValues.2 = v
            case .locked: lineageValues.3 = v
            case .refinement: lineageValues.4 = v
            case .change: lineageValues.5 = v
            case .image: lineageValues.6 = v
            case .imageChecksum: lineageValues.7 = v
            }
            return true
        }

        let n = b.count
        var i = 0
        @inline(__always) func skipSpace() {
            while i < n, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0D { i += 1 }
        }
        /// Scans a string starting at the opening quote; nil if it is not well formed.
        @inline(__always) func scanString() -> (Range<Int>, Bool)? {
            i += 1
            let start = i
            var escaped = false
            while i < n {
                let c = b[i]
                if c == 0x22 {
                    let r = start..<i
                    i += 1
                    return (r, escaped)
                }
                if c == 0x5C {
                    escaped = true
                    i += 2
                    continue
                }
                if c < 0x20 { return nil }
                i += 1
            }
            return nil
        }

        skipSpace()
        guard i < n, b[i] == 0x7B else { return .unusual }
        i += 1
        skipSpace()
        if i < n, b[i] == 0x7D { return .unusual }
        while true {
            skipSpace()
            guard i < n, b[i] == 0x22, let (keyRange, keyEscaped) = scanString() else { return .unusual }
            skipSpace()
            guard i < n, b[i] == 0x3A else { return .unusual }
            i += 1
            skipSpace()
            guard i < n else { return .unusual }
            let value: Value
            switch b[i] {
            case 0x22:
                guard let (r, e) = scanString() else { return .unusual }
                value = .string(r, escaped: e)
            case 0x74 where literal("true", b, i):
                i += 4
                value = .bool(true)
            case 0x66 where literal("false", b, i):
                i += 5
                value = .bool(false)
            case 0x6E where literal("null", b, i):
                i += 4
                value = .null
            case 0x30...0x39:
                let start = i
                while i < n, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
                // Fractions, exponents and very long numbers go to the decoder.
                if i < n, b[i] == 0x2E || b[i] == 0x65 || b[i] == 0x45 { return .unusual }
                if i - start > 18 { return .unusual }
                value = .integer(start..<i)
            case 0x5B:
                i += 1
                let start = i
                skipSpace()
                if i < n, b[i] != 0x5D {
                    while true {
                        skipSpace()
                        guard i < n, b[i] == 0x22, let (_, escaped) = scanString(), !escaped else { return .unusual }
                        skipSpace()
                        guard i < n else { return .unusual }
                        if b[i] == 0x2C {
                            i += 1
                            continue
                        }
                        if b[i] == 0x5D { break }
                        return .unusual
                    }
                }
                guard i < n, b[i] == 0x5D else { return .unusual }
                value = .strings(start..<i)
                i += 1
            default:
                return .unusual
            }
            if keyEscaped { return .unusual }
            // A key we never write (its bytes and its value unchecked here) is the decoder's
            // to judge: the fast path accepts only what JSONDecoder would.
            guard let key = Key.match(b, keyRange), set(key, value) else { return .unusual }
            skipSpace()
            guard i < n else { return .unusual }
            if b[i] == 0x2C {
                i += 1
                continue
            }
            if b[i] == 0x7D {
                i += 1
                break
            }
            return .unusual
        }
        skipSpace()
        guard i == n else { return .unusual }

        func string(_ key: Key) -> String?? {
            switch slot(key) {
            case .none, .null?: return .some(nil)
            case .bool?, .integer?, .strings?: return nil
            case .string(let r, let escaped)?:
                guard let s = makeString(b, r, escaped: escaped) else { return nil }
                return .some(s)
            }
        }

        if let opValue = slot(.op) {
            guard case .string(let r, let escaped) = opValue, let op = makeString(b, r, escaped: escaped) else {
                return .unusual
            }
            guard case .some(.some(let id)) = string(.id) else { return .unusual }
            // JSONDecoder reads "favorite" (as `Bool?`) on every change, the ones where it means
            // nothing too: any other type there is the decoder's to refuse.
            switch slot(.favorite) {
            case .none, .null?, .bool?: break
            default: return .unusual
            }
            switch op {
            case "delete": return .record(.delete(id: id))
            case "restore": return .record(.restore(id: id))
            case "favorite":
                guard case .bool(let on)? = slot(.favorite) else { return .unusual }
                return .record(.favorite(id: id, on))
            default: return .rejected(.unknownChange(HistoryLineFinding.name(op)))
            }
        }

        guard case .some(.some(let id)) = string(.id), !id.isEmpty,
            case .string(let createdRange, false)? = slot(.created),
            case .some(.some(let description)) = string(.description),
            let primary = color(b, slot(.primary)), let secondary = color(b, slot(.secondary)),
            let accent = color(b, slot(.accent)),
            case .string(let providerRange, let providerEscaped)? = slot(.provider)
        else { return .unusual }
        guard let parsed = RFC3339.parse(UnsafeRawBufferPointer(rebasing: b[createdRange])) else {
            return .rejected(.notATime("created"))
        }
        let created = HistoryEntry.fileTime(parsed)
        let favorite: Bool
        switch slot(.favorite) {
        case nil, .null?: favorite = false
        case .bool(let on)?: favorite = on
        default: return .unusual
        }
        let provider: String
        if !providerEscaped, bytesEqual(b, providerRange, internedProvider) {
            provider = internedProvider
        } else {
            guard let p = makeString(b, providerRange, escaped: providerEscaped) else { return .unusual }
            internedProvider = p
            provider = p
        }
        let model: String?
        switch slot(.model) {
        case nil, .null?: model = nil
        case .bool?, .integer?, .strings?: return .unusual
        case .string(let r, let escaped)?:
            if !escaped, bytesEqual(b, r, internedModel) {
                model = internedModel
            } else {
                guard let m = makeString(b, r, escaped: escaped) else { return .unusual }
                internedModel = m
                model = m
            }
        }
        return .record(
            .entry(
                HistoryEntry(
                    id: id, created: created, description: description,
                    palette: Palette(primary: primary, secondary: secondary, accent: accent),
                    provider: provider, model: model, favorite: favorite,
                    lineage: lineage(b, slot: slot))))
    }

    /// The lineage fields, read as leniently as `HistoryEntry.init(from:)` reads them: a part of
    /// the wrong shape is left out.
    private mutating func lineage(_ b: UnsafeRawBufferPointer, slot: (Key) -> Value?) -> HistoryEntry.Lineage {
        var lineage = HistoryEntry.Lineage()
        guard
            slot(.parent) != nil || slot(.seed) != nil || slot(.variation) != nil || slot(.locked) != nil
                || slot(.refinement) != nil || slot(.change) != nil || slot(.image) != nil
        else { return lineage }
        func text(_ value: Value?) -> String? {
            guard case .string(let r, let escaped)? = value else { return nil }
            return makeString(b, r, escaped: escaped)
        }
        func digits(_ r: Range<Int>) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: b[r]), as: UTF8.self)
        }
        if let parent = text(slot(.parent)), !parent.isEmpty { lineage.parent = parent }
        switch slot(.seed) {
        case .string?: lineage.seed = text(slot(.seed)).flatMap { UInt64($0) }
        case .integer(let r)?: lineage.seed = UInt64(digits(r))
        default: break
        }
        if case .integer(let r)? = slot(.variation), let v = Int(digits(r)) { lineage.variation = v }
        if case .strings(let r)? = slot(.locked) {
            let names = digits(r).split(separator: ",").map {
                $0.trimming(" \t\r\"")
            }
            lineage.locked = HistoryEntry.Lineage.roles(names)
        }
        lineage.refinement = text(slot(.refinement))
        lineage.change = text(slot(.change)).flatMap { HistoryEntry.Change(text: $0) }
        if let source = text(slot(.image)), let checksum = text(slot(.imageChecksum)) {
            lineage.image = ImageReference(source: source, checksum: checksum)
        }
        return lineage
    }

    @inline(__always)
    private func literal(_ word: StaticString, _ b: UnsafeRawBufferPointer, _ at: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard at + count <= b.count else { return false }
        let p = word.utf8Start
        for k in 0..<count where p[k] != b[at + k] { return false }
        return true
    }

    private func bytesEqual(_ b: UnsafeRawBufferPointer, _ r: Range<Int>, _ s: String) -> Bool {
        var s = s
        return s.withUTF8 { u in
            guard u.count == r.count else { return false }
            for k in 0..<u.count where u[k] != b[r.lowerBound + k] { return false }
            return true
        }
    }

    /// A `#RRGGBB` colour read directly; other spellings (`#abc`, no `#`) go through `RGB(hex:)`.
    private func color(_ b: UnsafeRawBufferPointer, _ value: Value?) -> RGB? {
        guard case .string(let r, let escaped)? = value, !escaped else { return nil }
        if r.count == 7, b[r.lowerBound] == 0x23 {
            var packed: UInt32 = 0
            for k in (r.lowerBound + 1)..<r.upperBound {
                guard let nibble = RGB.hexDigitValue(b[k]) else { return nil }
                packed = packed << 4 | UInt32(nibble)
            }
            return RGB(packed: packed)
        }
        return nil
    }

    /// Builds a string from a JSON string's bytes, undoing escapes; nil if malformed or not UTF-8.
    private mutating func makeString(_ b: UnsafeRawBufferPointer, _ r: Range<Int>, escaped: Bool) -> String? {
        if !escaped {
            let bytes = UnsafeBufferPointer(
                start: b.baseAddress!.assumingMemoryBound(to: UInt8.self) + r.lowerBound,
                count: r.count)
            guard isValidUTF8(bytes) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        scratch.removeAll(keepingCapacity: true)
        var i = r.lowerBound
        let end = r.upperBound
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= end else { return nil }
            var v: UInt32 = 0
            for k in at..<(at + 4) {
                guard let d = RGB.hexDigitValue(b[k]) else { return nil }
                v = v << 4 | UInt32(d)
            }
            return v
        }
        while i < end {
            let c = b[i]
            guard c == 0x5C else {
                scratch.append(c)
                i += 1
                continue
            }
            guard i + 1 < end else { return nil }
            let e = b[i + 1]
            i += 2
            switch e {
            case 0x22, 0x5C, 0x2F: scratch.append(e)
            case 0x62: scratch.append(0x08)
            case 0x66: scratch.append(0x0C)
            case 0x6E: scratch.append(0x0A)
            case 0x72: scratch.append(0x0D)
            case 0x74: scratch.append(0x09)
            case 0x75:
                guard var code = hex4(i) else { return nil }
                i += 4
                if (0xD800..<0xDC00).contains(code) {
                    guard i + 1 < end, b[i] == 0x5C, b[i + 1] == 0x75, let low = hex4(i + 2),
                        (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    i += 6
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(code) {
                    return nil
                }
                guard let scalar = Unicode.Scalar(code) else { return nil }
                scratch += Array(String(Character(scalar)).utf8)
            default:
                return nil
            }
        }
        return scratch.withUnsafeBufferPointer { isValidUTF8($0) ? String(decoding: $0, as: UTF8.self) : nil }
    }

    /// Strict UTF-8 validation (no overlong forms, surrogates or values past U+10FFFF).
    ///
    /// `String(decoding:)` would quietly repair bad bytes, and the generic
    /// `String(validating:)` costs a metadata lookup a call, a third of the load time.
    private func isValidUTF8(_ u: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = u.count
        while i < n {
            let c = u[i]
            if c < 0x80 {
                i += 1
                continue
            }
            let need: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch c {
            case 0xC2...0xDF: need = 1
            case 0xE0:
                need = 2
                low = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: need = 2
            case 0xED:
                need = 2
                high = 0x9F
            case 0xF0:
                need = 3
                low = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4:
                need = 3
                high = 0x8F
            default: return false
            }
            guard i + need < n else { return false }
            let second = u[i + 1]
            guard second >= low, second <= high else { return false }
            var k = 2
            while k <= need {
                guard u[i + k] & 0xC0 == 0x80 else { return false }
                k += 1
            }
            i += need + 1
        }
        return true
    }

    // MARK: Fallback

    /// The shape of a change record, for the decoder.
    private struct ChangeLine: Decodable {
        var op: String
        var id: String
        var favorite: Bool?
    }

    /// Probes whether a line is a change (`op`) or an entry without decoding it twice.
    private struct OpProbe: Decodable {
        var op: String?
    }

    static func slowDecode(_ line: UnsafeRawBufferPointer) -> Result<HistoryRecord, HistoryLineError> {
        let data = Data(line)
        let decoder = JSONDecoder()
        do {
            let probe = try decoder.decode(OpProbe.self, from: data)
            if probe.op != nil {
                let change = try decoder.decode(ChangeLine.self, from: data)
                switch change.op {
                case "delete": return .success(.delete(id: change.id))
                case "restore": return .success(.restore(id: change.id))
                case "favorite":
                    guard let on = change.favorite else {
                        return .failure(HistoryLineError(finding: .favoriteWithoutValue))
                    }
                    return .success(.favorite(id: change.id, on))
                default:
                    return .failure(HistoryLineError(finding: .unknownChange(HistoryLineFinding.name(change.op))))
                }
            }
            let entry = try decoder.decode(HistoryEntry.self, from: data)
            if entry.id.isEmpty { return .failure(HistoryLineError(finding: .emptyID)) }
            return .success(.entry(entry))
        } catch let error as DecodingError {
            return .failure(HistoryLineError(finding: finding(for: error)))
        } catch {
            return .failure(HistoryLineError(finding: .notJSON))
        }
    }

    /// What a decoding failure says, naming the field; never the line's text.
    private static func finding(for error: DecodingError) -> HistoryLineFinding {
        func field(_ path: [any CodingKey]) -> String {
            HistoryLineFinding.name(path.last?.stringValue ?? "")
        }
        switch error {
        case .keyNotFound(let key, _):
            return .missingField(HistoryLineFinding.name(key.stringValue))
        case .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? .notAnObject : .nullField(field(context.codingPath))
        case .typeMismatch(_, let context):
            return context.codingPath.isEmpty ? .notAnObject : .wrongType(field(context.codingPath))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return .notJSON }
            let name = field(context.codingPath)
            if let colour = context.underlyingError as? ColorParseError { return .notAColour(name, colour) }
            if name == "created" { return .notATime(name) }
            return .unreadable(name)
        @unknown default:
            return .notARecord
        }
    }
}

/// Why one line was skipped.
struct HistoryLineError: Error, Equatable {
    var finding: HistoryLineFinding
}
