import Foundation
import PaletteApp
import PaletteCore
import PaletteEngine
import PaletteText
import ProviderKit
import TestSupport
import XCTest

/// Several candidates from a model in one request, against a protocol's real loopback server:
/// the server answers the array the request asks for (`Servers/candidates.py`), traps included
/// (fewer than asked, more, duplicates, near-copies, a bad hex, a changed locked colour, prose
/// around the JSON, a bare array, one palette only), and each case must cost exactly one request.
/// Part of the suite every provider runs (`FaultSuite`), beside the faults.
extension FaultSuite {
    static let lock = RGB(r: 0x2F, g: 0x5D, b: 0x50)

    static func candidates(_ count: Int, locked: [Role: RGB] = [:]) -> GenerationRequest {
        GenerationRequest(description: "寧靜的森林早晨", seed: 11, locked: locked, candidateCount: count)
    }

    /// The palettes the server's model put in its last candidates answer, in order.
    public static func answeredCandidates(_ server: LoopbackServer) throws -> [[String]] {
        let prefix = "answered candidates "
        let event = try XCTUnwrap(try server.events().last { $0.hasPrefix(prefix) }, "the server answered candidates")
        return event.dropFirst(prefix.count).components(separatedBy: " | ").map { $0.components(separatedBy: " ") }
    }

    static func hexes(_ result: GeneratedPalette) -> [[String]] {
        result.candidates.map { $0.palette.colors.map(\.hex) }
    }

    func posts(_ server: LoopbackServer) throws -> Int {
        try server.requests().filter { $0.method == "POST" }.count
    }

    /// Four candidates asked for: one request, four palettes, the server's own, in its order,
    /// pairwise distinct, with no note; with a lock, every candidate keeps it exactly.
    public func candidatesFromOneRequest(file: StaticString = #filePath, line: UInt = #line) async throws {
        let server = try serve([p.answer([:])])
        let provider = provider(server)
        XCTAssertTrue(provider.supportedFields.contains(.candidates), file: file, line: line)
        let result = try await provider.generate(Self.candidates(4))
        XCTAssertEqual(try posts(server), 1, "one request for four candidates", file: file, line: line)
        XCTAssertEqual(Self.hexes(result), try Self.answeredCandidates(server), file: file, line: line)
        XCTAssertEqual(result.candidates.count, 4, file: file, line: line)
        XCTAssertEqual(result.notes, [], file: file, line: line)
        XCTAssertEqual(result.provider, p.providerID, file: file, line: line)
        XCTAssertFalse(result.isFallback, file: file, line: line)
        let all = result.candidates.map(\.palette)
        for i in all.indices {
            for j in all.indices where j > i {
                XCTAssertTrue(all[i].differsAsCandidate(from: all[j]), "\(i) and \(j) distinct", file: file, line: line)
            }
        }

        let locked = try await provider.generate(Self.candidates(5, locked: [.primary: Self.lock]))
        XCTAssertEqual(try posts(server), 2, "one more request for five", file: file, line: line)
        XCTAssertEqual(locked.candidates.count, 5, file: file, line: line)
        XCTAssertEqual(
            locked.candidates.map { $0.palette.primary }, Array(repeating: Self.lock, count: 5), file: file, line: line)
        XCTAssertEqual(Self.hexes(locked), try Self.answeredCandidates(server), file: file, line: line)
    }

    /// Each trap in turn, each one request: the usable candidates kept, in the answer's order,
    /// the others named in a `candidatesDropped` note, too few in a `fewerCandidates` note.
    public func candidateTraps(file: StaticString = #filePath, line: UInt = #line) async throws {
        struct Case {
            var traps: [String: Any]
            var locked: [Role: RGB] = [:]
            /// Positions (from 1) of the answered palettes that are kept.
            var kept: [Int]
            var dropped: [DroppedCandidate] = []
        }
        let unusable = { (position: Int) in DroppedCandidate(position: position, reason: .unusable(problem: "")) }
        let cases: [Case] = [
            Case(traps: [:], kept: [1, 2, 3, 4]),
            Case(traps: ["fewer": 2], kept: [1, 2]),
            Case(traps: ["more": 2], kept: [1, 2, 3, 4]),
            Case(
                traps: ["duplicate": 3], kept: [1, 2, 4],
                dropped: [DroppedCandidate(position: 3, reason: .repeats(position: 1))]),
            Case(
                traps: ["near_copy": 2], kept: [1, 3, 4],
                dropped: [DroppedCandidate(position: 2, reason: .repeats(position: 1))]),
            Case(traps: ["bad_hex": 2], kept: [1, 3, 4], dropped: [unusable(2)]),
            Case(traps: ["same": 4], kept: [1, 2, 3], dropped: [unusable(4)]),
            Case(traps: ["change_lock": 2], locked: [.primary: Self.lock], kept: [1, 2, 3, 4]),
            Case(traps: ["prose": true], kept: [1, 2, 3, 4]),
            Case(traps: ["bare": true], kept: [1, 2, 3, 4]),
            Case(traps: ["single": true], kept: [1]),
        ]
        let server = try serve(cases.map { p.answer($0.traps) })
        let provider = provider(server)
        for (n, c) in cases.enumerated() {
            let label = "traps \(c.traps)"
            let result = try await provider.generate(Self.candidates(4, locked: c.locked))
            XCTAssertEqual(try posts(server), n + 1, "one request for \(label)", file: file, line: line)
            let answered = try Self.answeredCandidates(server)
            var expected = c.kept.map { answered[$0 - 1] }
            if let lock = c.locked[.primary] {
                expected = expected.map { [lock.hex] + $0.dropFirst() }
            }
            XCTAssertEqual(Self.hexes(result), expected, label, file: file, line: line)
            let dropped =
                result.notes.compactMap { note -> [DroppedCandidate]? in
                    if case .candidatesDropped(_, let dropped) = note { return dropped }
                    return nil
                }.first ?? []
            XCTAssertEqual(dropped.map(\.position), c.dropped.map(\.position), label, file: file, line: line)
            for (got, want) in zip(dropped, c.dropped) {
                switch (got.reason, want.reason) {
                case (.repeats(let a), .repeats(let b)): XCTAssertEqual(a, b, label, file: file, line: line)
                case (.unusable(let problem), .unusable): XCTAssertFalse(problem.isEmpty, label, file: file, line: line)
                default: XCTFail("\(label): \(got) is not \(want)", file: file, line: line)
                }
            }
            let fewer = result.notes.contains(.fewerCandidates(requested: 4, found: c.kept.count))
            XCTAssertEqual(fewer, c.kept.count < 4, "fewerCandidates for \(label)", file: file, line: line)
            if c.traps["change_lock"] != nil {
                let restored = result.candidates[1].notes.contains {
                    if case .lockedRestored = $0 { true } else { false }
                }
                XCTAssertTrue(restored, "the changed lock is put back and noted", file: file, line: line)
                XCTAssertEqual(
                    result.candidates.map { $0.palette.primary }, Array(repeating: Self.lock, count: 4), file: file,
                    line: line)
            }
            // Every note reads as one line in every language.
            for note in result.notes {
                for language in Language.allCases {
                    let words = Messages.note(note)(language)
                    XCTAssertFalse(words.isEmpty || words.contains("\n"), words, file: file, line: line)
                }
            }
        }
    }

    /// No usable candidate: asked once more with the exact problem (a second request), then the
    /// second answer's candidates; unusable twice: `unusableAnswer`, and behind a fallback the
    /// offline engine's candidates, saying why.
    public func candidatesNoneUsable(file: StaticString = #filePath, line: UInt = #line) async throws {
        let garbage = p.answer(["garbage": true])
        let server = try serve([garbage, p.answer([:]), garbage, garbage, garbage, garbage])
        let provider = provider(server)
        let recovered = try await provider.generate(Self.candidates(4))
        XCTAssertEqual(try posts(server), 2, "asked once more", file: file, line: line)
        XCTAssertEqual(Self.hexes(recovered), try Self.answeredCandidates(server), file: file, line: line)
        let second = try XCTUnwrap(try server.requests().last?.body, file: file, line: line)
        XCTAssertTrue(second.contains("could not be used") && second.contains("palette 1"), file: file, line: line)

        do {
            let result = try await provider.generate(Self.candidates(4))
            XCTFail("expected a failure, got \(Self.hexes(result))", file: file, line: line)
        } catch let failure as ProviderFailure {
            guard case .unusableAnswer(let problem) = failure.reason else {
                return XCTFail("not unusableAnswer: \(failure)", file: file, line: line)
            }
            XCTAssertTrue(problem.contains("palette 4"), problem, file: file, line: line)
        }
        XCTAssertEqual(try posts(server), 4, file: file, line: line)

        let fallback = FallbackProvider(primary: provider, fallback: OfflineEngine())
        let standIn = try await fallback.generate(Self.candidates(4))
        XCTAssertEqual(try posts(server), 6, file: file, line: line)
        XCTAssertEqual(standIn.fallbackReason?.provider, p.providerID, file: file, line: line)
        XCTAssertEqual(standIn.provider, "offline", file: file, line: line)
        XCTAssertEqual(standIn.candidates.count, 4, file: file, line: line)
    }
}
