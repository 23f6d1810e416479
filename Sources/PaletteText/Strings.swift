import FoundationEssentials
import Glibc
import PaletteCore
import PaletteHistory
import ScreenCore

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
public enum UIText {
    // MARK: - Screen

    public static let descriptionLabel = Localized("Description", chinese: "描述")
    public static let generate = Localized("Generate", "生成配色", "生成配色")
    public static let generating = Localized("Generating…", chinese: "生成中…")
    public static let history = Localized("History", "歷史紀錄", "历史记录")
    public static let favoritesOnly = Localized("★ only", "★ 僅收藏", "★ 仅收藏")
    public static let filter = Localized("Filter", "篩選", "筛选")
    public static let noHistory = Localized("No palettes yet.", "尚無配色。", "尚无配色。")
    public static let noMatches = Localized("No matches.", "沒有符合的項目。", "没有符合的项目。")
    public static let emptyHint = Localized(
        "Type a description and press Enter.", "輸入描述後按 Enter。", "输入描述后按 Enter。")
    public static let offlineFallback = Localized("offline fallback", "離線備援", "离线备援")
    /// A description quoted on screen, with each script's quotation marks.
    public static func quoted(_ text: String) -> Localized { Localized("“\(text)”", "「\(text)」", "“\(text)”") }
    public static let approximate = Localized("≈ nearest 256-colour", "≈ 近似 256 色", "≈ 近似 256 色")
    public static let monochrome = Localized("no colour", "無色彩", "无色彩")
    /// The title row's hint: the help key that works where the focus is (F1 in a text field).
    public static func helpHint(key: String) -> Localized {
        Localized("\(key) help", "\(key) 說明", "\(key) 说明")
    }
    public static let keysTitle = Localized("Keys", "按鍵", "按键")
    public static let anyKeyCloses = Localized("any key closes", "按任意鍵關閉", "按任意键关闭")
    public static let scrollOrClose = Localized(
        "↑/↓ scroll · other keys close", "↑/↓ 捲動 · 其他鍵關閉", "↑/↓ 滚动 · 其他键关闭")
    /// A group's heading repeated at the top of a column it continues into.
    public static func continued(_ heading: String) -> Localized {
        Localized("\(heading) (cont.)", "\(heading)（續）", "\(heading)（续）")
    }
    public static let placeholder = Localized("e.g. a quiet forest morning", "例如：寧靜的森林早晨", "例如：宁静的森林早晨")
    /// What Esc does, in the status line's key list.
    public static let footerCancel = Localized("cancel", chinese: "取消")
    public static let footerClear = Localized("clear", chinese: "清除")

    public static func tooSmall(width: Int, height: Int) -> Localized {
        Localized(
            "Terminal too small: \(width)x\(height)",
            "終端機視窗太小：\(width)x\(height)",
            "终端窗口太小：\(width)x\(height)")
    }

    public static func tooSmallNeed(width: Int, height: Int) -> Localized {
        Localized("Needs at least \(width)x\(height).", "至少需要 \(width)x\(height)。", "至少需要 \(width)x\(height)。")
    }

    // MARK: - Messages

    public static let emptyDescription = Localized(
        "Type a description first.", "請先輸入描述。", "请先输入描述。")
    public static let alreadyGenerating = Localized(
        "A palette is already being generated; Esc cancels it.",
        "正在生成配色；按 Esc 取消。", "正在生成配色；按 Esc 取消。")
    public static let escCancels = Localized(
        "Generating; Esc cancels.", "生成中；按 Esc 取消。", "生成中；按 Esc 取消。")
    public static let cancelled = Localized("Generation cancelled.", "已取消生成。", "已取消生成。")
    public static let noPalette = Localized(
        "No palette to copy yet.", "還沒有可複製的配色。", "还没有可复制的配色。")
    /// A printable key nothing binds in the focused area while the description holds words:
    /// "“i” does nothing in the colour panes; the description is kept (Tab goes to it, ? lists the keys)."
    public static func keyNotUsedHere(_ key: String, area: Localized) -> Localized {
        Localized(
            "“\(key)” does nothing in the \(area.english.lowercased()); the description is kept (Tab goes to it, ? lists the keys).",
            "「\(key)」在「\(area.traditional)」沒有作用；描述保持不變（Tab 前往描述欄，? 列出按鍵）。",
            "“\(key)”在“\(area.simplified)”没有作用；描述保持不变（Tab 前往描述栏，? 列出按键）。")
    }
    /// → on a group of the history: "5 palettes of “calm lake”: ← closes the group."
    public static func groupOpened(_ n: Int, _ description: String) -> Localized {
        Localized(
            "\(n) palettes of “\(description)”: ← closes the group.", "「\(description)」的 \(n) 個配色：← 收合。",
            "“\(description)”的 \(n) 个配色：← 收合。")
    }
    /// d once on a closed group: the question names what goes, the newest of the group only.
    public static func confirmDeleteNewest(_ description: String, of n: Int) -> Localized {
        Localized(
            "Press d again to delete the newest of the \(n) palettes of “\(description)” (the one shown); any other key goes on.",
            "再按一次 d 刪除「\(description)」\(n) 個配色中最新的一個（顯示的那個）；按其他鍵繼續。",
            "再按一次 d 删除“\(description)”\(n) 个配色中最新的一个（显示的那个）；按其他键继续。")
    }
    /// d on a closed group: the palette its row showed (the newest) went; how many are left.
    public static func deletedFromGroup(_ description: String, left: Int) -> Localized {
        Localized(
            "Deleted the newest palette of “\(description)” (\(left) left in its group; → opens it); u undoes.",
            "已刪除「\(description)」最新的配色（此組還有 \(left) 個；→ 展開）；按 u 復原。",
            "已删除“\(description)”最新的配色（此组还有 \(left) 个；→ 展开）；按 u 撤销。")
    }
    public static let confirmQuit = Localized(
        "Press q again to quit; any other key goes on.", "再按一次 q 離開；按其他鍵繼續。", "再按一次 q 退出；按其他键继续。")
    public static let historyEmpty = Localized(
        "The history is empty: generate a palette first.", "歷史紀錄是空的：請先生成配色。", "历史记录是空的：请先生成配色。")
    public static let nothingToUndo = Localized(
        "Nothing to undo.", "沒有可復原的刪除。", "没有可撤销的删除。")
    public static let favoritesOnlyOn = Localized(
        "Showing favourites only.", "只顯示收藏。", "只显示收藏。")
    public static let favoritesOnlyOff = Localized(
        "Showing all palettes.", "顯示全部配色。", "显示全部配色。")
    public static let usedFromHistory = Localized(
        "Description taken from history; Enter generates.",
        "已從歷史紀錄填入描述；按 Enter 生成。", "已从历史记录填入描述；按 Enter 生成。")

    public static func fieldFull(_ capacity: Int) -> Localized {
        Localized(
            "The description is limited to \(grouped(capacity)) characters.",
            "描述最多 \(grouped(capacity)) 個字元。", "描述最多 \(grouped(capacity)) 个字符。")
    }

    public static func pasteCut(_ capacity: Int) -> Localized {
        Localized(
            "Pasted text was cut to \(grouped(capacity)) characters.",
            "貼上的文字已截斷為 \(grouped(capacity)) 個字元。", "粘贴的文字已截断为 \(grouped(capacity)) 个字符。")
    }

    public static func newPalette(provider: String) -> Localized {
        let name = Messages.providerLabel(provider)
        return Localized(
            "New palette from \(name.english).", "已由\(Messages.amidChinese(name.traditional))生成新配色。",
            "已由\(Messages.amidChinese(name.simplified))生成新配色。")
    }

    public static func fallback(failure: Localized) -> Localized {
        Localized(
            "Offline fallback: \(failure.english)", "離線備援：\(failure.traditional)",
            "离线备援：\(failure.simplified)")
    }

    public static func variation(_ n: Int) -> Localized {
        Localized(
            "Generating variation \(n); Esc cancels.", "正在生成第 \(n) 個變化；按 Esc 取消。",
            "正在生成第 \(n) 个变化；按 Esc 取消。")
    }

    public static func fileWritten(_ path: String) -> Localized {
        Localized("Saved \(path).", "已儲存 \(path)。", "已保存 \(path)。")
    }

    /// A new palette's line, with the provider's notes after it.
    public static func newPalette(provider: String, notes: [GenerationNote]) -> Localized {
        withNotes(newPalette(provider: provider), notes)
    }

    /// A sentence with a palette's notes after it, each note in its sentence form (its English
    /// opening written for the start of a sentence): one space between English sentences,
    /// none after Chinese "。".
    public static func withNotes(_ text: Localized, _ notes: [GenerationNote]) -> Localized {
        guard !notes.isEmpty else { return text }
        let sentences = notes.map(Messages.noteSentence)
        return Localized(
            ([text.english] + sentences.map(\.english)).joined(separator: " "),
            ([text.traditional] + sentences.map(\.traditional)).joined(),
            ([text.simplified] + sentences.map(\.simplified)).joined())
    }

    /// A history warning as the status line shows it: the first one, and how many more lines
    /// were skipped, with where each is listed (`palette-tui history` prints every warning).
    public static func historyWarning(_ first: Localized, more: Int) -> Localized {
        let head = Localized(
            "History: \(first.english).", "歷史紀錄：\(first.traditional)。", "历史记录：\(first.simplified)。")
        guard more > 0 else { return head }
        let n = grouped(more)
        let tail = Localized(
            more == 1
                ? " 1 more line was skipped too; palette-tui history lists each."
                : " \(n) more lines were skipped too; palette-tui history lists each.",
            "另有 \(n) 行也已略過；執行 palette-tui history 可逐一列出。", "另有 \(n) 行也已跳过；运行 palette-tui history 可逐一列出。")
        return Localized(
            head.english + tail.english, head.traditional + tail.traditional, head.simplified + tail.simplified)
    }

    /// Typing over the description a palette was made from: it is set aside, not lost.
    public static func newDescription(_ old: String) -> Localized {
        Localized(
            "New description; ↑ brings back “\(old)”.", "新的描述；按 ↑ 取回「\(old)」。",
            "新的描述；按 ↑ 取回“\(old)”。")
    }

    public static func confirmDelete(_ description: String) -> Localized {
        Localized(
            "Press d again to delete “\(description)”; any other key keeps it.",
            "再按一次 d 刪除「\(description)」；按其他鍵保留。", "再按一次 d 删除“\(description)”；按其他键保留。")
    }
    public static func deleted(_ description: String) -> Localized {
        Localized(
            "Deleted “\(description)”; u undoes.", "已刪除「\(description)」；按 u 復原。",
            "已删除“\(description)”；按 u 撤销。")
    }

    public static func restored(_ description: String) -> Localized {
        Localized("Restored “\(description)”.", "已復原「\(description)」。", "已恢复“\(description)”。")
    }

    public static func favoriteOn(_ description: String) -> Localized {
        Localized(
            "Marked “\(description)” as a favourite.", "已將「\(description)」加入收藏。",
            "已将“\(description)”加入收藏。")
    }

    public static func favoriteOff(_ description: String) -> Localized {
        Localized(
            "Removed “\(description)” from favourites.", "已將「\(description)」移出收藏。",
            "已将“\(description)”移出收藏。")
    }

    /// `2000` as `2,000`: the thousands separator reads the same in all three languages.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return out
    }
}

// MARK: - History and files

extension Messages {
    /// The status line's (and the command line's) sentence for a history file that could not be
    /// read. One sentence, with one prefix: the cause below never carries one of its own.
    public static func historyNotRead(_ failure: HistoryFailure) -> Localized {
        if failure.kind == .noLocation { return historyOff(failure) }
        let why = historyCause(failure)
        return Localized(
            "History not read: \(why.english).", "未能讀取歷史紀錄：\(why.traditional)。",
            "未能读取历史记录：\(why.simplified)。")
    }

    /// The sentence for a history change (a new palette, a favourite, a delete) that was not saved.
    public static func historyNotSaved(_ failure: HistoryFailure) -> Localized {
        if failure.kind == .noLocation { return historyOff(failure) }
        let why = historyCause(failure)
        return Localized(
            "History not saved: \(why.english).", "未能儲存歷史紀錄：\(why.traditional)。",
            "未能保存历史记录：\(why.simplified)。")
    }

    /// The sentence for a failure whatever the store was doing: a write's words when it could
    /// not write, a read's otherwise.
    public static func history(_ failure: HistoryFailure) -> Localized {
        switch failure.reason {
        case .noLocation: return historyOff(failure)
        case .system(.write, _, _), .system(.createFolder, _, _): return historyNotSaved(failure)
        case .system(.read, _, _), .notAFolder, .danglingLink, .foreign: return historyNotRead(failure)
        }
    }

    /// The sentence for `history --compact` when the file could not be compacted (it is left as it was).
    public static func historyNotCompacted(_ failure: HistoryFailure) -> Localized {
        if failure.kind == .noLocation { return historyOff(failure) }
        let why = historyCause(failure)
        return Localized(
            "History not compacted: \(why.english).", "未能整理歷史紀錄：\(why.traditional)。",
            "未能整理历史记录：\(why.simplified)。")
    }

    /// What `history --compact` did: how many deleted entries it removed.
    public static func historyCompacted(removed: Int) -> Localized {
        let n = UIText.grouped(removed)
        return Localized(
            "history compacted: \(n) deleted \(removed == 1 ? "entry" : "entries") removed",
            "歷史紀錄已整理：移除了 \(n) 筆已刪除的紀錄", "历史记录已整理：移除了 \(n) 条已删除的记录")
    }

    /// The sentence for a run without history because there is nowhere to keep it.
    static func historyOff(_ failure: HistoryFailure) -> Localized {
        let why = historyCause(failure)
        return Localized(
            "History is off: \(why.english).", "歷史紀錄已停用：\(why.traditional)。", "历史记录已停用：\(why.simplified)。")
    }

    /// Why, as a clause without a prefix or a final stop, naming the path it is about.
    static func historyCause(_ failure: HistoryFailure) -> Localized {
        let file = failure.path.map(TextSanitizer.clean) ?? ""
        switch failure.reason {
        case .noLocation:
            return Localized(
                "neither XDG_STATE_HOME nor HOME is set; set one, or use --history FILE",
                "XDG_STATE_HOME 與 HOME 都沒有設定；請設定其中之一，或使用 --history FILE",
                "XDG_STATE_HOME 与 HOME 都没有设置；请设置其中之一，或使用 --history FILE")
        case .notAFolder(let blocker):
            let path = TextSanitizer.clean(blocker)
            return Localized(
                "\(path) is a file, not a folder; move it or use --history FILE",
                "\(path) 是檔案而不是資料夾；請移走它，或使用 --history FILE",
                "\(path) 是文件而不是文件夹；请移走它，或使用 --history FILE")
        case .danglingLink(let link, let target):
            let from = TextSanitizer.clean(link)
            let to = TextSanitizer.clean(target)
            if from == file {
                return Localized(
                    "\(from) is a link to \(to), which does not exist; create it, remove the link, or use --history FILE",
                    "\(from) 是指向 \(to) 的連結，但目標不存在；請建立它、移除連結，或使用 --history FILE",
                    "\(from) 是指向 \(to) 的链接，但目标不存在；请创建它、删除链接，或使用 --history FILE")
            }
            return Localized(
                "the folder \(from) is a link to \(to), which does not exist; create it, remove the link, or use --history FILE",
                "資料夾 \(from) 是指向 \(to) 的連結，但目標不存在；請建立它、移除連結，或使用 --history FILE",
                "文件夹 \(from) 是指向 \(to) 的链接，但目标不存在；请创建它、删除链接，或使用 --history FILE")
        case .system(let operation, let path, let code):
            let why = systemError(code)
            let subject = TextSanitizer.clean(path)
            if operation == .createFolder {
                return Localized(
                    "cannot create the folder \(subject) (\(why.english))", "無法建立資料夾 \(subject)（\(why.traditional)）",
                    "无法创建文件夹 \(subject)（\(why.simplified)）")
            }
            if subject != file {
                return Localized(
                    "cannot write in the folder \(subject) (\(why.english))", "無法寫入資料夾 \(subject)（\(why.traditional)）",
                    "无法写入文件夹 \(subject)（\(why.simplified)）")
            }
            return Localized(
                "\(subject): \(why.english)", "\(subject)：\(why.traditional)", "\(subject)：\(why.simplified)")
        case .foreign(let evidence):
            let shown: Localized
            switch evidence {
            case .notARegularFile:
                shown = Localized("not a regular file", "不是一般檔案", "不是普通文件")
            case .notJSONObject:
                shown = Localized("it does not start with a JSON object", "不是以 JSON 物件開頭", "不是以 JSON 对象开头")
            case .noRecords(let lines):
                shown = Localized(
                    "none of its first \(UIText.grouped(lines)) lines is a history record",
                    "前 \(UIText.grouped(lines)) 行都不是歷史紀錄", "前 \(UIText.grouped(lines)) 行都不是历史记录")
            }
            return Localized(
                "\(file) is not a palette-tui history file (\(shown.english)) and was left untouched; move it aside or use --history FILE",
                "\(file) 不是 palette-tui 的歷史紀錄檔（\(shown.traditional)），已原樣保留；請移開它，或使用 --history FILE",
                "\(file) 不是 palette-tui 的历史记录文件（\(shown.simplified)），已原样保留；请移开它，或使用 --history FILE")
        }
    }

    /// A skipped line of the history file, as a clause.
    public static func historyWarning(_ warning: HistoryWarning) -> Localized {
        switch warning {
        case .skippedLine(let number, let problem):
            let n = UIText.grouped(number)
            switch problem {
            case .zeroBytes:
                return Localized(
                    "line \(n) holds zero bytes (an interrupted write); skipped and kept in the file",
                    "第 \(n) 行是零位元組（寫入曾中斷）；已略過並保留在檔案中",
                    "第 \(n) 行是零字节（写入曾中断）；已跳过并保留在文件中")
            case .incompleteLastLine:
                return Localized(
                    "line \(n) is an incomplete last line (an interrupted write); skipped and kept in the file",
                    "第 \(n) 行是不完整的最後一行（寫入曾中斷）；已略過並保留在檔案中",
                    "第 \(n) 行是不完整的最后一行（写入曾中断）；已跳过并保留在文件中")
            case .notARecord(let finding):
                let what = historyFinding(finding)
                return Localized(
                    "line \(n) is not a record (\(what.english)); skipped and kept in the file",
                    "第 \(n) 行不是紀錄（\(what.traditional)）；已略過並保留在檔案中",
                    "第 \(n) 行不是记录（\(what.simplified)）；已跳过并保留在文件中")
            }
        case .moreSkipped(let count):
            let n = UIText.grouped(count)
            return Localized(
                "\(n) more unreadable lines skipped and kept in the file", "另有 \(n) 行無法讀取，已略過並保留在檔案中",
                "另有 \(n) 行无法读取，已跳过并保留在文件中")
        }
    }

    /// Why a history line is not a record, naming the field (a JSON key stays as the file
    /// spells it, in ASCII quotes).
    public static func historyFinding(_ finding: HistoryLineFinding) -> Localized {
        switch finding {
        case .notJSON:
            return Localized("not valid JSON", "不是有效的 JSON", "不是有效的 JSON")
        case .notAnObject:
            return Localized("not a JSON object", "不是 JSON 物件", "不是 JSON 对象")
        case .missingField(let name):
            return Localized("missing field \"\(name)\"", "缺少欄位 \"\(name)\"", "缺少字段 \"\(name)\"")
        case .nullField(let name):
            return Localized("\"\(name)\" is null", "\"\(name)\" 為 null", "\"\(name)\" 为 null")
        case .wrongType(let name):
            return Localized("\"\(name)\" has the wrong type", "\"\(name)\" 的型別不對", "\"\(name)\" 的类型不对")
        case .notATime(let name):
            return Localized(
                "\"\(name)\" is not an RFC 3339 time", "\"\(name)\" 不是 RFC 3339 時間", "\"\(name)\" 不是 RFC 3339 时间")
        case .notAColour(let name, let error):
            let why = CommandText.color(error)
            return Localized(
                "\"\(name)\": \(why.english)", "\"\(name)\"：\(why.traditional)", "\"\(name)\"：\(why.simplified)")
        case .unreadable(let name):
            return Localized("\"\(name)\" cannot be read", "無法讀取 \"\(name)\"", "无法读取 \"\(name)\"")
        case .emptyID:
            return Localized("empty \"id\"", "\"id\" 是空的", "\"id\" 是空的")
        case .unknownChange(let name):
            return Localized("unknown change \"\(name)\"", "未知的變更 \"\(name)\"", "未知的变更 \"\(name)\"")
        case .favoriteWithoutValue:
            return Localized(
                "a favourite change without \"favorite\": true or false",
                "收藏變更缺少 \"favorite\": true 或 false", "收藏变更缺少 \"favorite\": true 或 false")
        case .notARecord:
            return Localized("not a history record", "不是歷史紀錄", "不是历史记录")
        }
    }

    /// A system error number (errno) in words: the common ones in every language, others as
    /// the C library says them, with the number.
    public static func systemError(_ code: Int32) -> Localized {
        switch code {
        case EACCES: return Localized("Permission denied", "權限不足", "权限不足")
        case EPERM: return Localized("Operation not permitted", "不允許此操作", "不允许此操作")
        case ENOENT: return Localized("No such file or directory", "沒有這個檔案或資料夾", "没有这个文件或文件夹")
        case EROFS: return Localized("Read-only file system", "檔案系統是唯讀的", "文件系统是只读的")
        case ENOSPC: return Localized("No space left on device", "磁碟空間已滿", "磁盘空间已满")
        case EDQUOT: return Localized("Disk quota exceeded", "磁碟配額已用完", "磁盘配额已用完")
        case EISDIR: return Localized("Is a directory", "這是一個資料夾", "这是一个文件夹")
        case ENOTDIR: return Localized("Not a directory", "路徑中有一部分不是資料夾", "路径中有一部分不是文件夹")
        case ENAMETOOLONG: return Localized("File name too long", "路徑太長", "路径太长")
        case ELOOP: return Localized("Too many levels of symbolic links", "符號連結層數過多", "符号链接层数过多")
        case EIO: return Localized("Input/output error", "輸入／輸出錯誤", "输入／输出错误")
        case EMFILE, ENFILE: return Localized("Too many open files", "開啟的檔案過多", "打开的文件过多")
        case EFBIG: return Localized("File too large", "檔案太大", "文件太大")
        case EPIPE: return Localized("Broken pipe", "管道已中斷", "管道已断开")
        case EBADF: return Localized("Bad file descriptor", "檔案描述子無效", "文件描述符无效")
        default:
            let text = String(cString: strerror(code))
            return Localized("\(text)", "\(text)（錯誤碼 \(code)）", "\(text)（错误码 \(code)）")
        }
    }
}

// MARK: - Starting and ending the app

extension Messages {
    /// The interactive app was given a word it does not take.
    public static func appTakesNoArguments(_ extra: String) -> Localized {
        let word = TextSanitizer.truncate(TextSanitizer.clean(extra), toWidth: 40)
        return Localized(
            "the interactive app takes no arguments (got '\(word)'); to generate from the command line use 'palette-tui generate DESCRIPTION'",
            "互動式程式不接受參數（收到「\(word)」）；要在命令列生成配色，請用 'palette-tui generate 描述'",
            "交互式程序不接受参数（收到“\(word)”）；要在命令行生成配色，请用 'palette-tui generate 描述'")
    }

    /// The loop's wake-up pipe could not be made.
    public static func eventPipeFailed(_ code: Int32) -> Localized {
        let why = systemError(code)
        return Localized(
            "cannot start the interactive app: no pipe for its events (\(why.english))",
            "無法啟動互動式程式：無法建立事件管道（\(why.traditional)）",
            "无法启动交互式程序：无法创建事件管道（\(why.simplified)）")
    }

    /// History or file writes still running when the app had to end.
    public static func pendingWritesTimedOut(seconds: Int) -> Localized {
        Localized(
            "history writes did not finish within \(seconds) seconds; the last palette may not be saved",
            "歷史紀錄在 \(seconds) 秒內未能寫完；最後一組配色可能沒有儲存",
            "历史记录在 \(seconds) 秒内未能写完；最后一组配色可能没有保存")
    }
}

// MARK: - Opening the terminal

/// `TerminalSetupError` (ScreenCore) in English, for tests and for callers that know no language yet.
extension TerminalSetupError: CustomStringConvertible {
    public var description: String { Messages.terminalSetup(self).english }
}

extension Messages {
    /// One sentence: what is wrong with the terminal or an option, and what to do.
    public static func terminalSetup(_ problem: TerminalSetupError) -> Localized {
        switch problem {
        case .invalidChoice(let option, let value, let choices):
            let shown = TextSanitizer.truncate(TextSanitizer.clean(value), toWidth: 40)
            let list = choices.joined(separator: ", ")
            return Localized(
                "invalid value '\(shown)' for \(option); expected one of: \(list)",
                "\(option) 的值「\(shown)」無效；可用的值：\(list)", "\(option) 的值“\(shown)”无效；可用的值：\(list)")
        case .notATerminal:
            return Localized(
                "standard input and output must be a terminal for the interactive app; to print a palette instead, use 'palette-tui generate DESCRIPTION'",
                "互動式程式的標準輸入與輸出都必須是終端機；若只要印出配色，請用 'palette-tui generate 描述'",
                "交互式程序的标准输入与输出都必须是终端；若只要打印配色，请用 'palette-tui generate 描述'")
        case .unknownTerminal(let term):
            if let term, !term.isEmpty {
                let name = TextSanitizer.truncate(TextSanitizer.clean(term), toWidth: 40)
                return Localized(
                    "the terminal type '\(name)' is unknown to ncurses (no terminfo entry); set TERM to one it knows, e.g. xterm-256color, or use 'palette-tui generate'",
                    "ncurses 不認得終端機類型「\(name)」（沒有 terminfo 項目）；請把 TERM 設為它認得的類型，例如 xterm-256color，或使用 'palette-tui generate'",
                    "ncurses 不认识终端类型“\(name)”（没有 terminfo 条目）；请把 TERM 设为它认识的类型，例如 xterm-256color，或使用 'palette-tui generate'"
                )
            }
            return Localized(
                "TERM is not set, so the terminal cannot be driven; set TERM (e.g. xterm-256color) or use 'palette-tui generate'",
                "沒有設定 TERM，無法驅動終端機；請設定 TERM（例如 xterm-256color）或使用 'palette-tui generate'",
                "没有设置 TERM，无法驱动终端；请设置 TERM（例如 xterm-256color）或使用 'palette-tui generate'")
        case .noCursorAddressing(let term):
            let name = TextSanitizer.truncate(TextSanitizer.clean(term), toWidth: 40)
            return Localized(
                "the terminal type '\(name)' cannot move the cursor, which the interactive app needs; use 'palette-tui generate' instead",
                "終端機類型「\(name)」無法移動游標，互動式程式需要這項功能；請改用 'palette-tui generate'",
                "终端类型“\(name)”无法移动光标，交互式程序需要这项功能；请改用 'palette-tui generate'")
        }
    }
}
