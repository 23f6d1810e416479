import PaletteCore
import PaletteHistory
import PaletteText

// The words for values PaletteApp defines (the clipboard's routes and failures, a file write,
// the export menu's rows and jobs, the theme preview's support, a lineage step), beside the
// catalogues of PaletteText that they extend: every other word a user reads is in PaletteText.

extension UIText {
    static func copied(_ text: String, via routes: [ClipboardRoute]) -> Localized {
        let how = routes.map { route -> String in
            switch route {
            case .terminal: return "OSC 52"
            case .program(let name): return TextSanitizer.clean(name)
            }
        }.joined(separator: " + ")
        return Localized("Copied \(text) (\(how)).", "已複製 \(text)（\(how)）。", "已复制 \(text)（\(how)）。")
    }

    /// After `S`: the share string is long, so the status says what it is and how to read it.
    static func shareCopied(via routes: [ClipboardRoute]) -> Localized {
        let how = routes.map { route -> String in
            switch route {
            case .terminal: return "OSC 52"
            case .program(let name): return TextSanitizer.clean(name)
            }
        }.joined(separator: " + ")
        let words = ImportWords.shareCopied
        return Localized(
            "\(words.english) (\(how)).", "\(words.traditional)（\(how)）。", "\(words.simplified)（\(how)）。")
    }

    static func copyFailed(_ text: String, _ failure: ClipboardFailure) -> Localized {
        switch failure {
        case .noRoute:
            return Localized(
                "Could not copy \(text): no clipboard is available.",
                "無法複製 \(text)：沒有可用的剪貼簿。", "无法复制 \(text)：没有可用的剪贴板。")
        case .tooLongForTerminal(let bytes):
            return Localized(
                "Could not copy \(text): \(grouped(bytes)) bytes is too long for the terminal's clipboard.",
                "無法複製 \(text)：\(grouped(bytes)) 位元組超出終端機剪貼簿的長度上限。",
                "无法复制 \(text)：\(grouped(bytes)) 字节超出终端剪贴板的长度上限。")
        case .programFailed(let name):
            let program = TextSanitizer.clean(name)
            return Localized(
                "Could not copy \(text): \(program) failed.",
                "無法複製 \(text)：\(program) 執行失敗。", "无法复制 \(text)：\(program) 执行失败。")
        }
    }

    static func fileNotWritten(_ failure: FileWriteFailure) -> Localized {
        let path = TextSanitizer.clean(failure.path)
        let why = failure.refusal.map(Messages.fileRefusal) ?? Messages.systemError(failure.code)
        return Localized(
            "Could not save \(path): \(why.english).", "無法儲存 \(path)：\(why.traditional)。",
            "无法保存 \(path)：\(why.simplified)。")
    }

}

extension ExportWords {
    /// A row's summary in the menu, where tailwind's two configs are rows of their own.
    static func menuSummary(_ choice: ExportChoice) -> Localized {
        if let system = choice.system { return SystemViewWords.menuSummary(system) }
        if choice.tailwindV3 { return tailwindV3Summary }
        if choice.format == .tailwind {
            return Localized("Tailwind CSS v4 @theme block", "Tailwind CSS v4 @theme 區塊", "Tailwind CSS v4 @theme 区块")
        }
        return summary(choice.format)
    }
    /// The status line after a write.
    static func written(_ w: ExportWritten) -> Localized {
        let path = TextSanitizer.clean(w.path)
        let what = w.choice.label + (w.choice.group == .theme ? " (\(w.variant.rawValue))" : "")
        return Localized("Wrote \(what) to \(path).", "已將 \(what) 寫入 \(path)。", "已将 \(what) 写入 \(path)。")
    }

    static func jobFailed(_ f: ExportJobFailure) -> Localized {
        switch f {
        case .exists(let path):
            let p = TextSanitizer.clean(path)
            return Localized(
                "\(p) already exists: Enter replaces it, Tab edits the name, Esc keeps it.",
                "\(p) 已存在：按 Enter 取代它，Tab 修改名稱，Esc 保留原檔。",
                "\(p) 已存在：按 Enter 替换它，Tab 修改名称，Esc 保留原文件。")
        case .noFreeName(let path):
            let p = TextSanitizer.clean(path)
            return Localized(
                "\(p) and 98 numbered names beside it are all taken: type another name (Tab).",
                "\(p) 以及旁邊 98 個編號名稱都已被使用：請輸入其他名稱（Tab）。",
                "\(p) 以及旁边 98 个编号名称都已被占用：请输入其他名称（Tab）。")
        case .noFileName(let path):
            let p = TextSanitizer.clean(path)
            return Localized(
                "\(p) names a folder, not a file: add a file name (Tab).",
                "\(p) 是資料夾而不是檔案：請加上檔名（Tab）。", "\(p) 是文件夹而不是文件：请加上文件名（Tab）。")
        case .writeFailed(let failure):
            let p = TextSanitizer.clean(failure.path)
            let why = failure.refusal.map(Messages.fileRefusal) ?? Messages.systemError(failure.code)
            return Localized(
                "Could not write \(p): \(why.english); nothing was changed.",
                "無法寫入 \(p)：\(why.traditional)；沒有任何檔案被更動。",
                "无法写入 \(p)：\(why.simplified)；没有任何文件被改动。")
        }
    }

    static func previewSupportNote(_ support: PreviewSupport) -> Localized {
        switch support {
        case .known:
            return Localized(
                "Your terminal now shows the derived theme; leaving gives it its own colours back.",
                "終端機正顯示衍生的主題；離開時會恢復原本的顏色。", "终端正显示衍生的主题；离开时会恢复原本的颜色。")
        case .unknown:
            return Localized(
                "The derived theme is sent to the terminal; if nothing changed, it cannot set its colours (OSC 4/10/11).",
                "衍生的主題已送給終端機；若畫面沒有變化，表示它無法設定顏色（OSC 4/10/11）。",
                "衍生的主题已发送给终端；若画面没有变化，表示它无法设置颜色（OSC 4/10/11）。")
        case .unsupported(let term):
            let t = TextSanitizer.truncate(TextSanitizer.clean(term), toWidth: 20)
            return Localized(
                "This terminal (TERM=\(t)) cannot set its colours: below are its own, not the theme's.",
                "此終端機（TERM=\(t)）無法設定顏色：下方是它原本的顏色，而不是主題的。",
                "此终端（TERM=\(t)）无法设置颜色：下方是它原本的颜色，而不是主题的。")
        case .noColor:
            return Localized(
                "Colour is off (NO_COLOR): the terminal keeps its own colours; where each colour would go is listed below.",
                "色彩已關閉（NO_COLOR）：終端機保留原本的顏色；各顏色的去向列在下方。",
                "色彩已关闭（NO_COLOR）：终端保留原本的颜色；各颜色的去向列在下方。")
        }
    }
}

extension WorkbenchText {
    /// A change made in the workbench, as a lineage step names it: "swapped 1↔2",
    /// "companion: light", "edited Accent", "repaired Primary", "candidate 2".
    static func change(_ change: HistoryEntry.Change) -> Localized {
        switch change {
        case .swapped(let a, let b):
            return Localized("swapped \(a)↔\(b)", "交換 \(a)↔\(b)", "交换 \(a)↔\(b)")
        case .companion(let ground):
            return ground == .light
                ? Localized("companion: light", "配對：淺色", "配对：浅色")
                : Localized("companion: dark", "配對：深色", "配对：深色")
        case .edited(let role):
            return Localized(
                "edited \(role.label(.english))", "編輯了\(role.label(.traditionalChinese))",
                "编辑了\(role.label(.simplifiedChinese))")
        case .repaired(let role):
            return Localized(
                "repaired \(role.label(.english))", "修正了\(role.label(.traditionalChinese))",
                "修正了\(role.label(.simplifiedChinese))")
        case .candidate(let n):
            return Localized("candidate \(n)", "候選 \(n)", "候选 \(n)")
        }
    }

    /// How a lineage step was made: "refined: “warmer” · kept Primary · variation 2".
    static func how(_ step: LineageStep, _ language: Language) -> String {
        if let id = step.missingID {
            return Localized(
                "an entry no longer in the history (\(id))", "已不在歷史紀錄中的配色（\(id)）",
                "已不在历史记录中的配色（\(id)）")(language)
        }
        return TextSanitizer.clean(step.description) + " · " + made(step.lineage, language)
    }

    /// How a palette was made, without its description: "swapped 1↔2", "refined: “warmer”
    /// · kept Primary", "variation 2"; a history group's member rows show it.
    static func made(_ lineage: HistoryEntry.Lineage, _ language: Language) -> String {
        var parts: [String] = []
        if let image = lineage.image {
            parts.append(ImageAppText.fromImage(TextSanitizer.clean(ImagePath.fileName(image.source)))(language))
        }
        if let change = lineage.change { parts.append(Self.change(change)(language)) }
        if let instruction = lineage.refinement {
            let quoted = TextSanitizer.truncate(TextSanitizer.clean(instruction), toWidth: 32)
            parts.append(Localized("refined: “\(quoted)”", "微調：「\(quoted)」", "微调：“\(quoted)”")(language))
        }
        if !lineage.locked.isEmpty {
            let separator = language == .english ? ", " : "、"
            let roles = lineage.locked.map { $0.label(language) }.joined(separator: separator)
            parts.append(Localized("kept \(roles)", "保留\(roles)", "保留\(roles)")(language))
        }
        if lineage.variation > 0 {
            let n = lineage.variation
            parts.append(Localized("variation \(n)", "第 \(n) 個變化", "第 \(n) 个变化")(language))
        }
        if let seed = lineage.seed {
            parts.append(Localized("seed \(seed)", "種子 \(seed)", "种子 \(seed)")(language))
        }
        if parts.isEmpty {
            // Made from another entry with no refinement and no locks: only a change by hand
            // (an edit, a swap, a companion) makes such an entry.
            parts.append(
                lineage.parent == nil
                    ? Localized("from the description", "由描述生成", "由描述生成")(language)
                    : Localized("changed by hand", "手動調整", "手动调整")(language))
        }
        return parts.joined(separator: " · ")
    }

}
