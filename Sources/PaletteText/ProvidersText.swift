import PaletteCore

/// One row of `palette-tui providers`: what is known about a provider without asking it, and
/// (with `--check`) how it answered. Built by the command; worded here.
public struct ProviderRow: Hashable, Sendable {
    /// Why a provider counts as configured, or what it lacks.
    public enum Configured: Hashable, Sendable {
        /// The offline engine needs nothing.
        case always
        /// A key is in this variable.
        case key(variable: String)
        /// An endpoint is set here (a variable, or `config.toml`).
        case endpoint(source: String)
        /// The settings file has a section for it.
        case section
        /// Not configured: these variables would configure it.
        case missing(variables: [String])
    }

    /// What `--check` found.
    public enum Check: Hashable, Sendable {
        case notChecked
        /// Not asked: it is not configured (no key to ask with).
        case skipped
        /// The server answered with this status, this fast.
        case answered(status: Int, milliseconds: Int)
        /// No answer: why.
        case failed(ProviderFailure.Reason)
    }

    public var provider: String
    public var configured: Configured
    public var endpoint: String?
    public var model: String?
    /// The one the app and `generate` would use.
    public var chosen: Bool
    public var check: Check

    public init(
        provider: String, configured: Configured, endpoint: String?, model: String?, chosen: Bool,
        check: Check = .notChecked
    ) {
        self.provider = provider
        self.configured = configured
        self.endpoint = endpoint
        self.model = model
        self.chosen = chosen
        self.check = check
    }

    public var isConfigured: Bool {
        if case .missing = configured { return false }
        return true
    }
}

extension Messages {
    /// The table `palette-tui providers` prints, and the line saying which is used and how.
    public static func providerTable(_ rows: [ProviderRow], named: Bool, language: Language) -> String {
        func l(_ en: String, _ hant: String, _ hans: String) -> String { Localized(en, hant, hans)(language) }
        let header = [
            l("provider", "提供者", "提供者"), l("configured", "設定", "配置"), l("endpoint", "端點", "端点"),
            l("model", "模型", "模型"),
        ]
        let checking = rows.contains { $0.check != .notChecked }
        var table = [header + (checking ? [l("check", "檢查", "检查")] : [])]
        for row in rows {
            var cells = [
                (row.chosen ? "* " : "  ") + row.provider, configured(row.configured)(language),
                row.endpoint.map {
                    TextSanitizer.truncate(TextSanitizer.clean(URLSecrets.masked($0, endpoint: true)), toWidth: 48)
                } ?? "-",
                row.model.map { TextSanitizer.truncate(TextSanitizer.clean($0), toWidth: 32) } ?? "-",
            ]
            if checking { cells.append(check(row.check)(language)) }
            table.append(cells)
        }
        table[0][0] = "  " + table[0][0]
        let widths = (0..<table[0].count).map { column in table.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        var lines = table.map { cells in
            cells.enumerated().map { i, cell in
                i == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - DisplayWidth.of(cell))
            }.joined(separator: "  ")
        }
        if let chosen = rows.first(where: \.chosen) {
            let name = providerName(chosen.provider)
            if chosen.provider == "offline" || named {
                lines.append(
                    l(
                        "* in use: \(name.english)\(named ? ", as named (no fallback)" : "")",
                        "* 使用中：\(name.traditional)\(named ? "（指定使用，不備援）" : "")",
                        "* 使用中：\(name.simplified)\(named ? "（指定使用，不备援）" : "")"))
            } else {
                lines.append(
                    l(
                        "* in use: \(name.english), the first configured, with the offline engine as fallback",
                        "* 使用中：\(name.traditional)（第一個已設定者），以離線引擎備援",
                        "* 使用中：\(name.simplified)（第一个已配置者），以离线引擎备援"))
            }
        }
        return lines.joined(separator: "\n")
    }

    public static func configured(_ configured: ProviderRow.Configured) -> Localized {
        switch configured {
        case .always: return Localized("always", "一律可用", "始终可用")
        case .key(let variable): return Localized("yes: key in \(variable)", "是：金鑰在 \(variable)", "是：密钥在 \(variable)")
        case .endpoint(let source): return Localized("yes: \(source)", "是：\(source)", "是：\(source)")
        case .section: return Localized("yes: config.toml", "是：config.toml", "是：config.toml")
        case .missing(let variables):
            let list = variables.joined(separator: " / ")
            return Localized("no: set \(list)", "否：請設定 \(list)", "否：请设置 \(list)")
        }
    }

    public static func check(_ check: ProviderRow.Check) -> Localized {
        switch check {
        case .notChecked: return Localized("", chinese: "")
        case .skipped: return Localized("not asked (not configured)", "未詢問（未設定）", "未询问（未配置）")
        case .answered(let status, let ms):
            switch status {
            case 200..<300:
                return Localized("answers (\(ms) ms)", "有回應（\(ms) 毫秒）", "有响应（\(ms) 毫秒）")
            case 401, 403:
                return Localized(
                    "answers, but refuses the key (HTTP \(status))", "有回應，但拒絕金鑰（HTTP \(status)）",
                    "有响应，但拒绝密钥（HTTP \(status)）")
            default:
                return Localized(
                    "answers HTTP \(status): check the endpoint", "回應 HTTP \(status)：請檢查端點",
                    "返回 HTTP \(status)：请检查端点")
            }
        case .failed(let reason):
            switch reason {
            case .timedOut(let seconds):
                let s = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
                return Localized("no answer within \(s) s", "\(s) 秒內無回應", "\(s) 秒内无响应")
            case .connectionRefused:
                return Localized("nothing listening", "沒有服務在監聽", "没有服务在监听")
            case .noNetwork:
                return Localized("cannot reach the host", "無法連線到主機", "无法连接到主机")
            case .tlsFailure:
                return Localized("TLS failed", "TLS 失敗", "TLS 失败")
            case .redirectRefused(let status):
                return Localized(
                    "redirects (HTTP \(status)): set the final URL", "要求重新導向（HTTP \(status)）：請設定最終網址",
                    "要求重定向（HTTP \(status)）：请设置最终网址")
            case .invalidEndpoint:
                return Localized("not a usable URL", "不是可用的網址", "不是可用的网址")
            case .libraryMissing(let library, let package):
                return Localized(
                    "cannot load \(library): install \(package)", "無法載入 \(library)：請安裝 \(package)",
                    "无法加载 \(library)：请安装 \(package)")
            default:
                return Localized("no usable answer", "沒有可用的回應", "没有可用的响应")
            }
        }
    }
}
