import Foundation
import PaletteCore
import XCTest

@testable import ProviderKit

/// Reading several candidates from one answer text (`CandidateAnswer`), below the servers.
final class CandidateAnswerTests: XCTestCase {
    let four = GenerationRequest(description: "x", candidateCount: 4)
    let a = ##"{"primary":"#2E86AB","secondary":"#A23B72","accent":"#F18F01"}"##
    let b = ##"{"primary":"#101820","secondary":"#F2AA4C","accent":"#E94B3C"}"##
    let both = [["#2E86AB", "#A23B72", "#F18F01"], ["#101820", "#F2AA4C", "#E94B3C"]]

    func hexes(_ text: String) -> [[String]]? {
        guard case .success(let result) = CandidateAnswer.result(text, for: four, provider: "p", model: nil)
        else { return nil }
        return result.candidates.map { $0.palette.colors.map(\.hex) }
    }

    func testTheShapesAModelSends() {
        XCTAssertEqual(hexes("{\"palettes\":[\(a),\(b)]}"), both)
        XCTAssertEqual(hexes("<think>maybe {\"palettes\":[\(b)]}</think>\n```json\n[\(a),\(b)]\n```"), both)
        XCTAssertEqual(hexes("Sure [1]: {\"candidates\": [\(a), \(b)]} done"), both, "any one list, after prose")
        XCTAssertEqual(
            hexes(##"{"palettes":[["#2E86AB","#A23B72","#F18F01"],"## + b + "]}"), both, "arrays of three")
        XCTAssertEqual(hexes(a), [both[0]], "one palette is one candidate")
        XCTAssertEqual(hexes("primary #2E86AB, secondary #A23B72, accent #F18F01"), [both[0]], "even in prose")
    }

    func testWhatIsNotUsable() {
        for text in ["", ##"{"palettes":[]}"##, "no colours here", ##"{"palettes":["#12G45Z"]}"##] {
            guard case .failure(let problem) = CandidateAnswer.result(text, for: four, provider: "p", model: nil)
            else { return XCTFail("usable: \(text)") }
            XCTAssertFalse(problem.text.isEmpty, text)
        }
    }
}
