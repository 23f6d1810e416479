import PaletteCore
import PaletteText
import XCTest

@testable import PaletteApp

/// A palette's notes joined after a sentence (the status line) start a sentence of their own,
/// in every language: the English opening is the catalogue's capitalised one (a model id stays
/// as the server spelt it), English sentences end in "." and are one space apart, Chinese ones
/// end in "。" with nothing between them.
final class NoteSentenceTests: XCTestCase {
    static let change = RoleChange(role: .accent, from: RGB(packed: 0x112233), to: RGB(packed: 0xE8B04B))

    /// One of each note, the ones with words in them filled as a provider fills them.
    static let samples: [GenerationNote] = [
        .noColourWords,
        .negated(words: ["red", "green"]),
        .readLimit(characters: 2000),
        .partlyUnderstood(used: ["forest"], unknown: ["quantum"]),
        .partlyUnderstood(used: [], unknown: ["quantum"]),
        .partlyUnderstood(used: ["forest"], unknown: []),
        .referencesRead([ReadReference(words: "Oaxaca", colours: [RGB(packed: 0xE4572E), RGB(packed: 0x7B2D8B)])]),
        .keyWordsNotRead(words: ["Holi"], used: ["festival"]),
        .keyWordsNotRead(words: ["riad", "Moroccan"], used: []),
        .readAsOtherLanguage([ForeignWord(word: "rosa", language: "it")]),
        .partlyUnderstood(used: ["a", "b", "c", "d", "e", "f", "g"], unknown: ["h", "i", "j", "k", "l", "m", "n"]),
        .accessibilityRepaired(AccessibilityRequirement(level: .aa), changes: [change]),
        .modelReplaced(retired: "gemini-1.5-flash", replacement: "gemini-2.5-flash"),
        .parametersRefused(["temperature"]),
        .parametersRefused(["response_format", "temperature"]),
        .lockedRestored([change]),
        .refinementUnchanged,
        .refinementNotUnderstood,
        .refinementLocked([.accent]),
        .refinementLocked([.primary, .accent]),
        .fewerCandidates(requested: 6, found: 2),
        .candidatesDropped(
            answered: 5,
            dropped: [
                DroppedCandidate(position: 2, reason: .repeats(position: 1)),
                DroppedCandidate(position: 4, reason: .unusable(problem: "no accent")),
            ]),
        .composedByContrast(ground: ["frozen", "beach"], figure: ["bonfire"]),
        .structureAdjusted([.secondary, .accent]),
        .softStructure(words: ["faint"]),
        .structureBroken([.accentStandsOut, .temperatureAndLightness]),
        .readFromImage([
            ImageColour(role: .primary, colour: RGB(packed: 0x78827D), share: 0.66),
            ImageColour(role: .accent, colour: RGB(packed: 0xE6281E), share: 0.006),
        ]),
        .readFromImage([]),
        .imageColoursFiltered(warm: true, found: true),
        .imageColoursFiltered(warm: false, found: false),
        .imageRegionsKept([.distinctRoles]),
    ]

    /// Every case by name; the switch stops compiling when a note is added, so the samples
    /// above are made to cover it.
    static func name(_ note: GenerationNote) -> String {
        switch note {
        case .noColourWords: return "noColourWords"
        case .negated: return "negated"
        case .readLimit: return "readLimit"
        case .partlyUnderstood: return "partlyUnderstood"
        case .referencesRead: return "referencesRead"
        case .keyWordsNotRead: return "keyWordsNotRead"
        case .readAsOtherLanguage: return "readAsOtherLanguage"
        case .accessibilityRepaired: return "accessibilityRepaired"
        case .modelReplaced: return "modelReplaced"
        case .parametersRefused: return "parametersRefused"
        case .lockedRestored: return "lockedRestored"
        case .refinementUnchanged: return "refinementUnchanged"
        case .refinementNotUnderstood: return "refinementNotUnderstood"
        case .refinementLocked: return "refinementLocked"
        case .fewerCandidates: return "fewerCandidates"
        case .candidatesDropped: return "candidatesDropped"
        case .composedByContrast: return "composedByContrast"
        case .structureAdjusted: return "structureAdjusted"
        case .softStructure: return "softStructure"
        case .structureBroken: return "structureBroken"
        case .readFromImage: return "readFromImage"
        case .imageColoursFiltered: return "imageColoursFiltered"
        case .imageRegionsKept: return "imageRegionsKept"
        }
    }

    /// A picture's shares as percentages; a spot that rounds to 0 % reads "under 1 %".
    func testAPictureNoteGivesEachShareAndASmallSpotIsUnderOnePercent() {
        let note = GenerationNote.readFromImage([
            ImageColour(role: .primary, colour: RGB(packed: 0x78827D), share: 0.66),
            ImageColour(role: .accent, colour: RGB(packed: 0xE6281E), share: 0.004),
        ])
        XCTAssertEqual(
            Messages.note(note).english,
            "from the image: primary #78827D, the dominant field (66 % of the picture); accent #E6281E, the salient colour (under 1 % of the picture)"
        )
        XCTAssertEqual(
            Messages.note(note).traditional,
            "取自圖片：主色 #78827D，主要區域（占畫面 66%）；強調色 #E6281E，最醒目的顏色（占畫面不到 1%）")
        XCTAssertEqual(
            Messages.note(note).simplified,
            "取自图片：主色 #78827D，主要区域（占画面 66%）；强调色 #E6281E，最醒目的颜色（占画面不到 1%）")
    }

    func testTheSamplesCoverEveryNote() {
        XCTAssertEqual(Set(Self.samples.map(Self.name)).count, 23)
    }

    /// Each sentence the status line joins notes after, in all three languages.
    static let leads: [(String, @Sendable ([GenerationNote]) -> Localized)] = [
        ("new palette", { UIText.newPalette(provider: "offline", notes: $0) }),
        ("refined", { WorkbenchText.refined("warmer", provider: "gemini", notes: $0) }),
        ("candidates shown", { WorkbenchText.candidatesShown(3, notes: $0) }),
        ("candidate kept", { WorkbenchText.candidateKept(notes: $0) }),
        (
            "fallback",
            {
                UIText.withNotes(Messages.fallback(ProviderFailure(provider: "gemini", .timedOut(seconds: 30))), $0)
            }
        ),
    ]

    func testEveryNoteJoinedAfterASentenceStartsOneInEveryLanguage() {
        for (leadName, joined) in Self.leads {
            let lead = joined([])
            for note in Self.samples {
                let text = joined([note])
                let what = "\(leadName) + \(Self.name(note))"
                // English: the lead's full stop, one space, then a capital (or the model id as written).
                XCTAssertTrue(text.english.hasPrefix(lead.english + " "), "\(what): \(text.english)")
                let english = String(text.english.dropFirst(lead.english.count + 1))
                if case .modelReplaced(let retired, _) = note {
                    XCTAssertTrue(english.hasPrefix(retired + " is no longer available"), "\(what): \(english)")
                } else {
                    XCTAssertTrue(english.first?.isUppercase == true, "\(what): \(english)")
                }
                XCTAssertTrue(english.hasSuffix(".") || english.hasSuffix("…"), "\(what): \(english)")
                XCTAssertFalse(english.hasSuffix("…."), "\(what): \(english)")
                XCTAssertFalse(english.contains("  "), "\(what): \(english)")
                XCTAssertFalse(english.contains(".;") || english.contains(". ;"), "\(what): \(english)")
                // Chinese: the lead's 。 then the note at once, ended by its own 。, no stray space.
                for (script, lead, text) in [
                    ("traditional", lead.traditional, text.traditional),
                    ("simplified", lead.simplified, text.simplified),
                ] {
                    XCTAssertTrue(lead.hasSuffix("。"), "\(leadName) \(script): \(lead)")
                    XCTAssertTrue(text.hasPrefix(lead), "\(what) \(script): \(text)")
                    let chinese = String(text.dropFirst(lead.count))
                    XCTAssertFalse(chinese.first?.isWhitespace ?? true, "\(what) \(script): \(text)")
                    XCTAssertTrue(chinese.hasSuffix("。"), "\(what) \(script): \(chinese)")
                    XCTAssertFalse(chinese.hasSuffix("。。"), "\(what) \(script): \(chinese)")
                    for odd in ["；。", "，。", " 。", "。 ", ". ", "; "] {
                        XCTAssertFalse(text.contains(odd), "\(what) \(script) has “\(odd)”: \(text)")
                    }
                }
            }
        }
    }

    func testSeveralNotesAreSeveralSentences() {
        let text = UIText.newPalette(
            provider: "offline", notes: [.negated(words: ["red"]), .readLimit(characters: 2000)])
        XCTAssertEqual(
            text.english,
            "New palette from offline. Left out because negated: red. "
                + "Read only the first 2,000 characters of the description.")
        XCTAssertEqual(text.traditional, "已由離線引擎生成新配色。因否定而排除：red。只讀取了描述的前 2,000 個字元。")
        XCTAssertEqual(text.simplified, "已由离线引擎生成新配色。因否定而排除：red。只读取了描述的前 2,000 个字符。")
    }

    /// A model id keeps its spelling at the start of a sentence (capitalising the joined text
    /// blindly once wrote "Gemini-1.5-flash").
    func testAModelIdOpeningASentenceKeepsItsSpelling() {
        let text = UIText.newPalette(
            provider: "gemini", notes: [.modelReplaced(retired: "gemini-1.5-flash", replacement: "gemini-2.5-flash")])
        XCTAssertTrue(text.english.contains(". gemini-1.5-flash is no longer available"), text.english)
        XCTAssertTrue(text.traditional.contains("。gemini-1.5-flash 已無法使用"), text.traditional)
    }

    /// A fallback palette's status line keeps the offline engine's notes after the reason
    /// (they were dropped: "qwzx" fell back and never said that nothing was understood).
    func testAFallbackKeepsTheEnginesNotes() {
        var state = Fixture.state()
        state.type("qwzx")
        state.press(.enter)
        let generated = Fixture.generated(
            Fixture.forest, provider: "offline", model: "engine-1", notes: [.noColourWords],
            fallback: ProviderFailure(provider: "gemini", .timedOut(seconds: 30)))
        _ = state.reduce(.paletteReceived(requestID: 1, .success(generated)))
        XCTAssertEqual(state.status?.kind, .warning)
        XCTAssertTrue(
            state.status?.text.hasPrefix(
                "Offline fallback: Gemini did not answer within 30 s: try again or raise --timeout. "
                    + "No word of the description was recognised") ?? false, state.status?.text ?? "")
    }

    /// After a label ("note: …", the JSON list) a note is the clause it always was.
    func testTheClauseFormIsUnchangedAfterALabel() {
        for note in Self.samples {
            let clause = Messages.note(note).english
            if case .modelReplaced(let retired, _) = note {
                XCTAssertTrue(clause.hasPrefix(retired), clause)
            } else {
                XCTAssertTrue(clause.first?.isLowercase == true, "\(Self.name(note)): \(clause)")
            }
            XCTAssertFalse(clause.hasSuffix("."), clause)
            XCTAssertFalse(Messages.note(note).traditional.hasSuffix("。"), clause)
        }
    }

    /// Words read as one reference are named together before its colours, in each language's
    /// list separator.
    func testWordsOfOneReferenceAreNamedTogether() {
        let note = GenerationNote.referencesRead([
            ReadReference(
                words: "Moroccan", colours: [RGB(packed: 0xC1440E), RGB(packed: 0xE07A5F), RGB(packed: 0x2A7F8E)],
                otherWords: ["riad"])
        ])
        let words = Messages.note(note)
        XCTAssertEqual(words.english, "read as: Moroccan, riad → brick orange, dark peach, ocean")
        XCTAssertTrue(words.traditional.hasPrefix("讀作：Moroccan、riad → "), words.traditional)
        XCTAssertTrue(words.simplified.hasPrefix("读作：Moroccan、riad → "), words.simplified)
    }
}
