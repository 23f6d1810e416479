import Foundation
import TestSupport
import XCTest

/// Usage errors the command line wrote in English whatever the language (`history`'s
/// argument and `--limit`, PALETTE_TUI_TIMEOUT, a blank `--model`, an endpoint that is not
/// http(s)), through the real binary: each is one sentence in the chosen language.
final class UsageErrorLanguageTests: XCTestCase {
    /// Arguments, extra environment, and the sentence in English, Traditional and Simplified Chinese.
    static let cases: [(arguments: [String], environment: [String: String], words: [String])] = [
        (
            ["history", "extra"], [:],
            [
                "unexpected argument 'extra' (search with --search TEXT)", "多餘的參數「extra」（要搜尋請用 --search 文字）",
                "多余的参数“extra”（要搜索请用 --search 文字）",
            ]
        ),
        (
            ["history", "--limit", "x"], [:],
            [
                "invalid value 'x' for '--limit': expected a whole number", "--limit 的值「x」無效：需要 0 或更大的整數",
                "--limit 的值“x”无效：需要 0 或更大的整数",
            ]
        ),
        (
            ["generate", "--provider", "offline", "--no-history", "forest"], ["PALETTE_TUI_TIMEOUT": "abc"],
            [
                "invalid value 'abc' for 'PALETTE_TUI_TIMEOUT': expected seconds between 0 and 3600",
                "PALETTE_TUI_TIMEOUT 的值「abc」無效：需要大於 0、最多 3600 的秒數",
                "PALETTE_TUI_TIMEOUT 的值“abc”无效：需要大于 0、最多 3600 的秒数",
            ]
        ),
        (
            ["generate", "--provider", "ollama", "--model", " ", "--no-history", "forest"], [:],
            [
                "'--model' needs a model name such as llama3.2", "--model 需要模型名稱，例如 llama3.2",
                "--model 需要模型名称，例如 llama3.2",
            ]
        ),
        (
            ["generate", "--provider", "openai", "--endpoint", "ftp://x", "--no-history", "forest"],
            ["OPENAI_API_KEY": "k"],
            [
                "invalid value 'ftp://x' for '--endpoint': expected an http(s) URL",
                "--endpoint 的值「ftp://x」無效：需要 http(s) 網址",
                "--endpoint 的值“ftp://x”无效：需要 http(s) 网址",
            ]
        ),
    ]

    func testEachUsageErrorIsWordedInTheChosenLanguage() throws {
        for item in Self.cases {
            for (k, language) in ["en", "zh-Hant", "zh-Hans"].enumerated() {
                let result = try HistoryBinary.run(
                    item.arguments + ["--lang", language], env: HistoryBinary.environment(item.environment))
                let what = "\(item.arguments.joined(separator: " ")) --lang \(language)"
                XCTAssertEqual(result.status, 2, "\(what): \(result.stderr)")
                let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
                XCTAssertEqual(first, "palette-tui: " + item.words[k], what)
            }
        }
    }
}
