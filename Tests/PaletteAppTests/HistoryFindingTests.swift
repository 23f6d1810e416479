import PaletteCore
import PaletteHistory
import PaletteText
import XCTest

@testable import PaletteApp

/// Why a history line was skipped, in the user's language: every finding has its words in
/// English, Traditional and Simplified Chinese, and the Chinese ones hold no English word
/// (only what it quotes from the file, hex codes, and the names JSON, RFC 3339, null, true
/// and false).
final class HistoryFindingTests: XCTestCase {
    static let samples: [HistoryLineFinding] = [
        .notJSON, .notAnObject, .missingField("created"), .nullField("provider"), .wrongType("id"),
        .notATime("created"), .notAColour("primary", .invalidCharacter("Z", in: "#ZZZ")),
        .notAColour("accent", .wrongLength(4, in: "#1234")), .notAColour("secondary", .empty),
        .unreadable("description"), .emptyID, .unknownChange("rename"), .favoriteWithoutValue, .notARecord,
    ]

    /// Every case by name; the switch stops compiling when a finding is added.
    static func name(_ finding: HistoryLineFinding) -> String {
        switch finding {
        case .notJSON: return "notJSON"
        case .notAnObject: return "notAnObject"
        case .missingField: return "missingField"
        case .nullField: return "nullField"
        case .wrongType: return "wrongType"
        case .notATime: return "notATime"
        case .notAColour: return "notAColour"
        case .unreadable: return "unreadable"
        case .emptyID: return "emptyID"
        case .unknownChange: return "unknownChange"
        case .favoriteWithoutValue: return "favoriteWithoutValue"
        case .notARecord: return "notARecord"
        }
    }

    func testEveryFindingIsWordedInEveryLanguage() throws {
        XCTAssertEqual(Set(Self.samples.map(Self.name)).count, 12, "every case has a sample")
        let allowed = try NSRegularExpression(
            pattern: #""[^"]*"|「[^」]*」|“[^”]*”|#[0-9A-Za-z]+|JSON|RFC|null|true|false"#)
        let latinWord = try NSRegularExpression(pattern: "[A-Za-z]{2,}")
        for finding in Self.samples {
            let words = Messages.historyFinding(finding)
            XCTAssertFalse(words.english.isEmpty)
            for chinese in [words.traditional, words.simplified] {
                let range = NSRange(chinese.startIndex..., in: chinese)
                let rest = allowed.stringByReplacingMatches(in: chinese, range: range, withTemplate: "")
                let left = latinWord.firstMatch(in: rest, range: NSRange(rest.startIndex..., in: rest))
                XCTAssertNil(left, "\(Self.name(finding)): English in “\(chinese)”")
            }
        }
        // The warning around it: one language all through.
        let warning = Messages.historyWarning(
            .skippedLine(number: 2, .notARecord(.notAColour("primary", .invalidCharacter("Z", in: "#ZZZ")))))
        XCTAssertEqual(
            warning.english,
            "line 2 is not a record (\"primary\": '#ZZZ' is not a colour: 'Z' is not a hex digit); skipped and kept in the file"
        )
        XCTAssertEqual(warning.traditional, "第 2 行不是紀錄（\"primary\"：「#ZZZ」不是顏色：「Z」不是十六進位數字）；已略過並保留在檔案中")
        XCTAssertEqual(warning.simplified, "第 2 行不是记录（\"primary\"：“#ZZZ”不是颜色：“Z”不是十六进制数字）；已跳过并保留在文件中")
    }
}
