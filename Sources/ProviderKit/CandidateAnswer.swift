import FoundationEssentials
import Glibc
import PaletteCore

/// Several palettes read from one model answer: what `candidateCount > 1` asks a model for, in
/// one request (`{"palettes": [...]}`, `PaletteInstructions.candidatesKey`).
///
/// Each candidate is checked as a single palette is (`ModelAnswer`: three valid, distinct
/// colours; then `GenerationRequest.checked`: locked roles put back exactly, an unchanged
/// refinement noted), and kept only when it is at least `Palette.candidateDistance` from every
/// candidate kept before it, judged after the locks are put back. The ones left out are named in
/// a `candidatesDropped` note, too few kept in a `fewerCandidates` note; the result fails (with
/// the problem, to ask once more) only when none is usable.
public enum CandidateAnswer {
    /// The candidates of `text`, each read on its own: the array of the first JSON value in the
    /// text (after reasoning and fences are removed; prose around it is ignored) that holds one
    /// (`{"palettes": [...]}`, any object with one array of palettes, or a bare array of them),
    /// else the one palette the text holds, else why there is none.
    public static func items(in text: String) -> Result<[ModelAnswer.Reading], Problem> {
        let answer = ModelAnswer.stripped(text)
        for value in JSONValues(in: answer) {
            if let list = candidateList(value) {
                guard !list.isEmpty else { return .failure(Problem("the \"palettes\" array was empty")) }
                return .success(list.map(reading))
            }
        }
        // No list: a model that answered with one palette (in JSON or prose) gave one candidate.
        switch ModelAnswer.read(text) {
        case .palette(let palette): return .success([.palette(palette)])
        case .problem(let why): return .failure(Problem(why))
        }
    }

    /// Why an answer holds no usable candidate, in the words the model is shown when it is asked again.
    public struct Problem: Error, Hashable, Sendable {
        public var text: String
        public init(_ text: String) { self.text = text }
    }

    /// The result for `request` from answer `text`: the kept candidates (the first carries the
    /// others as `alternatives`, and the notes about the whole set), or the problem when none is usable.
    ///
    /// - Parameter clean: applied to every problem kept in a note (the model's text can echo a key).
    public static func result(
        _ text: String, for request: GenerationRequest, provider: String, model: String?,
        clean: (String) -> String = { $0 }
    ) -> Result<GeneratedPalette, Problem> {
        let items: [ModelAnswer.Reading]
        switch self.items(in: text) {
        case .success(let found): items = found
        case .failure(let problem): return .failure(problem)
        }
        var kept: [(position: Int, result: GeneratedPalette)] = []
        var dropped: [DroppedCandidate] = []
        for (index, item) in items.enumerated() where kept.count < request.candidateCount {
            let position = index + 1
            switch item {
            case .problem(let why):
                dropped.append(DroppedCandidate(position: position, reason: .unusable(problem: clean(why))))
            case .palette(let palette):
                let checked = GeneratedPalette(palette: palette, provider: provider, model: model).checked(
                    against: request)
                if let twin = kept.first(where: { !$0.result.palette.differsAsCandidate(from: checked.palette) }) {
                    dropped.append(DroppedCandidate(position: position, reason: .repeats(position: twin.position)))
                } else {
                    kept.append((position, checked))
                }
            }
        }
        guard var first = kept.first?.result else {
            return .failure(Problem(problem(dropped)))
        }
        first.alternatives = kept.dropFirst().map(\.result)
        if !dropped.isEmpty { first.notes.append(.candidatesDropped(answered: items.count, dropped: dropped)) }
        if kept.count < request.candidateCount {
            first.notes.append(.fewerCandidates(requested: request.candidateCount, found: kept.count))
        }
        return .success(first)
    }

    /// What was wrong with every candidate, for the model to hear when none is usable.
    static func problem(_ dropped: [DroppedCandidate]) -> String {
        let parts = dropped.map { drop -> String in
            switch drop.reason {
            case .unusable(let problem): return "palette \(drop.position): \(problem)"
            case .repeats(let position): return "palette \(drop.position) repeats palette \(position)"
            }
        }
        return "no palette in the \"\(PaletteInstructions.candidatesKey)\" array could be used ("
            + parts.joined(separator: "; ") + ")"
    }

    // MARK: - Finding the list

    /// The candidates a decoded JSON value holds, or nil when it holds no list of palettes.
    static func candidateList(_ value: JSONValue) -> [JSONValue]? {
        if let array = value.array {
            // Three strings are one palette, not three candidates.
            return array.contains(where: \.isContainer) ? array : nil
        }
        guard let object = value.object else { return nil }
        if let list = object.first(where: { $0.key.lowercased() == PaletteInstructions.candidatesKey })?.value.array {
            return list
        }
        let arrays = object.values.compactMap(\.array).filter { candidateList(.array($0)) != nil }
        if arrays.count == 1, object.count == 1 { return arrays[0] }
        // One palette object where the list was expected: one candidate.
        if case .palette = reading(value) { return [value] }
        return nil
    }

    /// One candidate read as a single palette is.
    static func reading(_ item: JSONValue) -> ModelAnswer.Reading {
        if let text = item.string { return ModelAnswer.read(text) }
        guard item.isContainer else { return .problem("the candidate is not a palette object") }
        return ModelAnswer.read(item.text)
    }
}

/// The JSON values (objects and arrays) found in text, in order, each decoded on its own: a
/// value is the span from an opening bracket to the bracket that balances it (strings and
/// escapes respected); one that does not decode is skipped, and the search goes on inside it.
/// At most `attempts` spans are decoded, so hostile text costs a bounded number of passes.
struct JSONValues: Sequence, IteratorProtocol {
    private let bytes: [UInt8]
    private var start = 0
    private var attempts = 16

    init(in text: String) {
        bytes = Array(text.utf8)
    }

    mutating func next() -> JSONValue? {
        while start < bytes.count, attempts > 0 {
            let open = start
            start += 1
            guard bytes[open] == UInt8(ascii: "{") || bytes[open] == UInt8(ascii: "[") else { continue }
            attempts -= 1
            guard let end = closing(from: open) else { continue }
            if let value = JSONValue.parse(bytes[open...end]) {
                start = end + 1
                return value
            }
        }
        return nil
    }

    /// The index of the bracket that closes the one at `open`, or nil when the text ends first.
    private func closing(from open: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        var i = open
        while i < bytes.count {
            let c = bytes[i]
            if inString {
                if escaped {
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if c == UInt8(ascii: "\"") {
                inString = true
            } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                depth += 1
            } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }
}
