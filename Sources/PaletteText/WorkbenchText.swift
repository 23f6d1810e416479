import PaletteCore

/// The workbench's words, in every language the app speaks (the catalogue's workbench part).
public enum WorkbenchText {
    // MARK: - Screen

    public static let lockMark = Localized("locked", "已鎖定", "已锁定")
    public static let refineLabel = Localized("Refine", "微調", "微调")
    public static let refinePlaceholder = Localized(
        "e.g. warmer accent, more muted, a night version", "例如：強調色暖一點、更柔和、夜晚版本",
        "例如：强调色暖一点、更柔和、夜晚版本")
    public static let editLabel = Localized("Edit", "編輯", "编辑")
    public static let hexLabel = Localized("hex", "色碼", "色码")
    public static let candidate = Localized("Candidate", "候選", "候选")
    public static func lineageTitle(_ description: String) -> Localized {
        Localized(
            "How “\(description)” was made (i closes)", "「\(description)」的來歷（按 i 關閉）",
            "“\(description)”的来历（按 i 关闭）")
    }
    static let rationaleFrom = Localized("from: ", "來自：", "来自：")
    /// What a locked colour is credited to: the user's lock, not the description (the words
    /// `generate`'s text form uses for a locked role).
    public static let yourLock = Localized("your lock", "你的鎖定", "你的锁定")

    /// The "from:" line of a role whose colour the user's lock kept.
    public static func rationaleLocked(_ language: Language) -> String {
        rationaleFrom(language) + yourLock(language)
    }

    /// The rationale's words after "from:", listed the way the language lists them.
    public static func rationale(_ words: [String], _ language: Language) -> String {
        rationaleFrom(language) + words.joined(separator: language == .english ? ", " : "、")
    }

    public static func candidateCounter(_ n: Int, of count: Int) -> Localized {
        Localized(
            "Candidate \(n) of \(count)", "候選 \(n)／\(count)", "候选 \(n)／\(count)")
    }

    // MARK: - Messages

    public static let noPaletteToLock = Localized(
        "No palette to lock yet.", "還沒有可鎖定的配色。", "还没有可锁定的配色。")
    public static let noPaletteToEdit = Localized(
        "No palette to edit yet.", "還沒有可編輯的配色。", "还没有可编辑的配色。")
    public static let noPaletteToChange = Localized(
        "No palette to change yet.", "還沒有可變更的配色。", "还没有可变更的配色。")
    public static let noPaletteToRefine = Localized(
        "No palette to refine yet; generate one first.", "還沒有可微調的配色；請先生成。", "还没有可微调的配色；请先生成。")
    public static let lockWhich = Localized(
        "Lock or unlock which colour? 1, 2 or 3.", "要鎖定或解鎖哪一色？按 1、2 或 3。", "要锁定或解锁哪一色？按 1、2 或 3。")
    public static let lockCancelled = Localized(
        "No colour locked or unlocked.", "未鎖定或解鎖任何顏色。", "未锁定或解锁任何颜色。")
    public static let typeHex = Localized(
        "Type #RGB or #RRGGBB.", "輸入 #RGB 或 #RRGGBB。", "输入 #RGB 或 #RRGGBB。")
    public static let hexDigitsOnly = Localized(
        "A hex code takes only 0-9 and A-F.", "色碼只能用 0-9 與 A-F。", "色码只能用 0-9 与 A-F。")
    public static let nothingToRedo = Localized("Nothing to redo.", "沒有可重做的步驟。", "没有可重做的步骤。")
    public static let emptyRefinement = Localized(
        "Say how to change the palette first (e.g. warmer accent).", "請先說明要怎麼改（例如：強調色暖一點）。",
        "请先说明要怎么改（例如：强调色暖一点）。")
    /// After Esc in the refine field: where the focus went back to ("Colour panes").
    public static func refineLeft(_ area: Localized) -> Localized {
        Localized(
            "Refining closed; back to: \(area.english).", "已離開微調；回到：\(area.traditional)。",
            "已离开微调；回到：\(area.simplified)。")
    }
    public static let noCandidateKept = Localized(
        "No candidate kept; the palette is unchanged.", "未保留任何候選；配色未變。", "未保留任何候选；配色未变。")

    public static func locked(_ role: Role, _ color: RGB) -> Localized {
        Localized(
            "\(role.label(.english)) \(color.hex) locked: generating keeps it.",
            "已鎖定\(role.label(.traditionalChinese)) \(color.hex)：生成時保留此色。",
            "已锁定\(role.label(.simplifiedChinese)) \(color.hex)：生成时保留此色。")
    }

    public static func unlocked(_ role: Role) -> Localized {
        Localized(
            "\(role.label(.english)) unlocked.", "已解鎖\(role.label(.traditionalChinese))。",
            "已解锁\(role.label(.simplifiedChinese))。")
    }

    public static func locksPutBack(_ roles: [Role]) -> Localized {
        func list(_ language: Language, _ separator: String) -> String {
            roles.map { $0.label(language) }.joined(separator: separator)
        }
        return Localized(
            "The answer changed locked colours; put back: \(list(.english, ", ")).",
            "回答改動了鎖定的顏色，已還原：\(list(.traditionalChinese, "、"))。",
            "回答改动了锁定的颜色，已还原：\(list(.simplifiedChinese, "、"))。")
    }

    public static func editing(_ role: Role) -> Localized {
        Localized(
            "Editing \(role.label(.english)).", "編輯\(role.label(.traditionalChinese))。",
            "编辑\(role.label(.simplifiedChinese))。")
    }

    public static func edited(_ role: Role, _ color: RGB, name: String) -> Localized {
        Localized(
            "\(role.label(.english)) is now \(color.hex) (\(name)); u undoes.",
            "\(role.label(.traditionalChinese))已改為 \(color.hex)（\(name)）；按 u 復原。",
            "\(role.label(.simplifiedChinese))已改为 \(color.hex)（\(name)）；按 u 撤销。")
    }

    public static func editUnchanged(_ role: Role) -> Localized {
        Localized(
            "\(role.label(.english)) is unchanged.", "\(role.label(.traditionalChinese))未變更。",
            "\(role.label(.simplifiedChinese))未变更。")
    }

    public static func editRestored(_ role: Role, _ color: RGB) -> Localized {
        Localized(
            "\(role.label(.english)) is \(color.hex) again.", "\(role.label(.traditionalChinese))已還原為 \(color.hex)。",
            "\(role.label(.simplifiedChinese))已还原为 \(color.hex)。")
    }

    public static func swapped(_ a: Role, _ b: Role, locksMoved: [(Role, Role)] = []) -> Localized {
        let base = Localized(
            "Swapped \(a.label(.english)) and \(b.label(.english)); u undoes.",
            "已互換\(a.label(.traditionalChinese))與\(b.label(.traditionalChinese))；按 u 復原。",
            "已互换\(a.label(.simplifiedChinese))与\(b.label(.simplifiedChinese))；按 u 撤销。")
        guard !locksMoved.isEmpty else { return base }
        func moves(_ language: Language, _ separator: String) -> String {
            locksMoved.map { "\($0.0.label(language)) → \($0.1.label(language))" }.joined(separator: separator)
        }
        let many = locksMoved.count > 1
        return Localized(
            "Swapped \(a.label(.english)) and \(b.label(.english)); the \(many ? "locks moved" : "lock moved") with \(many ? "their colours" : "its colour") (\(moves(.english, ", "))); u undoes.",
            "已互換\(a.label(.traditionalChinese))與\(b.label(.traditionalChinese))；鎖定隨顏色移動（\(moves(.traditionalChinese, "、"))）；按 u 復原。",
            "已互换\(a.label(.simplifiedChinese))与\(b.label(.simplifiedChinese))；锁定随颜色移动（\(moves(.simplifiedChinese, "、"))）；按 u 撤销。"
        )
    }

    public static func companion(_ ground: CompanionGround, kept: [Role] = []) -> Localized {
        func list(_ language: Language, _ separator: String) -> String {
            kept.map { $0.label(language) }.joined(separator: separator)
        }
        let keptWords =
            kept.isEmpty
            ? Localized("", chinese: "")
            : Localized(
                " Locked \(list(.english, ", ")) kept as \(kept.count == 1 ? "it is" : "they are").",
                "已鎖定的\(list(.traditionalChinese, "、"))保持不變。", "已锁定的\(list(.simplifiedChinese, "、"))保持不变。")
        switch ground {
        case .dark:
            return Localized(
                "Dark companion: same hues, each colour keeps its contrast on a dark ground; m goes back, u undoes.\(keptWords.english)",
                "深色版本：色相不變，每色在深色底上保持原有對比；按 m 返回，按 u 復原。\(keptWords.traditional)",
                "深色版本：色相不变，每色在深色底上保持原有对比；按 m 返回，按 u 撤销。\(keptWords.simplified)")
        case .light:
            return Localized(
                "Light companion: same hues, each colour keeps its contrast on a light ground; m goes back, u undoes.\(keptWords.english)",
                "淺色版本：色相不變，每色在淺色底上保持原有對比；按 m 返回，按 u 復原。\(keptWords.traditional)",
                "浅色版本：色相不变，每色在浅色底上保持原有对比；按 m 返回，按 u 撤销。\(keptWords.simplified)")
        }
    }

    public static let companionAllLocked = Localized(
        "Every colour is locked: no companion made (Space unlocks the selected colour).",
        "所有顏色都已鎖定：未產生對應版本（空白鍵可解鎖選取的顏色）。",
        "所有颜色都已锁定：未生成对应版本（空格键可解锁选中的颜色）。")

    public static let refineAllLocked = Localized(
        "Every colour is locked: nothing to refine (Space unlocks the selected colour).",
        "所有顏色都已鎖定：沒有可調整的顏色（空白鍵可解鎖選取的顏色）。",
        "所有颜色都已锁定：没有可调整的颜色（空格键可解锁选中的颜色）。")

    /// A refinement whose answer is the palette it refined: not "Refined", and why.
    public static func refinedNothing(_ notes: [GenerationNote]) -> Localized {
        let why = notes.first {
            switch $0 {
            case .refinementLocked, .refinementNotUnderstood, .refinementUnchanged: return true
            default: return false
            }
        }
        return Messages.noteSentence(why ?? .refinementUnchanged)
    }

    public static func undone(left: Int) -> Localized {
        Localized(
            "Undone (\(left) more to undo; U redoes).", "已復原（還可復原 \(left) 步；U 重做）。",
            "已撤销（还可撤销 \(left) 步；U 重做）。")
    }

    public static func redone(left: Int) -> Localized {
        Localized(
            "Redone (\(left) more to redo).", "已重做（還可重做 \(left) 步）。", "已重做（还可重做 \(left) 步）。")
    }

    public static func refineHint(_ description: String) -> Localized {
        Localized(
            "Refine “\(description)”: say how, then Enter; Esc goes back.",
            "微調「\(description)」：輸入要怎麼改，按 Enter；Esc 返回。",
            "微调“\(description)”：输入要怎么改，按 Enter；Esc 返回。")
    }

    public static func refined(_ instruction: String, provider: String, notes: [GenerationNote]) -> Localized {
        let name = Messages.providerLabel(provider)
        return UIText.withNotes(
            Localized(
                "Refined: “\(instruction)” (\(name.english)); u undoes.",
                "已微調：「\(instruction)」（\(name.traditional)）；按 u 復原。",
                "已微调：“\(instruction)”（\(name.simplified)）；按 u 撤销。"), notes)
    }

    public static func candidatesShown(_ count: Int, notes: [GenerationNote]) -> Localized {
        UIText.withNotes(
            Localized(
                "\(count) candidates: ←/→ choose, Enter keeps one, Esc keeps none.",
                "\(count) 組候選：←/→ 選擇，Enter 保留，Esc 都不要。", "\(count) 组候选：←/→ 选择，Enter 保留，Esc 都不要。"),
            notes)
    }

    public static func candidateKept(notes: [GenerationNote]) -> Localized {
        UIText.withNotes(Localized("Candidate kept; u undoes.", "已保留候選；按 u 復原。", "已保留候选；按 u 撤销。"), notes)
    }

}
