import PaletteCore

/// One piece of UI text in every language the app speaks.
public struct Localized: Hashable, Sendable {
    public var english: String
    public var traditional: String
    public var simplified: String

    public init(_ english: String, _ traditional: String, _ simplified: String) {
        self.english = english
        self.traditional = traditional
        self.simplified = simplified
    }

    /// Text that reads the same in both Chinese scripts.
    public init(_ english: String, chinese: String) {
        self.init(english, chinese, chinese)
    }

    public func callAsFunction(_ language: Language) -> String {
        switch language {
        case .english: return english
        case .traditionalChinese: return traditional
        case .simplifiedChinese: return simplified
        }
    }
}

/// Every user-facing sentence of the interactive app, so the language is chosen in one place.
///
/// Messages are one sentence each; provider errors are shown as the provider worded them.
enum UIText {
    // MARK: - Screen

    static let descriptionLabel = Localized("Description", chinese: "描述")
    static let generate = Localized("Generate", "生成配色", "生成配色")
    static let generating = Localized("Generating…", chinese: "生成中…")
    static let history = Localized("History", "歷史紀錄", "历史记录")
    static let favoritesOnly = Localized("★ only", "★ 僅收藏", "★ 仅收藏")
    static let filter = Localized("Filter", "篩選", "筛选")
    static let noHistory = Localized("No palettes yet.", "尚無配色。", "尚无配色。")
    static let noMatches = Localized("No matches.", "沒有符合的項目。", "没有符合的项目。")
    static let emptyHint = Localized(
        "Type a description and press Enter.", "輸入描述後按 Enter。", "输入描述后按 Enter。")
    static let offlineFallback = Localized("offline fallback", "離線備援", "离线备援")
    static let approximate = Localized("≈ nearest 256-colour", "≈ 近似 256 色", "≈ 近似 256 色")
    static let monochrome = Localized("no colour", "無色彩", "无色彩")
    static let helpHint = Localized("? help", "? 說明", "? 说明")
    static let keysTitle = Localized("Keys", "按鍵", "按键")
    static let anyKeyCloses = Localized("any key closes", "按任意鍵關閉", "按任意键关闭")
    static let placeholder = Localized("e.g. a quiet forest morning", "例如：寧靜的森林早晨", "例如：宁静的森林早晨")
    /// What Esc does, in the status line's key list.
    static let footerCancel = Localized("cancel", chinese: "取消")
    static let footerClear = Localized("clear", chinese: "清除")

    static func tooSmall(width: Int, height: Int) -> Localized {
        Localized(
            "Terminal too small: \(width)x\(height)",
            "終端機視窗太小：\(width)x\(height)",
            "终端窗口太小：\(width)x\(height)")
    }

    static let tooSmallNeed = Localized(
        "Needs at least \(Layout.minimumWidth)x\(Layout.minimumHeight).",
        "至少需要 \(Layout.minimumWidth)x\(Layout.minimumHeight)。",
        "至少需要 \(Layout.minimumWidth)x\(Layout.minimumHeight)。")

    // MARK: - Messages

    static let emptyDescription = Localized(
        "Type a description first.", "請先輸入描述。", "请先输入描述。")
    static let alreadyGenerating = Localized(
        "A palette is already being generated; Esc cancels it.",
        "正在生成配色；按 Esc 取消。", "正在生成配色；按 Esc 取消。")
    static let escCancels = Localized(
        "Generating; Esc cancels.", "生成中；按 Esc 取消。", "生成中；按 Esc 取消。")
    static let cancelled = Localized("Generation cancelled.", "已取消生成。", "已取消生成。")
    static let noPalette = Localized(
        "No palette to copy yet.", "還沒有可複製的配色。", "还没有可复制的配色。")
    static let nothingToUndo = Localized(
        "Nothing to undo.", "沒有可復原的刪除。", "没有可撤销的删除。")
    static let favoritesOnlyOn = Localized(
        "Showing favourites only.", "只顯示收藏。", "只显示收藏。")
    static let favoritesOnlyOff = Localized(
        "Showing all palettes.", "顯示全部配色。", "显示全部配色。")
    static let usedFromHistory = Localized(
        "Description taken from history; Enter generates.",
        "已從歷史紀錄填入描述；按 Enter 生成。", "已从历史记录填入描述；按 Enter 生成。")

    static func fieldFull(_ capacity: Int) -> Localized {
        Localized(
            "The description is limited to \(grouped(capacity)) characters.",
            "描述最多 \(grouped(capacity)) 個字元。", "描述最多 \(grouped(capacity)) 个字符。")
    }

    static func pasteCut(_ capacity: Int) -> Localized {
        Localized(
            "Pasted text was cut to \(grouped(capacity)) characters.",
            "貼上的文字已截斷為 \(grouped(capacity)) 個字元。", "粘贴的文字已截断为 \(grouped(capacity)) 个字符。")
    }

    static func newPalette(provider: String) -> Localized {
        Localized(
            "New palette from \(provider).", "已由 \(provider) 生成新配色。", "已由 \(provider) 生成新配色。")
    }

    static func fallback(failure: Localized) -> Localized {
        Localized(
            "Offline fallback: \(failure.english)", "離線備援：\(failure.traditional)",
            "离线备援：\(failure.simplified)")
    }

    static func variation(_ n: Int) -> Localized {
        Localized(
            "Generating variation \(n); Esc cancels.", "正在生成第 \(n) 個變化；按 Esc 取消。",
            "正在生成第 \(n) 个变化；按 Esc 取消。")
    }

    static func copied(_ text: String, via: [String]) -> Localized {
        let how = via.joined(separator: " + ")
        return Localized("Copied \(text) (\(how)).", "已複製 \(text)（\(how)）。", "已复制 \(text)（\(how)）。")
    }

    static func copyFailed(_ text: String) -> Localized {
        Localized(
            "Could not copy \(text): no clipboard is available.",
            "無法複製 \(text)：沒有可用的剪貼簿。", "无法复制 \(text)：没有可用的剪贴板。")
    }

    static func historyNotSaved(_ reason: String) -> Localized {
        Localized(
            "History not saved: \(reason)", "未能儲存歷史紀錄：\(reason)", "未能保存历史记录：\(reason)")
    }

    static func historyWarning(_ first: String, more: Int) -> Localized {
        let tail = more > 0 ? " (+\(more))" : ""
        return Localized("History: \(first)\(tail)", "歷史紀錄：\(first)\(tail)", "历史记录：\(first)\(tail)")
    }

    static func deleted(_ description: String) -> Localized {
        Localized(
            "Deleted “\(description)”; u undoes.", "已刪除「\(description)」；按 u 復原。",
            "已删除“\(description)”；按 u 撤销。")
    }

    static func restored(_ description: String) -> Localized {
        Localized("Restored “\(description)”.", "已復原「\(description)」。", "已恢复“\(description)”。")
    }

    static func favoriteOn(_ description: String) -> Localized {
        Localized(
            "Marked “\(description)” as a favourite.", "已將「\(description)」加入收藏。",
            "已将“\(description)”加入收藏。")
    }

    static func favoriteOff(_ description: String) -> Localized {
        Localized(
            "Removed “\(description)” from favourites.", "已將「\(description)」移出收藏。",
            "已将“\(description)”移出收藏。")
    }

    /// `2000` as `2,000`: the thousands separator reads the same in all three languages.
    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return out
    }
}
