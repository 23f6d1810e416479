import PaletteCore

/// The words for typed values that come back from providers: failures and notes.
///
/// The app's status line and the command line both word them here, so every provider's failure
/// reads the same way in English, Traditional and Simplified Chinese, and no provider or runtime
/// writes a sentence of its own. Text that came from a server is folded to one clean line and
/// cut (`serverText`) before it is quoted.
public enum Messages {
    /// A provider's name as the user reads it.
    public static func providerName(_ id: String) -> Localized {
        switch id {
        case "gemini": return Localized("Gemini", chinese: "Gemini")
        case "offline": return Localized("the offline engine", "離線引擎", "离线引擎")
        case "openai": return Localized("the OpenAI-compatible server", "OpenAI 相容伺服器", "OpenAI 兼容服务器")
        case "ollama": return Localized("Ollama", chinese: "Ollama")
        default:
            let clean = TextSanitizer.clean(id)
            return Localized(clean, chinese: clean)
        }
    }

    /// A provider as a label (the title, the palette's caption, a parenthesis): the id in
    /// English, where ids are words (`offline`, `gemini`); in Chinese the provider's Chinese
    /// name (離線引擎), so no English id sits among Chinese words where a name exists.
    public static func providerLabel(_ id: String) -> Localized {
        let name = providerName(id)
        return Localized(TextSanitizer.clean(id), name.traditional, name.simplified)
    }

    /// `text` opening a Chinese sentence: a space after it only where its last letter is Latin
    /// ("Gemini 需要", "離線引擎需要").
    static func chineseOpening(_ text: String) -> String {
        text.last.map(isLatin) == true ? text + " " : text
    }

    /// `text` placed between Chinese words: spaced where its first or last letter is Latin
    /// ("由 Gemini 生成", "由離線引擎生成").
    static func amidChinese(_ text: String) -> String {
        (text.first.map(isLatin) == true ? " " : "") + chineseOpening(text)
    }

    /// A letter that takes a space beside Chinese: any non-space ASCII character.
    private static func isLatin(_ c: Character) -> Bool { c.isASCII && !c.isWhitespace }

    /// The environment variable that holds a provider's key, for hints.
    public static func keyVariable(_ provider: String) -> String {
        switch provider {
        case "gemini": return "GEMINI_API_KEY"
        case "openai": return "OPENAI_API_KEY"
        case "ollama": return "OLLAMA_API_KEY"
        default: return "the API key variable"
        }
    }

    /// The most columns of server text quoted inside a sentence.
    static let quoteWidth = 160

    /// Server text as one clean line: sanitised (no control, bidi or zero-width character; line
    /// breaks become spaces, so a server cannot start a line of its own), runs of white space
    /// folded to one, a closing full stop dropped, and the password and key parameters of any
    /// URL in it masked (`URLSecrets`). Nil when nothing is left.
    public static func folded(_ text: String?) -> String? {
        guard let text else { return nil }
        let clean = URLSecrets.masked(TextSanitizer.clean(text))
        var collapsed = clean.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        while collapsed.hasSuffix(".") || collapsed.hasSuffix("。") { collapsed.removeLast() }
        return collapsed.isEmpty ? nil : collapsed
    }

    /// A short piece of server text (a model id, a host, a content type, a reason code) as one
    /// clean line of at most `quoteWidth` columns, ending in "…" when cut.
    public static func serverText(_ text: String?) -> String? {
        folded(text).map { TextSanitizer.truncate($0, toWidth: quoteWidth) }
    }

    /// A server's message as one clean line of at most `quoteWidth` columns; when cut, it ends
    /// in "…" where it was cut and says how much was left out.
    public static func quote(_ text: String?) -> Localized? {
        guard let line = folded(text) else { return nil }
        guard DisplayWidth.of(line) > quoteWidth else { return Localized(line, chinese: line) }
        let kept = TextSanitizer.truncate(line, toWidth: quoteWidth)
        let rest = UIText.grouped(max(1, line.count - (kept.count - 1)))
        return Localized(
            "\(kept) [\(rest) more characters cut]", "\(kept)〔後面 \(rest) 個字元已截去〕",
            "\(kept)〔后面 \(rest) 个字符已截去〕")
    }

    /// `(detail)` in English, `（detail）` in Chinese, or nothing.
    private static func paren(_ detail: Localized?) -> Localized {
        guard let detail, !detail.english.isEmpty else { return Localized("", chinese: "") }
        return Localized(" (\(detail.english))", "（\(detail.traditional)）", "（\(detail.simplified)）")
    }

    private static func seconds(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
        return cFormat("%.1f", value)
    }

    /// One sentence: what happened, then what to do.
    public static func failure(_ failure: ProviderFailure) -> Localized {
        let who = providerName(failure.provider)
        // The provider opening an English sentence ("The OpenAI-compatible server needs…"; an
        // id such as "made-up" keeps its spelling), and in Chinese spaced only beside a Latin
        // letter ("Gemini 需要", "OpenAI 相容伺服器需要").
        let subject = who.english.hasPrefix("the ") ? "The" + who.english.dropFirst(3) : who.english
        let hant = (start: chineseOpening(who.traditional), mid: amidChinese(who.traditional))
        let hans = (start: chineseOpening(who.simplified), mid: amidChinese(who.simplified))
        let key = keyVariable(failure.provider)
        // What to check about the endpoint: only a setting the user made (`--endpoint`, a
        // variable, config.toml); the provider's default endpoint has none to name.
        let setting = failure.endpointSetting
        let check =
            setting.map { Localized("check \($0)", "請檢查 \($0)", "请检查 \($0)") }
            ?? Localized("check the network and any proxy", "請檢查網路與代理伺服器", "请检查网络与代理服务器")
        func l(_ en: String, _ hant: String, _ hans: String) -> Localized { Localized(en, hant, hans) }
        switch failure.reason {
        case .missingAPIKey(let variables):
            let names = variables.joined(separator: " / ")
            return l(
                "\(subject) needs an API key: set \(names), or use --provider offline.",
                "\(hant.start)需要 API 金鑰：請設定 \(names)，或使用 --provider offline。",
                "\(hans.start)需要 API 密钥：请设置 \(names)，或使用 --provider offline。")
        case .invalidEndpoint(let text, let settings):
            let shown = serverText(URLSecrets.masked(text, endpoint: true)) ?? ""
            let places = settings.joined(separator: " / ")
            return l(
                "The endpoint '\(shown)' is not a usable http(s) URL: fix \(places).",
                "端點「\(shown)」不是可用的 http(s) 網址：請修正 \(places)。",
                "端点“\(shown)”不是可用的 http(s) 网址：请修正 \(places)。")
        case .invalidAPIKey(let message):
            let p = paren(quote(message))
            return l(
                "\(subject) rejected the API key\(p.english): create a new key and set \(key).",
                "\(hant.start)拒絕了 API 金鑰\(p.traditional)：請建立新金鑰並設定 \(key)。",
                "\(hans.start)拒绝了 API 密钥\(p.simplified)：请创建新密钥并设置 \(key)。")
        case .permissionDenied(let code, let message):
            let p = paren(quote(message))
            let hint: Localized
            switch code {
            case "SERVICE_DISABLED":
                hint = l(
                    "enable the Generative Language API for the key's Google Cloud project",
                    "請為金鑰所屬的 Google Cloud 專案啟用 Generative Language API",
                    "请为密钥所属的 Google Cloud 项目启用 Generative Language API")
            case "API_KEY_SERVICE_BLOCKED":
                hint = l(
                    "allow the Generative Language API in the key's API restrictions, or use another key",
                    "請在金鑰的 API 限制中允許 Generative Language API，或改用其他金鑰",
                    "请在密钥的 API 限制中允许 Generative Language API，或改用其他密钥")
            case "CONSUMER_SUSPENDED":
                hint = l(
                    "the project is suspended; use a key from another project",
                    "該專案已被停權；請改用其他專案的金鑰", "该项目已被暂停；请改用其他项目的密钥")
            default:
                hint = l(
                    "check that \(key) holds a current key", "請確認 \(key) 是有效的金鑰",
                    "请确认 \(key) 是有效的密钥")
            }
            return l(
                "\(subject) refused access\(p.english): \(hint.english).",
                "\(hant.start)拒絕存取\(p.traditional)：\(hint.traditional)。",
                "\(hans.start)拒绝访问\(p.simplified)：\(hint.simplified)。")
        case .modelNotFound(let model, let available):
            let name = serverText(model) ?? ""
            if available.isEmpty {
                return l(
                    "\(subject) has no model '\(name)' (it may have been retired): choose another with --model.",
                    "\(hant.start)沒有模型「\(name)」（可能已停用）：請用 --model 選擇其他模型。",
                    "\(hans.start)没有模型“\(name)”（可能已停用）：请用 --model 选择其他模型。")
            }
            let list = available.prefix(5).compactMap { serverText($0) }.joined(separator: ", ")
            return l(
                "\(subject) has no model '\(name)' (it may have been retired): choose one of \(list) with --model.",
                "\(hant.start)沒有模型「\(name)」（可能已停用）：請用 --model 選擇 \(list) 之一。",
                "\(hans.start)没有模型“\(name)”（可能已停用）：请用 --model 选择 \(list) 之一。")
        case .badRequest(let message):
            let p = paren(quote(message))
            return l(
                "\(subject) rejected the request\(p.english): check the model and your region, or use --provider offline.",
                "\(hant.start)拒絕了請求\(p.traditional)：請檢查模型與所在地區，或使用 --provider offline。",
                "\(hans.start)拒绝了请求\(p.simplified)：请检查模型与所在地区，或使用 --provider offline。")
        case .imageNotAccepted(let model, let message):
            let name = serverText(model) ?? ""
            let p = paren(quote(message))
            return l(
                "\(subject)'s model '\(name)' cannot read pictures\(p.english): choose a model that reads images with --model, or use --provider offline.",
                "\(hant.start)的模型「\(name)」無法讀取圖片\(p.traditional)：請用 --model 選擇能讀圖片的模型，或使用 --provider offline。",
                "\(hans.start)的模型“\(name)”无法读取图片\(p.simplified)：请用 --model 选择能读图片的模型，或使用 --provider offline。")
        case .rateLimited(let delay):
            if let delay, delay.isFinite, delay > 0, delay < 86_400 {
                let s = seconds(delay.rounded(.up))
                return l(
                    "\(subject)'s rate limit was reached: wait \(s) s and try again.",
                    "已達\(hant.mid)的速率上限：請等待 \(s) 秒後再試。",
                    "已达\(hans.mid)的速率上限：请等待 \(s) 秒后再试。")
            }
            return l(
                "\(subject)'s rate limit was reached: wait a minute and try again.",
                "已達\(hant.mid)的速率上限：請等一分鐘後再試。",
                "已达\(hans.mid)的速率上限：请等一分钟后再试。")
        case .quotaExhausted:
            return l(
                "\(subject)'s quota for this key is used up for today: try tomorrow, enable billing, or use --provider offline.",
                "此金鑰今日的\(hant.mid)配額已用完：請明天再試、啟用計費，或使用 --provider offline。",
                "此密钥今日的\(hans.mid)配额已用完：请明天再试、启用计费，或使用 --provider offline。")
        case .serverUnavailable(let status, let message):
            let p = paren(quote(message))
            return l(
                "\(subject) is overloaded or failing, HTTP \(status)\(p.english): try again later or use --provider offline.",
                "\(hant.start)過載或發生故障，HTTP \(status)\(p.traditional)：請稍後再試或使用 --provider offline。",
                "\(hans.start)过载或发生故障，HTTP \(status)\(p.simplified)：请稍后再试或使用 --provider offline。")
        case .redirectRefused(let status):
            return l(
                "The endpoint redirected (HTTP \(status)), which is refused so the key goes nowhere else: set \(setting ?? "--endpoint") to the final URL.",
                "端點要求重新導向（HTTP \(status)），為免金鑰外流已拒絕：請將 \(setting ?? "--endpoint") 設為最終網址。",
                "端点要求重定向（HTTP \(status)），为免密钥外泄已拒绝：请将 \(setting ?? "--endpoint") 设为最终网址。")
        case .unexpectedStatus(let status):
            return l(
                "\(subject) answered with HTTP \(status): \(check.english).",
                "\(hant.start)回應了 HTTP \(status)：\(check.traditional)。",
                "\(hans.start)返回了 HTTP \(status)：\(check.simplified)。")
        case .notJSON(let status, let contentType):
            let type = serverText(contentType)
            return l(
                "The endpoint answered HTTP \(status) with \(type ?? "an unknown body"), not JSON from \(who.english): \(setting.map { "check \($0) and any proxy" } ?? check.english).",
                "端點回應 HTTP \(status)，內容是 \(type ?? "不明資料")，不是\(hant.mid)的 JSON：\(setting.map { "請檢查 \($0) 與代理伺服器" } ?? check.traditional)。",
                "端点返回 HTTP \(status)，内容是 \(type ?? "未知数据")，不是\(hans.mid)的 JSON：\(setting.map { "请检查 \($0) 与代理服务器" } ?? check.simplified)。"
            )
        case .malformedResponse:
            return l(
                "\(subject)'s response was cut short or not in its format: try again, and \(check.english).",
                "\(hant.start)的回應不完整或格式不符：請再試一次，並\(check.traditional.dropFirst())。",
                "\(hans.start)的响应不完整或格式不符：请再试一次，并\(check.simplified.dropFirst())。")
        case .responseTooLarge(let limit):
            let mib = max(1, limit / 1_048_576)
            return l(
                "The endpoint sent more than \(mib) MiB, far more than a palette: \(check.english).",
                "端點傳回超過 \(mib) MiB 的資料，遠超過一組配色：\(check.traditional)。",
                "端点返回超过 \(mib) MiB 的数据，远超过一组配色：\(check.simplified)。")
        case .headersTooLarge(let limit):
            let kib = max(1, limit / 1024)
            return l(
                "The endpoint sent more than \(kib) KiB of HTTP headers, far more than any service sends: \(check.english).",
                "端點傳回超過 \(kib) KiB 的 HTTP 標頭，遠超過任何服務會傳送的量：\(check.traditional)。",
                "端点返回超过 \(kib) KiB 的 HTTP 头部，远超过任何服务会发送的量：\(check.simplified)。")
        case .promptBlocked(let reason):
            let r = serverText(reason) ?? "?"
            return l(
                "\(subject) declined this description (\(r)): rephrase it.",
                "\(hant.start)拒絕了這段描述（\(r)）：請換個說法。",
                "\(hans.start)拒绝了这段描述（\(r)）：请换个说法。")
        case .answerBlocked(let reason):
            let r = serverText(reason) ?? "?"
            return l(
                "\(subject) withheld its answer (\(r)): rephrase the description or try again.",
                "\(hant.start)未提供回答（\(r)）：請換個說法或再試一次。",
                "\(hans.start)未提供回答（\(r)）：请换个说法或再试一次。")
        case .truncated:
            return l(
                "\(subject) ran out of output tokens before answering: try again or choose another --model.",
                "\(hant.start)在回答前用完了輸出額度：請再試一次或用 --model 選擇其他模型。",
                "\(hans.start)在回答前用完了输出额度：请再试一次或用 --model 选择其他模型。")
        case .noAnswer(let reason, let message):
            let parts = [serverText(reason).map { Localized($0, chinese: $0) }, quote(message)].compactMap { $0 }
            let p = paren(
                parts.isEmpty
                    ? nil
                    : Localized(
                        parts.map(\.english).joined(separator: ": "), parts.map(\.traditional).joined(separator: "："),
                        parts.map(\.simplified).joined(separator: "：")))
            return l(
                "\(subject) returned no answer\(p.english): try again.",
                "\(hant.start)沒有回答\(p.traditional)：請再試一次。",
                "\(hans.start)没有回答\(p.simplified)：请再试一次。")
        case .unusableAnswer(let problem):
            let p = paren(quote(problem))
            return l(
                "\(subject)'s answer was not a palette even after asking again\(p.english): try again or use --provider offline.",
                "\(hant.start)再次詢問後的回答仍不是配色\(p.traditional)：請再試一次或使用 --provider offline。",
                "\(hans.start)再次询问后的回答仍不是配色\(p.simplified)：请再试一次或使用 --provider offline。")
        case .noNetwork(let host):
            let h = serverText(host) ?? ""
            return l(
                "Cannot reach \(h): check your network connection, or use --provider offline.",
                "無法連線到 \(h)：請檢查網路連線，或使用 --provider offline。",
                "无法连接到 \(h)：请检查网络连接，或使用 --provider offline。")
        case .connectionRefused(let host):
            let h = serverText(host) ?? ""
            // Ollama runs on this machine: when nothing listens, it is not running.
            if failure.provider == "ollama" {
                guard let setting else {
                    return l(
                        "Ollama is not running at \(h): start it with 'ollama serve'.",
                        "Ollama 未在 \(h) 執行：請用 'ollama serve' 啟動它。", "Ollama 未在 \(h) 运行：请用 'ollama serve' 启动它。")
                }
                return l(
                    "Nothing is listening at \(h): start Ollama with 'ollama serve', or check \(setting).",
                    "\(h) 沒有服務在監聽：請用 'ollama serve' 啟動 Ollama，或檢查 \(setting)。",
                    "\(h) 没有服务在监听：请用 'ollama serve' 启动 Ollama，或检查 \(setting)。")
            }
            return l(
                "Nothing is listening at \(h): start the server, or \(check.english).",
                "\(h) 沒有服務在監聽：請啟動伺服器，或\(check.traditional.dropFirst())。",
                "\(h) 没有服务在监听：请启动服务器，或\(check.simplified.dropFirst())。")
        case .connectionLost:
            return l(
                "The connection to \(who.english) dropped: try again.",
                "與\(hant.mid)的連線中斷：請再試一次。", "与\(hans.mid)的连接中断：请再试一次。")
        case .tlsFailure(let host):
            let h = serverText(host) ?? ""
            return l(
                "The secure connection to \(h) failed (TLS certificate or handshake): check the system clock, proxy\(setting.map { " and " + $0 } ?? "").",
                "與 \(h) 的安全連線失敗（TLS 憑證或交握）：請檢查系統時間、代理伺服器\(setting.map { "與 " + $0 } ?? "")。",
                "与 \(h) 的安全连接失败（TLS 证书或握手）：请检查系统时间、代理服务器\(setting.map { "与 " + $0 } ?? "")。")
        case .timedOut(let value):
            let s = seconds(value)
            return l(
                "\(subject) did not answer within \(s) s: try again or raise --timeout.",
                "\(hant.start)未在 \(s) 秒內回應：請再試一次或調高 --timeout。",
                "\(hans.start)未在 \(s) 秒内响应：请再试一次或调高 --timeout。")
        case .transport(let text):
            let p = paren(quote(text))
            return l(
                "The request to \(who.english) failed\(p.english): try again.",
                "向\(hant.mid)發出的請求失敗\(p.traditional)：請再試一次。",
                "向\(hans.mid)发出的请求失败\(p.simplified)：请再试一次。")
        case .libraryMissing(let library, let package):
            return l(
                "Requests to \(who.english) are sent with the system library \(library), which could not be loaded: install it (Debian: \(package)), or use --provider offline.",
                "向\(hant.mid)發出的請求要用系統程式庫 \(library) 傳送，但無法載入它：請安裝（Debian：\(package)），或使用 --provider offline。",
                "向\(hans.mid)发出的请求要用系统库 \(library) 发送，但无法加载它：请安装（Debian：\(package)），或使用 --provider offline。")
        case .cancelled:
            return UIText.cancelled
        case .unsupported(let fields):
            let names = fields.sorted().map { fieldName($0) }
            return l(
                "\(subject) cannot honour \(names.map(\.english).joined(separator: ", ")) in a request: use another provider.",
                "\(hant.start)無法處理請求中的\(names.map(\.traditional).joined(separator: "、"))：請改用其他提供者。",
                "\(hans.start)无法处理请求中的\(names.map(\.simplified).joined(separator: "、"))：请改用其他提供者。")
        }
    }

    /// A request field's name as the user reads it.
    static func fieldName(_ field: GenerationRequest.Field) -> Localized {
        switch field {
        case .seed: return Localized("a seed", "種子", "种子")
        case .lockedRoles: return Localized("locked colours", "鎖定的顏色", "锁定的颜色")
        case .refinement: return Localized("a refinement", "調整指示", "调整指示")
        case .constraints: return Localized("contrast constraints", "對比限制", "对比限制")
        case .candidates: return Localized("several candidates", "多組候選", "多组候选")
        case .image: return Localized("an image", "圖片", "图片")
        }
    }

    /// A note about a generated palette as a clause after a label: the command line's
    /// "note: …" and its JSON `notes` list.
    public static func note(_ note: GenerationNote) -> Localized { noteWords(note, sentence: false) }

    /// The same note as a sentence of its own, for where it follows another sentence (the
    /// status line: "New palette from offline. No word of the description…"). The English
    /// opening is written here for each note, not capitalised by code: a note that opens with a
    /// model id keeps it as the server spelt it. Each form ends its sentence: "." in English,
    /// "。" in Chinese, so sentences join with one space in English and none in Chinese.
    public static func noteSentence(_ note: GenerationNote) -> Localized {
        let words = noteWords(note, sentence: true)
        return Localized(
            words.english.hasSuffix("…") ? words.english : words.english + ".", words.traditional + "。",
            words.simplified + "。")
    }

    /// The name of a language the offline engine reads, by its code, in the interface language.
    static func languageName(_ code: String, _ language: Language) -> String {
        let names: [String: (String, String, String)] = [
            "en": ("English", "英文", "英语"), "zh": ("Chinese", "中文", "中文"), "ja": ("Japanese", "日文", "日语"),
            "ko": ("Korean", "韓文", "韩语"), "fr": ("French", "法文", "法语"), "es": ("Spanish", "西班牙文", "西班牙语"),
            "pt": ("Portuguese", "葡萄牙文", "葡萄牙语"), "de": ("German", "德文", "德语"), "it": ("Italian", "義大利文", "意大利语"),
            "ru": ("Russian", "俄文", "俄语"), "ar": ("Arabic", "阿拉伯文", "阿拉伯语"), "hi": ("Hindi", "印地文", "印地语"),
            "vi": ("Vietnamese", "越南文", "越南语"), "tr": ("Turkish", "土耳其文", "土耳其语"),
        ]
        guard let n = names[code] else { return code }
        switch language {
        case .english: return n.0
        case .traditionalChinese: return n.1
        case .simplifiedChinese: return n.2
        }
    }

    /// A note's words; `sentence` chooses the English opening written for the start of a sentence.
    private static func noteWords(_ note: GenerationNote, sentence: Bool) -> Localized {
        /// The opening as it reads inside a sentence, or as it reads at the start of one.
        func opening(_ clause: String, _ start: String) -> String { sentence ? start : clause }
        switch note {
        case .noColourWords:
            return Localized(
                "\(opening("no word", "No word")) of the description was recognised: this is a general palette; name a colour, a scene or a mood (the offline engine reads 14 languages)",
                "描述中沒有可辨識的詞：這是一組通用配色；請寫出顏色、場景或情緒（離線引擎可讀 14 種語言）",
                "描述中没有可识别的词：这是一组通用配色；请写出颜色、场景或情绪（离线引擎可读 14 种语言）")
        case .partlyUnderstood(let used, let unknown):
            func list(_ words: [String], _ separator: String) -> String {
                let shown = words.prefix(6).map { TextSanitizer.truncate(TextSanitizer.clean($0), toWidth: 24) }
                return shown.joined(separator: separator) + (words.count > 6 ? separator + "…" : "")
            }
            if used.isEmpty {
                return Localized(
                    "\(opening("not recognised", "Not recognised")): \(list(unknown, ", "))",
                    "未能辨識：\(list(unknown, "、"))", "未能识别：\(list(unknown, "、"))")
            }
            if unknown.isEmpty {
                return Localized(
                    "\(opening("read", "Read")): \(list(used, ", "))", "已讀取：\(list(used, "、"))",
                    "已读取：\(list(used, "、"))")
            }
            return Localized(
                "\(opening("read", "Read")): \(list(used, ", ")); not recognised: \(list(unknown, ", "))",
                "已讀取：\(list(used, "、"))；未能辨識：\(list(unknown, "、"))",
                "已读取：\(list(used, "、"))；未能识别：\(list(unknown, "、"))")
        case .referencesRead(let references):
            func names(_ r: ReadReference, _ language: Language, _ separator: String) -> String {
                var seen = Set<String>()
                return r.colours.map { ColorNames.nearest(to: $0, language: language).name.name }
                    .filter { seen.insert($0).inserted }.joined(separator: separator)
            }
            func word(_ r: ReadReference, _ separator: String) -> String {
                r.allWords.map { TextSanitizer.truncate(TextSanitizer.clean($0), toWidth: 24) }
                    .joined(separator: separator)
            }
            return Localized(
                "\(opening("read as", "Read as")): "
                    + references.map { "\(word($0, ", ")) → \(names($0, .english, ", "))" }.joined(separator: "; "),
                "讀作："
                    + references.map { "\(word($0, "、")) → \(names($0, .traditionalChinese, "、"))" }
                    .joined(separator: "；"),
                "读作："
                    + references.map { "\(word($0, "、")) → \(names($0, .simplifiedChinese, "、"))" }
                    .joined(separator: "；"))
        case .keyWordsNotRead(let words, let used):
            func list(_ words: [String], _ separator: String) -> String {
                words.prefix(6).map { TextSanitizer.truncate(TextSanitizer.clean($0), toWidth: 24) }
                    .joined(separator: separator) + (words.count > 6 ? separator + "…" : "")
            }
            let one = words.count == 1
            let english =
                "\(opening(one ? "the key word" : "the key words", one ? "The key word" : "The key words")) "
                + "\(list(words, ", ")) \(one ? "was" : "were") not recognised, so the palette "
                + (used.isEmpty ? "follows the other words read" : "follows \(list(used, ", ")) alone")
            return Localized(
                english,
                "關鍵詞「\(list(words, "、"))」未能辨識，" + (used.isEmpty ? "配色依其他讀到的詞而定" : "配色只依「\(list(used, "、"))」而定"),
                "关键词「\(list(words, "、"))」未能识别，" + (used.isEmpty ? "配色依其他读到的词而定" : "配色只依「\(list(used, "、"))」而定"))
        case .readAsOtherLanguage(let words):
            func list(_ language: Language, _ separator: String) -> String {
                words.map {
                    "\(TextSanitizer.truncate(TextSanitizer.clean($0.word), toWidth: 24)) (\(languageName($0.language, language)))"
                }.joined(separator: separator)
            }
            return Localized(
                "\(opening("read as another language's word", "Read as another language's word")): \(list(.english, ", "))",
                "以其他語言的詞讀取：" + list(.traditionalChinese, "、"), "以其他语言的词读取：" + list(.simplifiedChinese, "、"))
        case .negated(let words):
            let list = words.map { TextSanitizer.truncate(TextSanitizer.clean($0), toWidth: 24) }
            return Localized(
                opening("left out", "Left out") + " because negated: " + list.joined(separator: ", "),
                "因否定而排除：" + list.joined(separator: "、"), "因否定而排除：" + list.joined(separator: "、"))
        case .readLimit(let characters):
            return Localized(
                "\(opening("read only", "Read only")) the first \(UIText.grouped(characters)) characters of the description",
                "只讀取了描述的前 \(UIText.grouped(characters)) 個字元", "只读取了描述的前 \(UIText.grouped(characters)) 个字符")
        case .accessibilityRepaired(let requirement, let changes):
            return repairedNote(requirement, changes, opening: opening("moved", "Moved"))
        case .parametersRefused(let names):
            let list = names.map { TextSanitizer.truncate(TextSanitizer.clean($0), toWidth: 24) }
            let english = list.joined(separator: ", ")
            let chinese = list.joined(separator: "、")
            if names.contains("response_format") {
                return Localized(
                    "\(opening("the server", "The server")) refused \(english), so it was asked without; the palette's format was requested in the prompt only",
                    "伺服器不接受 \(chinese)，已改為不帶這些參數詢問；配色格式僅在提示中要求",
                    "服务器不接受 \(chinese)，已改为不带这些参数询问；配色格式仅在提示中要求")
            }
            return Localized(
                "\(opening("the server", "The server")) refused \(english), so it was asked without",
                "伺服器不接受 \(chinese)，已改為不帶這些參數詢問", "服务器不接受 \(chinese)，已改为不带这些参数询问")
        case .modelReplaced(let retired, let replacement):
            let old = serverText(retired) ?? "?"
            let new = serverText(replacement) ?? "?"
            // Opens with the model id as the server spelt it, at the start of a sentence too.
            return Localized(
                "\(old) is no longer available, so \(new) answered (choose a model with --model)",
                "\(old) 已無法使用，改由 \(new) 回答（可用 --model 指定模型）",
                "\(old) 已无法使用，改由 \(new) 回答（可用 --model 指定模型）")
        case .lockedRestored(let changes):
            func list(_ language: Language, _ separator: String) -> String {
                changes.map { "\($0.role.label(language)) \($0.from.hex) -> \($0.to.hex)" }.joined(separator: separator)
            }
            return Localized(
                opening("the answer", "The answer") + " changed locked colours; put back: " + list(.english, ", "),
                "回答改動了鎖定的顏色，已還原：" + list(.traditionalChinese, "、"),
                "回答改动了锁定的颜色，已还原：" + list(.simplifiedChinese, "、"))
        case .refinementUnchanged:
            return Localized(
                "\(opening("the answer", "The answer")) is the palette it was asked to refine: the instruction was not followed; try other words",
                "回答與要調整的配色完全相同：指示沒有被採用；請換個說法再試",
                "回答与要调整的配色完全相同：指示没有被采用；请换个说法再试")
        case .refinementNotUnderstood:
            return Localized(
                "\(opening("no change", "No change")) was understood in the instruction (try warmer, cooler, lighter, darker, muted, vivid, pastel, night, more contrast…); the palette is unchanged",
                "指示中沒有看懂要怎麼改（可試試：暖一點、冷一點、亮一點、暗一點、柔和、鮮豔、粉彩、夜晚、對比強一點…）；配色未變",
                "指示中没有看懂要怎么改（可试试：暖一点、冷一点、亮一点、暗一点、柔和、鲜艳、粉彩、夜晚、对比强一点…）；配色未变")
        case .refinementLocked(let roles):
            func list(_ language: Language, _ separator: String) -> String {
                roles.map { $0.label(language) }.joined(separator: separator)
            }
            return Localized(
                "\(opening("the", "The")) refinement names only locked colours (\(list(.english, ", "))): nothing was changed; Space unlocks the selected colour",
                "調整只提到已鎖定的顏色（\(list(.traditionalChinese, "、"))）：沒有任何改變；空白鍵可解鎖選取的顏色",
                "调整只提到已锁定的颜色（\(list(.simplifiedChinese, "、"))）：没有任何改变；空格键可解锁选中的颜色")
        case .fewerCandidates(let requested, let found):
            return Localized(
                "\(opening("only", "Only")) \(found) of the \(requested) candidates asked for are distinct enough to show",
                "要求的 \(requested) 組候選中只有 \(found) 組差異足夠", "要求的 \(requested) 组候选中只有 \(found) 组差异足够")
        case .candidatesDropped(let answered, let dropped):
            func why(_ drop: DroppedCandidate, _ language: Language) -> String {
                switch drop.reason {
                case .unusable(let problem):
                    let p = serverText(problem) ?? "?"
                    return language == .english
                        ? "#\(drop.position) unusable (\(p))"
                        : language == .traditionalChinese
                            ? "第 \(drop.position) 組無法使用（\(p)）" : "第 \(drop.position) 组无法使用（\(p)）"
                case .repeats(let position):
                    return language == .english
                        ? "#\(drop.position) repeats #\(position)"
                        : language == .traditionalChinese
                            ? "第 \(drop.position) 組與第 \(position) 組重複" : "第 \(drop.position) 组与第 \(position) 组重复"
                }
            }
            func list(_ language: Language, _ separator: String) -> String {
                dropped.map { why($0, language) }.joined(separator: separator)
            }
            return Localized(
                opening("left out", "Left out") + " of the model's \(answered): " + list(.english, ", "),
                "模型給的 \(answered) 組中未採用：" + list(.traditionalChinese, "、"),
                "模型给的 \(answered) 组中未采用：" + list(.simplifiedChinese, "、"))
        case .composedByContrast(let ground, let figure):
            func list(_ words: [String], _ separator: String) -> String {
                words.prefix(4).map { TextSanitizer.truncate(TextSanitizer.clean($0), toWidth: 24) }
                    .joined(separator: separator)
            }
            return Localized(
                "\(opening("set", "Set")) against each other: primary from \(list(ground, ", ")), accent from \(list(figure, ", "))",
                "對比構圖：主色取自\(list(ground, "、"))，強調色取自\(list(figure, "、"))",
                "对比构图：主色取自\(list(ground, "、"))，强调色取自\(list(figure, "、"))")
        case .structureAdjusted(let roles):
            func list(_ language: Language, _ separator: String) -> String {
                roles.map { $0.label(language) }.joined(separator: separator)
            }
            return Localized(
                "\(opening("adjusted", "Adjusted")) the \(list(.english, " and ").lowercased()) so that the roles stand apart",
                "為使三色層次分明，調整了\(list(.traditionalChinese, "與"))",
                "为使三色层次分明，调整了\(list(.simplifiedChinese, "与"))")
        case .softStructure(let words):
            let shown = words.prefix(3).map { TextSanitizer.truncate(TextSanitizer.clean($0), toWidth: 24) }
            return Localized(
                "\(opening("low contrast", "Low contrast")) asked for (\(shown.joined(separator: ", "))): a softer role structure",
                "描述要求低對比（\(shown.joined(separator: "、"))）：三色層次較柔和",
                "描述要求低对比（\(shown.joined(separator: "、"))）：三色层次较柔和")
        case .structureBroken(let rules):
            return Localized(
                "\(opening("kept", "Kept")) as answered, though it breaks the role structure: "
                    + rules.map { structureRule($0).english }.joined(separator: "; "),
                "依模型回答保留，但不符合角色結構：" + rules.map { structureRule($0).traditional }.joined(separator: "；"),
                "依模型回答保留，但不符合角色结构：" + rules.map { structureRule($0).simplified }.joined(separator: "；"))
        case .readFromImage(let colours):
            // A share that rounds to 0 % (a small salient spot) reads "under 1 %", not "0 %".
            func percent(_ share: Double, _ language: Language) -> String {
                let p = Int((share * 100).rounded())
                if p == 0 && share > 0 { return language == .english ? "under 1 %" : "不到 1%" }
                return language == .english ? "\(p) %" : " \(p)%"
            }
            func part(_ c: ImageColour, _ language: Language) -> String {
                let what: (String, String, String)
                switch c.role {
                case .primary: what = ("the dominant field", "主要區域", "主要区域")
                case .secondary: what = ("the support", "輔助區域", "辅助区域")
                case .accent: what = ("the salient colour", "最醒目的顏色", "最醒目的颜色")
                }
                switch language {
                case .english:
                    return
                        "\(c.role.label(.english).lowercased()) \(c.colour.hex), \(what.0) (\(percent(c.share, language)) of the picture)"
                case .traditionalChinese:
                    return "\(c.role.label(language)) \(c.colour.hex)，\(what.1)（占畫面\(percent(c.share, language))）"
                case .simplifiedChinese:
                    return "\(c.role.label(language)) \(c.colour.hex)，\(what.2)（占画面\(percent(c.share, language))）"
                }
            }
            if colours.isEmpty {
                return Localized(
                    "\(opening("from", "From")) the image: no colour was found", "取自圖片：沒有找到顏色", "取自图片：没有找到颜色")
            }
            return Localized(
                "\(opening("from", "From")) the image: " + colours.map { part($0, .english) }.joined(separator: "; "),
                "取自圖片：" + colours.map { part($0, .traditionalChinese) }.joined(separator: "；"),
                "取自图片：" + colours.map { part($0, .simplifiedChinese) }.joined(separator: "；"))
        case .imageColoursFiltered(let warm, let found):
            if found {
                return warm
                    ? Localized(
                        "\(opening("only", "Only")) the image's warm colours were used", "只用了圖片中的暖色", "只用了图片中的暖色")
                    : Localized(
                        "\(opening("only", "Only")) the image's cool colours were used", "只用了圖片中的冷色", "只用了图片中的冷色")
            }
            return warm
                ? Localized(
                    "\(opening("the", "The")) image has no warm colours, so all its colours were used",
                    "圖片中沒有暖色，因此用了所有顏色", "图片中没有暖色，因此用了所有颜色")
                : Localized(
                    "\(opening("the", "The")) image has no cool colours, so all its colours were used",
                    "圖片中沒有冷色，因此用了所有顏色", "图片中没有冷色，因此用了所有颜色")
        case .imageRegionsKept(let rules):
            return Localized(
                "\(opening("the", "The")) image's large regions keep their colours, though this breaks the role structure: "
                    + rules.map { structureRule($0).english }.joined(separator: "; "),
                "保留圖片中大面積區域的顏色，但不符合角色結構：" + rules.map { structureRule($0).traditional }.joined(separator: "；"),
                "保留图片中大面积区域的颜色，但不符合角色结构：" + rules.map { structureRule($0).simplified }.joined(separator: "；"))
        }
    }

    /// A rule of `RoleStructure` as the user reads it.
    public static func structureRule(_ rule: RoleStructure.Rule) -> Localized {
        switch rule {
        case .distinctRoles:
            return Localized("two roles are too alike", "有兩個角色的顏色太接近", "有两个角色的颜色太接近")
        case .accentStandsOut:
            return Localized(
                "the accent does not stand out from the primary", "強調色在主色旁不夠突出", "强调色在主色旁不够突出")
        case .primarySecondaryApart:
            return Localized(
                "the primary and secondary are near-twins", "主色與輔助色幾乎相同", "主色与辅助色几乎相同")
        case .temperatureAndLightness:
            return Localized(
                "all three colours share one temperature and one lightness", "三色冷暖相同、明度也相同",
                "三色冷暖相同、明度也相同")
        }
    }

    /// The note on a generated palette that was moved to meet a level.
    static func repairedNote(
        _ requirement: AccessibilityRequirement, _ changes: [RoleChange], opening: String
    ) -> Localized {
        let level = requirement.level.rawValue
        let bg = requirement.background.hex
        func list(_ language: Language, _ separator: String) -> String {
            changes.map { "\($0.role.label(language)) \($0.from.hex) -> \($0.to.hex)" }.joined(separator: separator)
        }
        return Localized(
            "\(opening) to meet \(level) on \(bg): " + list(.english, ", "),
            "為符合 \(level)（背景 \(bg)）已調整：" + list(.traditionalChinese, "、"),
            "为符合 \(level)（背景 \(bg)）已调整：" + list(.simplifiedChinese, "、"))
    }

    /// A fallback's reason as a note of the command line's output: "offline fallback: ...".
    public static func fallbackNote(_ failure: ProviderFailure) -> Localized {
        let why = Messages.failure(failure)
        return Localized(
            "offline fallback: \(why.english)", "離線備援：\(why.traditional)", "离线备援：\(why.simplified)")
    }

    /// The status line's words for a fallback palette: why the chosen provider failed.
    public static func fallback(_ failure: ProviderFailure) -> Localized {
        UIText.fallback(failure: Messages.failure(failure))
    }
}
