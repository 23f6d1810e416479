import PaletteCore

/// An instruction read with `RefinementLexicon`: which moves apply to which roles, how strongly.
struct RefinementReading: Hashable, Sendable {
    /// One move on some roles (nil: every free role), with its strength (1 is the plain word).
    struct Step: Hashable, Sendable {
        var move: RefinementLexicon.Move
        var roles: [Role]?
        var strength: Double
        /// The folded words that asked for it, for the rationale.
        var words: [String]
    }

    var steps: [Step] = []

    var isEmpty: Bool { steps.isEmpty }

    /// Clause breaks: punctuation in every script the engine reads, and the words for "and",
    /// "but", "then" between two requests ("warmer accent and more muted").
    static let breaks: Set<Character> = [",", ";", ".", "!", "?", "，", "；", "。", "、", "！", "？", "\n", "،", "؛", "।"]
    static let joiners = [
        " and ", " but ", " then ", " et ", " mais ", " y ", " pero ", " e ", " mas ", " und ", " aber ", " ma ",
        " и ", " но ", " و ", " और ", " va ", " nhung ", " ve ", " ama ", "并且", "而且", "但是", "然后", "同时",
    ]

    init(_ instruction: String) {
        var text = RefinementLexicon.fold(instruction)
        for joiner in Self.joiners { text = text.replacingAll(joiner, with: ",") }
        let clauses = text.split(whereSeparator: { Self.breaks.contains($0) }).map(String.init)
        for clause in clauses { steps += Self.read(clause) }
    }

    private struct Hit {
        var range: Range<Int>
        var term: RefinementLexicon.Term
    }

    /// The steps of one clause.
    private static func read(_ clause: String) -> [Step] {
        let scalars = Array(clause.unicodeScalars)
        var taken = [Bool](repeating: false, count: scalars.count)
        var hits: [Hit] = []
        for term in RefinementLexicon.terms {
            let t = Array(term.text.unicodeScalars)
            guard !t.isEmpty, t.count <= scalars.count else { continue }
            var i = 0
            while i + t.count <= scalars.count {
                if scalars[i] == t[0], Array(scalars[i..<(i + t.count)]) == t,
                    let end = accepted(term, scalars, from: i, length: t.count),
                    !taken[i..<end].contains(true)
                {
                    for k in i..<end { taken[k] = true }
                    hits.append(Hit(range: i..<end, term: term))
                    i = end
                } else {
                    i += 1
                }
            }
        }
        hits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var roles: [Role] = []
        var moves: [(index: Int, move: RefinementLexicon.Move, words: [String])] = []
        var negations: [Int] = []
        var degrees: [(Int, Double)] = []
        for (n, hit) in hits.enumerated() {
            switch hit.term.meaning {
            case .role(let role): if !roles.contains(role) { roles.append(role) }
            case .moves(let list): for m in list { moves.append((n, m, [hit.term.text])) }
            case .negation: negations.append(n)
            case .degree(let d): degrees.append((n, d))
            }
        }
        guard !moves.isEmpty else { return [] }
        var strengths = [Double](repeating: 1, count: moves.count)
        var inverted = [Bool](repeating: false, count: moves.count)
        /// The move a modifier at `n` binds to: the next one, else the one before.
        func nearest(_ n: Int) -> Int {
            if let next = moves.firstIndex(where: { $0.index > n }) { return next }
            return moves.lastIndex(where: { $0.index < n }) ?? 0
        }
        for n in negations {
            let target = nearest(n)
            let index = moves[target].index
            for k in moves.indices where moves[k].index == index { inverted[k].toggle() }
        }
        for (n, d) in degrees {
            let index = moves[nearest(n)].index
            for k in moves.indices where moves[k].index == index { strengths[k] *= d }
        }
        return moves.indices.map { k in
            let move = inverted[k] ? moves[k].move.inverse : moves[k].move
            return Step(move: move, roles: roles.isEmpty ? nil : roles, strength: strengths[k], words: moves[k].words)
        }
    }

    /// Where a match of `term` at `start` ends, if it stands as a word where it must.
    private static func accepted(
        _ term: RefinementLexicon.Term, _ s: [Unicode.Scalar], from start: Int, length: Int
    ) -> Int? {
        if term.wordStart, start > 0, RefinementLexicon.isSpacedLetter(s[start - 1]) { return nil }
        guard term.wordStart else { return start + length }
        var end = start + length
        while end < s.count, RefinementLexicon.isSpacedLetter(s[end]) { end += 1 }
        let ending = String(String.UnicodeScalarView(s[(start + length)..<end]))
        if ending.isEmpty { return end }
        if let allowed = term.endings {
            return allowed.contains(ending) ? end : nil
        }
        return ending.unicodeScalars.count <= 4 ? end : nil
    }
}
