import PaletteCore
import PaletteText
import XCTest

@testable import PaletteApp

/// The words for provider failures, in English, Traditional and Simplified Chinese.
final class MessagesTests: XCTestCase {
    /// One sample of every reason; `caseIndex` is exhaustive, so a new reason fails to compile
    /// here until it has a sample.
    static let samples: [ProviderFailure.Reason] = [
        .missingAPIKey(variables: ["GEMINI_API_KEY", "GOOGLE_API_KEY"]),
        .invalidEndpoint("ftp://x", settings: ["--endpoint"]),
        .invalidAPIKey(serverMessage: "API key not valid."), .permissionDenied(code: nil, serverMessage: "m"),
        .modelNotFound(model: "gemini-9", available: []), .badRequest(serverMessage: "m"),
        .rateLimited(retryAfter: 2.2), .quotaExhausted(serverMessage: "m"),
        .serverUnavailable(status: 503, serverMessage: nil), .redirectRefused(status: 302), .unexpectedStatus(418),
        .notJSON(status: 200, contentType: "text/html"), .malformedResponse, .responseTooLarge(limit: 4_194_304),
        .promptBlocked(reason: "SAFETY"), .answerBlocked(reason: "RECITATION"), .truncated,
        .noAnswer(reason: "OTHER", message: "m"), .unusableAnswer(problem: "p"), .noNetwork(host: "h"),
        .connectionRefused(host: "h"), .connectionLost, .tlsFailure(host: "h"), .timedOut(seconds: 1.5),
        .transport("t"), .cancelled, .unsupported([.lockedRoles, .seed]), .headersTooLarge(limit: 262_144),
        .imageNotAccepted(model: "llama3.2", serverMessage: "this model does not support image input"),
        .libraryMissing(library: "libcurl.so.4", package: "libcurl4"),
    ]

    static func caseIndex(_ reason: ProviderFailure.Reason) -> Int {
        switch reason {
        case .missingAPIKey: return 0
        case .invalidEndpoint: return 1
        case .invalidAPIKey: return 2
        case .permissionDenied: return 3
        case .modelNotFound: return 4
        case .badRequest: return 5
        case .rateLimited: return 6
        case .quotaExhausted: return 7
        case .serverUnavailable: return 8
        case .redirectRefused: return 9
        case .unexpectedStatus: return 10
        case .notJSON: return 11
        case .malformedResponse: return 12
        case .responseTooLarge: return 13
        case .promptBlocked: return 14
        case .answerBlocked: return 15
        case .truncated: return 16
        case .noAnswer: return 17
        case .unusableAnswer: return 18
        case .noNetwork: return 19
        case .connectionRefused: return 20
        case .connectionLost: return 21
        case .tlsFailure: return 22
        case .timedOut: return 23
        case .transport: return 24
        case .cancelled: return 25
        case .unsupported: return 26
        case .headersTooLarge: return 27
        case .imageNotAccepted: return 28
        case .libraryMissing: return 29
        }
    }

    private func words(_ reason: ProviderFailure.Reason, provider: String = "gemini") -> Localized {
        Messages.failure(ProviderFailure(provider: provider, reason))
    }

    func testEveryReasonIsOneSentenceInEachLanguage() {
        XCTAssertEqual(Set(Self.samples.map(Self.caseIndex)), Set(0...29), "a sample of every reason")
        for reason in Self.samples {
            let text = words(reason)
            let lines = [text.english, text.traditional, text.simplified]
            for line in lines {
                XCTAssertFalse(line.contains("\n"), line)
                XCTAssertFalse(line.contains("..") || line.contains("。。") || line.contains(".。"), line)
            }
            XCTAssertTrue(text.english.hasSuffix("."), text.english)
            if reason != .cancelled {
                XCTAssertTrue(text.english.contains(":"), "what happened, then what to do: \(text.english)")
                XCTAssertTrue(text.traditional.contains("："), text.traditional)
                XCTAssertTrue(text.simplified.contains("："), text.simplified)
            }
            for chinese in [text.traditional, text.simplified] {
                XCTAssertTrue(chinese.hasSuffix("。"), chinese)
                XCTAssertTrue(chinese.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, chinese)
            }
        }
        let differing = Self.samples.filter { words($0).traditional != words($0).simplified }
        XCTAssertGreaterThan(differing.count, 20, "the two scripts are written separately, not copied")
    }

    /// Every reason for every provider reads as a sentence: in English it opens with a capital
    /// where the name is a phrase ("The OpenAI-compatible server needs…") and never doubles an
    /// article; in Chinese no space stands between two Chinese characters ("OpenAI 相容伺服器需要",
    /// "已達 Gemini 的").
    func testEveryReasonReadsWellForEveryProvider() {
        let providers = ["gemini", "openai", "ollama", "offline", "swatch"]
        func isHan(_ c: Character?) -> Bool {
            guard let scalar = c?.unicodeScalars.first else { return false }
            return (0x3000...0x9FFF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
        }
        var checked = 0
        for provider in providers {
            for reason in Self.samples {
                let text = words(reason, provider: provider)
                let english = text.english
                XCTAssertFalse(english.hasPrefix("the "), "a sentence opens with a capital: \(english)")
                for doubled in ["the the ", "The the ", " a the ", " an the "] {
                    XCTAssertFalse(english.contains(doubled), english)
                }
                for chinese in [text.traditional, text.simplified] {
                    let letters = Array(chinese)
                    for (i, c) in letters.enumerated() where c == " " && i > 0 && i + 1 < letters.count {
                        XCTAssertFalse(
                            isHan(letters[i - 1]) && isHan(letters[i + 1]), "a space between Chinese words: \(chinese)")
                    }
                }
                checked += 1
            }
        }
        XCTAssertEqual(checked, providers.count * Self.samples.count)
        let key = words(.missingAPIKey(variables: ["OPENAI_API_KEY"]), provider: "openai")
        XCTAssertEqual(
            key.english, "The OpenAI-compatible server needs an API key: set OPENAI_API_KEY, or use --provider offline."
        )
        XCTAssertEqual(key.traditional, "OpenAI 相容伺服器需要 API 金鑰：請設定 OPENAI_API_KEY，或使用 --provider offline。")
        let quota = words(.quotaExhausted(serverMessage: nil), provider: "openai")
        XCTAssertEqual(
            quota.english,
            "The OpenAI-compatible server's quota for this key is used up for today: try tomorrow, enable billing, or use --provider offline."
        )
        XCTAssertEqual(quota.simplified, "此密钥今日的 OpenAI 兼容服务器配额已用完：请明天再试、启用计费，或使用 --provider offline。")
    }

    /// A model without vision, sent a picture: the model, the server's words, and what to do.
    func testAModelThatCannotReadPicturesIsNamed() {
        let refused = words(
            .imageNotAccepted(model: "llama3.2", serverMessage: "this model does not support image input"),
            provider: "ollama")
        XCTAssertEqual(
            refused.english,
            "Ollama's model 'llama3.2' cannot read pictures (this model does not support image input): choose a model that reads images with --model, or use --provider offline."
        )
        XCTAssertEqual(
            refused.traditional,
            "Ollama 的模型「llama3.2」無法讀取圖片（this model does not support image input）：請用 --model 選擇能讀圖片的模型，或使用 --provider offline。"
        )
        XCTAssertEqual(
            refused.simplified,
            "Ollama 的模型“llama3.2”无法读取图片（this model does not support image input）：请用 --model 选择能读图片的模型，或使用 --provider offline。"
        )
        let openai = words(.imageNotAccepted(model: "gpt-4.1-mini", serverMessage: nil), provider: "openai")
        XCTAssertEqual(
            openai.english,
            "The OpenAI-compatible server's model 'gpt-4.1-mini' cannot read pictures: choose a model that reads images with --model, or use --provider offline."
        )
        XCTAssertEqual(
            ProviderFailure(provider: "ollama", .imageNotAccepted(model: "m", serverMessage: nil)).fallsBack, false)
    }

    /// libcurl is opened at the first request; when it cannot be, the sentence names the
    /// library and the Debian package that installs it, and the way round it.
    func testAMissingLibcurlIsNamedWithItsPackage() {
        let missing = words(.libraryMissing(library: "libcurl.so.4", package: "libcurl4"))
        XCTAssertEqual(
            missing.english,
            "Requests to Gemini are sent with the system library libcurl.so.4, which could not be loaded: install it (Debian: libcurl4), or use --provider offline."
        )
        XCTAssertEqual(
            missing.traditional,
            "向 Gemini 發出的請求要用系統程式庫 libcurl.so.4 傳送，但無法載入它：請安裝（Debian：libcurl4），或使用 --provider offline。"
        )
        XCTAssertEqual(
            missing.simplified,
            "向 Gemini 发出的请求要用系统库 libcurl.so.4 发送，但无法加载它：请安装（Debian：libcurl4），或使用 --provider offline。"
        )
        let openai = words(.libraryMissing(library: "libcurl.so.4", package: "libcurl4"), provider: "openai")
        XCTAssertTrue(
            openai.english.hasPrefix("Requests to the OpenAI-compatible server are sent with"), openai.english)
        XCTAssertEqual(
            ProviderFailure(provider: "gemini", .libraryMissing(library: "libcurl.so.4", package: "libcurl4"))
                .fallsBack,
            false, "the user must install it: offline palettes would hide that for ever")
        let check = Messages.check(.failed(.libraryMissing(library: "libcurl.so.4", package: "libcurl4")))
        XCTAssertEqual(check.english, "cannot load libcurl.so.4: install libcurl4")
        XCTAssertEqual(check.traditional, "無法載入 libcurl.so.4：請安裝 libcurl4")
        XCTAssertEqual(check.simplified, "无法加载 libcurl.so.4：请安装 libcurl4")
    }

    func testTheWordsCarryTheFacts() {
        let model = words(.modelNotFound(model: "gemini-9", available: []))
        XCTAssertEqual(
            model.english, "Gemini has no model 'gemini-9' (it may have been retired): choose another with --model.")
        XCTAssertEqual(model.traditional, "Gemini 沒有模型「gemini-9」（可能已停用）：請用 --model 選擇其他模型。")
        XCTAssertEqual(model.simplified, "Gemini 没有模型“gemini-9”（可能已停用）：请用 --model 选择其他模型。")

        let limit = words(.rateLimited(retryAfter: 2.2))
        XCTAssertEqual(limit.english, "Gemini's rate limit was reached: wait 3 s and try again.")
        XCTAssertEqual(limit.traditional, "已達 Gemini 的速率上限：請等待 3 秒後再試。")
        XCTAssertEqual(limit.simplified, "已达 Gemini 的速率上限：请等待 3 秒后再试。")
        XCTAssertTrue(
            words(.rateLimited(retryAfter: 1e300)).english.contains("wait a minute"),
            "an absurd server delay is not quoted")

        let time = words(.timedOut(seconds: 1.5))
        XCTAssertTrue(time.english.contains("within 1.5 s"), time.english)
        XCTAssertTrue(time.traditional.contains("1.5 秒內"), time.traditional)
        XCTAssertTrue(time.simplified.contains("1.5 秒内"), time.simplified)

        let key = words(.missingAPIKey(variables: ["GEMINI_API_KEY", "GOOGLE_API_KEY"]))
        XCTAssertEqual(
            key.english, "Gemini needs an API key: set GEMINI_API_KEY / GOOGLE_API_KEY, or use --provider offline.")
        XCTAssertEqual(key.simplified, "Gemini 需要 API 密钥：请设置 GEMINI_API_KEY / GOOGLE_API_KEY，或使用 --provider offline。")

        let redirect = words(.redirectRefused(status: 307))
        XCTAssertTrue(redirect.english.contains("HTTP 307") && redirect.english.contains("refused"), redirect.english)
        XCTAssertTrue(
            redirect.traditional.contains("HTTP 307") && redirect.traditional.contains("已拒絕"), redirect.traditional)

        let other = words(.connectionLost, provider: "made-up")
        XCTAssertEqual(
            other.english, "The connection to made-up dropped: try again.", "an unknown provider is named as it is")
    }

    func testServerTextIsQuotedAsOneCleanLine() {
        let noisy = "bad\u{1B}[31m key\nplease\tretry..."
        let text = words(.invalidAPIKey(serverMessage: noisy))
        XCTAssertFalse(text.english.contains("\u{1B}"), text.english)
        XCTAssertFalse(text.english.contains("\n"), text.english)
        XCTAssertFalse(text.english.contains("..."), "the server's own full stops are dropped: \(text.english)")
        let long = String(repeating: "x", count: 1000)
        XCTAssertLessThan(words(.badRequest(serverMessage: long)).english.count, 300, "cut")
        XCTAssertEqual(
            Messages.fallbackNote(ProviderFailure(provider: "gemini", .truncated))(.traditionalChinese),
            "離線備援：Gemini 在回答前用完了輸出額度：請再試一次或用 --model 選擇其他模型。")
    }
}
