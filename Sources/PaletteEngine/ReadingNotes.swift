import PaletteCore

/// The notes that say what the engine read in a description: the references it read and the
/// colours they brought, the key words it could not read, words read as another language's
/// and the rest of what it used and did not know. No word is named twice across them.
struct ReadingNotes {
    let reading: Reading
    let lexicon: Lexicon

    /// At most this many references are named (the status line is one line).
    static let maxReferences = 3

    var notes: [GenerationNote] {
        var out: [GenerationNote] = []
        let references = self.references
        if !references.isEmpty { out.append(.referencesRead(references)) }
        let keyWords = self.keyWords
        let referenceWords = Set(references.flatMap(\.allWords))
        let foreign = reading.matched.foreign.filter { !referenceWords.contains($0.word) }
        // A word named as a reference or as another language's is not listed again as read.
        var named = referenceWords.union(foreign.map(\.word))
        // Room for every used word at once: the set would otherwise grow (and rehash) as they come.
        named.reserveCapacity(named.count + reading.usedWords.count)
        var used: [String] = []
        for w in reading.usedWords where named.insert(w).inserted { used.append(w) }
        let unknown = reading.unknownWords.filter { !keyWords.contains($0) }
        if !keyWords.isEmpty {
            out.append(.keyWordsNotRead(words: keyWords, used: used))
            if !unknown.isEmpty { out.append(.partlyUnderstood(used: [], unknown: unknown)) }
        } else if !unknown.isEmpty {
            out.append(.partlyUnderstood(used: used, unknown: unknown))
        }
        if !foreign.isEmpty {
            out.append(.readAsOtherLanguage(foreign.map { ForeignWord(word: $0.word, language: $0.language.code) }))
        }
        return out
    }

    /// The references read (not negated): places, festivals, movements, named things and the
    /// generated concepts (foods, flowers, animals ...), each with its first colours; a common
    /// noun of the hand-written lexicon (forest, festival) is not a reference. Words read as the
    /// same reference ("Moroccan riad") are named together, its colours once.
    var references: [ReadReference] {
        var out: [ReadReference] = []
        var entries: [Int32] = []
        let used = Set(reading.usedWords)
        // A thing a colour word coloured ("a white dress") is not named with its own colours.
        for m in reading.matched.matches
        where m.entry >= 0 && used.contains(m.surface) && !reading.colouredThings.contains(m.surface) {
            let entry = lexicon.entries[Int(m.entry)]
            let isReference =
                entry.id.hasPrefix("ref:") || entry.id.hasPrefix("emoji:")
                || [.brand, .flag, .team, .icon].contains(entry.kind)
            guard isReference, !entry.colours.isEmpty, !out.contains(where: { $0.allWords.contains(m.surface) }) else {
                continue
            }
            if let k = entries.firstIndex(of: m.entry) {
                out[k].otherWords.append(m.surface)
                continue
            }
            if out.count == Self.maxReferences { continue }
            entries.append(m.entry)
            out.append(ReadReference(words: m.surface, colours: entry.colours.prefix(3).map { $0.lch.gamutMapped() }))
        }
        return out
    }

    /// The unknown words that carried the description: every unknown word when no noun was
    /// read (the main noun is among them), else the unknown names (a capitalised word where
    /// the language does not capitalise every noun, as German does).
    var keyWords: [String] {
        let unknown = reading.unknownWords
        guard !unknown.isEmpty else { return [] }
        // No noun read (a scene, place, thing, material or named thing): what it is about was lost.
        if !reading.cues.contains(where: { $0.kind.isNoun || $0.kind.isNamed }) { return unknown }
        guard reading.language != .de else { return [] }
        return unknown.filter(Self.isName)
    }

    /// A word written as a name: an upper-case first letter followed by lower-case ones.
    static func isName(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= 2, scalars[0].properties.isUppercase else { return false }
        return scalars.dropFirst().contains { $0.properties.isLowercase }
    }
}

extension LanguageCode {
    /// The BCP-47 code, as the language files are named.
    var code: String {
        switch self {
        case .en: return "en"
        case .zh: return "zh"
        case .ja: return "ja"
        case .ko: return "ko"
        case .fr: return "fr"
        case .es: return "es"
        case .pt: return "pt"
        case .de: return "de"
        case .it: return "it"
        case .ru: return "ru"
        case .ar: return "ar"
        case .hi: return "hi"
        case .vi: return "vi"
        case .tr: return "tr"
        case .any: return "any"
        }
    }
}
